"""Rich view of `qimen cast`: the nine palaces south up, a header, the patterns.

Colour is never the only sign: 吉 and 凶 are told by a word after each star and door, the 三奇 by
〔奇〕, in colour as without it (NO_COLOR, a pipe, a colour-blind reader lose nothing); the colours
repeat the words, and the legend says both (its colour line only where there is colour).
`--lang` changes labels only; values stay in traditional characters.
"""

from __future__ import annotations

from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..calendar.compass import PALACE_NAMES
from ..calendar.ganzhi import BRANCHES
from ..qimen.names import JI_DOORS, SAN_QI
from ..qimen.plates import EXTENSIONS, GRID, SCHOOLS
from .glossary import gloss, named
from .instants import term_cell
from .jsonout import local_iso, utc_iso
from .labels import clock_name, labeller
from .legend import ByColour, colour_line

#: Patterns drawn per palace below the main list rather than among it.
PER_PALACE = ("氣應", "十干神名")

VERDICT_STYLE = {"吉": ("good", "bold green"), "凶": ("bad", "bold red"), "": ("neutral", "")}

#: 吉/凶 of the doors: the 三吉門 (> 三奇得使者，謂得三吉門 … 凡開、休、生, 003_fd1aa30e5b7f2d13.txt)
#: 吉; 死驚傷 凶, 杜景 left even.  Open question: the seeds name only the three 吉門; 凶 for
#: 死驚傷 and "even" for 杜景 are the common almanac reading.
DOOR_VERDICT = {**dict.fromkeys(JI_DOORS, "吉"), "死門": "凶", "驚門": "凶", "傷門": "凶", "杜門": "", "景門": ""}
#: 吉/凶 of the stars.  Open question: not in the seeds; the common reading (輔禽心 大吉,
#: 任沖 小吉, 蓬芮 大凶, 英柱 小凶) is used for colour only, never for a pattern.
STAR_VERDICT = {"天輔": "吉", "天禽": "吉", "天心": "吉", "天任": "吉", "天沖": "吉",
                "天蓬": "凶", "天芮": "凶", "天英": "凶", "天柱": "凶"}
#: The 三奇 among the stems: yellow and underlined, the other stems in the plain colour, so that
#: a wonder is told by its colour and by its line, not by bold (which many terminals do not
#: brighten); each is followed by 〔奇〕 (`QI_MARK`, `_stems`), in colour too.  The legend names both.
QI_STYLE = "yellow underline"
QI_MARK = "〔奇〕"
STEM_STYLE = ""
GOD_STYLE = "magenta"
#: The styles the legend's colour words (label cast:colour_words) are drawn in, in their order.
COLOUR_STYLES = (GOD_STYLE, VERDICT_STYLE["吉"][1], VERDICT_STYLE["凶"][1], QI_STYLE)
#: The mark of what the texts do not give (`plates.EXTENSIONS`), explained by the legend's last line.
EXTENSION_MARK = "*"
#: Layout → the names of its extensions (八神, 驛馬, 空亡, 飛盤八門).
EXTENSION_NAMES = {layout: frozenset(name for name, _fields, _ref in rows) for layout, rows in EXTENSIONS.items()}


t = labeller("cast")


def _stems(text: Text, stems) -> None:
    """The stems of a plate, each wonder yellow, underlined and marked (`QI_MARK`)."""
    for s in stems:
        if s in SAN_QI:
            text.append(s, style=QI_STYLE)
            text.append(QI_MARK)
        else:
            text.append(s, style=STEM_STYLE)


def _verdict_word(text: Text, verdict: str) -> None:
    """吉 or 凶 after a star or door, in its colour (nothing for an even one)."""
    if verdict:
        text.append(" " + verdict, style=VERDICT_STYLE[verdict][1])


def _cell(chart, p: int, lang: str) -> Text:
    plate = chart.plate
    cell = plate.palaces[p]
    text = Text()
    ext = EXTENSION_NAMES[chart.layout]
    # 神
    text.append(named(cell.god, lang) if cell.god else "—", style=GOD_STYLE)
    if cell.god and "八神" in ext:
        text.append(EXTENSION_MARK)
    text.append("\n")
    # 星
    if cell.stars:
        for i, star in enumerate(cell.stars):
            v = STAR_VERDICT.get(star, "")
            text.append(("" if i == 0 else " ") + named(star, lang), style=VERDICT_STYLE[v][1] or "cyan")
            _verdict_word(text, v)
    else:
        text.append("—")
    text.append("\n")
    # 天盤
    if cell.heaven_stems:
        _stems(text, cell.heaven_stems)
    else:
        text.append("—")
    text.append("\n")
    # 門
    if cell.door:
        v = DOOR_VERDICT.get(cell.door, "")
        text.append(named(cell.door, lang), style=VERDICT_STYLE[v][1])
        if "飛盤八門" in ext and p != plate.zhi_shi_palace:   # the 直使 itself is the text's
            text.append(EXTENSION_MARK)
        _verdict_word(text, v)
    else:
        text.append("—")
    text.append("\n")
    # 地盤
    _stems(text, cell.earth_stems)
    text.append("\n")
    text.append(f"{PALACE_NAMES[p]}{p}", style="dim")
    marks = []
    if p in chart.kong_wang_palaces:
        marks.append("〔空〕")
    if p == chart.yi_ma_palace:
        marks.append("〔馬〕")
    if p == plate.zhi_fu_palace:
        marks.append("〔符〕")
    if p == plate.zhi_shi_palace:
        marks.append("〔使〕")
    if marks:
        text.append(" ")
        text.append("".join(marks), style="bold")
    return text


def variants(chart) -> tuple[str, ...]:
    """The variants beyond the texts the header marks with `EXTENSION_MARK` (--lodge kun,
    --qin apart, --method maoshan), each the key of its legend line ("cast:extension_KEY")."""
    return tuple(key for key, on in (("lodge_kun", chart.lodge == "kun"), ("qin_apart", chart.qin == "apart"),
                                     ("maoshan", chart.method == "maoshan")) if on)


def legend(lang: str, colour: bool = True, layout: str | None = None, extensions: tuple[str, ...] = ()) -> Text:
    """The key to the grid: the five lines of a cell, the marks, the words after the stars, doors
    and wonders, the colours that repeat them (with `colour` only: a plain terminal has none);
    with `layout`, what `EXTENSION_MARK` marks; a line for each of `extensions` (`variants`)."""
    text = Text()
    text.append(t("legend", lang) + ": ", style="bold")
    text.append(t("cell", lang) + "\n")
    text.append(t("marks", lang) + "\n")
    text.append(t("words", lang) + "\n")
    if colour:
        line = colour_line(t("colours", lang), t("colour_words", lang), COLOUR_STYLES)
        line.highlight_words(["".join(SAN_QI)], QI_STYLE)  # 乙丙丁 as the grid draws them
        text.append_text(line)
        text.append("\n")
    text.append(t("verdicts", lang), style="dim")
    if layout is not None:
        text.append("\n" + t("extensions_" + layout, lang), style="dim")
    for key in extensions:
        text.append("\n" + t("extension_" + key, lang), style="dim")
    return text


#: The lines of a palace's cell, one layer each: 神, 星, 天盤, 門, 地盤, the palace and its marks.
LAYERS = 6


def grid(chart, lang: str) -> Table:
    """The nine palaces, south up: each row of palaces is one table row per layer (`LAYERS`), so a
    layer that wraps in one palace pushes the same layer down in its neighbours and reading
    across a line always reads one layer; rules only between the rows of palaces."""
    table = Table(show_header=False, show_lines=False, padding=(0, 1), expand=False)
    for _ in range(3):
        table.add_column(min_width=12, overflow="fold")
    for row in GRID:
        layers = [_cell(chart, p, lang).split("\n") for p in row]
        for k in range(LAYERS):
            table.add_row(*(cell[k] for cell in layers), end_section=k == LAYERS - 1)
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
    info.add_row(t("clock", lang), f"{local_iso(m.local)}  ({m.tz}, {clock_name(m.clock.value, lang)})")
    info.add_row("UTC", utc_iso(m.instant_utc))
    table.add_row(Text(t("term", lang)), term_cell(ju.solar_term.name, ju.solar_term.ts, m.civil.tzinfo))
    status = ""
    if chart.method == "zhirun" and chart.scope == "hour":
        days = ju.yuan_days
        status = f"  {gloss(ju.yuan_status, lang)}" + (" " + t("days", lang).format(n=abs(days)) if days else "")
    drawn = gloss(SCHOOLS[chart.plate.layout], lang)
    if chart.lodge != "kungen":  # --lodge kun: the 轉盤 with the lodge named, marked beyond the texts
        drawn = f"{gloss(SCHOOLS[chart.layout], lang)} {t('lodge_' + chart.lodge, lang)} {EXTENSION_MARK}"
    if chart.qin != "with":  # --qin apart: 天禽 drawn in 中五, marked beyond the texts
        drawn += f", {t('qin_' + chart.qin, lang)} {EXTENSION_MARK}"
    method = t('method_' + chart.method, lang) + (f" {EXTENSION_MARK}" if chart.method == "maoshan" else "")
    if chart.scope != "hour":  # 年家 月家 日家 (beyond the texts): the scope, its reading and source
        scope_rows(info, chart, drawn, lang)
    else:
        info.add_row(
            t("ju", lang),
            f"{ju.dun}遁{ju.ju}局 {ju.yuan}元  ({t('ju_term', lang)} {ju.ju_term}){status}  [{method}, {drawn}]",
        )
        info.add_row(t("fu_tou", lang), ju.fu_tou + (f"  ({ju.block_start.isoformat()})" if ju.block_start else ""))
    info.add_row(t("xun", lang), f"{plate.xun_shou} ({plate.xun_yi})")
    info.add_row(t("zhi_fu", lang), f"{gloss(plate.zhi_fu, lang)} → {PALACE_NAMES[plate.zhi_fu_palace]}{plate.zhi_fu_palace}")
    info.add_row(t("zhi_shi", lang), f"{gloss(plate.zhi_shi, lang)} → {PALACE_NAMES[plate.zhi_shi_palace]}{plate.zhi_shi_palace}")
    ext = EXTENSION_NAMES[chart.layout]
    info.add_row(t("kong_wang", lang), "".join(BRANCHES[b] for b in chart.kong_wang) + f"  ({', '.join(map(str, chart.kong_wang_palaces))})"
                 + (" " + EXTENSION_MARK if "空亡" in ext else ""))
    info.add_row(t("yi_ma", lang), f"{BRANCHES[chart.yi_ma]}  ({chart.yi_ma_palace})" + (" " + EXTENSION_MARK if "驛馬" in ext else ""))
    return table


def scope_rows(info, chart, drawn: str, lang: str) -> None:
    """The header rows of a 年家, 月家 or 日家 chart (`cast --scope`): the scope and its pillar,
    the 局 with the scope named, the 元's head, the reading taken and its source (beyond the texts)."""
    from ..qimen.scope import SCOPE_NAMES

    ju, scope = chart.ju, chart.scope
    pillar = chart.moment.pillars.names()[scope]
    info.add_row(t("scope", lang), f"{t('scope_' + scope, lang)} {EXTENSION_MARK}  ({t('scope_pillar', lang)} {pillar})")
    term = f"  ({t('ju_term', lang)} {ju.ju_term})" if ju.ju_term else ""
    info.add_row(t("ju", lang), f"{ju.dun}遁{ju.ju}局 {ju.yuan}元{term}  [{SCOPE_NAMES[scope]} {EXTENSION_MARK}, {drawn}]")
    if ju.fu_tou:
        info.add_row(t("scope_head", lang), ju.fu_tou)
    info.add_row(t("scope_reading", lang), t("reading_" + scope, lang))
    info.add_row(t("scope_source", lang), t("source_" + scope, lang))


def patterns_table(chart, lang: str) -> Table:
    table = Table(title=t("patterns", lang), show_header=False, box=None, padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    table.add_column(no_wrap=True)
    table.add_column(style="dim", overflow="fold")
    shown = [p for p in chart.patterns if p.name not in PER_PALACE]
    if not shown:
        table.add_row(t("none", lang), "", "", "")
    for p in shown:
        key, style = VERDICT_STYLE.get(p.verdict, ("neutral", ""))
        word = t(key, lang)
        table.add_row(
            Text(f"[{word}]" if word else "", style=style),
            Text(gloss(p.name, lang), style=style),
            Text(f"{PALACE_NAMES[p.palace]}{p.palace}" if p.palace else ""),
            Text(f"[{t('school:' + p.school, lang)}] {p.detail}" if p.school else p.detail),
        )
    return table


def per_palace_table(chart, lang: str) -> Table:
    table = Table(title=t("per_palace", lang), box=None, padding=(0, 1))
    table.add_column(t("palace", lang))
    for name in PER_PALACE:
        table.add_column(t(name, lang), overflow="fold")
    rows: dict[int, dict[str, str]] = {}
    for p in chart.patterns:
        if p.name in PER_PALACE and p.palace:
            rows.setdefault(p.palace, {})[p.name] = p.detail
    for palace in sorted(rows):
        table.add_row(Text(f"{PALACE_NAMES[palace]}{palace}"), *(Text(rows[palace].get(n, "")) for n in PER_PALACE))
    return table


def render_chart(chart, console, lang: str = "zh", explain: bool = False) -> None:
    from .explain import word_step

    title = t("title" if chart.scope == "hour" else "title_" + chart.scope, lang)
    console.print(Panel(header(chart, lang), title=title, expand=False))
    console.print(grid(chart, lang))
    console.print(ByColour(lambda colour: legend(lang, colour, chart.layout, variants(chart))))
    console.print(patterns_table(chart, lang))
    console.print(per_palace_table(chart, lang))
    if chart.annotations is not None:
        from .annotations import annotations_table

        console.print(annotations_table(chart, lang))
    if explain:
        steps = Text()
        for i, line in enumerate(chart.ju.steps + chart.plate.steps, 1):
            steps.append(("\n" if i > 1 else "") + f"{i:2d}. {word_step(line, lang)}")
        console.print(Panel(steps, title=t("explain", lang), expand=False))
