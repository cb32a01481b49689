"""`qimen patterns`: every pattern `cast --where` (and `find`) accepts, from the registry.

With --json: JSON Lines, one object per pattern name in report order:
``{"name", "verdict", "scope", "needs", "plate_only", "checks", "source", "line", "quote", "rule"}``
— `verdict` 吉, 凶, "" (the text does not judge) or 吉凶 (depends on the chart); `scope`
"plate" or "plate+day", "plate+term+yuan" …; `needs` what the rule reads besides the
plate; `checks` one line; `source` the seed file and `line` the line where `quote` starts;
`rule` the rule function.  Names emitted by one rule share its record.
"""

from __future__ import annotations

import click

from .params import Output, output_options


@click.command()
@output_options
def patterns(out: Output):
    """Every pattern --where accepts: name, 吉/凶, what it checks, the source text file and line."""
    from ..arts.patterns import json_lines, pattern_records

    records = pattern_records()
    if out.json:
        from .run import write_json_line

        write_json_line(json_lines(records))
        return
    from rich.table import Table

    from ..render.cite import citation_words
    from ..render.glossary import gloss
    from ..render.labels import labeller
    from .run import view

    t = labeller("patterns")
    table = Table(show_lines=False)
    for key in ("name", "verdict", "scope", "checks", "source"):
        table.add_column(t(key, out.lang), overflow="fold", no_wrap=key in ("name", "verdict"))
    for rec in records:
        verdict = t(rec["verdict"], out.lang) if rec["verdict"] else "—"
        # zh/ko readers get the text's own line; en the one-line summary.
        checks = rec["checks"] if out.lang == "en" else rec["quote"]
        table.add_row(gloss(rec["name"], out.lang), verdict, scope_words(rec["scope"], out.lang), checks, citation_words(rec["source"], rec["line"], out.lang))
    with view(out) as c:
        c.print(table)


def scope_words(scope: str, lang: str) -> str:
    """`plate+day` → 盤+日 (zh), 반+일 (ko), plate+day (en): what a rule reads (`Rule.scope`), by --lang."""
    from ..render.labels import labeller

    word = labeller("patterns")
    return "+".join(word(part, lang) for part in scope.split("+"))
