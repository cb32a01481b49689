"""The lessons 004 works out itself with an answer the program's rules do not give.

A lesson is the text's when its day, and its hour and 月將 where the text gives them (the
month's 月將 by 004's own rule: 四月 申), or the 反吟 plate where the text speaks of 反吟 without
an hour, are the same; cast at any instant with those inputs, it carries a `TextDiffers` with
the text's answer, its line and the decision (docs/decisions.md) that explains the difference.
When the lesson's 三傳 agree with the text (e.g. under --fan-yin najia), there is none.
"""

from __future__ import annotations

from ..calendar.ganzhi import BRANCHES, cycle_index
from ..records import frozen
from ..texts import SOURCE_004 as SOURCE
from .plate import GOD_NAMES

#: Headings of docs/decisions.md the worked examples point at (also the ledger's, verify/rows.py).
SHE_HAI = "涉害 depth of a candidate: the 剋 it wades through on the way home"
FAN_YIN = "反吟 in 六壬: 剛日 日沖, 柔日 辰沖, then 沖 and 刑"


@frozen
class TextDiffers:
    """004 works this lesson out otherwise: its 初傳 (`first`, a god's name, and `first_branch`),
    its 三傳 where it gives them (`transmissions`, branches; None where it names the 初 only),
    the text's words (`quote`), the seed file and line, and the heading of docs/decisions.md
    that says why the program's answer differs."""

    first: str
    first_branch: str
    transmissions: tuple[str, str, str] | None
    quote: str
    source: str
    line: int
    decision: str


@frozen
class _Example:
    day: int
    hour: int | None
    yue_jiang: int | None
    turn: int | None
    first: int
    transmissions: tuple[int, int, int] | None
    quote: str
    line: int
    decision: str


def _names(branches: tuple[int, int, int]) -> tuple[str, str, str]:
    return BRANCHES[branches[0]], BRANCHES[branches[1]], BRANCHES[branches[2]]


def _b(names: str) -> tuple[int, int, int]:
    first, middle, last = (BRANCHES.index(c) for c in names)
    return first, middle, last


#: The text's worked lessons whose answer the rules do not give by default.
#:
#: > 自有俱此以淺害深者為用，四月戊辰日丑時勝光是也。 (004_64097a01f3826baf.txt)
#: > 假令甲子日甲沖辛，辛上見天罡以為用，天罡而又反沖河魁，此為戰沖，然後刑未。 (004_64097a01f3826baf.txt)
#: > 假令乙丑日丑沖丙，丙上見登明為用，用登明而後破功曹，又辰沖太乙，此謂再沖，然後刑申。 (004_64097a01f3826baf.txt)
EXAMPLES = (
    _Example(cycle_index("戊辰"), 1, 8, None, 6, None,
             "自有俱此以淺害深者為用，四月戊辰日丑時勝光是也。", 143, SHE_HAI),
    _Example(cycle_index("甲子"), None, None, 6, 4, _b("辰戌未"),
             "假令甲子日甲沖辛，辛上見天罡以為用，天罡而又反沖河魁，此為戰沖，然後刑未。", 171, FAN_YIN),
    _Example(cycle_index("乙丑"), None, None, 6, 11, _b("亥巳申"),
             "假令乙丑日丑沖丙，丙上見登明為用，用登明而後破功曹，又辰沖太乙，此謂再沖，然後刑申。", 171, FAN_YIN),
)
_BY_DAY = {ex.day: ex for ex in EXAMPLES}


def _matches(ex: _Example, hour: int, yue_jiang: int) -> bool:
    return ((ex.hour is None or ex.hour == hour) and (ex.yue_jiang is None or ex.yue_jiang == yue_jiang)
            and (ex.turn is None or ex.turn == (yue_jiang - hour) % 12))


def text_differs(day: int, hour: int, yue_jiang: int, transmissions: tuple[int, int, int]) -> TextDiffers | None:
    """The text's own answer when this lesson is one of its worked examples and the program's
    三傳 (`transmissions`, branches) differ from it; else None."""
    ex = _BY_DAY.get(day % 60)
    if ex is None or not _matches(ex, hour % 12, yue_jiang % 12):
        return None
    if (ex.transmissions or (ex.first,)) == tuple(transmissions)[: 3 if ex.transmissions else 1]:
        return None
    return TextDiffers(GOD_NAMES[ex.first], BRANCHES[ex.first],
                       None if ex.transmissions is None else _names(ex.transmissions),
                       ex.quote, SOURCE, ex.line, ex.decision)
