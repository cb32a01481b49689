"""天罡加: where 天罡 (辰 of the heaven plate) stands under 月將加正時, and what 004 reads from it.

More precisely: with the month's general (月將) on the hour (加正時), the heaven
plate is the earth plate turned by (月將 − hour); 天罡 is heaven's 辰 and its
position is the earth branch beneath it.  004 reads the position three ways: by
its class (孟 寅申巳亥, 仲 子午卯酉, 季 辰戌丑未), branch by branch (the twelve 天地
readings), and for battle, enemy and worry questions.  Source: 004_64097a01f3826baf.txt.
The 月將 is qimen_cli.gods.noble's yue_jiang_branch; the plate is calendar/branchplate.py's.
"""

from __future__ import annotations

from ..calendar.branchplate import earth_under, shift
from ..calendar.ganzhi import BRANCHES
from ..records import frozen

TIAN_GANG = 4  # 辰

#: Class of a branch: 孟 (寅申巳亥), 仲 (子午卯酉), 季 (辰戌丑未), by branch index mod 3.
_CLASS = {2: "孟", 0: "仲", 1: "季"}

#: > 舊說曰：天罡加孟神在內，加仲神在門，加季神在外。 (004_64097a01f3826baf.txt)
SHEN = {"孟": "神在內", "仲": "神在門", "季": "神在外"}

#: > 占戰鬥：天罡加孟（孟謂寅申巳亥是也），利力戰；加仲（仲謂子午卯酉是也），主客傷；加季（季謂辰戌丑未
#: > 是也），利客，勿迎戰，從去之。占卒聞敵出軍：加孟不出，加仲半出，加季全出。占卒聞敵罷軍：加孟不罷，
#: > 加仲及季俱罷。占聞憂：加孟不足憂，加仲小憂，加季大憂。 (004_64097a01f3826baf.txt)
BATTLE = {"孟": "利力戰", "仲": "主客傷", "季": "利客，勿迎戰，從去之"}
ENEMY_OUT = {"孟": "不出", "仲": "半出", "季": "全出"}
ENEMY_RETREAT = {"孟": "不罷", "仲": "罷", "季": "罷"}
WORRY = {"孟": "不足憂", "仲": "小憂", "季": "大憂"}

#: The twelve readings of 天罡 on each branch (子 … 亥), the text's variants kept in brackets.
#: > 以天罡加子，天地所通，吉候也。天罡加丑，天地不（一作小）通 … 天罡加亥，天地迫無路，行者止。
#: > (004_64097a01f3826baf.txt)
TIAN_DI = (
    "天地所通，吉候也",
    "天地不（一作小）通，以為吉事，不可以私忿、興兵、征伐、遠行，三十里止舍吉（一作凶）",
    "天地慶悅，舉小事吉",
    "天地開格，不可舉眾",
    "天地初呼，不可侵人國界，守己地則敵人不能攻之",
    "天地神佑，無憂患，但進兵入敵境逢敵則止營勿與即戰",
    "天地初起而縱橫之時，凶",
    "天地小通，宜小心，行賞賜，撫將校，慎兵馬，如是吉，反是凶",
    "天地不遠揚兵，堅壁設備吉",
    "天地關無路，若出兵中道奔亡，遇敵即敗，大凶，宜守營自備",
    "天地返逆，吏士謀殺主將，主將備之",
    "天地迫無路，行者止",
)

#: > 以天罡加酉，隨便伏匿，可以探敵事，他人不覺知。 (004_64097a01f3826baf.txt)
ON_YOU = "隨便伏匿，可以探敵事，他人不覺知"

#: 天門 亥 and 地戶 巳, the 六壬 usage (standard, not from the text: the passage does not define
#: them), with 004's readings of 天罡 on each; 酉 is the text's own third place.
#:
#: > 以天罡加地戶，可以入山林，設伏兵。以天罡加天門，可以攻敵。以天罡加酉，隨便伏匿，
#: > 可以探敵事，他人不覺知。 (004_64097a01f3826baf.txt)
TIAN_MEN, DI_HU = 11, 5
GATES = {DI_HU: ("地戶", "可以入山林，設伏兵"), TIAN_MEN: ("天門", "可以攻敵"), 9: ("酉", ON_YOU)}


def tian_gang_position(yue_jiang: int, hour_branch: int) -> int:
    """Earth branch under heaven's 辰 when 月將 is put on the hour (將加正時).

    > 舊說曰：天罡加孟神在內，加仲神在門，加季神在外。 (004_64097a01f3826baf.txt)
    > 凡用六壬，若占利害之時，先以月將加正時。 (004_64097a01f3826baf.txt)

    The 天罡 passage does not restate the plate; the text's 六壬 plate (月將加正時) is used.
    """
    return earth_under(shift(yue_jiang, hour_branch), TIAN_GANG)


def branch_class(branch: int) -> str:
    """孟, 仲 or 季 of a branch.

    > 天罡加孟（孟謂寅申巳亥是也），利力戰；加仲（仲謂子午卯酉是也），主客傷；加季（季謂辰戌丑未是也）
    > (004_64097a01f3826baf.txt)
    """
    return _CLASS[branch % 3]


@frozen
class TianGangReadings:
    """What 004 reads from 天罡's position."""

    shen: str            # 神在內 / 神在門 / 神在外
    tian_di: str         # the twelve 天地 readings
    battle: str          # 占戰鬥
    enemy_out: str       # 占卒聞敵出軍
    enemy_retreat: str   # 占卒聞敵罷軍
    worry: str           # 占聞憂
    hide: str | None     # 天罡加酉: hide and spy


@frozen
class TianGang:
    """天罡 under 月將加正時: its earth `branch`, class (孟/仲/季), 月將 used, and readings."""

    branch: str
    group: str
    yue_jiang: str
    readings: TianGangReadings


def tian_gang(yue_jiang: int, hour_branch: int) -> TianGang:
    """天罡's position and its readings.

    > 凡在所用，以天罡加地戶，可以入山林，設伏兵。以天罡加天門，可以攻敵。以天罡加酉，隨便伏匿，
    > 可以探敵事，他人不覺知。 (004_64097a01f3826baf.txt)

    Open question: 天門 and 地戶 are not defined in this passage; `gate` evaluates them with
    the 六壬 usage (天門 亥, 地戶 巳: standard, not from the text), and `qimen liuren` shows it;
    `--tian-men youmen|sanmen` takes the texts' own (`gate_reading`).
    """
    pos = tian_gang_position(yue_jiang, hour_branch)
    return TianGang(branch=BRANCHES[pos], group=branch_class(pos), yue_jiang=BRANCHES[yue_jiang % 12],
                    readings=readings_at(pos))


def readings_at(pos: int) -> TianGangReadings:
    """004's readings of 天罡 on the earth branch `pos` (`tian_gang`'s, by where it stands)."""
    cls = branch_class(pos)
    return TianGangReadings(
        shen=SHEN[cls],
        tian_di=TIAN_DI[pos],
        battle=BATTLE[cls],
        enemy_out=ENEMY_OUT[cls],
        enemy_retreat=ENEMY_RETREAT[cls],
        worry=WORRY[cls],
        hide=ON_YOU if pos == 9 else None,
    )


@frozen
class Gate:
    """天罡 on 地戶, 天門 or 酉: `on` (the earth branch under heaven's 辰), `gate` (地戶, 天門,
    酉 or None on the other nine) and 004's `reading` ("" with no gate); `source` says where
    天門/地戶 come from."""

    on: str
    gate: str | None
    reading: str
    source: str = "天門 亥, 地戶 巳: standard, not from the text"


def gate(position: int) -> Gate:
    """天罡 on 地戶 (巳), 天門 (亥) or 酉, from its earth position, with 004's reading.

    > 凡在所用，以天罡加地戶，可以入山林，設伏兵。以天罡加天門，可以攻敵。以天罡加酉，隨便伏匿，
    > 可以探敵事，他人不覺知。 (004_64097a01f3826baf.txt)

    Open question: the passage does not define 天門 and 地戶; the 六壬 usage (天門 亥, 地戶 巳) is
    taken by default, the only one giving the passage's pair a place each.  004's own 遊門 天門
    (申 in 正月, a month forward each month) and 000's 天三門 / 地四戶 are `--tian-men youmen` and
    `sanmen` (`gate_reading`; docs/decisions.md says why they are not the default).
    """
    return _GATE_OF[position % 12]


def _gate(position: int) -> Gate:
    found = GATES.get(position)
    name, reading = found if found else (None, "")
    return Gate(BRANCHES[position], name, reading)


#: The twelve Gate records, made once (a lesson reads one per cast).
_GATE_OF = tuple(_gate(p) for p in range(12))


# --- 天門 and 地戶 under the texts' own readings (--tian-men) -----------------------------

#: The readings of 天門 and 地戶 for 天罡加天門/加地戶 (`--tian-men`): liuren, the 六壬 usage 天門 亥
#: 地戶 巳 (the default, `gate`); youmen, 004's own 遊門 天門 of the month (line 51), which has no
#: 地戶; sanmen, 000's 天三門 and 地四戶 of the hour (the places under 太沖 小吉 從魁 with 月將加正時,
#: under 除 危 定 開 with 月建加正時).
LIUREN, YOUMEN, SANMEN = "liuren", "youmen", "sanmen"
TIAN_MEN_READINGS = (LIUREN, YOUMEN, SANMEN)

#: Where each reading's 天門 and 地戶 come from (`GateReading.source`).
READING_SOURCE = {
    YOUMEN: "天門: 004's 遊門 天門 of the month (line 51: 正月天門在申 …); 地戶: none in that reading",
    SANMEN: "天門, 地戶: 000's 天三門 (under 太沖 小吉 從魁, 月將加正時) and 地四戶 (under 除 危 定 開, 月建加正時) "
            "of the hour (line 43); 天罡 (heaven's 辰) never stands on a 天門 there",
}


@frozen
class GateReading:
    """天罡 on the places of 004's 天罡加地戶 / 加天門 / 加酉 when 天門 and 地戶 are read otherwise than
    亥 and 巳 (`--tian-men youmen|sanmen`): `on` (the earth branch under heaven's 辰), `gate` (every
    one of 地戶, 天門, 酉 it stands on, in the text's order: a 遊門 天門 can be 酉), 004's `reading`
    of each, the branches taken as `tian_men` and `di_hu` (none: the reading has no 地戶), the
    reading `taken` and its `source`."""

    on: str
    gate: tuple[str, ...]
    reading: tuple[str, ...]
    tian_men: tuple[str, ...]
    di_hu: tuple[str, ...]
    taken: str
    source: str


def reading_places(reading: str, yue_jiang: int, hour_branch: int, month: int | None,
                   month_branch: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(天門, 地戶) as earth branches under `reading` (youmen or sanmen) at this 月將 and hour.

    youmen: the 遊門 天門 of lunar or 節 `month` (1–12; gucu/directions.you_men), no 地戶.
    sanmen: the 天三門 and 地四戶 of `twelve-gods` (gods/twelve.tian_men, di_hu; the 月建
    `month_branch` does not move the four 戶, which fall at a fixed distance from the hour).

    > 出兵攻敵，常須遊門。正月天門在申，百死在酉。 (004_64097a01f3826baf.txt)
    > 凡急難時，不及擇奇門，以月將、月建加正時，視三將四建之下，為天門、地戶 (000_4b5dcee18d5e7425.txt)
    """
    if reading == YOUMEN:
        from .directions import you_men

        if month is None:
            raise ValueError("the 遊門 天門 needs the month")
        return (BRANCHES.index(you_men(month).tian_men),), ()
    if reading == SANMEN:
        from ..gods.twelve import di_hu, tian_men

        jian = hour_branch if month_branch is None else month_branch
        return tuple(tian_men(yue_jiang, hour_branch).values()), tuple(di_hu(jian, hour_branch).values())
    raise ValueError(f"no such reading of 天門/地戶: {reading!r}")


def gate_reading(position: int, reading: str, tian_men: tuple[int, ...], di_hu: tuple[int, ...]) -> GateReading:
    """天罡 on 地戶, 天門 or 酉 from its earth `position` when 天門 and 地戶 are the branches `tian_men`
    and `di_hu` of `reading` (`reading_places`), with 004's reading of each it stands on.

    > 凡在所用，以天罡加地戶，可以入山林，設伏兵。以天罡加天門，可以攻敵。以天罡加酉，隨便伏匿，
    > 可以探敵事，他人不覺知。 (004_64097a01f3826baf.txt)

    The passage names 天門 and 地戶 without saying where they are; 004's 遊門 (line 51) names a 天門 of
    each month and no 地戶, 000 (line 43) 天三門 and 地四戶 of each hour.  Under 000's the 天門 are the
    places under heaven 卯 未 酉, so heaven's 辰 is never on one (docs/decisions.md).
    """
    position %= 12
    held = ((DI_HU_NAME, position in di_hu), (TIAN_MEN_NAME, position in tian_men), ("酉", position == 9))
    names = tuple(name for name, on in held if on)
    return GateReading(BRANCHES[position], names, tuple(_READING_OF[n] for n in names),
                       tuple(BRANCHES[b] for b in tian_men), tuple(BRANCHES[b] for b in di_hu), reading,
                       READING_SOURCE[reading])


DI_HU_NAME, TIAN_MEN_NAME = "地戶", "天門"
#: 004's reading of 天罡 on each place (as GATES words them).
_READING_OF = {name: reading for name, reading in GATES.values()}
