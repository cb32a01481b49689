"""`qimen verify`: every worked example and enumerated claim of the texts through the engine.

The ledger's rows are `verify/rows.py`; a table (labels by --lang) or, with --json, JSON Lines
(`render/verify.py`).  Exit 0 when every row agrees with the text or differs as documented in
docs/decisions.md, 1 otherwise.
"""

from __future__ import annotations

import sys

import click

from .params import Output, command_options, output_options


@click.command(epilog="\b\nExamples:\n  qimen verify\n  qimen verify --text 003 --json\n  qimen verify --art liuren --lang en")
@command_options("verify")
@output_options
def verify(text, art, out: Output):
    """The texts' worked examples and claims: text and line, the claim, the text's answer and the program's."""
    from ..errors import BadInput
    from ..render.verify import json_lines, table
    from ..verify.claim import passed, run, select
    from ..verify.rows import CLAIMS

    chosen = select(CLAIMS, text, art)
    if not chosen:
        raise BadInput(f"the ledger has no claim of text {text} in the art {art}")
    checked = run(chosen)
    if out.json:
        from .run import write_whole_lines

        write_whole_lines(json_lines(checked))  # UTF-8 whatever the terminal's encoding, whole lines
    else:
        from .run import check_terminal_encoding, paged_view

        check_terminal_encoding()
        with paged_view(out) as c:
            c.print(table(checked, out.lang))
    if not passed(checked):
        sys.exit(1)
