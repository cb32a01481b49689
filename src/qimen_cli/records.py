"""`frozen`: the result classes, frozen slotted dataclasses whose methods are written once, here.

`@frozen` (`@frozen(order=True)`) makes what `@dataclass(frozen=True, slots=True)` (`order=True`)
makes, without generating code: `dataclasses` collects the fields (asked for no method, it
writes none), the class is made again with a slot for each field (as `slots=True` does), and
its methods are the functions below, closed over the fields.  `__init__(self, *args, **kwargs)`
puts every argument given in order (or every one by keyword) straight into its slot and the
rest from their defaults; `__eq__`, `__hash__`, `__repr__`, the comparisons, the refusals to
assign or delete and the pickling state are dataclasses' own, on the fields' tuples; and
`__signature__` is the signature dataclasses' `__init__` would have (made when asked for).
Plain dataclasses write and compile six methods for every class, about 0.4–0.6 ms a class on
Python 3.11 against 0.08 ms, and a start makes 20 to 40 (`benchmarks/records_bench.py`
compares the forms).

Fields may have a default, a `default_factory` or `init=False`, and a class a `__post_init__`
(setting fields with `object.__setattr__`, as for a frozen dataclass); `InitVar`, keyword-only
fields and dataclass bases are refused.  Unlike `slots=True`, a class with a
`functools.cached_property` keeps a `__dict__` for what it caches (outside equality, hash,
repr and pickling).  tests/test_records.py compares the records with `dataclass(frozen=True)`.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import operator
from collections import deque
from collections.abc import Callable, Iterable
from itertools import repeat
from reprlib import recursive_repr
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:  # typing's own from Python 3.11; typing_extensions is only read by the type checker
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        """At run time a no-op (PEP 681: it tells a type checker `frozen` makes dataclasses)."""
        return lambda decorated: decorated

_C = TypeVar("_C", bound=type)

_MISSING = dataclasses.MISSING
_EQ = (operator.eq,)
_ORDER = (operator.eq, operator.lt, operator.le, operator.gt, operator.ge)

#: Runs an iterator to its end in C (a loop of slot puts without a Python frame per value).
_consume: Callable[[Iterable[object]], None] = deque[object](maxlen=0).extend
try:
    _call = operator.call  # type: ignore[attr-defined]  # f(*args), Python 3.11 (mypy reads the 3.10 floor)
except AttributeError:  # pragma: no cover - Python 3.10
    def _call(f, *args):
        return f(*args)


class _Factory:
    """The default shown in a signature for a field with a `default_factory` (as dataclasses show it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


class _Signature:
    """A record class's `__signature__`, made when asked for: what `inspect.signature` of a
    dataclass's `__init__` gives (`__init__` itself takes `*args, **kwargs`)."""

    def __get__(self, obj, cls) -> inspect.Signature:
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        return inspect.Signature(
            [inspect.Parameter(f.name, kind, annotation=f.type, default=_default_shown(f))
             for f in dataclasses.fields(cls) if f.init],
            return_annotation=None)


def _default_shown(f: dataclasses.Field):
    if f.default_factory is not _MISSING:
        return _FACTORY
    return inspect.Parameter.empty if f.default is _MISSING else f.default


_SIGNATURE = _Signature()


def _getter(names: list[str]):
    """obj → the tuple of its attributes `names` (attrgetter gives a bare value for one name)."""
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return operator.attrgetter(*names) if names else lambda obj: ()


def _fields(cls: type) -> tuple[dataclasses.Field, ...]:
    """`cls` made a dataclass without methods; its fields, the shapes `frozen` cannot make refused."""
    if any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__qualname__}: a frozen record does not inherit from a dataclass")
    documented = bool(cls.__dict__.get("__doc__"))
    if not documented:  # else dataclasses read the signature of object.__init__ (costly: 10 ms)
        cls.__doc__ = "-"
    dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
    fields = dataclasses.fields(cls)
    if len(fields) != len(cls.__dict__["__dataclass_fields__"]) or any(f.kw_only is True for f in fields):
        raise TypeError(f"{cls.__qualname__}: a frozen record takes no InitVar or keyword-only field")
    defaulted = False
    for f in fields:
        if f.init:
            has_default = f.default is not _MISSING or f.default_factory is not _MISSING
            if defaulted and not has_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            defaulted = defaulted or has_default
    cls.__signature__ = _SIGNATURE  # type: ignore[attr-defined]  # (what inspect.signature reads)
    if not documented:
        cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
    return fields


def _functions(value):
    """The functions a class attribute holds (a method, a property's accessors …)."""
    if isinstance(value, property):
        return [value.fget, value.fset, value.fdel]
    if isinstance(value, (classmethod, staticmethod)):
        return [value.__func__]
    if isinstance(value, functools.cached_property):
        return [value.func]
    return [value]


def _slotted(cls: type, fields: tuple[dataclasses.Field, ...]) -> type:
    """`cls` made again with a slot for each field (the fields' defaults, class attributes until
    now, stay in the fields), and `__dict__` too when it caches with a cached_property.  The
    `__class__` of its methods (`super()`) is the new class."""
    names = tuple(f.name for f in fields)
    body = {k: v for k, v in cls.__dict__.items() if k not in names and k not in ("__dict__", "__weakref__")}
    cached = any(isinstance(v, functools.cached_property) for v in body.values())
    body["__slots__"] = names + (("__dict__",) if cached else ())
    new = type(cls)(cls.__name__, cls.__bases__, body)
    new.__qualname__ = cls.__qualname__
    for value in body.values():
        for fn in _functions(value):
            for cell in getattr(fn, "__closure__", None) or ():
                if cell.cell_contents is cls:
                    cell.cell_contents = new
    return new


def _init(cls: type, fields: tuple[dataclasses.Field, ...]):
    """`__init__(self, *args, **kwargs)`: the arguments put into the init fields' slots in
    order or by keyword, the others from their defaults; then the fields left out of init from
    theirs, and `__post_init__`."""
    params = [f for f in fields if f.init]
    names = tuple(f.name for f in params)
    count = len(names)
    given = frozenset(names)
    put = {f.name: cls.__dict__[f.name].__set__ for f in fields}
    puts = tuple(put[name] for name in names)
    defaults = {f.name: f for f in params if f.default is not _MISSING or f.default_factory is not _MISSING}
    required = count - len(defaults)
    # The defaults of the last fields, for a positional call that leaves them out (no factory among them).
    tail = None if any(f.default_factory is not _MISSING for f in defaults.values()) \
        else tuple(f.default for f in params[required:])
    later = tuple((put[f.name], f) for f in fields if not f.init)
    post_init = hasattr(cls, "__post_init__")
    called = cls.__qualname__ + "()"

    def default(name: str):
        f = defaults.get(name)
        if f is None:
            raise TypeError(f"{called} missing argument {name!r}")
        return f.default if f.default_factory is _MISSING else f.default_factory()

    def bind(args: tuple, kwargs: dict) -> tuple:
        """The values of the init fields in order, from a call that does not give them all in order."""
        n = len(args)
        if not kwargs and tail is not None and required <= n < count:
            return args + tail[n - required:]
        if n > count:
            raise TypeError(f"{called} takes {count} arguments but {n} were given")
        for name in names[:n]:
            if name in kwargs:
                raise TypeError(f"{called} got multiple values for argument {name!r}")
        for name in kwargs:
            if name not in given:
                raise TypeError(f"{called} got an unexpected keyword argument {name!r}")
        return (*args, *(kwargs[name] if name in kwargs else default(name) for name in names[n:]))

    def __init__(self, *args, **kwargs):
        if kwargs and not args and len(kwargs) == count and kwargs.keys() <= given:
            for name, value in kwargs.items():  # every init field by keyword
                put[name](self, value)
        else:
            if kwargs or len(args) != count:
                args = bind(args, kwargs)  # every init field's value, in order
            _consume(map(_call, puts, repeat(self), args))  # set_slot(self, value) for each, in C
        if later:
            for set_slot, f in later:
                set_slot(self, f.default if f.default_factory is _MISSING else f.default_factory())
        if post_init:
            self.__post_init__()

    return __init__


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


def _state(cls: type, fields: tuple[dataclasses.Field, ...]):
    """`__getstate__` and `__setstate__` (pickling, copying): the fields' values, as dataclasses
    give a frozen slotted class (the pickled object is not made through `__init__`)."""
    values = _getter([f.name for f in fields])
    puts = tuple(cls.__dict__[f.name].__set__ for f in fields)

    def __getstate__(self):
        return values(self)

    def __setstate__(self, state):
        for set_slot, value in zip(puts, state, strict=True):
            set_slot(self, value)

    return [__getstate__, __setstate__]


def _comparisons(compared, ops):
    """`__eq__` (and with `order=True` `__lt__` …): the compared fields of two instances of one class as tuples."""

    def comparison(op):
        def compare(self, other):
            return op(compared(self), compared(other)) if other.__class__ is self.__class__ else NotImplemented

        compare.__name__ = f"__{op.__name__}__"
        return compare

    return [comparison(op) for op in ops]


@overload
def frozen(cls: _C, *, order: bool = False) -> _C: ...


@overload
def frozen(cls: None = None, *, order: bool = False) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: Any = None, *, order: bool = False) -> Any:
    """`@dataclass(frozen=True, slots=True)` (`@frozen(order=True)`: with `order=True`), made as the module says."""
    if cls is None:
        return lambda c: frozen(c, order=order)
    fields = _fields(cls)
    cls = _slotted(cls, fields)
    params = cls.__dataclass_params__  # as dataclass(frozen=True, order=order) would record them
    params.init = params.repr = params.eq = params.frozen = True
    params.order = order
    compared = _getter([f.name for f in fields if f.compare])
    hashed = _getter([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
    shown = [f.name for f in fields if f.repr]

    def __hash__(self):
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self):
        return self.__class__.__qualname__ + "(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in shown) + ")"

    methods = [_init(cls, fields), *_refusals(cls, frozenset(f.name for f in fields)), *_state(cls, fields),
               *_comparisons(compared, _ORDER if order else _EQ), __hash__, __repr__]
    for fn in methods:
        if fn.__name__ in cls.__dict__:  # the class's own, as dataclasses keep it (but for the refusals)
            if fn.__name__ in ("__setattr__", "__delattr__"):
                raise TypeError(f"Cannot overwrite attribute {fn.__name__} in class {cls.__name__}")
            continue
        fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
        setattr(cls, fn.__name__, fn)
    return cls
