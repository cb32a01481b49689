"""`cast --json`: a Chart as the JSON object of CONVENTIONS.md."""

from __future__ import annotations

from functools import lru_cache

from ..calendar.ganzhi import BRANCHES
from ..qimen.plates import EXTENSIONS, LAYOUT_CONVENTIONS, LODGE_CONVENTIONS, QIN_APART, SCHOOLS, VARIANT_EXTENSIONS
from ..texts import chapter_of
from .jsonout import _ENCODE, OPEN, RawJSON, _esc, local_iso, local_offset_text, utc_iso, zone_iso


def palaces_json(plate) -> dict:
    """`palaces` {"1"…"9": {earth_stems, heaven_stems, stars, door, god}}."""
    out = {}
    for p in range(1, 10):
        cell = plate.palaces[p]
        out[str(p)] = {
            "earth_stems": list(cell.earth_stems),
            "heaven_stems": list(cell.heaven_stems),
            "stars": list(cell.stars),
            "door": cell.door,
            "god": cell.god,
        }
    return out


_PALACES_TEXT: dict[tuple, str] = {}


def palaces_text(plate) -> str:
    """`palaces_json` serialised, once per plate (keyed by the plate's cheap key)."""
    text = _PALACES_TEXT.get(plate.key)
    if text is None:
        text = _PALACES_TEXT[plate.key] = "{" + ",".join(palace_entries(plate)) + "}"
    return text


def _list(values) -> str:
    return "[" + ",".join(map(_esc, values)) + "]"


def _opt(value) -> str:
    return "null" if value is None else _esc(value)


def pattern_json(p) -> dict:
    """A pattern's JSON object; "chapter" the heading of its text's chapter (`texts.cite`);
    "school" only on a recorded school's variant (`cast --school`)."""
    out = {"name": p.name, "palace": p.palace, "detail": p.detail, "source": p.source,
           "chapter": chapter_of(p.source), "verdict": p.verdict}
    if p.school:
        out["school"] = p.school
    return out


#: id(pattern) → (pattern, text): most Pattern objects are shared between charts.
_PATTERN_TEXT: dict[int, tuple] = {}
#: (name, palace) → the text up to the detail; (source, verdict) → the text after it.
_HEADS: dict[tuple, str] = {}
_TAILS: dict[tuple, str] = {}


def pattern_text(p) -> str:
    """`pattern_json` serialised (by hand: six known fields); shared Patterns once only."""
    hit = _PATTERN_TEXT.get(id(p))
    if hit is not None and hit[0] is p:
        return hit[1]
    text = fields_text(p.name, p.palace, p.detail, p.source, p.verdict, p.school)
    if len(_PATTERN_TEXT) > 100_000:
        _PATTERN_TEXT.clear()
    _PATTERN_TEXT[id(p)] = (p, text)
    return text


def fields_text(name: str, palace: int | None, detail: str, source: str, verdict: str, school: str = "") -> str:
    """The text of `pattern_json` of a Pattern of these fields (`pattern_text`'s, not cached)."""
    head = _HEADS.get((name, palace))
    if head is None:
        head = _HEADS[name, palace] = (
            f'{{"name":{_esc(name)},"palace":{"null" if palace is None else int(palace)},"detail":')
    tail = _TAILS.get((source, verdict, school))
    if tail is None:
        with_school = f',"school":{_esc(school)}' if school else ""
        tail = _TAILS[source, verdict, school] = (
            f',"source":{_esc(source)},"chapter":{_esc(chapter_of(source))},"verdict":{_esc(verdict)}{with_school}}}')
    return head + _esc(detail) + tail


def pairs_text(rule, pairs) -> str:
    """The text `group_text` writes of the Patterns of a per-palace rule's (palace, detail)
    pairs (`Rule.palaces`), without making them."""
    name = rule.names[0]
    source, verdict = rule.source, rule.verdicts[name]
    return ",".join([fields_text(name, p, detail, source, verdict) for p, detail in pairs])


#: id(group) → (group, text): most pattern groups are tuples shared between charts (cached per plate).
_GROUP_TEXT: dict[int, tuple] = {}


def group_text(group: tuple) -> str:
    """The patterns of one registry entry, serialised and joined; shared groups once only."""
    if not group:
        return ""
    hit = _GROUP_TEXT.get(id(group))
    if hit is not None and hit[0] is group:
        return hit[1]
    text = ",".join(pattern_text(p) for p in group)
    if len(_GROUP_TEXT) > 50_000:
        _GROUP_TEXT.clear()
    _GROUP_TEXT[id(group)] = (group, text)
    return text


#: What `conventions` says of 茅山 (`--method maoshan`, beyond the texts; qimen/ju.py).
MAOSHAN_CONVENTION = ("茅山: the term in force from the start of its 時辰; 上元 60 時辰 and 中元 60 時辰 from that start, "
                      "then 下元 until the next term; no 符頭 (fu_tou: the day that owns the 元's first 時辰)")


@lru_cache(maxsize=64)
def conventions(method: str, layout: str, switch: str, terms: str, day_change: int, clock: str,
                plate_layout: str | None = None, lodge: str = "kungen", qin: str = "with", scope: str = "hour") -> dict:
    """Every choice in force, so that two outputs can be compared safely; `plate_layout` the
    plate drawn when a --school draws its own (五專寄坤), else the layout's; `lodge` the --lodge
    (kun: `plates.LODGE_CONVENTIONS`, the school the layout's)."""
    drawn = plate_layout or layout
    out = {
        "method": method,
        "layout": layout,
        "school": SCHOOLS[layout if lodge != "kungen" else drawn],
        "term_switch": switch if method == "chaibu" else None,
        "terms": terms,
        **LAYOUT_CONVENTIONS[drawn],
        "day_change": day_change,
        "clock": clock,
        "yuan_day": "the day that owns the 時辰 (23:00 → next day)",
    }
    if lodge != "kungen":
        out.update(LODGE_CONVENTIONS[lodge])
    if qin != "with":
        out["qin"] = QIN_APART
    if method == "maoshan":
        out["maoshan"] = MAOSHAN_CONVENTION
    if scope != "hour":  # 年家 月家 日家 (qimen/scope.py): the scope's 局, not the method's
        from ..qimen.scope import READINGS, YUAN_OF

        out["term_switch"] = None
        out["yuan_day"] = YUAN_OF[scope]
        out["scope"] = f"{scope}: {READINGS[scope]}"
    return out


@lru_cache(maxsize=16)
def extensions_text(layout: str, method: str = "zhirun", lodge: str = "kungen", qin: str = "with",
                    scope: str = "hour") -> str:
    """`extensions`: what the chart shows that the texts do not give (`plates.EXTENSIONS`), as
    [{name, fields, decision}] JSON text, one constant per layout; a chosen variant beyond the
    texts (--lodge kun, --method maoshan: `plates.VARIANT_EXTENSIONS`) adds its entry with its source."""
    rows = [{"name": name, "fields": list(fields), "decision": decision}
            for name, fields, decision in EXTENSIONS[layout]]
    if scope != "hour":  # the scope's 局 decides the chart: the hour's method is not used
        from ..qimen.scope import SCOPE_EXTENSIONS

        name, fields, decision, source = SCOPE_EXTENSIONS[scope]
        rows.append({"name": name, "fields": list(fields), "decision": decision, "source": source})
        method = "zhirun"
    for key in (f"lodge:{lodge}", f"qin:{qin}", f"method:{method}"):
        if key in VARIANT_EXTENSIONS:
            name, fields, decision, source = VARIANT_EXTENSIONS[key]
            rows.append({"name": name, "fields": list(fields), "decision": decision, "source": source})
    return _ENCODE(rows)


def _choices(chart) -> tuple:
    m = chart.moment
    choices = (chart.method, chart.layout, chart.switch, m.table.kind, m.day_change, m.clock.value)
    if chart.scope != "hour":
        return choices + (chart.plate.layout, chart.lodge, chart.qin, chart.scope)
    if chart.lodge != "kungen" or chart.qin != "with":
        return choices + (chart.plate.layout, chart.lodge, chart.qin)
    return choices if chart.plate.layout == chart.layout else choices + (chart.plate.layout,)


@lru_cache(maxsize=64)
def _conventions_text(*choices) -> str:
    """`conventions` as JSON text (the text encoder: plain strings, numbers and null, written as
    `dumps` would, without the json package)."""
    return _ENCODE(conventions(*choices))


def chart_json(chart) -> dict:
    """The chart as a dict (for scripts that post-process in Python): `chart_json_text`, parsed."""
    import json

    return json.loads(chart_json_text(chart))


def chart_json_text(chart) -> RawJSON:
    """The JSON object of one chart (CONVENTIONS.md `cast --json`), written directly as text.

    The per-plate parts (palaces, plate-only patterns) are serialised once per plate;
    strings go through json's own escaper.
    """
    m, ju, plate = chart.moment, chart.ju, chart.plate
    names = m.pillars.names()
    term = ju.solar_term
    if chart.method == "zhirun" and chart.scope == "hour":
        status = (
            f',"yuan_status":{_esc(ju.yuan_status)},"yuan_days":{ju.yuan_days},'
            f'"block_start":{_esc(ju.block_start.isoformat()) if ju.block_start else "null"}'
        )
    else:
        status = ""
    kong = ",".join(_esc(BRANCHES[b]) for b in chart.kong_wang)
    kong_palaces = ",".join(str(p) for p in chart.kong_wang_palaces)
    patterns = ",".join(t for t in map(group_text, chart.pattern_groups) if t)
    school = "" if chart.school == "gu" else f',"school":{_esc(chart.school)}'
    if chart.scope != "hour":  # its 寄坤 is the scope's own, not asked for
        school += f',"scope":{_esc(chart.scope)}'
    elif chart.lodge != "kungen":
        school += f',"lodge":{_esc(chart.lodge)}'
    if chart.qin != "with":
        school += f',"qin":{_esc(chart.qin)}'
    return RawJSON(
        OPEN + f'"input":{{"at":{_esc(m.at)},"tz":{_esc(m.tz)},"clock":{_esc(m.clock.value)},"day_change":{m.day_change},'
        f'"offset":{_esc(m.offset)},"local":{_esc(local_iso(m.local))}{local_offset_text(m)},'
        f'"method":{_esc(chart.method)},"layout":{_esc(chart.layout)}{school}}},'
        f'"instant_utc":"{utc_iso(m.instant_utc)}",'
        f'"pillars":{{"year":"{names["year"]}","month":"{names["month"]}","day":"{names["day"]}","hour":"{names["hour"]}"}},'
        f'"solar_term":{{"name":"{term.name}","utc":"{_term_utc(term.ts)}","local":"{zone_iso(term.ts, m.civil.tzinfo)}"}},'
        f'"ju_term":"{ju.ju_term}","dun":"{ju.dun}","ju":{ju.ju},"yuan":"{ju.yuan}","fu_tou":"{ju.fu_tou}"{status},'
        f'"xun_shou":"{plate.xun_shou}","xun_yi":"{plate.xun_yi}","kong_wang":[{kong}],'
        f'"kong_wang_palaces":[{kong_palaces}],'
        f'"yi_ma":{{"branch":"{BRANCHES[chart.yi_ma]}","palace":{chart.yi_ma_palace}}},'
        f'"zhi_fu":{{"star":"{plate.zhi_fu}","palace":{plate.zhi_fu_palace}}},'
        f'"zhi_shi":{{"door":"{plate.zhi_shi}","palace":{plate.zhi_shi_palace}}},'
        f'"palaces":{palaces_text(plate)},"patterns":[{patterns}],'
        f'"conventions":{_conventions_text(*_choices(chart))},'
        f'"extensions":{extensions_text(chart.layout, chart.method, chart.lodge, chart.qin, chart.scope)}}}'
    ) if chart.annotations is None else _with_annotations(chart)


def _with_annotations(chart) -> RawJSON:
    """The chart's JSON with `--annotate`'s palace annotations (beyond the texts): `annotations`,
    one object per key asked for; `conventions.annotations` their readings; each listed in
    `extensions` (decision "Palace annotations")."""
    import dataclasses

    plain = chart.__class__(**{f.name: getattr(chart, f.name) for f in dataclasses.fields(chart)
                               if f.name != "annotations"})
    text = chart_json_text(plain)
    head, conv = text.rsplit(',"conventions":', 1)
    conv_text = _conventions_text(*_choices(chart))
    ext_text = extensions_text(chart.layout, chart.method, chart.lodge, chart.qin)
    assert conv == f"{conv_text},\"extensions\":{ext_text}}}"
    body = annotations_json(chart.annotations)
    conventions_ = {**conventions(*_choices(chart)),
                    "annotations": {key: value["reading"] for key, value in body.items()}}
    extensions_ = [*(_parsed(ext_text)), *({"name": value["name"], "fields": [f"annotations.{key}"],
                                                  "decision": "Palace annotations", "source": value["source"]}
                                                 for key, value in body.items())]
    return RawJSON(f'{head},"annotations":{_ENCODE(body)},"conventions":{_ENCODE(conventions_)},'
                   f'"extensions":{_ENCODE(extensions_)}}}')


def _parsed(text: str) -> list:
    import json

    return json.loads(text)


def annotations_json(annotations) -> dict:
    """`annotations` of `cast --json`: key → {name, source, reading, …its records}; 入墓 with its two
    rules apart (`rules`: shi_gan, san_qi)."""
    import dataclasses

    def rows(items, drop=()):
        return [{k: v for k, v in dataclasses.asdict(i).items() if k not in drop} for i in items]

    out: dict = {}
    for a in annotations:
        head = {"name": a.name, "source": a.source, "reading": a.method}
        if a.key == "an_gan":
            stem, start, centre = a.start
            out[a.key] = {**head, "hour_stem": stem, "start_palace": start, "from_centre": centre,
                          "palaces": {str(i.palace): i.stem for i in a.items}}
        elif a.key == "chang_sheng":
            out[a.key] = {**head, "stems": rows(a.items)}
        elif a.key == "wang_shuai":
            out[a.key] = {**head, "month_branch": a.month[0], "month_phase": a.month[1], "items": rows(a.items)}
        elif a.key == "ru_mu":
            entry = out.setdefault(a.key, {**head, "rules": {}})
            entry["rules"][a.rule] = rows(a.items)
        elif a.key == "men_po":
            out[a.key] = {**head, "doors": rows(a.items)}
    return out


@lru_cache(maxsize=1024)
def _term_utc(ts: float) -> str:
    return utc_iso(ts)


# --- per-plate pieces (the fast writer, render/cast_lines.py, and the plate data) ----------


def plate_body_parts(plate) -> tuple[str, tuple[str, ...]]:
    """The keys of a chart that depend on the plate alone (its hour included), from
    "xun_shou" to "zhi_shi" (with a trailing comma), and the nine palace entries of
    "palaces"; `plate_body_text` joins them."""
    from ..calendar.ganzhi import kong_wang
    from ..qimen.chart import BRANCH_PALACE, palaces_of, yi_ma

    kong = kong_wang(plate.hour)
    horse = yi_ma(plate.hour % 12)
    head = (
        f'"xun_shou":"{plate.xun_shou}","xun_yi":"{plate.xun_yi}",'
        f'"kong_wang":[{",".join(_esc(BRANCHES[b]) for b in kong)}],'
        f'"kong_wang_palaces":[{",".join(map(str, palaces_of(kong)))}],'
        f'"yi_ma":{{"branch":"{BRANCHES[horse]}","palace":{BRANCH_PALACE[horse]}}},'
        f'"zhi_fu":{{"star":"{plate.zhi_fu}","palace":{plate.zhi_fu_palace}}},'
        f'"zhi_shi":{{"door":"{plate.zhi_shi}","palace":{plate.zhi_shi_palace}}},'
    )
    return head, palace_entries(plate)


def palace_entries(plate) -> tuple[str, ...]:
    """The nine `"p":{...}` entries of `palaces_text`."""
    return tuple(
        f'"{p}":{{"earth_stems":{_list(c.earth_stems)},"heaven_stems":{_list(c.heaven_stems)},'
        f'"stars":{_list(c.stars)},"door":{_opt(c.door)},"god":{_opt(c.god)}}}'
        for p, c in enumerate(plate.palaces[1:], 1)
    )


def join_body(head: str, entries) -> str:
    """`plate_body_parts` joined: the plate's keys from "xun_shou" to "palaces", trailing comma."""
    return head + '"palaces":{' + ",".join(entries) + "},"


def plate_body_text(plate) -> str:
    return join_body(*plate_body_parts(plate))


def plate_record(plate) -> tuple:
    """(body, segments, names, parts, row) of a plate: `plate_body_parts`; per registry entry
    the serialised patterns of a plate-only rule ("" when none) or None for a context rule; the
    plate-only pattern names present, in report order; per context rule its plate facts
    (`Rule.part`, None when the plate does not matter); its `platedata.PlateRow`."""
    from ..qimen.patterns import CONTEXT_RULES, plate_patterns
    from ..qimen.platedata import plate_row

    groups = plate_patterns(plate)
    segs = tuple(None if g is None else group_text(g) for g in groups)
    names = tuple(dict.fromkeys(p.name for g in groups if g for p in g))
    parts = tuple(None if part is None else part(plate) for _i, part, _k, _c in CONTEXT_RULES)
    return plate_body_parts(plate), segs, names, parts, plate_row(plate)
