"""JSON and JSON Lines: engine results (frozen dataclasses) → JSON text, by one encoder.

More precisely: `TextEncoder` writes an engine value directly as JSON text: dataclasses
become objects keyed by their field names (fields whose names start with "_" or that are
marked ``metadata={"json": False}`` are left out), tuples become arrays, datetimes ISO-8601
strings (UTC ones with a Z, to the second), Terms ``{name, utc}``; everything else must
already be a JSON value.  Per class it is compiled once (field names escaped once, values
fetched with one attrgetter); a writer may declare, class by class (`Memo`), that the text
of values that recur is remembered (bounded caches).  `dumps` writes plain dicts and lists
(and passes through text that is already JSON); engine values never go through it.

Every ``--json`` object of every subcommand starts with ``"schema_version"``
(`SCHEMA_VERSION`, this one place): it goes up by one whenever a key is removed,
renamed or changes its meaning; adding a key does not change it.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import math
import operator
from collections.abc import Callable
from functools import lru_cache
from typing import Any

try:  # the C function json's encoder uses, without importing the json package (a one-chart start)
    from _json import encode_basestring as _esc
except ImportError:  # pragma: no cover - a Python without the accelerator
    from json.encoder import encode_basestring as _esc

from ..calendar.clock import first_whole_second, format_offset, printed_utc, rfc3339, whole_minutes
from ..calendar.terms import Term
from ..records import frozen

#: Version of the JSON objects' layout; the first key of every `--json` object.
SCHEMA_VERSION = 2
#: The opening of every `--json` object: `{"schema_version":2,`.
OPEN = f'{{"schema_version":{SCHEMA_VERSION},'


#: The package's folder of JSON Schemas, one per command (`schema/<command>.schema.json`,
#: written by scripts/make_schemas.py), read through `importlib.resources`.
SCHEMA_FOLDER = "schema"


def schema_names() -> list[str]:
    """The commands the package holds a JSON Schema of, sorted ("cast", "chaibu", …)."""
    from importlib.resources import files

    folder = files("qimen_cli").joinpath(SCHEMA_FOLDER)
    return sorted(p.name.removesuffix(".schema.json") for p in folder.iterdir() if p.name.endswith(".schema.json"))


def schema(command: str) -> dict:
    """The JSON Schema of `command`'s `--json` output, as the package holds it (a new dict each call)."""
    import json
    from importlib.resources import files

    return json.loads(files("qimen_cli").joinpath(SCHEMA_FOLDER, f"{command}.schema.json").read_text(encoding="utf-8"))


def utc_iso(value: float | _dt.datetime) -> str:
    """An instant as ISO-8601 UTC with a Z, to the second: the first whole second at or after
    it (`calendar.clock.printed_utc`, the one rounding rule of every printed instant).  Kept
    per value (`_kept_utc_iso`) but for a naive datetime (read on the system's clock)."""
    if isinstance(value, _dt.datetime) and value.tzinfo is None:
        return _utc_iso(value)
    return _kept_utc_iso(value)


def _utc_iso(value: float | _dt.datetime) -> str:
    return printed_utc(value).replace(tzinfo=None).isoformat(timespec="seconds") + "Z"


#: `_utc_iso` kept per value: equal numbers, or aware datetimes equal as instants, are one instant, one text.
_kept_utc_iso = lru_cache(maxsize=4096)(_utc_iso)


def local_iso(value: _dt.datetime) -> str:
    """A clock time as ISO-8601 with its offset, to the second (the first whole second at or
    after it, as `utc_iso`); RFC 3339: an offset with seconds is written to the minute (`clock.rfc3339`)."""
    return rfc3339(first_whole_second(value), "seconds")


@lru_cache(maxsize=1024)
def zone_iso(ts: float, zone: _dt.tzinfo) -> str:
    """The instant `ts` on the clock of `zone`, ISO-8601 with its offset, to the first whole
    second at or after it: the `local` twin of a `utc` key (RFC 3339, as `local_iso`)."""
    return rfc3339(printed_utc(ts).astimezone(zone), "seconds")


#: The encoder of plain JSON values (dicts, lists, strings, numbers): no engine values (made
#: when first used: a chart's JSON is written as text and needs no json package).
_ENCODER = None


class RawJSON(str):
    """Text that is already one JSON document (a renderer's fast path); `dumps` passes it through."""


def dumps(obj) -> str:
    """A plain JSON value (dicts, lists, strings, numbers, None) as one document on one line,
    characters as they are (no \\u escapes); RawJSON text and encoded lines (bytes) pass through."""
    global _ENCODER
    if isinstance(obj, (RawJSON, bytes)):
        return obj  # type: ignore[return-value]  # (encoded lines, bytes, pass through as they are)
    if _ENCODER is None:
        import json

        _ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    return _ENCODER.encode(obj)


# --- direct text ------------------------------------------------------------------------


def _null(_) -> str:
    return "null"


def _bool(value) -> str:
    return "true" if value else "false"


def _float(value) -> str:
    return float.__repr__(value) if math.isfinite(value) else "null"


def _raw(value) -> str:
    return value


def term_text(term: Term, zone: _dt.tzinfo | None = None) -> str:
    """A Term as {"name", "utc"}, and "local" (its instant on the clock of `zone`) when a zone is given."""
    if zone is None:
        return f'{{"name":{_esc(term.name)},"utc":"{utc_iso(term.ts)}"}}'
    return f'{{"name":{_esc(term.name)},"utc":"{utc_iso(term.ts)}","local":"{zone_iso(term.ts, zone)}"}}'


_ZERO = _dt.timedelta(0)


def iso_text(value: _dt.datetime) -> str:
    """A datetime as the JSON writes it (without the quotes): UTC ones with a Z, the others with their offset."""
    return utc_iso(value) if value.utcoffset() == _ZERO else local_iso(value)


def local_offset_text(m, local: _dt.datetime | None = None, offset: str | None = None) -> str:
    """`,"local_offset":"+08:27:55.200"` when the clock of a Moment's `local` has an offset with
    seconds that `offset` (the civil clock's) does not give (a solar clock: its timestamp writes
    the offset to the minute, RFC 3339); else nothing.  `local`, `offset`: the Moment's, given apart."""
    off = (m.local if local is None else local).utcoffset()
    if whole_minutes(off):
        return ""
    exact = format_offset(off)
    return "" if exact == (m.offset if offset is None else offset) else f',"local_offset":"{exact}"'


def _auto_dt_text(value: _dt.datetime) -> str:
    return '"' + iso_text(value) + '"'


_UTC_TEXT: dict = {}


def _utc_dt_text(value: _dt.datetime) -> str:
    text = _UTC_TEXT.get(value)
    if text is None:
        if len(_UTC_TEXT) > 8192:
            _UTC_TEXT.clear()
        text = _UTC_TEXT[value] = '"' + utc_iso(value) + '"'
    return text


def _date_text(value: _dt.date) -> str:
    return '"' + value.isoformat() + '"'


@frozen
class Memo:
    """How a writer's encoder remembers the text of a dataclass's values (`TextEncoder`'s `memo`).

    The text of all fields but the last `varying` ones is remembered, keyed by their values;
    `typed` names the fields among them whose type must join the key (bool and float fields:
    1, 1.0 and True are equal but written differently).  The writer declares only classes
    whose remembered fields' equal values are written alike: strings, ints, None, tuples of
    those (the engine keeps one type per field inside a tuple), datetimes when every one is
    written as UTC, and nested objects only when their own equality cannot hide a different
    text.  `shared`: the engine shares these objects (it caches them), so they are remembered
    first by identity (the object kept, so that its id stays its own).  `identity`: remembered
    by identity only (for objects whose equality can hide a different text: clock times on
    other zones inside them).
    """

    varying: int = 0
    typed: tuple[str, ...] = ()
    shared: bool = False
    identity: bool = False


class TextEncoder:
    """Engine values → JSON text (the module's rules), per class compiled once.

    `utc_datetimes`: every datetime as UTC with a Z (the gods' reports) instead of UTC ones
    with a Z and the others with their offset.  `rename`: {(class, field): key} for fields
    whose JSON key differs from the field name.  `memo`: {class: Memo} for the dataclasses
    whose values recur, each declared by the writer (a class may be named by its dotted name,
    "package.module.Class", when its module is imported only when needed); no other class is
    remembered.  The caches hold `memo_size` entries each.  `memo_dicts`: remember dicts by
    their items too.  Call it on a value; `fields(obj)` gives a dataclass's (key, text) pairs.
    """

    def __init__(self, utc_datetimes: bool = False, rename: dict | None = None, memo: dict | None = None,
                 memo_size: int = 4096, memo_dicts: bool = False):
        self.rename = rename or {}
        self.memo = dict(memo or {})
        self.memo_size = memo_size
        self.utc = utc_datetimes
        self._pairs: dict = {}
        self._dicts: dict = {}
        self._kept: dict = {}           # id → (object, text) of `kept`
        self._enc = {
            str: _esc,
            RawJSON: _raw,
            bool: _bool,
            int: int.__repr__,
            float: _float,
            type(None): _null,
            list: self._seq,
            tuple: self._seq,
            dict: self._mapping_remembered if memo_dicts else self._mapping,
            Term: term_text,
            _dt.datetime: _utc_dt_text if utc_datetimes else _auto_dt_text,
            _dt.date: _date_text,
        }

    def __call__(self, obj: Any) -> str:
        f = self._enc.get(type(obj))
        if f is None:
            f = self._compile(type(obj))
        return f(obj)

    def register(self, cls: type, encoder: Callable[[Any], str]) -> Callable[[Any], str]:
        """Write instances of `cls` with `encoder` from now on (a shorter road to the same
        text); returns the generic encoder it replaces, for the encoder's own use and its test."""
        generic = self._compile(cls)
        self._enc[cls] = encoder
        return generic

    def _seq(self, values) -> str:
        return "[" + ",".join(map(self, values)) + "]"

    def _mapping(self, mapping) -> str:
        return "{" + ",".join([_esc(str(k)) + ":" + self(v) for k, v in mapping.items()]) + "}"

    def _layout(self, cls) -> tuple:
        """(names, keys, getter) of a dataclass: the written fields' names, their escaped keys
        with their colon, and a getter of all their values."""
        layout = self._pairs.get(cls)
        if layout is None:
            names = tuple(f.name for f in dataclasses.fields(cls) if not f.name.startswith("_") and f.metadata.get("json", True))
            keys = tuple(_esc(self.rename.get((cls, n), n)) + ":" for n in names)
            getter: Callable[[Any], tuple[Any, ...]]
            if len(names) == 1:
                getter = (lambda name: lambda obj: (getattr(obj, name),))(names[0])
            elif names:
                getter = operator.attrgetter(*names)
            else:
                getter = lambda obj: ()  # noqa: E731
            layout = self._pairs[cls] = (names, keys, getter)
        return layout

    def fields(self, obj, shared: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
        """A dataclass's (key, text) pairs in field order (keys unescaped, as in a dict); the
        values of the fields named in `shared` through `kept`."""
        names, keys, getter = self._layout(type(obj))
        if not shared:
            return [(k[1:-2], self(v)) for k, v in zip(keys, getter(obj), strict=False)]
        kept = self.kept
        return [(k[1:-2], kept(v) if n in shared else self(v)) for n, k, v in zip(names, keys, getter(obj), strict=False)]

    def kept(self, value) -> str:
        """`self(value)` remembered by identity (the object kept, so that its id stays its own):
        for values the engine shares from one instant to the next (one cached tuple or dict for
        many instants), which nobody changes once made."""
        hit = self._kept.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        text = self(value)
        if len(self._kept) >= self.memo_size:
            self._kept.clear()
        self._kept[id(value)] = (value, text)
        return text

    def declared(self, cls) -> Memo | None:
        """The Memo the writer declared for `cls` (by the class or its dotted name), or None."""
        memo = self.memo.get(cls)
        return memo if memo is not None else self.memo.get(f"{cls.__module__}.{cls.__qualname__}")

    def _compile(self, cls: type) -> Callable[[Any], str]:
        if dataclasses.is_dataclass(cls):
            names, keys, getter = self._layout(cls)
            memo = self.declared(cls)
            if memo is not None:
                f = self._remembered(cls, names, keys, getter, memo)
            else:
                enc = self._enc
                compile_ = self._compile

                def f(obj):
                    return "{" + ",".join([k + (enc.get(type(v)) or compile_(type(v)))(v) for k, v in zip(keys, getter(obj), strict=False)]) + "}"
        elif issubclass(cls, RawJSON):
            f = _raw
        elif issubclass(cls, Term):
            f = term_text
        elif issubclass(cls, bool):
            f = _bool
        elif issubclass(cls, str):
            f = _esc
        elif issubclass(cls, int):
            f = int.__repr__
        elif issubclass(cls, float):
            f = _float
        elif issubclass(cls, dict):
            f = self._mapping
        elif issubclass(cls, (list, tuple)):
            f = self._seq
        elif issubclass(cls, _dt.datetime):
            f = self._enc[_dt.datetime]
        elif issubclass(cls, _dt.date):
            f = _date_text
        else:
            raise TypeError(f"cannot turn {cls.__name__} into JSON")
        self._enc[cls] = f
        return f

    def _remembered(self, cls, names: tuple, keys: tuple, getter, memo: Memo):
        """A dataclass encoder that remembers the text of its fields but the last `memo.varying`
        ones, keyed by their values (a tuple: hashed and compared in C) and the types of the
        fields `memo.typed` names (1, 1.0 and True are equal but written differently)."""
        fixed = len(keys) - memo.varying
        if not 0 <= memo.varying <= len(keys) or any(name not in names[:fixed] for name in memo.typed):
            raise ValueError(f"{cls.__qualname__}: {memo} names fields it does not remember")
        typed = tuple(names.index(name) for name in memo.typed)
        varying = memo.varying
        cache: dict = {}
        ids: dict = {}                  # id → (object, text), the object kept so that its id stays its own
        size = self.memo_size
        enc = self._enc
        compile_ = self._compile
        head_keys, tail_keys = keys[:fixed], keys[fixed:]

        def text(k, v):
            return k + (enc.get(type(v)) or compile_(type(v)))(v)

        def by_identity(obj):
            hit = ids.get(id(obj))
            if hit is not None and hit[0] is obj:
                return hit[1]
            out = g(obj)
            if len(ids) >= size:
                ids.clear()
            ids[id(obj)] = (obj, out)
            return out

        def g(obj):
            values = getter(obj)
            if memo.identity:
                return "{" + ",".join([text(k, v) for k, v in zip(keys, values, strict=False)]) + "}"
            head = values[:fixed] if varying else values
            try:
                if typed:
                    head = (head, tuple([type(head[i]) for i in typed]))
                cached = cache.get(head)
            except TypeError:           # an unhashable field value (a dict): no memo for this one
                cached = None
                head = None
            if cached is None:
                cached = "{" + ",".join([text(k, v) for k, v in zip(head_keys, values, strict=False)])
                if head is not None:
                    if len(cache) >= size:
                        cache.clear()
                    cache[head] = cached
            if not varying:
                return cached + "}"
            tail = ",".join([text(k, v) for k, v in zip(tail_keys, values[fixed:], strict=False)])
            return cached + ("," if fixed else "") + tail + "}"

        return by_identity if memo.shared or memo.identity else g

    def _mapping_remembered(self, mapping) -> str:
        """`_mapping`, remembered by the mapping's items when they are hashable."""
        try:
            # Types in the key: 1, 1.0 and True are equal but written differently.
            key = (tuple(mapping.items()), tuple(map(type, mapping.values())))
            text = self._dicts.get(key)
        except TypeError:               # list values (e.g. {stem: [name, name]}): key them as tuples
            try:
                key = (tuple([(k, tuple(v) if type(v) is list else v) for k, v in mapping.items()]),
                       tuple(map(type, mapping.values())))
                text = self._dicts.get(key)
            except TypeError:
                return self._mapping(mapping)
        if text is None:
            if len(self._dicts) >= self.memo_size:
                self._dicts.clear()
            text = self._dicts[key] = self._mapping(mapping)
        return text


def object_text(pairs) -> RawJSON:
    """A `--json` object from (key, JSON text) pairs (or a dict key → text): schema_version first.

    More precisely, one join of the pieces (each key's text, its value's, a comma), not a
    concatenation per key: a line's values are kilobytes (a year of `twelve-gods`: 7,500
    characters a line), and each `key + value` copied them once more."""
    items = pairs.items() if isinstance(pairs, dict) else pairs
    pieces = [OPEN]
    add = pieces.append
    keys = _KEY_TEXTS
    for k, v in items:
        key = keys.get(k)
        if key is None:
            key = _key_text(k)
        add(key)
        add(v)
        add(",")
    if len(pieces) > 1:
        pieces[-1] = "}"
    else:
        add("}")
    return RawJSON("".join(pieces))


#: A key → its text with the colon (`"key":`), for the keys `object_text` has met (bounded).
_KEY_TEXTS: dict[str, str] = {}


def _key_text(key: str) -> str:
    if len(_KEY_TEXTS) >= 1024:
        _KEY_TEXTS.clear()
    text = _KEY_TEXTS[key] = _esc(key) + ":"
    return text


_ENCODE = TextEncoder()


def input_text(m, extra: str = "") -> str:
    """The "input" object of `moment_fields` as text; `extra` (",\"key\":value…") goes before its closing brace."""
    key = (m.tz, m.clock, m.day_change, type(m.day_change), m.offset)
    middle = _INPUT_MIDDLE.get(key)
    if middle is None:  # what lies between "at" and "local": the same for every instant of a range
        if len(_INPUT_MIDDLE) >= 64:
            _INPUT_MIDDLE.clear()
        middle = _INPUT_MIDDLE[key] = (
            f',"tz":{_ENCODE(m.tz)},"clock":{_ENCODE(m.clock.value)},"day_change":{_ENCODE(m.day_change)},'
            f'"offset":{_ENCODE(m.offset)},"local":"'
        )
    return f'{{"at":{_ENCODE(m.at)}{middle}{local_iso(m.local)}"{local_offset_text(m)}{extra}}}'


#: `input_text`'s keys between "at" and "local" as text, by (tz, clock, day_change and its
#: type, offset): the text of each value is its value's alone.
_INPUT_MIDDLE: dict = {}


def moment_fields(m, extra_input: str = "") -> dict[str, str]:
    """The keys every subcommand shares, as key → JSON text in their order: input, instant_utc,
    pillars, solar_term."""
    names = m.pillars.names()
    return {
        "input": input_text(m, extra_input),
        "instant_utc": f'"{utc_iso(m.instant_utc)}"',
        "pillars": f'{{"year":{_esc(names["year"])},"month":{_esc(names["month"])},"day":{_esc(names["day"])},"hour":{_esc(names["hour"])}}}',
        "solar_term": term_text(m.term, m.civil.tzinfo),
    }
