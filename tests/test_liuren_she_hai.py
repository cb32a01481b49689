"""涉害: the engine's count against what the 六壬 tradition records of it, and 004's 四月戊辰日丑時.

The text names 涉害 and does not define the count (docs/decisions.md, "涉害 depth of a
candidate …").  These tests pin the engine's count to the tradition's own records: the worked
examples of 《六壬大全》 (課經, 訂訛), and the census a commentary on the 《課經》 gives of the 720
lessons (涉害六十三課, 見機九課, and one 綴瑕, "戊辰日干上子是也": 004's own 四月戊辰日丑時); and
they show every count tried on that lesson gives 神后 but the shallower-wins reading, which 004's
own 八專 sentence ("亦涉害深為用") rules out.
"""

from __future__ import annotations

from collections import Counter

from qimen_cli.calendar.branchplate import earth_under
from qimen_cli.calendar.ganzhi import BRANCH_PHASE, BRANCHES, STEM_PHASE, cycle_index, overcomes
from qimen_cli.liuren import transmissions as tr
from qimen_cli.liuren.lessons import XIA_KE_SHANG, four_lessons
from qimen_cli.liuren.plate import lodged_stems

MENG, ZHONG = {2, 5, 8, 11}, {0, 3, 6, 9}
B = {c: i for i, c in enumerate(BRANCHES)}


def pool(day: int, s: int):
    """(kind, the 涉害 candidates) when several 剋 candidates are all 比 or none is, else None."""
    found = tr.ke_candidates(four_lessons(day, s))
    if found is None or len(found[1]) == 1:
        return None
    kind, gods = found
    bi = tuple(g for g in gods if tr._matches_day(day % 10, g))
    return None if len(bi) == 1 else (kind, bi or gods)


def classify(day: int, s: int, depth=tr.she_hai_depth):
    """The 課經's steps: the deepest; tied, the one on a 孟 (見機), else on a 仲 (察微); else 綴瑕."""
    kind, gods = pool(day, s)
    depths = {g: depth(g, s, kind) for g in gods}
    tied = [g for g in gods if depths[g] == max(depths.values())]
    if len(tied) == 1:
        return "涉害", tied[0]
    meng = [g for g in tied if earth_under(s, g) in MENG]
    if len(meng) == 1:
        return "見機", meng[0]
    zhong = [g for g in tied if earth_under(s, g) in ZHONG] if not meng else []
    if len(zhong) == 1:
        return "察微", zhong[0]
    return "綴瑕", tied[0]


def start_excluded(god: int, s: int, kind: str) -> int:
    """The count of 訂訛 and the 課經's example: as the engine's, without the place the god stands on."""
    phase, start, depth = BRANCH_PHASE[god], earth_under(s, god), 0
    for step in range(1, s):
        pos = (start + step) % 12
        for p in [BRANCH_PHASE[pos]] + [STEM_PHASE[t] for t in lodged_stems(pos)]:
            depth += overcomes(p, phase) if kind == XIA_KE_SHANG else overcomes(phase, p)
    return depth


LESSONS = [(day, s) for day in range(60) for s in range(1, 12) if s != 6 and pool(day, s)]


def test_census_of_the_ke_jing():
    """"取受尅深發用者，得涉害六十三課；涉害俱深，取孟上神發用者，得見機九課 … 得綴瑕一課，戊辰日干上子是也"
    (a commentary on the 《課經》): the engine's count gives 63 and 9, and the one 綴瑕 is 戊辰 with 子 over
    its 寄宮 巳 — 004's 四月戊辰日丑時 (申將 on 丑).  (察微: 3 here, the commentary says 2.)"""
    steps = Counter(classify(day, s)[0] for day, s in LESSONS)
    assert (steps["涉害"], steps["見機"], steps["察微"]) == (63, 9, 3)
    zhui_xia = [(day, s) for day, s in LESSONS if classify(day, s)[0] == "綴瑕"]
    assert zhui_xia == [(cycle_index("戊辰"), (B["申"] - B["丑"]) % 12)]
    assert tr.transmit(*zhui_xia[0])[0][0].upper == B["子"]  # 干上子


def test_census_needs_the_start_counted():
    """Without the place the god stands on, no lesson is 綴瑕 and the census is not the commentary's."""
    steps = Counter(classify(day, s, start_excluded)[0] for day, s in LESSONS)
    assert steps["涉害"] != 63 and steps["綴瑕"] == 0


def test_ding_e_examples_pick_alike():
    """《六壬大全》 訂訛: "庚子日午加庚，戌加子，兩上克下 … 午加庚金，前行歷酉辛金二重 … 戌加子水，前行歷癸水一重 …
    取午發用。丁卯日丑加卯、亥加丑，兩下克上 … 丑加卯木，前行歷辰中乙木一重 … 亥加丑土，前行歷辰、戊、未、己、戌土五重
    … 取亥發用": its numbers leave out the place stood on; the engine's (with it) pick the same gods."""
    for day, kind, first, other, counts in (("庚子", "上克下", "午", "戌", (2, 1)), ("丁卯", "下克上", "亥", "丑", (5, 1))):
        d, s = cycle_index(day), 10
        assert pool(d, s)[0] == kind
        assert (start_excluded(B[first], s, kind), start_excluded(B[other], s, kind)) == counts
        assert tr.she_hai_depth(B[first], s, kind) > tr.she_hai_depth(B[other], s, kind)
        lessons, t = tr.transmit(d, s)
        assert (t.rule, BRANCHES[t.branches[0]]) == ("涉害", first)


def test_wuchen_chou_every_count():
    """004: "自有俱此以淺害深者為用，四月戊辰日丑時勝光是也" — every count gives 神后 (子) but the shallower
    on the count without the start, 子 3 午 2 (docs/decisions.md lists them)."""
    d, s = cycle_index("戊辰"), (B["申"] - B["丑"]) % 12
    kind, gods = pool(d, s)
    assert (kind, [BRANCHES[g] for g in gods]) == (XIA_KE_SHANG, ["子", "午"])
    assert [tr.she_hai_depth(g, s, kind) for g in gods] == [4, 4]
    assert [start_excluded(g, s, kind) for g in gods] == [3, 2]
    assert [earth_under(s, g) in MENG for g in gods] == [True, True]  # both on a 孟: 見機 does not decide
    assert classify(d, s) == ("綴瑕", B["子"]) and classify(d, s, start_excluded) == ("涉害", B["子"])
    assert tr.transmit(d, s)[1].branches[0] == B["子"]
    shallower = min(gods, key=lambda g: start_excluded(g, s, kind))
    assert shallower == B["午"]  # 勝光: only by taking the shallower
