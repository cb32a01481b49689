"""Dotted key paths on an art's `--json` object: what `ART:PATH=VALUE` and the registry's
`reads` (`artrule.ArtRule`) read.  A path through a list of objects collects the values of every
element; `*` stands for every item of a list or every value of an object, a number for one item
of a list.  Values compare as text (`text_of`): strings as they are, others as JSON writes them.
"""

from __future__ import annotations

import json
from typing import Any

#: A value that a path does not reach (distinct from JSON null).
MISSING = object()


def _items(node: Any) -> list:
    """The items of a list, the values of an object, nothing else (what `*` stands for)."""
    if isinstance(node, list):
        return node
    if isinstance(node, dict):
        return list(node.values())
    return []


def collect(node: Any, keys: tuple[str, ...]) -> list:
    """The values at `keys` under `node`, lists of objects traversed, `*` every item or value, a
    number one item of a list; [] when the path misses."""
    if not keys:
        return node if isinstance(node, list) else [node]
    key, rest = keys[0], keys[1:]
    if key == "*":
        return [v for item in _items(node) for v in collect(item, rest)]
    if isinstance(node, list):
        if key.isdigit():
            return collect(node[int(key)], rest) if int(key) < len(node) else []
        return [v for el in node for v in collect(el, keys)]
    if isinstance(node, dict) and key in node:
        return collect(node[key], rest)
    return []


def text_of(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def clauses(reads: str) -> tuple[tuple[tuple[str, ...], bool, str], ...]:
    """A yes/no rule's `reads` ("PATH=VALUE & PATH!=VALUE …") as (keys, negated, value) clauses."""
    out = []
    for clause in reads.split(" & "):
        path, _, value = clause.partition("=")
        negate = path.endswith("!")
        out.append((tuple(path.rstrip("!").strip().split(".")), negate, value.strip()))
    return tuple(out)


def path_keys(reads: str) -> tuple[str, ...]:
    """A value rule's `reads` (a PATH) as its keys."""
    return tuple(reads.strip().split("."))
