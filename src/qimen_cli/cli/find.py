"""`qimen find`: choose a time across the arts (擇時) — the 時辰 of a range where conditions hold."""

from __future__ import annotations

import click

from .params import Output, When, command_options, output_options, time_options

EXAMPLES = (
    "cast:zhi_shi.door=開門", "twelve-gods:directions.he_ge=合", "liuren:rule=賊剋", "pillars:pillars.day=甲子",
    "cast:patterns.name=伏吟", "noble:si_men_qimen.ji_men=true",
)


def _list() -> None:
    from ..find.arts import ART_ORDER, arts

    click.echo("Named conditions (ART:NAME; a leading ! negates):")
    for name in ART_ORDER:
        art = arts()[name]
        if not art.named:
            click.echo(f"  {name}: none; use {name}:PATH=VALUE on the keys of `qimen {name} --json`")
            continue
        for named in art.named.values():
            mark = " [plate index]" if named.plate else ""
            click.echo(f"  {name}:{named.name}\t{named.doc}{mark}")
    click.echo("Paths (ART:PATH=VALUE): a dotted key path of `qimen ART --json`; through a list of objects the")
    click.echo("values of every element are collected, and on a list = means contains. Examples:")
    for example in EXAMPLES:
        click.echo(f"  {example}")


def complete_condition(ctx, param, incomplete: str):
    """--where values: `ART:` and every `ART:NAME` starting with `incomplete` (after a `!`)."""
    from ..find.arts import ART_ORDER, arts

    bang = "!" if incomplete.startswith("!") else ""
    text = incomplete[len(bang):]
    names = [f"{a}:" for a in ART_ORDER] + [f"{a}:{n}" for a in ART_ORDER for n in arts()[a].named]
    return [bang + n for n in names if n.startswith(text)]


@click.command(epilog="\b\nExamples:\n  qimen find --from 2024-01-01 --to 2024-12-31 --tz Asia/Shanghai --where cast:三奇得使 --where twelve-gods:合\n  qimen find --from 2024-03-01 --to 2024-03-31 --tz +08:00 --where cast:zhi_shi.door=開門 --where '!liuren:伏吟' --json\n  qimen find --list")
@time_options
@output_options
@command_options("find", complete={"where": complete_condition})
def find(when: When, out: Output, where, list_, first, count_only, method, layout, switch, school, noble_rule,
         month_basis, size, tone, born, lat, steps, lunar_zone):
    """Find the 時辰 of --from … --to where every --where holds, joined into windows.

    Each 時辰 (starts 23:00, 01:00 … 21:00 on the clock of the 干支; with --day-change 0 also
    00:00) is evaluated at its start instant as `qimen ART --at START` would be.  COND is
    ART:NAME (qimen find --list) or ART:PATH=VALUE on the keys of `qimen ART --json`, with
    ART one of cast, pillars, noble, twelve-gods, gucu, liuren; a leading ! negates.  On a
    summer-time day a start in the gap is taken when the clock jumps, a repeated one at its
    first occurrence.
    """
    if list_:
        _list()
        return
    from .. import commands

    search = commands.find(when, where, method, layout, switch, school, noble_rule, month_basis, size, tone, born, lat,
                           steps, lunar_zone)
    conditions = search.conditions
    if count_only:
        click.echo(sum(1 for _ in search.windows(first)))
        return
    if out.json:
        import sys

        from ..render.find import dumps, window_json
        from .stopping import lines_output

        with lines_output():
            for window in search.windows(first):  # each window goes out as soon as it is closed
                sys.stdout.write(dumps(window_json(window, search.zone)) + "\n")
                sys.stdout.flush()
        return
    from ..render.find import iso, render_table
    from .run import view

    windows = list(search.windows(first))
    span = f"{iso(search.lo, search.zone)} … {iso(search.end_ts, search.zone)}{'' if search.inclusive else ' (exclusive)'}"
    if not windows:
        click.echo(f"no 時辰 in {span} meets {' and '.join(c.text for c in conditions)}")
        return
    with view(out) as c:
        render_table(windows, search.zone, conditions, c, f"qimen find: {' and '.join(x.text for x in conditions)} ({span})",
                     out.lang)


# find steps by 時辰 over --from/--to: the shared options it refuses are left out of its --help.
for _param in find.params:
    if _param.name in ("at", "every", "keep_going"):
        _param.hidden = True
