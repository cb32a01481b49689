"""Write src/qimen_cli/__init__.pyi: the public names of `qimen_cli` as a type checker sees them.

The arts' functions are made from their records at run time (`api.make`), which a type checker
cannot see; this stub declares each with the signature the record gives it (its options'
names, types and defaults), and the other public names.  Run it after adding an art or an
option (tests/test_api.py checks the stub is current):

    python scripts/make_api_stub.py
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STUB = ROOT / "src" / "qimen_cli" / "__init__.pyi"

HEAD = '''"""The public names of `qimen_cli` for type checkers (written by scripts/make_api_stub.py from the
arts' records: do not edit)."""

import datetime
from collections.abc import Sequence
from typing import Any, Literal

{imports}
__all__: list[str]
__version__: str
SCHEMA_VERSION: int
'''


#: The value types the hand-written functions' annotations name (imported by api.py for type checkers only).
VALUES = {"Term": "qimen_cli.calendar.terms:Term", "Window": "qimen_cli.find.search:Window"}


def imported(ref: str) -> type:
    """The class "module:Name" names."""
    import importlib

    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


def annotation(value) -> str:
    """An annotation as stub source: the API's aliases spelled out, the modules' prefixes dropped."""
    if isinstance(value, str):  # the hand-written functions' (from __future__ import annotations)
        import qimen_cli.api as api

        names = vars(api) | {name: imported(ref) for name, ref in VALUES.items()}
        value = eval(value, names)  # noqa: S307 (the API's own annotations)
    text = inspect.formatannotation(value)
    text = re.sub(r"\bqimen_cli\.[a-z_.]*\.(?=[A-Z])", "", text).replace("collections.abc.", "").replace("typing.", "")
    return _unoptional(re.sub(r"\b_dt\.", "datetime.", text))


def _unoptional(text: str) -> str:
    """`Optional[X]` written `X | None`."""
    while (start := text.find("Optional[")) >= 0:
        depth, opened = 0, start + len("Optional")
        for i in range(opened, len(text)):  # noqa: B007 (i: the closing bracket after the loop)
            depth += {"[": 1, "]": -1}.get(text[i], 0)
            if depth == 0:
                break
        text = f"{text[:start]}{text[start + len('Optional['):i]} | None{text[i + 1:]}"
    return text


#: The public names the stub re-exports from their modules (besides the functions).
EXPORTS = {".errors": ["BadInput", "DataError", "OutOfSpan", "QimenError"], ".result": ["Result", "Stream"]}


def import_block(names: dict[str, set[str]]) -> str:
    """The stub's imports of the package's modules, sorted as ruff's isort sorts them: the value
    types (module → names) and the re-exported names (`X as X`, one a line)."""
    lines = []
    for module in sorted(set(names) | set(EXPORTS)):
        if names.get(module):
            lines.append(f"from {module} import {', '.join(sorted(names[module]))}")
        lines += [f"from {module} import {name} as {name}" for name in EXPORTS.get(module, ())]
    return "".join(line + "\n" for line in lines)


def art_returns(record, imports: dict[str, set[str]]) -> str:
    """An art's function's return type: `Result[V] | Stream[S]`, V and S the record's `value` and
    `stream_value` (default: `value`), each imported by the stub ("module:Name"; None: Any)."""

    def named(ref: str | None) -> str:
        if ref is None:
            return "Any"
        module, _, name = ref.partition(":")
        imports.setdefault(module.removeprefix("qimen_cli"), set()).add(name)
        return name

    value = named(record.value)
    return f"Result[{value}] | Stream[{named(record.stream_value) if record.stream_value else value}]"


def declaration(name: str, function, returns: str | None = None) -> str:
    signature = inspect.signature(function)
    parts, star = [], False
    for p in signature.parameters.values():
        if p.kind is inspect.Parameter.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        default = "" if p.default is inspect.Parameter.empty else f" = {p.default!r}"
        parts.append(f"{p.name}: {annotation(p.annotation)}{default}")
    returns = returns or annotation(signature.return_annotation)
    lines = "".join(f"    {part},\n" for part in parts)
    return f"def {name}(\n{lines}) -> {returns}: ...\n"


def stub() -> str:
    sys.path.insert(0, str(ROOT / "src"))
    import qimen_cli
    from qimen_cli import api
    from qimen_cli.arts import records

    names = [n for n in qimen_cli.__all__ if callable(getattr(qimen_cli, n)) and getattr(api, n, None) is not None
             and not isinstance(getattr(qimen_cli, n), type)]
    imports: dict[str, set[str]] = {}
    for name, ref in VALUES.items():
        imports.setdefault(ref.partition(":")[0].removeprefix("qimen_cli"), set()).add(name)
    arts = {r.api_name: art_returns(r, imports) for r in records()}
    body = "\n\n".join(declaration(n, getattr(qimen_cli, n), arts.get(n)) for n in names)
    return HEAD.format(imports=import_block(imports)) + "\n\n" + body


def main() -> None:
    STUB.write_text(stub(), encoding="utf-8")
    print(f"wrote {STUB.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
