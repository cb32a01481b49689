"""The adapter between `find` and the arts: the one module to change when their APIs change.

For each art (cast, pillars, noble, twelve-gods, gucu, liuren) it gives

* `Art.compute(moment, opts)` — the result the subcommand computes for a Moment under these
  options, and `Art.to_json(result, opts)` — the dict its `--json` prints (both from `arts/`);
* `Art.named` — the art's named conditions (`ART:NAME`): what each checks, and how to read
  its value off the engine result or the JSON;
* for cast, the plate index: which (遁, 局, hour 干支) keys carry a plate-only pattern.

`opts` is a plain dict of find's art options (method, layout, switch, school, noble_rule,
month_basis, size, tone, born, lat, steps, lunar_zone, fan_yin; lon and ephemeris from the time
options), with the subcommands' defaults (`DEFAULTS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from ..records import frozen

#: The arts `find` searches, cheapest first (the order conditions are tried in).
ART_ORDER = ("pillars", "cast", "liuren", "noble", "gucu", "twelve-gods")

DEFAULTS = {
    "method": "zhirun", "layout": "zhuan", "switch": "shichen", "school": "gu", "noble_rule": "najia",
    "month_basis": "lunar", "size": None, "tone": None, "steps": 6, "lunar_zone": "china",
    "born": None, "lat": None, "lon": None, "ephemeris": None, "fan_yin": "chong",
}


#: find's --school values (cast's) under which twelve-gods shows its 三氏 variants: those that
#: turn on what 三氏 hold together (qimen/patterns/schools.SCHOOL_SETS).
TWELVE_SANSHI = ("li", "lin", "tao", "sanshi")


@frozen
class Named:
    """A named condition: `read(ev)` gives the value that satisfies it, or None when it fails.

    `verdict` (吉, 凶, "" where the text does not judge, 吉凶 where the chart decides),
    `checks` (one line), `source`, `line` and `quote`: the rule as the registry (cast) or
    `RULE_TEXTS` (the other arts) records it, for `--explain`; `line` None and `source` ""
    where the rule is a standard one the texts do not state."""

    name: str
    doc: str
    read: Callable[[Any], Any]
    plate: bool = False          # a cast pattern found on the plate alone (index-able)
    verdict: str = ""
    checks: str = ""
    source: str = ""
    line: int | None = None
    quote: str = ""

    def rule(self) -> dict:
        """The rule's record: name, verdict, checks, source, line, chapter (`texts.cite`), quote."""
        from ..texts import chapter_of

        return {"name": self.name, "verdict": self.verdict, "checks": self.checks or self.doc, "source": self.source,
                "line": self.line, "chapter": chapter_of(self.source, self.line), "quote": self.quote}


#: The seed files the rules of the other arts quote.
SOURCE_000, SOURCE_004 = "000_4b5dcee18d5e7425.txt", "004_64097a01f3826baf.txt"

#: (art, name) → (verdict, seed file, line, the text's words) of the named conditions of the
#: arts other than cast (cast's come from the pattern registry); names that share a rule read
#: one row (the twelve officers "建除", 有X the rule X).  tests/test_find_rules.py finds each
#: quote on its line of the seed file.
RULE_TEXTS: dict[tuple[str, str], tuple[str, str, int, str]] = {
    ("twelve-gods", "合"): ("吉", SOURCE_000, 63, "二神常合於巳亥，格於寅申。將兵者合時宜戰，格時宜守，餘時皆背亭亭、擊白奸大勝。"),
    ("twelve-gods", "格"): ("", SOURCE_000, 63, "二神常合於巳亥，格於寅申。將兵者合時宜戰，格時宜守，餘時皆背亭亭、擊白奸大勝。"),
    ("twelve-gods", "建除"): ("", SOURCE_000, 39, "直辰者，建、除、滿、平、定、執、破、危、成、收、開、閉也。"),
    ("noble", "私門吉門"): ("吉", SOURCE_000, 51, "私門之方，更得奇門湊合，百事乘之大吉。"),
    ("noble", "私門奇門"): ("吉", SOURCE_000, 51, "私門之方，更得奇門湊合，百事乘之大吉。"),
    ("gucu", "往亡"): ("凶", SOURCE_004, 11, "一說雲，天門日亦謂之往亡，不可出軍"),
    ("gucu", "六窮"): ("凶", SOURCE_004, 7, "一說雲，六窮日不可出軍：初九、十九、二十八。"),
    ("gucu", "軍忌"): ("凶", SOURCE_004, 55, "每到十日、二十、三十日，並軍忌，不可用之。"),
    ("gucu", "出軍吉日"): ("吉", SOURCE_004, 3, "又曰：十二月中各有出軍吉凶日。"),
    ("gucu", "天乙絕氣"): ("凶", SOURCE_004, 7, "一說雲，天乙絕氣日，不可出軍攻戰"),
    ("liuren", "伏吟"): ("", SOURCE_004, 167, "自有伏吟時，剛日用日上神，柔日用辰上神，皆前刑而後克，前破而後沖，以為三傳。"),
    ("liuren", "反吟"): ("", SOURCE_004, 171, "自有反吟時，剛日以日（一作月）沖為用，柔日以辰沖為用，皆載沖而後刑，為三傳。"),
    ("liuren", "賊剋"): ("", SOURCE_004, 139, "四課既畢，見有相剋，取以發課。"),
    ("liuren", "上克下"): ("", SOURCE_004, 143, "凡四課之內，上克下者，正月甲子日寅時用勝光是也。"),
    ("liuren", "下克上"): ("", SOURCE_004, 143, "又有下克上者，二月丁巳日午時用從魁是也。"),
    ("liuren", "比用"): ("", SOURCE_004, 143, "自兩上克下以此為用，三月庚午日河魁是也。"),
    ("liuren", "涉害"): ("", SOURCE_004, 143, "自有涉害俱深以先見者為用，五月己酉日戌時用勝光是也。"),
    ("liuren", "遙剋"): ("", SOURCE_004, 147, "自有上下俱不相剋，以遙相剋為用。"),
    ("liuren", "昴星"): ("", SOURCE_004, 155, "四課者自有無遙相剋者，當以仰伏視之，此法為用。"),
    ("liuren", "八專"): ("", SOURCE_004, 155, "自有八專日。"),
    ("liuren", "不可占"): ("凶", SOURCE_004, 179, "說曰：甲乙日日入時，丙丁日夜半時，戊己日平旦時，庚申日巳時，壬癸日晡時（已上不可占也）。"),
    ("liuren", "向建"): ("凶", SOURCE_004, 179, "用式之時，朝向南，暮向北，避歲月二建。"),
    ("liuren", "天罡加之"): ("", SOURCE_004, 179, "一云：正月、五月、九月卯，二月、六月、十月子，三月、七月、十一月酉，四月、八月、十二月丑。已上以天罡加之，增減式法。"),
    ("liuren", "天罡加地戶"): ("吉", SOURCE_004, 63, "凡在所用，以天罡加地戶，可以入山林，設伏兵。"),
    ("liuren", "天罡加天門"): ("吉", SOURCE_004, 63, "以天罡加天門，可以攻敵。"),
    ("liuren", "天罡加酉"): ("吉", SOURCE_004, 63, "以天罡加酉，隨便伏匿，可以探敵事，他人不覺知。"),
}


def with_text(named: Named, art: str, row: str | None = None) -> Named:
    """`named` with the verdict, seed file, line and quote of its `RULE_TEXTS` row (`row`, or
    its own name); unchanged when the texts do not state the rule."""
    found = RULE_TEXTS.get((art, row or named.name))
    if found is None:
        return named
    verdict, source, line, quote = found
    return Named(named.name, named.doc, named.read, named.plate, verdict, named.checks, source, line, quote)


@dataclass
class Art:
    name: str
    compute: Callable[[Any, dict], Any]
    to_json: Callable[[Any, dict], dict]
    named: dict[str, Named] = field(default_factory=dict)
    lunar: bool = False          # needs the lunar date on the Moment (--lunar-zone)
    #: `part(result, key)`: the value of the top-level JSON key alone, when it can be written
    #: without the rest of the object (None: write the whole object).
    part: Callable[[Any, str], Any] | None = None


def as_dict(text: str) -> dict:
    """A subcommand's JSON (the text its writer returns) as a dict: `find` reads its conditions' values off it."""
    import json

    return json.loads(text)


# --- cast ------------------------------------------------------------------------------


def _cast_compute(moment, opts):
    from ..arts.cast import compute

    return compute(moment, opts["method"], opts["layout"], opts["switch"], opts["school"])


def _cast_json(chart, opts):
    from ..arts.cast import to_json

    return as_dict(to_json(chart))


def pattern_names() -> tuple[str, ...]:
    """Every pattern name `cast --where` and `find cast:NAME` take, in registry order."""
    from ..qimen.patterns import PATTERN_NAMES

    return tuple(dict.fromkeys(PATTERN_NAMES))


@cache
def plate_pattern_names() -> frozenset[str]:
    """Names decided by the plate alone (the same on every chart of a plate): the registry's
    `is_plate_only` when it is there, else the rules' `scope`."""
    from ..qimen import patterns

    if hasattr(patterns, "is_plate_only"):
        return frozenset(n for n in pattern_names() if patterns.is_plate_only(n))
    plate, other = set(), set()
    for fn in patterns.PATTERNS:
        (plate if fn.scope == patterns.PLATE else other).update(fn.names)
    return frozenset(plate - other)


def _pattern_doc(name: str) -> str:
    """What `cast:NAME` checks: the registry's summary and verdict when it has them."""
    from ..qimen import patterns

    rule = getattr(patterns, "RULE_OF", {}).get(name)
    summary = getattr(rule, "summary", "") if rule is not None else ""
    verdict = getattr(rule, "verdicts", {}).get(name, "") if rule is not None else ""
    text = f"the pattern {name} is on the chart (as cast --where {name})"
    if summary:
        text += f": {summary}"
    if verdict:
        text += f" [{verdict}]"
    return text + "; value: its details"


def _pattern_details(patterns, name: str):
    """The details of the author's pattern `name` (a recorded school's variant of the same name,
    `cast --school`, is not it: cast:NAME names the registry's rule; read a variant off the JSON,
    cast:patterns[*].school)."""
    found = [p.detail or p.name for p in patterns if p.name == name and not p.school]
    return found or None


def chart_has(chart, name: str):
    """The details of the pattern `name` on a chart (a list), or None when it is not there."""
    return _pattern_details(chart.patterns, name)


def _cast_named() -> dict[str, Named]:
    """Every name of the pattern registry (a rule registered later is a condition too), with
    the registry's verdict, summary, seed file, line and quote."""
    from ..qimen.patterns import RULE_OF

    plate_only = plate_pattern_names()
    out = {}
    for name in pattern_names():
        rule = RULE_OF[name]
        out[name] = Named(
            name,
            _pattern_doc(name),
            (lambda n: lambda ev: chart_has(ev.result("cast"), n))(name),
            plate=name in plate_only,
            verdict=rule.verdicts.get(name, ""), checks=rule.summary, source=rule.source, line=rule.line,
            quote=rule.quote,
        )
    return out


@lru_cache(maxsize=8)
def plate_index(name: str, layout: str) -> frozenset[tuple[str, int, int]]:
    """The (遁, 局, hour 干支 index) keys whose plate shows the plate-only pattern `name`:
    the plate index (`qimen.index.plate_keys_with`) when it is there, else built here once
    per (name, layout) from the 1,080 plates."""
    try:
        from ..qimen.index import plate_keys_with
    except ImportError:
        pass
    else:
        return frozenset(plate_keys_with(name, layout))
    from ..qimen.patterns import plate_patterns
    from ..qimen.plates import build_plate

    keys = set()
    for dun in ("陽", "陰"):
        for ju in range(1, 10):
            for hour in range(60):
                groups = plate_patterns(build_plate(dun, ju, hour, layout))
                if any(p.name == name for group in groups if group for p in group):
                    keys.add((dun, ju, hour))
    return frozenset(keys)


@lru_cache(maxsize=4096)
def plate_details(name: str, dun: str, ju: int, hour: int, layout: str):
    """The details of the plate-only pattern `name` on the plate (遁, 局, hour), or None."""
    from ..qimen.patterns import plate_patterns
    from ..qimen.plates import build_plate

    groups = plate_patterns(build_plate(dun, ju, hour, layout))
    found = _pattern_details([p for group in groups if group for p in group], name)
    return tuple(found) if found else None


@lru_cache(maxsize=4 * 1080)
def plate_palaces(dun: str, ju: int, hour: int, layout: str, patterns: bool = True) -> dict:
    """The nine palace records (`places.palace_records`) of the plate (遁, 局, hour) with the
    hour's 空亡 and 驛馬 and, when `patterns`, its plate-only patterns: what a palace condition
    that reads the plate alone tests (without patterns, the rules are not run)."""
    from ..qimen.plates import build_plate
    from .places import hour_marks, palace_records

    plate = build_plate(dun, ju, hour, layout)
    found = ()
    if patterns:
        from ..qimen.patterns import plate_patterns

        found = [p for group in plate_patterns(plate) if group for p in group]
    return palace_records(plate, found, *hour_marks(hour))


def chart_palaces(chart) -> dict:
    """The nine palace records of a cast Chart: its patterns, 空亡 and 驛馬 palaces."""
    from .places import palace_records

    return palace_records(chart.plate, chart.patterns, chart.kong_wang_palaces, chart.yi_ma_palace)


# --- pillars ---------------------------------------------------------------------------


def _pillars_json(moment, opts):
    from ..arts.pillars import to_json

    return as_dict(to_json(moment))


# --- noble -----------------------------------------------------------------------------


def _noble_compute(moment, opts):
    from ..arts.noble import compute

    return compute(moment, opts["method"], opts["layout"], True)


def _noble_json(result, opts):
    from ..arts.noble import to_json

    return as_dict(to_json(result))


#: Returned by a `part` function when the key is not the report's own.
WHOLE = object()


def _report_part(result, key: str):
    """A top-level key of the noble / twelve-gods JSON that is a field of the report, written
    alone by the same encoder as the whole object (`render.json_gods.ENCODE`)."""
    import dataclasses
    import json

    report = result[1]
    if key.startswith("_") or key not in {f.name for f in dataclasses.fields(report)}:
        return WHOLE
    try:
        from ..render.json_gods import ENCODE
    except ImportError:  # the writer moved: write the whole object
        return WHOLE
    return json.loads(ENCODE(getattr(report, key)))


def _si_men(ev, key: str):
    hits = [f"{row['general']}{row['earth_branch']} {row['door']}" for row in ev.part("noble", "si_men_qimen") if row[key]]
    return hits or None


# --- twelve-gods -----------------------------------------------------------------------


def _twelve_compute(moment, opts):
    from ..arts.twelve_gods import compute

    return compute(moment, "sanshi" if opts["school"] in TWELVE_SANSHI else "gu")


def _twelve_json(result, opts):
    from ..arts.twelve_gods import to_json

    return as_dict(to_json(result))


def _he_ge(ev, want: str):
    value = ev.result("twelve-gods")[1].directions.he_ge
    return value if value == want else None


def _officer(ev, want: str):
    value = ev.result("twelve-gods")[1].jianchu.officer
    return value if value == want else None


# --- gucu ------------------------------------------------------------------------------


def _gucu_compute(moment, opts):
    from ..arts.gucu import compute

    return compute(moment, size=opts["size"], tone=opts["tone"], born=opts.get("born"), steps=opts["steps"],
                   month_basis=opts["month_basis"], method=opts["method"], layout=opts["layout"], no_chart=False)


def _gucu_json(result, opts):
    from ..arts.gucu import to_json

    return as_dict(to_json(result))


def _chu_jun(ev, key: str):
    return True if ev.json("gucu")["chu_jun"][key] else None


# --- liuren ----------------------------------------------------------------------------


def _liuren_compute(moment, opts):
    from ..arts.liuren import compute, ephemeris_for

    lat = opts.get("lat")
    path = ephemeris_for(opts["noble_rule"], lat, opts.get("ephemeris"))
    return compute(moment, opts["noble_rule"], None, lat, opts.get("lon"), path, opts.get("fan_yin", "chong"))


def _liuren_json(result, opts):
    from ..arts.liuren import to_json

    return as_dict(to_json(result, opts["noble_rule"], opts.get("lat"), opts.get("lon"), "中氣", opts.get("fan_yin", "chong")))


def _liuren_rule(ev, want: str):
    t = ev.result("liuren")[1]
    return want if t.rule == want else None


def _liuren_label(ev, want: str):
    t = ev.result("liuren")[1]
    return want if want in t.labels else None


def _yuan_shou(ev):
    """元首: 賊剋 decided by a single 上克下 (no 下克上 among the 四課)."""
    t = ev.result("liuren")[1]
    return "元首" if t.rule == "賊剋" and "上克下" in t.labels and "下克上" not in t.labels else None


def _chong_shen(ev):
    """重審: 賊剋 decided by a single 下克上 (下賊上)."""
    t = ev.result("liuren")[1]
    return "重審" if t.rule == "賊剋" and "下克上" in t.labels else None


def _jiling(ev, key: str, value: str):
    """集靈經 (liuren JSON jiling): the value of `value` when the yes/no field `key` holds."""
    j = ev.result("liuren")[1].jiling
    return getattr(j, value) if getattr(j, key) else None


def _gate(ev, want: str):
    """天罡 on 地戶 / 天門 / 酉 (liuren JSON tian_gang.gate = want): its earth branch."""
    g = ev.result("liuren")[1].tian_gang
    return g.on if g.gate == want else None


# --- the table -------------------------------------------------------------------------


@lru_cache(maxsize=1)
def arts() -> dict[str, Art]:
    from ..liuren.transmissions import LABEL_ORDER
    from ..qimen.names import JIANCHU

    table = {
        "cast": Art("cast", _cast_compute, _cast_json, _cast_named()),
        "pillars": Art("pillars", lambda m, o: m, _pillars_json, {}, lunar=True),
        "noble": Art("noble", _noble_compute, _noble_json, {
            "私門吉門": with_text(Named("私門吉門", "a 地私門 general (太陰 六合 太常) stands on a palace whose 奇門 door is 開 休 生 "
                          "(noble JSON si_men_qimen[].ji_men); value: general, branch and door",
                          lambda ev: _si_men(ev, "ji_men")), "noble"),
            "私門奇門": with_text(Named("私門奇門", "a 地私門 palace has both a 吉門 and a 三奇 (si_men_qimen[].qi_men)",
                                    lambda ev: _si_men(ev, "qi_men")), "noble"),
        }, part=_report_part),
        "twelve-gods": Art("twelve-gods", _twelve_compute, _twelve_json, {
            "合": with_text(Named("合", "the 白奸 stands on 巳 or 亥: 亭奸 合, 宜戰 (directions.he_ge = 合)",
                                 lambda ev: _he_ge(ev, "合")), "twelve-gods"),
            "格": with_text(Named("格", "the 白奸 stands on 寅 or 申: 亭奸 格 (directions.he_ge = 格)",
                                 lambda ev: _he_ge(ev, "格")), "twelve-gods"),
            **{o: with_text(Named(o, f"the 直辰 (建除 officer) of the day is {o} (jianchu.officer = {o})",
                                  (lambda w: lambda ev: _officer(ev, w))(o)), "twelve-gods", "建除")
               for o in JIANCHU},
        }, part=_report_part),
        "gucu": Art("gucu", _gucu_compute, _gucu_json, {
            name: with_text(named, "gucu") for name, named in {
                "往亡": Named("往亡", "the day is 往亡 for 出軍 (chu_jun.wang_wang)", lambda ev: _chu_jun(ev, "wang_wang")),
                "六窮": Named("六窮", "the day is 六窮 (chu_jun.liu_qiong)", lambda ev: _chu_jun(ev, "liu_qiong")),
                "軍忌": Named("軍忌", "the day is 軍忌 (chu_jun.jun_ji)", lambda ev: _chu_jun(ev, "jun_ji")),
                "出軍吉日": Named("出軍吉日", "the day is on the month's list of 出軍 吉日 (chu_jun.in_ji_ri)",
                              lambda ev: _chu_jun(ev, "in_ji_ri")),
                "天乙絕氣": Named("天乙絕氣",
                              "the day is 天乙絕氣 (chu_jun.tian_yi_jue_qi; a reconstruction, see tian_yi_note)",
                              lambda ev: _chu_jun(ev, "tian_yi_jue_qi")),
            }.items()
        }, lunar=True),
        "liuren": Art("liuren", _liuren_compute, _liuren_json, {
            **{r: with_text(Named(r, f"三傳 found by {r} (liuren JSON rule = {r})",
                                  (lambda w: lambda ev: _liuren_rule(ev, w))(r)), "liuren")
               for r in ("伏吟", "反吟", "賊剋", "比用", "涉害", "八專", "遙剋", "昴星", "別責")},
            **{f"有{lab}": with_text(Named(f"有{lab}",
                                          f"{lab} holds on the lesson, whether or not it decided (labels contains {lab})",
                                          (lambda w: lambda ev: _liuren_label(ev, w))(lab)), "liuren", lab)
               for lab in LABEL_ORDER},
            "元首": Named("元首", "元首課: 賊剋 decided by a single 上克下, no 下克上 (standard name, not from the text)",
                        _yuan_shou),
            "重審": Named("重審", "重審課: 賊剋 decided by a single 下克上 (下賊上) (standard name, not from the text)",
                        _chong_shen),
            **{name: with_text(named, "liuren") for name, named in {
                "不可占": Named("不可占", "集靈經: the hour is the day stem's 不可占 hour (甲乙 酉, 丙丁 子, 戊己 寅, 庚辛 巳, "
                                       "壬癸 申; jiling.forbidden); value: the hour",
                             lambda ev: _jiling(ev, "forbidden", "forbidden_hour")),
                "向建": Named("向建", "集靈經: the way to face (南 by day, 北 by night) is the year's or the month's 建 "
                                    "(jiling.faces_jian); value: the direction",
                            lambda ev: _jiling(ev, "faces_jian", "face")),
                "天罡加之": Named("天罡加之", "集靈經 一云: 天罡 stands on the month's branch (正五九 卯, 二六十 子, 三七十一 酉, "
                                        "四八十二 丑; months of the 月建; jiling.tian_gang_on_month); value: the branch",
                              lambda ev: _jiling(ev, "tian_gang_on_month", "tian_gang_month")),
                **{f"天罡加{g}": Named(f"天罡加{g}", f"天罡 (heaven's 辰) stands on {g}{place} (tian_gang.gate = {g}); "
                                                   "value: the earth branch",
                                      (lambda w: lambda ev: _gate(ev, w))(g))
                   for g, place in (("地戶", " (巳: standard, not from the text)"),
                                    ("天門", " (亥: standard, not from the text)"), ("酉", ""))},
            }.items()},
        }),
    }
    return table


@lru_cache(maxsize=8)
def plate_hours(name: str, layout: str) -> dict[tuple[str, int], frozenset[int]]:
    """The plate index by (遁, 局): the hour 干支 indices whose plate shows `name`."""
    out: dict[tuple[str, int], set[int]] = {(d, j): set() for d in ("陽", "陰") for j in range(1, 10)}
    for dun, ju, hour in plate_index(name, layout):
        out[(dun, ju)].add(hour)
    return {k: frozenset(v) for k, v in out.items()}
