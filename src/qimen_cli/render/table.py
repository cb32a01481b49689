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


def _time(m, _x) -> str:
    """The clock reading the 干支 are read on, to the minute."""
    return local_iso(m.local).replace("T", " ")[:16]


def _pillars(m, _x) -> str:
    p = m.pillars.names()
    return f"{p['year']} {p['month']} {p['day']} {p['hour']}"


def _ju(_m, chart) -> str:
    ju = chart.ju
    return f"{ju.dun}遁{ju.ju}局 {ju.yuan}元"


def _zhi_fu(_m, chart) -> str:
    return f"{chart.plate.zhi_fu}{chart.plate.zhi_fu_palace}"


def _zhi_shi(_m, chart) -> str:
    return f"{chart.plate.zhi_shi}{chart.plate.zhi_shi_palace}"


def _patterns(_m, chart) -> Text:
    """The chart's pattern names, each once, in report order, marked + (吉) or − (凶)."""
    text = Text()
    seen: list[str] = []
    for p in chart.patterns:
        if p.name in _EVERY_CHART or p.name in seen:
            continue
        seen.append(p.name)
        verdict = p.verdict or ""
        text.append(("" if len(seen) == 1 else " ") + p.name + VERDICT_MARK.get(verdict, ""),
                    style=VERDICT_STYLE.get(verdict, ""))
    return text


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


def values(command: str, result) -> list:
    """One instant's row of `command`: each field of `ROWS[command]` (a str, or rich Text with styles)."""
    m, own = PARTS[command](result)
    return [field(m, own) for _key, field in ROWS[command]]


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


def columns(command: str, lang: str) -> list:
    """The columns of `command`'s range table in `lang` (`rows.Column`), widths known before any row."""
    from .rows import Column

    out = []
    for key, _field in ROWS[command]:
        widest, whole, unit = (None, _pattern_unit(), _pattern_unit()) if key == "patterns" else WIDTHS[key]
        out.append(Column(t(key, lang), widest, whole, unit))
    return out


class RangeTable:
    """The rows of one range, each printed on `console` as it is `add`ed (`rows.RowTable`, whose
    `write` it is given);
    `close` ends the table with its count and, under an en or ko table of charts, the reading
    of each pattern name shown — or says in one line (`none`) that the range had no row."""

    def __init__(self, command: str, lang: str, console, none: str = "", write=None) -> None:
        from .rows import RowTable

        self.command = command
        self.lang = lang
        self.console = console
        self.none = none
        preface = [(t("marks", lang), "dim")] if command == "cast" else []
        self.rows = RowTable(console, columns(command, lang), preface, write)
        self.names: list[str] = []

    @property
    def count(self) -> int:
        return self.rows.rows

    def add(self, result) -> None:
        """One instant's row from the command's result, printed now (and the pattern names it shows kept)."""
        self.rows.row(values(self.command, result))
        for name in shown_patterns(self.command, result):
            if name not in self.names:
                self.names.append(name)

    def key(self):
        """Under an en or ko table, the pattern names shown, each with its reading (`glossary.gloss`),
        side by side in columns (a reading is never split between lines where it fits one)."""
        if self.lang == "zh" or not self.names:
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
