"""The search of `qimen find`: evaluate the conditions over the 時辰 of a range, join windows.

More precisely, for each 時辰 (`shichen.units`), cheapest first:

1. cast patterns read off the plate alone are screened by the plate index: the 局 is
   found once per day (twice when it changes that day, as 拆補 may at a term) from the
   unit's pillar fields, without building a Moment, and the key (遁, 局, hour 干支) is
   looked up;
2. only the 時辰 that pass are resolved into a Moment (exactly as `qimen ART --at START`),
   and the other conditions are tried art by art in `arts.ART_ORDER` (pillars, cast,
   liuren, noble, gucu, twelve-gods), each art computed only when a condition needs it
   and only while all earlier conditions hold;
3. named conditions that only read the day (gucu's 往亡 …, twelve-gods' 建除 officers)
   are evaluated once per day and remembered; `ART:pillars.day=…` and `ART:pillars.hour=…`
   are read off the 時辰's own fields before anything is resolved.

Consecutive matching 時辰 (one's end is the next one's start) form a window.
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
from ..qimen.names import JIANCHU
from .arts import ART_ORDER, DEFAULTS, WHOLE, arts, plate_details, plate_hours
from .conditions import Condition, check_path, match_path

UTC = _dt.timezone.utc

#: Named conditions that depend on the day alone: the Moment fields their value is keyed by.
DAY_LEVEL = {
    ("gucu", "往亡"), ("gucu", "六窮"), ("gucu", "軍忌"), ("gucu", "出軍吉日"), ("gucu", "天乙絕氣"),
    *(("twelve-gods", o) for o in JIANCHU),
}

#: Paths every art's JSON carries from the Moment that a 時辰's own fields give without
#: resolving it (the day and hour pillars, exactly as `resolve` finds them).
LIGHT_PATHS = {("pillars", "day"): "day", ("pillars", "hour"): "hour"}


def _day_key(m) -> tuple:
    return (m.pillars.day, m.hour_date, m.lunar, m.jie.ts)


@dataclass
class Hit:
    """One matching 時辰."""

    ts: float
    end_ts: float
    day: int
    hour: int
    matched: dict[str, Any]


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


class Ev:
    """One 時辰's Moment with the arts computed on demand."""

    def __init__(self, search: Search, moment):
        self.search = search
        self.moment = moment
        self._results: dict[str, Any] = {}
        self._json: dict[str, dict] = {}

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
            value = spec.part(self.result(art), key)
            if value is not WHOLE:
                return value
        return self.json(art).get(key)


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
        self.plate_conds = [c for c in conditions if c.plate]
        self.light_conds = [c for c in conditions if c.path in LIGHT_PATHS]
        self.others = sorted((c for c in conditions if not c.plate and c.path not in LIGHT_PATHS),
                             key=lambda c: ART_ORDER.index(c.art))
        needs_lunar = any(arts()[c.art].lunar for c in self.others)
        self.extra = {"lunar_zone": opts["lunar_zone"]} if needs_lunar else {}
        self._day_cache: dict[tuple, Any] = {}
        self._hours = {c.text: plate_hours(c.named.name, opts["layout"]) for c in self.plate_conds}

    # --- set-up ----------------------------------------------------------------------

    def check_paths(self) -> None:
        """Check every path against the art's JSON at the first 時辰 of the range (before searching)."""
        paths = [c for c in self.conditions if c.path is not None]
        if not paths:
            return
        first = next(units(self.clock, self.lo, self.hi, self.when.day_change), None)
        ts = first.ts if first is not None else self.lo
        ev = Ev(self, self.resolve(ts, lunar=True))
        for cond in paths:
            check_path(cond, ev.json(cond.art))

    def resolve(self, ts: float, lunar: bool = False):
        extra = {"lunar_zone": self.opts["lunar_zone"]} if lunar else self.extra
        return self.when.resolve(_dt.datetime.fromtimestamp(ts, self.zone), **extra)

    # --- the plate screen ---------------------------------------------------------------

    def _dun_ju(self, unit: Unit) -> tuple[str, int]:
        end = 0.0 if self.opts["method"] == "zhirun" else shichen_window(unit.local)[1]  # 置閏 reads the day alone
        zone = self.clock.zone if self.when.lon is not None else unit.local.tzinfo
        return dun_ju(self.opts["method"], self.context.table_for(unit.ts), zone, unit.ts, unit.hour_date.toordinal(),
                      unit.hour_day, end, self.opts["switch"])

    def _screened(self) -> Iterator[tuple[Unit, tuple[str, int] | None]]:
        """The units that pass the plate conditions, with their (遁, 局) (None without plate conditions).

        On a day whose clock keeps one offset every unit shares `hour_date`, so 置閏 gives one
        (遁, 局) for the day; 拆補 is checked at the day's first and last unit and, when they
        differ (a term began that day), unit by unit.  Units of a rejected hour are never built.
        """
        groups = day_groups(self.clock, self.lo, self.hi, self.when.day_change)
        if not self.plate_conds:
            for group in groups:
                for i in group.indices():
                    yield group.unit(i), None
            return
        allowed = {}
        for key in self._hours[self.plate_conds[0].text]:
            hours = set(range(60))
            for cond in self.plate_conds:
                table = self._hours[cond.text][key]
                hours = hours - table if cond.negate else hours & table
            allowed[key] = frozenset(hours)

        def passes(key, hour):
            return hour in allowed[key]

        zhirun = self.opts["method"] == "zhirun"
        for group in groups:
            idx = group.indices()
            if not idx:
                continue
            if not group.exact:
                for i in idx:
                    unit = group.unit(i)
                    key = self._dun_ju(unit)
                    if passes(key, unit.hour):
                        yield unit, key
                continue
            key = self._group_key(group, idx[0])
            if not zhirun and len(idx) > 1 and self._group_key(group, idx[-1]) != key:
                for i in idx:
                    k = self._group_key(group, i)
                    if passes(k, group.hour(i)):
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

    def _named(self, cond: Condition, ev: Ev):
        if (cond.art, cond.named.name) in DAY_LEVEL:
            key = (cond.text, _day_key(ev.moment))
            if key not in self._day_cache:
                self._day_cache[key] = cond.named.read(ev)
            return self._day_cache[key]
        return cond.named.read(ev)

    def hits(self) -> Iterator[Hit]:
        layout = self.opts["layout"]
        for unit, key in self._screened():
            matched: dict[str, Any] = {}
            for cond in self.plate_conds:
                matched[cond.text] = False if cond.negate else plate_details(cond.named.name, key[0], key[1], unit.hour, layout)
            ok = True
            for cond in self.light_conds:
                value = CYCLE[getattr(unit, LIGHT_PATHS[cond.path])]
                if (value == cond.value) == cond.negate:
                    ok = False
                    break
                matched[cond.text] = value
            if ok and self.others:
                ev = Ev(self, self.resolve(unit.ts))
                for cond in self.others:
                    if cond.named is not None:
                        value = self._named(cond, ev)
                        holds = (value is None) == cond.negate
                        value = False if cond.negate else value
                    else:
                        holds, value = match_path(cond, {cond.path[0]: ev.part(cond.art, cond.path[0])})
                    if not holds:
                        ok = False
                        break
                    matched[cond.text] = value
            if ok:
                yield Hit(unit.ts, unit.end_ts, unit.day, unit.hour, {c.text: matched[c.text] for c in self.conditions})

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
