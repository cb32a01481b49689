"""JSON and JSON Lines: engine results (frozen dataclasses) → JSON values.

More precisely: dataclasses become objects keyed by their field names (fields
whose names start with "_" or that are marked ``metadata={"json": False}`` are
left out), tuples become arrays, datetimes ISO-8601 strings (UTC ones with a Z,
to the second), Terms ``{name, utc}``; everything else must already be a JSON value.

Every ``--json`` object of every subcommand starts with ``"schema_version"``
(`SCHEMA_VERSION`, this one place): it goes up by one whenever a key is removed,
renamed or changes its meaning; adding a key does not change it.

The writers of the subcommands (render/json_*.py) do not build dicts: `TextEncoder`
writes an engine result directly as JSON text, with the same rules as `to_jsonable`
+ `dumps` and byte-identical output, per class compiled once (field names escaped
once, values fetched with one attrgetter), optionally remembering the text of
values that recur (bounded caches).
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import math
import operator
from collections.abc import Callable
from json.encoder import encode_basestring as _esc

from ..calendar.terms import Term, to_datetime

#: Version of the JSON objects' layout; the first key of every `--json` object.
SCHEMA_VERSION = 2
#: The opening of every `--json` object: `{"schema_version":2,`.
OPEN = f'{{"schema_version":{SCHEMA_VERSION},'


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


# --- direct text ------------------------------------------------------------------------


def _null(_) -> str:
    return "null"


def _bool(value) -> str:
    return "true" if value else "false"


def _float(value) -> str:
    return float.__repr__(value) if math.isfinite(value) else "null"


def _raw(value) -> str:
    return value


def term_text(term: Term) -> str:
    """`term_json` as text."""
    return f'{{"name":{_esc(term.name)},"utc":"{utc_iso(term.ts)}"}}'


_ZERO = _dt.timedelta(0)


def iso_text(value: _dt.datetime) -> str:
    """A datetime as the JSON writes it (without the quotes): UTC ones with a Z, the others with their offset."""
    return utc_iso(value) if value.utcoffset() == _ZERO else local_iso(value)


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


#: Tuple annotations whose values are written exactly as they compare.
_PLAIN_TUPLES = frozenset({"tuple[str, ...]", "tuple[int, ...]", "tuple[str, str]", "tuple[str, str, str]",
                           "tuple[str | None, ...]", "tuple[tuple[str, str], ...]"})


class TextEncoder:
    """Engine values → JSON text, as `dumps(to_jsonable(value))` would write them.

    `utc_datetimes`: every datetime as UTC with a Z (the gods' reports) instead of
    UTC ones with a Z and the others with their offset.  `rename`: {(class, field):
    key} for fields whose JSON key differs from the field name.  `memo`: {class: n}
    for dataclasses whose values recur: the text of all fields but the last n is
    remembered, keyed by their values and types (bounded caches of `memo_size` entries;
    the engine's fields keep one type each, so types inside nested tuples are not compared);
    `memo_all`: every dataclass not in `memo` as {class: 0}; `memo_dicts`: remember
    dicts by their items too; `shared`: classes in `memo` whose objects the engine shares
    (it caches them), remembered first by identity (the object kept, so its id stays its
    own; only for those: per-instant objects would be kept for nothing).  Call it on a value;
    `fields(obj)` gives a dataclass's (key, text) pairs.
    """

    def __init__(self, utc_datetimes: bool = False, rename: dict | None = None, memo: dict | None = None,
                 memo_size: int = 4096, memo_dicts: bool = False, memo_all: bool = False, shared: frozenset = frozenset()):
        self.shared = shared
        self.rename = rename or {}
        self.memo = dict(memo or {})
        self.memo_size = memo_size
        self.memo_all = memo_all
        self.utc = utc_datetimes
        self._pairs: dict = {}
        self._dicts: dict = {}
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

    def __call__(self, obj) -> str:
        f = self._enc.get(type(obj))
        if f is None:
            f = self._compile(type(obj))
        return f(obj)

    def register(self, cls: type, encoder: Callable[[object], str]):
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
        """(keys, getter) of a dataclass: escaped keys with their colon, and a getter of all values."""
        layout = self._pairs.get(cls)
        if layout is None:
            names = [f.name for f in dataclasses.fields(cls) if not f.name.startswith("_") and f.metadata.get("json", True)]
            keys = tuple(_esc(self.rename.get((cls, n), n)) + ":" for n in names)
            if len(names) == 1:
                getter = (lambda name: lambda obj: (getattr(obj, name),))(names[0])
            elif names:
                getter = operator.attrgetter(*names)
            else:
                getter = lambda obj: ()  # noqa: E731
            layout = self._pairs[cls] = (keys, getter)
        return layout

    def fields(self, obj) -> list[tuple[str, str]]:
        """A dataclass's (key, text) pairs in field order (keys unescaped, as in a dict)."""
        keys, getter = self._layout(type(obj))
        return [(k[1:-2], self(v)) for k, v in zip(keys, getter(obj), strict=False)]

    def _compile(self, cls):
        if dataclasses.is_dataclass(cls):
            keys, getter = self._layout(cls)
            enc = self._enc
            compile_ = self._compile

            def f(obj):
                return "{" + ",".join([k + (enc.get(type(v)) or compile_(type(v)))(v) for k, v in zip(keys, getter(obj), strict=False)]) + "}"

            if cls in self.memo or self.memo_all:
                varying = self.memo.get(cls, 0)
                kind = self._key_kind(cls, len(keys) - varying)
                if kind is not None:
                    f = self._remembered(keys, getter, varying, () if kind == "plain" else kind, cls in self.shared)
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

    def _key_kind(self, cls, fixed: int):
        """How instances of `cls` may be remembered by the values of their first `fixed`
        fields, from the fields' annotations: "plain" (the values alone: str, int, None,
        tuples), a tuple of the indices of the fields whose type must join the key (bool
        and float fields: 1, 1.0 and True are equal but written differently), or None (not
        at all: nested objects, whose equality may hide a different text, and datetimes
        unless all are written as UTC — equal instants in other zones differ).  Inside a
        tuple the engine keeps one type per field, so nested types are not compared."""
        typed = []
        for i, f in enumerate(dataclasses.fields(cls)[:fixed]):
            for part in str(f.type).split("=")[0].split("|"):
                part = part.strip()
                if part in ("str", "int", "None") or part in _PLAIN_TUPLES:
                    continue
                if part in ("bool", "float"):
                    typed.append(i)
                elif part.startswith("tuple[") and all(
                        t.strip() in ("str", "int", "float", "bool", "None", "...") for t in part[6:-1].split(",")):
                    continue
                elif part.startswith(("dict", "list")):
                    continue            # unhashable: such instances are written, not remembered
                elif part in ("_dt.datetime", "datetime", "datetime.datetime") and self.utc:
                    continue
                else:
                    return None
        return tuple(sorted(set(typed))) if typed else "plain"

    def _remembered(self, keys, getter, varying: int, typed: tuple, shared: bool = False):
        """A dataclass encoder that remembers the text of its fields but the last `varying`
        ones, keyed by their values (a tuple: hashed and compared in C) and the types of the
        fields numbered in `typed` (1, 1.0 and True are equal but written differently)."""
        cache: dict = {}
        ids: dict = {}                  # id → (object, text), the object kept so that its id stays its own
        size = self.memo_size
        enc = self._enc
        compile_ = self._compile
        fixed = len(keys) - varying
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

        return by_identity if shared else g

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
    """A `--json` object from (key, JSON text) pairs (or a dict key → text): schema_version first."""
    items = pairs.items() if isinstance(pairs, dict) else pairs
    return RawJSON(OPEN + ",".join([_esc(k) + ":" + v for k, v in items]) + "}")


_ENCODE = TextEncoder()


def input_text(m, extra: str = "") -> str:
    """`moment_json`'s "input" object as text; `extra` (",\"key\":value…") goes before its closing brace."""
    return (
        f'{{"at":{_ENCODE(m.at)},"tz":{_ENCODE(m.tz)},"clock":{_ENCODE(m.clock)},"day_change":{_ENCODE(m.day_change)},'
        f'"offset":{_ENCODE(m.offset)},"local":"{local_iso(m.local)}"{extra}}}'
    )


def moment_fields(m, extra_input: str = "") -> dict[str, str]:
    """`moment_json` as key → JSON text, in its order."""
    names = m.pillars.names()
    return {
        "input": input_text(m, extra_input),
        "instant_utc": f'"{utc_iso(m.instant_utc)}"',
        "pillars": f'{{"year":{_esc(names["year"])},"month":{_esc(names["month"])},"day":{_esc(names["day"])},"hour":{_esc(names["hour"])}}}',
        "solar_term": term_text(m.term),
    }
