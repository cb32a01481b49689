"""The adapter between `find` and the arts, made from the arts' records (`arts.Art`).

For each art whose record says how `find` reads it (`find_compute`, `find_json`), it gives

* `Searched.compute(moment, opts)` — the result the subcommand computes for a Moment under these
  options, and `Searched.to_json(result, opts)` — the dict its `--json` prints (both the record's);
* `Searched.named` — the art's named conditions (`ART:NAME`, `ART:NAME=V` for a rule that gives a
  direction, a branch or a value), built from the one registry of rules (the record's `rules`,
  `artrule.ArtRule` tables; cast's pattern registry, `cast_named`): what each checks, its text and
  line, and how to read it off the art's JSON (the record's `reads`);
* `Searched.places` — the place word of `ART:WORD(…)`, its keys and the records of an answer's places;
* for cast, the plate index: which (遁, 局, hour 干支) keys carry a plate-only pattern.

`art_order()` is the order the arts are tried in (the records' `cost`, cheapest first).  `opts`
is a plain dict of find's art options (method, layout, switch, school, noble_rule, month_basis,
size, tone, born, lat, steps, lunar_zone, fan_yin, tian_men; lon and ephemeris from the time
options), with the subcommands' defaults (`DEFAULTS`; tian_men None: liuren's 亥/巳, and gucu
without its gate).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from ..artrule import SHOWS_NAME
from ..artrule import SHOWS_ROWS as _SHOWS_ROWS
from ..arts import WHOLE  # noqa: F401  (a record's find_part: the key is not written alone)
from ..records import frozen
from .paths import MISSING, clauses, collect, path_keys, text_of

DEFAULTS = {
    "method": "zhirun", "layout": "zhuan", "switch": "shichen", "school": "gu", "noble_rule": "najia",
    "month_basis": "lunar", "size": None, "tone": None, "steps": 6, "lunar_zone": "china",
    "born": None, "lat": None, "lon": None, "ephemeris": None, "fan_yin": "chong", "tian_men": None,
}


@frozen
class Named:
    """A named condition: `read(ev)` gives the value that satisfies it, or None when it fails.

    `verdict` (吉, 凶, 宜, 忌, "" where the text does not judge, 吉凶 where the chart decides),
    `checks` (one line), `source`, `line` and `quote`: the rule as the registry records it (cast's
    pattern registry, the other arts' `ArtRule` tables), for `--explain`; `line` None and
    `source` "" where the rule is a standard one the texts do not state.  `kind` is the rule's
    (`artrule.KINDS`): a rule that gives a direction, a branch or a value is written `ART:NAME=V`
    (`with_values`), V one of `domain`; `path` is where its answer stands in the art's JSON."""

    name: str
    doc: str
    read: Callable[[Any], Any]
    plate: bool = False          # a cast pattern found on the plate alone (index-able)
    verdict: str = ""
    checks: str = ""
    source: str = ""
    line: int | None = None
    quote: str = ""
    kind: str = "yes/no"
    domain: tuple[str, ...] = ()
    path: tuple[str, ...] = ()
    art: str = ""

    def rule(self) -> dict:
        """The rule's record: name, verdict, checks, source, line, chapter (`texts.cite`), quote."""
        from ..texts import chapter_of

        return {"name": self.name, "verdict": self.verdict, "checks": self.checks or self.doc, "source": self.source,
                "line": self.line, "chapter": chapter_of(self.source, self.line), "quote": self.quote}

    @property
    def takes_value(self) -> bool:
        """A rule that gives a direction, a branch or a value (written `ART:NAME=V`)."""
        return self.kind != "yes/no"

    def with_values(self, values: frozenset) -> Named:
        """The condition `NAME=V` (or `NAME in V1 V2`): its answer (one of them, when it gives
        several) is one of `values`; read gives the answer that is."""
        return Named(self.name, self.doc, _value_reader(self.art, self.path, values), self.plate, self.verdict,
                     self.checks, self.source, self.line, self.quote, self.kind, self.domain, self.path, self.art)


def _value_reader(art: str, keys: tuple[str, ...], values: frozenset):
    def read(ev):
        for v in collect({keys[0]: ev.part(art, keys[0])}, keys):
            if text_of(v) in values:
                return v
        return None

    return read


def _shown_reader(art: str, name: str, shows: str):
    """ev → the value a yes/no rule that holds reports (`artrule.ArtRule.shows`): its own name
    (``@name``), the items of a list whose KEY is true written by a template
    (``PATH[KEY] {field}…``: ``太常申 休門``), or the value(s) at a PATH; None for "" (the first
    clause's own value)."""
    if not shows:
        return None
    if shows == SHOWS_NAME:
        return lambda ev: name
    m = _SHOWS_ROWS.match(shows)
    if m:
        keys, key, template = path_keys(m.group(1)), m.group(2), m.group(3)

        def rows(ev):
            found = collect({keys[0]: ev.part(art, keys[0])}, keys)
            items = found[0] if len(found) == 1 and isinstance(found[0], list) else found
            return [template.format(**row) for row in items if isinstance(row, dict) and row.get(key) is True]

        return rows
    shown = path_keys(shows)

    def at_path(ev):
        found = collect({shown[0]: ev.part(art, shown[0])}, shown)
        return found[0] if len(found) == 1 else found

    return at_path


def _yes_no_reader(art: str, reads: str, shows: str = "", name: str = ""):
    """ev → when every clause of `reads` holds, the value `shows` names (`_shown_reader`; the
    first clause's own value without it), else None."""
    parts = clauses(reads)
    shown = _shown_reader(art, name, shows)

    def read(ev):
        first = None
        for keys, negate, want in parts:
            hit = next((v for v in collect({keys[0]: ev.part(art, keys[0])}, keys) if text_of(v) == want), MISSING)
            if (hit is MISSING) != negate:
                return None
            if first is None and not negate:
                first = hit
        if shown is not None:
            return shown(ev)
        return first

    return read


def _unvalued(ev):
    raise AssertionError("a rule that gives a value is read with one (Named.with_values)")


def registry_named(rule) -> Named:
    """The named condition of a registry record (`artrule.ArtRule`): yes/no, read by its
    clauses; or one that gives a value, read when written `NAME=V` (`Named.with_values`)."""
    if rule.kind == "yes/no":
        doc = f"{rule.summary} ({rule.reads})"
        return Named(rule.name, doc, _yes_no_reader(rule.art, rule.reads, rule.shows, rule.name), False, rule.verdict, rule.summary,
                     rule.source, rule.line, rule.quote, rule.kind, (), (), rule.art)
    one_char = all(len(v) == 1 for v in rule.domain)
    values = ("" if one_char else " ").join(rule.domain)
    doc = f"{rule.summary} ({rule.reads}); written {rule.art}:{rule.name}=V, V one of {values}"
    return Named(rule.name, doc, _unvalued, False, rule.verdict, rule.summary, rule.source, rule.line, rule.quote,
                 rule.kind, rule.domain, path_keys(rule.reads), rule.art)


def registry_conditions(record) -> dict[str, Named]:
    """The named conditions of an art's record: one a rule of its table (`Art.rules`)."""
    return {r.name: registry_named(r) for r in record.rule_table()}


def day_level() -> frozenset[tuple[str, str]]:
    """(art, name) of the registry's rules that read the day alone (`artrule.DAY`)."""
    from ..arts import records

    return frozenset((r.art, r.name) for record in records() for r in record.rule_table() if r.scope == "day")


@dataclass
class Searched:
    """An art as `find` reads it (from its record)."""

    name: str
    compute: Callable[[Any, dict], Any]
    to_json: Callable[[Any, dict], dict]
    named: dict[str, Named] = field(default_factory=dict)
    lunar: bool = False          # needs the lunar date on the Moment (--lunar-zone)
    #: `part(result, key)`: the value of the top-level JSON key alone, when it can be written
    #: without the rest of the object (None: write the whole object).
    part: Callable[[Any, str], Any] | None = None
    #: (the place word, keys() → key → its values, records(result, data) → place → record), or None.
    places: tuple | None = None


def as_dict(text: str) -> dict:
    """A subcommand's JSON (the text its writer returns) as a dict: `find` reads its conditions' values off it."""
    import json

    return json.loads(text)


# --- cast: the pattern registry and the plate index ----------------------------------


def pattern_names() -> tuple[str, ...]:
    """Every pattern name `cast --where` and `find cast:NAME` take, in registry order."""
    from ..qimen.patterns import PATTERN_NAMES

    return PATTERN_NAMES


@cache
def plate_pattern_names() -> frozenset[str]:
    """Names decided by the plate alone (the same on every chart of a plate): the registry's
    `is_plate_only`."""
    from ..qimen.patterns import is_plate_only

    return frozenset(n for n in pattern_names() if is_plate_only(n))


def _pattern_doc(name: str) -> str:
    """What `cast:NAME` checks: the registry's summary and verdict when it has them."""
    from ..qimen.patterns import RULE_OF

    rule = RULE_OF[name]
    summary, verdict = rule.summary, rule.verdicts.get(name, "")
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


def cast_named() -> dict[str, Named]:
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
    """The (遁, 局, hour 干支 index) keys whose plate shows the plate-only pattern `name`
    (the plate index, `qimen.index.plate_keys_with`)."""
    from ..qimen.index import plate_keys_with

    return frozenset(plate_keys_with(name, layout))


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
    from ..qimen.chart import hour_marks
    from ..qimen.plates import build_plate
    from .places import palace_records

    plate = build_plate(dun, ju, hour, layout)
    found = ()
    if patterns:
        from ..qimen.patterns import plate_patterns

        found = [p for group in plate_patterns(plate) if group for p in group]
    return palace_records(plate, found, *hour_marks(hour))


# --- the arts, from their records -------------------------------------------------------


def arts() -> dict[str, Searched]:
    """Every art `find` reads, in the order it tries them (cheapest first: the records' `cost`),
    with its named conditions: cast's pattern registry, the other arts' rules."""
    from ..arts import GENERATION

    return _arts(GENERATION[0])


@lru_cache(maxsize=1)
def _arts(generation: int) -> dict[str, Searched]:
    from ..arts import records

    out = {}
    for record in sorted((r for r in records() if r.searched), key=lambda r: r.cost):
        conditions = record.part("conditions")
        out[record.name] = Searched(
            record.name, record.part("find_compute"), record.part("find_json"),
            conditions() if conditions is not None else registry_conditions(record), record.lunar,
            record.part("find_part"), record.part("places"))
    return out


def art_order() -> tuple[str, ...]:
    """The arts `find` reads, cheapest first (the order conditions are tried in, and `--list`'s)."""
    return tuple(arts())


def place_words() -> dict[str, str]:
    """The place word of each art that has places (`cast:palace(…)`, `twelve-gods:plate(…)` …), in
    the records' order."""
    from ..arts import records

    table = arts()
    return {r.name: table[r.name].places[0] for r in records() if r.name in table and table[r.name].places}


def place_keys(art: str) -> dict[str, tuple[str, ...] | None]:
    """The keys a test of `art`'s place form may name, each with its values (None: any text)."""
    return arts()[art].places[1]()


def place_records(art: str, result, data: Callable[[], dict]) -> dict:
    """The records of the places of one answer of `art` (`data()`: its JSON, made when needed)."""
    return arts()[art].places[2](result, data)


@lru_cache(maxsize=8)
def plate_hours(name: str, layout: str) -> dict[tuple[str, int], frozenset[int]]:
    """The plate index by (遁, 局): the hour 干支 indices whose plate shows `name`."""
    out: dict[tuple[str, int], set[int]] = {(d, j): set() for d in ("陽", "陰") for j in range(1, 10)}
    for dun, ju, hour in plate_index(name, layout):
        out[(dun, ju)].add(hour)
    return {k: frozenset(v) for k, v in out.items()}
