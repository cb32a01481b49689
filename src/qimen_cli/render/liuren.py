"""Rich view of `qimen liuren`: the plate as a ring of twelve, the 四課 in four columns, the 三傳."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .board import RING_ROWS
from .labels import clock_name, labeller

lab = labeller("liuren")


def _cell(data: dict, earth: str) -> Text:
    heaven = data["heaven_plate"][earth]
    text = Text(justify="center")
    generals = data.get("generals")
    text.append((generals or {}).get(heaven, "") + "\n", style="cyan")
    style = "bold red" if heaven in data["transmissions"] else "bold"
    text.append(heaven + "\n", style=style)
    text.append(earth, style="dim")
    return text


def plate_table(data: dict, lang: str) -> Table:
    """The heaven branches (with their 天將) over the twelve fixed earth positions."""
    board = Table(show_header=False, show_lines=True, title=lab("plate", lang), padding=(0, 1))
    for _ in range(4):
        board.add_column(justify="center", min_width=6)
    centre = {
        (1, 1): f"{lab('yue_jiang', lang)}\n{data['yue_jiang_name']}",
        (1, 2): f"{data['yue_jiang']}\n↓\n{data['hour']}",
        (2, 1): f"{lab('day', lang)}\n{data['day']}",
        (2, 2): f"{lab('rule', lang)}\n{data['rule']}",
    }
    for i, row in enumerate(RING_ROWS):
        cells = []
        for j, earth in enumerate(row):
            if earth is not None:
                cells.append(_cell(data, earth))
            else:
                cells.append(Text(centre[(i, j)], style="dim", justify="center"))
        board.add_row(*cells)
    return board


def lessons_table(data: dict, lang: str) -> Table:
    """The 四課 as the traditional four columns, the first lesson on the right."""
    from ..liuren.lessons import LESSON_NAMES

    table = Table(title=lab("lessons", lang), show_lines=False)
    order = (3, 2, 1, 0)
    for i in order:
        table.add_column(lab(LESSON_NAMES[i], lang), justify="center")
    generals = data.get("generals") or {}
    table.add_row(*(Text(generals.get(data["lessons"][i][0], ""), style="cyan") for i in order))
    table.add_row(*(Text(data["lessons"][i][0], style="bold") for i in order))
    table.add_row(*(data["lessons"][i][1] for i in order))
    table.add_row(*(Text(data["lesson_relations"][i] or "", style="red") for i in order))
    return table


def transmissions_table(data: dict, lang: str) -> Table:
    table = Table(title=lab("transmissions", lang), show_header=False)
    for _ in range(5):
        table.add_column()
    generals = data.get("transmission_generals") or ("", "", "")
    for key, branch, name, general, void in zip(("first", "middle", "last"), data["transmissions"],
                                                 data["transmission_names"], generals, data["transmission_kong"], strict=False):
        table.add_row(lab(key, lang), Text(branch, style="bold"), name, Text(general, style="cyan"),
                      Text(lab("void", lang), style="magenta") if void else "")
    return table


def info_grid(data: dict, lang: str) -> Table:
    info = Table.grid(padding=(0, 2))
    if "zhong_qi" in data:
        info.add_row(lab("zhong_qi", lang), f"{data['zhong_qi']['name']}  {data['zhong_qi']['utc']}")
    info.add_row(lab("yue_jiang", lang), f"{data['yue_jiang_name']} {data['yue_jiang']}")
    info.add_row(lab("rule", lang), data["rule"])
    info.add_row(lab("labels", lang), " ".join(data["labels"]))
    info.add_row(lab("detail", lang), data["detail"])
    info.add_row(lab("source", lang), data["source"])
    info.add_row(lab("kong_wang", lang), "".join(data["kong_wang"]))
    noble = data.get("noble")
    if noble:
        info.add_row(lab("noble", lang), f"{noble['branch']} / {noble['earth']}  {noble['basis']} {noble['direction']}"
                     f"  ({noble['rule']}: {noble.get('table', '')}; {noble['source']})")
        daylight = data.get("daylight")
        if daylight:
            where = ""
            if daylight["by"] == "sun":
                where = f" {daylight['lat']}, {daylight['lon']}"
                span = [(daylight[k] or "")[5:16].replace("T", " ") or "…" for k in ("last_change", "next_change")]
                where += f"; {span[0]} → {span[1]} UTC"
            info.add_row(lab("daylight", lang), f"{daylight['day']}  ({daylight['by']}{where})")
        lead = data["lead"]
        info.add_row(lab("lead", lang), f"{lead['general']} {lead['verdict']}：{lead['reading']}")
    else:
        info.add_row(lab("general", lang), lab("no_generals", lang))
    return info


def render_liuren(lesson, data: dict, console, lang: str) -> None:
    """Draw the lesson; `data` is its JSON form (with the Moment's keys when cast from a date)."""
    head = f"{lab('title', lang)}  {lab('day', lang)} {data['day']}  {lab('hour', lang)} {data['hour']}"
    if "instant_utc" in data:
        head += f"  {data['input']['local']}  ({data['input']['tz']}, {clock_name(data['input']['clock'], lang)})"
    console.print(Text(head, style="bold"))
    console.print(Group(plate_table(data, lang), lessons_table(data, lang), transmissions_table(data, lang),
                        info_grid(data, lang)))
