"""`records.frozen` makes classes that behave as `dataclass(frozen=True, slots=True)` ones do,
with no code generated at run time."""

from __future__ import annotations

import ast
import copy
import dataclasses
import functools
import inspect
import pickle
import weakref
from pathlib import Path

import pytest

from qimen_cli.records import frozen

SRC = Path(__file__).resolve().parents[1] / "src" / "qimen_cli"


def _bodies():
    """Record shapes: plain fields with defaults and field options; a default_factory; a field
    left out of init."""
    plain = {
        "__annotations__": {"a": "int", "b": "str | None", "c": "tuple[float, float]", "d": "dict", "e": "object"},
        "b": None,
        "c": (1.0, 2.5),
        "d": dataclasses.field(default=None, hash=False, compare=False),
        "e": dataclasses.field(default=None, repr=False),
    }
    factory = dict(plain, d=dataclasses.field(default_factory=dict, hash=False, compare=False))
    later = dict(plain, e=dataclasses.field(default=7, init=False))
    return {"plain": plain, "factory": factory, "later": later}


SHAPES = ("plain", "factory", "later")


def _pair(shape="plain", **options):
    """(dataclass(frozen=True, slots=True, **options), frozen(**options)) made from one body."""
    Plain = dataclasses.dataclass(frozen=True, slots=True, **options)(type("Rec", (), _bodies()[shape]))
    Fast = frozen(**options)(type("Rec", (), _bodies()[shape]))
    return Plain, Fast


VALUES = [(1, "x", (1.0, 2.0), {"k": 1}), (1, "x", (1.0, 2.0), {"k": 2}), (2, None, (0.5, 1.5), {}), (2,), (3, "y")]


@pytest.mark.parametrize("shape", SHAPES)
def test_equality_hash_and_repr_are_dataclasses_own(shape):
    Plain, Fast = _pair(shape)
    for v in VALUES:
        for w in VALUES:
            assert (Plain(*v) == Plain(*w)) == (Fast(*v) == Fast(*w))
            assert (Plain(*v) != Plain(*w)) == (Fast(*v) != Fast(*w))
        assert hash(Plain(*v)) == hash(Fast(*v))
        assert repr(Plain(*v)) == repr(Fast(*v))
        assert dataclasses.asdict(Fast(*v)) == dataclasses.asdict(Plain(*v))
        assert dataclasses.astuple(Fast(*v)) == dataclasses.astuple(Plain(*v))
    assert Fast(*VALUES[0]).__eq__(object()) is NotImplemented
    assert Fast(*VALUES[0]) != Plain(*VALUES[0])


@pytest.mark.parametrize("shape", SHAPES)
def test_frozen_and_slotted_as_dataclasses_make_them(shape):
    Plain, Fast = _pair(shape)
    r = Fast(1)
    assert dataclasses.is_dataclass(r) and Fast.__dataclass_params__.frozen
    assert [f.name for f in dataclasses.fields(r)] == [f.name for f in dataclasses.fields(Plain)] == ["a", "b", "c", "d", "e"]
    assert Fast.__slots__ == Plain.__slots__ and not hasattr(r, "__dict__")
    assert Fast.__match_args__ == Plain.__match_args__
    for attempt in (lambda: setattr(r, "a", 2), lambda: delattr(r, "b"), lambda: setattr(r, "other", 2)):
        with pytest.raises(dataclasses.FrozenInstanceError) as error:
            attempt()
        assert str(error.value) in ("cannot assign to field 'a'", "cannot delete field 'b'", "cannot assign to field 'other'")
    with pytest.raises(TypeError):
        weakref.ref(r)  # no __weakref__ slot, as slots=True makes none
    assert dataclasses.replace(r, a=3) == Fast(3) and dataclasses.replace(r, a=3).b is None
    for name in ("init", "repr", "eq", "order", "unsafe_hash", "frozen"):
        assert getattr(Fast.__dataclass_params__, name) == getattr(Plain.__dataclass_params__, name), name


@pytest.mark.parametrize("shape", SHAPES)
def test_constructor_as_dataclasses_write_it(shape):
    """The same signature, made-up docstring, defaults, and the same calls refused."""
    Plain, Fast = _pair(shape)
    # (as text: dataclasses show a default_factory by a sentinel of their own)
    assert str(inspect.signature(Fast)) == str(inspect.signature(Plain))
    assert Fast.__doc__ == Plain.__doc__
    assert Fast.__init__.__qualname__ == "Rec.__init__" and Fast.__qualname__ == "Rec"
    for args, kwargs in [((1,), {}), ((1, "x"), {}), ((1, "x", (0.0, 0.0), {}), {}), ((), {"a": 1, "d": {}}),
                         ((1,), {"c": (3.0, 4.0), "b": "z"}), ((), {"d": {1: 2}, "c": (), "b": "", "a": 0})]:
        p, f = Plain(*args, **kwargs), Fast(*args, **kwargs)
        assert dataclasses.astuple(f) == dataclasses.astuple(p) and f.d == p.d, (args, kwargs)
    if shape != "later":  # every field by keyword
        every = {"e": 5, "d": {}, "c": (), "b": "", "a": 0}
        assert dataclasses.astuple(Fast(**every)) == dataclasses.astuple(Plain(**every))
    wrong = [((), {}), ((1, 2, 3, 4, 5, 6), {}), ((1,), {"a": 2}), ((1,), {"z": 2}), ((), {"b": 2})]
    if shape == "later":
        wrong.append(((1,), {"e": 2}))  # not an init field
    for args, kwargs in wrong:
        with pytest.raises(TypeError):
            Plain(*args, **kwargs)
        with pytest.raises(TypeError) as error:
            Fast(*args, **kwargs)
        named = [name for name in ("'a'", "'z'", "'e'", "arguments") if name in str(error.value)]
        assert str(error.value).startswith("Rec() ") and named, str(error.value)


def test_defaults_made_as_dataclasses_make_them():
    _Plain, Fast = _pair("factory")
    one, two = Fast(1), Fast(2)
    assert one.d == {} and one.d is not two.d  # a fresh value of the factory each time
    Plain, Fast = _pair("later")
    assert Fast(1).e == Plain(1).e == 7 and Fast(1, "x", (), {}).e == 7
    assert "e" not in inspect.signature(Fast).parameters


@frozen
class Checked:
    a: int
    b: int = dataclasses.field(default=0, init=False)

    def __post_init__(self):
        if self.a < 0:
            raise ValueError("negative")
        object.__setattr__(self, "b", self.a * 2)


def test_post_init_runs_after_the_fields_are_set():
    with pytest.raises(ValueError):
        Checked(-1)
    assert Checked(3).b == 6 and Checked(3) == Checked(a=3)
    assert pickle.loads(pickle.dumps(Checked(3))).b == 6


#: One record of each shape where pickle finds it (by its module and name).
PICKLED = {shape: frozen(type(f"Pickled_{shape}", (), _bodies()[shape])) for shape in SHAPES}
Pickled_plain, Pickled_factory, Pickled_later = (PICKLED[shape] for shape in SHAPES)


@pytest.mark.parametrize("shape", SHAPES)
def test_pickles_and_copies(shape):
    Fast = PICKLED[shape]
    r = Fast(1, "x", (2.0, 3.0), {"k": [1]})
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(r, protocol))
        assert back == r and hash(back) == hash(r) and back.d == r.d and back.e == r.e, protocol
    assert copy.copy(r) == r and copy.copy(r).d is r.d
    deep = copy.deepcopy(r)
    assert deep == r and deep.d == r.d and deep.d is not r.d


@frozen
class Picklable:
    a: int
    b: tuple[str, ...] = ()

    @functools.cached_property
    def doubled(self) -> tuple:
        return self.b * 2


def test_a_cached_property_keeps_its_cache_outside_the_fields():
    """A class with a cached_property keeps a __dict__ for the cache (slots=True would refuse it),
    which takes no part in equality, hash, repr or pickling."""
    r = Picklable(1, ("x",))
    assert r.doubled == ("x", "x") and r.doubled is r.doubled and vars(r) == {"doubled": ("x", "x")}
    assert r == Picklable(1, ("x",)) and hash(r) == hash(Picklable(1, ("x",))) and repr(r) == "Picklable(a=1, b=('x',))"
    back = pickle.loads(pickle.dumps(r))
    assert back == r and vars(back) == {} and back.doubled == ("x", "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.a = 2


def test_recursive_repr_as_dataclasses_write_it():
    Plain, Fast = _pair()
    p, f = Plain(1, c=[], d={}), Fast(1, c=[], d={})
    p.c.append(p)
    f.c.append(f)
    assert repr(f) == repr(p) == "Rec(a=1, b=None, c=[...], d={})"


def test_order_as_dataclasses_have_it():
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
    Unordered = frozen(type("Term", (), dict(body)))
    assert Fast.__dataclass_params__.order and not Unordered.__dataclass_params__.order
    with pytest.raises(TypeError):
        assert Unordered(1.0, 2) < Unordered(1.0, 3)


def test_a_wide_record_and_one_without_fields():
    count = 35
    body = {"__annotations__": {f"f{i}": "int" for i in range(count)}, f"f{count - 1}": -1}
    Plain = dataclasses.dataclass(frozen=True)(type("Wide", (), dict(body)))
    Fast = frozen(type("Wide", (), dict(body)))
    args = list(range(count - 1))
    assert dataclasses.astuple(Fast(*args)) == dataclasses.astuple(Plain(*args))
    assert inspect.signature(Fast) == inspect.signature(Plain)
    Empty = frozen(type("Empty", (), {}))
    assert Empty() == Empty() and repr(Empty()) == "Empty()" and hash(Empty()) == hash(())
    with pytest.raises(TypeError):
        Empty(1)


def test_methods_of_the_class_stay_its_own():
    """`super()` in a method reaches the remade class; a method the class writes itself is kept
    (as dataclasses keep it), but for the refusals, which a frozen class cannot replace."""

    @frozen
    class Named:
        a: int

        def __repr__(self):
            return f"Named<{self.a}>"

        def shown(self):
            return super().__repr__()

        @property
        def twice(self):
            return self.a * 2

    assert repr(Named(1)) == "Named<1>" and Named(1).shown().startswith("<") and Named(4).twice == 8
    with pytest.raises(TypeError, match="__setattr__"):
        frozen(type("R", (), {"__annotations__": {"a": "int"}, "__setattr__": lambda self, n, v: None}))


def test_shapes_frozen_does_not_make_are_refused():
    with pytest.raises(TypeError) as plain_error:
        dataclasses.dataclass(frozen=True)(type("Rec", (), {"__annotations__": {"a": "int", "b": "int"}, "a": 1}))
    with pytest.raises(TypeError) as fast_error:
        frozen(type("Rec", (), {"__annotations__": {"a": "int", "b": "int"}, "a": 1}))
    assert str(fast_error.value) == str(plain_error.value)
    for body in ({"__annotations__": {"a": "dataclasses.InitVar[int]"}},
                 {"__annotations__": {"a": "int", "_": "dataclasses.KW_ONLY", "b": "int"}}):
        with pytest.raises(TypeError, match="InitVar or keyword-only"):
            frozen(type("Rec", (), dict(body, __module__=__name__)))
    Base = frozen(type("Base", (), {"__annotations__": {"a": "int"}}))
    with pytest.raises(TypeError, match="inherit"):
        frozen(type("Sub", (Base,), {"__annotations__": {"b": "int"}}))


def _package_records() -> list[type]:
    import importlib
    import pkgutil
    import sys

    import qimen_cli

    for info in pkgutil.walk_packages(qimen_cli.__path__, "qimen_cli."):
        if "mcp" not in info.name:
            importlib.import_module(info.name)
    return [v for m in list(sys.modules.values()) if (getattr(m, "__name__", "") or "").startswith("qimen_cli")
            for v in vars(m).values()
            if isinstance(v, type) and v.__module__ == m.__name__ and "__signature__" in v.__dict__
            and "__dataclass_fields__" in v.__dict__]


def test_the_package_records_run_one_written_init():
    """Every record class of the package runs the one `__init__` written in records.py (no code
    made for a class), has a slot per field, and is refused a new attribute."""
    records = _package_records()
    assert len(records) > 60
    codes = {cls.__init__.__code__ for cls in records}
    assert len(codes) == 1 and next(iter(codes)).co_filename.endswith("records.py")
    for cls in records:
        names = tuple(f.name for f in dataclasses.fields(cls))
        assert cls.__slots__[:len(names)] == names, cls


def test_no_code_is_generated_at_run_time():
    """No module of the package calls exec, eval or compile, makes a function from code, or
    rewrites code objects (issue 30 item 4)."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("exec", "eval", "compile"):
                found.append(f"{path.name}:{node.lineno} {node.func.id}")
            if isinstance(node, ast.Attribute) and node.attr in ("__code__", "FunctionType", "CodeType"):
                found.append(f"{path.name}:{node.lineno} {node.attr}")
    assert not found, found
