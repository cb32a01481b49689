"""The 2,160 plate records shipped with the package (data/plates-<layout>.gz).

A record holds what a stream of charts needs from one plate (轉盤 or 飛盤, 2 遁 × 9 局 × 60
hours): the JSON text of its plate-only keys, the serialised plate-only patterns per
registry entry, the plate-only pattern names present, the plate facts the context
rules read, and the plate's values a row of the range table shows (`PlateRow`: the 直符
and 直使 with their palaces, the plate-only patterns' names and verdicts).  scripts/build_plates.py generates the files from the engine
(`render.cast_json.plate_record`); tests/test_plate_data.py regenerates and compares.
Loading a layout costs about 10 ms; building its 1,080 plates and their patterns from
scratch about 0.4 s, hence the files.  A file that is missing or damaged is ignored (`load`
returns None, and says so once on stderr) and callers build plates lazily; so is one built for
another registry (silently: a working tree whose patterns changed since the last build).
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import zlib
from array import array
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from .plates import DUNS, LAYOUTS

if TYPE_CHECKING:
    from collections.abc import Iterable, KeysView

    from .plates import Plate

#: The data folder (a path string: `pathlib`, with the `urllib.parse` it imports, costs a range
#: about 16 M instructions of start-up for two file names).
DATA_DIR = os.path.join(os.path.dirname(os.path.realpath(__file__)), "data")
FORMAT = 4


def plate_keys() -> list[tuple[str, int, int]]:
    """(遁, 局, hour) of every plate of a layout, in the files' order."""
    return [(dun, ju, hour) for dun in DUNS for ju in range(1, 10) for hour in range(60)]


def data_path(layout: str) -> str:
    """The plate file of `layout` (a path string)."""
    return os.path.join(DATA_DIR, f"plates-{layout}.gz")


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The contents of the file at `path` (OSError as `pathlib.Path.read_bytes` raises it)."""
    with open(path, "rb") as f:
        return f.read()


def signature() -> list[list[str]]:
    """What the records depend on besides the engine's rules: the registry's entries."""
    from .patterns import REGISTRY

    return [list(r.names) for r in REGISTRY]


def _tuples(value: Any) -> Any:
    """JSON arrays back to (hashable) tuples, recursively (json.loads makes lists of lists,
    never a list subclass: the class is compared, and the items listed, not generated)."""
    if value.__class__ is list:
        return tuple([_tuples(v) for v in value])
    return value


#: Separator of the names in a plate's names text.
NAME_SEP = "\x1f"


def split_runs(entries: Iterable[Any]) -> list[list[Any]]:
    """A plate's per-registry-entry values (empty for none, None for a context rule) as runs
    between the context rules: one run before each context rule and one after the last, each
    the list of its non-empty entries, in report order."""
    runs: list[list[Any]] = [[]]
    for entry in entries:
        if entry is None:
            runs.append([])
        elif entry:
            runs[-1].append(entry)
    return runs


class Shown(NamedTuple):
    """A plate-only pattern as a row shows it: its name and verdict."""

    name: str
    verdict: str


class PlateRow(NamedTuple):
    """What a row of the range table reads from a plate: the 直符 star and the 直使 door with
    their palaces, and the plate-only patterns (`Shown`) as `split_runs` (one run before each
    context rule and one after the last)."""

    zhi_fu: str
    zhi_fu_palace: int
    zhi_shi: str
    zhi_shi_palace: int
    runs: tuple[tuple[Shown, ...], ...]


def plate_row(plate: Plate) -> PlateRow:
    """The `PlateRow` of a plate (built)."""
    from .patterns import plate_patterns

    runs = tuple(tuple(Shown(p.name, p.verdict) for group in run for p in group)
                 for run in split_runs(plate_patterns(plate)))
    return PlateRow(plate.zhi_fu, plate.zhi_fu_palace, plate.zhi_shi, plate.zhi_shi_palace, runs)


def _row_text(row: PlateRow) -> str:
    return json.dumps([row.zhi_fu, row.zhi_fu_palace, row.zhi_shi, row.zhi_shi_palace,
                       [[list(p) for p in run] for run in row.runs]], ensure_ascii=False, separators=(",", ":"))


def _row_value(text: bytes) -> PlateRow:
    fu, fu_palace, shi, shi_palace, runs = json.loads(text)
    return PlateRow(fu, fu_palace, shi, shi_palace, tuple(tuple(Shown(*p) for p in run) for run in runs))


def runs_of(segments: Iterable[str | None]) -> tuple[str, ...]:
    """The serialised plate-only patterns of a plate (`segments`: per registry entry, ""
    for none, None for a context rule) as `split_runs`, each run's items joined by commas
    ("" when empty)."""
    return tuple(",".join(run) for run in split_runs(segments))


def encode(layout: str, records: list[tuple[Any, ...]]) -> bytes:
    """The file contents for `records` (in `plate_keys` order); deterministic bytes.

    More precisely, gzip of three parts: one line of JSON (the format, the layout, the
    registry's signature, the row width and the context rules' plate facts "facts"); the
    plates as rows of 32-bit little-endian integers; every distinct text (heads, palace
    entries, pattern runs, names, table rows) as UTF-8, separated by NUL.  A row is [head, 9
    palace entries, the plate-only patterns as `runs_of` them (one more than the context
    rules), the names (joined by NAME_SEP), the `PlateRow` (as JSON), one fact per context
    rule]: texts and facts by index.  Loading is a split and
    an array, not a parse (a layout: 26 ms as JSON, about 8 ms so).
    """
    table: dict[str, int] = {}
    facts: dict[str, int] = {}

    def ref(text: str) -> int:
        if "\0" in text:
            raise ValueError("a plate text holds NUL")
        return table.setdefault(text, len(table))

    def fact(value: Any) -> int:
        return facts.setdefault(json.dumps(value, ensure_ascii=False, separators=(",", ":")), len(facts))

    rows = array("i")
    width = n_runs = None
    for (head, entries), segs, names, parts, shown in records:
        runs = runs_of(segs)
        row = [ref(head), *[ref(e) for e in entries], *[ref(r) for r in runs],
               ref(NAME_SEP.join(names)), ref(_row_text(shown)), *[fact(p) for p in parts]]
        if width is None:
            width, n_runs = len(row), len(runs)
        elif len(row) != width:
            raise ValueError("plate records of different shapes")
        rows.extend(row)
    if sys.byteorder != "little":
        rows.byteswap()
    doc = {"format": FORMAT, "layout": layout, "registry": signature(), "width": width,
           "runs": n_runs, "facts": [json.loads(f) for f in facts]}
    head = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    data = head + b"\n" + rows.tobytes() + "\0".join(table).encode("utf-8")
    return gzip.compress(data, compresslevel=9, mtime=0)


#: A plate's key: (遁, 局, hour).
PlateKey = tuple[str, int, int]
#: A plate's record (`Records`): (body, runs, names, parts).
PlateRecord = tuple[bytes, tuple[bytes, ...], tuple[str, ...], tuple[Any, ...]]


class Records:
    """(遁, 局, hour) → (body, runs, names, parts) of one layout, each record built when
    first asked for (a short range reads a few of the 1,080).  `body` is the plate's JSON
    keys from "xun_shou" to "palaces" (`render.cast_json.plate_body_text`) as UTF-8; `runs`
    the serialised plate-only patterns between the context rules (`runs_of`) as UTF-8;
    `names` the plate-only pattern names present; `parts` per context rule its plate facts.
    `row(key)` is the plate's `PlateRow`."""

    def __init__(self, rows: array[int], width: int, runs: int, strings: list[bytes], facts: list[Any]) -> None:
        self._rows, self._width, self._strings, self._facts = rows, width, strings, facts
        self._runs = 10                      # after the head and the nine palace entries
        self._name = 10 + runs               # the names text, then the table row
        self._row_of = {key: i * width for i, key in enumerate(plate_keys())}
        self._built: dict[PlateKey, PlateRecord] = {}
        self._names: dict[int, tuple[str, ...]] = {}

    def __len__(self) -> int:
        return len(self._row_of)

    def keys(self) -> KeysView[PlateKey]:
        return self._row_of.keys()

    def get(self, key: PlateKey, default: PlateRecord | None = None) -> PlateRecord | None:
        rec = self._built.get(key)
        if rec is None:
            at = self._row_of.get(key)
            if at is None:
                return default
            rec = self._built[key] = self._build(at)
        return rec

    def names(self, key: PlateKey) -> tuple[str, ...]:
        """The plate-only pattern names of plate `key`, in report order (its record unbuilt)."""
        return self._names_at(self._rows[self._row_of[key] + self._name])

    def row(self, key: PlateKey) -> PlateRow | None:
        """The `PlateRow` of plate `key` (None: no such plate)."""
        at = self._row_of.get(key)
        return None if at is None else _row_value(self._strings[self._rows[at + self._name + 1]])

    def _names_at(self, ref: int) -> tuple[str, ...]:
        names = self._names.get(ref)
        if names is None:
            text = self._strings[ref].decode("utf-8")
            names = self._names[ref] = tuple(text.split(NAME_SEP)) if text else ()
        return names

    def _build(self, at: int) -> PlateRecord:
        row, strings, facts = self._rows, self._strings, self._facts
        body = b"".join([strings[row[at]], b'"palaces":{', b",".join([strings[e] for e in row[at + 1:at + 10]]),
                         b"},"])
        runs = tuple([strings[r] for r in row[at + self._runs:at + self._name]])
        names = self._names_at(row[at + self._name])
        return body, runs, names, tuple([facts[f] for f in row[at + self._name + 2:at + self._width]])


#: Plate files already reported in this process: each is said once.
_REPORTED: set[str | os.PathLike[str]] = set()


def report_unusable(path: str | os.PathLike[str], state: str) -> None:
    """Say once per process, in one line on stderr, that the plate file `path` is missing or
    damaged (`state`: "is missing", "is damaged (…)") and that the plates are computed instead
    (the output is the same, only slower).  A stderr that cannot be written is let be."""
    if path in _REPORTED or sys.stderr is None:
        return
    _REPORTED.add(path)
    try:
        sys.stderr.write(f"qimen: warning: plate file {path} {state}; the plates are computed instead, "
                         "more slowly; reinstall qimen-cli\n")
    except (OSError, ValueError):
        pass


def read_records(layout: str) -> tuple[Records | None, str | None]:
    """(the plate records of `layout`, None) from its file; (None, state) when the file is missing
    or damaged ("is missing", "is damaged (why)"); (None, None) when it was built for another format
    or registry (a stale build in a working tree: the plates are then computed, as they were
    before the file was built)."""
    path = data_path(layout)
    try:
        data = gzip.decompress(read_bytes(path))
    except FileNotFoundError:
        return None, "is missing"
    except (OSError, EOFError, zlib.error) as exc:  # gzip's CRC, a short stream, not gzip, unreadable
        why = (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)) or "truncated"
        return None, f"is damaged ({why})"
    head, _, rest = data.partition(b"\n")
    try:
        doc = json.loads(head)
        if doc.get("format") != FORMAT or doc.get("registry") != signature():
            return None, None
        width, runs, facts = doc["width"], doc["runs"], [_tuples(f) for f in doc["facts"]]
    except (ValueError, AttributeError, KeyError, TypeError):
        return None, "is damaged (its header is unreadable)"
    if doc.get("layout") != layout:
        return None, f"is damaged (it holds the layout {doc.get('layout')!r})"
    if array("i").itemsize != 4:  # pragma: no cover - no such platform in use
        return None, None
    if not isinstance(width, int) or not isinstance(runs, int) or len(rest) < 4 * width * 1080:
        return None, "is damaged (truncated)"
    size = 4 * width * 1080
    rows = array("i")
    rows.frombytes(rest[:size])
    if sys.byteorder != "little":
        rows.byteswap()
    return Records(rows, width, runs, rest[size:].split(b"\0"), facts), None


@lru_cache(maxsize=len(LAYOUTS))
def load(layout: str) -> Records | None:
    """The plate records of `layout` (`Records`), or None when the file is missing or damaged
    (said once on stderr: `report_unusable`) or stale (`read_records`)."""
    records, state = read_records(layout)
    if state is not None:
        report_unusable(data_path(layout), state)
    return records
