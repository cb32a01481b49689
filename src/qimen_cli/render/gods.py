"""Rich views of `qimen noble` and `qimen twelve-gods`.

More precisely (the JSON is written by render/json_gods.py): `render_noble` and
`render_twelve_gods` draw the terminal views — the twelve-branch ring of the
heaven plate (月將加正時, south up as the 六壬 board is drawn), the 天將 and the
directions with their clock windows in the clock of the chart.
"""

from __future__ import annotations

import datetime as _dt

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..calendar.ganzhi import BRANCHES
from ..words import ENGINE
from ..words import lang as language
from .board import RING_CELLS
from .glossary import gloss
from .instants import printed
from .jsonout import local_iso
from .labels import clock_name, labeller
from .legend import ByColour, legend_lines

#: Short tags drawn in a ring cell for the directions that fall there.
TAGS = {"天三門": "天門", "地四戶": "地戶", "天馬": "天馬", "地私門": "私門", "亭亭": "亭亭", "白奸": "白奸"}

#: A general's colour by its 吉/凶 label (004's; None: 貴人, which it does not judge), repeated by
#: the label after its name on the ring and in the generals' table; the directions' tags.
GENERAL_STYLE = {"吉": "green", "凶": "red", None: "bold yellow"}
TAG_STYLE = "cyan"
#: The styles the legend's colour words ("gods:colour_words") are drawn in, in their order.
COLOUR_STYLES = (GENERAL_STYLE["吉"], GENERAL_STYLE["凶"], GENERAL_STYLE[None], TAG_STYLE)


label = labeller("gods")


# --- pieces ------------------------------------------------------------------------


def _clock(when: _dt.datetime, tz) -> str:
    """An instant of the header on the chart's clock with its offset, as the header's first line
    writes the chart's own ("2024-02-19T13:13:11+09:00": one word, never broken by a wrap); the
    offset is the instant's own, which summer time may make another than the chart's."""
    return printed(when).astimezone(tz).isoformat(timespec="seconds")


def _short(when: _dt.datetime, tz, m) -> str:
    local = printed(when).astimezone(tz)
    return local.strftime("%H:%M:%S" if local.date() == m.civil.date() else "%m-%d %H:%M:%S")


def _window(w, tz, lang: str) -> str:
    return f"{_clock(w.start_utc, tz)} – {_clock(w.end_utc, tz)}  ({label('ends_by', lang)} {'、'.join(w.ends_by)})"


def _header(m, report, lang: str, title: str) -> Table:
    p = report.pillars
    grid = Table.grid(padding=(0, 2))
    grid.add_row(Text(title, style="bold"), f"{local_iso(m.local)}  ({m.tz}, {clock_name(m.clock.value, lang)})")
    grid.add_row(label("pillars", lang), f"{p['year']} {p['month']} {p['day']} {p['hour']}")
    yj = report.yue_jiang
    grid.add_row(label("yue_jiang", lang), f"{yj.name}{yj.branch}  ({yj.qi} {_clock(yj.since_utc, m.civil.tzinfo)} → {yj.next_qi} {_clock(yj.until_utc, m.civil.tzinfo)})")
    n = report.noble
    grid.add_row(label("noble", lang), Text(f"{n.kind} {n.day_stem}日 (合神 {n.he_shen}) → {n.branch}   [{label('dun', lang)} {report.dun}]"))
    return grid


def _generals_table(report, lang: str) -> Table:
    t = Table(title=label("generals", lang), show_lines=False)
    for key in ("general", "heaven", "earth", "compass", "bearing", "label", "lead_troops"):
        t.add_column(label(key, lang))
    for g in report.generals:
        t.add_row(
            Text(g.name, style=GENERAL_STYLE[g.label or None]), f"{g.heaven_name}{g.heaven_branch}", g.earth_branch, f"{g.compass} ({g.palace})",
            f"{g.bearing}°", g.label or "—", g.lead_troops,
        )
    return t


def _ring(report, lang: str, centre_lines: list[str], tags: dict[str, list[str]]) -> Table:
    """The heaven plate as a twelve-branch ring: each cell is an earth position."""
    generals = {g.earth_branch: g for g in report.generals}
    board = Table(show_header=False, show_lines=True, padding=(0, 1), title=label("plate", lang))
    for _ in range(4):
        board.add_column(justify="center", min_width=10)
    cells = [[Text("") for _ in range(4)] for _ in range(4)]
    for earth, (r, c) in RING_CELLS.items():
        eb = BRANCHES[earth]
        hb = report.plate[eb]
        g = generals[eb]
        cell = Text()
        cell.append(f"{g.heaven_name}{hb}\n", style="bold")
        cell.append(g.name + (f" {g.label}" if g.label else "") + "\n", style=GENERAL_STYLE[g.label or None])
        cell.append(f"{eb} {g.compass}", style="dim")
        if eb in tags:
            cell.append("\n" + " ".join(tags[eb]), style=TAG_STYLE)
        cells[r][c] = cell
    cells[1][1] = Text("\n".join(centre_lines[: len(centre_lines) // 2 + 1]))
    cells[2][1] = Text("\n".join(centre_lines[len(centre_lines) // 2 + 1:]))
    for row in cells:
        board.add_row(*row)
    return board


def ring_legend(lang: str, colour: bool = True) -> Text:
    """The key to the ring: the lines of a cell with the label after a general (always), the
    colours that repeat them (with `colour`)."""
    return legend_lines(label("legend", lang), label("colours", lang) if colour else None, label("colour_words", lang),
               COLOUR_STYLES)


# --- the two views -------------------------------------------------------------------


def render_noble(m, report, console, lang: str) -> None:
    tz = m.civil.tzinfo
    console.print(_header(m, report, lang, f"{label('noble', lang)} · {label('generals', lang)}"))
    tags: dict[str, list[str]] = {}
    for name, eb in report.si_men.items():
        tags.setdefault(eb, []).append(f"私門{name}")
    centre = [f"{report.yue_jiang.name}加{report.hour.branch}", f"{report.noble.kind} {report.noble.branch}"]
    console.print(_ring(report, lang, centre, tags))
    console.print(ByColour(lambda colour: ring_legend(lang, colour)))
    console.print(_generals_table(report, lang))
    console.print(f"{label('window', lang)}: {_window(report.window, tz, lang)}")
    t = Table(title=label("si_men", lang))
    for key in ("general", "earth", "compass", "palace", "door", "ji_men", "san_qi"):
        t.add_column(label(key, lang))
    matches = {x.general: x for x in report.si_men_qimen or ()}
    for p in report.si_men_points:
        x = matches.get(p.god)
        door = x.door if x else None
        t.add_row(
            p.god, p.earth_branch, p.compass, str(p.palace), door or "—",
            ("✓" if x.ji_men else "·") if x else "—",
            ("".join(x.san_qi) or "·") if x and x.san_qi is not None else "—",
        )
    console.print(t)
    if report.si_men_qimen and any(x.ji_men for x in report.si_men_qimen):
        console.print(Text("私門之方，更得奇門湊合，百事乘之大吉。 (000)", style="green"))


def render_twelve_gods(m, report, console, lang: str) -> None:
    tz = m.civil.tzinfo
    console.print(_header(m, report, lang, f"{label('yue_jiang', lang)} · {label('directions', lang)}"))
    mj = report.month_jian
    console.print(f"{label('month_jian', lang)}: {mj.branch}  ({mj.jie} {_clock(mj.since_utc, tz)} → {mj.next_jie} {_clock(mj.until_utc, tz)})")
    tags: dict[str, list[str]] = {}
    for p in report.points:
        named = p.group in ("天三門", "地四戶", "地私門")
        tags.setdefault(p.earth_branch, []).append(TAGS[p.group] + (p.god if named else ""))
    j = report.jianchu
    d = report.directions
    centre = [
        f"{report.yue_jiang.name}加{report.hour.branch}",
        f"{report.noble.kind} {report.noble.branch}",
        f"{label('jianchu', lang)} {j.day_branch}{j.officer}",
        f"{d.he_ge or '—'} {d.advice}",
    ]
    console.print(_ring(report, lang, centre, tags))
    console.print(ByColour(lambda colour: ring_legend(lang, colour)))

    t = Table(title=label("directions", lang))
    for key in ("group", "god", "heaven", "earth", "compass", "palace", "until", "ends_by"):
        t.add_column(label(key, lang))
    for p in report.points:
        t.add_row(
            p.group, p.god, p.heaven_branch or "—", p.earth_branch, f"{p.compass} {p.bearing}°", str(p.palace),
            _short(p.window.end_utc, tz, m), "、".join(p.window.ends_by),
        )
    console.print(t)
    if not language(lang).reads_characters:  # the groups' readings, once each (the column is too narrow for them)
        console.print(Text(" · ".join(gloss(g, lang) for g in dict.fromkeys(p.group for p in report.points)), style="dim"))
    console.print(f"亭亭 {d.ting_ting} · 白奸 {'、'.join(f'{k}{v}' for k, v in d.bai_jian.items())} · {d.he_ge or '—'} → {d.advice}")
    row = " ".join(f"{o}{b}" for o, b in j.row.items())
    console.print(f"{label('jianchu', lang)}: {j.day_branch}日 {j.officer}   {label('row', lang)} {row}   ({_window(j.window, tz, lang)})")
    console.print(f"{label('shi_gan_shen', lang)}: " + " ".join(f"{s}{a}{b}" for s, (a, b) in report.shi_gan_shen.items()))
    if report.sanshi is not None:
        s = report.sanshi
        lines = [
            f"{label('di_hu_shi', lang)}: {''.join(s.di_hu_shi)}  ({report.hour.branch}時 {'✓' if s.hour_is_di_hu_shi else '·'})",
            f"月建天馬: {s.tian_ma}",
            f"白奸: {'、'.join(f'{k}加{v}' for k, v in s.bai_jian.items())}  {label('relation', lang)}: {s.relation or label('none', lang)}",
            f"月亭亭: {s.yue_ting_ting}   日亭亭: {s.ri_ting_ting['ju']} {s.ri_ting_ting['branch']}",
        ]
        console.print(Panel(Group(*(Text(x) for x in lines)), title=label("sanshi", lang),
                            subtitle=_source_words(s.source, lang), style="dim"))


def _source_words(source: str, lang: str) -> str:
    """The 三氏 variants' source line in `lang` (the engine writes it in English), the seed file
    named by its chapter (`render/cite.py`)."""
    import re

    from .cite import citation_words

    text = source.replace(label("rejected_by", ENGINE), label("rejected_by", lang))
    return re.sub(r"\d{3}_[0-9a-f]{16}\.txt", lambda m: citation_words(m.group(0), None, lang), text)


def draw_noble(raw, console, lang: str = "zh", explain: bool = False) -> None:
    """The view of one `noble` answer, (moment, report) (the art's record names it)."""
    render_noble(raw[0], raw[1], console, lang)


def draw_twelve_gods(raw, console, lang: str = "zh", explain: bool = False) -> None:
    """The view of one `twelve-gods` answer, (moment, report) (the art's record names it)."""
    render_twelve_gods(raw[0], raw[1], console, lang)
