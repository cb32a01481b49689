"""`qimen web` in a real browser: Debian's chromium driven by selenium through Debian's chromedriver
(nothing downloaded at test time; `.ci/run` installs them where apt works, else these skip and say why).

The page loads a chart from its address, steps ±1 時辰 and a day, follows its own share link to the
same chart, shows the command line's message beside a bad field, opens every art (the tabs are the
arts' records), runs a find; no request leaves the server; every field has a label; the text keeps
4.5:1 in light and dark; at 390 px the page does not scroll sideways.  Screenshots at phone and
desktop widths in each language are written to $QIMEN_WEB_SHOTS (default: the test's tmp folder);
the ones looked at are kept in tests/golden/web/ (not compared pixel by pixel: fonts differ by machine).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")

from test_web import server  # noqa: E402,F401  (the fixture)

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                       reason="no chromium/chromedriver on PATH: the browser tests need Debian's chromium and "
                              "chromium-driver (apt-get install chromium chromium-driver fonts-noto-cjk)"),
]

CHART = "?art=cast&at=2024-03-05T11:00&tz=Asia/Shanghai"


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1600",
                "--no-first-run", "--disable-extensions", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(120)
    yield driver
    driver.quit()


def ready(driver, url: str) -> None:
    """Load `url` and wait for the page to have drawn what its address asks."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url)
    WebDriverWait(driver, 120).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))


def settled(driver) -> None:
    """Wait for the page's answer (its status line cleared)."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 120).until(lambda d: d.execute_script("return document.getElementById('status').textContent === ''"
                                                                " || document.getElementById('status').textContent.length < 4"))


def chart_text(driver) -> str:
    return driver.execute_script("return document.getElementById('chart').innerText")


def requests(driver) -> list[str]:
    """The URLs the page asked for since the last call (chromium's performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def test_the_chart_steps_and_its_link(browser, server):  # noqa: F811
    from selenium.webdriver.common.by import By

    ready(browser, server + "/" + CHART + "&lang=en")
    text = chart_text(browser)
    assert "戊午時" in text and "天心" in text
    browser.find_element(By.ID, "next_hour").click()
    settled(browser)
    assert browser.find_element(By.ID, "f-at").get_attribute("value").startswith("2024-03-05T13:00")
    assert "己未時" in chart_text(browser)
    browser.find_element(By.ID, "prev_day").click()
    settled(browser)
    assert browser.find_element(By.ID, "f-at").get_attribute("value").startswith("2024-03-04T13:00")
    assert "丁卯日" in chart_text(browser)
    link, drawn = browser.current_url, chart_text(browser)
    assert "at=2024-03-04T13%3A00" in link and "tz=Asia%2FShanghai" in link
    ready(browser, link)
    assert chart_text(browser) == drawn  # the share link gives the same chart
    # an option changed: in the address, and the chart changes with it
    from selenium.webdriver.support.ui import Select

    browser.find_element(By.ID, "more").click()
    Select(browser.find_element(By.ID, "f-method")).select_by_value("chaibu")
    browser.find_element(By.ID, "show").click()
    settled(browser)
    assert "method=chaibu" in browser.current_url and chart_text(browser) != drawn
    outside = [u for u in requests(browser) if not u.startswith((server, "data:"))]  # (data: the browser's own icons)
    assert outside == [], "a request left the server"


def test_a_bad_field_shows_the_command_lines_line(browser, server):  # noqa: F811
    from selenium.webdriver.common.by import By

    ready(browser, server + "/" + CHART)
    tz = browser.find_element(By.ID, "f-tz")
    tz.clear()
    tz.send_keys("Mars/Olympus")
    browser.find_element(By.ID, "show").click()
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 60).until(lambda d: d.find_element(By.ID, "f-tz-error").is_displayed())
    line = browser.find_element(By.ID, "f-tz-error").text
    assert line.startswith("Invalid value for '--tz'") and "Mars/Olympus" in line
    assert tz.get_attribute("aria-invalid") == "true"


def test_every_art_is_one_click_away(browser, server):  # noqa: F811
    from selenium.webdriver.common.by import By

    from qimen_cli.arts import records

    ready(browser, server + "/" + CHART)
    tabs = [t.get_attribute("data-art") for t in browser.find_elements(By.CSS_SELECTOR, "[role=tab]")]
    assert tabs == [r.name for r in records()] + ["find"]
    for name in tabs[1:-1]:
        browser.find_element(By.ID, f"tab-{name}").click()
        settled(browser)
        assert browser.find_element(By.ID, "f-at").get_attribute("value").startswith("2024-03-05T11:00"), name
        assert len(chart_text(browser)) > 100 and not browser.find_element(By.ID, "error").is_displayed(), name
        assert f"art={name}" in browser.current_url
    # the keyboard: arrows move along the tabs
    first = browser.find_element(By.ID, f"tab-{tabs[0]}")
    first.click()
    settled(browser)
    from selenium.webdriver.common.keys import Keys

    first.send_keys(Keys.ARROW_RIGHT)
    settled(browser)
    assert browser.switch_to.active_element.get_attribute("data-art") == tabs[1]
    unlabelled = browser.execute_script(
        "return [...document.querySelectorAll('input, select, textarea')].filter(e => e.type !== 'hidden' && "
        "!e.labels.length && !e.getAttribute('aria-label')).map(e => e.id)")
    assert unlabelled == []


def test_find_in_the_page(browser, server):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    ready(browser, server + "/?art=find&start=2024-03-01&end=2024-03-03&tz=Asia/Shanghai&where=cast%3A%E4%B8%89%E5%A5%87%E5%BE%97%E4%BD%BF")
    WebDriverWait(browser, 120).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#windows > li"))
    items = browser.find_elements(By.CSS_SELECTOR, "#windows > li")
    assert len(items) == 1 and "2024-03-01T11:00:00+08:00" in items[0].text
    assert browser.find_element(By.ID, "ics").get_attribute("href").startswith(server + "/ics?")
    outside = [u for u in requests(browser) if not u.startswith((server, "data:"))]  # (data: the browser's own icons)
    assert outside == [], "a request left the server"


CONTRAST = """
function lum(c) { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => { v /= 255;
  return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; }
function bg(e) { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
  if (c && !c.startsWith('rgba(0, 0, 0, 0)') && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; }
const out = [];
for (const e of document.querySelectorAll('label, .hint, button, a, summary, h1, h2, select, input, .error, #windows li')) {
  if (!e.offsetParent && e.tagName !== 'BODY') continue;
  if (e.closest('.qimen-view')) continue;
  const a = lum(getComputedStyle(e).color), b = lum(bg(e));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) out.push([e.id || e.tagName, getComputedStyle(e).color, bg(e), ratio]);
}
return out;
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_text_keeps_its_contrast(browser, server, scheme):  # noqa: F811
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        ready(browser, server + "/" + CHART)
        browser.execute_script("document.querySelectorAll('.error').forEach(e => { e.hidden = false; e.textContent = 'x'; })")
        assert browser.execute_script(CONTRAST) == []
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_in_each_language(browser, server, width, tmp_path):  # noqa: F811
    shots = Path(os.environ.get("QIMEN_WEB_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 1400, "deviceScaleFactor": 1, "mobile": width < 600})
    try:
        for lang, html in (("zh", "zh-Hant"), ("ko", "ko"), ("en", "en")):
            ready(browser, server + "/" + CHART + f"&lang={lang}")
            assert browser.execute_script("return document.documentElement.lang") == html
            sideways = browser.execute_script("return document.documentElement.scrollWidth")
            assert sideways <= width, f"{lang} at {width}px scrolls sideways ({sideways}px)"
            browser.save_screenshot(str(shots / f"web-{lang}-{width}.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
