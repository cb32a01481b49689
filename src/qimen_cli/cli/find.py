"""`qimen find`: choose a time across the arts (擇時) — the 時辰 of a range where conditions hold."""

from __future__ import annotations

import click

from ..errors import BadInput
from .params import Output, When, command_options, output_options, time_options

EXAMPLES = (
    "cast:zhi_shi.door=開門", "twelve-gods:directions.he_ge=合", "liuren:rule=賊剋", "pillars:pillars.day=甲子",
    "cast:patterns.name=伏吟", "noble:si_men_qimen.ji_men=true",
)

#: Examples of the forms added to the paths: places, wildcards, sets, either/or.
PLACE_EXAMPLES = (
    "cast:palace(door=開門, heaven_stems in 三奇)", "cast:palace(door in 三吉門, !marks=空, trigram in 坎艮震)",
    "cast:palace(patterns=三奇得使)", "twelve-gods:plate(general=青龍, group=天三門)",
    "liuren:plate(transmission=初傳, general in 貴人 青龍)", "gucu:ring(marks=天目)",
    "cast:palaces.*.heaven_stems=乙", "pillars:pillars.day in 甲子 甲午", "cast:天輔時 | twelve-gods:合",
)


def _list(art: str | None = None, lang: str = "en") -> None:
    """`--list`: the named conditions of every art (or of `art`), the path forms and the place keys
    (`render.find.list_lines`), fitted to the terminal (`render.find.render_list`)."""
    from ..find.arts import art_order, arts, place_keys, place_words
    from ..render.find import list_lines, render_list
    from .run import console

    table, words = arts(), place_words()
    listed = [(name, list(table[name].named.values()), (words[name], place_keys(name)) if name in words else None)
              for name in (art_order() if art is None else (art,))]
    render_list(list_lines(listed, EXAMPLES, PLACE_EXAMPLES, lang, every=art is None), console())


def complete_condition(ctx, param, incomplete: str):
    """--where values: `ART:`, every `ART:NAME` and `ART:WORD(` (places) starting with `incomplete`
    (after a `!`)."""
    from ..find.arts import art_order, arts, place_words

    bang = "!" if incomplete.startswith("!") else ""
    text = incomplete[len(bang):]
    order = art_order()
    names = [f"{a}:" for a in order] + [f"{a}:{w}(" for a, w in place_words().items()]
    names += [f"{a}:{n}" + ("=" if named.takes_value else "") for a in order for n, named in arts()[a].named.items()]
    return [bang + n for n in names if n.startswith(text)]


HELP = """Find the 時辰 of --from … --to where every --where holds, joined into windows.

Each 時辰 (starts 23:00, 01:00 … 21:00 on the clock of the 干支; with --day-change 0 also
00:00) is evaluated at its start instant as `qimen ART --at START` would be, with ART one
of cast, pillars, noble, twelve-gods, gucu, liuren.  On a summer-time day a start in the
gap is taken when the clock jumps, a repeated one at its first occurrence.

\b
A condition (COND) is
  ART:NAME                 a named condition (qimen find --list [--art ART]; every
                           rule of qimen patterns)
  ART:NAME=VALUE           a rule that gives a direction, a branch or a value
                           (gucu:天目=午, gucu:日孤=東, twelve-gods:天三門=卯; !=, in
                           V1 V2 as below)
  ART:PATH=VALUE           a key path of `qimen ART --json` (PATH!=VALUE: not);
                           on a list = means contains; * is every item or value
  ART:PATH in V1 V2 …      one of several values
  cast:palace(TEST, …)     every TEST holds in one and the same palace
  twelve-gods|noble|liuren:plate(TEST, …)   … on one branch of the 月將 plate
  gucu:ring(TEST, …)       … on one of the 24 points
  !COND  COND & COND  COND | COND  (COND)
A TEST is KEY=VALUE, KEY!=VALUE, KEY in V1 V2 … or !TEST; palace keys: palace trigram
door stars god heaven_stems earth_stems marks (空 馬) patterns — a list key (stars,
stems, marks, patterns) matches when any item does.  `in` takes values separated by
spaces, run together where each value is one character (乙丙丁), or 三奇, 三吉門.

\b
! binds tightest, then &, then |; parentheses group.  Several --where must all hold;
several --any are joined by |.  Quote the whole condition for the shell ('…'): !, |, &
and ( ) are shell characters; inside it, a value with a space, |, &, comma or
parenthesis goes in double quotes.  A malformed condition exits 2 naming the bad part.

Each window names the places (palaces, branches, points) that satisfied a place
condition, with their directions (trigram, mountains, bearing range); --explain adds
the rules behind the conditions (always in --json: `places`, `explain`); --stats prints
how often each condition holds and the longest gap between matches instead.
"""

EPILOG = """\b
Examples:
  qimen find --from 2026-12-07 --to 2026-12-13 --tz Asia/Seoul --where 'cast:palace(door=開門, heaven_stems in 乙丙丁)'
  qimen find --from 2026-12-07 --to 2026-12-13 --tz Asia/Seoul --where 'cast:palace(door=開門, heaven_stems in 三奇)' --where '!cast:五不遇時'
  qimen find --from 2024-01-01 --to 2024-12-31 --tz Asia/Shanghai --where cast:三奇得使 --where twelve-gods:合
  qimen find --from 2024-01-01 --to 2024-12-31 --tz Asia/Shanghai --any cast:天輔時 --any 'cast:palace(patterns=三奇得使)' --explain
  qimen find --from 2024-01-01 --to 2024-12-31 --tz Asia/Shanghai --where 'twelve-gods:plate(general=青龍, group=天三門) | twelve-gods:合'
  qimen find --from 2024-01-01 --to 2024-12-31 --tz Asia/Shanghai --where 'gucu:ring(marks=天目, point in 子午卯酉)' --stats
  qimen find --from 2024-03-01 --to 2024-03-31 --tz +08:00 --where 'cast:zhi_shi.door in 開門 休門 生門' --where '!liuren:伏吟' --json
  qimen find --from 2024-03-01 --to 2024-03-31 --tz +08:00 --where 'gucu:天目=午' --where '!gucu:往亡'
  qimen find --list --art gucu"""


@click.command(help=HELP, epilog=EPILOG)
@time_options
@output_options
@command_options("find", complete={"where": complete_condition, "any_of": complete_condition})
def find(when: When, out: Output, where, any_of, list_, art, explain, stats, ics, first, count_only, method, layout,
         switch, school, noble_rule, month_basis, size, tone, born, lat, steps, lunar_zone, fan_yin, tian_men,
         lodge="kungen", scope="hour"):
    if list_:
        _check_list_alone(when, out, where, any_of, explain, stats, first, count_only)
        if ics is not None:
            raise BadInput("--list lists the conditions and searches nothing: --ics does not apply")
        from .run import check_terminal_encoding

        check_terminal_encoding()
        _list(art, out.lang)
        return
    if art is not None:
        raise BadInput("--art chooses the art whose conditions --list lists: add --list")
    if stats and (first is not None or count_only):
        raise BadInput(f"--stats counts every 時辰 of the range: {'--first' if first is not None else '--count'} does not apply")
    _check_summaries(stats, count_only, explain, out)
    if ics is not None:
        _check_ics(ics, stats, count_only, out)
    from .. import commands

    search = commands.find(when, where, any_of, method, layout, switch, school, noble_rule, month_basis, size, tone,
                           born, lat, steps, lunar_zone, fan_yin, tian_men=tian_men, lodge=lodge,
                           scope=scope)
    conditions = search.conditions
    if ics is not None:
        windows = list(search.windows(first))
        _write_ics(ics, windows, search)
        if ics == "-":
            return
        search.windows = lambda first=None: iter(windows)  # the table and --json show the same windows
    if stats:
        _stats(search, out, conditions)
        return
    if count_only:
        _count(search, first, out)
        return
    if out.json:
        from ..render.find import window_json
        from ..render.jsonout import dumps
        from .run import write_json_line
        from .stopping import lines_output

        with lines_output():
            for window in search.windows(first):  # each window goes out as soon as it is closed
                write_json_line(dumps(window_json(window, search.zone)))
        return
    from ..render.find import no_match_text, render_explain, render_table, title_text
    from .run import check_terminal_encoding, view, whole_lines

    check_terminal_encoding()
    span = _span(search, out.lang)
    places = any(a.place is not None for c in conditions for a in c.atoms)
    why: dict[str, dict] = {}
    with view(out) as c:
        windows = _explained(search.windows(first), why) if explain else search.windows(first)
        with whole_lines(c) as write:
            shown = render_table(windows, search.zone, conditions, c, title_text(conditions, span, out.lang),
                                 out.lang, places, write)
        if not shown:  # said in the view, so that --svg/--html save it too
            c.out(no_match_text(conditions, span, out.lang), highlight=False)
        elif explain:
            render_explain(list(why.values()), c, out.lang)


def _explained(windows, why: dict):
    """The windows as they come, each one's reasons merged into `why` (condition → record, in
    order; each value once): `find.search.explain` of all the windows' 時辰, without keeping them."""
    from ..find.search import explain

    for window in windows:
        for record in explain(window.hits):
            kept = why.setdefault(record["condition"], record)
            if kept is not record:
                kept["values"] += [v for v in record["values"] if v not in kept["values"]]
        yield window


def _check_list_alone(when: When, out: Output, where, any_of, explain, stats, first, count_only) -> None:
    """`--list` prints the conditions and searches nothing: the search's options would be ignored (BadInput)."""
    given = [flag for flag, value in (
        ("--from/--to", when.start is not None), ("--tz", when.tz is not None), ("--lon", when.lon is not None),
        ("--ephemeris", when.ephemeris is not None), ("--where", bool(where)), ("--any", bool(any_of)),
        ("--explain", explain), ("--stats", stats), ("--first", first is not None), ("--count", count_only),
        ("--json", out.json), ("--svg/--html", out.export),
    ) if value]
    if given:
        raise BadInput(f"--list lists the conditions and searches nothing: {', '.join(given)} does not apply")


def _check_summaries(stats: bool, count_only: bool, explain: bool, out: Output) -> None:
    """--stats and --count print no windows, so no rules behind them (--explain); --count draws
    no view to save (--svg/--html).  BadInput for what they would ignore."""
    if explain and (stats or count_only):
        raise BadInput(f"--explain gives the rules behind each window, which {'--stats' if stats else '--count'} does not print: drop one")
    if count_only and out.export:
        raise BadInput("--count prints a number, not a view: --svg/--html do not apply")


def _check_ics(path: str, stats: bool, count_only: bool, out: Output) -> None:
    """--ics writes the windows: --stats and --count print none, and `-` is stdout's (not also --json's
    or a picture's); its FILE can be written (checked before the search)."""
    from .params import check_distinct, check_target

    if stats or count_only:
        raise BadInput(f"--ics writes the windows, which {'--stats' if stats else '--count'} does not give: drop one")
    if path == "-" and (out.json or out.to_stdout):
        raise BadInput("--ics - writes the calendar to stdout: --json or a picture to - cannot go there too")
    check_distinct(("--svg", out.svg), ("--html", out.html), ("--ics", path))
    check_target("--ics", path)


def _write_ics(path: str, windows: list, search) -> None:
    """The windows as an iCalendar file (`render.ics`) at `path`, or on stdout for `-`."""
    from ..render.ics import calendar

    text = calendar(windows, search.zone, search.conditions)
    if path == "-":
        from .run import write_utf8

        write_utf8(text)
        return
    try:
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    except OSError as exc:
        raise BadInput(f"--ics {path}: cannot write it ({exc.strerror})") from None


def _count(search, first, out: Output) -> None:
    """`--count`: the number of windows, bare or as the JSON object {"windows": N}."""
    number = sum(1 for _ in search.windows(first))
    if out.json:
        from .run import write_json_line

        write_json_line(f'{{"windows": {number}}}')
        return
    click.echo(number)


def _span(search, lang: str = "en") -> str:
    """The range searched, as the titles say it (`render.find.span_text`)."""
    from ..render.find import span_text

    return span_text(search.lo, search.end_ts, search.zone, search.inclusive, lang)


def _stats(search, out: Output, conditions) -> None:
    """`--stats`: the counts as one JSON object, or a table."""
    from ..render.find import iso, render_stats, stats_json, title_text
    from ..render.jsonout import dumps

    span = _span(search, out.lang)
    counts = search.stats()
    if out.json:
        from .run import write_json_line

        write_json_line(dumps(stats_json(counts, iso(search.lo, search.zone), iso(search.end_ts, search.zone), search.zone)))
        return
    from .run import view

    with view(out) as c:
        render_stats(counts, search.zone, c, title_text(conditions, span, out.lang, stats=True), out.lang)


# find steps by 時辰 over --from/--to: the shared options it refuses are left out of its --help.
for _param in find.params:
    if _param.name in ("at", "every", "keep_going"):
        _param.hidden = True  # type: ignore[attr-defined]  # (an Option: click's Parameter has no `hidden`)
