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

from ..records import frozen


@frozen
class Step:
    """One derivation step: its kind (`key`) and its values as (name, value) pairs in order."""

    key: str
    values: tuple[tuple[str, object], ...]

    def value(self, name: str):
        """The value called `name` (KeyError when the step has none)."""
        for k, v in self.values:
            if k == name:
                return v
        raise KeyError(name)

    def as_dict(self) -> dict:
        """The values as a dict, in order."""
        return dict(self.values)


def step(key: str, **values) -> Step:
    """A Step of kind `key` with `values` in the order given."""
    return Step(key, tuple(values.items()))
