"""Ranges on a terminal: one table row per instant, with the fields that matter for the command.

More precisely: `ROWS[command]` is the list of (label key, field) of the command's row,
each field a function of the instant's Moment and the art's own result (`PARTS[command]`
splits the command's result, as `arts/<art>.py` `compute` returns it, into the two).  The
cells say what the same instant's `--json` object says: tests/test_table.py reads each
cell again from that object and compares.  `RangeTable` prints each row as it comes, in
columns whose widths are known before the first (`WIDTHS`, `rows.RowTable`), so a range of a
century holds one row in memory; `--json` keeps JSON Lines.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from ..calendar.ganzhi import CYCLE
from ..words import lang as language
from .jsonout import local_iso
from .labels import labeller
from .pillars import xun_names

#: The column headers and the count line (`labels.LABELS`, "range:…").
t = labeller("range")

#: Patterns not listed in a row (they hold for every palace of every chart).
_EVERY_CHART = ("氣應", "十干神名")

#: 吉/凶 → the style and the mark of a pattern in a row (any other verdict: neither).
VERDICT_STYLE = {"吉": "green", "凶": "red"}
VERDICT_MARK = {"吉": "+", "凶": "−"}


# The cells a chart's row and `CastSeriesRows` both word.

def minute_cell(local) -> str:
    """A clock reading to the minute ("2024-03-05 11:00"): of its first whole second (`local_iso`)."""
    if not local.microsecond:  # a whole second already: its own reading
        return local.isoformat(" ", "minutes")[:16]
    return local_iso(local).replace("T", " ")[:16]


def ju_cell(dun: str, ju: int, yuan: str) -> str:
    """The 遁, 局 and 元 ("陽遁1局 上元")."""
    return f"{dun}遁{ju}局 {yuan}元"


def palace_cell(name: str, palace) -> str:
    """A star or door and its palace ("天心1")."""
    return f"{name}{palace}"


def _time(m, _x) -> str:
    """The clock reading the 干支 are read on, to the minute."""
    return minute_cell(m.local)


def _pillars(m, _x) -> str:
    p = m.pillars.names()
    return f"{p['year']} {p['month']} {p['day']} {p['hour']}"


def _ju(_m, chart) -> str:
    ju = chart.ju
    return ju_cell(ju.dun, ju.ju, ju.yuan)


def _zhi_fu(_m, chart) -> str:
    return palace_cell(chart.plate.zhi_fu, chart.plate.zhi_fu_palace)


def _zhi_shi(_m, chart) -> str:
    return palace_cell(chart.plate.zhi_shi, chart.plate.zhi_shi_palace)


def _patterns(_m, chart) -> Text:
    """The chart's pattern names, each once, in report order, marked + (吉) or − (凶)."""
    return pattern_text(chart.patterns)


def pattern_text(patterns) -> Text:
    """Pattern names, each once, in the order given, marked + (吉) or − (凶) (`_patterns`)."""
    from rich.text import Span

    pieces: list[str] = []
    spans: list = []
    seen: set[str] = set()
    at = 0
    for p in patterns:
        name = p.name
        if name in seen or name in _EVERY_CHART:
            continue
        verdict = p.verdict or ""
        piece = (" " if seen else "") + name + VERDICT_MARK.get(verdict, "")
        seen.add(name)
        style = VERDICT_STYLE.get(verdict)
        if style:
            spans.append(Span(at, at + len(piece), style))
        pieces.append(piece)
        at += len(piece)
    return Text("".join(pieces), spans=spans)


def _term(m, _x) -> str:
    return m.term.name


def _xun(m, _x) -> str:
    """旬首 and 空亡 of the day, then of the hour."""
    day, hour = xun_names(m.pillars.day), xun_names(m.pillars.hour)
    return f"{day[0]}{day[1]} / {hour[0]}{hour[1]}"


def _lunar(m, _x) -> str:
    lu = m.lunar
    if lu is None:
        return ""
    return f"{'閏' if lu.leap else ''}{lu.month}月{lu.day}日"


def _yue_jiang(_m, report) -> str:
    return f"{report.yue_jiang.name}{report.yue_jiang.branch}"


def _noble(_m, report) -> str:
    return f"{report.noble.kind} {report.noble.branch}"


def _si_men(_m, report) -> str:
    """The 地私門: each general and the earth branch it stands on."""
    return " ".join(f"{g}{b}" for g, b in report.si_men.items())


def _month_jian(_m, report) -> str:
    return report.month_jian.branch


def _jianchu(_m, report) -> str:
    return report.jianchu.officer


def _tian_men(_m, report) -> str:
    return " ".join(f"{g}{b}" for g, b in report.directions.tian_men.items())


def _gu_xu(_m, report) -> str:
    """孤 and 虛 of the hour, then of the day."""
    g = report.gu_xu
    return f"{g.hour.gu}{g.hour.xu} / {g.day.gu}{g.day.xu}"


def _tian_gang(_m, report) -> str:
    return report.tian_gang.branch


def _mansion(_m, report) -> str:
    return report.mansion.name


def _chu_jun(_m, report) -> str:
    """What forbids 出軍 that day, else whether it is a listed good day."""
    c = report.chu_jun
    if c.avoid:
        return "忌 " + " ".join(map(str, c.avoid))
    return "吉日" if c.in_ji_ri else "—"


def _lesson_yue_jiang(_m, lesson) -> str:
    return f"{lesson.yue_jiang_name}{lesson.yue_jiang}"


def _labels(_m, lesson) -> str:
    return " ".join(lesson.labels)


def _chuan(_m, lesson) -> str:
    """The 三傳's branches, then their names."""
    return "".join(lesson.transmissions) + "  " + " ".join(lesson.transmission_names)


def _lead(_m, lesson) -> str:
    """The general leading troops on the 初傳 and its verdict ("" without generals)."""
    lead = lesson.lead
    if lead is None:
        return ""
    return f"{lead.general} {lead.verdict or ''}".strip()


def _chart(chart) -> tuple:
    return chart.moment, chart


def _moment(m) -> tuple:
    return m, m


def _pair(result) -> tuple:
    return result[0], result[1]


#: command → its result (`arts/<art>.py` `compute`) as (Moment, the art's own result).
PARTS: dict[str, Callable[[object], tuple]] = {
    "cast": _chart,
    "pillars": _moment,
    "noble": _pair,
    "twelve-gods": _pair,
    "gucu": _pair,
    "liuren": _pair,
    "chaibu": _pair,
}

#: The fields every row starts with: the time and the pillars.
TIME_AND_PILLARS = [("time", _time), ("pillars", _pillars)]

#: command → [(label key, field(moment, result))]
ROWS: dict[str, list[tuple[str, Callable[[object, object], object]]]] = {
    "cast": [*TIME_AND_PILLARS, ("ju", _ju), ("zhi_fu", _zhi_fu), ("zhi_shi", _zhi_shi), ("patterns", _patterns)],
    "pillars": [*TIME_AND_PILLARS, ("term", _term), ("xun", _xun), ("lunar", _lunar)],
    "noble": [*TIME_AND_PILLARS, ("yue_jiang", _yue_jiang), ("noble", _noble), ("si_men", _si_men)],
    "twelve-gods": [*TIME_AND_PILLARS, ("yue_jiang", _yue_jiang), ("month_jian", _month_jian),
                    ("jianchu", _jianchu), ("tian_men", _tian_men)],
    "gucu": [*TIME_AND_PILLARS, ("gu_xu", _gu_xu), ("tian_gang", _tian_gang), ("mansion", _mansion),
             ("chu_jun", _chu_jun)],
    "liuren": [*TIME_AND_PILLARS, ("yue_jiang", _lesson_yue_jiang), ("lessons", _labels), ("chuan", _chuan),
               ("lead", _lead)],
    "chaibu": TIME_AND_PILLARS,
}


def values(command: str, result, fields=None, split=None) -> list:
    """One instant's row of `command`: each field of `ROWS[command]` (a str, or rich Text with styles);
    `fields` and `split` as the art's record gives them (its `rows` and `split`; default: the tables here)."""
    m, own = (split or PARTS[command])(result)
    return [spec[1](m, own) for spec in (fields or ROWS[command])]


def cells(command: str, result) -> list[Text]:
    """One instant's row of `command`: each field of `ROWS[command]` as rich Text."""
    return [v if isinstance(v, Text) else Text(str(v)) for v in values(command, result)]


def shown_patterns(command: str, result) -> list[str]:
    """The pattern names `cells` shows for one instant (cast's patterns column), in report order."""
    if command != "cast":
        return []
    _m, chart = PARTS[command](result)
    return [p.name for p in chart.patterns if p.name not in _EVERY_CHART]


#: label key → (the widest cell, its longest word with CJK words whole, its longest run that
#: stays on one line as `fit.longest_unit` counts it), in cells, from the column's possible
#: values: a time to the minute, four 干支, 陽遁9局 上元, a star or door and its palace, …
#: (tests/test_table.py checks them on ranges).  None: no bound (the patterns of a chart, the
#: lessons of a 課): the column takes the room left.
WIDTHS: dict[str, tuple[int | None, int, int]] = {
    "time": (16, 10, 10), "pillars": (19, 4, 2), "ju": (12, 7, 7), "zhi_fu": (5, 5, 5), "zhi_shi": (5, 5, 5),
    "term": (4, 4, 2), "xun": (19, 8, 2), "lunar": (10, 10, 10),
    "yue_jiang": (6, 6, 2), "noble": (7, 4, 2), "si_men": (20, 6, 2),
    "month_jian": (2, 2, 2), "jianchu": (2, 2, 2), "tian_men": (20, 6, 2),
    "gu_xu": (11, 4, 2), "tian_gang": (2, 2, 2), "mansion": (2, 2, 2), "chu_jun": (17, 4, 2),
    "lessons": (None, 6, 2), "chuan": (22, 6, 2), "lead": (7, 4, 2),
}


def _pattern_unit() -> int:
    """The longest pattern name with its mark, in cells (the patterns column's run)."""
    from rich.cells import cell_len

    from ..qimen.patterns import PATTERN_NAMES

    return max(cell_len(n) for n in PATTERN_NAMES) + 1


def columns(command: str, lang: str, fields=None) -> list:
    """The columns of `command`'s range table in `lang` (`rows.Column`), widths known before any row
    (a field's own third item, else `WIDTHS`)."""
    from .rows import Column

    out = []
    for spec in fields or ROWS[command]:
        key = spec[0]
        if len(spec) > 2:
            widest, whole, unit = spec[2]
        else:
            widest, whole, unit = (None, _pattern_unit(), _pattern_unit()) if key == "patterns" else WIDTHS[key]
        out.append(Column(t(key, lang), widest, whole, unit))
    return out


class RangeTable:
    """The rows of one range, each printed on `console` as it is `add`ed (`rows.RowTable`, whose
    `write` it is given);
    `close` ends the table with its count and, under an en or ko table of charts, the reading
    of each pattern name shown — or says in one line (`none`) that the range had no row."""

    def __init__(self, command: str, lang: str, console, none: str = "", write=None, fields=None, split=None) -> None:
        from .rows import RowTable

        self.command = command
        self.fields, self.split = fields, split
        self.lang = lang
        self.console = console
        self.none = none
        preface = [(t("marks", lang), "dim")] if command == "cast" else []
        self.rows = RowTable(console, columns(command, lang, fields), preface, write)
        #: The pattern names shown, in order of first showing, for the key (a language that reads
        #: names with a reading only: ko and en, `Lang.reading`).
        self.names: dict[str, None] = {}
        self.keyed = language(lang).reading is not None

    @property
    def count(self) -> int:
        return self.rows.rows

    def add(self, result) -> None:
        """One instant's row from the command's result, printed now (and the pattern names it shows kept)."""
        self.rows.row(values(self.command, result, self.fields, self.split))
        if self.keyed:
            self.names.update(dict.fromkeys(shown_patterns(self.command, result)))

    def add_values(self, row: list, patterns=(), tail: tuple = ()) -> None:
        """One instant's row already made (`CastSeriesRows.row`, or its `parts`: the row's own
        cells, then `tail`, the cells its chart words, `rows.RowTable.row`) and the patterns it
        shows (those `_shown` keeps)."""
        self.rows.row(row, tail)
        if self.keyed:
            self.names.update(dict.fromkeys(p.name for p in patterns))

    def key(self):
        """Under an en or ko table, the pattern names shown, each with its reading (`glossary.gloss`),
        side by side in columns (a reading is never split between lines where it fits one)."""
        if not self.keyed or not self.names:
            return None
        from rich.columns import Columns

        from .glossary import gloss

        return Columns([Text(gloss(n, self.lang), style="dim") for n in self.names], padding=(0, 3),
                       title=Text(t("key", self.lang), style="dim"))

    def close(self) -> None:
        """The bottom line, the count and the key; or the `none` line when no row came."""
        if not self.count:
            self.console.print(Text(self.none), highlight=False)
            return
        self.rows.close()
        self.console.print(Text(t("count", self.lang).format(n=self.count)), highlight=False)
        key = self.key()
        if key is not None:
            self.console.print(key)


def none_text(lang: str, span: str, conds: tuple[str, ...] = ()) -> str:
    """The line of a range without rows: no instant in `span` (meets `conds`, when given), as
    `find` says it of a search (`find:none`)."""
    if not conds:
        return t("none", lang).format(span=span)
    from .labels import labeller

    return t("none_where", lang).format(span=span, conds=f" {labeller('find')('and', lang)} ".join(conds))


class CastSeriesRows:
    """cast's rows over a range from the engine's range iterator (`qimen.series.ChartRange`, as
    render/cast_lines.py words the JSON Lines): the cells `values("cast", chart)` gives for
    the instant's chart (tests/test_table.py compares them), the chart's part worded once per
    chart key.

    `fast`: whether the series answers these options (the gu school, no apparent solar time,
    the shipped tables); `row(at)` → (the row's values, the pattern names present, the
    patterns shown), None when a `where` name does not hold, or QimenError when the instant
    must go the straightforward way (which words any error); `screened(when)`: the range's
    instants to read (None: every one)."""

    def __init__(self, when, method: str, layout: str, switch: str, school: str = "gu", where=()) -> None:
        from ..qimen.series import ChartRange, ChartSeries

        self.where = frozenset(where)
        self.series = ChartSeries(when.context, when.tz, when.lon, when.solar_time, when.day_change,
                                  method, layout, switch)
        self.fast = self.series.supported and school == "gu"
        self.range = ChartRange(self.series, self._chart, where)
        self._plates: dict = {}
        self._shown: dict = {}
        self._texts: dict = {}  # the patterns' names and verdicts → their cell (`pattern_text`)
        self._tails: dict = {}  # a chart's cells → the one tuple of them (`_cells`)

    def screened(self, when):
        return self.range.screened(when) if self.fast else None

    def _plate(self, key) -> tuple:
        """(直符 cell, 直使 cell, the plate-only patterns a row shows, as runs: one before each
        context rule and one after the last) of a plate key (遁, 局, hour)."""
        hit = self._plates.get(key)
        if hit is None:
            row = self.series.plate_row(key)
            hit = self._plates[key] = (palace_cell(row.zhi_fu, row.zhi_fu_palace),
                                       palace_cell(row.zhi_shi, row.zhi_shi_palace), tuple(map(_shown, row.runs)))
        return hit

    def _chart(self, point, facts) -> tuple:
        """((ju, 直符, 直使, patterns cells), the patterns shown) of a chart."""
        zhi_fu, zhi_shi, runs = self._plate(facts.plate)
        shown = self._shown
        found = list(runs[0])
        for slot, run in zip(facts.slots, runs[1:], strict=True):
            found += shown.get(slot) or self._slot(slot)
            found += run
        ju = point.ju
        return self._cells(ju_cell(ju.dun, ju.ju, ju.yuan), zhi_fu, zhi_shi, found), tuple(found)

    def _cells(self, ju: str, zhi_fu: str, zhi_shi: str, found: list) -> tuple:
        """A chart's cells (ju, 直符, 直使, `pattern_text(found)`), one tuple and one Text for
        each that recur (the same rows' tail for `rows.RowTable`, laid out once)."""
        marks = tuple([(p.name, p.verdict) for p in found])
        key = (ju, zhi_fu, zhi_shi, marks)
        hit = self._tails.get(key)
        if hit is None:
            text = self._texts.get(marks)
            if text is None:
                if len(self._texts) >= self.range.cache_size:
                    self._texts.clear()
                text = self._texts[marks] = pattern_text(found)
            if len(self._tails) >= self.range.cache_size:
                self._tails.clear()
            hit = self._tails[key] = (ju, zhi_fu, zhi_shi, text)
        return hit

    def _slot(self, slot) -> tuple:
        """A context rule's shared result (`qimen.series.RuleResult`) as the patterns a row shows."""
        if len(self._shown) >= self.range.cache_size:
            self._shown.clear()
        hit = self._shown[slot] = _shown(slot.named())
        return hit

    def row(self, at) -> tuple[list, frozenset, tuple] | None:
        got = self.parts(at)
        if got is None:
            return None
        return [*got[0], *got[1]], got[2], got[3]

    def parts(self, at) -> tuple[list, tuple, frozenset, tuple] | None:
        """`row` with the row's values in two: the instant's own (time, pillars) and its chart's
        (a tuple kept per chart, the same object for every instant of the chart)."""
        got = self.range.at(at)
        if got is None:
            return None
        point, ((chart, shown), names) = got
        term, sp, local = point.term, point.shichen, point.local
        # On the civil clock: its naive reading's (`wall`, a whole second), without the offset's lookup.
        clock = point.wall.isoformat(" ", "minutes") if local is point.civil else minute_cell(local)
        return ([clock, f"{CYCLE[term.year]} {CYCLE[term.month]} {CYCLE[sp.day]} {CYCLE[sp.hour]}"],
                chart, names if names is not None else _NO_NAMES, shown)


_NO_NAMES: frozenset = frozenset()


def _shown(patterns) -> tuple:
    """The patterns a row shows of `patterns`: not those of every chart (`_EVERY_CHART`), each
    name once (a later one of the same name is never shown: `pattern_text`)."""
    seen: set[str] = set()
    out = []
    for p in patterns:
        if p.name not in seen and p.name not in _EVERY_CHART:
            seen.add(p.name)
            out.append(p)
    return tuple(out)
