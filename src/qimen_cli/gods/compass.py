"""Directions: an earth branch as a point of the 24-mountain ring, its bearing and its palace.

More precisely: the ring of 000's 運籌 (twenty-four points, 子 due north, turning
left, i.e. clockwise seen from above on a south-up map: 子 0°, 癸 15°, 丑 30° …),
each point the centre of a 15° sector; the eight 八卦 palaces each hold three
consecutive points (壬子癸 坎 … 戌乾亥 乾) and carry the 洛書 numbers of
CONVENTIONS.md (1 坎 N, 8 艮 NE, 3 震 E, 4 巽 SE, 9 離 S, 2 坤 SW, 7 兌 W, 6 乾 NW).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..calendar.ganzhi import BRANCHES

#: The 24 points from due north, clockwise (the text writes 昴 for 卯).
#:
#: > 畫地一周，以六為數，分為二十四方，從正北子地起左旋 … 子癸丑艮寅甲昴乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬
#: > (000_4b5dcee18d5e7425.txt, 運籌)
MOUNTAINS: tuple[str, ...] = tuple("子癸丑艮寅甲卯乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬")

#: Degrees per point.
STEP = 15

#: The eight palaces clockwise from the north with their 洛書 numbers and compass names;
#: each takes three points starting one point before its trigram's centre (壬子癸 for 坎).
#: Standard, not from the text, except what 000 says of two of them:
#: > 干宮六白藏有戌，艮宮八白藏有寅 (000_4b5dcee18d5e7425.txt, 亭亭白奸)
PALACES: tuple[tuple[str, int, str], ...] = (
    ("坎", 1, "北"), ("艮", 8, "東北"), ("震", 3, "東"), ("巽", 4, "東南"),
    ("離", 9, "南"), ("坤", 2, "西南"), ("兌", 7, "西"), ("乾", 6, "西北"),
)


def _point_palace() -> tuple[int, ...]:
    # point i (0 = 子) belongs to palace ((i + 1) // 3) mod 8: 壬(23) 子(0) 癸(1) → 坎
    return tuple(((i + 1) // 3) % 8 for i in range(24))


#: Point index → palace index in PALACES.
POINT_PALACE: tuple[int, ...] = _point_palace()


@dataclass(frozen=True)
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
    point = 2 * branch
    centre = STEP * point
    trigram, number, name = PALACES[POINT_PALACE[point]]
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
    return DIRECTIONS[branch % 12].palace
