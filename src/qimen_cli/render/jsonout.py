"""JSON and JSON Lines: engine results (frozen dataclasses) → JSON values.

More precisely: dataclasses become objects keyed by their field names (fields
whose names start with "_" or that are marked ``metadata={"json": False}`` are
left out), tuples become arrays, datetimes ISO-8601 strings (UTC ones with a Z,
to the second), Terms ``{name, utc}``; everything else must already be a JSON value.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import math

from ..calendar.terms import Term, to_datetime


def utc_iso(value: float | _dt.datetime) -> str:
    """An instant as ISO-8601 UTC with a Z, to the second (rounded)."""
    if not isinstance(value, _dt.datetime):
        value = to_datetime(round(value))
    else:
        value = value.astimezone(_dt.timezone.utc)
        if value.microsecond >= 500000:
            value += _dt.timedelta(microseconds=1000000 - value.microsecond)
    return value.replace(tzinfo=None).isoformat(timespec="seconds") + "Z"


def local_iso(value: _dt.datetime) -> str:
    """A clock time as ISO-8601 with its offset, to the second (rounded, as `utc_iso`)."""
    if value.microsecond >= 500000:
        value += _dt.timedelta(microseconds=1000000 - value.microsecond)
    return value.isoformat(timespec="seconds")


def term_json(term: Term) -> dict:
    return {"name": term.name, "utc": utc_iso(term.ts)}


def to_jsonable(obj):
    if obj is None or isinstance(obj, (str, bool, int)):
        return obj
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, Term):
        return term_json(obj)
    if dataclasses.is_dataclass(obj):
        return {
            f.name: to_jsonable(getattr(obj, f.name))
            for f in dataclasses.fields(obj)
            if not f.name.startswith("_") and f.metadata.get("json", True)
        }
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, _dt.datetime):
        if obj.utcoffset() == _dt.timedelta(0):
            return utc_iso(obj)
        return local_iso(obj)
    if isinstance(obj, _dt.date):
        return obj.isoformat()
    raise TypeError(f"cannot turn {type(obj).__name__} into JSON")


def _default(obj):
    """json's hook for what is not already a JSON value (dataclasses, Terms, dates)."""
    if isinstance(obj, (Term, _dt.date)) or dataclasses.is_dataclass(obj):
        return to_jsonable(obj)
    if isinstance(obj, tuple):
        return list(obj)
    raise TypeError(f"cannot turn {type(obj).__name__} into JSON")


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=_default)


class RawJSON(str):
    """Text that is already one JSON document (a renderer's fast path); `dumps` passes it through."""


def dumps(obj) -> str:
    """One JSON document on one line, characters as they are (no \\u escapes); RawJSON text
    and already encoded lines (bytes) pass through."""
    if isinstance(obj, (RawJSON, bytes)):
        return obj
    return _ENCODER.encode(obj)


def moment_json(m) -> dict:
    """The keys every subcommand shares: input, instant_utc, pillars, solar_term."""
    return {
        "input": {
            "at": m.at,
            "tz": m.tz,
            "clock": m.clock,
            "day_change": m.day_change,
            "offset": m.offset,
            "local": local_iso(m.local),
        },
        "instant_utc": utc_iso(m.instant_utc),
        "pillars": m.pillars.names(),
        "solar_term": term_json(m.term),
    }
