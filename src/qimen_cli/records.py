"""`frozen`: the engine's result classes, frozen dataclasses made in about two-thirds of the time.

More precisely: `dataclasses.dataclass(frozen=True)` compiles six methods of every class from
generated source (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`, `__delattr__`):
0.5–1.4 ms a class on Python 3.11, and a start imports tens of them.  `frozen` lets
dataclasses compile the three that need the class's own code (`__init__` and the two that
refuse assignment) and gives the other three as closures over the class's fields, behaving as
dataclasses' own do: equal when of the same class with equal compared fields (else
NotImplemented), the hash of the tuple of hashed fields, and the same repr.  The class is a
frozen dataclass in every way `dataclasses` can tell (`fields`, `replace`, `asdict`,
`FrozenInstanceError`); tests/test_records.py compares the two kinds.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from reprlib import recursive_repr


def _getter(names: list[str]):
    """obj → the tuple of its attributes `names` (attrgetter gives a bare value for one name)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return attrgetter(*names)


def frozen(cls: type) -> type:
    """`@dataclass(frozen=True)` with `__eq__`, `__hash__` and `__repr__` as closures."""
    cls = dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
    fields = dataclasses.fields(cls)
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

    for fn in (__eq__, __hash__, __repr__):
        fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
        setattr(cls, fn.__name__, fn)
    return cls
