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


def _completers() -> dict:
    """`Option.complete` → the shell completion of its values (cli/complete.py)."""
    from .complete import complete_pattern

    return {"patterns": complete_pattern}


def art_command(record: Art) -> click.Command:
    """The subcommand of the art `record`."""
    check = record.part("check")
    takes_given = "given" in inspect.signature(check).parameters

    def answer(when: When, out: Output, **own):
        work = check(when, **own, given=given) if takes_given else check(when, **own)
        if isinstance(work, Job):
            draw = functools.partial(record.part("view"), explain=bool(own.get("explain")))
            run(when, out, work, draw)
        else:
            answer_work(work, out)

    from ..options import own

    completers = _completers()
    complete = {o.name: completers[o.complete] for o in own(record.name) if o.complete in completers}
    f = command_options(record.name, complete=complete)(answer)
    f = time_options(output_options(f))
    return click.command(name=record.name, help=record.help, epilog=record.epilog or None)(f)


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
