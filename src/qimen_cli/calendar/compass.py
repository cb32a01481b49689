"""The compass every art shares: the nine palaces, the 24 mountains, branch → palace, bearings.

More precisely: the ring of 000's 運籌 — twelve branches, eight stems and the four
corners (四維), twenty-four points from 正北 子 turning left (clockwise seen from above,
south up on the drawing: 子 0°, 癸 15°, 丑 30° …), each point the centre of a 15°
sector; the eight 八卦 palaces each hold three consecutive points (壬子癸 坎 … 戌乾亥 乾)
and carry the 洛書 numbers (1 坎 N, 8 艮 NE, 3 震 E, 4 巽 SE, 9 離 S, 2 坤 SW, 7 兌 W,
6 乾 NW; 5 the centre).  This is the one home of these tables: the gods' directions,
the 孤虛 ring, the chart's 空亡/驛馬 palaces and the 出軍 route all read them here.

> 畫地一周，以六為數，分為二十四方，從正北子地起左旋，一方記一字，分四維八干二十支，即子癸丑艮寅甲
> 昴乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬二十四字，環列為記也。 (000_4b5dcee18d5e7425.txt)

The text writes 昴 for 卯 (a graphic slip: the point between 甲 and 乙 is the
branch 卯); the ring below has 卯.
"""

from __future__ import annotations

from ..records import frozen
from .ganzhi import BRANCHES

#: The 24 points (二十四方, the 24 mountains) from 正北, clockwise (子 at 0, 午 at 12).
MOUNTAINS: tuple[str, ...] = tuple("子癸丑艮寅甲卯乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬")
#: Point name → index on the ring.
RING_INDEX: dict[str, int] = {name: i for i, name in enumerate(MOUNTAINS)}

#: Degrees per point.
STEP = 15

#: Position of branch b (0 = 子) on the 24-ring: every second point.
BRANCH_POINT: tuple[int, ...] = tuple(2 * b for b in range(12))

#: The eight stems that sit on the ring (戊己 belong to the centre).
RING_STEMS: tuple[str, ...] = tuple("癸甲乙丙丁庚辛壬")

#: Trigram → its point on the ring (坎 子, 艮 艮, 震 卯, 巽 巽, 離 午, 坤 坤, 兌 酉, 乾 乾).
TRIGRAM_POINT: dict[str, int] = {"坎": 0, "艮": 3, "震": 6, "巽": 9, "離": 12, "坤": 15, "兌": 18, "乾": 21}


def point_index(name: str) -> int:
    """The ring position of a branch, stem or corner, or of a trigram's centre point (坎 子 …)."""
    return RING_INDEX[name] if name in RING_INDEX else TRIGRAM_POINT[name]

#: The nine palaces by 洛書 number: 1 坎 N, 2 坤 SW, 3 震 E, 4 巽 SE, 5 中, 6 乾 NW, 7 兌 W, 8 艮 NE, 9 離 S.
PALACE_NAMES: dict[int, str] = {1: "坎", 2: "坤", 3: "震", 4: "巽", 5: "中", 6: "乾", 7: "兌", 8: "艮", 9: "離"}

#: Direction of each outer palace as the texts name directions (正北, 西南, 正西 …).
PALACE_DIRECTION: dict[int, str] = {
    1: "正北", 2: "西南", 3: "正東", 4: "東南", 6: "西北", 7: "正西", 8: "東北", 9: "正南",
}

#: The eight outer palaces clockwise from the north with their 洛書 numbers and compass names;
#: each takes three points starting one point before its trigram's centre (壬子癸 for 坎).
#: Standard, not from the text, except what 000 says of two of them:
#: > 干宮六白藏有戌，艮宮八白藏有寅 (000_4b5dcee18d5e7425.txt, 亭亭白奸)
PALACES: tuple[tuple[str, int, str], ...] = (
    ("坎", 1, "北"), ("艮", 8, "東北"), ("震", 3, "東"), ("巽", 4, "東南"),
    ("離", 9, "南"), ("坤", 2, "西南"), ("兌", 7, "西"), ("乾", 6, "西北"),
)

#: Point index → index in PALACES: point i (0 = 子) belongs to palace ((i + 1) // 3) mod 8,
#: so 壬(23) 子(0) 癸(1) → 坎.
POINT_PALACE: tuple[int, ...] = tuple(((i + 1) // 3) % 8 for i in range(24))

#: 洛書 palace of each branch: 子1 丑寅8 卯3 辰巳4 午9 未申2 酉7 戌亥6.
BRANCH_PALACE: tuple[int, ...] = tuple(PALACES[POINT_PALACE[BRANCH_POINT[b]]][1] for b in range(12))


@frozen
class Direction:
    """An earth branch as a direction: its 24-mountain point, bearing (degrees from
    north, clockwise), the sector it covers, the compass name and the 洛書 palace."""

    earth_branch: str
    mountain: str
    bearing: int
    sector: tuple[float, float]
    compass: str
    palace: int


def _direction(branch: int) -> Direction:
    point = BRANCH_POINT[branch]
    centre = STEP * point
    _trigram, number, name = PALACES[POINT_PALACE[point]]
    return Direction(
        BRANCHES[branch], MOUNTAINS[point], centre, ((centre - STEP / 2) % 360, centre + STEP / 2), name, number
    )


#: Branch → Direction, built once.
DIRECTIONS: tuple[Direction, ...] = tuple(_direction(b) for b in range(12))


def direction(branch: int) -> Direction:
    """The Direction of earth branch `branch` (0 = 子, due north)."""
    return DIRECTIONS[branch % 12]


def palace_of(branch: int) -> int:
    """洛書 palace number of an earth branch: 子 1, 丑寅 8, 卯 3, 辰巳 4, 午 9, 未申 2, 酉 7, 戌亥 6."""
    return BRANCH_PALACE[branch % 12]


def bearing(branch: int) -> int:
    """Bearing of an earth branch in degrees from north, clockwise (子 0, 卯 90, 午 180, 酉 270)."""
    return STEP * BRANCH_POINT[branch % 12]
