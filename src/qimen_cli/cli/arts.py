"""Every art's subcommand, made from its record (`arts.Art`): one function for them all.

More precisely: `art_command(record)` is the click command of an art — the input-time options
(`time_options`), the output options (`output_options`) and the art's own (`command_options`,
from the record's `options`), its --help (`help`, `epilog`), the completion of the values an
option names (`Option.complete`) — whose run hands the options to the record's `check`
(`commands.py` for the package's arts) and prints the work it gets: a Job by `run` (the
record's `view` for one instant, its range rows over a range, JSON or JSON Lines), or another
work of the command (the 置閏 ledger, a lesson without a date) by `answer_work`.
"""

from __future__ import annotations

import functools
import inspect  # (click has imported it: no cost)

import click

from ..arts import Art, Job
from .params import Output, When, command_options, given, output_options, time_options
from .run import run, view, whole_lines, write_utf8

#: `Option.complete` → the function of cli/complete.py completing its values.
COMPLETERS = {"patterns": "complete_pattern"}


def _completer(name: str):
    """The shell completion of `COMPLETERS[name]`, cli/complete.py imported only when completing."""

    def complete(ctx, param, incomplete: str):
        from . import complete as completion

        return getattr(completion, COMPLETERS[name])(ctx, param, incomplete)

    return complete


def art_command(record: Art) -> click.Command:
    """The subcommand of the art `record`."""
    check = record.part("check")
    takes_given = "given" in inspect.signature(check).parameters

    def answer(when: When, out: Output, **own):
        work = check(when, **own, given=given) if takes_given else check(when, **own)
        if isinstance(work, Job):
            run(when, out, work, functools.partial(_draw, record, explain=bool(own.get("explain"))))
        else:
            answer_work(work, out)

    from ..options import own

    complete = {o.name: _completer(o.complete) for o in own(record.name) if o.complete in COMPLETERS}
    f = command_options(record.name, complete=complete)(answer)
    f = time_options(output_options(f))
    return click.command(name=record.name, help=record.help, epilog=record.epilog or None)(f)


def _draw(record: Art, result, console, lang: str, explain: bool = False) -> None:
    """The record's view of one answer (its module imported only to draw: --json imports no view)."""
    record.part("view")(result, console, lang, explain)


def answer_work(work, out: Output) -> None:
    """A command's work that is not a Job (`commands.Ledger`, `commands.Dateless`): made first
    (its error before anything is printed), then its JSON (`json_text`) or its view (`draw`, a
    table row by row through the whole-line writer)."""
    made = work.make()
    if out.json:
        from .stopping import lines_output

        with lines_output():
            write_utf8(work.json_text(made))
        return
    with view(out) as c, whole_lines(c) as write:
        work.draw(made, c, out.lang, write)
