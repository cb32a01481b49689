"""Rich view of `qimen pillars`."""

from __future__ import annotations

from rich.table import Table

from .labels import clock_name, label


def lunar_text(lunar: dict, lang: str) -> str:
    leap = label("leap", lang) if lunar["leap"] else ""
    return f"{lunar['year']}年 {leap}{lunar['month']}月 {lunar['day']}日 ({lunar['zone']})"


def render_pillars(m, data: dict, console, lang: str) -> None:
    grid = Table(title=f"{label('pillars', lang)}  {data['input']['local']}  ({m.tz}, {clock_name(m.clock, lang)})", show_lines=False)
    for key in ("hour", "day", "month", "year"):
        grid.add_column(label(key, lang), justify="center")
    p = data["pillars"]
    grid.add_row(p["hour"], p["day"], p["month"], p["year"])
    console.print(grid)
    info = Table.grid(padding=(0, 2))
    info.add_row(label("instant", lang), data["instant_utc"])
    info.add_row(label("solar_term", lang), f"{data['solar_term']['name']}  {data['solar_term']['utc']}")
    info.add_row(label("next_term", lang), f"{data['next_term']['name']}  {data['next_term']['utc']}")
    for key in ("day", "hour"):
        x = data["xun"][key]
        info.add_row(label(f"{key}_xun", lang), f"{x['xun_shou']}旬  {label('kong_wang', lang)} {''.join(x['kong_wang'])}")
    if "lunar" in data:
        info.add_row(label("lunar", lang), lunar_text(data["lunar"], lang))
    console.print(info)
