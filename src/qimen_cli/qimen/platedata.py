"""The 2,160 plate records shipped with the package (data/plates-<layout>.json.gz).

A record holds what a stream of charts needs from one plate (轉盤 or 飛盤, 2 遁 × 9 局 × 60
hours): the JSON text of its plate-only keys, the serialised plate-only patterns per
registry entry, the plate-only pattern names present, and the plate facts the context
rules read.  scripts/build_plates.py generates the files from the engine
(`render.cast_json.plate_record`); tests/test_plate_data.py regenerates and compares.
Loading a layout costs a few tens of milliseconds; building its 1,080 plates and their
patterns from scratch about 0.4 s, hence the files.  A file that is missing or was built
for another registry is ignored (`load` returns None) and callers build plates lazily.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

from .plates import DUNS, LAYOUTS

DATA_DIR = Path(__file__).resolve().parent / "data"
FORMAT = 1


def plate_keys() -> list[tuple[str, int, int]]:
    """(遁, 局, hour) of every plate of a layout, in the files' order."""
    return [(dun, ju, hour) for dun in DUNS for ju in range(1, 10) for hour in range(60)]


def data_path(layout: str) -> Path:
    return DATA_DIR / f"plates-{layout}.json.gz"


def signature() -> list:
    """What the records depend on besides the engine's rules: the registry's entries."""
    from .patterns import REGISTRY

    return [list(r.names) for r in REGISTRY]


def _tuples(value):
    """JSON arrays back to (hashable) tuples, recursively."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def encode(layout: str, records: list[tuple]) -> bytes:
    """The file contents for `records` (in `plate_keys` order); deterministic bytes.

    Strings are stored once in a table ("strings") and referred to by index: a record is
    [head, [9 palace entries], [segments, -1 for a context rule], [names], [parts]]; the
    context rules' plate facts likewise, in "facts".
    """
    table: dict[str, int] = {}
    facts: dict[str, int] = {}

    def ref(text: str) -> int:
        return table.setdefault(text, len(table))

    def fact(value) -> int:
        return facts.setdefault(json.dumps(value, ensure_ascii=False, separators=(",", ":")), len(facts))

    plates = []
    for (head, entries), segs, names, parts in records:
        plates.append([ref(head), [ref(e) for e in entries], [-1 if s is None else ref(s) for s in segs],
                       list(names), [fact(p) for p in parts]])
    doc = {"format": FORMAT, "layout": layout, "registry": signature(), "strings": list(table),
           "facts": [json.loads(f) for f in facts], "plates": plates}
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


@lru_cache(maxsize=len(LAYOUTS))
def load(layout: str) -> dict[tuple[str, int, int], tuple] | None:
    """(遁, 局, hour) → (body, segments, names, parts) for `layout`, or None when the file is
    missing or stale.  `body` is the plate's JSON keys from "xun_shou" to "palaces"
    (`render.cast_json.plate_body_text`); `segments` per registry entry the serialised
    plate-only patterns ("" none, None for a context rule); `names` the plate-only pattern
    names present; `parts` per context rule its plate facts."""
    try:
        doc = json.loads(gzip.decompress(data_path(layout).read_bytes()))
    except (OSError, ValueError):
        return None
    if doc.get("format") != FORMAT or doc.get("layout") != layout or doc.get("registry") != signature():
        return None
    strings = doc["strings"]
    facts = [_tuples(f) for f in doc["facts"]]
    out = {}
    for key, (head, entries, segs, names, parts) in zip(plate_keys(), doc["plates"], strict=True):
        body = strings[head] + '"palaces":{' + ",".join([strings[e] for e in entries]) + "},"
        out[key] = (body, tuple([None if s < 0 else strings[s] for s in segs]), tuple(names),
                    tuple([facts[p] for p in parts]))
    return out
