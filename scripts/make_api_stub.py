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
from typing import Literal

from .errors import BadInput as BadInput
from .errors import DataError as DataError
from .errors import OutOfSpan as OutOfSpan
from .errors import QimenError as QimenError
from .result import Result as Result
from .result import Stream as Stream

__all__: list[str]
__version__: str
SCHEMA_VERSION: int
'''


def annotation(value) -> str:
    """An annotation as stub source: the API's aliases spelled out, the modules' prefixes dropped."""
    if isinstance(value, str):  # the hand-written functions' (from __future__ import annotations)
        import qimen_cli.api as api

        value = eval(value, vars(api))  # noqa: S307 (the API's own annotations)
    text = inspect.formatannotation(value)
    text = text.replace("qimen_cli.result.", "").replace("collections.abc.", "").replace("typing.", "")
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


def declaration(name: str, function) -> str:
    signature = inspect.signature(function)
    parts, star = [], False
    for p in signature.parameters.values():
        if p.kind is inspect.Parameter.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        default = "" if p.default is inspect.Parameter.empty else f" = {p.default!r}"
        parts.append(f"{p.name}: {annotation(p.annotation)}{default}")
    returns = annotation(signature.return_annotation)
    lines = "".join(f"    {part},\n" for part in parts)
    return f"def {name}(\n{lines}) -> {returns}: ...\n"


def stub() -> str:
    sys.path.insert(0, str(ROOT / "src"))
    import qimen_cli
    from qimen_cli import api

    names = [n for n in qimen_cli.__all__ if callable(getattr(qimen_cli, n)) and getattr(api, n, None) is not None
             and not isinstance(getattr(qimen_cli, n), type)]
    return HEAD + "\n\n" + "\n\n".join(declaration(n, getattr(qimen_cli, n)) for n in names)


def main() -> None:
    STUB.write_text(stub(), encoding="utf-8")
    print(f"wrote {STUB.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
