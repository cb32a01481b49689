"""Which month and which day of it: the two bases for 虎鈐經's 正月 … 十二月 and 初七日.

More precisely: the texts count months 正月 … 十二月 and days 初一 … 三十.  By default
these are the months and days of the Chinese lunar calendar (the Moment's lunar
date).  The `jie` basis counts solar months from each 節 (立春 opens 正月, 驚蟄 二月 …
小寒 十二月) and days from the 節's civil day, which is day 1 — the reading under
which 往亡 正月初七日 becomes the seventh day of the 立春 month.
"""

from __future__ import annotations

import datetime as _dt

from ..calendar.terms import LICHUN
from ..errors import BadInput
from ..records import frozen

BASES = ("lunar", "jie")



@frozen
class MonthDay:
    """The month (1–12) and day of the month under `basis`; `leap` only for a lunar leap month.

    Open question: a lunar leap month takes the rules of the month whose number it
    repeats (閏四月 as 四月); the texts do not speak of leap months.
    """

    basis: str
    month: int
    day: int
    leap: bool


def lunar_month_day(month: int, day: int, leap: bool) -> MonthDay:
    """The lunar basis: the lunar month and day as they are."""
    if not 1 <= month <= 12 or not 1 <= day <= 30:
        raise BadInput(f"not a lunar month/day: {month}/{day}")
    return MonthDay("lunar", month, day, leap)


def jie_month(jie_k: int) -> int:
    """Solar month opened by the 節 with longitude index `jie_k` (立春 21 → 1 … 小寒 19 → 12)."""
    if jie_k % 2 == 0:
        raise BadInput(f"not a 節 index: {jie_k}")
    return (jie_k - LICHUN) % 24 // 2 + 1


def jie_month_day(jie_k: int, jie_date: _dt.date, date: _dt.date) -> MonthDay:
    """The 節 basis: month from the last 節, day counted from the 節's civil day (= day 1).

    Open question: whether the 節 day itself is day 1 (counted like 初一, inclusive)
    or day 0; day 1 is taken.  A solar month can reach a 31st or 32nd day, which the
    texts' 30-day months do not have.
    """
    days = (date - jie_date).days
    if not 0 <= days < 33:
        raise ValueError(f"{date} is not in the month opened on {jie_date}")
    return MonthDay("jie", jie_month(jie_k), days + 1, False)
