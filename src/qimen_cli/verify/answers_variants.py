"""The program's answers for the ledger's rows of the variants the texts leave for their rules
(`rows_variants.py`): the 一本's 擊刑 (`cast --school yiben`) and 天罡 on the texts' own 天門 and
地戶 (`--tian-men youmen|sanmen`), read from the engine and worded as text."""

from __future__ import annotations

from ..calendar.ganzhi import BRANCHES, CYCLE

#: The 旬首 in the text's order (甲子 戊 … 甲寅 癸).
XUN_ORDER = ("甲子", "甲戌", "甲申", "甲午", "甲辰", "甲寅")


def ji_xing_yiben() -> str:
    """Every (旬首, palace) at which `--school yiben` adds an 擊刑 over the 1,080 轉盤 plates, in the
    text's order of the 旬首 (甲戌8 甲申4 甲寅2)."""
    from ..qimen.patterns.core import PatternContext
    from ..qimen.patterns.schools import yiben_ji_xing
    from ..qimen.plates import build_plate

    found = set()
    for dun in "陽陰":
        for ju in range(1, 10):
            for hour in range(60):
                plate = build_plate(dun, ju, hour, "zhuan")
                pattern = yiben_ji_xing(PatternContext(plate, 0, hour, 2, 18, "上"))
                if pattern is not None:
                    found.add((plate.xun_shou, pattern.palace))
    return " ".join(f"{x}{p}" for x, p in sorted(found, key=lambda f: (XUN_ORDER.index(f[0]), f[1])))


def tian_men_youmen() -> str:
    """Under `liuren --tian-men youmen`, for each month 正 … 十二 (its 月將 by 004's 合神 rule, its
    月建): where 天罡 stands at the hours its gate is 天門, each with 004's reading 可以攻敵 ("?" where
    another reading is given)."""
    from ..liuren.plate import month_yue_jiang
    from ..liuren.report import cast

    places = []
    for month in range(1, 13):
        yue_jiang = month_yue_jiang(month)
        on = set()
        for hour in range(12):
            gate = cast(CYCLE.index("甲子"), hour, yue_jiang, month_jian=(month + 1) % 12, tian_men="youmen").tian_gang
            if "天門" in gate.gate:
                ok = gate.reading[gate.gate.index("天門")] == "可以攻敵"
                on.add(gate.on if ok else gate.on + "?")
        places.append("".join(sorted(on)) or "—")
    return "".join(places)


def tian_men_sanmen() -> str:
    """Under `liuren --tian-men sanmen`, over the 144 plates (月將 × hour): the generals standing over
    the places taken as 天門 and the 建除 officers (月建加正時) over those taken as 地戶."""
    from ..liuren.plate import GOD_NAMES
    from ..liuren.report import cast
    from ..qimen.names import JIANCHU

    generals, officers = [], []
    for yue_jiang in range(12):
        for hour in range(12):
            lesson = cast(CYCLE.index("甲子"), hour, yue_jiang, month_jian=2, tian_men="sanmen")
            gate = lesson.tian_gang
            for b in gate.tian_men:
                name = GOD_NAMES[BRANCHES.index(lesson.heaven_plate[b])]
                generals += [name] if name not in generals else []
            for b in gate.di_hu:
                name = JIANCHU[(BRANCHES.index(b) - hour) % 12]
                officers += [name] if name not in officers else []
    return "".join(generals) + " " + "".join(officers)
