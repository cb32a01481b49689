"""--svg and --html (render/export.py): pictures a browser draws as the terminal did (issue 23, items 1-2).

Without a browser: every SVG text run is as wide as its cells (`textLength` = cells × CELL_W, a
wide character two cells), the runs sit where the terminal put the characters (compared with
the terminal's own view, drawn in colour at the same width), the box lines of neighbouring cells
meet, and the exports' legend names the colours the picture uses.  With Debian's chromium
(`.ci/run` installs it where apt works; else the browser tests skip and say why): the pages
and pictures are measured in the browser, the grid's lines and cells lining up.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.cells import cell_len

from qimen_cli.qimen.names import SAN_QI
from qimen_cli.render import export
from qimen_cli.render.labels import labeller

SVG_NS = "{http://www.w3.org/2000/svg}"
AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
GOLDEN = Path(__file__).parent / "golden"

#: Every view that can be saved: name → arguments.
VIEWS = {
    "cast-zh": ("cast", *AT),
    "cast-ko": ("cast", *AT, "--lang", "ko"),
    "cast-en": ("cast", *AT, "--lang", "en", "--explain"),
    "cast-range": ("cast", "--from", "2024-03-05T09:00", "--to", "2024-03-05T15:00", "--tz", "Asia/Shanghai"),
    "noble": ("noble", *AT),
    "twelve-gods": ("twelve-gods", *AT, "--lang", "en"),
    "gucu": ("gucu", *AT),
    "liuren": ("liuren", *AT, "--lang", "ko"),
    "pillars": ("pillars", *AT, "--lang", "en"),
    "chaibu": ("chaibu", *AT, "--explain"),
    "terms": ("terms", "--year", "2024", "--tz", "Asia/Shanghai"),
    "find": ("find", "--from", "2024-03-01", "--to", "2024-03-10", "--tz", "Asia/Shanghai",
             "--where", "cast:玉女守門", "--lang", "en"),
    "patterns": ("patterns",),
    "verify": ("verify", "--text", "004"),
}

#: A terminal in colour, COLUMNS wide: the picture is drawn at the terminal's width.
COLOUR = {"NO_COLOR": "", "FORCE_COLOR": "1", "QIMEN_WORKERS": "1"}
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def save(run_cli, tmp_path, name, width=120, lang_env=None):
    """The view `name` saved as SVG and HTML at `width` columns in colour: (svg text, html text, shown)."""
    svg, page = tmp_path / f"{name}.svg", tmp_path / f"{name}.html"
    r = run_cli(*VIEWS[name], "--svg", str(svg), "--html", str(page),
                env={"COLUMNS": str(width), **COLOUR, **(lang_env or {})})
    assert r.exit_code == 0, (name, r.stderr)
    return svg.read_text(encoding="utf-8"), page.read_text(encoding="utf-8"), r.stdout


def text_runs(svg_text: str):
    """Each `<text>` of the picture: (x, y, textLength, its text, its attributes)."""
    root = ET.fromstring(svg_text)
    return [(float(t.get("x")), float(t.get("y")), float(t.get("textLength")), t.text or "", t.attrib)
            for t in root.iter(SVG_NS + "text")]


def svg_screen(svg_text: str) -> list[str]:
    """The picture's text put back on the terminal's cells (box lines left out: spaces)."""
    rows: dict[int, list[str]] = {}
    for x, y, _length, text, _attrs in text_runs(svg_text):
        row = round((y - export.MARGIN - export.LINE_H * 0.72) / export.LINE_H)
        col = round((x - export.MARGIN) / export.CELL_W)
        line = rows.setdefault(row, [])
        for ch in text:
            line.extend([" "] * (col - len(line)))
            line[col:col + cell_len(ch)] = [ch] + [""] * (cell_len(ch) - 1)
            col += cell_len(ch)
    return ["".join(rows.get(r, [])).rstrip() for r in range(max(rows, default=-1) + 1)]


def terminal_screen(shown: str) -> list[str]:
    """The terminal's view as text, box-drawing characters as spaces, trailing blank lines dropped."""
    lines = [ANSI.sub("", line).rstrip() for line in shown.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return [re.sub("[\u2500-\u257f]", " ", line).rstrip() for line in lines]


def trimmed(lines: list[str]) -> list[str]:
    """`lines` without its blank last lines (a box's bottom line is blank once its lines are spaces)."""
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def page_lines(page: str) -> list[str]:
    """The lines of the page's view as a browser shows them (one block each), tags dropped."""
    lines = re.findall(r'<span class="l">(.*?)</span>(?=<span class="l">|</pre>)', page)
    return [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in lines]


def page_text(page: str) -> str:
    """What a browser shows of the page as text: tags dropped, the style block too."""
    body = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", body))


# --- without a browser ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_svg_text_run_is_as_wide_as_its_cells(name, run_cli, tmp_path):
    """textLength = cells × CELL_W for each run (a wide character two cells), the glyphs fitted to
    it (lengthAdjust), each run starting on a cell, no two runs of a line overlapping."""
    svg_text, _page, _shown = save(run_cli, tmp_path, name)
    runs = text_runs(svg_text)
    assert runs
    taken: dict[float, list[tuple[float, float]]] = {}
    for x, y, length, text, attrs in runs:
        assert text and " " not in text, text
        assert length == cell_len(text) * export.CELL_W, (text, length)
        assert attrs.get("lengthAdjust") == "spacingAndGlyphs"
        assert (x - export.MARGIN) % export.CELL_W == 0
        assert not re.search("[\u2500-\u257f]", text), "box characters are drawn as lines, not text"
        for a, b in taken.get(y, []):
            assert x >= b or x + length <= a, (text, x, y)
        taken.setdefault(y, []).append((x, x + length))


@pytest.mark.parametrize("name", ["cast-zh", "cast-ko", "cast-en", "noble", "gucu", "liuren", "patterns"])
def test_svg_puts_each_character_where_the_terminal_did(name, run_cli, tmp_path):
    """The picture's runs, put back on cells, read as the terminal's own view in colour at the
    same width, line by line (so the grid's columns are the terminal's)."""
    svg_text, page, shown = save(run_cli, tmp_path, name, width=100)
    terminal = trimmed(terminal_screen(shown))
    assert len(terminal) > 20
    assert trimmed(svg_screen(svg_text)) == terminal
    assert trimmed([re.sub("[\u2500-\u257f]", " ", line).rstrip() for line in page_lines(page)]) == terminal


def _arms(svg_text: str) -> dict[tuple[float, float], list[float]]:
    """Each end of a drawn box line that lies on a cell's edge → the stroke widths reaching it."""
    ends: dict[tuple[float, float], list[float]] = {}
    root = ET.fromstring(svg_text)
    for path in root.iter(SVG_NS + "path"):
        width = float(path.get("stroke-width"))
        for _sx, _sy, ex, ey in re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)", path.get("d")):
            ends.setdefault((float(ex), float(ey)), []).append(width)
    return ends


@pytest.mark.parametrize("name", ["cast-zh", "cast-en", "noble", "twelve-gods", "verify"])
def test_svg_box_lines_meet(name, run_cli, tmp_path):
    """Every box character is drawn from its cell's centre to the edges it reaches; where two box
    characters touch, their arms end on the same point with the same weight.  The cast grid:
    its 3×3 palaces are closed by four vertical and four horizontal lines that run through."""
    svg_text, _page, shown = save(run_cli, tmp_path, name)
    screen = [ANSI.sub("", line) for line in shown.split("\n")]
    ends = _arms(svg_text)

    def cells(line):
        col = 0
        for ch in line:
            yield col, ch
            col += cell_len(ch)

    grid = {(row, col): ch for row, line in enumerate(screen) for col, ch in cells(line)}
    checked = 0
    for (row, col), ch in grid.items():
        arms = export.box_arms(ch)
        if not arms:
            continue
        right = export.box_arms(grid.get((row, col + 1), " "))
        if arms[1] and right:
            x = export.MARGIN + (col + 1) * export.CELL_W
            y = export.MARGIN + row * export.LINE_H + export.LINE_H / 2
            assert ends.get((x, y)) == [export.STROKE[arms[1]]] * 2, (row, col, ch)
            checked += 1
        below = export.box_arms(grid.get((row + 1, col), " "))
        if arms[2] and below:
            x = export.MARGIN + col * export.CELL_W + export.CELL_W / 2
            y = export.MARGIN + (row + 1) * export.LINE_H
            assert ends.get((x, y)) == [export.STROKE[arms[2]]] * 2, (row, col, ch)
            checked += 1
    assert checked > 20
    if name.startswith("cast"):
        grid_rows = [r for r, line in enumerate(screen) if line.startswith(("┌", "├", "└"))]
        assert len(grid_rows) == 4  # top, two rules between the rows of palaces, bottom
        columns = [c for c, ch in cells(screen[grid_rows[0]]) if ch in "┌┬┐"]
        assert len(columns) == 4
        for row in range(grid_rows[0], grid_rows[-1] + 1):
            for col in columns:
                assert grid[(row, col)] in "┌┬┐├┼┤└┴┘│", (row, col)


def test_box_characters_are_read_from_their_names():
    assert export.box_arms("┼") == (1, 1, 1, 1)
    assert export.box_arms("┡") == (2, 2, 1, 0)  # DOWN LIGHT AND RIGHT UP HEAVY
    assert export.box_arms("╭") == (0, 1, 1, 0)
    assert export.box_arms("━") == (0, 2, 0, 2)
    assert export.box_arms("┄") is None and export.box_arms("a") is None


CAST = labeller("cast")
COLOUR_WORDS = {lang: CAST("colour_words", lang).split() for lang in ("zh", "ko", "en")}


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_the_exported_legend_names_the_colours_drawn(lang, run_cli, tmp_path):
    """The exports are in colour whatever the terminal (here NO_COLOR and a pipe): their legend has
    the words line and the colour line of the view's language, each colour word drawn in its
    colour, the 三奇 in the yellow the legend names and underlined, the other stems not yellow; the
    words (吉/凶, 〔奇〕) stay in the picture as on the plain terminal (issue 34 item 2), whose
    legend has no colour line."""
    svg, page = tmp_path / "c.svg", tmp_path / "c.html"
    r = run_cli(*VIEWS["cast-zh"], "--lang", lang, "--svg", str(svg), "--html", str(page),
                env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert r.exit_code == 0, r.stderr
    colours, said = CAST("colours", lang), CAST("words", lang)
    assert "〔奇〕" in r.stdout and "".join(said.split()) in r.stdout.replace(" ", "").replace("\n", "")
    assert "".join(colours.split())[:12] not in r.stdout.replace(" ", "")  # no colour, no colour line
    svg_text = svg.read_text(encoding="utf-8")
    screen = "".join(svg_screen(svg_text)).replace(" ", "")
    assert "".join(colours.split()) in screen and "".join(said.split()) in screen
    words = [t for *_, t, _a in text_runs(svg_text)]
    assert "〔奇〕" in "".join(words) and "吉" in words and "凶" in words
    fills = {}
    for *_, text, attrs in text_runs(svg_text):
        fills.setdefault(text, set()).add((attrs["fill"], attrs.get("text-decoration")))
    pal = {name: export.colours(export.Style.parse(name))[0] for name in ("magenta", "green", "red", "yellow")}
    for word, colour in zip(COLOUR_WORDS[lang], ("magenta", "green", "red", "yellow"), strict=True):
        assert any(f == pal[colour] for f, _d in fills[word]), (word, fills[word])
    assert any(f == pal["green"] for f, _d in fills["吉"]) and any(f == pal["red"] for f, _d in fills["凶"])
    for stem in "戊己庚辛壬癸":
        assert all(f != pal["yellow"] for f, _d in fills.get(stem, ())), stem
    qi = [s for s in SAN_QI if s in fills]
    assert qi and all((pal["yellow"], "underline") in fills[s] for s in qi)
    assert "〔奇〕" in page_text(page.read_text(encoding="utf-8"))


def test_the_terminal_tells_the_wonders_without_bold():
    """In a colour terminal the 三奇 are yellow and underlined, the other stems plain: told apart by
    colour and line, not by bold; the legend there says so."""
    import io

    from rich.console import Console
    from rich.style import Style

    from qimen_cli import cast
    from qimen_cli.render.grid import QI_STYLE

    console = Console(file=io.StringIO(), width=100, color_system="truecolor", force_terminal=True, record=True)
    cast("2024-03-05T11:00", tz="Asia/Shanghai").draw(console, "zh")
    styles: dict[str, set[str]] = {}
    from rich.segment import Segment

    for seg in Segment.filter_control(console._record_buffer):
        if len(seg.text) == 1 and seg.text in "甲乙丙丁戊己庚辛壬癸":
            styles.setdefault(seg.text, set()).add(seg.style or Style())
    assert {s for s in SAN_QI if s in styles}
    for stem, found in styles.items():
        if stem in SAN_QI:
            assert found == {Style.parse(QI_STYLE)} and not Style.parse(QI_STYLE).bold
        else:
            assert all(s.color is None and not s.underline for s in found), (stem, found)
    assert CAST("colours", "zh") in console.export_text()


def test_html_is_a_page_with_its_title_and_language(run_cli, tmp_path):
    _svg, page, _shown = save(run_cli, tmp_path, "cast-ko")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="ko">' in page
    assert "<title>qimen cast</title>" in page and '<meta charset="utf-8">' in page
    text = page_text(page)
    assert "범례" in text and "離9" in text and "天乙持衡時" in text  # the legend and patterns as text
    _svg, page, _shown = save(run_cli, tmp_path, "cast-zh")
    assert '<html lang="zh-Hant">' in page


def test_cast_svg_is_xml_with_the_nine_palaces(tmp_path, run_cli):
    svg, page = tmp_path / "chart.svg", tmp_path / "chart.html"
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--svg", str(svg),
                "--html", str(page))
    assert r.exit_code == 0, r.stderr
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    text = "".join(root.itertext())
    for palace in ("坎1", "坤2", "震3", "巽4", "中5", "乾6", "兌7", "艮8", "離9"):
        assert palace in text
    assert "開門" in text and "天心" in text
    assert "離9" in page_text(page.read_text(encoding="utf-8"))


def test_json_and_export_conflict(tmp_path, run_cli):
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--json", "--svg", str(tmp_path / "x.svg"))
    assert r.exit_code == 2 and r.stdout == "" and "--svg" in r.stderr
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--svg", "/nonexistent/dir/x.svg")
    assert r.exit_code == 2 and r.stdout == "" and "/nonexistent/dir" in r.stderr


def test_every_view_exports(tmp_path, run_cli):
    for args in (["noble"], ["twelve-gods"], ["gucu"], ["liuren"], ["chaibu"], ["pillars"]):
        out = tmp_path / f"{args[0]}.svg"
        r = run_cli(*args, "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--svg", str(out))
        assert r.exit_code == 0, (args, r.stderr)
        ET.parse(out)
    out = tmp_path / "terms.svg"
    assert run_cli("terms", "--year", "2024", "--svg", str(out)).exit_code == 0
    assert "立春" in "".join(ET.parse(out).getroot().itertext())


#: Golden exports: name → (view, width).  Regenerate: QIMEN_UPDATE_GOLDEN=1 python -m pytest tests/test_export.py
GOLDEN_EXPORTS = {"cast-80-zh": ("cast-zh", 80), "cast-120-en": ("cast-en", 120), "noble-80-ko": ("noble", 80)}


@pytest.mark.parametrize("name", sorted(GOLDEN_EXPORTS))
def test_golden_exports(name, run_cli, tmp_path):
    view, width = GOLDEN_EXPORTS[name]
    args = VIEWS[view] + (("--lang", "ko") if name.endswith("ko") else ())
    svg, page = tmp_path / "g.svg", tmp_path / "g.html"
    r = run_cli(*args, "--svg", str(svg), "--html", str(page), env={"COLUMNS": str(width), "NO_COLOR": "1"})
    assert r.exit_code == 0, r.stderr
    for suffix, got in (("svg", svg.read_text(encoding="utf-8")), ("html", page.read_text(encoding="utf-8"))):
        path = GOLDEN / f"{name}.{suffix}"
        if os.environ.get("QIMEN_UPDATE_GOLDEN"):
            path.write_text(got, encoding="utf-8")
        assert path.exists(), f"no golden capture {path.name}: run with QIMEN_UPDATE_GOLDEN=1"
        assert got == path.read_text(encoding="utf-8"), f"{path.name} changed; if intended: QIMEN_UPDATE_GOLDEN=1"


# --- in a browser ---------------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no chromium on PATH: the browser checks of --svg/--html need Debian's chromium and fonts-noto-cjk "
           "(.ci/run installs them where apt works)")

#: Appended to a copy of the page: the boxes of its box-drawing characters and of the stretches
#: between them, line by line, written into the DOM for --dump-dom.
HTML_PROBE = """<script>
var WORDS = %s;
var out = {lines: [], boxes: [], stretches: []};
document.querySelectorAll('.qimen-view .l').forEach(function (line, i) {
  var r = line.getBoundingClientRect(); out.lines.push([r.top, r.bottom]);
  line.querySelectorAll(':scope > .b').forEach(function (b) {
    var q = b.getBoundingClientRect(); out.boxes.push([i, q.left, q.right, q.top, q.bottom]); });
  line.querySelectorAll(':scope > .c').forEach(function (c) {
    var q = c.getBoundingClientRect(); out.stretches.push([i, q.left, q.right]); });
});
out.found = WORDS.map(function (w) { window.getSelection().removeAllRanges(); return window.find(w, true); });
out.text = document.querySelector('.qimen-view').innerText;
var d = document.createElement('div'); d.id = 'probe'; d.textContent = JSON.stringify(out);
document.body.appendChild(d);
</script>"""

#: Appended to an SVG picture: each text run's x and length as drawn (its first glyph's start,
#: its last glyph's end, the computed length).
SVG_PROBE = """<script><![CDATA[
var out = [];
Array.prototype.forEach.call(document.querySelectorAll('text'), function (t) {
  var n = t.getNumberOfChars();
  out.push([+t.getAttribute('x'), +t.getAttribute('textLength'), t.getStartPositionOfChar(0).x,
            t.getEndPositionOfChar(n - 1).x, t.getComputedTextLength(), t.textContent]);
});
var d = document.createElementNS('http://www.w3.org/2000/svg', 'desc'); d.setAttribute('id', 'probe');
d.textContent = JSON.stringify(out); document.documentElement.appendChild(d);
]]></script>"""


def in_chromium(path: Path, probe: str, closing: str) -> object:
    """Open a copy of `path` with `probe` before `closing` in headless chromium; the probe's JSON."""
    copy = path.with_suffix(".probe" + path.suffix)
    copy.write_text(path.read_text(encoding="utf-8").replace(closing, probe + closing), encoding="utf-8")
    dom = path.with_suffix(".dom")
    with tempfile.TemporaryDirectory() as profile, open(dom, "w", encoding="utf-8") as f:
        subprocess.run([CHROMIUM, f"--user-data-dir={profile}", "--headless=new", "--no-sandbox", "--disable-gpu",
                        "--dump-dom", "--virtual-time-budget=3000", copy.resolve().as_uri()],
                       stdout=f, stderr=subprocess.PIPE, timeout=180, check=False)
    found = re.search(r'id="probe"[^>]*>(.*?)</', dom.read_text(encoding="utf-8"), re.S)
    assert found, f"chromium drew nothing for {path.name}"
    return json.loads(html.unescape(found.group(1)))


def expected_columns(page: str) -> list[tuple[int, int]]:
    """(line, cell) of each box character of the page, counted from its text."""
    out = []
    lines = re.findall(r'<span class="l">(.*?)</span>(?=<span class="l">|</pre>)', page)
    for i, line in enumerate(lines):
        col = 0
        for m in re.finditer(r'<span class="b x[^"]*">(.*?)</span>|<[^>]+>|([^<]+)', line):
            if m.group(1) is not None:
                out.append((i, col))
                col += 1
            elif m.group(2):
                col += cell_len(html.unescape(m.group(2)))
    return out


@pytest.mark.slow
@needs_chromium
@pytest.mark.parametrize("name", ["cast-zh", "cast-ko", "cast-en", "noble", "gucu"])
def test_html_grid_lines_up_in_chromium(name, run_cli, tmp_path):
    """Every box-drawing character of the page sits on its cell (its column × the cell's width
    from the first), the stretches between them end where the next one starts, and each line
    starts where the one above ends, so the grid's lines meet; the 3×3 grid's cells line up.
    The cast's colour legend and a pattern's name are found by the browser's search and read
    whole in the page's text (what a copy gives)."""
    _svg, page, _shown = save(run_cli, tmp_path, name)
    path = tmp_path / f"{name}.html"
    lang = name[-2:] if name.startswith("cast") else None
    words = [CAST("colours", lang), "天乙持衡時"] if lang else []
    got = in_chromium(path, HTML_PROBE % json.dumps(words, ensure_ascii=False), "</body>")
    assert got["found"] == [True] * len(words)
    assert all(w in got["text"] for w in words)
    want = expected_columns(page)
    assert len(got["boxes"]) == len(want) > 20
    cw = export.HTML_CELL_PX
    x0 = got["boxes"][0][1] - want[0][1] * cw
    for (line, col), (i, left, right, top, bottom) in zip(want, got["boxes"], strict=True):
        assert i == line
        assert abs(left - (x0 + col * cw)) < 0.5 and abs(right - left - cw) < 0.5, (line, col, left)
        assert abs(top - got["lines"][i][0]) < 0.5 and abs(bottom - got["lines"][i][1]) < 0.5
    for (top, _b), (_t, bottom) in zip(got["lines"][1:], got["lines"], strict=False):
        assert abs(top - bottom) < 0.5
    for i, left, right in got["stretches"]:
        assert abs((left - x0) / cw - round((left - x0) / cw)) < 0.05 and abs((right - x0) / cw - round((right - x0) / cw)) < 0.05, (i, left, right)
    if name.startswith("cast"):
        verticals: dict[int, set[float]] = {}
        for i, left, *_ in got["boxes"]:
            verticals.setdefault(i, set()).add(round(left, 1))
        grid_lines = [i for i, xs in verticals.items() if len(xs) == 4]  # the 3×3 grid: four lines a row
        assert len(grid_lines) >= 3 * 6
        assert len({frozenset(verticals[i]) for i in grid_lines}) == 1


@pytest.mark.slow
@needs_chromium
@pytest.mark.parametrize("name", ["cast-zh", "cast-ko", "cast-en", "twelve-gods"])
def test_svg_runs_keep_their_width_in_chromium(name, run_cli, tmp_path):
    """Drawn by chromium, each text run starts at its x and is as long as its cells, to half a pixel."""
    save(run_cli, tmp_path, name)
    got = in_chromium(tmp_path / f"{name}.svg", SVG_PROBE, "</svg>")
    assert len(got) > 50
    for x, length, start, end, computed, text in got:
        assert abs(computed - length) < 0.5, (text, computed, length)
        assert abs(start - x) < 0.5 and abs(end - (x + length)) < 0.5, (text, start, end, x, length)
