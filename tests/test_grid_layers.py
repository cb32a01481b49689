"""Reading across a row of the cast grid always reads one layer (神 / 星 / 天盤 / 門 / 地盤 / the
palace), however a cell wraps: 兌7's two stars at 60 columns in en do not push its 天盤 down
into its neighbours' 地盤 line."""

import re

import pytest

from conftest import invoke

AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
PALACE = re.compile(r"^[坎坤震巽中乾兌艮離][1-9]")
DOOR = re.compile(r"^[休死傷杜開驚生景]門")


def bands(text: str) -> list[list[list[str]]]:
    """The grid's rows of palaces: for each, the lines of its three cells."""
    out, band = [], []
    for line in text.splitlines():
        if line.startswith(("├", "└")) and band:
            out.append(band)
            band = []
        elif line.startswith("│") and line.count("│") == 4:
            band.append([c.strip() for c in line.split("│")[1:4]])
    return out


def first_line(band, column: int, pattern) -> int | None:
    """The index of the first line of `column` in `band` that `pattern` matches."""
    return next((i for i, cells in enumerate(band) if pattern.match(cells[column])), None)


@pytest.mark.parametrize(("lang", "width"), [("en", 60), ("ko", 60), ("en", 80), ("zh", 60)])
def test_each_line_of_a_row_is_one_layer(lang, width):
    out = invoke("cast", *AT, "--lang", lang, env={"COLUMNS": str(width), "NO_COLOR": "1"}).output
    rows = bands(out)
    assert len(rows) == 3
    for band in rows:
        for pattern in (PALACE, DOOR):
            lines = {first_line(band, c, pattern) for c in range(3)} - {None}
            assert len(lines) == 1, (pattern.pattern, band)
