"""The pattern index: which plates carry a plate-only pattern (for `cast --where` and `find`).

A plate-only pattern (`is_plate_only`) is decided by the plate alone, i.e. by (遁, 局, hour
pillar) in a layout; 玉女守門, for instance, holds on 108 of the 1,080 轉盤 plates, on the
same six hour pillars in every 局.  `plate_keys_with` gives those keys (from the shipped
plate records, qimen/platedata.py, or computed from the engine when they are absent);
`hours_with` the hour pillars.  `candidate_instants` lists the instants of a range whose
hour pillar can carry every plate-only name asked for, without casting any chart: the
caller still checks each candidate (the 局 decides the rest).
"""

from __future__ import annotations

import datetime as _dt
import math
from functools import lru_cache
from typing import Iterable, Iterator

from .patterns import RULE_OF, is_plate_only
from .plates import LAYOUTS

__all__ = ["plate_keys_with", "hours_with", "is_plate_only", "candidate_instants"]


@lru_cache(maxsize=None)
def _names_by_key(layout: str) -> dict[tuple[str, int, int], frozenset[str]]:
    from . import platedata

    records = platedata.load(layout)
    if records is not None:
        return {key: frozenset(rec[2]) for key, rec in records.items()}
    from .patterns import plate_patterns
    from .plates import build_plate

    out = {}
    for key in platedata.plate_keys():
        groups = plate_patterns(build_plate(*key, layout))
        out[key] = frozenset(p.name for g in groups if g for p in g)
    return out


@lru_cache(maxsize=256)
def plate_keys_with(name: str, layout: str = "zhuan") -> frozenset[tuple[str, int, int]]:
    """The (遁, 局, hour cycle index) plates of `layout` on which the plate-only pattern `name`
    holds.  KeyError for an unknown name, ValueError for a pattern that needs more than the
    plate (see `is_plate_only`) or an unknown layout."""
    if name not in RULE_OF:
        raise KeyError(name)
    if not is_plate_only(name):
        raise ValueError(f"{name} depends on more than the plate ({RULE_OF[name].scope})")
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}")
    return frozenset(key for key, names in _names_by_key(layout).items() if name in names)


def hours_with(names: Iterable[str], layout: str = "zhuan") -> frozenset[int]:
    """Hour pillars (cycle indices) whose plates can carry all the plate-only `names` at once
    (some 遁 and 局); names that need more than the plate are ignored."""
    keys = None
    for name in names:
        if is_plate_only(name):
            found = {k for k in plate_keys_with(name, layout)}
            keys = found if keys is None else keys & found
    if keys is None:
        return frozenset(range(60))
    return frozenset(hour for _d, _j, hour in keys)


def _shichen_windows(first: _dt.date, last: _dt.date, hours: frozenset[int]) -> Iterator[tuple[_dt.datetime, _dt.datetime]]:
    """Wall-clock windows [start, end) of the 時辰 whose hour pillar is in `hours`, dates
    first … last (the 子 of date D runs from 23:00 the day before; its stem is D's)."""
    from ..calendar.ganzhi import day_index, from_stem_branch, wu_shu_dun

    d = first
    one = _dt.timedelta(days=1)
    while d <= last:
        stem = day_index(d) % 10
        midnight = _dt.datetime(d.year, d.month, d.day)
        for branch in range(12):
            if from_stem_branch(wu_shu_dun(stem, branch), branch) in hours:
                start = midnight + _dt.timedelta(hours=2 * branch - 1)
                yield start, start + _dt.timedelta(hours=2)
        d += one


def candidate_instants(when, names: Iterable[str], layout: str = "zhuan") -> Iterator[_dt.datetime]:
    """The instants of `when`'s range (--from/--to/--every; civil or mean solar clock) whose
    hour pillar is in `hours_with(names)`, in order, as `When.instants` yields them.

    Each 時辰 window is turned into UTC with every offset its bounds can have (both folds),
    so a summer-time change inside or at a window keeps every instant; the caller checks
    each candidate anyway.
    """
    from ..calendar.clock import mean_solar_zone, parse_at, parse_zone
    from ..cli.params import parse_step

    hours = hours_with(names, layout)
    zone = parse_zone(when.tz)
    clock_zone = zone if when.lon is None else mean_solar_zone(when.lon)
    start, end = parse_at(when.start, zone), parse_at(when.end, zone)
    if end < start:
        yield from when.instants()  # the usual error
        return
    step = parse_step(when.every)
    t0 = start.astimezone(_dt.timezone.utc)
    t_end = end.astimezone(_dt.timezone.utc)
    step_s = step.total_seconds()
    first = (t0.astimezone(clock_zone) - _dt.timedelta(days=1)).date()
    last = (t_end.astimezone(clock_zone) + _dt.timedelta(days=1)).date()

    def utc_bounds(wall: _dt.datetime) -> list[_dt.datetime]:
        return [wall.replace(tzinfo=clock_zone, fold=f).astimezone(_dt.timezone.utc) for f in (0, 1)]

    last_k = -1
    for lo, hi in _shichen_windows(first, last, hours):
        a = min(utc_bounds(lo))
        b = max(utc_bounds(hi))
        k0 = max(last_k + 1, math.ceil((a - t0).total_seconds() / step_s))
        k1 = math.ceil((b - t0).total_seconds() / step_s)  # exclusive
        for k in range(max(k0, 0), k1):
            t = t0 + k * step
            if t > t_end:
                return
            last_k = k
            yield t.astimezone(zone)
