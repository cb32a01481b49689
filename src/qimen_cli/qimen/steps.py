"""Derivation steps (`--explain`) and chaibu's notes as keyed records: the kind and the raw values.

The engine records each step of a derivation (qimen/ju.py, qimen/plates.py) and each of
chaibu's notes (the methods' reason, qimen/compare.py; a boundary's detail,
qimen/boundaries.py) as a `Step`: a `key` naming its kind and its `values` in order —
characters, numbers, booleans (a direction: forwards, clockwise; the same 時辰 or not),
dates, clock times (aware datetimes on the clock the engine read them on), tuples of those,
None (a clause that does not apply), or another Step (the 置閏 block's `why`).  A Step holds
no wording: render/explain.py words each key in zh, ko or en, and `--json` writes it as
{"key", "values", "text"}.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from ..records import frozen


@frozen
class Step:
    """One derivation step: its kind (`key`) and its values as (name, value) pairs in order."""

    key: str
    values: tuple[tuple[str, object], ...]

    def value(self, name: str) -> Any:
        """The value called `name` (KeyError when the step has none)."""
        for k, v in self.values:
            if k == name:
                return v
        raise KeyError(name)

    def as_dict(self) -> dict[str, object]:
        """The values as a dict, in order."""
        return dict(self.values)


def step(key: str, **values: object) -> Step:
    """A Step of kind `key` with `values` in the order given."""
    return Step(key, tuple(values.items()))


_PLAIN = (str, int, float, bool, type(None), _dt.date)


#: What a step is (`memo_key`): its key and its values, each with its type (a clock time with its zone and fold).
MemoKey = tuple[str, tuple[tuple[Any, ...], ...]]


def memo_key(s: Step) -> MemoKey | None:
    """What a step is, to keep its text or share it: its key and each value with its type (1,
    1.0 and True are equal but written differently) and, for a clock time, its zone and fold
    (equal instants on other clocks are written otherwise); None for a value of another kind."""
    return _memo_key(s.key, s.values)


def _memo_key(key: str, values: tuple[tuple[str, Any], ...]) -> MemoKey | None:
    out: list[tuple[Any, ...]] = []
    for name, value in values:
        cls = value.__class__
        if cls is _dt.datetime:
            out.append((name, cls, value, value.tzinfo, value.fold))
        elif cls in _PLAIN:
            out.append((name, cls, value))
        elif cls is Step:
            inner = memo_key(value)
            if inner is None:
                return None
            out.append((name, cls, inner))
        else:
            return None
    return key, tuple(out)


_SHARED: dict[MemoKey, Step] = {}


def shared_step(key: str, **values: object) -> Step:
    """`step(key, **values)`, one object for every equal step (`memo_key`): for the notes a
    stream of instants repeats (chaibu's boundary lines)."""
    pairs = tuple(values.items())
    k = _memo_key(key, pairs)
    if k is None:
        return Step(key, pairs)
    hit = _SHARED.get(k)
    if hit is None:
        if len(_SHARED) >= 4096:
            _SHARED.clear()
        hit = _SHARED[k] = Step(key, pairs)
    return hit
