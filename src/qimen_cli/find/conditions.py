"""Conditions of `qimen find`: `ART:NAME`, `ART:PATH=VALUE`, negated by a leading `!`.

More precisely:

* `ART:NAME` — a named condition of the art (`arts.Art.named`; for cast every pattern name
  `cast --where` takes).
* `ART:PATH=VALUE` — a dotted key path of the art's `--json` object and a value.  A path
  that passes through a list of objects collects the values of every element; when the
  path ends on a list (or collects several values), `=` means "contains".  Values compare
  as text: strings as they are, numbers as JSON writes them, `true`/`false`/`null`.
* a leading `!` negates.

An unknown art, name or path is BadInput (exit 2) naming the closest valid ones (difflib).
"""

from __future__ import annotations

import difflib
import json
from typing import Any

from ..errors import BadInput
from ..records import frozen
from .arts import ART_ORDER, Named, arts

#: A value that a path does not reach (distinct from JSON null).
MISSING = object()


@frozen
class Condition:
    text: str                     # as given (the key of `matched`)
    art: str
    negate: bool
    named: Named | None
    path: tuple[str, ...] | None
    value: str | None

    @property
    def plate(self) -> bool:
        """A cast pattern read off the plate alone: screened by the plate index."""
        return self.named is not None and self.named.plate


def _closest(word: str, choices, n: int = 3) -> str:
    near = difflib.get_close_matches(word, list(choices), n=n, cutoff=0.4)
    return f"; closest: {', '.join(near)}" if near else ""


def parse(text: str) -> Condition:
    """Parse one `--where`; unknown arts and names are BadInput (paths are checked by `check_paths`)."""
    raw = text.strip()
    negate = raw.startswith("!")
    body = raw[1:].strip() if negate else raw
    art, sep, rest = body.partition(":")
    art = art.strip()
    if not sep or not rest.strip():
        raise BadInput(f"--where {text!r} is not ART:NAME or ART:PATH=VALUE (e.g. cast:伏吟, cast:zhi_shi.door=開門)")
    table = arts()
    if art not in table:
        raise BadInput(f"--where {text!r}: unknown art {art!r} (arts: {', '.join(ART_ORDER)}){_closest(art, table)}")
    if "=" in rest:
        path, _, value = rest.partition("=")
        keys = tuple(k for k in path.strip().split("."))
        if not path.strip() or any(not k for k in keys):
            raise BadInput(f"--where {text!r}: empty key in the path {path!r}")
        return Condition(raw, art, negate, None, keys, value.strip())
    name = rest.strip()
    named = table[art].named.get(name)
    if named is None:
        valid = list(table[art].named)
        if not valid:
            raise BadInput(f"--where {text!r}: {art} has no named conditions; use {art}:PATH=VALUE on its --json keys")
        raise BadInput(f"--where {text!r}: unknown {art} condition {name!r}{_closest(name, valid)} "
                       f"(see qimen find --list)")
    return Condition(raw, art, negate, named, None, None)


def check_pattern_names(names) -> None:
    """`cast --where NAME`: each name must be a pattern name (BadInput with the closest ones)."""
    from ..qimen import patterns
    from .arts import pattern_names

    valid = pattern_names()
    for name in names:
        if name not in valid:
            if hasattr(patterns, "unknown_name_message"):  # the registry's own wording
                raise BadInput(patterns.unknown_name_message(name))
            raise BadInput(f"unknown pattern --where {name!r}{_closest(name, valid)}; valid names: {' '.join(valid)}")


# --- paths -----------------------------------------------------------------------------


def collect(node: Any, keys: tuple[str, ...]) -> list:
    """The values at `keys` under `node`, lists of objects traversed; [] when the path misses."""
    if not keys:
        return node if isinstance(node, list) else [node]
    if isinstance(node, list):
        return [v for el in node for v in collect(el, keys)]
    if isinstance(node, dict) and keys[0] in node:
        return collect(node[keys[0]], keys[1:])
    return []


def text_of(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def key_paths(node: Any, prefix: str = "") -> set[str]:
    """Every dotted key path of a JSON object (through lists of objects)."""
    out: set[str] = set()
    if isinstance(node, list):
        for el in node:
            out |= key_paths(el, prefix)
    elif isinstance(node, dict):
        for k, v in node.items():
            p = f"{prefix}.{k}" if prefix else str(k)
            out.add(p)
            out |= key_paths(v, p)
    return out


def check_path(cond: Condition, sample: dict) -> None:
    """BadInput when `cond.path` is not a key path of the art's JSON `sample`.

    A path that reaches a null or an empty list before its end is accepted (its keys
    cannot be known from the sample).
    """
    nodes = [sample]
    for i, key in enumerate(cond.path):
        nxt = []
        known = False
        open_ended = False
        for node in nodes:
            stack = [node]
            while stack:
                n = stack.pop()
                if isinstance(n, list):
                    if not n:
                        open_ended = True
                    stack.extend(n)
                elif isinstance(n, dict):
                    if key in n:
                        known = True
                        nxt.append(n[key])
                elif n is None:
                    open_ended = True
        if not known:
            if open_ended:
                return
            where = ".".join(cond.path[:i]) or "the top level"
            paths = sorted(key_paths(sample))
            raise BadInput(f"--where {cond.text!r}: {cond.art}'s JSON has no key {'.'.join(cond.path[:i + 1])!r} "
                           f"(under {where}){_closest('.'.join(cond.path), paths)}")
        nodes = nxt


def match_path(cond: Condition, data: dict) -> tuple[bool, Any]:
    """(holds, value): the value that satisfied the condition (or, negated, the values found)."""
    values = collect(data, cond.path)
    hit = next((v for v in values if text_of(v) == cond.value), MISSING)
    if cond.negate:
        if hit is not MISSING:
            return False, None
        return True, (values[0] if len(values) == 1 else values) if values else None
    if hit is MISSING:
        return False, None
    return True, hit
