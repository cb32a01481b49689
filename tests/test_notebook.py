"""A Result and a Stream in Jupyter (issue 32 item 1), tried in a real kernel: a notebook run
headless (nbclient, the kernel of ipykernel), its outputs read back.

A chart displays once (one output: HTML and plain text of one drawing, none of rich's own
outputs), in a box of its own (its background and styles inline and scoped, so a theme's
`pre` rules cannot reach it) whose colours keep 4.5:1 against it; a range shows its first
rows and how many instants it holds, not the range."""

from __future__ import annotations

import html as _html
import re

import pytest

import qimen_cli

CELLS = [
    "import qimen_cli",
    'chart = qimen_cli.cast("2024-03-05T11:00", tz="Asia/Shanghai")\nchart',
    'qimen_cli.cast(start="2024-03-01", end="2024-03-31", tz="+08:00")',
    'qimen_cli.terms(2024, tz="UTC")',
    'qimen_cli.cast(start="2024-03-01", end="2024-03-10", tz="+08:00", where=["玉女守門"])',
    'next(qimen_cli.terms(2024, tz="UTC"))',
]


def notebook():
    nbformat = pytest.importorskip("nbformat", reason="the notebook test needs nbformat (the test extra)")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    return nb


@pytest.fixture(scope="module")
def ran():
    nbclient = pytest.importorskip("nbclient", reason="the notebook test needs nbclient (the test extra)")
    pytest.importorskip("ipykernel", reason="the notebook test needs ipykernel (the test extra)")
    nb = notebook()
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    return nb


def luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def blend(fg: str, bg: str, alpha: float) -> str:
    """`fg` at `alpha` over `bg` (a dim span: opacity 0.62)."""
    parts = [round(int(fg[i:i + 2], 16) * alpha + int(bg[i:i + 2], 16) * (1 - alpha)) for i in (1, 3, 5)]
    return "#" + "".join(f"{p:02x}" for p in parts)


@pytest.mark.slow
def test_a_chart_displays_once_from_one_drawing(ran):
    outputs = ran.cells[1].outputs
    assert [o.output_type for o in outputs] == ["execute_result"]  # no stray display_data from rich
    data = outputs[0].data
    assert set(data) == {"text/html", "text/plain"}
    html, text = data["text/html"], data["text/plain"]
    assert html.startswith('<div class="qimen-nb"><style>') and "天心" in html and "天心" in text
    assert "時家奇門" in text and "<qimen_cli.Result" not in text
    # one drawing: the HTML's text is the plain text, line for line
    shown = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    lines = [re.sub(r"<[^>]+>", "", line) for line in re.findall(r'<span class="l">(.*?)</span>(?=<span class="l">|</pre>)', shown)]
    assert [_html.unescape(line).rstrip() for line in lines] == [line.rstrip() for line in text.splitlines()]


@pytest.mark.slow
def test_the_kernels_html_is_the_results(ran):
    html = ran.cells[1].outputs[0].data["text/html"]
    assert html == qimen_cli.cast("2024-03-05T11:00", tz="Asia/Shanghai")._repr_mimebundle_()["text/html"]


def test_the_chart_keeps_its_own_box_and_contrast():
    """Its box inline on the `<pre>` and in a style more specific than a notebook's `pre` rules
    (JupyterLab's `.jp-RenderedHTMLCommon pre` gives a pre its theme's background); every
    coloured run ≥ 4.5:1 against what is under it (a dim one blended at its opacity)."""
    html = qimen_cli.cast("2024-03-05T11:00", tz="Asia/Shanghai")._repr_html_()
    from qimen_cli.render.export import PALETTE

    pre = re.search(r'<pre class="qimen-view" style="([^"]+)"', html).group(1)
    bg = re.search(r"background:(#[0-9a-f]{6})", pre).group(1)  # the box's own, under every run
    assert "white-space:pre" in pre and "color:" in pre
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert ".qimen-nb pre.qimen-view {" in style and "!important" in style
    seen = set()
    for attrs, classes in ((m.group(2) or "", m.group(1) or "") for m in
                           re.finditer(r'<span(?: class="([^"]*)")?(?: style="([^"]*)")?>', html)):
        colour = re.search(r"(?<![-\w])color:(#[0-9a-f]{6})", attrs)
        back = re.search(r"background-color:(#[0-9a-f]{6})", attrs)
        if colour is None:
            continue
        fg, under = colour.group(1), back.group(1) if back else bg
        if "d" in classes.split():
            fg = blend(fg, under, 0.62)
        seen.add(colour.group(1))
        assert contrast(fg, under) >= 4.5, (fg, under, contrast(fg, under))
    yellow = PALETTE.ansi_colors[3].hex
    assert yellow in seen and any(contrast(c, bg) >= 4.5 and c in (PALETTE.ansi_colors[2].hex, PALETTE.ansi_colors[10].hex)
                                  for c in seen | {PALETTE.ansi_colors[2].hex})


@pytest.mark.slow
def test_a_range_shows_a_preview_and_its_length(ran):
    for cell, caption, rows in ((2, "共 372 時刻，此列前 5", 5), (4, "120 時刻中合所求者，此列前 5", 5), (3, "此列前 5，其後尚有", 5)):
        outputs = ran.cells[cell].outputs
        assert [o.output_type for o in outputs] == ["execute_result"]
        text = outputs[0].data["text/plain"]
        assert text.rstrip().endswith(caption), text[-200:]
        assert len(re.findall(r"^│ 2024-\d\d-\d\d", text, re.M)) == rows or cell == 3
        assert "<div" in outputs[0].data["text/html"]
    assert len(ran.cells[2].outputs[0].data["text/plain"]) < 5000  # not the month


@pytest.mark.slow
def test_an_answer_without_a_view_is_its_repr(ran):
    (out,) = ran.cells[5].outputs
    assert set(out.data) == {"text/plain"} and out.data["text/plain"].startswith("<qimen_cli.Result terms")


def test_the_plain_text_is_the_view():
    chart = qimen_cli.cast("2024-03-05T11:00", tz="Asia/Shanghai")

    class Printer:
        def __init__(self):
            self.out = []

        def text(self, s):
            self.out.append(s)

    p = Printer()
    chart._repr_pretty_(p, False)
    assert p.out[0] == chart._repr_mimebundle_()["text/plain"] and "時家奇門" in p.out[0]
    assert repr(chart).startswith("<qimen_cli.Result cast")  # a short repr in lists and logs


def test_a_preview_leaves_the_stream_unread():
    stream = qimen_cli.pillars(start="2024-03-01", end="2024-03-31", tz="+08:00")
    text = stream._repr_mimebundle_()["text/plain"]
    assert text.endswith("共 372 時刻，此列前 5") and len(re.findall(r"^│ 2024-03-01", text, re.M)) == 5
    assert next(stream).to_dict()["input"]["local"] == "2024-03-01T00:00:00+08:00"
    assert stream.count() == 372 and len(stream.to_list()) == 371
    few = qimen_cli.pillars(start="2024-03-01T00:00", end="2024-03-01T04:00", tz="+08:00")
    assert few._repr_mimebundle_()["text/plain"].endswith("共 3 時刻")
