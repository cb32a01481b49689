"""qimen: 奇門遁甲 and its sister arts from the classical texts, as a Python library.

`qimen_cli.cast("2024-03-05T11:00", tz="Asia/Shanghai")` is the chart `qimen cast` draws, its
`to_json()` the object `--json` prints.  The public names are `__all__` (docs/api.md): one function per command of `qimen`, the
`Result` and `Stream` they return, and the errors.  They and the JSON they give follow
`SCHEMA_VERSION`; every other module is internal.  Names are imported when first used, so
`import qimen_cli` (and every start of the command line) stays cheap.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

__all__ = [
    "cast", "chaibu", "noble", "twelve_gods", "gucu", "liuren", "pillars", "terms", "find", "patterns",
    "Result", "Stream", "QimenError", "BadInput", "OutOfSpan", "DataError", "SCHEMA_VERSION", "__version__",
]

#: Each public name → the module that defines it.
_HOMES = {
    **{name: "qimen_cli.api" for name in __all__[:10]},
    "Result": "qimen_cli.result", "Stream": "qimen_cli.result",
    "QimenError": "qimen_cli.errors", "BadInput": "qimen_cli.errors", "OutOfSpan": "qimen_cli.errors",
    "DataError": "qimen_cli.errors",
    "SCHEMA_VERSION": "qimen_cli.render.jsonout",
}


class _Package(ModuleType):
    """This package, whose attributes `find`, `gucu` and `liuren` are the API's functions.

    The engine's packages of the same names (`find/`, `gucu/`, `liuren/`) are not bound here
    when one of their modules is imported (the import system would bind the package over the
    function): their modules are imported by their full names (`from qimen_cli.liuren import
    report`), never reached as attributes of `qimen_cli`."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _SHADOWED and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


#: The functions whose names the engine's packages share.
_SHADOWED = frozenset({"find", "gucu", "liuren"})
sys.modules[__name__].__class__ = _Package

if TYPE_CHECKING:
    from .api import cast, chaibu, find, gucu, liuren, noble, patterns, pillars, terms, twelve_gods
    from .errors import BadInput, DataError, OutOfSpan, QimenError
    from .render.jsonout import SCHEMA_VERSION
    from .result import Result, Stream

    __version__: str


def __getattr__(name: str) -> Any:
    """A public name, imported from its home when first asked for (PEP 562)."""
    if name == "__version__":
        from importlib.metadata import version

        value: Any = version("qimen-cli")
    elif name in _HOMES:
        import importlib

        value = getattr(importlib.import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module 'qimen_cli' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
