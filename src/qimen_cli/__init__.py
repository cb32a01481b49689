"""qimen: 奇門遁甲 and its sister arts from the classical texts, as a Python library.

    >>> import qimen_cli
    >>> chart = qimen_cli.cast("2024-03-05T11:00", tz="Asia/Shanghai")
    >>> chart.to_dict()["ju"]["label"]  # doctest: +SKIP

The public names are `__all__` (docs/api.md): one function per command of `qimen`, the
`Result` and `Stream` they return, and the errors.  They and the JSON they give follow
`SCHEMA_VERSION`; every other module is internal.  Names are imported when first used, so
`import qimen_cli` (and every start of the command line) stays cheap.
"""

from __future__ import annotations

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

# The engine's packages `find/`, `gucu/` and `liuren/` share their names with three of the
# functions above.  They are imported now (empty packages) and dropped from this namespace, so
# that importing one of their modules later binds nothing here: `qimen_cli.liuren` is the
# function, and the engine's modules are imported by their full names
# (`from qimen_cli.liuren import report`), never reached as attributes of `qimen_cli`.
for _package in ("find", "gucu", "liuren"):
    __import__(f"{__name__}.{_package}")
    del globals()[_package]
del _package

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
