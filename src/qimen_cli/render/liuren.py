"""Rich view of `qimen liuren`: the plate as a ring of twelve, the 四課 in four columns, the 三傳."""

from __future__ import annotations

import datetime as _dt

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..texts import TEXTS
from ..words import lang as language
from .board import RING_ROWS
from .cite import citation_words
from .glossary import gloss, said
from .instants import clock_text, term_cell
from .jsonout import local_iso
from .labels import clock_name, labeller
from .legend import ByColour, legend_lines

lab = labeller("liuren")
#: The 貴人 rule and the tables and sources it names, in a language (as they are in en).
noble_text = labeller("noble_text")

#: The marks of the 三傳 on the plate: a heaven branch that is the 初, 中 or 末 (傳) carries them
#: (〔初〕, or 〔中末〕 for a branch used twice) in colour as without it, drawn in TRANSMISSION_STYLE.
TRANSMISSION_MARKS = ("初", "中", "末")
TRANSMISSION_STYLE = "bold red"
GENERAL_STYLE = "cyan"
RELATION_STYLE = "red"
VOID_STYLE = "magenta"
#: The styles the legend's colour words ("liuren:colour_words") are drawn in, in their order.
COLOUR_STYLES = (TRANSMISSION_STYLE, GENERAL_STYLE, RELATION_STYLE, VOID_STYLE)


def transmission_mark(lesson, branch: str) -> str:
    """〔初〕, 〔中〕, 〔末〕 (or several of them) when `branch` is one of the lesson's 三傳; ""."""
    marks = "".join(m for m, b in zip(TRANSMISSION_MARKS, lesson.transmissions, strict=False) if b == branch)
    return f"〔{marks}〕" if marks else ""


def _cell(lesson, earth: str) -> Text:
    heaven = lesson.heaven_plate[earth]
    text = Text(justify="center")
    text.append((lesson.generals or {}).get(heaven, "") + "\n", style=GENERAL_STYLE)
    mark = transmission_mark(lesson, heaven)
    text.append(heaven + mark + "\n", style=TRANSMISSION_STYLE if mark else "bold")
    text.append(earth, style="dim")
    return text


def plate_legend(lang: str, colour: bool = True) -> Text:
    """The key to the plate: the lines of a cell and the marks of the 三傳 (always), the colours
    of the plate and the tables below it (with `colour`)."""
    return legend_lines(lab("legend", lang), lab("colours", lang) if colour else None, lab("colour_words", lang),
                        COLOUR_STYLES)


def plate_table(lesson, lang: str) -> Table:
    """The heaven branches (with their 天將) over the twelve fixed earth positions."""
    board = Table(show_header=False, show_lines=True, title=lab("plate", lang), padding=(0, 1))
    for _ in range(4):
        board.add_column(justify="center", min_width=6)
    centre = {
        (1, 1): f"{lab('yue_jiang', lang)}\n{lesson.yue_jiang_name}",
        (1, 2): f"{lesson.yue_jiang}\n↓\n{lesson.hour}",
        (2, 1): f"{lab('day', lang)}\n{lesson.day}",
        (2, 2): f"{lab('rule', lang)}\n{lesson.rule}",
    }
    for i, row in enumerate(RING_ROWS):
        cells = []
        for j, earth in enumerate(row):
            if earth is not None:
                cells.append(_cell(lesson, earth))
            else:
                cells.append(Text(centre[(i, j)], style="dim", justify="center"))
        board.add_row(*cells)
    return board


def lessons_table(lesson, lang: str) -> Table:
    """The 四課 as the traditional four columns, the first lesson on the right."""
    from ..liuren.lessons import LESSON_NAMES

    table = Table(title=lab("lessons", lang), show_lines=False)
    order = (3, 2, 1, 0)
    for i in order:
        table.add_column(lab(LESSON_NAMES[i], lang), justify="center")
    generals = lesson.generals or {}
    table.add_row(*(Text(generals.get(lesson.lessons[i][0], ""), style=GENERAL_STYLE) for i in order))
    table.add_row(*(Text(lesson.lessons[i][0], style="bold") for i in order))
    table.add_row(*(lesson.lessons[i][1] for i in order))
    table.add_row(*(Text(lesson.lesson_relations[i] or "", style=RELATION_STYLE) for i in order))
    return table


def transmissions_table(lesson, lang: str) -> Table:
    """The 三傳: each branch, its name, its 天將, and whether it is void."""
    table = Table(title=lab("transmissions", lang), show_header=False)
    for _ in range(5):
        table.add_column()
    generals = lesson.transmission_generals or ("", "", "")
    for key, branch, name, general, void in zip(("first", "middle", "last"), lesson.transmissions,
                                                 lesson.transmission_names, generals, lesson.transmission_kong, strict=False):
        table.add_row(lab(key, lang), Text(branch, style="bold"), name, Text(general, style=GENERAL_STYLE),
                      Text(lab("void", lang), style=VOID_STYLE) if void else "")
    return table


def _change(when, zone) -> str:
    """A change of 晝/夜 as "MM-DD HH:MM:SS" on the clock `zone` ("…" when there is none)."""
    return clock_text(when, zone, "%m-%d %H:%M:%S") if when is not None else "…"


def info_grid(lesson, qi, lang: str, zone=_dt.timezone.utc) -> Table:
    """The 中氣 (`qi`, None without a date), 月將, rule, labels, 空亡, the 貴人 and the leading general;
    instants on the clock `zone` (the chart's; UTC for a lesson cast from --day/--hour)."""
    info = Table.grid(padding=(0, 2))
    if qi is not None:
        info.add_row(lab("zhong_qi", lang), term_cell(qi.name, qi.ts, zone))
    info.add_row(lab("yue_jiang", lang), f"{lesson.yue_jiang_name} {lesson.yue_jiang}")
    info.add_row(lab("rule", lang), gloss(lesson.rule, lang))
    # a reader who does not read the characters (en) gets each label glossed (a 反吟 or 伏吟 lesson
    # prints 賊剋 … here only); zh and ko keep the names
    bare = language(lang).reads_characters
    info.add_row(lab("labels", lang), " ".join(name if bare else gloss(name, lang) for name in lesson.labels))
    info.add_row(lab("detail", lang), lesson.detail)
    info.add_row(lab("source", lang), citation_words(lesson.source, None, lang) if lesson.source in TEXTS else lesson.source)
    info.add_row(lab("kong_wang", lang), "".join(lesson.kong_wang))
    noble = lesson.noble
    if noble:
        info.add_row(lab("noble", lang), f"{noble.branch} / {noble.earth}  {noble.basis} {noble.direction}"
                     f"  ({noble_text(noble.rule, lang)}: {noble_text(noble.table, lang)}; "
                     f"{citation_words(noble.source, None, lang) if noble.source in TEXTS else noble_text(noble.source, lang)})")
        daylight = lesson.daylight
        if daylight:
            where = ""
            if daylight.by == "sun":
                where = f" {daylight.lat}, {daylight.lon}"
                where += f"; {_change(daylight.last_change, zone)} → {_change(daylight.next_change, zone)}"
                where += " UTC" if zone is _dt.timezone.utc else ""
            info.add_row(lab("daylight", lang), f"{daylight.day}  ({lab('by_' + daylight.by, lang)}{where})")
        lead = lesson.lead
        info.add_row(lab("lead", lang), f"{lead.general} {lead.verdict}：{lead.reading}")
    else:
        info.add_row(lab("general", lang), lab("no_generals", lang))
    if lesson.text_differs is not None:
        info.add_row(Text(lab("text_differs", lang), style="yellow"), text_differs_line(lesson.text_differs, lang))
    info.add_row(lab("jiling", lang), jiling_line(lesson, lang))
    info.add_row(lab("tian_gang", lang), gate_line(lesson.tian_gang, lang))
    return info


def text_differs_line(differs, lang: str) -> str:
    """004's own answer for this lesson: its 初 (and 三傳), the line, the decision."""
    text = f"{differs.first} {differs.first_branch}"
    if differs.transmissions:
        text += " (" + " ".join(differs.transmissions) + ")"
    text += f"  {citation_words(differs.source, differs.line, lang)}"
    return text + "; " + lab("text_decision", lang).format(decision=differs.decision)


def jiling_line(lesson, lang: str) -> str:
    """集靈經: 不可占 or not, the way to face, the two 建 to avoid, the 天罡 month scheme."""
    j = lesson.jiling
    parts = [gloss("不可占", lang) if j.forbidden else lab("allowed", lang),
             lab("forbidden_hour", lang).format(stem=lesson.day[0], hour=j.forbidden_hour),
             lab("face", lang).format(face=j.face, by=j.face_by)]
    unknown = lab("unknown", lang)
    jian = (f"{lab('avoid', lang)} {lab('year_jian', lang)} {j.year_jian or unknown}, "
            f"{lab('month_jian', lang)} {j.month_jian or unknown}")
    if j.faces_jian:
        jian += f" — {gloss('向建', lang)}"
    parts.append(jian)
    if j.month is not None:
        met = lab("yes" if j.tian_gang_on_month else "no", lang)
        parts.append(f"{lab('tian_gang_month', lang).format(month=j.month, branch=j.tian_gang_month)}: {met}")
    return "；".join(parts)


def gate_line(gate, lang: str) -> str:
    """天罡's earth branch, and on 地戶 / 天門 / 酉 004's reading; then where 天門 and 地戶 are taken
    from (亥 and 巳, or under --tian-men the branches of its reading)."""
    text = lab("tian_gang_on", lang).format(on=gate.on)
    if isinstance(gate.gate, tuple):  # a GateReading (--tian-men youmen|sanmen)
        for name, reading in zip(gate.gate, gate.reading, strict=True):
            text += f"  {gloss(name, lang)}：{said(reading, lang)}" if name != gate.on else f"  {said(reading, lang)}"
        places = lab(f"gate_{gate.taken}", lang).format(men="".join(gate.tian_men), hu="".join(gate.di_hu))
        return text + f"  ({places})"
    if gate.gate is not None:
        text += f"  {gloss(gate.gate, lang)}：{said(gate.reading, lang)}" if gate.gate != gate.on else f"  {said(gate.reading, lang)}"
    return text + f"  ({lab('gate_readings', lang)})"


def render_liuren(lesson, moment, console, lang: str) -> None:
    """Draw the lesson; `moment` is the Moment it was cast from (None when cast from --day/--hour)."""
    head = f"{lab('title', lang)}  {lab('day', lang)} {lesson.day}  {lab('hour', lang)} {lesson.hour}"
    if moment is not None:
        head += f"  {local_iso(moment.local)}  ({moment.tz}, {clock_name(moment.clock.value, lang)})"
    console.print(Text(head, style="bold"))
    console.print(Group(plate_table(lesson, lang), ByColour(lambda colour: plate_legend(lang, colour)),
                        lessons_table(lesson, lang), transmissions_table(lesson, lang),
                        info_grid(lesson, None if moment is None else moment.qi, lang,
                                  _dt.timezone.utc if moment is None else moment.civil.tzinfo)))


def draw(raw, console, lang: str = "zh", explain: bool = False) -> None:
    """The view of one `liuren` answer: (moment, lesson), or a lesson without a date alone (the
    art's record names it)."""
    if isinstance(raw, tuple):
        render_liuren(raw[1], raw[0], console, lang)
    else:
        render_liuren(raw, None, console, lang)
