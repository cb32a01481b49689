"""`patterns`: every pattern `cast --where` (and `find`) accepts, from the registry, as the
records `qimen patterns --json` writes one a line.

Each record: ``{"name", "verdict", "scope", "needs", "plate_only", "checks", "source", "line",
"chapter", "quote", "rule"}`` — `verdict` 吉, 凶, "" (the text does not judge) or 吉凶 (depends on the
chart); `scope` "plate" or "plate+day", "plate+term+yuan" …; `needs` what the rule reads
besides the plate; `checks` one line; `source` the seed file and `line` the line where `quote`
starts, `chapter` the heading of its chapter (`texts.cite`); `rule` the rule function.  Names emitted by one rule share its record.
"""

from __future__ import annotations


def pattern_records() -> list[dict]:
    """One JSON-ready record per pattern name, in report order."""
    from ..qimen.patterns import REGISTRY
    from ..texts import chapter_of

    out = []
    for r in REGISTRY:
        for name in r.names:
            out.append({
                "name": name,
                "verdict": r.verdicts[name],
                "scope": r.scope,
                "needs": list(r.needs),
                "plate_only": r.plate_only,
                "checks": r.summary,
                "source": r.source,
                "line": r.line,
                "chapter": chapter_of(r.source, r.line),
                "quote": r.quote,
                "rule": r.fn.__name__,
            })
    return out


def json_lines(records: list[dict]) -> str:
    """The records as JSON Lines (`qimen patterns --json`), without the last newline."""
    from ..render.jsonout import dumps

    return "\n".join(dumps(rec) for rec in records)
