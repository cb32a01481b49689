"""Rich view of `qimen gucu`.

More precisely (the JSON is written by render/json_gucu.py): `render_gucu` draws the 24-mountain ring south up
(east on the left, as the texts' boards are drawn) with every direction of the
report marked — keep behind (背), strike or face (擊/向), shun (避), the rest
(運籌, 閉戊, 天罡, 五音) as places — then the day's 出軍 checks, 天罡's readings,
the mansion and 三九, 運籌, 閉戊, 安營 and the 出軍 route as tables.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..calendar.compass import MOUNTAINS as RING24
from ..calendar.compass import point_index
from ..gucu.anying import ROLES
from ..gucu.report import RING_MARKS
from ..words import lang as language
from .explain import word_note
from .glossary import gloss, gloss_all, said
from .jsonout import local_iso
from .labels import clock_name, labeller
from .legend import ByColour, legend_lines

STYLE = {"back": "bold blue", "strike": "bold green", "shun": "bold red", "other": "cyan"}


label = labeller("gucu")


# --- the ring ------------------------------------------------------------------------


def _ring_cells() -> dict[int, tuple[int, int]]:
    """Point index → (row, col) on a 7 × 7 border, south up: 子 bottom middle, 卯 left, 午 top, 酉 right."""
    cells = {}
    for i in range(4):                      # 子 癸 丑 艮 along the bottom, leftwards
        cells[i] = (6, 3 - i)
    for i in range(4, 10):                  # 寅 … 巽 up the left side
        cells[i] = (9 - i, 0)
    for i in range(10, 16):                 # 巳 … 坤 along the top, rightwards
        cells[i] = (0, i - 9)
    for i in range(16, 22):                 # 申 … 乾 down the right side
        cells[i] = (i - 15, 6)
    for i in range(22, 24):                 # 亥 壬 along the bottom, leftwards
        cells[i] = (6, 27 - i)
    return cells


RING_CELLS = _ring_cells()


def ring_marks(report) -> dict[int, list[tuple[str, str]]]:
    """Point index → [(tag, kind)] for every direction of the report (`gucu/report.RING_MARKS`),
    the chosen 孤虛 pair's tags starred."""
    marks: dict[int, list[tuple[str, str]]] = {}
    chosen = report.gu_xu.chosen
    for path, tag, kind in RING_MARKS:
        value = report
        for key in path:
            value = getattr(value, key) if value is not None else None
        for name in value if isinstance(value, tuple) else (value,):
            if name:
                star = "*" if path[:2] == ("gu_xu", chosen) else ""     # the 孤虛 pair in use
                marks.setdefault(point_index(name), []).append((tag + star, kind))
    return marks


#: Narrowest ring cell (遊天門, 天罡亥 are six columns) and the narrowest board: 7 cells, 8 rules.
RING_CELL = 7
RING_MIN_WIDTH = 7 * RING_CELL + 8


#: The kinds of the ring's marks in the legend's order, and the styles of the legend's colour words
#: ("gucu:colour_words"), in the same order.
KINDS = ("back", "strike", "shun", "other")
COLOUR_STYLES = tuple(STYLE[kind] for kind in KINDS)


def ring_legend(report, lang: str, colour: bool = True) -> Text:
    """The key to the ring: the names of each kind of mark on it (背, 擊/向, 避, the rest), so that
    a mark's kind is told by its name as well as by its colour; for a reader who does not read the
    characters (en: `Lang.reads_characters`) each name with its reading, the cells being too narrow
    for them; `*` the 孤虛 pair in use; then (with `colour`) the colours that repeat the kinds."""
    bare = language(lang).reads_characters
    shown = {tag for tags in ring_marks(report).values() for tag, _kind in tags}
    starred = any(tag.endswith("*") for tag in shown)
    shown = {tag.rstrip("*") for tag in shown}
    kinds: dict[str, dict[str, None]] = {kind: {} for kind in KINDS}
    for _path, tag, kind in RING_MARKS:  # in the order of the report's rules
        if tag in shown:
            kinds[kind][tag] = None
    parts = [f"{label(kind, lang)}: " + (" " if bare else ", ").join(n if bare else gloss(n, lang) for n in names)
             for kind, names in kinds.items() if names]
    words = " · ".join(parts) + (f" · * {label('chosen_pair', lang)}" if starred else "")
    return legend_lines(words, label("colours", lang) if colour else None, label("colour_words", lang), COLOUR_STYLES)


def _ring_list(report, lang: str) -> Table:
    """The 24 points as a list, 子 first, for terminals too narrow for the ring."""
    t = Table(title=label("ring", lang), show_header=False, box=None, padding=(0, 1))
    t.add_column(style="bold")
    t.add_column()
    marks = ring_marks(report)
    for point, name in enumerate(RING24):
        tags = Text()
        for i, (tag, kind) in enumerate(marks.get(point, ())):
            tags.append(("" if i == 0 else " ") + tag, style=STYLE[kind])
        t.add_row(name, tags)
    return t


def _ring(report, lang: str) -> Table:
    board = Table(show_header=False, show_lines=True, padding=(0, 0), title=label("ring", lang))
    for _ in range(7):
        board.add_column(justify="center", min_width=RING_CELL, max_width=10)
    cells = [[Text("") for _ in range(7)] for _ in range(7)]
    marks = ring_marks(report)
    for point, (r, c) in RING_CELLS.items():
        cell = Text(RING24[point], style="bold")
        for tag, kind in marks.get(point, ()):
            cell.append("\n" + tag, style=STYLE[kind])
        cells[r][c] = cell
    cells[1][3] = Text("南", style="dim")
    cells[5][3] = Text("北", style="dim")
    cells[3][1] = Text("東", style="dim")
    cells[3][5] = Text("西", style="dim")
    cells[2][3] = Text(f"{report.day}日\n{report.hour}時", style="bold")
    m = report.mansion
    cells[3][3] = Text(f"{m.name}宿\n{m.yuan}")
    cells[4][3] = Text(f"天罡{report.tian_gang.branch}")
    for row in cells:
        board.add_row(*row)
    return board


# --- tables ------------------------------------------------------------------------


def month_day(month: int, day: int, lang: str) -> str:
    """A month and day of the month as the language writes them: 1月 25日, 1월 25일, month 1, day 25."""
    return label("month_day", lang).format(month=month, day=day)


def _names(pairs, lang: str, joiner: str = " ") -> str:
    """(name, value) pairs as the views print them: 大將子 旗鼓丑 …; for a reader who does not read
    the characters (en) each name with its reading: 大將 Dajiang "Commanding general" 子; …"""
    if language(lang).reads_characters:
        return joiner.join(f"{name}{value}" for name, value in pairs)
    return "; ".join(f"{gloss(name, lang)} {value.strip()}" for name, value in pairs)


def _header(m, report, lang: str) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_row(Text(label("title", lang), style="bold"), f"{local_iso(m.local)}  ({m.tz}, {clock_name(m.clock.value, lang)})")
    p = m.pillars.names()
    grid.add_row(label("pillars", lang), f"{p['year']} {p['month']} {p['day']} {p['hour']}   {report.xun}旬")
    md = report.month_day
    basis = label("lunar_basis" if md.basis == "lunar" else "jie_basis", lang)
    leap = "閏" if md.leap else ""
    grid.add_row(label("basis", lang), f"{leap}{month_day(md.month, md.day, lang)}  ({basis})")
    if report.lunar is not None and md.basis != "lunar":
        lu = report.lunar
        grid.add_row(label("lunar", lang), f"{'閏' if lu.leap else ''}{month_day(lu.month, lu.day, lang)}")
    return grid


def _directions_table(report, lang: str) -> Table:
    t = Table(title=label("directions", lang))
    t.add_column(label("rule", lang))
    t.add_column(label("back", lang), style=STYLE["back"])
    t.add_column(label("strike", lang), style=STYLE["strike"])
    t.add_column(label("shun", lang), style=STYLE["shun"])
    t.add_column(label("note", lang))
    g = report.gu_xu
    size = f"{label('size', lang)} {g.size}" if g.size is not None else ""
    for key, name in (("hour", "時孤虛"), ("day", "日孤虛")):
        pair = getattr(g, key)
        note = f"{label('chosen', lang)} ({size})" if g.chosen == key else ""
        t.add_row(gloss(name, lang), pair.gu, pair.xu, "", note)
    t.add_row(gloss("旬孤虛", lang), "".join(g.xun.gu), "".join(g.xun.xu), "", "")
    b = report.bei_jian_xiang_po
    t.add_row(gloss("背建向破", lang), b.jian, b.po, "", "")
    t.add_row(gloss_all("天目 / 地耳", lang), report.tian_mu, report.di_er, "", "")
    t.add_row(gloss_all("虎尾 / 黃幡", lang), report.hu_wei, report.huang_fan, "",
              f"{report.huang_fan_year}年" + (f" {label('extrapolated', lang)} (寅申巳亥)" if report.hu_wei_extrapolated else ""))
    t.add_row(f"{gloss('地兵', lang)} (六丙)", "", "", report.di_bing, "")
    t.add_row(f"{gloss('雷公', lang)} (六庚)", "", "", report.lei_gong, "")
    t.add_row(gloss("遊門", lang), "", f"天門 {report.you_men.tian_men}", f"百死 {report.you_men.bai_si}", "")
    a = report.attack
    day = label("attack_day", lang).format(day=a.day)
    if a.from_:
        t.add_row(day, label("attack_from", lang).format(p=a.from_), label("attack_to", lang).format(p=a.to), "", "")
    else:
        t.add_row(day, "", "", "", word_note(a.reason, lang))
    w = report.wu_yin
    if w is not None:
        t.add_row(f"五音 {w.tone}", _names((("生氣", w.sheng_qi), ("陰", w.yin)), lang, " · "),
                  _names((("死氣", w.si_qi), ("陽", w.yang), ("德", w.de)), lang, " · "),
                  _names((("刑禍", w.xing_huo),), lang), said("以生氣擊死氣，以陰擊陽", lang))
    return t


def _mark(flag: bool | None, lang: str) -> Text:
    if flag is None:
        return Text("—", style="dim")
    return Text(label("yes", lang), style="bold red") if flag else Text(label("no", lang), style="dim")


def _day_checks(report, lang: str) -> Table:
    c = report.chu_jun
    t = Table(title=f"{label('day_checks', lang)}  {month_day(c.month, c.day, lang)} {c.ganzhi}")
    for key in ("check", "result", "note"):
        t.add_column(label(key, lang), overflow="fold")
    listed = " ".join(c.ji_ri) if c.ji_ri else "—"
    if c.in_ji_ri is None:
        ji = Text("—", style="dim")
    else:
        ji = Text(label("yes", lang), style="bold green") if c.in_ji_ri else Text(label("no", lang), style="dim")
    t.add_row(gloss("吉日", lang), ji, f"{listed}" + (f"  ({c.remark})" if c.remark else ""))
    t.add_row(gloss("往亡", lang), _mark(c.wang_wang, lang), month_day(c.month, c.wang_wang_day, lang))
    t.add_row(gloss("六窮", lang), _mark(c.liu_qiong, lang), said("初九、十九、二十八", lang))
    t.add_row(gloss("軍忌", lang), _mark(c.jun_ji, lang), said("十日、二十、三十日", lang))
    t.add_row(gloss("天乙絕氣", lang), _mark(c.tian_yi_jue_qi, lang), Text(word_note(c.tian_yi_note, lang), style="dim"))
    verdict = "、".join(c.avoid) if c.avoid else "—"
    t.add_row(Text(gloss("不可出軍", lang), style="bold"), Text(verdict, style="bold red" if c.avoid else "dim"), "")
    return t


#: The rows of 天罡's table: the reading's field and its label ("gucu:tg_FIELD": 神, 天地, 占戰鬥 …).
TIAN_GANG_ROWS = ("shen", "tian_di", "battle", "enemy_out", "enemy_retreat", "worry", "hide")


def _tian_gang(report, lang: str) -> Table:
    """天罡's place and 004's readings of it, each in the text's words; for a reader who does not read
    the characters (en) with its English below (`glossary.said`)."""
    tg = report.tian_gang
    r = tg.readings
    group = tg.group if language(lang).reads_characters else gloss(tg.group, lang)
    t = Table(title=f"{label('tian_gang', lang)}: {tg.branch} ({group})   {label('yue_jiang_is', lang).format(b=tg.yue_jiang)}",
              show_header=False)
    t.add_column()
    t.add_column()
    for field in TIAN_GANG_ROWS:
        value = getattr(r, field)
        if value:
            t.add_row(label("tg_" + field, lang), said(value, lang))
    if report.tian_gang_gate is not None:  # --tian-men
        from .liuren import gate_line

        t.add_row(label("tian_gang_gate", lang), gate_line(report.tian_gang_gate, lang))
    return t


def _mansion(report, lang: str) -> Table:
    m = report.mansion
    t = Table(title=label("mansion", lang), show_header=False)
    t.add_column()
    t.add_column(overflow="fold")
    t.add_row(label("xiu", lang), f"{m.name}  {m.yao}  {m.yuan}甲子")
    s = report.san_jiu
    if s is not None:
        t.add_row(label("san_jiu", lang), f"{s.born_month}月{s.born_day}日生 → 命宿 {s.ming_xiu}；{s.mansion} = {s.label or '—'}")
        t.add_row("", s.reading or "—")
        t.add_row("", Text(s.note, style="dim"))
    return t


def _yun_chou(report, lang: str) -> Table:
    y = report.yun_chou
    t = Table(title=f"{label('yun_chou', lang)}  {y.day_branch}日  玉女{y.yu_nu}  天門{y.tian_men}  地戶{y.di_hu}  "
                    f"開{y.kai or '—'}  閉{y.bi or '—'}")
    for key in ("stand", "verse", "target", "spirit", "picked_up", "formed"):
        t.add_column(label(key, lang))
    for s in y.steps:
        t.add_row(s.stand, s.verse, s.target, s.spirit, s.picked_up or "", s.formed or "")
    t.caption = f"出天門{y.route.out} → 入地戶{y.route.enter} → 乘玉女{y.route.leave}而去"
    return t


def _camp(report, lang: str) -> Table:
    t = Table(show_header=False, title=f"{label('bi_wu', lang)} · {label('an_ying', lang)}")
    t.add_column()
    t.add_column(overflow="fold")
    b = report.bi_wu
    t.add_row(label("bi_wu", lang), f"{b.xun}旬 戊在{b.wu}；{b.steps}步 取土{b.soil}；從{b.draw_from}畫地；"
              f"{'→'.join(b.order)}；刀埋{b.knife}")
    a = report.an_ying
    t.add_row(label("an_ying", lang), _names([(name, getattr(a, key)) for key, name, _stem in ROLES], lang)
              + f"  (空 {''.join(a.kong)})")
    c = report.camp
    if c is not None:
        t.add_row(label("camp", lang), f"{c.men}人 × 六尺 = {c.chi}尺 → {c.bu}步 ({label('camp_six', lang)})")
    r = report.chu_jun_route
    if r is not None:
        legs = [("出天門", r.chu_tian_men), ("入地戶", r.ru_di_hu), ("過太陰", r.guo_tai_yin),
                ("居青龍甲", r.ju_qing_long)]
        pairs = [(name, f"{'(' + leg.stem + ')' if name.endswith('甲') else leg.stem} {leg.palace}宮{leg.direction}")
                 for name, leg in legs]
        pairs.append(("擊其沖", f" {r.ji.palace}宮{r.ji.direction}" if r.ji else " —"))
        text = _names(pairs, lang, "  ")
        t.add_row(label("route", lang), text)
    return t


def render_gucu(m, report, console, lang: str) -> None:
    console.print(_header(m, report, lang))
    console.print(_ring(report, lang) if console.width >= RING_MIN_WIDTH else _ring_list(report, lang))
    console.print(ByColour(lambda colour: ring_legend(report, lang, colour)))
    console.print(_directions_table(report, lang))
    console.print(_day_checks(report, lang))
    console.print(_tian_gang(report, lang))
    console.print(_mansion(report, lang))
    console.print(_yun_chou(report, lang))
    console.print(_camp(report, lang))


def draw(raw, console, lang: str = "zh", explain: bool = False) -> None:
    """The view of one `gucu` answer, (moment, report) (the art's record names it)."""
    render_gucu(raw[0], raw[1], console, lang)
