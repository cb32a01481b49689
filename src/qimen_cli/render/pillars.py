"""Rich view of `qimen pillars`: the Moment's pillars, terms, 旬 and 空亡, and lunar date."""

from __future__ import annotations

from rich.table import Table

from ..calendar.ganzhi import BRANCHES, ganzhi, kong_wang, xun_shou
from .instants import term_cell
from .jsonout import local_iso, utc_iso
from .labels import clock_name, label, labeller

#: A lunar reckoning's name (china, korea; an offset as it is) in a language.
lunar_zone_name = labeller("lunar_zone")


def xun_names(position: int) -> tuple[str, str]:
    """The 旬首 of a sexagenary position and its two 空亡 branches joined ("甲子", "戌亥")."""
    return ganzhi(xun_shou(position)), "".join(BRANCHES[b] for b in kong_wang(position))


def lunar_text(lunar, lang: str) -> str:
    """A LunarDate as "甲辰年 閏4月 5日 (china)"."""
    leap = label("leap", lang) if lunar.leap else ""
    return f"{ganzhi(lunar.year)}年 {leap}{lunar.month}月 {lunar.day}日 ({lunar_zone_name(lunar.zone, lang)})"


def term_line(term, zone):
    """A term's name and its instant on the clock `zone`, UTC beside (`instants.term_cell`)."""
    return term_cell(term.name, term.ts, zone)


def render_pillars(m, console, lang: str) -> None:
    """Draw the pillars of the Moment `m`, then its terms, 旬 and 空亡 and lunar date."""
    grid = Table(title=f"{label('pillars', lang)}  {local_iso(m.local)}  ({m.tz}, {clock_name(m.clock.value, lang)})", show_lines=False)
    for key in ("hour", "day", "month", "year"):
        grid.add_column(label(key, lang), justify="center")
    p = m.pillars.names()
    grid.add_row(p["hour"], p["day"], p["month"], p["year"])
    console.print(grid)
    info = Table.grid(padding=(0, 2))
    info.add_row(label("instant", lang), utc_iso(m.instant_utc))
    info.add_row(label("solar_term", lang), term_line(m.term, m.civil.tzinfo))
    info.add_row(label("next_term", lang), term_line(m.next_term, m.civil.tzinfo))
    for key in ("day", "hour"):
        xun, void = xun_names(getattr(m.pillars, key))
        info.add_row(label(f"{key}_xun", lang), f"{xun}旬  {label('kong_wang', lang)} {void}")
    if m.lunar is not None:
        info.add_row(label("lunar", lang), lunar_text(m.lunar, lang))
    console.print(info)


def draw(moment, console, lang: str = "zh", explain: bool = False) -> None:
    """The view of one `pillars` answer, the Moment (the art's record names it)."""
    render_pillars(moment, console, lang)
