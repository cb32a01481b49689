"""The context rules' results shipped with the package (data/context.gz): a table in front of
the rules, for the first use of each (rule, plate facts, key) in a range.

A context rule's patterns are decided by its plate facts (`Rule.part`) and its key (`Rule.key`,
the values of the inputs it declares: tests/test_registry.py); both take few values (the
plate facts of the 2 × 1,080 plates, the key's inputs each a small range), so every result
can be listed.  A range of a year meets about 8,000 of them for 4,392 charts, each computed
once: half of the year's work, hence this table.  A record holds, per context rule, its
plate facts in order and, for each plate fact and each key (its inputs' values numbered as
`DIGITS` numbers them, the first input varying slowest), the number of its result; a result
is the patterns' JSON text (`render.cast_json.group_text`, as the range writer writes them)
and their names and verdicts (`platedata.Shown`, as a table row and --where read them).

`scripts/build_context.py` builds the file from the rules themselves (`encode` packs it);
tests/test_context_data.py regenerates it and checks every entry against the rules.  A
missing or damaged file, or one built for another registry, is ignored (`load` returns None)
and the rules are computed, as without it.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import zlib
from array import array
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .platedata import Shown, _tuples, read_bytes, signature

if TYPE_CHECKING:
    from collections.abc import Iterable
    from types import SimpleNamespace

#: The shipped file (a path string, as `platedata.DATA_DIR`).
DATA_PATH = os.path.join(os.path.dirname(os.path.realpath(__file__)), "data", "context.gz")
FORMAT = 1
#: A rule with more distinct results than this is not listed (its plate facts left empty: it
#: is computed): 氣應's 6,200 results, 7.7 MB of text, would cost more to read than to compute.
MOST_RESULTS = 2500

#: The 元 in their order (an input's values are numbered by this and by `GROUPS`).
YUAN = ("上", "中", "下")


def _groups() -> tuple[str, ...]:
    from .patterns.core import XING_DE_GROUPS

    return XING_DE_GROUPS


#: Each input (`patterns.core.INPUTS`) → (how many values, value → its number).
def _digits() -> dict[str, tuple[int, dict[str, int] | None]]:
    ints = {"day": 60, "day_stem": 10, "day_branch": 12, "hour": 60, "hour_stem": 10, "month_branch": 12, "term": 24}
    out: dict[str, tuple[int, dict[str, int] | None]] = {name: (n, None) for name, n in ints.items()}
    out["term_group"] = (8, {g: i for i, g in enumerate(_groups())})
    out["yuan"] = (3, {y: i for i, y in enumerate(YUAN)})
    return out


def key_values(inputs: Iterable[str]) -> list[tuple[int | str, ...]]:
    """Every key of a rule reading `inputs`, in the table's order (the first input slowest)."""
    digits = _digits()
    keys: list[tuple[int | str, ...]] = [()]
    for name in inputs:
        n, names = digits[name]
        values: list[int] | list[str] = list(range(n)) if names is None else sorted(names, key=names.__getitem__)
        keys = [k + (v,) for k in keys for v in values]
    return keys


def context_for(inputs: Iterable[str], key: tuple[int | str, ...]) -> SimpleNamespace:
    """A rule context whose values of `inputs` are `key` (the others left at 0 / 上): what the
    rule reads of it is exactly `key` (tests/test_registry.py)."""
    from types import SimpleNamespace

    from .patterns.core import GROUP_OF_TERM

    ctx = SimpleNamespace(plate=None, day=0, hour=0, month=0, ju_term=0, yuan="上")
    for name, value in zip(inputs, key, strict=True):
        if name in ("day", "day_stem", "day_branch"):
            ctx.day = value
        elif name in ("hour", "hour_stem"):
            ctx.hour = value
        elif name == "month_branch":
            ctx.month = value
        elif name == "term":
            ctx.ju_term = value
        elif name == "term_group":
            ctx.ju_term = GROUP_OF_TERM.index(value)
        else:
            ctx.yuan = value
    return ctx


def encode(rules: list[dict[str, Any]], rows: array[int], texts: list[str]) -> bytes:
    """The file contents (deterministic bytes): gzip of one line of JSON (the format, the
    registry's signature, per context rule (in `CONTEXT_RULES` order) its inputs, its plate
    facts (empty: not listed) and where its rows start), the result numbers as 32-bit
    little-endian integers (per plate fact, per key in `key_values` order), then each
    result's JSON text and its (name, verdict) pairs as JSON, all separated by NUL.
    scripts/build_context.py computes them from the rules."""
    rows = array("i", rows)
    if sys.byteorder != "little":
        rows.byteswap()
    head = json.dumps({"format": FORMAT, "registry": signature(), "rules": rules}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")
    return gzip.compress(head + b"\n" + rows.tobytes() + "\0".join(texts).encode("utf-8"), compresslevel=9, mtime=0)


#: A shipped result (`ContextTable.result`): its number, its JSON text (UTF-8), its `Shown` patterns.
ContextResult = tuple[int, bytes, tuple[Shown, ...]]


class ContextTable:
    """The shipped results: `part_index(n, part)` the number of a plate fact of context rule
    `n` (None: not listed); `number(n, p, key)` the number of the result of rule `n` on plate
    fact number `p` at `key`, `text(number)` its JSON text as UTF-8 and `shown(number)` its
    `Shown` patterns (read from their JSON when first asked for: the JSON Lines never ask);
    `result(n, p, key)` all three."""

    def __init__(self, rules: list[dict[str, Any]], rows: array[int], texts: list[bytes]) -> None:
        # texts: each result's JSON text, then its (name, verdict) pairs as JSON, in result order
        digits = _digits()
        self._rows, self._texts = rows, texts
        self._parts = [{_tuples(p): k for k, p in enumerate(r["parts"])} for r in rules]
        # Per rule: where its rows start, its keys' size and, per input, (stride, value → number
        # or None for an int).
        self._shape: list[tuple[int, int, tuple[tuple[int, dict[str, int] | None], ...]]] = []
        for r in rules:
            size = 1
            strides: list[tuple[int, dict[str, int] | None]] = []
            for name in reversed(r["inputs"]):
                n, names = digits[name]
                strides.append((size, names))
                size *= n
            self._shape.append((r["offset"], size, tuple(reversed(strides))))
        self._shown: dict[int, tuple[Shown, ...]] = {}

    def part_index(self, n: int, part: Any) -> int | None:
        return self._parts[n].get(part)

    def number(self, n: int, p: int, key: tuple[Any, ...]) -> int:
        """The number of the result of rule `n` on plate fact number `p` at `key` (a key of
        the rule's inputs, as `key_values` lists them)."""
        offset, size, strides = self._shape[n]
        at = offset + p * size
        for (stride, names), value in zip(strides, key, strict=True):
            at += stride * (value if names is None else names[value])
        number: int = self._rows[at]
        return number

    def text(self, number: int) -> bytes:
        """The JSON text (UTF-8) of result `number`."""
        return self._texts[2 * number]

    def shown(self, number: int) -> tuple[Shown, ...]:
        """The names and verdicts (`Shown`) of the patterns of result `number`."""
        hit = self._shown.get(number)
        if hit is None:
            hit = self._shown[number] = tuple(Shown(*p) for p in json.loads(self._texts[2 * number + 1]))
        return hit

    def result(self, n: int, p: int, key: tuple[Any, ...]) -> ContextResult:
        """(its number, the JSON text, the Shown patterns) of rule `n` on plate fact number `p` at `key`."""
        number = self.number(n, p, key)
        return number, self.text(number), self.shown(number)


def read_table(path: str | os.PathLike[str] = DATA_PATH) -> ContextTable | None:
    """The table from its file, or None when it is missing, damaged or built for another registry."""
    try:
        data = gzip.decompress(read_bytes(path))
        head, _, rest = data.partition(b"\n")
        doc = json.loads(head)
        if doc.get("format") != FORMAT or doc.get("registry") != signature():
            return None
        rules = doc["rules"]
        count = rules[-1]["offset"] + len(rules[-1]["parts"]) * _size(rules[-1]["inputs"]) if rules else 0
        rows = array("i")
        if rows.itemsize != 4 or len(rest) < 4 * count:
            return None
        rows.frombytes(rest[:4 * count])
        if sys.byteorder != "little":
            rows.byteswap()
        return ContextTable(rules, rows, rest[4 * count:].split(b"\0"))
    except (OSError, EOFError, zlib.error, ValueError, KeyError, TypeError, IndexError):
        return None


def _size(inputs: Iterable[str]) -> int:
    digits = _digits()
    size = 1
    for name in inputs:
        size *= digits[name][0]
    return size


@lru_cache(maxsize=1)
def load() -> ContextTable | None:
    """The shipped table (read once), or None (see `read_table`)."""
    return read_table()
