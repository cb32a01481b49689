"""`frozen`: the result classes, frozen dataclasses made for about a tenth of dataclasses' cost.

More precisely: `dataclass(frozen=True)` compiles six methods of every class (0.4–1.4 ms a class
on Python 3.11; a start makes tens).  `frozen` lets `dataclasses` collect the fields; a plain
record's `__init__` is one code object per number of fields, compiled once and renamed to each
class's fields and defaults (`_init_for`), and `__eq__`, `__hash__`, `__repr__`, the refusals
and (`order=True`) the comparisons are closures behaving as dataclasses' own.  A class outside
that shape (`default_factory`, `init=False`, `kw_only`, `InitVar`, `__post_init__`, dataclass
bases) keeps dataclasses' `__init__` and refusals.  tests/test_records.py compares both kinds
with `dataclass(frozen=True)`.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import operator
import sys
import types
from reprlib import recursive_repr

_MISSING = dataclasses.MISSING
_PLACEHOLDER = "_qimen_field_{}"
#: Code objects have a qualified name (used in call errors) from Python 3.11.
_HAS_QUALNAME = sys.version_info >= (3, 11)


def _getter(names: list[str]):
    """obj → the tuple of its attributes `names` (attrgetter gives a bare value for one name)."""
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return operator.attrgetter(*names) if names else lambda obj: ()


def _is_plain(cls: type) -> bool:
    """Whether `cls` (not yet a dataclass) has only fields with at most a plain default."""
    if any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]) or hasattr(cls, "__post_init__"):
        return False
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if "InitVar" in text or "KW_ONLY" in text or name in ("self", "__qimen_set") or name.startswith(_PLACEHOLDER.format("")):
            return False
        value = cls.__dict__.get(name, _MISSING)
        if isinstance(value, dataclasses.Field) and (
            value.default_factory is not _MISSING or value.kw_only is True or not value.init
        ):
            return False
    return True


@functools.cache
def _template(count: int) -> types.FunctionType:
    """The `__init__` of `count` fields on placeholder names, compiled when first needed."""
    names = [_PLACEHOLDER.format(i) for i in range(count)]
    body = "".join(f"\n    __qimen_set(self, {n!r}, {n})" for n in names) or "\n    pass"
    namespace: dict = {}
    exec(f"def __init__({', '.join(['self', *names])}):{body}\n", {"__qimen_set": object.__setattr__}, namespace)  # noqa: S102 - our own text
    return namespace["__init__"]


def _init_for(cls: type, fields: tuple[dataclasses.Field, ...]) -> types.FunctionType:
    """`cls.__init__`: the template of its shape, renamed to its fields, with its defaults."""
    names = tuple(f.name for f in fields)
    defaults = tuple(f.default for f in fields if f.default is not _MISSING)
    if any(f.default is _MISSING for f in fields[len(fields) - len(defaults):]):
        dataclasses.dataclass(frozen=True)(cls)  # refuses it, in the words of this Python's dataclasses
        raise TypeError(f"{cls.__qualname__}: a field without a default follows one with a default")
    template = _template(len(names))
    placeholders = {_PLACEHOLDER.format(i): name for i, name in enumerate(names)}
    renamed = {"co_varnames": ("self", *names), "co_name": "__init__",
               "co_consts": tuple(placeholders.get(c, c) if isinstance(c, str) else c for c in template.__code__.co_consts)}
    if _HAS_QUALNAME:
        renamed["co_qualname"] = f"{cls.__qualname__}.__init__"
    code = template.__code__.replace(**renamed)
    init = types.FunctionType(code, template.__globals__, "__init__", defaults or None)
    init.__annotations__ = {f.name: f.type for f in fields} | {"return": None}
    return init


def _refusals(cls: type, names: frozenset[str]):
    """`__setattr__` and `__delattr__` as a frozen dataclass has them."""

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return [__setattr__, __delattr__]


def _comparisons(compared, ops):
    """`__eq__` (and with `order=True` `__lt__` …): the compared fields of two instances of one class as tuples."""

    def comparison(op):
        def compare(self, other):
            return op(compared(self), compared(other)) if other.__class__ is self.__class__ else NotImplemented

        compare.__name__ = f"__{op.__name__}__"
        return compare

    return [comparison(op) for op in ops]


def frozen(cls: type | None = None, *, order: bool = False):
    """`@dataclass(frozen=True)` (`@frozen(order=True)`: with `order=True`), made as the module says."""
    if cls is None:
        return lambda c: frozen(c, order=order)
    plain = _is_plain(cls)
    documented = bool(cls.__dict__.get("__doc__"))
    if plain:
        if not documented:  # else dataclasses would read the signature of object.__init__ (costly: 10 ms)
            cls.__doc__ = "-"
        cls = dataclasses.dataclass(init=False, eq=False, repr=False)(cls)
        fields = dataclasses.fields(cls)
        cls.__dataclass_params__.init = cls.__dataclass_params__.frozen = True
        methods = [_init_for(cls, fields), *_refusals(cls, frozenset(f.name for f in fields))]
    else:
        cls = dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
        fields = dataclasses.fields(cls)
        methods = []
    params = cls.__dataclass_params__  # as dataclass(frozen=True, order=order) would record them
    params.repr = params.eq = True
    params.order = order
    compared = _getter([f.name for f in fields if f.compare])
    hashed = _getter([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
    shown = [f.name for f in fields if f.repr]

    def __hash__(self):
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self):
        return self.__class__.__qualname__ + "(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in shown) + ")"

    ops = (operator.eq, operator.lt, operator.le, operator.gt, operator.ge) if order else (operator.eq,)
    for fn in (*methods, *_comparisons(compared, ops), __hash__, __repr__):
        fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
        setattr(cls, fn.__name__, fn)
    if plain and not documented:
        cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
    return cls
