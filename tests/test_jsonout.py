"""The one JSON encoder (render/jsonout.py `TextEncoder`) and the writers' memo declarations.

A writer declares, class by class, which values' text is remembered (`Memo`: how many trailing
fields vary, which fields' types join the key, whether the engine shares the objects).  Here:
over two months of instants and several options, each writer's encoder writes what the generic
encoder (nothing remembered) writes; every declared class's remembered fields hold values whose
equality settles their text (bool and float fields declared `typed`); and the mechanism itself
fails as it should when a declaration is missing or wrong.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import importlib

import pytest

from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.records import frozen
from qimen_cli.render import json_gods, json_gucu, json_liuren
from qimen_cli.render.jsonout import Memo, TextEncoder


def _instants(start: dt.datetime, end: dt.datetime, hours: int):
    while start <= end:
        yield start
        start += dt.timedelta(hours=hours)


TZ = "Asia/Shanghai"
#: Two months around a leap month (閏六月 2025), every 5 hours.
INSTANTS = [at.isoformat() for at in _instants(dt.datetime(2025, 7, 1), dt.datetime(2025, 8, 31), 5)]


def _moments(**extra):
    return [resolve_moment(at, TZ, **extra) for at in INSTANTS]


def _gods_reports():
    from qimen_cli.arts.noble import compute as noble
    from qimen_cli.arts.twelve_gods import compute as twelve

    for m in _moments():
        yield noble(m, "zhirun", "zhuan", True)[1]
        yield twelve(m, "gu")[1]
        yield twelve(m, "sanshi")[1]


def _gucu_reports():
    from qimen_cli.arts.gucu import compute

    options = [
        dict(size=None, tone=None, born=None, steps=6, month_basis="lunar", method="zhirun", layout="zhuan", no_chart=False),
        dict(size=20000, tone="商", born=(5, 5), steps=60, month_basis="jie", method="chaibu", layout="fei", no_chart=False),
        dict(size=100, tone="羽", born=(12, 30), steps=6, month_basis="lunar", method="zhirun", layout="zhuan", no_chart=True),
    ]
    for m in _moments(lunar_zone="china"):
        for opts in options:
            yield compute(m, **opts)[1]


def _liuren_reports():
    from qimen_cli.arts.liuren import compute

    for m in _moments():
        yield compute(m, "najia", None, None, None, None)[1]
        yield compute(m, "day-night", None, None, None, None)[1]
        yield compute(m, "day-night-almanac", 5, None, None, None)[1]
        yield compute(m, "day-night", None, 31.2, 121.5, None)[1]


#: writer module → its reports over INSTANTS.
WRITERS = {"gods": (json_gods, _gods_reports), "gucu": (json_gucu, _gucu_reports), "liuren": (json_liuren, _liuren_reports)}


@pytest.fixture(scope="module", params=sorted(WRITERS))
def writer(request):
    module, reports = WRITERS[request.param]
    return module.ENCODE, list(reports()), getattr(module, "SHARED", frozenset())


def generic_of(encoder: TextEncoder) -> TextEncoder:
    """The same rules with nothing remembered."""
    return TextEncoder(utc_datetimes=encoder.utc, rename=encoder.rename)


def objects_in(value, out: list) -> list:
    """Every dataclass instance inside `value`, itself included."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out.append(value)
        for f in dataclasses.fields(value):
            objects_in(getattr(value, f.name), out)
    elif isinstance(value, (tuple, list)):
        for v in value:
            objects_in(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            objects_in(v, out)
    return out


def settled_by_equality(value, utc: bool) -> bool:
    """Whether equal values of this one's kind are always written alike: strings, ints, None,
    tuples of scalars (one type per field inside a tuple), dicts (unhashable: never remembered),
    datetimes when every one is written as UTC.  Not bools and floats (equal to ints), nor
    nested objects."""
    if value is None or type(value) in (str, int, dict):
        return True
    if type(value) is tuple:
        return all(type(v) in (str, int, float, bool, type(None)) or settled_by_equality(v, utc) for v in value)
    return utc and isinstance(value, dt.datetime)


@pytest.mark.slow
def test_each_writer_writes_what_the_generic_encoder_writes(writer):
    encoder, reports, shared = writer
    generic = generic_of(encoder)
    for report in reports:
        assert encoder.fields(report) == generic.fields(report)
        assert encoder.fields(report, shared) == generic.fields(report)  # the shared fields' kept text


def test_kept_text_is_each_objects_own():
    """`kept` remembers by identity: equal objects of other types, and other objects, are
    written as themselves; an object seen before gives its own text again."""
    enc = TextEncoder()
    a, b, c = (1, 2), (1.0, 2.0), {"k": True}
    assert [enc.kept(a), enc.kept(b), enc.kept(c), enc.kept(a)] == ["[1,2]", "[1.0,2.0]", '{"k":true}', "[1,2]"]
    assert enc.kept((True, 2)) == "[true,2]"
    assert [enc.kept((i,)) for i in range(3)] == ["[0]", "[1]", "[2]"]


@pytest.mark.slow
def test_every_declared_memo_is_sound_on_the_data(writer):
    """Equal keys (the remembered fields' values and the typed fields' types) give equal text,
    and every remembered field holds values settled by their equality or is declared typed."""
    encoder, reports, _shared = writer
    generic = generic_of(encoder)
    heads: dict = {}
    seen = set()
    for report in reports:
        for obj in objects_in(report, []):
            memo = encoder.declared(type(obj))
            if memo is None:
                continue
            seen.add(type(obj))
            if memo.identity:           # remembered by identity only: no value is a key
                continue
            names, _keys, getter = generic._layout(type(obj))
            fixed = len(names) - memo.varying
            values = getter(obj)[:fixed]
            for name, value in zip(names, values, strict=False):
                if type(value) in (bool, float):
                    assert name in memo.typed, f"{type(obj).__name__}.{name} holds {value!r}: declare it typed"
                else:
                    assert settled_by_equality(value, encoder.utc), f"{type(obj).__name__}.{name} holds {value!r}"
            key = (type(obj), values, tuple(type(values[names.index(n)]) for n in memo.typed))
            try:
                hash(key)
            except TypeError:           # a dict among the values: remembered by identity at most
                continue
            head = [text for _key, text in generic.fields(obj)[:fixed]]
            assert heads.setdefault(key, head) == head
    declared = {cls if isinstance(cls, type) else _named(cls) for cls in encoder.memo}
    assert declared == seen, f"declared but never met: {declared - seen}"


def _named(dotted: str) -> type:
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_classes_declared_by_name_are_dataclasses():
    for encoder in (json_gods.ENCODE, json_gucu.ENCODE, json_liuren.ENCODE):
        for cls in encoder.memo:
            assert dataclasses.is_dataclass(cls if isinstance(cls, type) else _named(cls)), cls


@frozen
class Flag:
    name: str
    value: object


@frozen
class Reading:
    name: str
    at: object


def test_a_bool_remembered_without_its_type_is_written_as_the_int_it_equals():
    """Why `typed` exists: True == 1, so without the type in the key the first text is reused."""
    untyped = TextEncoder(memo={Flag: Memo()})
    assert untyped(Flag("a", 1)) == '{"name":"a","value":1}'
    assert untyped(Flag("a", True)) == '{"name":"a","value":1}'
    typed = TextEncoder(memo={Flag: Memo(typed=("value",))})
    assert [typed(Flag("a", v)) for v in (1, True, 1.0)] == [
        '{"name":"a","value":1}', '{"name":"a","value":true}', '{"name":"a","value":1.0}']
    plain = TextEncoder()
    assert [plain(Flag("a", v)) for v in (1, True, 1.0)] == [
        '{"name":"a","value":1}', '{"name":"a","value":true}', '{"name":"a","value":1.0}']


def test_only_declared_classes_are_remembered():
    """Equal instants in two zones are equal but written with their offsets: an undeclared
    class is written afresh each time; declaring it by its dotted name remembers it."""
    utc = dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc)
    shanghai = utc.astimezone(dt.timezone(dt.timedelta(hours=8)))
    assert utc == shanghai
    plain = TextEncoder()
    assert plain(Reading("x", utc)) == '{"name":"x","at":"2024-01-01T00:00:00Z"}'
    assert plain(Reading("x", shanghai)) == '{"name":"x","at":"2024-01-01T08:00:00+08:00"}'
    named = TextEncoder(memo={f"{Reading.__module__}.{Reading.__qualname__}": Memo()})
    named(Reading("x", utc))
    assert named(Reading("x", shanghai)) == '{"name":"x","at":"2024-01-01T00:00:00Z"}'


def test_varying_fields_are_written_each_time():
    encoder = TextEncoder(memo={Flag: Memo(varying=1)})
    assert encoder(Flag("a", 1)) == '{"name":"a","value":1}'
    assert encoder(Flag("a", True)) == '{"name":"a","value":true}'
    assert encoder(Flag("a", [1, 2])) == '{"name":"a","value":[1,2]}'


def test_a_declaration_naming_a_field_it_does_not_remember_is_refused():
    with pytest.raises(ValueError):
        TextEncoder(memo={Flag: Memo(typed=("nothing",))})(Flag("a", 1))
    with pytest.raises(ValueError):
        TextEncoder(memo={Flag: Memo(varying=1, typed=("value",))})(Flag("a", 1))
    with pytest.raises(ValueError):
        TextEncoder(memo={Flag: Memo(varying=3)})(Flag("a", 1))


@pytest.mark.parametrize("pairs", [
    [("a", "1")],
    [("name", '"天罡"'), ("list", "[1,2]"), ("obj", '{"k":null}')],
    {"key with \"quote\"": "true", "鍵": '"值"'},
])
def test_object_text_is_one_json_object_with_schema_version_first(pairs):
    """`object_text`'s pieces (kept key texts, the values' texts, commas) read back, by json,
    as the object of those keys and values in their order, `schema_version` first (the identity
    captures that would catch a wrong piece are slow; this is in the fast subset)."""
    import json

    from qimen_cli.render.jsonout import OPEN, SCHEMA_VERSION, object_text

    items = list(pairs.items()) if isinstance(pairs, dict) else pairs
    text = object_text(pairs)
    assert text.startswith(OPEN)
    expected = {"schema_version": SCHEMA_VERSION, **{k: json.loads(v) for k, v in items}}
    assert json.loads(text) == expected
    assert list(json.loads(text)) == list(expected)
    assert text == object_text(pairs)  # the second call, from the kept key texts, is the same
