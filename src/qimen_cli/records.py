"""`frozen`: the engine's result classes, frozen dataclasses made in about a fifth of the time.

More precisely: `dataclasses.dataclass(frozen=True)` compiles six methods of every class from
generated source (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`, `__delattr__`):
0.4–1.4 ms a class on Python 3.11, and a start imports tens of them.  `frozen` lets
`dataclasses` collect the fields and compiles nothing of its own for a plain record:

- `__eq__`, `__hash__`, `__repr__`, `__setattr__` and `__delattr__` are closures over the
  class's fields, behaving as dataclasses' own do: equal when of the same class with equal
  compared fields (else NotImplemented), the hash of the tuple of hashed fields, the same
  repr, and `FrozenInstanceError` on assigning or deleting a field;
- `__init__` is one code object per number of fields, shipped compiled (`record_inits.py`,
  written from `templates_source`) and given each class's field names and defaults
  (`_init_for`): the same signature, defaults and body as dataclasses would write,
  `object.__setattr__(self, name, value)` for each field;
- with `order=True`, `__lt__`, `__le__`, `__gt__` and `__ge__` compare the tuples of compared
  fields of two instances of the same class (else NotImplemented), as dataclasses' do.

A class outside that plain shape (a `default_factory`, `init=False` or `kw_only` field, an
`InitVar`, `__post_init__`, or dataclass bases) keeps dataclasses' own `__init__` and the two
refusing methods.  Either way the class is a frozen dataclass in every way `dataclasses` can
tell (`fields`, `replace`, `asdict`, `__dataclass_params__.frozen`, `__match_args__`, the
made-up `__doc__`); tests/test_records.py compares each kind with `dataclass(frozen=True)`.
"""

from __future__ import annotations

import dataclasses
import inspect
import operator
import sys
import types
from reprlib import recursive_repr

try:
    from .record_inits import INITS
except ImportError:  # pragma: no cover - only while scripts/build_record_inits.py writes it
    INITS = ()

_MISSING = dataclasses.MISSING

# number of fields → the `__init__` whose code the classes of that many fields share (defaults
# are the function's, not its code's): shipped in record_inits.py up to LARGEST_SHIPPED
# fields, compiled when first needed beyond
LARGEST_SHIPPED = 32
_INIT_TEMPLATES: dict[int, types.FunctionType] = {}
_PLACEHOLDER = "_qimen_field_{}"
#: Code objects have a qualified name (used in call errors) from Python 3.11.
_HAS_QUALNAME = sys.version_info >= (3, 11)


def _getter(names: list[str]):
    """obj → the tuple of its attributes `names` (attrgetter gives a bare value for one name)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return operator.attrgetter(*names)


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


def templates_source(largest: int = LARGEST_SHIPPED) -> str:
    """The text of `record_inits.py`: the `__init__` templates of 0 … `largest` fields."""
    parts = [
        '"""`__init__` templates of plain records, by number of fields (see `records`).\n\n'
        "Written by scripts/build_record_inits.py from `records.templates_source`, shipped so that a\n"
        'start loads them compiled; tests/test_records.py checks that it is current."""\n\n'
        "__qimen_set = object.__setattr__\n"
    ]
    for count in range(largest + 1):
        parts.append(_template_source(count).replace("def __init__(", f"def init_{count}("))
    parts.append("INITS = (" + ", ".join(f"init_{count}" for count in range(largest + 1)) + ")\n")
    return "\n\n".join(parts)


def _template_source(count: int) -> str:
    names = [_PLACEHOLDER.format(i) for i in range(count)]
    head = "def __init__(self):" if not names else "def __init__(\n    self,\n" + "".join(f"    {n},\n" for n in names) + "):"
    body = "".join(f"\n    __qimen_set(self, {n!r}, {n})" for n in names) or "\n    pass"
    return head + body + "\n"


def _template(count: int) -> types.FunctionType:
    """The `__init__` of `count` fields on placeholder names: shipped compiled (`record_inits`), or
    compiled here for a record larger than those."""
    if count < len(INITS):
        return INITS[count]
    template = _INIT_TEMPLATES.get(count)
    if template is None:
        namespace: dict = {}
        exec(_template_source(count), {"__qimen_set": object.__setattr__}, namespace)  # noqa: S102 - our own text
        template = _INIT_TEMPLATES[count] = namespace["__init__"]
    return template


def _init_for(cls: type, fields: tuple[dataclasses.Field, ...]) -> types.FunctionType:
    """`cls.__init__`: the template of its shape, renamed to its fields, with its defaults."""
    names = tuple(f.name for f in fields)
    defaults = tuple(f.default for f in fields if f.default is not _MISSING)
    if any(f.default is _MISSING for f in fields[len(fields) - len(defaults):]):
        dataclasses.dataclass(frozen=True)(cls)  # refuses it, in the words of this Python's dataclasses
        raise TypeError(f"{cls.__qualname__}: a field without a default follows one with a default")
    template = _template(len(names))
    placeholders = {_PLACEHOLDER.format(i): name for i, name in enumerate(names)}
    renamed = {
        "co_varnames": ("self", *names),
        "co_consts": tuple(placeholders.get(c, c) if isinstance(c, str) else c for c in template.__code__.co_consts),
        "co_name": "__init__",
    }
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

    return __setattr__, __delattr__


def frozen(cls: type | None = None, *, order: bool = False):
    """`@dataclass(frozen=True)` (`@frozen(order=True)`: with `order=True`), its methods given as
    closures and shared code (see the module)."""
    if cls is None:
        return lambda c: _make(c, order)
    return _make(cls, order)


def _orderings(compared):
    """`__lt__`, `__le__`, `__gt__`, `__ge__` of `order=True`: the compared fields as tuples."""

    def ordering(op):
        def compare(self, other):
            if other.__class__ is self.__class__:
                return op(compared(self), compared(other))
            return NotImplemented

        compare.__name__ = f"__{op.__name__}__"
        return compare

    return [ordering(op) for op in (operator.lt, operator.le, operator.gt, operator.ge)]


def _make(cls: type, order: bool) -> type:
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

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self):
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self):
        return self.__class__.__qualname__ + "(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in shown) + ")"

    if order:
        methods += _orderings(compared)
    for fn in (*methods, __eq__, __hash__, __repr__):
        fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
        setattr(cls, fn.__name__, fn)
    if plain and not documented:
        cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
    return cls
