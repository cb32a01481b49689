"""集靈經 on using the board (用式): the hours not to cast, the way to face, the 建 to avoid, and
the 天罡 month scheme.

> 《集（一作利）靈經》曰：用式之時，朝向南，暮向北，避歲月二建。說曰：甲乙日日入時，丙丁日夜半時，
> 戊己日平旦時，庚申日巳時，壬癸日晡時（已上不可占也）。一云：正月、五月、九月卯，二月、六月、十月子，
> 三月、七月、十一月酉，四月、八月、十二月丑。已上以天罡加之，增減式法。 (004_64097a01f3826baf.txt)

Readings (docs/decisions.md, "集靈經"): the named times are the usual 十二時 (日入 酉, 夜半 子,
平旦 寅, 晡時 申; standard, not from the text); "庚申日" is read 庚辛日, the pairs of stems
of the other four (Open question); 朝/暮 are the 晝/夜 of the lesson (the same 晝/夜 as the
晝夜 貴人 rule: sunrise and sunset with a place, else 卯–申 day); facing south is facing 午,
north 子, and "避歲月二建" is read as: do not face the year's or the month's 建 (Open question:
the text says only "避").  The 一云 list gives, month by month, the branch 天罡 is put on
(天罡加之): the lesson meets it when heaven's 辰 stands on that earth branch.  Its purpose
("增減式法") is not explained.  Months are those of the 月建 (寅 = 正月) with a date, or --month.
"""

from __future__ import annotations

from functools import lru_cache

from ..calendar.ganzhi import BRANCHES, month_number
from ..records import frozen
from .daynight import day_name

#: Day stem (甲 … 癸) → the 時辰 in which the board is not used: 甲乙 日入 酉, 丙丁 夜半 子,
#: 戊己 平旦 寅, 庚辛 巳, 壬癸 晡 申 (the usual names of those 時, not given by the text).
#:
#: > 說曰：甲乙日日入時，丙丁日夜半時，戊己日平旦時，庚申日巳時，壬癸日晡時（已上不可占也）。
#: > (004_64097a01f3826baf.txt)
#:
#: Open question: "庚申日" is read 庚辛日 (the others are pairs of stems); read literally it
#: would name the one day 庚申 and leave 辛 days without such an hour.
FORBIDDEN_HOUR = (9, 9, 0, 0, 2, 2, 5, 5, 8, 8)

#: 朝 (晝) → face 南 (午), 暮 (夜) → face 北 (子).
#:
#: > 用式之時，朝向南，暮向北，避歲月二建。 (004_64097a01f3826baf.txt)
FACING = {True: ("南", 6), False: ("北", 0)}

#: Lunar month 1–12 → the branch 天罡 is put on: 正五九月 卯, 二六十月 子, 三七十一月 酉,
#: 四八十二月 丑 (index (month − 1) % 4).
#:
#: > 一云：正月、五月、九月卯，二月、六月、十月子，三月、七月、十一月酉，四月、八月、十二月丑。
#: > 已上以天罡加之，增減式法。 (004_64097a01f3826baf.txt)
TIAN_GANG_MONTH = (3, 0, 9, 1)


@frozen
class JiLing:
    """What 集靈經 says of casting this lesson.

    `forbidden`: the hour is the day's 不可占 hour (`forbidden_hour`); `face`: 南 by day, 北 by
    night (`face_by`: 晝 or 夜); `year_jian` / `month_jian`: the 建 to avoid (None when the
    lesson has no date: --day/--hour without --month); `faces_jian`: the direction faced is one
    of them (None when one is unknown and the other is not faced); `month`: the month of the
    天罡 scheme (None when unknown), `tian_gang_month`: the branch 天罡 is put on in it, and
    `tian_gang_on_month`: whether heaven's 辰 stands on it on this plate.
    """

    forbidden: bool
    forbidden_hour: str
    face: str
    face_by: str
    year_jian: str | None
    month_jian: str | None
    faces_jian: bool | None
    month: int | None
    tian_gang_month: str | None
    tian_gang_on_month: bool | None


def forbidden_hour(day_stem: int) -> int:
    """The 時辰 of a day stem in which the board is not used (甲乙 酉 … 壬癸 申).

    > 說曰：甲乙日日入時，丙丁日夜半時，戊己日平旦時，庚申日巳時，壬癸日晡時（已上不可占也）。
    > (004_64097a01f3826baf.txt)
    """
    return FORBIDDEN_HOUR[day_stem % 10]


def is_forbidden(day_stem: int, hour: int) -> bool:
    """不可占: the hour is the day stem's forbidden 時辰.

    > 說曰：甲乙日日入時，丙丁日夜半時，戊己日平旦時，庚申日巳時，壬癸日晡時（已上不可占也）。
    > (004_64097a01f3826baf.txt)
    """
    return forbidden_hour(day_stem) == hour % 12


def facing(is_day: bool) -> tuple[str, int]:
    """(direction, its branch) to face when using the board: 南 午 by day (朝), 北 子 by night (暮).

    > 用式之時，朝向南，暮向北，避歲月二建。 (004_64097a01f3826baf.txt)
    """
    return FACING[bool(is_day)]


def faces_jian(face_branch: int, year_jian: int | None, month_jian: int | None) -> bool | None:
    """Whether the direction faced is the year's or the month's 建 (避歲月二建).

    > 用式之時，朝向南，暮向北，避歲月二建。 (004_64097a01f3826baf.txt)

    Open question: "避" is read as "do not face"; the text does not say how to avoid them.
    None when a 建 is unknown and the known one (if any) is not faced.
    """
    known = [j for j in (year_jian, month_jian) if j is not None]
    if face_branch in known:
        return True
    return False if len(known) == 2 else None


def tian_gang_month(month: int) -> int:
    """The branch 天罡 is put on in lunar month `month` (1–12): 卯 子 酉 丑 in turn.

    > 一云：正月、五月、九月卯，二月、六月、十月子，三月、七月、十一月酉，四月、八月、十二月丑。
    > 已上以天罡加之，增減式法。 (004_64097a01f3826baf.txt)
    """
    return TIAN_GANG_MONTH[(month - 1) % 4]


@lru_cache(maxsize=8192)
def jiling(day_stem: int, hour: int, is_day: bool, tian_gang_on: int, *, year_jian: int | None = None,
           month_jian: int | None = None) -> JiLing:
    """集靈經's judgement of a lesson: 不可占, the way to face and the 建, the 天罡 month scheme.

    `tian_gang_on`: the earth branch under heaven's 辰 on the lesson's plate; `is_day`: 晝 (朝);
    the month of the 天罡 scheme is the 月建's (寅 正月; None without a 月建).  Remembered (a range meets the same few hundred inputs month after month).

    > 《集（一作利）靈經》曰：用式之時，朝向南，暮向北，避歲月二建。 (004_64097a01f3826baf.txt)
    """
    face, face_branch = facing(is_day)
    month = None if month_jian is None else month_number(month_jian)
    scheme = None if month is None else tian_gang_month(month)
    return JiLing(
        forbidden=is_forbidden(day_stem, hour),
        forbidden_hour=BRANCHES[forbidden_hour(day_stem)],
        face=face,
        face_by=day_name(is_day),
        year_jian=None if year_jian is None else BRANCHES[year_jian % 12],
        month_jian=None if month_jian is None else BRANCHES[month_jian % 12],
        faces_jian=faces_jian(face_branch, year_jian, month_jian),
        month=month,
        tian_gang_month=None if scheme is None else BRANCHES[scheme],
        tian_gang_on_month=None if scheme is None else scheme == tian_gang_on % 12,
    )
