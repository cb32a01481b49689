"""Ranges on a terminal: one table row per instant, with the fields that matter for the command.

More precisely: `ROWS[command]` is the list of (label key, field) of the command's
row, each field a function of the instant's JSON object (the same object `--json`
writes, so the table and JSON Lines never disagree).  `RangeTable` collects the rows
and prints one table at the end; `--json` keeps JSON Lines.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text

from .labels import labeller

#: The column headers and the count line (`labels.LABELS`, "range:…").
t = labeller("range")

#: Patterns not listed in a row (they hold for every palace of every chart).
_EVERY_CHART = ("氣應", "十干神名")


def _time(d: dict) -> str:
    return d["input"]["local"].replace("T", " ")[:16]


def _pillars(d: dict) -> str:
    p = d["pillars"]
    return f"{p['year']} {p['month']} {p['day']} {p['hour']}"


def _patterns(d: dict) -> Text:
    text = Text()
    seen: list[str] = []
    for p in d["patterns"]:
        if p["name"] in _EVERY_CHART or p["name"] in seen:
            continue
        seen.append(p["name"])
        style = {"吉": "green", "凶": "red"}.get(p.get("verdict") or "", "")
        mark = {"吉": "+", "凶": "−"}.get(p.get("verdict") or "", "")
        text.append(("" if len(seen) == 1 else " ") + p["name"] + mark, style=style)
    return text


def _xun(d: dict) -> str:
    x = d["xun"]
    return f"{x['day']['xun_shou']}{''.join(x['day']['kong_wang'])} / {x['hour']['xun_shou']}{''.join(x['hour']['kong_wang'])}"


def _lunar(d: dict) -> str:
    lu = d.get("lunar")
    if not lu:
        return ""
    return f"{'閏' if lu['leap'] else ''}{lu['month']}月{lu['day']}日"


def _si_men(d: dict) -> str:
    sm = d.get("si_men") or {}
    if isinstance(sm, dict):
        return " ".join(f"{g}{b}" for g, b in sm.items())
    return " ".join(f"{x.get('general', '')}{x.get('earth', '')}" for x in sm if isinstance(x, dict))


def _chu_jun(d: dict) -> str:
    c = d["chu_jun"]
    bad = c.get("avoid") or []
    return "忌 " + " ".join(map(str, bad)) if bad else ("吉日" if c.get("in_ji_ri") else "—")


def _yue_jiang(d: dict) -> str:
    return f"{d['yue_jiang']['name']}{d['yue_jiang']['branch']}"


#: command → [(label key, field)]
ROWS: dict[str, list[tuple[str, Callable[[dict], object]]]] = {
    "cast": [
        ("time", _time),
        ("pillars", _pillars),
        ("ju", lambda d: f"{d['dun']}遁{d['ju']}局 {d['yuan']}元"),
        ("zhi_fu", lambda d: f"{d['zhi_fu']['star']}{d['zhi_fu']['palace']}"),
        ("zhi_shi", lambda d: f"{d['zhi_shi']['door']}{d['zhi_shi']['palace']}"),
        ("patterns", _patterns),
    ],
    "pillars": [
        ("time", _time),
        ("pillars", _pillars),
        ("term", lambda d: d["solar_term"]["name"]),
        ("xun", _xun),
        ("lunar", _lunar),
    ],
    "noble": [
        ("time", _time),
        ("pillars", _pillars),
        ("yue_jiang", _yue_jiang),
        ("noble", lambda d: f"{d['noble']['kind']} {d['noble']['branch']}"),
        ("si_men", _si_men),
    ],
    "twelve-gods": [
        ("time", _time),
        ("pillars", _pillars),
        ("yue_jiang", _yue_jiang),
        ("month_jian", lambda d: d["month_jian"]["branch"]),
        ("jianchu", lambda d: d["jianchu"]["officer"]),
        ("tian_men", lambda d: " ".join(f"{g}{b}" for g, b in d["directions"]["tian_men"].items())),
    ],
    "gucu": [
        ("time", _time),
        ("pillars", _pillars),
        ("gu_xu", lambda d: f"{d['gu_xu']['hour']['gu']}{d['gu_xu']['hour']['xu']} / {d['gu_xu']['day']['gu']}{d['gu_xu']['day']['xu']}"),
        ("tian_gang", lambda d: d["tian_gang"]["branch"]),
        ("mansion", lambda d: d["mansion"]["name"]),
        ("chu_jun", _chu_jun),
    ],
    "liuren": [
        ("time", _time),
        ("pillars", _pillars),
        ("yue_jiang", lambda d: f"{d['yue_jiang_name']}{d['yue_jiang']}"),
        ("lessons", lambda d: " ".join(d["labels"])),
        ("chuan", lambda d: "".join(d["transmissions"]) + "  " + " ".join(d["transmission_names"])),
        ("lead", lambda d: f"{d['lead']['general']} {d['lead']['verdict'] or ''}".strip()),
    ],
}

#: Fields of a command without its own row: time and pillars.
DEFAULT_ROW = ROWS["pillars"][:2]


class RangeTable:
    """The rows of one range; `print` draws them as one table."""

    def __init__(self, command: str, lang: str):
        self.command = command
        self.lang = lang
        self.fields = ROWS.get(command, DEFAULT_ROW)
        self.rows: list[list] = []

    def add(self, data) -> None:
        """One instant's row from its JSON object (a dict, or its text as some writers give it)."""
        if isinstance(data, (str, bytes)):
            import json

            data = json.loads(data)
        row = []
        for _key, field in self.fields:
            try:
                value = field(data)
            except (KeyError, TypeError, IndexError):
                value = ""
            row.append(value if isinstance(value, Text) else Text(str(value)))
        self.rows.append(row)

    def table(self) -> Table:
        table = Table(caption=t("count", self.lang).format(n=len(self.rows)), caption_justify="left")
        for key, _field in self.fields:
            table.add_column(t(key, self.lang), overflow="fold")
        for row in self.rows:
            table.add_row(*row)
        return table

    def print(self, console) -> None:
        console.print(self.table())
