"""The 置閏 walk's look-ahead (`ju._next_leap_term`): the next 芒種 or 大雪 of a term table, found
from the table's consecutive terms, is the one a term-by-term search finds."""

from __future__ import annotations

from qimen_cli.calendar.context import Context
from qimen_cli.calendar.terms import mean_terms
from qimen_cli.qimen import ju


def _searched(ks: list[int], j: int, n: int) -> int:
    while j < n and ks[j] not in ju._LEAP_K:
        j += 1
    return j


def test_the_next_leap_term_is_the_one_searched_for():
    shipped = Context().full_table()
    mean = mean_terms(shipped.terms[100], 30, 30)
    for table in (shipped, mean):
        ks, n = table.ks, len(table.ks)
        for stop in (n, n - 5):
            assert [ju._next_leap_term(ks, j, stop) for j in range(stop + 1)] == \
                   [_searched(ks, j, stop) for j in range(stop + 1)]
