"""Rich view of `qimen cast`: the nine palaces south up, a header, the patterns.

吉 and 凶 are told apart by colour and by a word, so that NO_COLOR and pipes lose
nothing.  `--lang` changes labels only; values stay in traditional characters.
"""

from __future__ import annotations

from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..calendar.ganzhi import BRANCHES
from ..qimen.plates import GRID, PALACE_NAMES, SCHOOLS
from .jsonout import utc_iso
from .labels import labeller

#: key → (zh, ko, en)
LABELS = {
    "title": ("時家奇門", "시가기문", "Hour Qimen chart"),
    "pillars": ("四柱", "사주", "Pillars"),
    "term": ("節氣", "절기", "Term"),
    "ju_term": ("用局節氣", "국 절기", "Term of the 局"),
    "ju": ("局", "국", "Ju"),
    "fu_tou": ("符頭", "부두", "Fu tou"),
    "xun": ("旬首", "순수", "Xun head"),
    "zhi_fu": ("直符", "직부", "Zhi fu"),
    "zhi_shi": ("直使", "직사", "Zhi shi"),
    "kong": ("空", "공", "void"),
    "ma": ("馬", "마", "horse"),
    "kong_wang": ("空亡", "공망", "Void (空亡)"),
    "yi_ma": ("驛馬", "역마", "Post horse (驛馬)"),
    "patterns": ("格局", "격국", "Patterns"),
    "per_palace": ("各宮", "각 궁", "Per palace"),
    "good": ("吉", "길", "good"),
    "bad": ("凶", "흉", "bad"),
    "neutral": ("", "", ""),
    "method_zhirun": ("置閏(古法)", "치윤(고법)", "zhirun (古法)"),
    "method_chaibu": ("拆補(李氏)", "탁보(이씨)", "chaibu (李氏)"),
    "clock": ("時鐘", "시계", "Clock"),
    "explain": ("推演", "추연", "Derivation"),
    "none": ("無", "없음", "none"),
    "palace": ("宮", "궁", "palace"),
}
#: Patterns drawn per palace below the main list rather than among it.
PER_PALACE = ("氣應", "十干神名")

VERDICT_STYLE = {"吉": ("good", "bold green"), "凶": ("bad", "bold red"), "": ("neutral", "")}


t = labeller(LABELS)


def _cell(chart, p: int, lang: str) -> Text:
    plate = chart.plate
    cell = plate.palaces[p]
    text = Text()
    text.append((cell.god or "—") + "\n", style="magenta")
    stars = "".join(cell.stars) or "—"
    heaven = "".join(cell.heaven_stems)
    text.append(stars, style="cyan")
    text.append(f"  {heaven}\n" if heaven else "\n", style="bold yellow")
    text.append((cell.door or "—") + "\n", style="bold" if p == plate.zhi_shi_palace else "")
    text.append("".join(cell.earth_stems) + "\n", style="yellow")
    text.append(f"{PALACE_NAMES[p]}{p}", style="dim")
    marks = []
    if p in chart.kong_wang_palaces:
        marks.append(t("kong", lang))
    if p == chart.yi_ma_palace:
        marks.append(t("ma", lang))
    if p == plate.zhi_fu_palace:
        marks.append(t("zhi_fu", lang))
    if marks:
        text.append("  " + " ".join(marks), style="bold")
    return text


def grid(chart, lang: str) -> Table:
    table = Table(show_header=False, show_lines=True, padding=(0, 1), expand=False)
    for _ in range(3):
        table.add_column(min_width=14)
    for row in GRID:
        table.add_row(*(_cell(chart, p, lang) for p in row))
    return table


class _Rows:
    """Rows of label and value, both taken as plain text (no rich markup: values hold brackets)."""

    def __init__(self, table: Table):
        self.table = table

    def add_row(self, key: str, value: str) -> None:
        self.table.add_row(Text(key), Text(value))


def header(chart, lang: str) -> Table:
    m, ju, plate = chart.moment, chart.ju, chart.plate
    names = m.pillars.names()
    table = Table.grid(padding=(0, 2))
    info = _Rows(table)
    info.add_row(t("pillars", lang), f"{names['year']}年 {names['month']}月 {names['day']}日 {names['hour']}時")
    info.add_row(t("clock", lang), f"{m.local.replace(microsecond=0).isoformat()}  ({m.tz}, {m.clock})")
    info.add_row("UTC", utc_iso(m.instant_utc))
    info.add_row(t("term", lang), f"{ju.solar_term.name}  {utc_iso(ju.solar_term.ts)}")
    status = ""
    if chart.method == "zhirun":
        days = ju.yuan_days
        status = f"  {ju.yuan_status}" + (f" {abs(days)}日" if days else "")
    info.add_row(
        t("ju", lang),
        f"{ju.dun}遁{ju.ju}局 {ju.yuan}元  ({t('ju_term', lang)} {ju.ju_term}){status}  [{t('method_' + chart.method, lang)}, {SCHOOLS[chart.layout]}]",
    )
    info.add_row(t("fu_tou", lang), ju.fu_tou + (f"  ({ju.block_start.isoformat()})" if ju.block_start else ""))
    info.add_row(t("xun", lang), f"{plate.xun_shou} ({plate.xun_yi})")
    info.add_row(t("zhi_fu", lang), f"{plate.zhi_fu} → {PALACE_NAMES[plate.zhi_fu_palace]}{plate.zhi_fu_palace}")
    info.add_row(t("zhi_shi", lang), f"{plate.zhi_shi} → {PALACE_NAMES[plate.zhi_shi_palace]}{plate.zhi_shi_palace}")
    info.add_row(t("kong_wang", lang), "".join(BRANCHES[b] for b in chart.kong_wang) + f"  ({', '.join(map(str, chart.kong_wang_palaces))})")
    info.add_row(t("yi_ma", lang), f"{BRANCHES[chart.yi_ma]}  ({chart.yi_ma_palace})")
    return table


def patterns_table(chart, lang: str) -> Table:
    table = Table(title=t("patterns", lang), show_header=False, box=None, padding=(0, 1))
    table.add_column()
    table.add_column()
    table.add_column()
    table.add_column(style="dim")
    shown = [p for p in chart.patterns if p.name not in PER_PALACE]
    if not shown:
        table.add_row(t("none", lang), "", "", "")
    for p in shown:
        key, style = VERDICT_STYLE.get(p.verdict, ("neutral", ""))
        word = t(key, lang)
        table.add_row(
            Text(f"[{word}]" if word else "", style=style),
            Text(p.name, style=style),
            Text(f"{PALACE_NAMES[p.palace]}{p.palace}" if p.palace else ""),
            Text(p.detail),
        )
    return table


def per_palace_table(chart, lang: str) -> Table:
    table = Table(title=t("per_palace", lang), box=None, padding=(0, 1))
    table.add_column(t("palace", lang))
    for name in PER_PALACE:
        table.add_column(name)
    rows: dict[int, dict[str, str]] = {}
    for p in chart.patterns:
        if p.name in PER_PALACE and p.palace:
            rows.setdefault(p.palace, {})[p.name] = p.detail
    for palace in sorted(rows):
        table.add_row(Text(f"{PALACE_NAMES[palace]}{palace}"), *(Text(rows[palace].get(n, "")) for n in PER_PALACE))
    return table


def render_chart(chart, console, lang: str = "zh", explain: bool = False) -> None:
    console.print(Panel(header(chart, lang), title=t("title", lang), expand=False))
    console.print(grid(chart, lang))
    console.print(patterns_table(chart, lang))
    console.print(per_palace_table(chart, lang))
    if explain:
        steps = Text()
        for i, line in enumerate(chart.ju.steps + chart.plate.steps, 1):
            steps.append(f"{i:2d}. {line}\n")
        console.print(Panel(steps, title=t("explain", lang), expand=False))
