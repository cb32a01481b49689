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
import os
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, cast

from .patterns import RULE_OF, is_plate_only
from .plates import KUN, LAYOUTS

if TYPE_CHECKING:
    from typing import Protocol

    class RangeStep(Protocol):
        """A range's step as `candidate_instants` reads it (`options.Step`)."""

        @property
        def civil(self) -> bool: ...

        @property
        def delta(self) -> _dt.timedelta: ...

    class RangeOptions(Protocol):
        """What `candidate_instants` reads of a range's options (the doors' `when.When`)."""

        @property
        def step(self) -> RangeStep: ...

        @property
        def lon(self) -> float | None: ...

        @property
        def start(self) -> object | None: ...

        @property
        def clock_zone(self) -> _dt.tzinfo: ...

        def bounds(self) -> tuple[_dt.datetime, _dt.datetime, bool]: ...

        def instants(self) -> Iterator[Any]: ...

__all__ = ["plate_keys_with", "hours_with", "is_plate_only", "candidate_instants"]


@cache
def _names_by_key(layout: str) -> dict[tuple[str, int, int], frozenset[str]]:
    from . import platedata

    records = platedata.load(layout) if layout != KUN else None  # 寄坤 (--lodge kun): no shipped records
    if records is not None:
        return {key: frozenset(records.names(key)) for key in records.keys()}
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
    if layout not in LAYOUTS and layout != KUN:
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


_EPOCH = _dt.datetime(1970, 1, 1)
_EPOCH_DAY = _EPOCH.toordinal()
_US = _dt.timedelta(microseconds=1)
_DAY_US = 86_400_000_000
_HOUR_US = 3_600_000_000


def _shichen_windows(first: _dt.date, last: _dt.date, hours: frozenset[int]) -> Iterator[tuple[int, list[int]]]:
    """Per date first … last that has one: its ordinal and the starts, in microseconds from
    its midnight (wall clock), of its 時辰 whose hour pillar is in `hours` (each two hours
    long; the 子 of date D runs from 23:00 the day before, its stem is D's)."""
    from ..calendar.ganzhi import day_index, from_stem_branch, wu_shu_dun

    # Which branches carry a wanted hour pillar, by the day's stem (五鼠遁).
    branches = [[b for b in range(12) if from_stem_branch(wu_shu_dun(stem, b), b) in hours] for stem in range(10)]
    offsets = [[(2 * b - 1) * _HOUR_US for b in bs] for bs in branches]
    stem = day_index(first) % 10
    for o in range(first.toordinal(), last.toordinal() + 1):
        wanted = offsets[stem]
        if wanted:
            yield o, wanted
        stem = (stem + 1) % 10


def candidate_instants(when: RangeOptions, names: Iterable[str], layout: str = "zhuan") -> Iterator[_dt.datetime]:
    """The instants of `when`'s range (--from/--to/--every; civil or mean solar clock) whose
    hour pillar is in `hours_with(names)`, in order, as `When.instants` yields them.

    Each 時辰 window is turned into UTC with every offset its bounds can have (both folds),
    so a summer-time change inside or at a window keeps every instant; the caller checks
    each candidate anyway.  A range stepped in civil days is listed whole (`When.instants`).
    Times are counted in whole microseconds (what a timedelta holds) from the range's start.
    """
    from ..calendar.clock import mean_solar_zone

    every = when.step
    if every.civil:
        yield from when.instants()
        return
    hours = hours_with(names, layout)
    start, end, inclusive = when.bounds()
    zone = when.clock_zone
    clock_zone = zone if when.lon is None else mean_solar_zone(when.lon)
    step = every.delta
    t0 = start.astimezone(_dt.timezone.utc)
    t_end = end.astimezone(_dt.timezone.utc)
    first = (t0.astimezone(clock_zone) - _dt.timedelta(days=1)).date()
    last = (t_end.astimezone(clock_zone) + _dt.timedelta(days=1)).date()

    utc = _dt.timezone.utc
    t0n = t0.replace(tzinfo=None)
    endn = t_end.replace(tzinfo=None)
    fixed = clock_zone.utcoffset(None) if isinstance(clock_zone, _dt.timezone) else None
    offset = cast("Callable[[_dt.datetime], _dt.timedelta]", clock_zone.utcoffset)  # (an offset, never None)

    # The candidates as datetimes: from whole POSIX seconds when the grid is whole seconds.
    k_last = (endn - t0n) // step
    if not inclusive and t0n + k_last * step == endn:
        k_last -= 1
    second = _dt.timedelta(seconds=1)
    base, step_s = (t0n - _EPOCH) // second, step // second
    whole = not (step % second) and not t0n.microsecond and (base >= 0 or os.name != "nt")  # no negative POSIX time on Windows
    fromts = _dt.datetime.fromtimestamp
    step_us = step // _US
    t0_us = (t0n - _EPOCH) // _US  # the start, from the epoch
    fixed_us = None if fixed is None else fixed // _US
    two = 2 * _HOUR_US
    before, after = _dt.timedelta(hours=-2), _dt.timedelta(hours=26)
    last_k = -1
    midnight = _EPOCH
    for day, starts in _shichen_windows(first, last, hours):
        same: int | None
        midnight_us = (day - _EPOCH_DAY) * _DAY_US - t0_us  # the date's midnight (wall clock), from the start
        if fixed_us is not None:
            same = fixed_us
        else:
            # One offset from 22:00 the day before to 02:00 the day after (every window of the
            # day lies inside): no change of offset, no fold, in between.
            midnight = _dt.datetime.fromordinal(day)
            one = offset(midnight + before)
            same = one // _US if offset(midnight + after) == one else None
        for begin in starts:
            lo = midnight_us + begin
            if same is not None:
                a, b = lo - same, lo + two - same
            else:  # the earliest and latest UTC the wall-clock bounds can mean (both folds)
                wall = midnight + _dt.timedelta(microseconds=begin)  # (same is None only after midnight is set)
                end_wall = wall + _dt.timedelta(microseconds=two)
                a = lo - max(offset(wall), offset(wall.replace(fold=1))) // _US
                b = lo + two - min(offset(end_wall), offset(end_wall.replace(fold=1))) // _US
            k0 = -(-a // step_us)  # the first step at or after the window's start, not before the range's
            if k0 <= last_k:
                k0 = last_k + 1  # (last_k + 1 >= 0: the range's first step at least)
            k1 = -(-b // step_us)  # exclusive
            if k1 > k_last:  # the range ends in this window
                k1 = k_last + 1
                if k0 >= k1:
                    return
            for k in range(k0, k1):
                if whole:
                    yield fromts(base + k * step_s, zone)
                else:
                    yield (t0n + k * step).replace(tzinfo=utc).astimezone(zone)
            if k1 > k0:
                last_k = k1 - 1
            if k1 > k_last:
                return
