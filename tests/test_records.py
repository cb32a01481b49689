"""`records.frozen` makes classes that behave as `dataclass(frozen=True)` ones do."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import types

import pytest

from qimen_cli.records import frozen


def _bodies():
    """Two record shapes: a plain one (shared `__init__` code) and one with a default_factory (dataclasses' own)."""
    plain = {
        "__annotations__": {"a": "int", "b": "str | None", "c": "tuple[float, float]", "d": "dict", "e": "object"},
        "b": None,
        "c": (1.0, 2.5),
        "d": dataclasses.field(default=None, hash=False, compare=False),
        "e": dataclasses.field(default=None, repr=False),
    }
    factory = dict(plain, d=dataclasses.field(default_factory=dict, hash=False, compare=False))
    return {"plain": plain, "factory": factory}


SHAPES = ("plain", "factory")


def _pair(shape="factory"):
    body = _bodies()[shape]
    Plain = dataclasses.dataclass(frozen=True)(type("Rec", (), dict(body)))
    Fast = frozen(type("Rec", (), dict(_bodies()[shape])))
    return Plain, Fast


@pytest.mark.parametrize("shape", SHAPES)
def test_equality_hash_and_repr_are_dataclasses_own(shape):
    Plain, Fast = _pair(shape)
    values = [(1, "x", (1.0, 2.0), {"k": 1}, None), (1, "x", (1.0, 2.0), {"k": 2}, 5), (2, None, (0.5, 1.5), {}, "e")]
    for v in values:
        for w in values:
            assert (Plain(*v) == Plain(*w)) == (Fast(*v) == Fast(*w))
            assert (Plain(*v) != Plain(*w)) == (Fast(*v) != Fast(*w))
        assert hash(Plain(*v)) == hash(Fast(*v))
        assert repr(Plain(*v)) == repr(Fast(*v))
    assert Fast(*values[0]).__eq__(object()) is NotImplemented
    assert Fast(*values[0]) != Plain(*values[0])


@pytest.mark.parametrize("shape", SHAPES)
def test_frozen_in_every_way_dataclasses_can_tell(shape):
    _Plain, Fast = _pair(shape)
    r = Fast(1, d={}) if shape == "plain" else Fast(1)
    assert dataclasses.is_dataclass(r) and Fast.__dataclass_params__.frozen
    assert [f.name for f in dataclasses.fields(r)] == ["a", "b", "c", "d", "e"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.a = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del r.a
    assert dataclasses.replace(r, a=3) == Fast(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.other = 2
    assert isinstance(Fast.__dict__["__init__"], types.FunctionType)
    assert dataclasses.asdict(r) == {"a": 1, "b": None, "c": (1.0, 2.5), "d": {}, "e": None}
    assert Fast.__match_args__ == ("a", "b", "c", "d", "e")


@pytest.mark.parametrize("shape", SHAPES)
def test_recursive_repr_as_dataclasses_write_it(shape):
    Plain, Fast = _pair(shape)
    p, f = Plain(1, c=[], d={}), Fast(1, c=[], d={})
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


@pytest.mark.parametrize("shape", SHAPES)
def test_constructor_as_dataclasses_write_it(shape):
    """The same signature, annotations, made-up docstring, defaults and errors for wrong calls."""
    Plain, Fast = _pair(shape)
    assert inspect.signature(Fast) == inspect.signature(Plain)
    assert Fast.__doc__ == Plain.__doc__ and Fast.__init__.__annotations__ == Plain.__init__.__annotations__
    assert Fast.__init__.__qualname__ == "Rec.__init__"
    assert vars(Fast(1, "x", e=3)) == vars(Plain(1, "x", e=3))
    for args, kwargs in [((), {}), ((1, 2, 3, 4, 5, 6), {}), ((1,), {"a": 2}), ((1,), {"z": 2})]:
        with pytest.raises(TypeError) as plain_error:
            Plain(*args, **kwargs)
        with pytest.raises(TypeError) as fast_error:
            Fast(*args, **kwargs)
        assert str(fast_error.value) == str(plain_error.value)
    r = Fast(1)
    for attempt in (lambda: setattr(r, "a", 2), lambda: delattr(r, "b")):
        with pytest.raises(dataclasses.FrozenInstanceError) as error:
            attempt()
        assert str(error.value) in ("cannot assign to field 'a'", "cannot delete field 'b'")


def test_classes_of_one_shape_share_their_code_not_their_names():
    """Two plain classes with as many fields and defaults run the one compiled body under their own names."""

    @frozen
    class First:
        x: int
        y: str = "y"

    @frozen
    class Second:
        p: float
        q: tuple = ()

    assert First.__init__.__code__.co_code == Second.__init__.__code__.co_code
    assert First.__init__.__code__.co_varnames == ("self", "x", "y")
    assert vars(First(1)) == {"x": 1, "y": "y"} and vars(Second(q=(1,), p=2.0)) == {"p": 2.0, "q": (1,)}
    assert Second(1.0) != First(1.0) and Second(1.0) == Second(1.0, ())


def test_records_outside_the_plain_shape_keep_dataclasses_own_constructor():
    @frozen
    class Checked:
        a: int

        def __post_init__(self):
            if self.a < 0:
                raise ValueError("negative")

    with pytest.raises(ValueError):
        Checked(-1)
    assert Checked(1).a == 1


def test_order_and_recorded_parameters_as_dataclasses_have_them():
    body = {"__annotations__": {"ts": "float", "k": "int"}}
    Plain = dataclasses.dataclass(frozen=True, order=True)(type("Term", (), dict(body)))
    Fast = frozen(order=True)(type("Term", (), dict(body)))
    values = [(1.0, 2), (1.0, 3), (0.5, 9), (1.0, 2)]
    for v in values:
        for w in values:
            for op in ("__lt__", "__le__", "__gt__", "__ge__", "__eq__"):
                assert getattr(Fast(*v), op)(Fast(*w)) == getattr(Plain(*v), op)(Plain(*w))
    assert sorted(Fast(*v) for v in values) == [Fast(*v) for v in sorted(values)]
    assert Fast(1.0, 2).__lt__(Plain(1.0, 2)) is NotImplemented
    for name in ("init", "repr", "eq", "order", "unsafe_hash", "frozen"):
        assert getattr(Fast.__dataclass_params__, name) == getattr(Plain.__dataclass_params__, name), name
        assert getattr(frozen(type("R", (), {"__annotations__": {"a": "int"}})).__dataclass_params__, name) == getattr(
            dataclasses.dataclass(frozen=True)(type("R", (), {"__annotations__": {"a": "int"}})).__dataclass_params__, name)


def test_a_wide_record_as_dataclasses_make_it():
    count = 35
    body = {"__annotations__": {f"f{i}": "int" for i in range(count)}, f"f{count - 1}": -1}
    Plain = dataclasses.dataclass(frozen=True)(type("Wide", (), dict(body)))
    Fast = frozen(type("Wide", (), dict(body)))
    args = list(range(count - 1))
    assert vars(Fast(*args)) == vars(Plain(*args)) and inspect.signature(Fast) == inspect.signature(Plain)
    assert Fast.__init__.__code__.co_name == "__init__"


def test_a_record_without_fields():
    Plain = dataclasses.dataclass(frozen=True)(type("Empty", (), {}))
    Fast = frozen(type("Empty", (), {}))
    assert Fast() == Fast() and repr(Fast()) == repr(Plain()) and inspect.signature(Fast) == inspect.signature(Plain)
    with pytest.raises(TypeError):
        Fast(1)


def test_a_default_before_a_field_without_one_is_refused_as_dataclasses_refuse_it():
    body = {"__annotations__": {"a": "int", "b": "int"}, "a": 1}
    with pytest.raises(TypeError) as plain_error:
        dataclasses.dataclass(frozen=True)(type("Rec", (), dict(body)))
    with pytest.raises(TypeError) as fast_error:
        frozen(type("Rec", (), dict(body)))
    assert str(fast_error.value) == str(plain_error.value)


def test_a_field_left_out_of_init_keeps_dataclasses_own_constructor():
    body = {"__annotations__": {"a": "int", "b": "int"}, "b": dataclasses.field(default=7, init=False)}
    Plain = dataclasses.dataclass(frozen=True)(type("Rec", (), dict(body)))
    Fast = frozen(type("Rec", (), dict(body)))
    assert vars(Fast(1)) == vars(Plain(1)) and Fast(1).b == Plain(1).b == 7
    assert inspect.signature(Fast) == inspect.signature(Plain)
