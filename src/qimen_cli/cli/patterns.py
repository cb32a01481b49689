"""`qimen patterns`: every rule of every art, from the one registry (`arts/rules.py`), grouped by
art; `--art` one art's alone.

With --json: JSON Lines, one object per rule name, each starting with "schema_version": cast's
``{"art", "name", "verdict", "kind", "scope", "needs", "plate_only", "checks", "source", "line",
"quote", "rule"}`` (every pattern `cast --where` and `find cast:NAME` take), the other arts'
``{"art", "name", "verdict", "kind", "scope", "checks", "source", "line", "quote", "reads",
"values", "shows"}`` — `verdict` 吉, 凶, 宜, 忌 as the text says, "" where it does not judge, 吉凶 where the
chart decides; `kind` yes/no (`find ART:NAME`) or direction, branch, value (`find ART:NAME=V`,
V one of `values`); `reads` where the answer stands in the art's --json (src/qimen_cli/schema/patterns.schema.json).
"""

from __future__ import annotations

import click

from .params import Output, command_options, output_options


@click.command(epilog="\b\nExamples:\n  qimen patterns\n  qimen patterns --art gucu --lang en\n"
                      "  qimen patterns --art twelve-gods --json")
@command_options("patterns")
@output_options
def patterns(art, out: Output):
    """Every rule of every art: name, 吉/凶 or 宜/忌, what it reads and checks, the source text file and line."""
    from ..arts.rules import rule_records

    records = rule_records(art)
    if out.json:
        from ..arts.patterns import json_lines
        from .run import write_json_line

        write_json_line(json_lines(records))
        return
    from ..render.patterns import patterns_tables
    from .run import paged_view

    with paged_view(out) as c:
        for table in patterns_tables(records, out.lang):
            c.print(table)
