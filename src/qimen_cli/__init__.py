"""qimen: 奇門遁甲 and its sister arts from the classical texts, as a Python library.

`qimen_cli.cast("2024-03-05T11:00", tz="Asia/Shanghai")` is the chart `qimen cast` draws, its
`to_json()` the object `--json` prints.  The public names are `__all__` (docs/api.md): one function per command of `qimen`, the
`Result` and `Stream` they return, and the errors.  They and the JSON they give follow
`SCHEMA_VERSION`; every other module is internal.  Names are imported when first used, so
`import qimen_cli` (and every start of the command line) stays cheap.  The arts' functions are made
from their records (`api.make`); `__init__.pyi` declares every public name to type checkers
(scripts/make_api_stub.py).
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

#: The public names besides the arts' functions (`api.art_functions`: one per art's record).
_NAMES = ["terms", "find", "patterns", "Result", "Stream", "QimenError", "BadInput", "OutOfSpan", "DataError",
          "SCHEMA_VERSION", "__version__"]

#: Each public name that is not an art's function → the module that defines it.
_HOMES = {
    "terms": "qimen_cli.api", "find": "qimen_cli.api", "patterns": "qimen_cli.api",
    "Result": "qimen_cli.result", "Stream": "qimen_cli.result",
    "QimenError": "qimen_cli.errors", "BadInput": "qimen_cli.errors", "OutOfSpan": "qimen_cli.errors",
    "DataError": "qimen_cli.errors",
    "SCHEMA_VERSION": "qimen_cli.render.jsonout",
}


class _Package(ModuleType):
    """This package, whose attributes `find`, `gucu` and `liuren` are the API's functions.

    The engine's packages that share a name with a function (`find/`, `gucu/`, `liuren/`: an
    art's engine package beside its record `arts/<name>.py`) are not bound here when one of their
    modules is imported (the import system would bind the package over the function): their
    modules are imported by their full names (`from qimen_cli.liuren import report`), never
    reached as attributes of `qimen_cli`."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and _is_function_name(name):
            return
        super().__setattr__(name, value)


def _is_function_name(name: str) -> bool:
    """Whether `name` is a function of the API: `find`, `patterns`, `terms`, or an art's (its record's
    module `arts/<name>.py`, or an art registered), told without importing a record."""
    return name in _HOMES or _may_be_art(name)


def _may_be_art(name: str) -> bool:
    """Whether `name` may be an art's function, told without importing anything: a module
    `arts/<name>.py` is there, or an art registered has it."""
    import os

    if os.path.exists(os.path.join(os.path.dirname(__file__), "arts", f"{name}.py")):
        return True
    arts = sys.modules.get(f"{__name__}.arts")
    return arts is not None and any(r.api_name == name for r in arts.REGISTERED.values())


sys.modules[__name__].__class__ = _Package

def __getattr__(name: str) -> Any:
    """A public name, imported from its home when first asked for (PEP 562); `__all__` and the
    arts' functions (made from their records, `api.art_function`) each time, as the records stand."""
    import importlib

    if name == "__all__":
        return [*importlib.import_module("qimen_cli.api").art_functions(), *_NAMES]
    if name == "__version__":
        from importlib.metadata import version

        value: Any = version("qimen-cli")
    elif name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name]), name)
    elif name.isidentifier() and not name.startswith("_") and _may_be_art(name):
        try:
            return importlib.import_module("qimen_cli.api").art_function(name)
        except AttributeError:
            raise AttributeError(f"module 'qimen_cli' has no attribute {name!r}") from None
    else:
        raise AttributeError(f"module 'qimen_cli' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__getattr__("__all__")))
