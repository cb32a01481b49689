"""局 determination: the author's 古法 置閏 (`zhirun`), 李氏拆補 (`chaibu`) and, beyond the texts,
茅山 (`maoshan`).

More precisely: which solar term's 局 a 時辰 uses, which 元 (上 中 下) of it,
and so which 遁 and 局 (1–9), from a table of term instants (true or mean),
the time zone of the chart's clock and the day that owns the 時辰.

> 考古法以甲子、己卯、甲午、己酉為符頭者，緣尊甲以制奇門，故立符以定元首也。是以符頭為體，
> 節氣為用。非節氣則不能入局，非符頭則不能起元，故於二至之前，置閏引氣，以歸符頭也。
> (003_fd1aa30e5b7f2d13.txt)

Two methods:

* `zhirun` (default, the author's 古法): the days are cut into consecutive
  15-day blocks, each headed by a 上元 符頭 (甲子 己卯 甲午 己酉) and holding
  上 中 下 元 of five days; each block takes the next term in order.  The day
  count between the head and the term's civil date says 正受 (0), 超神 (the
  head comes first, > 0) or 接氣 (the term comes first, < 0).  At 芒種 and 大雪
  only, a block whose head precedes the term by 9 days or more is followed by
  a block that repeats the same term's three 元 (閏).
* `chaibu` (李氏拆補): the term in force (from the start of the 時辰 in which it
  falls, as the text counts it), 元 from the 符頭's branch.
* `maoshan` (茅山, an extension: none of the three texts teaches it): the term in force as
  拆補 takes it, 元 by the time elapsed since the start of the 時辰 in which the term began
  (上元 60 時辰, 中元 60 時辰, then 下元 until the next term); the 符頭 is not used.  A
  modern school rule named after the 茅山 tradition (qimen-go `QMJuTypeMaoShan`; taynpg/csp,
  Horosa), no classic named; see docs/decisions.md "茅山".

The other schools of 003:

* 陶氏 (遁甲神書) takes its 超閏 from 李氏 and 林氏 ("超閏以二氏為準",
  003_fd1aa30e5b7f2d13.txt): it is a plate layout (飛盤), not a 局 method.
* 林氏閏候 is not offered as a method.  Open question: its rule cannot be
  pinned down from 003.  The passage ("凡一節氣三十日五時二刻 … 一歲二十四氣，積其
  餘得五日三時為一候，作閏候，故二十年有二十一候之閏。第一年在天正冬至上候起，至芒種末
  閏上候；第二年在小滿末潤中候；第三年在立夏末閏下候，周而復始。一至一年，二至二十一年，
  三至四十一年，四至六十一年，循環不已，積四百一十六年而天正冬至，仍閏上候。") gives the
  yearly surplus (5日3時 = 365¼ − 360 days) and where the first three 閏候 fall,
  but not (a) how a 閏候 whose surplus is 5.25 days per year yields 21 閏候 in
  20 years at one per year, (b) where the 閏候 falls after the third year
  ("周而復始" from 芒種 again, or stepping back one term a year — the 一至一年 …
  四至六十一年 series steps by 20 years instead), (c) how a 候 maps to 上中下元
  and 局 when no 符頭 is used ("三元次第不分，四仲符頭無用", the author's own
  complaint), nor (d) the epoch of the "第一年" — and its 416-year cycle
  (416 × 5.25 = 2184 days = 436.8 候) does not close on whole 候.  Any program
  would have to invent these, so none is guessed here.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import math
from functools import lru_cache
from typing import Any, NamedTuple

from ..calendar.clock import EPOCH_ORDINAL as _EPOCH_ORDINAL
from ..calendar.clock import local_ordinals, local_time, mean_solar_zone, shichen_start
from ..calendar.ganzhi import BRANCHES, CYCLE, ordinal_day
from ..calendar.moment import ClockKind, Moment
from ..calendar.terms import DONGZHI, TERM_NAMES, XIAZHI, OutOfSpan, Term, TermTable
from ..errors import BadInput
from ..records import frozen
from .steps import Step, step

#: 局 of each term for its 上 中 下 元 (CONVENTIONS.md; READING-qimen.md §2.1).  The
#: text's 立春 上八 中五 下二: "後用立春上元陽八局 … 用立春中元陽五局 … 先用立春下元陽二局"
#: (003_fd1aa30e5b7f2d13.txt).
JU_TABLE: dict[str, tuple[int, int, int]] = {
    # 陽遁
    "冬至": (1, 7, 4), "小寒": (2, 8, 5), "大寒": (3, 9, 6),
    "立春": (8, 5, 2), "雨水": (9, 6, 3), "驚蟄": (1, 7, 4),
    "春分": (3, 9, 6), "清明": (4, 1, 7), "穀雨": (5, 2, 8),
    "立夏": (4, 1, 7), "小滿": (5, 2, 8), "芒種": (6, 3, 9),
    # 陰遁
    "夏至": (9, 3, 6), "小暑": (8, 2, 5), "大暑": (7, 1, 4),
    "立秋": (2, 5, 8), "處暑": (1, 4, 7), "白露": (9, 3, 6),
    "秋分": (7, 1, 4), "寒露": (6, 9, 3), "霜降": (5, 8, 2),
    "立冬": (6, 9, 3), "小雪": (5, 8, 2), "大雪": (4, 7, 1),
}

#: The three 元 in order.
YUAN = ("上", "中", "下")

#: 元 by the branch of the 符頭 (branch index 0 = 子): 子午卯酉 上, 寅申巳亥 中, 辰戌丑未 下.
#: The 上元 heads are "甲子、己卯、甲午、己酉" (003_fd1aa30e5b7f2d13.txt).
YUAN_BY_HEAD_BRANCH: dict[int, str] = {
    0: "上", 6: "上", 3: "上", 9: "上",
    2: "中", 8: "中", 5: "中", 11: "中",
    4: "下", 10: "下", 1: "下", 7: "下",
}

#: 陽遁 from 冬至 to 芒種 (k 18…23, 0…5), 陰遁 from 夏至 to 大雪 (k 6…17).
YANG_TERMS = frozenset(TERM_NAMES[k % 24] for k in range(DONGZHI, XIAZHI + 24))

#: Terms after which 古法 may insert a 閏: "遇芒種大雪，重用本氣三元" (003_fd1aa30e5b7f2d13.txt).
LEAP_TERMS = frozenset({"芒種", "大雪"})

#: Days of 超神 at 芒種/大雪 from which the next block repeats the term:
#: "又超至次年癸卯日芒種，過九日 … 即以己酉日疊作芒種閏奇 … 起超不可過九日，如過九日，即當置閏也"
#: (003_fd1aa30e5b7f2d13.txt).  ≥ 9, not > 9: the text's own case has exactly nine days
#: (甲午 → 癸卯) and is given a 閏.
LEAP_DAYS = 9

#: Longitude indices of `LEAP_TERMS`.
_LEAP_K = frozenset(k for k, name in enumerate(TERM_NAMES) if name in LEAP_TERMS)
#: For each longitude index k: how many terms on from a term k the next 芒種 or 大雪 is (0: it is one).
_LEAP_AHEAD = tuple(min((leap - k) % 24 for leap in _LEAP_K) for k in range(24))


def _next_leap_term(ks: list[int], j: int, n: int) -> int:
    """The first position at or after `j` (below `n`) whose term is 芒種 or 大雪 (`_LEAP_K`); `n` if none.

    More precisely: a TermTable's terms are consecutive (its invariant: each k the one after the
    last), so that term is `_LEAP_AHEAD` terms on, not looked for one by one (a chart of 2024
    walks some 5,400 terms from 1799 to reach its block)."""
    return n if j >= n else min(j + _LEAP_AHEAD[ks[j]], n)

#: Days a 元 lasts and a 置閏 block lasts: "自甲午日子時起至戊戌日亥時止，共六十時" (003).
YUAN_DAYS = 5
BLOCK_DAYS = 15

#: The zhirun sequence starts at the first 上元 head this many days after the first term.
START_MARGIN_DAYS = 20

METHODS = ("zhirun", "chaibu", "maoshan")
#: The methods the three texts teach (`maoshan` is an extension, never the default).
TEXT_METHODS = ("zhirun", "chaibu")
SWITCHES = ("shichen", "instant")



def fu_tou(day: int) -> int:
    """符頭 of a day: the head (a 甲 or 己 day) of its five-day 元, day − day % 5.

    > 考古法以甲子、己卯、甲午、己酉為符頭者 (003_fd1aa30e5b7f2d13.txt)
    """
    return day - day % 5


def yuan_of_day(day: int) -> str:
    """元 of the day by its 符頭's branch: 子午卯酉 上, 寅申巳亥 中, 辰戌丑未 下."""
    return YUAN_BY_HEAD_BRANCH[fu_tou(day % 60) % 12]


def dun_of(term_name: str) -> str:
    """陽 from 冬至 to 芒種, 陰 from 夏至 to 大雪."""
    return "陽" if term_name in YANG_TERMS else "陰"


def ju_number(term_name: str, yuan: str) -> int:
    """局 of a term and 元 from `JU_TABLE`."""
    return JU_TABLE[term_name][YUAN.index(yuan)]


def _ju_step(term_name: str, yuan: str, dun: str, ju: int) -> Step:
    """The last step of both methods: the term and 元 give the 局 by `JU_TABLE`."""
    return step("ju", term=term_name, yuan=yuan, dun=dun, ju=ju, table=JU_TABLE[term_name])


@frozen
class Ju:
    """The 局 of one 時辰 under one method; field names are the JSON keys."""

    method: str                 # "zhirun" | "chaibu" | "maoshan"
    solar_term: Term            # term in force in the sky at the instant
    ju_term: str                # name of the term whose 局 is used
    ju_term_k: int              # its longitude index
    dun: str                    # "陽" | "陰"
    ju: int                     # 1–9
    yuan: str                   # "上" | "中" | "下"
    fu_tou: str                 # 干支 of the 元's head day
    yuan_status: str | None     # "正受" | "超神" | "接氣" | "閏" (zhirun), None (chaibu)
    yuan_days: int | None       # signed days term date − block head (zhirun; for 閏 the repeated term's date,
                                # so −6 after a 超神 of 9), None (chaibu)
    block_start: _dt.date | None  # 上元 head of the 15-day block (zhirun)
    steps: tuple[Step, ...]     # the derivation, for --explain (qimen/steps.py)

    @property
    def label(self) -> str:
        """Short form: 陽遁1局 上元 (驚蟄)."""
        return f"{self.dun}遁{self.ju}局 {self.yuan}元 ({self.ju_term})"


class JuFields(NamedTuple):
    """What decides a 局, without its explanation: the one derivation behind `Ju`, the range
    writer and `find` (`fields_at(locate(...))`)."""

    term: Term                  # the term whose 局 is used
    dun: str                    # "陽" | "陰"
    ju: int                     # 1–9
    yuan: str                   # "上" | "中" | "下"
    head: int                   # cycle position of the 元's head day (符頭)
    status: str | None          # 正受 超神 接氣 閏 (zhirun), None (chaibu)
    days: int | None            # term date − block head (zhirun), None (chaibu)
    block_start: _dt.date | None  # 上元 head of the 15-day block (zhirun)


def _fields(term: Term, yuan: str, head: int, status: str | None = None, days: int | None = None,
            block_start: _dt.date | None = None) -> JuFields:
    return JuFields(term, dun_of(term.name), ju_number(term.name, yuan), yuan, head, status, days, block_start)


def locate(method: str, table: TermTable, zone: _dt.tzinfo, ts: float, hour_ordinal: int, hour_day: int,
           hour_end: float, switch: str = "shichen") -> JuKey:
    """Which 局 a 時辰 takes, as a small hashable key for `fields_at`.

    置閏: (sequence, block, 元) of the block holding the day that owns the 時辰 (its clock
    date's ordinal `hour_ordinal`, dated on `zone`, `sequence_zone`); 拆補: (table, position
    of the term used, 符頭) by the term in force at `ts` (`switch`: from the start of its
    時辰, which ends at `hour_end`, or from its instant) and the day `hour_day` that owns the
    時辰.  OutOfSpan outside the table or the sequence.
    """
    if method == "zhirun":
        return zhirun_sequence(table, zone).key(hour_ordinal)
    if method == "chaibu":
        return (table, chaibu_position(table, ts, hour_end, switch), fu_tou(hour_day % 60))
    if method == MAOSHAN:
        term_i = chaibu_position(table, ts, hour_end, "shichen")
        return (MAOSHAN, table, term_i, maoshan_yuan_index(table.terms[term_i].ts, ts, zone), zone)
    raise BadInput(f"unknown method: {method!r} (choose from {', '.join(METHODS)})")


def fields_at(key: JuKey) -> JuFields:
    """The 局 at a key of `locate`."""
    where = key[0]
    if isinstance(where, ZhirunSequence):
        return where.fields(key[1], key[2])
    if where == MAOSHAN:
        return _maoshan_fields(*key[1:])
    return _chaibu_fields(where, key[1], key[2])


#: Which 局 a 時辰 takes (`locate`): (置閏's sequence, block, 元), (拆補's table, term position, 符頭)
#: or (MAOSHAN, the table, term position, 元, zone): a small hashable tuple whose first item says which.
JuKey = tuple[Any, ...]


# --- 李氏拆補 -------------------------------------------------------------------------


def chaibu_position(table: TermTable, ts: float, hour_end: float, switch: str = "shichen") -> int:
    """Position in `table` of the term whose 局 拆補 uses: the term in force, switched by 時辰
    or at the instant.

    > 如云：辛卯日午時立春，是日癸巳時，猶用大寒下元；自甲午時起至癸巳日亥時止，共三十時，先用立春下元陽二局
    > (003_fd1aa30e5b7f2d13.txt)

    The 30 時 only come out when the whole 甲午時 (in which 立春 falls) already counts as
    立春: with `switch="shichen"` a term applies from the start of its 時辰, i.e. the
    last term strictly before the end of the 時辰 `hour_end`; with "instant" the
    term in force at `ts`.
    """
    if switch == "shichen":
        return table.position(math.nextafter(hour_end, -math.inf))
    if switch == "instant":
        return table.position(ts)
    raise BadInput(f"unknown switch: {switch!r} (shichen, instant)")


def chaibu_term(table: TermTable, ts: float, hour_end: float, switch: str = "shichen") -> Term:
    """The term whose 局 拆補 uses (`chaibu_position`)."""
    return table.terms[chaibu_position(table, ts, hour_end, switch)]


@lru_cache(maxsize=8192)
def _chaibu_fields(table: TermTable, term_i: int, head: int) -> JuFields:
    """拆補: the term at `term_i`, 元 from the 符頭's branch (子午卯酉 上, 寅申巳亥 中, 辰戌丑未 下)."""
    return _fields(table.terms[term_i], YUAN_BY_HEAD_BRANCH[head % 12], head)


def chaibu_ju(
    table: TermTable,
    ts: float,
    hour_start: float,
    hour_end: float,
    hour_day: int,
    switch: str = "shichen",
    tz: _dt.tzinfo = _dt.timezone.utc,
) -> Ju:
    """李氏拆補: the term in force (by 時辰), 元 from the 符頭 branch, 局 from the table.

    > 一李氏奇門真傳，不顧尊甲之義，止以節氣為準。 (003_fd1aa30e5b7f2d13.txt)

    `hour_day` is the sexagenary day that owns the 時辰 (23:xx → the next day);
    `tz` is only the clock of the explanation's times.
    """
    sky_i = table.position(ts)
    term_i = chaibu_position(table, ts, hour_end, switch)
    if term_i != sky_i:  # the term begins later inside this 時辰: not cached (the step names the window)
        return _chaibu(table, sky_i, term_i, hour_day % 60, switch, tz, (hour_start, hour_end))
    return _chaibu_cached(table, sky_i, term_i, hour_day % 60, switch, tz)


def _chaibu(table: TermTable, sky_i: int, term_i: int, hour_day: int, switch: str, tz: _dt.tzinfo,
            window: tuple[float, float] | None = None) -> Ju:
    """拆補's Ju and its steps: the term at `term_i` (the sky's at `sky_i`); `window` (start, end of
    the 時辰) when the term begins inside it."""
    sky = table.terms[sky_i]
    term, dun, ju, yuan, head, _status, _days, _start = _chaibu_fields(table, term_i, fu_tou(hour_day))
    if window is not None:
        hour_start, hour_end = window
        first = step("term_inside", term=term.name, begins=local_time(term.ts, tz),
                     hour_start=local_time(hour_start, tz), hour_end=local_time(hour_end, tz), sky=sky.name)
    else:
        first = step("term_shichen" if switch == "shichen" else "term_instant", term=term.name,
                     since=local_time(term.ts, tz))
    steps = (
        first,
        step("fu_tou_branch", day=CYCLE[hour_day], head=CYCLE[head], branch=BRANCHES[head % 12], yuan=yuan),
        _ju_step(term.name, yuan, dun, ju),
    )
    return Ju(
        method="chaibu",
        solar_term=sky,
        ju_term=term.name,
        ju_term_k=term.k,
        dun=dun,
        ju=ju,
        yuan=yuan,
        fu_tou=CYCLE[head],
        yuan_status=None,
        yuan_days=None,
        block_start=None,
        steps=steps,
    )


#: Ju depends only on these discrete inputs: charts of one day share one result.
_chaibu_cached = lru_cache(maxsize=8192)(_chaibu)


# --- 茅山 (an extension) ------------------------------------------------------------------

MAOSHAN = "maoshan"
#: 茅山: 上元 60 時辰 (five days), 中元 60 時辰, then 下元 until the next term (qimen-go
#: `QMJuTypeMaoShan`: "上元60時辰 中元60時辰 … 下元" kept however long the term lasts).
MAOSHAN_YUAN_SECONDS = 60 * 7200.0


def maoshan_yuan_index(term_ts: float, ts: float, zone: _dt.tzinfo) -> int:
    """茅山's 元 (0 上, 1 中, 2 下) at `ts` of the term that began at `term_ts`: the hours since the
    start of the 時辰 in which the term began (T0), 上元 below 120, 中元 below 240, else 下元.

    Beyond the texts (qimen-go `QMJuTypeMaoShan`, READING-extensions.md §2.1): T0 is rounded back
    to its 時辰's start, so each 元 boundary falls on a 時辰 boundary (on a clock of one offset)."""
    elapsed = ts - shichen_start(term_ts, zone)
    return min(2, max(0, int(elapsed // MAOSHAN_YUAN_SECONDS)))


@lru_cache(maxsize=8192)
def _maoshan_fields(table: TermTable, term_i: int, y: int, zone: _dt.tzinfo) -> JuFields:
    """茅山: the term at `term_i`, 元 `y`; the head is the day that owns the 元's first 時辰."""
    term = table.terms[term_i]
    start = shichen_start(term.ts, zone) + y * MAOSHAN_YUAN_SECONDS
    head = ordinal_day(_dt.datetime.fromtimestamp(start + 3600.0, zone).toordinal())
    return _fields(term, YUAN[y], head)


def maoshan_ju(table: TermTable, ts: float, hour_end: float, tz: _dt.tzinfo) -> Ju:
    """茅山 (an extension): the term in force from the start of its 時辰 (as 拆補 counts it), 元
    by the hours since that start: 上元 60 時辰, 中元 60 時辰, 下元 to the next term.

    Not in 000, 003 or 004: qimen-go `QMJuTypeMaoShan` (上元 60 時辰, 中元 60 時辰, then 下元), a modern
    school rule named after the 茅山 tradition (READING-extensions.md §2; docs/decisions.md "茅山").

    `tz` is the clock the term's 時辰 is read on (the chart's own).
    """
    sky_i = table.position(ts)
    term_i = chaibu_position(table, ts, hour_end, "shichen")
    y = maoshan_yuan_index(table.terms[term_i].ts, ts, tz)
    return _maoshan_cached(table, sky_i, term_i, y, tz, math.floor((ts - shichen_start(table.terms[term_i].ts, tz))
                                                                 / 3600.0))


@lru_cache(maxsize=8192)
def _maoshan_cached(table: TermTable, sky_i: int, term_i: int, y: int, tz: _dt.tzinfo, hours: int) -> Ju:
    sky = table.terms[sky_i]
    term, dun, ju, yuan, head, _s, _d, _b = _maoshan_fields(table, term_i, y, tz)
    t0 = shichen_start(term.ts, tz)
    steps = (
        step("maoshan_term", term=term.name, since=local_time(term.ts, tz), shichen_start=local_time(t0, tz)),
        step("maoshan_yuan", hours=hours, yuan=yuan,
             start=local_time(t0 + y * MAOSHAN_YUAN_SECONDS, tz)),
        _ju_step(term.name, yuan, dun, ju),
    )
    return Ju(
        method=MAOSHAN,
        solar_term=sky,
        ju_term=term.name,
        ju_term_k=term.k,
        dun=dun,
        ju=ju,
        yuan=yuan,
        fu_tou=CYCLE[head],
        yuan_status=None,
        yuan_days=None,
        block_start=None,
        steps=steps,
    )


# --- 古法 置閏 ------------------------------------------------------------------------


def yuan_status(days: int) -> str:
    """正受 when the term falls on the head day, 超神 when the head comes first, 接氣 when the term does.

    > 直至甲午日子時交寒露節，三元順序始為正受。至己酉日乃用霜降超起 (003_fd1aa30e5b7f2d13.txt)
    > 若謂拆補是接氣之準，則符頭不得超前氣而為超神 (003_fd1aa30e5b7f2d13.txt)
    """
    if days == 0:
        return "正受"
    return "超神" if days > 0 else "接氣"


@frozen
class Block:
    """One 15-day 置閏 block: its 上元 head, the term it takes and the day count."""

    index: int            # position in the sequence
    start: _dt.date       # 上元 head day
    head: str             # its 干支 (甲子 己卯 甲午 己酉)
    term: Term            # the term whose three 元 the block uses
    term_date: _dt.date   # civil date of the term instant in the sequence's zone
    days: int             # term_date − start (signed)
    status: str           # 正受 超神 接氣 閏
    position: int         # index of `term` in the table

    @property
    def end(self) -> _dt.date:
        """Last day of the block (the 下元's fifth day)."""
        return self.start + _dt.timedelta(days=BLOCK_DAYS - 1)

    @property
    def dun(self) -> str:
        return dun_of(self.term.name)

    @property
    def ju(self) -> tuple[int, int, int]:
        return JU_TABLE[self.term.name]


class ZhirunSequence:
    """The 置閏 blocks over a term table, for one zone (term instants → civil dates).

    Cached per table and zone (`zhirun_sequence`); block i covers ordinals [first + 15 i,
    first + 15 i + 15).  The blocks take the table's terms one after another, except that a
    block whose term is 芒種 or 大雪 and whose 符頭 comes LEAP_DAYS or more before it is
    followed by a 閏 block repeating that term.  So only the blocks of 芒種 and 大雪 can
    change the course, and the sequence is walked from one of them to the next (`_step`):
    it is kept as runs (`_run_b`, `_run_j`: from block b on, block b + k takes term j + k)
    and the 閏 blocks (`_leaps`), grown only as far as a lookup needs, and a term instant is
    dated on the zone only when its block is looked at.  One chart of 2024 dates about 450
    term instants, not the table's 9,600.  `positions`, `statuses`, `term_ordinals` and
    `len()` build the whole.
    """

    def __init__(self, table: TermTable, tz: _dt.tzinfo, shift: int = 0):
        self.table = table
        self.tz = tz
        self._n = len(table.terms)
        self._dates: dict[int, int] = {}
        # Start: the first 上元 head at least START_MARGIN_DAYS after the first term.
        o = self._date(0) + START_MARGIN_DAYS
        o += (-ordinal_day(o)) % BLOCK_DAYS
        self.first = o
        # The first block takes the term whose date is nearest its head (ties: the earlier).
        j = 0
        while j < self._n and self._date(j) < o:
            j += 1
        if j >= self._n or (j > 0 and o - self._date(j - 1) <= self._date(j) - o):
            j -= 1
        j += shift
        if not 0 <= j < self._n:
            raise ValueError("starting shift outside the table")
        self._run_b: list[int] = [0]      # a run's first block …
        self._run_j: list[int] = [j]      # … and the term it takes
        self._leaps: dict[int, int] = {}  # 閏 block → the term it repeats
        self._at = (0, j)                 # the walk: block and term of the next block not yet seen
        self._known = 0                   # blocks 0 … _known − 1 are decided
        self._end: int | None = None      # the number of blocks, once the walk reached the table's end
        self._fields: dict[int, JuFields] = {}

    def _date(self, j: int) -> int:
        """The civil date (ordinal) of term j on the sequence's zone, dated when first asked for."""
        d = self._dates.get(j)
        if d is None:
            d = self._dates[j] = local_ordinals(self.table.stamps[j:j + 1], self.tz)[0]
        return d

    def _step(self) -> None:
        """Walk from the next undecided block to the block after the next 芒種/大雪 block.

        > 超至次年癸卯日芒種，過九日，餘無再超之理，即以己酉日疊作芒種閏奇 (003_fd1aa30e5b7f2d13.txt)
        """
        b, j = self._at
        ks, n = self.table.ks, self._n
        jl = _next_leap_term(ks, j, n)
        if jl >= n:  # no 芒種/大雪 left: the blocks run to the table's end
            self._known = self._end = b + (n - j)
            return
        bl = b + (jl - j)
        nb = bl + 1
        if self._date(jl) - (self.first + BLOCK_DAYS * bl) >= LEAP_DAYS:
            self._leaps[nb] = jl
            nb += 1
            if jl + 1 < n:
                self._run_b.append(nb)
                self._run_j.append(jl + 1)
        self._known, self._at = nb, (nb, jl + 1)
        if jl + 1 >= n:
            self._end = nb

    def _has(self, b: int) -> bool:
        """True when block `b` exists (walking up to it)."""
        if b < 0:
            return False
        if b >= self._known and self._end is None:
            self._date_ahead(b)
        while b >= self._known and self._end is None:
            self._step()
        return b < self._known

    def _date_ahead(self, b: int) -> None:
        """Date in one call the 芒種 and 大雪 terms the walk up to block `b` looks at (`_step` dates
        one a step otherwise): a block takes at most one new term, so they lie within the next
        b − known + 1 terms; 芒種 and 大雪 are 12 terms apart."""
        j = self._at[1]
        stop = min(self._n, j + (b - self._known) + 1)
        first = _next_leap_term(self.table.ks, j, stop)
        wanted = [i for i in range(first, stop, 12) if i not in self._dates]
        if wanted:
            stamps = self.table.stamps
            self._dates.update(zip(wanted, local_ordinals([stamps[i] for i in wanted], self.tz), strict=True))

    def _term(self, b: int) -> tuple[int, str]:
        """(position of the term block `b` takes, its status); the block must exist (`_has`)."""
        j = self._leaps.get(b)
        if j is not None:
            return j, "閏"
        k = bisect.bisect_right(self._run_b, b) - 1
        j = self._run_j[k] + (b - self._run_b[k])
        return j, yuan_status(self._date(j) - (self.first + BLOCK_DAYS * b))

    def __len__(self) -> int:
        self._has(self._n * 2)
        return self._known

    @property
    def positions(self) -> list[int]:
        """The term position of every block."""
        return [self._term(b)[0] for b in range(len(self))]

    @property
    def statuses(self) -> list[str]:
        """The status (正受 超神 接氣 閏) of every block."""
        return [self._term(b)[1] for b in range(len(self))]

    @property
    def term_ordinals(self) -> list[int]:
        """The civil date (ordinal) of every term of the table on the sequence's zone."""
        return [self._date(j) for j in range(self._n)]

    @property
    def first_date(self) -> _dt.date:
        return _dt.date.fromordinal(self.first)

    @property
    def last_date(self) -> _dt.date:
        return _dt.date.fromordinal(self.first + BLOCK_DAYS * len(self) - 1)

    def index_of(self, date: _dt.date) -> int:
        """Index of the block holding `date`; OutOfSpan outside the sequence."""
        b = (date.toordinal() - self.first) // BLOCK_DAYS
        if not self._has(b):
            noon = (date.toordinal() - _EPOCH_ORDINAL) * 86400.0 + 43200.0
            raise OutOfSpan(noon, span=(
                (self.first - _EPOCH_ORDINAL) * 86400.0,
                min(self.table.span[1], (self.first + BLOCK_DAYS * len(self) - _EPOCH_ORDINAL) * 86400.0),
            ))
        return b

    def locate(self, ordinal: int) -> tuple[int, int]:
        """(block, 元 0–2) of the day whose ordinal is `ordinal`; OutOfSpan outside the sequence."""
        b = (ordinal - self.first) // BLOCK_DAYS
        if not self._has(b):
            self.index_of(_dt.date.fromordinal(ordinal))  # raises, naming the span
        return b, (ordinal - self.first - BLOCK_DAYS * b) // YUAN_DAYS

    def key(self, ordinal: int) -> tuple[ZhirunSequence, int, int]:
        """`locate`'s key of the day whose ordinal is `ordinal`: (this sequence, block, 元)."""
        b, y = self.locate(ordinal)
        return (self, b, y)

    def fields(self, b: int, y: int) -> JuFields:
        """The 局 of 元 `y` of block `b`: the block's term, the 元's head, the block's status."""
        key = b * 3 + y
        hit = self._fields.get(key)
        if hit is None:
            start = self.first + BLOCK_DAYS * b
            j, status = self._term(b)
            hit = self._fields[key] = _fields(self.table.terms[j], YUAN[y], ordinal_day(start + YUAN_DAYS * y),
                                              status, self._date(j) - start, _dt.date.fromordinal(start))
        return hit

    def block(self, b: int) -> Block:
        """Block number `b` (0 = the first)."""
        if not self._has(b):
            raise IndexError(b)
        start = self.first + BLOCK_DAYS * b
        j, status = self._term(b)
        term_o = self._date(j)
        return Block(
            index=b,
            start=_dt.date.fromordinal(start),
            head=CYCLE[ordinal_day(start)],
            term=self.table.terms[j],
            term_date=_dt.date.fromordinal(term_o),
            days=term_o - start,
            status=status,
            position=j,
        )

    def block_at(self, date: _dt.date) -> Block:
        """The block holding the civil date `date` (the day that owns the 時辰)."""
        return self.block(self.index_of(date))

    def blocks_between(self, d0: _dt.date, d1: _dt.date) -> list[Block]:
        """Blocks overlapping the dates d0 … d1 (inclusive), clipped to the sequence."""
        b0 = max(0, (d0.toordinal() - self.first) // BLOCK_DAYS)
        b1 = (d1.toordinal() - self.first) // BLOCK_DAYS
        if not self._has(b1):
            b1 = self._known - 1
        return [self.block(b) for b in range(b0, b1 + 1)]


@lru_cache(maxsize=32)
def zhirun_sequence(table: TermTable, tz: _dt.tzinfo) -> ZhirunSequence:
    """The 置閏 block sequence of `table` in zone `tz`, built once and cached."""
    return ZhirunSequence(table, tz)


def zhirun_ju(table: TermTable, tz: _dt.tzinfo, hour_date: _dt.date, ts: float) -> Ju:
    """古法 置閏: the block holding the day that owns the 時辰 gives the term; 元 by the day in it.

    > 嗣此而後，氣氣皆同，直至甲午日子時交寒露節，三元順序始為正受。至己酉日乃用霜降超起，超至次年戊戌日芒種，
    > 超過四日；超至辛丑日大雪，超過七日；又超至次年癸卯日芒種，過九日，餘無再超之理，即以己酉日疊作芒種閏奇。
    > (003_fd1aa30e5b7f2d13.txt)

    `hour_date` is the clock date of the day that owns the 時辰; `ts` the instant (for
    the term in force in the sky).
    """
    try:
        return _zhirun_cached(table, tz, hour_date, table.position(ts))
    except OutOfSpan as exc:  # name the instant asked for, not the day's noon
        raise OutOfSpan(ts, span=exc.span) from None


def _why(blk: Block, prev: Block | None) -> Step:
    """Why a 置閏 block takes its term: 閏 (after `prev`'s 超神 at 芒種/大雪), 正受, 超神 or 接氣."""
    term = blk.term.name
    if blk.status == "閏":
        if prev is None:
            raise ValueError("a 閏 block follows the block it repeats")
        return step("leap", previous_head=prev.head, previous_start=prev.start, term=term, days=prev.days,
                    limit=LEAP_DAYS)
    term_day = CYCLE[ordinal_day(blk.term_date.toordinal())]
    if blk.status == "正受":
        return step("zheng_shou", term=term, term_date=blk.term_date, term_day=term_day)
    if blk.status == "超神":
        return step("chao_shen", days=blk.days, head=blk.head, start=blk.start, term=term,
                    term_date=blk.term_date, term_day=term_day)
    return step("jie_qi", days=-blk.days, term=term, term_date=blk.term_date, term_day=term_day, head=blk.head,
                start=blk.start)


@lru_cache(maxsize=8192)
def _zhirun_cached(table: TermTable, tz: _dt.tzinfo, hour_date: _dt.date, sky_i: int) -> Ju:
    """置閏's Ju and its steps for the day `hour_date` (the sky's term at `sky_i`), on the clock `tz`."""
    seq = zhirun_sequence(table, tz)
    b, y = seq.locate(hour_date.toordinal())
    term, dun, ju, yuan, head, _status, _days, _start = seq.fields(b, y)
    blk = seq.block(b)
    sky = table.terms[sky_i]
    offset = hour_date.toordinal() - blk.start.toordinal()
    steps = (
        step("sky", sky=sky.name, since=local_time(sky.ts, tz)),
        step("block", start=blk.start, end=blk.end, head=blk.head, term=term.name,
             why=_why(blk, seq.block(blk.index - 1) if blk.status == "閏" else None)),
        step("fu_tou_block", day=CYCLE[ordinal_day(hour_date.toordinal())], head=CYCLE[head],
             day_of_block=offset + 1, yuan=yuan),
        _ju_step(term.name, yuan, dun, ju),
    )
    return Ju(
        method="zhirun",
        solar_term=sky,
        ju_term=term.name,
        ju_term_k=term.k,
        dun=dun,
        ju=ju,
        yuan=yuan,
        fu_tou=CYCLE[head],
        yuan_status=blk.status,
        yuan_days=blk.days,
        block_start=blk.start,
        steps=steps,
    )


def sequence_zone(moment: Moment) -> _dt.tzinfo:
    """The clock on which term instants become civil dates for a Moment: its `local.tzinfo`.

    Open question: with apparent solar time the clock's offset changes from day to
    day (the equation of time), while the block sequence needs one fixed clock; the
    mean solar clock of the same longitude is used when the Moment carries `lon`,
    else the instant's own offset (which then rebuilds the sequence per offset).
    """
    lon = getattr(moment, "lon", None)
    if moment.clock is ClockKind.APPARENT_SOLAR and lon is not None:
        return mean_solar_zone(lon)
    return moment.clock_zone


def dun_ju(method: str, table: TermTable, zone: _dt.tzinfo, ts: float, hour_ordinal: int, hour_day: int,
           hour_end: float, switch: str = "shichen") -> tuple[str, int]:
    """(遁, 局) of a 時辰 from its pillar fields alone (`locate`, `fields_at`), as
    `determine_ju` finds them for the Moment of the same instant."""
    if method == "zhirun":
        table.position(ts)  # the same OutOfSpan as determine_ju for an instant outside the table
    f = fields_at(locate(method, table, zone, ts, hour_ordinal, hour_day, hour_end, switch))
    return f.dun, f.ju


def determine_ju(moment: Moment, method: str = "zhirun", switch: str = "shichen") -> Ju:
    """The 局 of a Moment under `method` ("zhirun", "chaibu" or the extension "maoshan").

    Uses only the Moment's `table`, `ts`, `hour_day`, `hour_date`, `hour_start`,
    `hour_end` and `local.tzinfo` (the clock in use: term instants become civil dates
    on it).  `switch` ("shichen" or "instant") applies to chaibu.
    """
    if method == "zhirun":
        return zhirun_ju(moment.table, sequence_zone(moment), moment.hour_date, moment.ts)
    if method == "chaibu":
        return chaibu_ju(moment.table, moment.ts, moment.hour_start, moment.hour_end, moment.hour_day, switch,
                         moment.clock_zone)
    if method == MAOSHAN:
        return maoshan_ju(moment.table, moment.ts, moment.hour_end, sequence_zone(moment))
    raise BadInput(f"unknown method: {method!r} (choose from {', '.join(METHODS)})")
