"""平氣 (mean terms): the tropical year split evenly, from each true 冬至 or from one anchor.

More precisely: two tables of mean term instants for the 局 methods — one restarted at
each true 冬至 (`mean_table_from_dongzhi`), one laid every 365.2425/24 days either side
of a single anchor term instant (`anchored_mean_table`), with `nearest_term_index`
guessing which term an anchor instant is (READING-qimen.md §5).
"""

from __future__ import annotations

from functools import lru_cache

from .terms import DONGZHI, MEAN_TERM_DAYS, OutOfSpan, Term, TermTable, mean_terms

#: A reference 春分 for guessing which term an anchor instant is: 2000-03-20 07:35 UT.
_EQUINOX_2000 = 953537700.0


def nearest_term_index(ts: float) -> int:
    """Longitude index of the term a 平氣 instant most plausibly is.

    Mean and true terms differ by under three days, a fifth of a term, so rounding
    the mean count of terms from a known 春分 (2000-03-20 07:35 UT) is safe for
    many centuries either side.
    """
    return round((ts - _EQUINOX_2000) / (MEAN_TERM_DAYS * 86400.0)) % 24


#: Years of mean terms laid on each side of an anchor.
ANCHOR_YEARS = 200


@lru_cache(maxsize=8)
def anchored_mean_table(anchor_ts: float, k: int | None = None, years: int = ANCHOR_YEARS) -> TermTable:
    """平氣 from one anchor term instant: terms every 365.2425/24 days, `years` either side.

    READING-qimen.md §5.2 anchors 立春 at 2034-02-04 12:00 +08:00 (a 辛卯 day); the
    texts' worked examples then come out exactly ("辛卯日午時立春 … 丙午日丁酉時交雨水節",
    003_fd1aa30e5b7f2d13.txt).  `k` defaults to `nearest_term_index(anchor_ts)`.
    """
    if k is None:
        k = nearest_term_index(anchor_ts)
    n = 24 * years
    return mean_terms(Term(anchor_ts, k), n, n)


@lru_cache(maxsize=8)
def mean_table_from_dongzhi(true_table: TermTable) -> TermTable:
    """平氣 restarted at each true 冬至: the 24 terms of a year every 365.2425/24 days from it.

    The tropical year divided evenly, as the calendars of the texts' era did
    (READING-qimen.md §5.1); the last step of each year absorbs the minutes by which
    the true year differs from 365.2425 days.
    """
    step = MEAN_TERM_DAYS * 86400.0
    solstices = [t for t in true_table.terms if t.k == DONGZHI]
    if len(solstices) < 2:
        raise OutOfSpan(true_table.first.ts, true_table)
    terms = [Term(d.ts + i * step, (DONGZHI + i) % 24) for d in solstices[:-1] for i in range(24)]
    terms.append(Term(solstices[-1].ts, DONGZHI))
    return TermTable(terms, kind="mean")
