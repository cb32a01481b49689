"""`chaibu`: the 局 of each method side by side for a Moment, and the 置閏 ledger of a period; their JSON."""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING, Any

from . import Art, Steps

if TYPE_CHECKING:
    import datetime as _dt
    from collections.abc import Callable

    from ..calendar.moment import Moment
    from ..calendar.terms import TermTable
    from ..qimen.ledger import ChaibuReport, Ledger
    from . import TimeOptions


def compute(moment: Moment, when: TimeOptions, terms: str, anchor_ts: float | None, alternatives: bool, switch: str,
            within_s: float, also: str | None = None) -> tuple[Moment, ChaibuReport, float | None]:
    """(moment, ChaibuReport, anchor_ts).

    `when` resolves instants (the shell's time options: `resolve(at, table=…)`, and its `lon`
    and `solar_time` fields): with mean terms from each true 冬至 the Moment is resolved again
    on them; with `alternatives`, the instants on the other side of each close boundary (and,
    at a longitude, the civil clock's reading).
    """
    from ..calendar.meanterms import mean_table_from_dongzhi
    from ..qimen.ledger import chaibu_report

    if terms == "mean" and anchor_ts is None:
        table = mean_table_from_dongzhi(moment.table)
        moment = dataclasses.replace(when.resolve(moment.instant_utc, table=table), at=moment.at)
    resolve_at: Callable[[Any], Moment] | None = None
    resolve_civil: Callable[[], Moment] | None = None
    if alternatives:
        table = moment.table

        def resolve_at(x: Any) -> Moment:
            return when.resolve(x, table=table)

        if when.lon is not None:
            # the same options on the civil clock (`when` is the doors' When, a frozen dataclass)
            civil: TimeOptions = dataclasses.replace(when, lon=None, solar_time="mean")  # type: ignore[type-var]

            def resolve_civil() -> Moment:
                return civil.resolve(moment.instant_utc, table=table)

    report = chaibu_report(moment, switch, resolve_at, resolve_civil, within_s)
    if also is not None:  # --method maoshan: that method's 局 beside the two (beyond the texts)
        from ..qimen.ju import determine_ju

        report = dataclasses.replace(report, methods={**report.methods, also: determine_ju(moment, also)})
    return moment, report, anchor_ts


def to_json(result: tuple[Moment, ChaibuReport, float | None]) -> str:
    from ..render.json_chaibu import report_text

    return report_text(*result)


def job_steps(when: TimeOptions, anchor_ts: float | None, **options: Any) -> Steps:
    """The steps of a stream of this art (see arts.Job): with an anchor, instants are resolved
    on the mean terms from it."""
    extra: dict[str, Any] = {}
    if anchor_ts is not None:
        from ..calendar.meanterms import anchored_mean_table

        extra["table"] = anchored_mean_table(anchor_ts)
    return Steps(functools.partial(compute, when=when, anchor_ts=anchor_ts, **options), to_json, extra=extra)


# --- the ledger ------------------------------------------------------------------------


def ledger_zone(lon: float | None, clock_zone: _dt.tzinfo) -> _dt.tzinfo:
    """The clock of the ledger: the zone, or mean solar time at `lon` (also for apparent solar time)."""
    from ..calendar.clock import mean_solar_zone

    if lon is not None:
        return mean_solar_zone(lon)
    return clock_zone


def ledger_table(ephemeris: str | None, terms: str, anchor_ts: float | None, ts: float) -> TermTable:
    """The term table the ledger counts on: mean terms from `anchor_ts`, else the true terms
    around `ts` (all of them with the shipped tables), or mean terms from each true 冬至."""
    from ..calendar.context import get_context
    from ..calendar.meanterms import anchored_mean_table, mean_table_from_dongzhi

    if anchor_ts is not None:
        return anchored_mean_table(anchor_ts)
    context = get_context(ephemeris)
    table = context.full_table() if context.shipped else context.table_for(ts)
    return mean_table_from_dongzhi(table) if terms == "mean" else table


def ledger(ephemeris: str | None, zone: _dt.tzinfo, first: _dt.date, last: _dt.date, terms: str,
           anchor_ts: float | None, switch: str) -> Ledger:
    """The 置閏 ledger of the civil days `first` … `last` (dates) on the clock `zone`.

    Span with the shipped tables: 1799-08-08 … 2201-04-05 (the first 置閏 block).
    """
    import datetime as _dt

    from ..calendar.terms import to_seconds
    from ..qimen.ledger import ledger as ledger_of

    mid = to_seconds(_dt.datetime(first.year, first.month, first.day, tzinfo=_dt.timezone.utc))
    table = ledger_table(ephemeris, terms, anchor_ts, mid)
    return ledger_of(table, zone, first, last, switch)


def ledger_json_lines(result: Ledger, zone: _dt.tzinfo) -> str:
    """The ledger as JSON Lines text, one record a line, each ending in a newline."""
    from ..render.json_chaibu import ledger_texts

    return "".join(text + "\n" for text in ledger_texts(result, zone))


ART = Art(
    "chaibu", "局 of every school side by side; the 置閏 ledger.",
    engine="qimen/",
    help="局 under 古法 置閏 and 李氏拆補 side by side (--method maoshan: also 茅山, beyond the texts), the 置閏 block, "
         "the boundaries; or the ledger; --stats: per year, the share of 時辰 where each pair of 置閏, 拆補 and 茅山 "
         "differ.",
    epilog="\b\nExamples:\n  qimen chaibu --at 2024-03-05T11:00 --tz Asia/Shanghai --explain\n"
           "  qimen chaibu --year 2024 --tz Asia/Shanghai\n"
           "  qimen chaibu --stats --from 2000 --to 2029 --tz +08:00 --json",
    api="The 局 under 置閏 and 拆補 side by side at `at` (`qimen chaibu`): a Result whose value is the\n"
        "report; with `year`, or `start` and `end`, the 置閏 ledger of that period: a Stream of its records;\n"
        "`method` maoshan adds the 茅山 局 (beyond the texts); `stats` counts, per civil year, the 時辰 whose 局\n"
        "differs between each pair of 置閏, 拆補 and 茅山 (a Stream of year records and a total).",
    answers="One instant (at) gives the object `qimen chaibu --json` prints; with year, or start and end, the 置閏 "
            "ledger of that period: a page {{results, count, offset, truncated, limit, max_bytes, next}}, its records as "
            "`qimen chaibu --year … --json` writes them, {paged}",
    options="qimen_cli.options:_chaibu", check="qimen_cli.commands:chaibu", steps=job_steps,
    view="qimen_cli.render.chaibu:draw_report", rows="qimen_cli.render.table:ROWS[chaibu]",
    listed=6,
    value="qimen_cli.qimen.ledger:ChaibuReport", stream_value="qimen_cli.qimen.ledger:ChaibuRecord",
)
