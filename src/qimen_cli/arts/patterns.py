"""`patterns`: every rule of every art, from the one registry (`arts/rules.py`), as the records
`qimen patterns --json` writes one a line (each starting with "schema_version").

A cast record (every pattern `cast --where` and `find cast:NAME` accept): ``{"art": "cast",
"name", "verdict", "kind": "yes/no", "scope", "needs", "plate_only", "checks", "source",
"line", "quote", "rule"}`` — `verdict` 吉, 凶, "" (the text does not judge) or 吉凶 (depends on the
chart); `scope` "plate" or "plate+day", "plate+term+yuan" …; `needs` what the rule reads
besides the plate; `checks` one line; `source` the seed file and `line` the line where `quote`
starts, `chapter` the heading of its chapter (`texts.cite`); `rule` the rule function.  Names
emitted by one rule share its record.  The other arts' records are `artrule.ArtRule.record`:
``{"art", "name", "verdict", "kind", "scope", "checks", "source", "line", "chapter", "quote",
"reads", "values", "shows"}``.
"""

from __future__ import annotations

from typing import Any


def pattern_records() -> list[dict[str, Any]]:
    """One JSON-ready record per pattern name, in report order."""
    from ..qimen.patterns.core import REGISTRY  # (the package, imported first, has registered and ordered its rules)
    from ..texts import chapter_of

    out = []
    for r in REGISTRY:
        for name in r.names:
            out.append({
                "art": "cast",
                "name": name,
                "verdict": r.verdicts[name],
                "kind": "yes/no",
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
    return out + annotation_records()


def annotation_records() -> list[dict[str, Any]]:
    """The palace annotations of `cast --annotate` (qimen/annotations.py), one record each, after
    the patterns: beyond the three texts (`extension`), with the classical source and the reading
    taken (`checks`), the option that asks for them and the `find` palace keys that read them; no
    seed line or quote (none of the texts teaches them)."""
    from ..options import ANNOTATE
    from ..qimen.annotations import ANNOTATIONS, FIND_KEYS

    finds = {"an_gan": ["an_gan"], "chang_sheng": ["chang_sheng"], "wang_shuai": ["star_month", "door_month"],
             "ru_mu": ["ru_mu", "ru_mu_san_qi"], "men_po": ["men_po", "shou_zhi"]}
    assert {k for keys in finds.values() for k in keys} == set(FIND_KEYS)
    out = []
    for flag, key in ANNOTATE.items():
        name, source, reading = ANNOTATIONS[key]
        out.append({
            "art": "cast", "name": name, "verdict": "", "kind": "annotation",
            "scope": "plate+month" if key == "wang_shuai" else "plate", "needs": ["month"] if key == "wang_shuai" else [],
            "plate_only": key != "wang_shuai", "checks": reading, "source": source, "line": None, "chapter": "",
            "quote": "", "rule": f"annotations.{key}", "extension": True, "option": f"--annotate {flag}",
            "find_keys": finds[key],
        })
    return out


def json_line(record: dict[str, Any]) -> str:
    """One record as a JSON object on one line, "schema_version" first like every --json object."""
    from ..render.jsonout import OPEN, dumps

    return OPEN + dumps(record)[1:]


def json_lines(records: list[dict[str, Any]]) -> str:
    """The records as JSON Lines (`qimen patterns --json`), without the last newline."""
    return "\n".join(json_line(rec) for rec in records)
