"""`records.frozen` makes classes that behave as `dataclass(frozen=True)` ones do."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from qimen_cli.records import frozen


def _pair():
    def body():
        return {
            "__annotations__": {"a": "int", "b": "str | None", "c": "tuple[float, float]", "d": "dict", "e": "object"},
            "b": None,
            "c": (1.0, 2.5),
            "d": dataclasses.field(default_factory=dict, hash=False, compare=False),
            "e": dataclasses.field(default=None, repr=False),
        }

    Plain = dataclasses.dataclass(frozen=True)(type("Rec", (), body()))
    Fast = frozen(type("Rec", (), body()))
    return Plain, Fast


def test_equality_hash_and_repr_are_dataclasses_own():
    Plain, Fast = _pair()
    values = [(1, "x", (1.0, 2.0), {"k": 1}, None), (1, "x", (1.0, 2.0), {"k": 2}, 5), (2, None, (0.5, 1.5), {}, "e")]
    for v in values:
        for w in values:
            assert (Plain(*v) == Plain(*w)) == (Fast(*v) == Fast(*w))
            assert (Plain(*v) != Plain(*w)) == (Fast(*v) != Fast(*w))
        assert hash(Plain(*v)) == hash(Fast(*v))
        assert repr(Plain(*v)) == repr(Fast(*v))
    assert Fast(*values[0]).__eq__(object()) is NotImplemented
    assert Fast(*values[0]) != Plain(*values[0])


def test_frozen_in_every_way_dataclasses_can_tell():
    _Plain, Fast = _pair()
    r = Fast(1)
    assert dataclasses.is_dataclass(r) and Fast.__dataclass_params__.frozen
    assert [f.name for f in dataclasses.fields(r)] == ["a", "b", "c", "d", "e"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.a = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del r.a
    assert dataclasses.replace(r, a=3) == Fast(3)
    assert dataclasses.asdict(r) == {"a": 1, "b": None, "c": (1.0, 2.5), "d": {}, "e": None}
    assert Fast.__match_args__ == ("a", "b", "c", "d", "e")


def test_recursive_repr_as_dataclasses_write_it():
    Plain, Fast = _pair()
    p, f = Plain(1, c=[]), Fast(1, c=[])
    p.c.append(p)
    f.c.append(f)
    assert repr(f) == repr(p) == "Rec(a=1, b=None, c=[...], d={})"


@frozen
class Picklable:
    a: int
    b: tuple[str, ...] = ()


def test_pickles():
    r = Picklable(1, ("x",))
    assert pickle.loads(pickle.dumps(r)) == r and hash(pickle.loads(pickle.dumps(r))) == hash(r)
