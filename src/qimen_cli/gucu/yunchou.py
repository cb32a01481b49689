"""運籌: carrying the six tallies round the 24-point ring to form 天門 and 地戶 (000).

More precisely: on the day with branch d, one stands on d and carries a tally (籌)
to the branch the day's verse names, then stands on d+1 and follows its verse, and
so on, calling the six spirits in turn.  A stem of the ring whose two neighbouring
branches both hold a tally is "enclosed" (兩支夾干): the first stem enclosed is
天門, the second 地戶.  If six tallies do not form 地戶, the first tally is picked
up and carried on with the next verse.  The tallies next to no gate are the lone
ones (孤籌); the one facing 天門 marks 天門開方, the one facing 地戶 marks 地戶閉方.
One leaves by 天門, comes back in by 地戶 and goes off by the day's 玉女 point.
Source: 000_4b5dcee18d5e7425.txt.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

from ..calendar.compass import BRANCH_POINT, MOUNTAINS, RING_INDEX, RING_STEMS
from ..calendar.ganzhi import BRANCHES
from ..records import frozen

#: 玉女 of each day branch: the twelve stem and corner points, in ring order from 庚.
#: > 又以十二支玉女，從庚上起子，順佈於八干四維。 (000_4b5dcee18d5e7425.txt)
_NON_BRANCH = tuple(p for p in MOUNTAINS if p not in BRANCHES)
_START = _NON_BRANCH.index("庚")
YU_NU = tuple(_NON_BRANCH[(_START + b) % 12] for b in range(12))

#: The twelve verses, one a day: the first animal is where one stands, the second
#: where the tally goes.
#: > 運籌訣：鼠行狗竇、牛收兔阡、虎蹲蛇窟、兔入牛欄、龍吟馬續、蛇蟠猴跧、馬泉龍浴、羊食雞湌、猴牛□豬屋、
#: > 雞立羊藩、狗窺鼠出、豬伺虎眠，每日一句，周而復始。 (000_4b5dcee18d5e7425.txt)
#: The ninth verse has a lacuna (□); its target 亥 is read from 豬.
VERSES = ("鼠行狗竇", "牛收兔阡", "虎蹲蛇窟", "兔入牛欄", "龍吟馬續", "蛇蟠猴跧",
          "馬泉龍浴", "羊食雞湌", "猴牛□豬屋", "雞立羊藩", "狗窺鼠出", "豬伺虎眠")
#: Target branch of each standing branch (子 → 戌, 丑 → 卯, …), from the verses' animals.
TARGET = tuple(BRANCHES.index(b) for b in "戌卯巳丑午申辰酉亥未子寅")

#: > 運籌呼神，一青龍、二朱雀、三勾陳、四螣蛇、五白虎、六玄武 … 順序呼運，周而復始。 (000_4b5dcee18d5e7425.txt)
SPIRITS = ("青龍", "朱雀", "勾陳", "螣蛇", "白虎", "玄武")

#: Steps beyond which the procedure is abandoned (never reached for any day).
_MAX_STEPS = 12


@frozen
class Step:
    """One carried tally: stand on `stand`, say `verse`, lay the tally on `target`, call `spirit`."""

    stand: str
    verse: str
    target: str
    spirit: str
    picked_up: str | None   # the tally picked up before this step ("拾第一籌"), if any
    formed: str | None      # the stem enclosed by this step, if any


@frozen
class Route:
    """出 by 天門, 入 by 地戶, leave by the day's 玉女 point."""

    out: str
    enter: str
    leave: str


@frozen
class YunChou:
    """運籌 of the day: 玉女 point, 天門, 地戶, 天門開方 (`kai`), 地戶閉方 (`bi`), the steps."""

    day_branch: str
    yu_nu: str
    tian_men: str
    di_hu: str
    kai: str | None
    bi: str | None
    tallies: tuple[str, ...]
    steps: tuple[Step, ...]
    route: Route


def _enclosed(tallies: set[int]) -> list[int]:
    """Ring points of the stems (not corners) whose two neighbouring branches hold tallies, in ring order.

    > 運籌畢，視兩支夾干之方，先成者為天門，後成者為地戶 … (000_4b5dcee18d5e7425.txt)
    The corners (艮巽坤乾) do not count: in the text's 子日 example 辰 and 巳 both hold
    tallies and 巽 is not taken.
    """
    points = {BRANCH_POINT[b] for b in tallies}
    return [RING_INDEX[s] for s in sorted(RING_STEMS, key=RING_INDEX.__getitem__)
            if (RING_INDEX[s] - 1) % 24 in points and (RING_INDEX[s] + 1) % 24 in points]


def _distance(a: int, b: int) -> int:
    d = abs(a - b) % 24
    return min(d, 24 - d)


@cache
def yun_chou(day_branch: int) -> YunChou:
    """Run the 運籌 for a day branch.

    > 左手持六籌，立於本日方上，叩齒三通，以右手取其籌，如訣順序，運於支辰之方，每運一籌，大呼某神降臨
    > 局所。運籌畢，視兩支夾干之方，先成者為天門，後成者為地戶，就從天門方出，又從地戶方入，由本日玉女
    > 方出 … 凡地戶不成，拾第一籌續呼而運之。即成，其孤籌對天門者，即天門開方；對地戶者，即地戶閉方。
    > (000_4b5dcee18d5e7425.txt)

    Readings: "每日一句" = the day's verse first, then the following verses (the 子日
    example uses 鼠 牛 虎 兔 龍 蛇 馬); a stem enclosed by a step counts from that step;
    two stems enclosed by one step (never happens) would be taken in ring order from 子.
    Open question: "對" (facing) has no exact geometry in the text (in the example 丑
    is three points from the point opposite 丙); each gate gets the lone tally nearest
    the point opposite it, the two matched so that the total distance is least.
    """
    d = day_branch % 12
    laid: list[int] = []
    gates: list[int] = []
    steps: list[Step] = []
    k = 0
    while len(gates) < 2:
        if k >= _MAX_STEPS:
            raise RuntimeError(f"運籌 of a {BRANCHES[d]} day did not form 地戶")
        picked = None
        if k >= 6:  # 地戶不成，拾第一籌續呼而運之
            picked = laid.pop(0)
        stand = (d + k) % 12
        target = TARGET[stand]
        laid.append(target)
        new = [p for p in _enclosed(set(laid)) if p not in gates]
        gates.extend(new)
        steps.append(Step(
            stand=BRANCHES[stand],
            verse=VERSES[stand],
            target=BRANCHES[target],
            spirit=SPIRITS[k % 6],
            picked_up=None if picked is None else BRANCHES[picked],
            formed=MOUNTAINS[new[0]] if new else None,
        ))
        k += 1
    tian_men, di_hu = gates[0], gates[1]
    gate_neighbours = {(g + s) % 24 for g in (tian_men, di_hu) for s in (-1, 1)}
    lone = [BRANCH_POINT[b] for b in laid if BRANCH_POINT[b] not in gate_neighbours]
    kai = bi = None
    if len(lone) >= 2:
        facing = ((tian_men + 12) % 24, (di_hu + 12) % 24)
        best = min(permutations(lone, 2),
                   key=lambda pair: (_distance(pair[0], facing[0]) + _distance(pair[1], facing[1]), pair))
        kai, bi = MOUNTAINS[best[0]], MOUNTAINS[best[1]]
    yu_nu = YU_NU[d]
    return YunChou(
        day_branch=BRANCHES[d],
        yu_nu=yu_nu,
        tian_men=MOUNTAINS[tian_men],
        di_hu=MOUNTAINS[di_hu],
        kai=kai,
        bi=bi,
        tallies=tuple(BRANCHES[b] for b in laid),
        steps=tuple(steps),
        route=Route(out=MOUNTAINS[tian_men], enter=MOUNTAINS[di_hu], leave=yu_nu),
    )
