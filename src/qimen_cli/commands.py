"""Each command's checks and its work, below the shell: the one path of the CLI, the API and
the MCP server.

A command's options, read by `options.py` (its time options as a `When`), are checked here
for combinations that would be ignored or cannot be answered (BadInput naming the conflict,
in the command line's words), and made into the command's work: a `Job` (`arts`) for the
commands that answer instant by instant, or the request of the others — the 置閏 ledger
(`Ledger`), a lesson without a date (`Dateless`), the terms of some years (`TermRows`), a
search (`find/search.Search`).  The shell prints the work's answers, the API returns them.
Nothing here imports click, and no art is imported until a command runs.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .arts import Job
from .errors import BadInput, QimenError

if TYPE_CHECKING:
    from .find.search import Search
    from .when import When

def _chart_choice(method: str | None, layout: str | None, no_chart: bool) -> tuple[str, str]:
    """The 奇門 chart a command reads besides its own art (noble, gucu): --method and --layout,
    which --no-chart would ignore."""
    if no_chart and (method is not None or layout is not None):
        raise BadInput("--method/--layout choose the chart that --no-chart skips: drop one")
    return method or "zhirun", layout or "zhuan"


def _switch(switch: str | None, method: str) -> str:
    """The 拆補 switch: only with --method chaibu (default shichen)."""
    if switch is not None and method == "maoshan":
        raise BadInput(f"--switch {switch} applies to --method chaibu only (茅山 always counts from the start of the "
                       "term's 時辰)")
    if switch is not None and method != "chaibu":
        raise BadInput(f"--switch {switch} applies to --method chaibu only (置閏 does not switch at the term)")
    return switch or "shichen"


def _steps(steps: int) -> int:
    if steps % 6:
        raise BadInput(f"--steps {steps} must be a positive multiple of six (以六為率)")
    return steps


def check_pattern_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each `cast --where` name must be one the registry knows; else BadInput with the closest names."""
    if names:
        from .qimen.patterns import RULE_OF, every_chart_message, unknown_name_message

        for name in names:
            if name not in RULE_OF:
                raise BadInput(unknown_name_message(name))
            if every_chart_message(name) is not None:
                raise BadInput(f"--where {name!r}: {every_chart_message(name)}")
    return names


def check_lodge(lodge: str, layout: str) -> str:
    """--lodge: kungen (000's, default) or kun (寄坤, beyond the texts) on the 轉盤; bajie is refused
    (no source defines the 八節 寄宮: docs/decisions.md "寄宮 and 天禽")."""
    from .qimen.plates import BAJIE_REFUSAL

    if lodge == "bajie":
        raise BadInput(f"--lodge bajie is not offered: {BAJIE_REFUSAL}")
    if lodge != "kungen" and layout != "zhuan":
        raise BadInput(f"--lodge {lodge} lodges the centre of the 轉盤: use it with --layout zhuan, not {layout} "
                       "(the 飛盤 has no 寄宮: 五還中宮)")
    return lodge


def check_scope(scope: str, method: str, layout: str, school: str, lodge: str, where: tuple[str, ...] = (),
                option: str = "--where", prefix: str = "") -> str:
    """--scope: hour (the texts' 時家, default) or year, month, day (年家 月家 日家, beyond the texts:
    qimen/scope.py).  A scope takes its 局 by its own rule and draws the 轉盤 with 寄坤, as its
    sources do: --method, --layout fei, --school and hour-only patterns are refused with it."""
    if scope == "hour":
        return scope
    from .qimen.scope import SCOPE_NAMES, scope_pattern_names

    name = f"--scope {scope} ({SCOPE_NAMES[scope]})"
    if method != "zhirun":
        raise BadInput(f"{name} takes its 局 by its own rule, not by --method {method}: the method is the hour chart's")
    if layout != "zhuan":
        raise BadInput(f"{name} draws the 轉盤 with 寄坤, as its sources do: not --layout {layout}")
    if school != "gu":
        raise BadInput(f"{name} shows the plate's own patterns: --school {school} adds hour-chart variants, not with a scope")
    if lodge not in ("kungen", "kun"):
        raise BadInput(f"{name} lodges the centre in 坤 (寄坤), as its sources do: not --lodge {lodge}")
    shown = scope_pattern_names()
    for n in where:
        if n not in shown:
            raise BadInput(f"{option} {prefix}{n}: {name} does not show it (an hour pattern, or one that reads the hour's day, "
                           f"term or 元: docs/decisions.md \"年家, 月家 and 日家\")")
    return scope


def cast(when: When, method: str, layout: str, switch: str | None, where: tuple[str, ...], explain: bool,
         school: str = "gu", lodge: str = "kungen", qin: str = "with",
         annotate: tuple[str, ...] | None = None, scope: str = "hour") -> Job:
    """`cast`: the chart of each instant; --where filters a range, --explain explains one chart;
    --school adds a recorded school's variants, --lodge kun lodges the centre in 坤 in both 遁
    (never the default)."""
    switch = _switch(switch, method)
    lodge = check_lodge(lodge, layout)
    check_scope(scope, method, layout, school, lodge)
    if annotate and scope != "hour":
        raise BadInput(f"--annotate reads the hour chart (its hour stem, its month): not with --scope {scope}")
    if school == "huoju" and layout != "zhuan":
        raise BadInput(f"--school huoju draws its own 轉盤 (五專寄坤): use it with --layout zhuan, not {layout}")
    if school == "huoju" and lodge != "kungen":
        raise BadInput(f"--lodge {lodge} and --school huoju both choose the centre's lodge (huoju: 五專寄坤, 000's "
                       "十八圖活局): give one of them")
    if school != "gu" and where:
        from .qimen.patterns.schools import school_only_names

        check_pattern_names(tuple(n for n in where if n not in school_only_names(school)))
    else:
        check_pattern_names(where)
    check_scope(scope, method, layout, school, lodge, where)
    if where and not when.is_stream:
        raise BadInput("--where filters a range: use it with --from/--to or --at -")
    if explain and when.is_stream:
        raise BadInput("--explain explains one chart (--at), not a range")
    extra = {"lodge": lodge} if lodge != "kungen" else {}
    if qin != "with":
        if layout != "zhuan":
            raise BadInput(f"--qin {qin} draws 天禽 of the 轉盤: use it with --layout zhuan, not {layout} (the 飛盤 "
                           "already draws 天禽 on its own)")
        extra["qin"] = qin
    if annotate:
        extra["annotate"] = annotate  # --annotate: the palace annotations asked for
    if scope != "hour":
        extra["scope"] = scope
    return Job.of("cast", method=method, layout=layout, switch=switch, where=where, explain=explain,
                  school=school, **extra)


def noble(when: When, method: str | None, layout: str | None, no_chart: bool) -> Job:
    """`noble`: 貴人, the twelve 天將 and the 私門 on the chart of --method and --layout."""
    method, layout = _chart_choice(method, layout, no_chart)
    return Job.of("noble", method=method, layout=layout, with_chart=not no_chart)


def twelve_gods(when: When, school: str) -> Job:
    """`twelve-gods` under --school."""
    return Job.of("twelve-gods", school=school)


def pillars(when: When, lunar_zone: str) -> Job:
    """`pillars` with the lunar date of --lunar-zone."""
    return Job.of("pillars", lunar_zone=lunar_zone)


def born_month_day(born, when: When, basis: str, lunar_zone: str) -> tuple[int, int] | None:
    """--born as (month, day) of the text's count: given so, or the date read under `basis`."""
    if born is None or isinstance(born, tuple):
        return born
    from .gucu.report import month_day_of

    try:
        moment = when.resolve(f"{born.isoformat()}T12:00", lunar_zone=lunar_zone)
        md = month_day_of(moment, basis)
    except QimenError as exc:
        raise BadInput(f"--born {born.isoformat()}: {exc}") from None
    if md.day > 30:
        raise BadInput(f"--born {born.isoformat()} is day {md.day} of a solar month; the text's months end at 三十日")
    return md.month, md.day


def gucu(when: When, size, tone, born, month_basis: str, steps: int, lunar_zone: str, method: str | None,
         layout: str | None, no_chart: bool, tian_men: str | None = None) -> Job:
    """`gucu`: --steps a multiple of six, --born read on the month basis, the chart of the 出軍 route;
    --tian-men adds 天罡 on 天門/地戶 under that reading (absent: the 天罡 record as it was)."""
    _steps(steps)
    method, layout = _chart_choice(method, layout, no_chart)
    born_md = born_month_day(born, when, month_basis, lunar_zone)
    extra = {} if tian_men is None else {"tian_men": tian_men}
    return Job.of("gucu", lunar_zone=lunar_zone, size=size, tone=tone, born=born_md, steps=steps,
                  month_basis=month_basis, method=method, layout=layout, no_chart=no_chart, **extra)


# --- liuren ------------------------------------------------------------------------------


class Dateless:
    """`liuren --day GANZHI --hour BRANCH`: a lesson as the text gives its examples (正月甲子日寅時 …).
    (The requests here are plain classes: a named tuple costs a tenth of a millisecond of every start.)"""

    __slots__ = ("day", "hour", "yue_jiang", "half", "noble_rule", "fan_yin", "month", "tian_men")

    def __init__(self, day: int, hour: int, yue_jiang: int, half: str | None, noble_rule: str, fan_yin: str = "chong",
                 month: int | None = None, tian_men: str = "liuren") -> None:
        self.day, self.hour, self.yue_jiang, self.half, self.noble_rule = day, hour, yue_jiang, half, noble_rule
        self.fan_yin, self.month, self.tian_men = fan_yin, month, tian_men

    def lesson(self):
        from .arts.liuren import dateless

        return dateless(self.day, self.hour, self.yue_jiang, self.noble_rule, self.half, self.fan_yin, self.month,
                        self.tian_men)

    def text(self, lesson) -> str:
        """The lesson's JSON text (`liuren --day … --json`)."""
        from .arts.liuren import dateless_json

        return dateless_json(lesson, self.half, self.noble_rule, self.fan_yin, self.month, self.tian_men)

    # The work's answer as the shell prints it (`make` first: an error before anything is drawn).

    def make(self) -> tuple:
        lesson = self.lesson()
        return lesson, self.text(lesson)

    def json_text(self, made) -> str:
        """What `--json` writes: the lesson's JSON and a newline."""
        return made[1] + "\n"

    def draw(self, made, console, lang: str, write=None) -> None:
        """The lesson's view (no Moment: the text's own examples)."""
        from .render.liuren import render_liuren

        render_liuren(made[0], None, console, lang)


def liuren(when: When, yuejiang, month, day, hour, half, noble_rule: str, lat, fan_yin: str = "chong",
           tian_men: str = "liuren", given: Callable[[str], bool] | None = None) -> Job | Dateless:
    """`liuren`: the 月將 of --yuejiang or --month (or the last 中氣), --lat for the 晝夜 rule at
    --lon; with --day/--hour a lesson without a date (`given`, the shell's: --ephemeris typed is
    refused there; $QIMEN_EPHEMERIS set for other commands is no error); --tian-men the reading of
    天門/地戶 (youmen needs the month: a date, or --month)."""
    if yuejiang is not None and month is not None:
        raise BadInput("--yuejiang and --month both set the 月將: give one")
    yj = yuejiang
    if month is not None:
        from .liuren.plate import month_yue_jiang

        yj = month_yue_jiang(month)
    if lat is not None and noble_rule != "day-night":
        raise BadInput("--lat decides 晝/夜 for --noble-rule day-night only")
    if day is not None or hour is not None:
        if tian_men == "youmen" and month is None:
            raise BadInput("--tian-men youmen takes the 遊門 天門 of the month: give --month (or cast from a date)")
        work = _dateless(when, day, hour, yj, half, noble_rule, lat, fan_yin, month, tian_men)
        if given is not None and given("ephemeris"):
            raise BadInput("--ephemeris gives the terms of a date: --day/--hour cast without one, drop --ephemeris")
        return work
    if half is not None:
        raise BadInput("--half goes with --day/--hour; with a date the half-year comes from 冬至/夏至")
    if lat is not None and when.lon is None:
        raise BadInput("--lat needs --lon")
    from .arts.liuren import ephemeris_for

    path = ephemeris_for(noble_rule, lat, when.ephemeris)
    by = "中氣" if yj is None else ("--yuejiang" if yuejiang is not None else "--month")
    return Job.of("liuren", noble_rule=noble_rule, yue_jiang=yj, lat=lat, lon=when.lon, ephemeris_path=path,
                  yue_jiang_by=by, fan_yin=fan_yin, tian_men=tian_men)


def _dateless(when: When, day, hour, yj, half, noble_rule: str, lat, fan_yin: str = "chong",
              month: int | None = None, tian_men: str = "liuren") -> Dateless:
    if day is None or hour is None:
        raise BadInput("--day and --hour go together")
    if when.at is not None or when.start is not None:
        raise BadInput("--day/--hour cast without a date: drop --at/--from/--to")
    if yj is None:
        raise BadInput("--day/--hour need the 月將: give --yuejiang or --month")
    if lat is not None or when.lon is not None:
        raise BadInput("--lat/--lon need a date (--at): without one, 晝/夜 is taken from the hour")
    if when.tz is not None:
        raise BadInput("--tz reads a date's clock: --day/--hour cast without a date, drop --tz")
    return Dateless(day, hour, yj, half, noble_rule, fan_yin, month, tian_men)


# --- chaibu ------------------------------------------------------------------------------


class Ledger:
    """`chaibu --year` or `--from/--to`: the 置閏 ledger of a period."""

    __slots__ = ("when", "year", "terms", "anchor_ts", "switch")

    def __init__(self, when: Any, year: int | None, terms: str, anchor_ts: float | None, switch: str) -> None:
        self.when, self.year, self.terms, self.anchor_ts, self.switch = when, year, terms, anchor_ts, switch

    def compute(self) -> tuple[Any, _dt.tzinfo]:
        """(the ledger, its clock): of --year, or of the civil days of --from … --to."""
        from .arts.chaibu import ledger, ledger_zone

        when = self.when
        try:
            zone = ledger_zone(when.lon, when.clock_zone)
            if self.year is not None:
                d0, d1 = _dt.date(self.year, 1, 1), _dt.date(self.year, 12, 31)
            else:
                d0 = when.start.aware(zone).astimezone(zone).date()
                d1 = when.end.aware(zone).astimezone(zone).date()
                if d1 < d0:
                    raise BadInput(f"--to {when.end.text!r} is before --from {when.start.text!r}")
            return ledger(when.ephemeris, zone, d0, d1, self.terms, self.anchor_ts, self.switch), zone
        except OverflowError as exc:
            raise BadInput(str(exc)) from None

    # The work's answer as the shell prints it (`make` first: an error before anything is drawn).

    def make(self) -> tuple:
        return self.compute()

    def items(self, made) -> list:
        """(record, its `--json` line) of each record, in order (the API's Stream)."""
        from .render.json_chaibu import ledger_items

        return list(ledger_items(*made))

    def json_text(self, made) -> str:
        """What `--json` writes: the ledger as JSON Lines, each record a line."""
        from .arts.chaibu import ledger_json_lines

        return ledger_json_lines(*made)

    def draw(self, made, console, lang: str, write=None) -> None:
        """The ledger's table, row by row through `write` (the shell's whole-line writer, or None)."""
        from .render.chaibu import render_ledger

        result, zone = made
        render_ledger(result, zone, console, lang, anchor_ts=self.anchor_ts, write=write)


def chaibu(when: When, terms: str | None, anchor, switch: str, alternatives: bool, within, year: int | None,
           explain: bool, given: Callable[[str], bool] | None = None, method: str | None = None,
           stats: bool = False) -> Job | Ledger:
    """`chaibu`: the methods side by side at each instant, or with --year or --from/--to the ledger.
    `given` (the shell's): a --within typed without --alternatives is refused (its default is no error)."""
    if stats and given is not None and given("within"):  # (not "add --alternatives": --stats refuses it)
        raise BadInput(f"--within {within.text} does not apply to --stats (it counts every 時辰): drop it")
    if given is not None and given("within") and not alternatives:
        raise BadInput(f"--within {within.text} says how close a boundary must be for --alternatives: add --alternatives")
    if anchor is not None and terms == "true":
        raise BadInput(f"--anchor {anchor.text!r} needs --terms mean")
    terms = terms or ("mean" if anchor is not None else "true")
    anchor_ts = None
    if anchor is not None:
        from .calendar.terms import to_seconds

        anchor_ts = to_seconds(anchor.aware(when.tz or when.clock_zone))
    if within.civil:
        raise BadInput(f"--within {within.text}: give hours, minutes or seconds")
    if stats:
        return _stats(when, year, terms, alternatives, explain, method, switch)
    if year is not None or when.start is not None:
        if year is not None and (when.start is not None or when.at is not None):
            raise BadInput(f"--year {year} cannot be combined with --at or --from/--to")
        if alternatives:
            raise BadInput("--alternatives applies to one instant (--at), not to a ledger")
        if when.every is not None or when.keep_going:
            raise BadInput("--every/--keep-going do not apply to the ledger (--year or --from/--to): drop them")
        if explain:
            raise BadInput("--explain applies to one instant (--at), not to a ledger")
        if method is not None:
            raise BadInput(f"--method {method} adds a row to one instant's comparison (--at); the ledger is of 置閏 "
                           "and 拆補 (--stats counts 茅山 too)")
        return Ledger(when, year, terms, anchor_ts, switch)
    extra = {"also": method} if method is not None else {}
    return Job.of("chaibu", when=when.portable(), terms=terms, anchor_ts=anchor_ts, alternatives=alternatives,
                  switch=switch, within_s=within.delta.total_seconds(), **extra)


class Stats(Ledger):
    """`chaibu --stats`: per civil year of --from … --to (or --year), the share of 時辰 whose 局
    differs between each pair of 置閏, 拆補 and 茅山 (qimen/stats.py), and their total."""

    __slots__ = ("first", "last")

    def __init__(self, when: Any, first: int, last: int, switch: str) -> None:
        super().__init__(when, None, "true", None, switch)
        self.first, self.last = first, last

    def compute(self) -> tuple[Any, _dt.tzinfo]:
        """(the rows, the last being the total, the clock)."""
        from .calendar.shichen import Clock
        from .qimen.stats import method_stats, total

        when = self.when
        context = when.context
        zone = when.clock_zone
        clk = Clock(zone, when.lon, when.solar_time, context)
        try:
            rows = list(method_stats(context, clk, self.first, self.last, when.day_change, self.switch))
        except OverflowError as exc:
            raise BadInput(str(exc)) from None
        return (rows, total(rows), self.first, self.last), zone

    def items(self, made) -> list:
        from .render.json_chaibu import stats_items

        return list(stats_items(*made[0]))

    def json_text(self, made) -> str:
        return "".join(text + "\n" for _record, text in self.items(made))

    def draw(self, made, console, lang: str, write=None) -> None:
        from .render.chaibu import render_stats

        render_stats(made[0][0], console, lang)


#: What `chaibu --stats --from/--to` take: a year alone (a date would be counted as its whole year).
_BARE_YEAR = re.compile(r"[0-9]{4}")


def _stats(when: When, year: int | None, terms: str, alternatives: bool, explain: bool, method: str | None,
           switch: str) -> Stats:
    """`chaibu --stats`: the years of --year, or of --from … --to (each a civil year: --from 1800 --to 2200)."""
    if terms != "true":
        raise BadInput("--stats counts on the true terms: drop --terms mean/--anchor")
    if alternatives or explain or method is not None:
        raise BadInput("--stats compares all three methods (置閏, 拆補, 茅山) over whole years: drop "
                       "--alternatives, --explain and --method")
    if when.every is not None or when.keep_going:
        raise BadInput("--every/--keep-going do not apply to --stats: drop them")
    if year is not None:
        if when.start is not None or when.at is not None:
            raise BadInput(f"--year {year} cannot be combined with --at or --from/--to")
        return Stats(when, year, year, switch)
    if when.start is None:
        raise BadInput("--stats counts whole years: give --from and --to (years: --from 1800 --to 2200) or --year")
    for option, end in (("--from", when.start), ("--to", when.end)):
        if not _BARE_YEAR.fullmatch(end.text.strip()):
            raise BadInput(f"{option} {end.text!r}: --stats counts whole civil years, so {option} takes a bare year "
                           "(1800 … 2200), not a date or a time")
    first, last = when.start.value.year, when.end.value.year
    if last < first:
        raise BadInput(f"--to {when.end.text!r} is before --from {when.start.text!r}")
    return Stats(when, first, last, switch)


# --- terms -------------------------------------------------------------------------------


class TermRows:
    """`terms`: the years first … last, their clock, the terms found and one row per term."""

    __slots__ = ("first", "last", "zone", "found", "rows")

    def __init__(self, first: int, last: int, zone: _dt.tzinfo, found: list, rows: list[dict]) -> None:
        self.first, self.last, self.zone, self.found, self.rows = first, last, zone, found, rows


def terms(year: int | None, first: int | None, last: int | None, tz: _dt.tzinfo | None, ephemeris: str | None) -> TermRows:
    """`terms`: the 24 terms of --year (default this year) or of the years --from … --to."""
    if year is not None and (first is not None or last is not None):
        raise BadInput("--year cannot be combined with --from/--to")
    if year is None and (first is None) != (last is None):
        raise BadInput("--from and --to go together")
    if year is None and first is None:
        year = _dt.date.today().year
    if year is not None:
        first = last = year
    if first is None or last is None:  # (checked above: they go together)
        raise BadInput("--from and --to go together")
    if last < first:
        raise BadInput(f"--to {last} is before --from {first}")
    from .arts.terms import term_rows, year_terms

    zone, found = year_terms(first, last, tz, ephemeris)
    return TermRows(first, last, zone, found, term_rows(found, zone))


# --- find --------------------------------------------------------------------------------


def find(when: When, where: tuple[str, ...], any_of: tuple[str, ...], method: str, layout: str, switch: str | None,
         school: str, noble_rule: str, month_basis: str, size, tone, born, lat, steps: int, lunar_zone: str,
         fan_yin: str = "chong", tian_men: str | None = None, lodge: str = "kungen", scope: str = "hour") -> Search:
    """`find`: the search of --from … --to for the 時辰 where every --where holds and one of the
    --any (its paths checked against real JSON before anything is searched)."""
    from .find.conditions import parse, parse_any

    if not where and not any_of:
        raise BadInput("find needs at least one --where or --any (see qimen find --list)")
    if when.every is not None:
        raise BadInput("find steps by 時辰: --every does not apply")
    if when.keep_going:
        raise BadInput("find stops at the first bad 時辰: --keep-going does not apply")
    _steps(steps)
    switch = _switch(switch, method)
    if lat is not None and noble_rule != "day-night":
        raise BadInput("--lat decides 晝/夜 for --noble-rule day-night only")
    if lat is not None and when.lon is None:
        raise BadInput("--lat needs --lon")
    born_md = born_month_day(born, when, month_basis, lunar_zone)
    conditions = [parse(text) for text in where] + ([parse_any(any_of)] if any_of else [])
    opts = {"method": method, "layout": layout, "switch": switch, "school": school, "noble_rule": noble_rule,
            "month_basis": month_basis, "size": size, "tone": tone, "steps": steps, "lunar_zone": lunar_zone,
            "born": born_md, "lat": lat, "lon": when.lon, "ephemeris": when.ephemeris, "fan_yin": fan_yin,
            "tian_men": tian_men}
    if check_lodge(lodge, layout) != "kungen":
        if not any(a.art == "cast" for c in conditions for a in c.atoms):  # only cast reads it (arts/cast.py)
            raise BadInput(f"--lodge {lodge} lodges the centre of cast's 轉盤, and no --where/--any is a cast: "
                           "condition: add one, or drop --lodge")
        opts["lodge"] = lodge
    if scope != "hour":  # cast's chart is the scope's: its conditions are read off that chart, not the hour's plate
        from .find.conditions import Condition, read_off_chart

        names = tuple(a.named.name for c in conditions for a in c.atoms if a.art == "cast" and a.named is not None)
        from .qimen.annotations import FIND_KEYS

        for c in conditions:
            for a in c.atoms:
                keys = [t.key for t in a.tests if t.key in FIND_KEYS] if a.art == "cast" else []
                if keys:
                    raise BadInput(f"--where {a.text}: {keys[0]} is a palace annotation of the hour chart (its hour "
                                   f"stem, its month): not with --scope {scope}")
        opts["scope"] = check_scope(scope, method, layout, school, lodge, names, "--where", "cast:")
        conditions = [Condition(c.text, read_off_chart(c.node)) for c in conditions]
    from .find.search import Search

    search = Search(when, conditions, opts)
    search.check_paths()
    return search
