"""The search of `qimen find`: evaluate the conditions over the 時辰 of a range, join windows.

More precisely, for each 時辰 (`shichen.units`), cheapest first:

1. the parts of the conditions read off the 奇門 plate alone (plate-only patterns, palace
   conditions whose tests read only the plate) are screened by the plate index: every
   (遁, 局, hour 干支) key is tried once, a condition that is false there whatever its other
   parts say rejects the key (`!`, `&` and `|` taken three-valued: true, false, unknown); the
   局 is found once per day (twice when it changes that day, as 拆補 may at a term) from the
   unit's pillar fields, without building a Moment;
2. only the 時辰 that pass are resolved into a Moment (exactly as `qimen ART --at START`),
   and the conditions are tried in order of the dearest art they read (`arts.art_order`, the
   records' `cost`: pillars, cast, liuren, noble, gucu, twelve-gods), each art computed only when a part
   needs it and only while all earlier conditions hold; within a condition `&` stops at the
   first part that fails, `|` tries every alternative (each one that holds is reported);
3. named conditions that only read the day (gucu's 往亡 …, twelve-gods' 建除 officers)
   are evaluated once per day and remembered; `ART:pillars.day=…` and `ART:pillars.hour=…`
   are read off the 時辰's own fields before anything is resolved.

Each matching 時辰 keeps, per condition, the value that satisfied it (`matched`), the places
that satisfied its place conditions with their directions (`places`), and every part that
held (`found`, for `--explain`).  Consecutive matching 時辰 (one's end is the next one's
start) form a window.  `Search.stats` counts instead, every condition on every 時辰.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..calendar.clock import shichen_window
from ..calendar.ganzhi import CYCLE
from ..calendar.shichen import Clock, Unit, day_groups, units
from ..errors import BadInput
from ..qimen.ju import dun_ju
from ..qimen.plates import LODGE_PLATE
from .arts import DEFAULTS, WHOLE, art_order, arts, day_level, place_records, plate_details, plate_hours, plate_palaces
from .conditions import MISSING, Atom, Both, Condition, Not, check_path, match_path, negated_path_value, rules_of, test_holds
from .places import direction, place_value

UTC = _dt.timezone.utc

#: Named conditions that depend on the day alone (the registry's rules of `artrule.DAY` scope):
#: their value is cached by the Moment fields of `_day_key`.
DAY_LEVEL = day_level()

#: Paths every art's JSON carries from the Moment that a 時辰's own fields give without
#: resolving it (the day and hour pillars, exactly as `resolve` finds them).
LIGHT_PATHS = {("pillars", "day"): "day", ("pillars", "hour"): "hour"}

#: Every (遁, 局) of the plate index.
DUN_JU = tuple((dun, ju) for dun in ("陽", "陰") for ju in range(1, 10))


def _day_key(m) -> tuple:
    return (m.pillars.day, m.hour_date, m.lunar, m.jie.ts)


def is_light(atom: Atom) -> bool:
    """A path the 時辰's own fields answer (the day or hour pillar)."""
    return atom.path in LIGHT_PATHS


def light_test(cond: Condition) -> tuple[str, frozenset, bool] | None:
    """(the 時辰's field, the values, negated) of a condition that is one light path, or its
    negation: tried on the 時辰's own fields before anything else is made."""
    node, negate = cond.node, False
    if isinstance(node, Not):
        node, negate = node.item, True
    if isinstance(node, Atom) and is_light(node):
        return LIGHT_PATHS[node.path], node.values, negate
    return None


def cost(cond: Condition) -> int:
    """The order a condition is tried in: read off the plate (-1), the 時辰's fields (0), else 1 +
    the place of the dearest art it reads in `art_order()`."""
    order = art_order()
    return max(-1 if a.plate else 0 if is_light(a) else 1 + order.index(a.art) for a in cond.atoms)


@dataclass
class Found:
    """One part of a condition that held at a 時辰: an atom, or a negated part, and its value."""

    node: Any
    value: Any


@dataclass
class Hit:
    """One matching 時辰."""

    ts: float
    end_ts: float
    day: int
    hour: int
    matched: dict[str, Any]
    places: list[dict] = field(default_factory=list)
    found: list[Found] = field(default_factory=list)


def _distinct(items) -> list:
    out: list = []
    for item in items:
        if item not in out:
            out.append(item)
    return out


@dataclass
class Window:
    hits: list[Hit] = field(default_factory=list)

    @property
    def start_ts(self) -> float:
        return self.hits[0].ts

    @property
    def end_ts(self) -> float:
        return self.hits[-1].end_ts

    @property
    def count(self) -> int:
        return len(self.hits)

    def matched(self) -> dict[str, list]:
        """For each condition, the distinct values that satisfied it, in order."""
        out: dict[str, list] = {}
        for hit in self.hits:
            for key, value in hit.matched.items():
                seen = out.setdefault(key, [])
                if value not in seen:
                    seen.append(value)
        return out

    def places(self) -> list[dict]:
        """The distinct places of the window's 時辰, in order."""
        return _distinct(p for hit in self.hits for p in hit.places)

    def explain(self) -> list[dict]:
        """Why the window matched: each part of the conditions that held in it, in order — its
        text, whether it is a negation, the rules it reads (`rules_of`) and the distinct values
        that satisfied it (none for a negation that is not of a path)."""
        return explain(self.hits)


def explain(hits) -> list[dict]:
    """`Window.explain` over any 時辰 (a window's, or every window's for the terminal view)."""
    out: dict[str, dict] = {}
    for hit in hits:
        for f in hit.found:
            record = out.get(f.node.text)
            if record is None:
                record = out[f.node.text] = {"condition": f.node.text, "negated": isinstance(f.node, Not),
                                             "rules": rules_of(f.node), "values": []}
            if f.value is not False and f.value not in record["values"]:
                record["values"].append(f.value)
    return list(out.values())


class Ev:
    """One 時辰's Moment with the arts computed on demand."""

    def __init__(self, search: Search, moment):
        self.search = search
        self.moment = moment
        self._results: dict[str, Any] = {}
        self._json: dict[str, dict] = {}
        self._parts: dict[tuple[str, str], Any] = {}

    def result(self, art: str):
        if art not in self._results:
            self._results[art] = arts()[art].compute(self.moment, self.search.opts)
        return self._results[art]

    def json(self, art: str) -> dict:
        if art not in self._json:
            self._json[art] = arts()[art].to_json(self.result(art), self.search.opts)
        return self._json[art]

    def part(self, art: str, key: str):
        """The value of one top-level key of the art's JSON, written alone when the art can."""
        if art in self._json:
            return self._json[art].get(key)
        spec = arts()[art]
        if spec.part is not None:
            hit = self._parts.get((art, key), WHOLE)
            if hit is WHOLE:
                hit = self._parts[art, key] = spec.part(self.result(art), key)
            if hit is not WHOLE:
                return hit
        return self.json(art).get(key)


class Row:
    """One 時辰 being evaluated: its unit, its (遁, 局) when the plate screen found it, the
    Moment resolved when a part first needs it, and the place records read so far."""

    __slots__ = ("search", "unit", "key", "_ev", "_records")

    def __init__(self, search: Search, unit: Unit, key: tuple[str, int] | None):
        self.search = search
        self.unit = unit
        self.key = key
        self._ev: Ev | None = None
        self._records: dict[str, dict] = {}

    @property
    def ev(self) -> Ev:
        if self._ev is None:
            self._ev = Ev(self.search, self.search.resolve(self.unit.ts))
        return self._ev

    @property
    def plate_key(self) -> tuple[str, int, int]:
        return self.key[0], self.key[1], self.unit.hour

    def records(self, art: str) -> dict[str, dict]:
        """The place records of `art` at this 時辰 (`places`), read once."""
        found = self._records.get(art)
        if found is None:
            ev = self.ev
            found = self._records[art] = place_records(art, ev.result(art), lambda: ev.json(art))
        return found


def matching_places(atom: Atom, records: dict) -> list:
    """The places (as the JSON names them) whose record passes every test of a place atom."""
    return [place_value(atom.art, name) for name, rec in records.items() if all(test_holds(t, rec) for t in atom.tests)]


class Search:
    def __init__(self, when, conditions: list[Condition], opts: dict):
        if when.start is None or when.end is None:
            raise BadInput("find needs --from and --to")
        if when.at is not None:
            raise BadInput("find searches a range: give --from/--to, not --at")
        self.when = when
        self.opts = {**DEFAULTS, **opts}
        opts = self.opts
        self.conditions = conditions
        self.zone = when.clock_zone
        start, end, inclusive = when.bounds()
        self.lo, self.hi = start.timestamp(), end.timestamp()
        self.end_ts, self.inclusive = self.hi, inclusive
        if not inclusive:  # --to a date alone: the 時辰 starting before the next day
            self.hi = self.hi - 1e-6
        self.context = when.context
        self.context.table_for(self.lo)  # out of the ephemeris' span: fail before searching
        self.context.table_for(self.hi)
        self.clock = Clock(self.zone, when.lon, when.solar_time, self.context)
        self.clock_name = "civil" if when.lon is None else ("apparent solar" if self.clock.apparent else "mean solar")
        self.atoms = [a for c in conditions for a in c.atoms]
        self.order = sorted(conditions, key=cost)
        needs_lunar = any(arts()[a.art].lunar for a in self.atoms if not a.plate and not is_light(a))
        self.extra = {"lunar_zone": opts["lunar_zone"]} if needs_lunar else {}
        self._day_cache: dict[tuple, Any] = {}
        self._plate_values: dict[str, dict[tuple, Any]] = {a.text: {} for a in self.atoms if a.plate}
        # The plate cast draws: --lodge kun's 寄坤 轉盤 (`plates.LODGE_PLATE`), else the layout's.
        self.plate_layout = LODGE_PLATE[opts["lodge"]] if opts.get("lodge", "kungen") != "kungen" else opts["layout"]
        self._hours = {a.text: plate_hours(a.named.name, self.plate_layout) for a in self.atoms if a.plate and a.named}
        self.allowed = self._allowed()
        #: The conditions read off the plate alone, which the screen decides exactly; what they
        #: report at a plate (and, when they are all, what a 時辰 reports) is made once per plate.
        self.plate_conditions = [c for c in conditions if all(a.plate for a in c.atoms)]
        self._plate_found: dict[tuple, dict] = {}
        self._plate_reports: dict[tuple, tuple] = {}

    # --- set-up ----------------------------------------------------------------------

    def check_paths(self, option: str = "--where") -> None:
        """Check every path against the art's JSON at the first 時辰 of the range (before searching)."""
        paths = [a for a in self.atoms if a.path is not None]
        if not paths:
            return
        first = next(units(self.clock, self.lo, self.hi, self.when.day_change), None)
        ts = first.ts if first is not None else self.lo
        ev = Ev(self, self.resolve(ts, lunar=True))
        for atom in paths:
            check_path(atom, ev.json(atom.art), option)

    def resolve(self, ts: float, lunar: bool = False):
        extra = {"lunar_zone": self.opts["lunar_zone"]} if lunar else self.extra
        return self.when.resolve(_dt.datetime.fromtimestamp(ts, self.zone), **extra)

    # --- the plate screen ---------------------------------------------------------------

    def plate_holds(self, atom: Atom, key: tuple[str, int, int]) -> bool:
        """Whether a plate-level atom holds on the plate (遁, 局, hour)."""
        if atom.named is not None:
            return key[2] in self._hours[atom.text][key[:2]]
        return self.plate_value(atom, key) is not None

    def plate_value(self, atom: Atom, key: tuple[str, int, int]):
        """The value of a plate-level atom on the plate (遁, 局, hour) (None when it fails), cached:
        a pattern's details, or the palaces that pass a palace condition."""
        cache = self._plate_values[atom.text]
        if key in cache:
            return cache[key]
        layout = self.plate_layout
        if atom.named is not None:
            value = plate_details(atom.named.name, *key, layout) if self.plate_holds(atom, key) else None
        else:
            patterns = any(t.key == "patterns" for t in atom.tests)
            value = matching_places(atom, plate_palaces(*key, layout, patterns)) or None
        cache[key] = value
        return value

    def plate_verdict(self, node, key: tuple[str, int, int]) -> bool | None:
        """The node on the plate alone: True or False when its plate-level parts decide it, None
        when a part the plate does not decide could."""
        if isinstance(node, Atom):
            return self.plate_holds(node, key) if node.plate else None
        if isinstance(node, Not):
            inner = self.plate_verdict(node.item, key)
            return None if inner is None else not inner
        verdicts = [self.plate_verdict(item, key) for item in node.items]
        decided, undecided = (False, True) if isinstance(node, Both) else (True, False)
        if decided in verdicts:
            return decided
        return undecided if None not in verdicts else None

    def _allowed(self) -> dict[tuple[str, int], frozenset[int]] | None:
        """(遁, 局) → the hour 干支 whose plate no condition rejects; None without plate-level parts."""
        screened = [c for c in self.conditions if any(a.plate for a in c.atoms)]
        if not screened:
            return None
        return {
            dj: frozenset(h for h in range(60) if all(self.plate_verdict(c.node, (*dj, h)) is not False for c in screened))
            for dj in DUN_JU
        }

    def _dun_ju(self, unit: Unit) -> tuple[str, int]:
        end = 0.0 if self.opts["method"] == "zhirun" else shichen_window(unit.local)[1]  # 置閏 reads the day alone
        zone = self.clock.zone if self.when.lon is not None else unit.local.tzinfo
        return dun_ju(self.opts["method"], self.context.table_for(unit.ts), zone, unit.ts, unit.hour_date.toordinal(),
                      unit.hour_day, end, self.opts["switch"])

    def _screened(self, allowed) -> Iterator[tuple[Unit, tuple[str, int] | None]]:
        """The units whose hour `allowed[(遁, 局)]` holds, with their (遁, 局) (every unit, with
        None, when `allowed` is None).

        On a day whose clock keeps one offset every unit shares `hour_date`, so 置閏 gives one
        (遁, 局) for the day; 拆補 is checked at the day's first and last unit and, when they
        differ (a term began that day), unit by unit.  Units of a rejected hour are never built.
        """
        groups = day_groups(self.clock, self.lo, self.hi, self.when.day_change)
        if allowed is None:
            for group in groups:
                for i in group.indices():
                    yield group.unit(i), None
            return

        zhirun = self.opts["method"] == "zhirun"
        for group in groups:
            idx = group.indices()
            if not idx:
                continue
            if not group.exact:
                for i in idx:
                    unit = group.unit(i)
                    key = self._dun_ju(unit)
                    if unit.hour in allowed[key]:
                        yield unit, key
                continue
            key = self._group_key(group, idx[0])
            if not zhirun and len(idx) > 1 and self._group_key(group, idx[-1]) != key:
                for i in idx:
                    k = self._group_key(group, i)
                    if group.hour(i) in allowed[k]:
                        yield group.unit(i), k
                continue
            ok = allowed[key]
            if not ok:
                continue
            for i in idx:
                if group.hour(i) in ok:
                    yield group.unit(i), key

    def _group_key(self, group, i: int) -> tuple[str, int]:
        """(遁, 局) of unit i of a day without a change of offset, from clock arithmetic:
        its 時辰 ends two hours after an odd-hour start, one hour after a midnight start."""
        ts = group.starts[i]
        end = ts + (7200.0 if group.hours[i] % 2 else 3600.0)
        return dun_ju(self.opts["method"], self.context.table_for(ts), self.clock.zone, ts, group.hour_date.toordinal(),
                      group.hour_day, end, self.opts["switch"])

    # --- evaluation --------------------------------------------------------------------

    def _named(self, atom: Atom, ev: Ev):
        if (atom.art, atom.named.name) in DAY_LEVEL:
            key = (atom.text, _day_key(ev.moment))
            if key not in self._day_cache:
                self._day_cache[key] = atom.named.read(ev)
            return self._day_cache[key]
        return atom.named.read(ev)

    def atom(self, atom: Atom, row: Row) -> tuple[bool, Any, list | None]:
        """(holds, the value that satisfied it, every value a path found — what its negation reports)."""
        if atom.plate:
            value = self.plate_value(atom, row.plate_key)
            return value is not None, value, None
        if atom.path is not None:
            light = LIGHT_PATHS.get(atom.path)
            if light is not None:
                value = CYCLE[getattr(row.unit, light)]
                return value in atom.values, value, [value]
            hit, values = match_path(atom, {atom.path[0]: row.ev.part(atom.art, atom.path[0])})
            return hit is not MISSING, hit, values
        if atom.named is not None:
            value = self._named(atom, row.ev)
            return value is not None, value, None
        places = matching_places(atom, row.records(atom.art))
        return bool(places), places, None

    def holds(self, node, row: Row, sink: list) -> bool:
        """Whether the node holds at the row; every part that held is added to `sink` (Found)."""
        if isinstance(node, Atom):
            ok, value, _found = self.atom(node, row)
            if ok:
                sink.append(Found(node, value))
            return ok
        if isinstance(node, Not):
            item = node.item
            if isinstance(item, Atom):
                ok, _value, found = self.atom(item, row)
                if not ok:
                    sink.append(Found(node, negated_path_value(found) if item.path is not None else False))
                return not ok
            if self.holds(item, row, []):
                return False
            sink.append(Found(node, False))
            return True
        if isinstance(node, Both):
            part: list = []
            if all(self.holds(item, row, part) for item in node.items):
                sink.extend(part)
                return True
            return False
        held = [self.holds(item, row, sink) for item in node.items]  # every alternative, for the report
        return any(held)

    def hits(self) -> Iterator[Hit]:
        """The matching 時辰, in order.  The conditions read off the plate alone are decided by the
        screen: what they report is made once per plate (遁, 局, hour) and shared; the others are
        tried on each 時辰 that passed it, cheapest first."""
        rest = [c for c in self.order if c not in self.plate_conditions]
        if not rest:  # every condition decided by the screen: a 時辰 reports its plate's report
            reports = self._plate_reports
            for unit, key in self._screened(self.allowed):
                report = reports.get((key[0], key[1], unit.hour))
                if report is None:
                    yield self._hit(Row(self, unit, key), rest)
                else:
                    yield Hit(unit.ts, unit.end_ts, unit.day, unit.hour, *report)
            return
        quick = [q for q in map(light_test, rest) if q is not None]
        for unit, key in self._screened(self.allowed):
            for f, values, negate in quick:
                if (CYCLE[getattr(unit, f)] in values) == negate:
                    break
            else:
                hit = self._hit(Row(self, unit, key), rest)
                if hit is not None:
                    yield hit

    def _hit(self, row: Row, rest: list[Condition]) -> Hit | None:
        """The row as a Hit when every condition holds there (`rest`: those the screen has not
        decided), else None."""
        found: dict[str, list] = {}
        for cond in rest:
            sink: list = []
            if not self.holds(cond.node, row, sink):
                return None
            found[cond.text] = sink
        if self.plate_conditions:
            found.update(self._plate_sinks(row))
        if rest:
            report = self.report(found)
        else:
            report = self._plate_reports.get(row.plate_key)
            if report is None:
                report = self._plate_reports[row.plate_key] = self.report(found)
        unit = row.unit
        return Hit(unit.ts, unit.end_ts, unit.day, unit.hour, *report)

    def _plate_sinks(self, row: Row) -> dict[str, list]:
        """What held of each condition read off the plate alone (which the screen let through) at
        the row's plate, made once per plate."""
        plate = row.plate_key
        sinks = self._plate_found.get(plate)
        if sinks is None:
            sinks = self._plate_found[plate] = {}
            for cond in self.plate_conditions:
                sinks[cond.text] = sink = []
                self.holds(cond.node, row, sink)
        return sinks

    def report(self, found: dict[str, list]) -> tuple[dict, list, list]:
        """(matched, places, found) of a matching 時辰 from what held of each condition."""
        matched, places, parts = {}, [], []
        for cond in self.conditions:
            sink = found[cond.text]
            node = cond.node
            single = isinstance(node, Atom) or (isinstance(node, Not) and isinstance(node.item, Atom))
            matched[cond.text] = sink[0].value if single else {f.node.text: f.value for f in sink}
            parts.extend(sink)
            for f in sink:
                if isinstance(f.node, Atom) and f.node.place is not None:
                    places.extend({"condition": f.node.text, "place": p, **direction(f.node.art, p)} for p in f.value)
        return matched, _distinct(places), parts

    def windows(self, first: int | None = None) -> Iterator[Window]:
        current: Window | None = None
        done = 0
        for hit in self.hits():
            if current is not None and hit.ts == current.end_ts:
                current.hits.append(hit)
                continue
            if current is not None:
                yield current
                done += 1
                if first is not None and done >= first:
                    return
            current = Window([hit])
        if current is not None and (first is None or done < first):
            yield current

    # --- how rare ----------------------------------------------------------------------

    def stats(self) -> Stats:
        """How many 時辰 of the range each condition holds on, and all of them together, with the
        longest gap between matches: every condition tried on every 時辰."""
        every = None if self.allowed is None else {dj: frozenset(range(60)) for dj in DUN_JU}
        tallies = [Tally(c.text) for c in self.conditions]
        together = Tally(" & ".join(c.text for c in self.conditions))
        total = 0
        for unit, key in self._screened(every):
            row = Row(self, unit, key)
            all_hold = True
            for cond, tally in zip(self.conditions, tallies, strict=True):
                ok = self.holds(cond.node, row, [])
                tally.add(total, unit, ok)
                all_hold = all_hold and ok
            together.add(total, unit, all_hold)
            total += 1
        return Stats(total, tallies, together)


@dataclass
class Tally:
    """How often one condition held: the count, and the longest stretch between two matches."""

    condition: str
    count: int = 0
    last: tuple[int, float] | None = None          # (index, end) of the last match
    gap: tuple[int, float, float] | None = None    # (時辰 between, end of one match, start of the next)

    def add(self, index: int, unit: Unit, ok: bool) -> None:
        if not ok:
            return
        self.count += 1
        if self.last is not None:
            between = index - self.last[0] - 1
            if between and (self.gap is None or unit.ts - self.last[1] > self.gap[2] - self.gap[1]):
                self.gap = (between, self.last[1], unit.ts)
        self.last = (index, unit.end_ts)


@dataclass
class Stats:
    """`find --stats`: the number of 時辰 in the range, a Tally per condition and all together."""

    total: int
    conditions: list[Tally]
    together: Tally
