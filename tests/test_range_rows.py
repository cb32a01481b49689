"""Range tables that stream (render/rows.py, render/table.py, cli/run.py `table`, `find`'s table):
rows printed as they come in widths fixed before the first, bounded memory and a quick end on a
closed pipe, the key of the + / − marks, one line for a range without rows."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.text import Span, Text

from conftest import DEFAULT_ENV, invoke
from qimen_cli.render.labels import labeller
from qimen_cli.render.rows import Column, RowTable, breaks, layout, run_unit

t = labeller("range")
SH = ("--tz", "Asia/Shanghai")
DAY = ("--from", "2024-03-05T09:00", "--to", "2024-03-05T15:00", *SH)


# --- the key of the marks, the line of an empty range ------------------------------------


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_a_table_of_charts_opens_with_the_key_of_its_marks(lang):
    """The patterns column marks 吉 patterns + and 凶 patterns − (render/table.py VERDICT_MARK):
    the first line says so, in the view's language."""
    r = invoke("cast", *DAY, "--lang", lang)
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == t("marks", lang)
    assert "+" in lines[0] and "−" in lines[0]
    assert any("+" in line for line in lines[1:]) and any("−" in line for line in lines[1:])


def test_a_table_without_marks_has_no_key():
    r = invoke("pillars", *DAY)
    assert t("marks", "zh") not in r.stdout and r.stdout.startswith("┏")


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_a_range_without_rows_is_one_line(lang):
    """伏吟 needs the 直符 on its own palace: not in these hours (the table of the same hours
    shows none), so the range has no row and says so in one line, as find does."""
    assert "伏吟" not in invoke("cast", *DAY).stdout
    r = invoke("cast", *DAY, "--where", "伏吟", "--lang", lang)
    assert r.exit_code == 0, r.stderr
    from qimen_cli.render.table import none_text

    assert r.stdout == none_text(lang, "2024-03-05T09:00 … 2024-03-05T15:00", ("伏吟",)) + "\n"
    assert "伏吟" in r.stdout and "2024-03-05T09:00" in r.stdout


def test_the_line_of_an_empty_range_words_it_as_find_does():
    find = labeller("find")
    assert t("none_where", "en").replace("instant", "時辰") == find("none", "en")
    assert t("none_where", "zh").replace("時刻", "時辰") == find("none", "zh")


# --- layout and wrapping ------------------------------------------------------------------

WORDS = st.lists(st.sampled_from(["甲子", "三奇得使+", "2024-03-05", "11:00+08:00", "a", "陽遁1局", "—", "天乙持衡時+",
                                  "three", "transmissions"]), min_size=0, max_size=12)


@given(WORDS, st.integers(min_value=1, max_value=40))
def test_breaks_fit_the_width_and_keep_every_word_that_fits(words, width):
    text = " ".join(words)
    lines = [text[a:b] for a, b in breaks(text, width)]
    assert all(cell_len(line) <= width or len(line) == 1 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    whole = {w for w in words if cell_len(w) <= width}
    pieces = {piece for line in lines for piece in line.split()}
    assert whole <= pieces


@given(st.lists(st.tuples(st.one_of(st.none(), st.integers(1, 40)), st.integers(1, 14), st.integers(1, 14)),
                min_size=1, max_size=8), st.integers(min_value=20, max_value=200))
def test_layout_fits_the_width_and_keeps_the_runs(specs, width):
    columns = [Column("h", widest, max(whole, unit), unit) for widest, whole, unit in specs]
    widths = layout(columns, width)
    if widths is None:
        assert sum(max(c.unit, 1) for c in columns) > width - 1 - 3 * len(columns)
        return
    assert sum(widths) + 1 + 3 * len(columns) <= width
    assert all(w >= c.unit for w, c in zip(widths, columns, strict=True))


def _table(width: int, **console) -> tuple[RowTable, io.StringIO]:
    out = io.StringIO()
    c = Console(file=out, width=width, color_system=None, **console)
    return RowTable(c, [Column("time", 16, 10), Column("patterns", None, 6)]), out


def test_a_row_is_written_when_it_is_given_on_a_terminal():
    table, out = _table(60, force_terminal=True)
    assert out.getvalue() == ""
    table.row(["2024-03-05 09:00", "三奇得使+ 迫−"])
    first = out.getvalue()
    assert "2024-03-05 09:00" in first and first.startswith("┏")
    table.row(["2024-03-05 11:00", "奇格"])
    assert out.getvalue().startswith(first) and "奇格" in out.getvalue()[len(first):]
    table.close()
    lines = out.getvalue().splitlines()
    assert lines[-1].startswith("└") and {cell_len(line) for line in lines} == {cell_len(lines[0])}


def test_in_a_pipe_rows_go_out_in_whole_lines_a_few_kilobytes_at_a_time():
    """In a pipe the rows are gathered (FLUSH_BYTES) and written together: never more than that
    waits, and what was written ends with a whole line."""
    from qimen_cli.render.rows import FLUSH_BYTES

    table, out = _table(60)
    table.flushed += 3600  # no write for the time that passed
    table.row(["2024-03-05 09:00", "奇格"])
    assert out.getvalue() == ""
    n = 1
    while not out.getvalue():
        table.row([f"2024-03-05 {n % 24:02d}:00", "奇格"])
        n += 1
    assert n < FLUSH_BYTES // 60 + 5 and out.getvalue().endswith("│\n")


def test_the_heading_comes_again_every_screen_on_a_terminal_only():
    table, out = _table(60, force_terminal=True, height=12)
    for i in range(20):
        table.row([f"2024-03-05 {i:02d}:00", "奇格"])
    assert out.getvalue().count("┃ time") == 3  # 20 rows, 9 a screen of 12 lines
    table, out = _table(60)
    for i in range(20):
        table.row([f"2024-03-05 {i:02d}:00", "奇格"])
    table.close()
    assert out.getvalue().count("┃ time") == 1


def _chart_table(width: int, **console) -> tuple[RowTable, io.StringIO]:
    out = io.StringIO()
    c = Console(file=out, width=width, **{"color_system": None, **console})
    return RowTable(c, [Column("time", 16, 10), Column("pillars", 19, 4, 2), Column("ju", 12, 7),
                        Column("patterns", None, 6)]), out


_TAILS = [("陽遁1局 上元", Text("三奇得使+ 迫− 奇格 玉女守門+ 遊三避五+ 刑德開闔", spans=[Span(0, 5, "green"), Span(6, 8, "red")])),
          ("陰遁9局 下元", "奇格"), ("陽遁3局 中元", Text("")), ("陽遁3局 中元", "伏吟− 天網四張−\n白虎猖狂−")]


@pytest.mark.parametrize("width", [160, 80, 60, 44, 30])
@pytest.mark.parametrize("console", [{}, {"force_terminal": True, "height": 9}, {"color_system": "truecolor"},
                                     {"record": True}], ids=["pipe", "terminal", "colour", "record"])
def test_a_row_with_a_tail_is_the_row_given_whole(width, console):
    """`RowTable.row(cells, tail)`: the tail's lines laid out once per tuple, the rows the same as
    the cells given whole (heads of one line and of several, narrow tables, stacked rows,
    headings again on a terminal, colours, a console that records)."""
    whole, out_whole = _chart_table(width, **console)
    parts, out_parts = _chart_table(width, **console)
    heads = [["2024-03-05 09:00", "甲辰 丁卯 庚子 辛巳"], ["2024-03-05 11:00", "甲辰 丁卯 庚子 壬午 癸未 甲申"],
             ["2024-03-05 13:00", "甲辰\n丁卯"], ["2024-03-05 15:00 and later", Text("甲辰 丁卯", style="bold")]]
    for i in range(24):
        head, tail = heads[i % len(heads)], _TAILS[i % len(_TAILS)]
        whole.row([*head, *tail])
        parts.row(list(head), tail)
    whole.close()
    parts.close()
    assert out_parts.getvalue() == out_whole.getvalue() and out_whole.getvalue().count("2024-03-05") == 24
    if console.get("record"):
        assert parts.console.export_text(styles=True) == whole.console.export_text(styles=True)
    with pytest.raises(ValueError):
        parts.row(["2024-03-05 17:00"], ("陽遁1局 上元",))


def test_a_range_table_can_still_be_saved(tmp_path):
    svg = tmp_path / "range.svg"
    r = invoke("pillars", *DAY, "--svg", str(svg))
    assert r.exit_code == 0, r.stderr
    assert "2024-03-05 11:00" in r.stdout
    assert "2024-03-05" in svg.read_text(encoding="utf-8") and "共" in svg.read_text(encoding="utf-8")


# --- a century piped to head: a real process ------------------------------------------------

#: What a process may hold reading a century row by row: the interpreter, the tables and a
#: screenful of rows (the whole century's rows took about 2 GB).
BOUND_KB = 200_000

CHILD = """
import resource, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
lines = [p.stdout.readline() for _ in range(40)]
p.stdout.close()
try:
    code = p.wait(timeout=240)
except subprocess.TimeoutExpired:
    p.kill()
    code = "running"
print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, sum(1 for line in lines if line.strip()))
print(p.stderr.read().decode("utf-8", "replace"))
"""


@pytest.mark.parametrize("args", [
    ("pillars", "--from", "1900-01-01", "--to", "1999-12-31", "--tz", "UTC"),
    ("cast", "--from", "1900-01-01", "--to", "1999-12-31", "--tz", "UTC"),
    ("find", "--from", "1900-01-01", "--to", "1999-12-31", "--tz", "UTC", "--where", "cast:zhi_shi.door=開門"),
], ids=["pillars", "cast", "find"])
def test_a_century_table_read_by_head_ends_with_the_pipe_in_bounded_memory(args):
    """`qimen … | head -40`: the first lines come while the range is still being computed; when
    the reader closes the pipe the process ends (exit 0) instead of finishing the century, its
    memory a few rows' (the process's peak resident size, from the kernel)."""
    qimen = [sys.executable, "-c", "from qimen_cli.cli.main import console; console()"]
    r = subprocess.run([sys.executable, "-c", CHILD, *qimen, *args], capture_output=True, text=True, timeout=300,
                       env={**os.environ, **DEFAULT_ENV, "COLUMNS": "120"})
    head, _, stderr = r.stdout.partition("\n")
    code, rss_kb, shown = head.split()
    assert code == "0", (code, stderr)
    assert int(shown) == 40
    assert int(rss_kb) < BOUND_KB, rss_kb
    assert stderr.strip() == ""


# --- the 置閏 ledger ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_the_ledger_opens_with_the_key_of_its_signs(lang):
    """The 超接 column reads `超神 +5`, `閏 -5`: days from the block's 符頭 to its term, + when the
    符頭 comes first (超神), - when after (接氣) (qimen/ledger.py BlockRow.days)."""
    r = invoke("chaibu", "--year", "2024", "--tz", "Asia/Shanghai", "--lang", lang, env={"COLUMNS": "120"})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1] == labeller("chaibu")("signs", lang)
    assert "+N" in lines[1] and "-N" in lines[1]
    assert any("超神 +" in line for line in lines) and any("閏 -5" in line for line in lines)


def test_the_ledger_widths_hold_every_cell(monkeypatch):
    """The ledger's columns are laid out before its first row (`LEDGER_WIDTHS`, `SPAN_WIDTHS`):
    over half a century no cell is wider than its column's widest, no word longer than its run."""
    from qimen_cli.render import chaibu
    from qimen_cli.render.chaibu import LEDGER_WIDTHS, SPAN_WIDTHS, _ledger_cells, _span_cells

    seen = []
    monkeypatch.setattr(chaibu, "render_ledger", lambda ledger, zone, *a, **k: seen.append((ledger, zone)))
    r = invoke("chaibu", "--from", "1900-01-01", "--to", "1949-12-31", "--tz", "Asia/Shanghai")
    assert r.exit_code == 0, r.stderr
    [(ledger, zone)] = seen
    for lang in ("zh", "ko", "en"):
        previous = None
        for row in ledger.blocks:
            _check(_ledger_cells(row, zone, lang, previous), LEDGER_WIDTHS)
            previous = row
        for span in ledger.differ:
            _check(_span_cells(span, zone), SPAN_WIDTHS)
    assert len(ledger.blocks) > 1000 and ledger.differ and ledger.leaps


def _check(cells, widths):
    from qimen_cli.render.fit import longest_unit

    for (key, (widest, whole, unit)), cell in zip(widths.items(), cells, strict=True):
        plain = cell if isinstance(cell, str) else cell.plain
        assert run_unit(plain) <= unit, (key, plain)  # what folding keeps whole (rows.breaks)
        if widest is not None:
            assert cell_len(plain) <= widest, (key, plain)
            assert longest_unit(plain, whole=True) <= whole, (key, plain)
