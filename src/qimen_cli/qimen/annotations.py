"""Palace annotations beyond the three texts (`cast --annotate`): 暗干, 十二長生, 旺相休囚 by the
palace and by the month, 入墓 by the 十干 rule and by the 三奇 rule, 門迫 and 受制.

None of these is taught by seed texts 000, 003 or 004: each is an extension, off by default,
named in the output with its classical source and the reading taken (`ANNOTATIONS`), and written
only when asked (`cast --annotate KEY,…` or `all`).  The rules are those practitioners' software
computes (qimen-rs `docs/extensions.md` documents the same readings); every table is module-level
data and every rule a small pure function on the plate's own names.  docs/decisions.md
("Palace annotations") gives the readings and where the sources differ.

The stems annotated in a palace are its earth stems (a lodged 中五 stem after the palace's own,
`lodged`), its heaven stems (the second one carried from the lodged centre) and, when 暗干 is
asked for, its 暗干 (`plate` "earth", "heaven", "hidden").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..calendar.compass import BRANCH_PALACE
from ..calendar.ganzhi import BRANCH_PHASE, BRANCHES, STEM_PHASE, STEMS, generates, overcomes
from ..records import frozen
from .patterns.qi import STAR_PHASE
from .plates import EARTH_ORDER, Plate

# --- tables -----------------------------------------------------------------------------

#: The keys `--annotate` takes, in the order they are written (the issue's names), → the JSON key.
KEYS = {"anGan": "an_gan", "changSheng": "chang_sheng", "wangShuai": "wang_shuai", "ruMu": "ru_mu", "menPo": "men_po"}
#: Each annotation: (its name, the classical source, the reading taken).  The view, `cast --json`
#: and `qimen patterns` name them with these words.
ANNOTATIONS: dict[str, tuple[str, str, str]] = {
    "an_gan": ("暗干", "modern convention (qimen-go 值使起, qimen-rs; taynpg/csp#9: 時干找值使飛布，遇地盤相同入中); no classic",
               "值使起時干: the hour stem (a 甲 hour: its 旬's 儀) laid from the 直使's palace, or from 中五 when it is that "
               "palace's own earth stem, with the stems after it in 戊己庚辛壬癸丁丙乙, through 1…9 with 5, 陽順陰逆"),
    "chang_sheng": ("十二長生", "《三命通會》卷二 論天干陰陽生死",
                    "陽干順行 陰干逆行 from each stem's 長生 branch; 戊 as 丙, 己 as 丁 (火土同宮); a palace's branches "
                    "坎子 坤未申 震卯 巽辰巳 乾戌亥 兌酉 艮丑寅 離午, 中五 none"),
    "wang_shuai": ("旺相休囚", "stars: 《烟波釣叟歌》; doors and stems: 《三命通會》卷二 論五行旺相休囚死",
                   "against the palace's 五行 and the 節氣 month branch's (辰戌丑未 土): stars 同相 我生旺 生我廢 我克休 "
                   "克我囚; doors and stems 同旺 我生休 生我相 我克囚 克我死"),
    "ru_mu": ("入墓", "十干: 《三命通會》卷二 (the 墓 of 十二長生); 三奇: 《遁甲演義》",
              "a stem is 入墓 when its palace holds its tomb branch; 十干: the 墓 stage (甲未 乙戌 丙戊戌 丁己庚丑 辛壬辰 癸未); "
              "三奇: 乙未 丙戌 丁丑, 六儀 not applicable (null); 003's 奇墓 (丙丁墓六) is the chart's pattern 奇墓"),
    "men_po": ("門迫", "《遁甲演義》 門迫宮迫",
               "門迫: the door's 五行 overcomes the palace's; 受制: the palace's overcomes the door's; kept apart, "
               "中五 has no door"),
}

#: The twelve stages, from 長生.
STAGES = tuple("長生 沐浴 冠帶 臨官 帝旺 衰 病 死 墓 絕 胎 養".split())
#: Each stem's 長生 branch (土 with 火: 戊 as 丙, 己 as 丁).
CHANG_SHENG_BRANCH = {"甲": "亥", "乙": "午", "丙": "寅", "丁": "酉", "戊": "寅", "己": "酉", "庚": "巳", "辛": "子",
                      "壬": "申", "癸": "卯"}
#: The branches of each palace (two in the 四維: 坎子 坤未申 震卯 巽辰巳 乾戌亥 兌酉 艮丑寅 離午), 中五
#: none: read off the compass's branch → palace (`compass.BRANCH_PALACE`), in branch order.
PALACE_BRANCHES = {p: tuple(BRANCHES[b] for b in range(12) if BRANCH_PALACE[b] == p) for p in range(1, 10)}
#: The 五行 of each palace (中五 土).
PALACE_PHASE = {1: "水", 2: "土", 3: "木", 4: "木", 5: "土", 6: "金", 7: "金", 8: "土", 9: "火"}
#: The 五行 of each door.
DOOR_PHASE = {"休門": "水", "生門": "土", "傷門": "木", "杜門": "木", "景門": "火", "死門": "土", "驚門": "金", "開門": "金"}
#: A star's state by its relation to the environment (烟波): same, it produces, produced by, it controls, controlled.
STAR_STATES = {"same": "相", "produces": "旺", "produced": "廢", "controls": "休", "controlled": "囚"}
#: A door's or stem's state by the same relations (ordinary 五行).
PHASE_STATES = {"same": "旺", "produces": "休", "produced": "相", "controls": "囚", "controlled": "死"}
#: The 三奇's tombs (《遁甲演義》): 乙 未, 丙 戌, 丁 丑; the 六儀 have none under this rule.
SAN_QI_TOMB = {"乙": "未", "丙": "戌", "丁": "丑"}


# --- the rules ----------------------------------------------------------------------------


def stage(stem: str, branch: str) -> str:
    """The 十二長生 stage of `stem` at `branch`: 陽干 forward, 陰干 backward from its 長生 branch.

    Beyond the texts: 《三命通會》卷二「論天干陰陽生死」 — 甲木生亥，死午；乙木生午，死亥 … 陽順陰逆;
    戊 follows 丙 and 己 follows 丁 (火土同宮).
    """
    start = BRANCHES.index(CHANG_SHENG_BRANCH[stem])
    steps = BRANCHES.index(branch) - start
    return STAGES[(steps if STEMS.index(stem) % 2 == 0 else -steps) % 12]


def tomb_branch(stem: str) -> str:
    """The 十干 rule's tomb of `stem`: the branch where its 十二長生 stage is 墓."""
    return next(b for b in BRANCHES if stage(stem, b) == "墓")


def in_tomb(stem: str, palace: int) -> bool:
    """入墓, the 十干 rule: the palace holds the stem's 墓 branch (中五 holds none).

    Beyond the texts: 《三命通會》卷二, the 墓 of 十二長生 (甲墓未, 乙墓戌 …).
    """
    return tomb_branch(stem) in PALACE_BRANCHES[palace]


def in_san_qi_tomb(stem: str, palace: int) -> bool | None:
    """入墓, the 三奇 rule: 乙 in 未 (坤2), 丙 in 戌 (乾6), 丁 in 丑 (艮8); None for a 六儀.

    Beyond the texts: 《遁甲演義》 三奇入墓 (乙未 丙戌 丁丑); 003 teaches 奇墓 otherwise
    (乙奇臨二宮，丙奇、丁奇臨六宮), which is the chart's pattern 奇墓, not this annotation.
    """
    tomb = SAN_QI_TOMB.get(stem)
    return None if tomb is None else tomb in PALACE_BRANCHES[palace]


def relation(thing: str, env: str) -> str:
    """How the 五行 `thing` stands to the environment's `env`: same, produces, produced,
    controls, controlled."""
    if thing == env:
        return "same"
    if generates(thing, env):
        return "produces"
    if generates(env, thing):
        return "produced"
    return "controls" if overcomes(thing, env) else "controlled"


def star_state(star: str, env: str) -> str:
    """旺相休囚廢 of a star in an environment of 五行 `env` (the palace's or the month's).

    Beyond the texts: 《烟波釣叟歌》 as practitioners read it — 同相 我生旺 生我廢 我克休 克我囚
    (the stars' 五行: "九星蓬水、英火、沖輔木、任芮禽土、柱心金", 000); by the month this is
    000's own 氣應 star state.
    """
    return STAR_STATES[relation(STAR_PHASE[star], env)]


def phase_state(phase: str, env: str) -> str:
    """旺相休囚死 of a door or stem of 五行 `phase` in an environment `env`.

    Beyond the texts: 《三命通會》卷二「論五行旺相休囚死」 — 同旺 我生休 生我相 我克囚 克我死.
    """
    return PHASE_STATES[relation(phase, env)]


def men_po(door: str, palace: int) -> bool:
    """門迫: the door's 五行 overcomes the palace's (開驚 in 3 4, 休 in 9, 生死 in 1, 景 in 6 7,
    傷杜 in 2 8).

    Beyond the texts: 《遁甲演義》「門迫宮迫」; 003 names the same places 迫 (its pattern 迫).
    """
    return overcomes(DOOR_PHASE[door], PALACE_PHASE[palace])


def shou_zhi(door: str, palace: int) -> bool:
    """受制 (宮制門): the palace's 五行 overcomes the door's — never 門迫.

    Beyond the texts: 《遁甲演義》「門迫宮迫」, the other direction.
    """
    return overcomes(PALACE_PHASE[palace], DOOR_PHASE[door])


def an_gan(dun: str, hour_stem: str, start: int) -> dict[int, str]:
    """暗干 of the nine palaces: `hour_stem` at `start`, then the stems after it in
    戊己庚辛壬癸丁丙乙 (wrapping), one a palace through 1…9 with 5, forward (陽) or backward (陰).

    Beyond the texts: the modern 值使起 convention (qimen-go, qimen-rs; taynpg/csp#9
    "時干找值使飛布，遇地盤相同入中"); no classic names it.
    """
    sign = 1 if dun == "陽" else -1
    first = EARTH_ORDER.index(hour_stem)
    return {(start - 1 + sign * i) % 9 + 1: EARTH_ORDER[(first + i) % 9] for i in range(9)}


def an_gan_start(plate: Plate) -> tuple[str, int, bool]:
    """(the hour stem laid — a 甲 hour's 儀, the palace it is laid from, whether that is 中五
    because the stem is the 直使 palace's own earth stem)."""
    stem = STEMS[plate.hour % 10]
    stem = plate.xun_yi if stem == "甲" else stem
    start = plate.zhi_shi_palace
    centre = plate.palace(start).earth_stems[0] == stem and start != 5
    return stem, 5 if centre else start, centre


# --- the records --------------------------------------------------------------------------


@frozen
class StemAt:
    """One stem in one palace: `plate` earth, heaven or hidden (暗干); `lodged`: the 中五 stem
    lodged there (earth) or carried from the lodge (heaven)."""

    palace: int
    plate: str
    stem: str
    lodged: bool


@frozen
class Stage:
    branch: str
    stage: str


@frozen
class StemStages:
    palace: int
    plate: str
    stem: str
    lodged: bool
    stages: tuple[Stage, ...]


@frozen
class Strength:
    """The state of one thing in one palace: `kind` star, door or stem (`plate` for a stem)."""

    palace: int
    kind: str
    name: str
    plate: str | None
    phase: str
    by_palace: str
    by_month: str


@frozen
class Tomb:
    palace: int
    plate: str
    stem: str
    lodged: bool
    tomb: str | None
    in_tomb: bool | None


@frozen
class DoorPress:
    palace: int
    door: str
    door_phase: str
    palace_phase: str
    men_po: bool
    shou_zhi: bool


@frozen
class Annotation:
    """One annotation of a chart: its `key` (the JSON's), name, source and reading, and its
    records; `start` the 暗干's (stem, palace, from 中五), `month` the month branch and its 五行
    of 旺相休囚, `rule` 入墓's rule (shi_gan, san_qi)."""

    key: str
    name: str
    source: str
    method: str
    items: tuple[Any, ...]
    rule: str | None = None
    start: tuple[str, int, bool] | None = None
    month: tuple[str, str] | None = None


def stems_of(plate: Plate, hidden: dict[int, str] | None) -> tuple[StemAt, ...]:
    """Every stem of the plate, palace by palace: earth (own, then lodged), heaven, hidden."""
    out: list[StemAt] = []
    for p in range(1, 10):
        cell = plate.palace(p)
        out += [StemAt(p, "earth", s, i > 0) for i, s in enumerate(cell.earth_stems)]
        out += [StemAt(p, "heaven", s, i > 0) for i, s in enumerate(cell.heaven_stems)]
        if hidden is not None:
            out.append(StemAt(p, "hidden", hidden[p], False))
    return tuple(out)


def _info(key: str) -> dict[str, Any]:
    name, source, method = ANNOTATIONS[key]
    return {"key": key, "name": name, "source": source, "method": method}


@lru_cache(maxsize=4096)
def annotate(plate: Plate, month_branch: int, keys: tuple[str, ...]) -> tuple[Annotation, ...]:
    """The annotations `keys` (JSON keys, `KEYS`' values) of `plate` (as drawn: its lodge, its stars)
    in the month of `month_branch`, in `KEYS`' order (入墓 as two: the 十干 rule, then the 三奇 rule)."""
    dun = plate.dun
    stem, start, centre = an_gan_start(plate)
    hidden = an_gan(dun, stem, start) if "an_gan" in keys else None
    stems = stems_of(plate, hidden)
    month = BRANCHES[month_branch]
    month_phase = BRANCH_PHASE[month_branch]
    out: list[Annotation] = []
    items: tuple[Any, ...]
    for key in KEYS.values():
        if key not in keys:
            continue
        if key == "an_gan" and hidden is not None:  # (hidden is laid when an_gan is asked)
            items = tuple(StemAt(p, "hidden", hidden[p], False) for p in range(1, 10))
            out.append(Annotation(**_info(key), items=items, start=(stem, start, centre)))
        elif key == "chang_sheng":
            items = tuple(StemStages(s.palace, s.plate, s.stem, s.lodged,
                                     tuple(Stage(b, stage(s.stem, b)) for b in PALACE_BRANCHES[s.palace]))
                          for s in stems)
            out.append(Annotation(**_info(key), items=items))
        elif key == "wang_shuai":
            strengths: list[Strength] = []
            for p in range(1, 10):
                cell, env = plate.palace(p), PALACE_PHASE[p]
                strengths += [Strength(p, "star", s, None, STAR_PHASE[s], star_state(s, env), star_state(s, month_phase))
                          for s in cell.stars]
                if cell.door is not None:
                    ph = DOOR_PHASE[cell.door]
                    strengths.append(Strength(p, "door", cell.door, None, ph, phase_state(ph, env),
                                              phase_state(ph, month_phase)))
                strengths += [Strength(p, "stem", s.stem, s.plate, ph, phase_state(ph, env), phase_state(ph, month_phase))
                          for s in stems if s.palace == p for ph in (STEM_PHASE[STEMS.index(s.stem)],)]
            out.append(Annotation(**_info(key), items=tuple(strengths), month=(month, month_phase)))
        elif key == "ru_mu":
            items = tuple(Tomb(s.palace, s.plate, s.stem, s.lodged, tomb_branch(s.stem), in_tomb(s.stem, s.palace))
                          for s in stems)
            out.append(Annotation(**_info(key), items=items, rule="shi_gan"))
            items = tuple(Tomb(s.palace, s.plate, s.stem, s.lodged, SAN_QI_TOMB.get(s.stem),
                               in_san_qi_tomb(s.stem, s.palace)) for s in stems)
            out.append(Annotation(**_info(key), items=items, rule="san_qi"))
        elif key == "men_po":
            items = tuple(DoorPress(p, d, DOOR_PHASE[d], PALACE_PHASE[p], men_po(d, p), shou_zhi(d, p))
                          for p in range(1, 10) if (d := plate.palace(p).door) is not None)
            out.append(Annotation(**_info(key), items=items))
    return tuple(out)


def palace_values(annotations: tuple[Annotation, ...]) -> dict[int, dict[str, tuple[str, ...]]]:
    """What `find`'s palace conditions read of the annotations, palace → key → values: an_gan (the
    暗干), chang_sheng (every stage of every stem there), ru_mu and ru_mu_san_qi (the stems 入墓
    under each rule), star_month and door_month (the states by the month), men_po and shou_zhi
    ("true" or "false")."""
    out: dict[int, dict[str, list[str]]] = {p: {} for p in range(1, 10)}

    def add(p: int, key: str, value: str) -> None:
        values = out[p].setdefault(key, [])
        if value not in values:
            values.append(value)

    for a in annotations:
        for item in a.items:
            p = item.palace
            if a.key == "an_gan":
                add(p, "an_gan", item.stem)
            elif a.key == "chang_sheng":
                for s in item.stages:
                    add(p, "chang_sheng", s.stage)
            elif a.key == "ru_mu" and item.in_tomb:
                add(p, "ru_mu" if a.rule == "shi_gan" else "ru_mu_san_qi", item.stem)
            elif a.key == "wang_shuai" and item.kind in ("star", "door"):
                add(p, f"{item.kind}_month", item.by_month)
            elif a.key == "men_po":
                add(p, "men_po", "true" if item.men_po else "false")
                add(p, "shou_zhi", "true" if item.shou_zhi else "false")
    return {p: {k: tuple(v) for k, v in keys.items()} for p, keys in out.items()}


#: The palace keys of `find` (`cast:palace(chang_sheng=帝旺)`) → their values.
FIND_KEYS: dict[str, tuple[str, ...]] = {
    "an_gan": EARTH_ORDER, "chang_sheng": STAGES, "ru_mu": EARTH_ORDER, "ru_mu_san_qi": tuple(SAN_QI_TOMB),
    "star_month": tuple("旺相休囚廢"), "door_month": tuple("旺相休囚死"), "men_po": ("true", "false"),
    "shou_zhi": ("true", "false"),
}
