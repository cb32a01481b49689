"""`qimen chaibu`: rich views of the method comparison and of the 置閏 ledger (JSON: render/json_chaibu.py)."""

from __future__ import annotations

import datetime as _dt

from ..qimen.ju import TEXT_METHODS
from .instants import clock_text, printed
from .labels import clock_name, labeller

STATUS_STYLE = {"正受": "green", "超神": "yellow", "接氣": "cyan", "閏": "bold magenta"}


t = labeller("chaibu")
#: The mark of what the texts do not give (as the cast view marks it: render/grid.EXTENSION_MARK).
EXTENSION_MARK = "*"


# --- rich ------------------------------------------------------------------------------------


def _away(seconds: float, whole: bool = False) -> str:
    """A distance in time, `+4d 11:00:00.0` (`whole`: to the second, `+00:22:47`)."""
    sign = "+" if seconds >= 0 else "−"
    s = abs(seconds)
    d, s = divmod(s, 86400)
    h, s = divmod(s, 3600)
    m, s = divmod(s, 60)
    text = f"{int(d)}d " if d else ""
    return f"{sign}{text}{int(h):02d}:{int(m):02d}:" + (f"{int(round(s)):02d}" if whole else f"{s:04.1f}")


def shown_away(b, moment) -> str:
    """How far the boundary `b` is, as the view prints it: from the instant asked for to the
    boundary's printed instant, both as whole seconds (its first whole second, `Boundary.utc`),
    so that the distance and the two printed times agree (2024-03-05 10:00:00 → 10:22:47 is
    +00:22:47, not the exact +00:22:46.2 of the JSON's seconds_away); the solar-time correction
    is a length, not a line, and is printed as it is."""
    if b.kind == "solar_time":
        return _away(b.seconds_away)
    return _away((b.utc - printed(moment.instant_utc)).total_seconds(), whole=True)


def _status(ju) -> object:
    from rich.text import Text

    if ju.yuan_status is None:
        return Text("—", style="dim")
    return Text(f"{ju.yuan_status} {ju.yuan_days:+d}", style=STATUS_STYLE.get(ju.yuan_status, ""))


def _ju3(ju: tuple) -> str:
    return " ".join(str(x) for x in ju)


def note_text(row, previous, lang: str) -> str:
    """A block's note in `lang`: why a 閏 is inserted (with the block before it, `previous`) or
    used, worded here from the row in every language (chaibu:note_leap, chaibu:note_chao; in en
    the engine's own note, `ledger.BlockRow.note`, word for word), never read back from that
    sentence; a 閏 block without the block before it keeps the engine's note."""
    from ..qimen.ju import LEAP_DAYS

    if row.note is None or (row.status == "閏" and previous is None):
        return row.note or ""
    if row.status == "閏":
        return t("note_leap", lang).format(term=row.term.name, head=previous.head, start=previous.start.isoformat(),
                                           days=previous.days, limit=LEAP_DAYS)
    return t("note_chao", lang).format(term=row.term.name, days=row.days, limit=LEAP_DAYS)


def _block_row(table, label: str, row, zone, current: bool, lang: str = "en", previous=None) -> None:
    """One block as a row of `table` (nothing when `row` is None); `previous` words a 閏's note."""
    if row is not None:
        table.add_row(*_block_cells(row, zone, lang, previous, label, "bold" if current else ""))


def _blocks_table(lang: str, title: str):
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for key in ("", "start", "head", "term", "term_time", "status", "ju3", "note"):
        table.add_column(t(key, lang) if key else "")
    return table


def render_report(moment, report, anchor_ts, console, lang: str = "zh", explain: bool = False) -> None:
    from rich.table import Table
    from rich.text import Text

    from .explain import word_note, word_step

    zone = moment.civil.tzinfo
    kind = t("terms_true", lang) if report.terms == "true" else t("terms_mean", lang)
    if anchor_ts is not None:
        anchor = _dt.datetime.fromtimestamp(anchor_ts, zone).strftime("%Y-%m-%d %H:%M")
        kind += f" ({t('anchor', lang)} {anchor})"
    p = moment.pillars.names()
    console.print(Text(
        f"{t('title', lang)}  {moment.local.strftime('%Y-%m-%d %H:%M')} ({moment.tz}, {clock_name(moment.clock.value, lang)})  "
        f"{p['year']}年 {p['month']}月 {p['day']}日 {p['hour']}時  · {kind} · {t('switch', lang)} {t('switch_' + report.switch, lang)}",
        style="bold",
    ))
    methods = Table(show_header=True)
    for key in ("method", "ju", "yuan", "term_used", "sky", "fu_tou", "status"):
        methods.add_column(t(key, lang))
    for name in report.methods:
        ju = report.methods[name]
        methods.add_row(
            t(name, lang) + (f" {EXTENSION_MARK}" if name not in TEXT_METHODS else ""),
            Text(f"{ju.dun}遁{ju.ju}局", style="bold"),
            f"{ju.yuan}元",
            ju.ju_term,
            ju.solar_term.name,
            ju.fu_tou,
            _status(ju),
        )
    console.print(methods)
    verdict = Text()
    verdict.append(f"[{t('agree', lang)}] " if report.agree else f"[{t('differ', lang)}] ",
                   style="green" if report.agree else "bold red")
    verdict.append(word_note(report.reason, lang))
    if "maoshan" in report.methods:  # the verdict is of 置閏 and 拆補: say where the third row stands
        m = report.methods["maoshan"]
        same = all((m.dun, m.ju) == (j.dun, j.ju) for j in report.methods.values())
        verdict.append("; " + (t("maoshan_same", lang) if same else t("maoshan_gives", lang).format(ju=f"{m.dun}遁{m.ju}局")))
    console.print(verdict)
    if any(name not in TEXT_METHODS for name in report.methods):  # the row's EXTENSION_MARK
        console.print(f"{EXTENSION_MARK} {t('maoshan_note', lang)}", style="dim")
    if explain:
        for name in report.methods:
            console.print(Text(f"{t('steps', lang)} — {t(name, lang)}", style="bold"))
            for i, step in enumerate(report.methods[name].steps, 1):
                console.print(f"  {i}. {word_step(step, lang)}")

    blocks = _blocks_table(lang, t("block", lang))
    block = report.block
    _block_row(blocks, t("previous", lang), block.previous, zone, False, lang)
    _block_row(blocks, t("current", lang), block.current, zone, True, lang, block.previous)
    _block_row(blocks, t("next", lang), block.next, zone, False, lang, block.current)
    console.print(blocks)

    lines = Table(title=t("boundaries", lang), title_justify="left")
    for key in ("kind", "when", "away", "detail"):
        lines.add_column(t(key, lang))
    for b in sorted(report.boundaries, key=lambda b: b.utc):
        away = shown_away(b, moment)
        if b.uncertainty is not None:
            away += f" ±{b.uncertainty:.1f}s"
        lines.add_row(
            t(f"k_{b.kind}", lang),
            clock_text(b.utc, zone),
            Text(away, style="bold" if abs(b.seconds_away) < 7200 and b.kind != "solar_time" else ""),
            word_note(b.detail, lang),
        )
    console.print(lines)

    if report.alternatives is not None:
        alt = Table(title=t("alternatives", lang), title_justify="left")
        for key in ("kind", "when", "zhirun", "chaibu", "changes"):
            alt.add_column(t(key, lang))
        for a in report.alternatives:
            alt.add_row(
                " + ".join(t(f"k_{k}", lang) for k in a.kinds),
                clock_text(a.utc, zone),
                a.zhirun,
                a.chaibu,
                Text(t("changes", lang), style="bold red") if a.changes else Text(t("same", lang), style="green"),
            )
        if not report.alternatives:
            console.print(Text(f"{t('alternatives', lang)}: —", style="dim"))
        else:
            console.print(alt)


#: The ledger's columns: key → (the widest cell, its longest word, its longest run), in cells:
#: a block's first … last civil day, a 干支, a term, its instant (to the second) and day, 超神 +15, 陽 9 3 6;
#: the note (None: no bound, mostly empty: it asks for its longest word) takes the room left
#: (tests/test_range_rows.py checks them).
LEDGER_WIDTHS: dict[str, tuple[int | None, int, int]] = {
    "": (2, 2, 2), "start": (23, 10, 10), "head": (4, 4, 2), "term": (4, 4, 2), "term_time": (24, 10, 10),
    "status": (8, 4, 3), "ju3": (8, 2, 2), "note": (None, 16, 16),
}
#: The spans' columns: start and end to the minute (or second), 時辰 (`%g`: 0.0416667), the 局 of each method.
SPAN_WIDTHS: dict[str, tuple[int | None, int, int]] = {
    "start": (19, 10, 10), "end": (19, 10, 10), "hours": (9, 9, 9), "zhirun": (30, 7, 7), "chaibu": (19, 7, 7),
}


def _ledger_columns(widths: dict, lang: str) -> list:
    from .rows import Column

    return [Column(t(key, lang) if key else "", *w, justify="right" if key == "hours" else "left", want=w[1])
            for key, w in widths.items()]


def _ledger_cells(row, zone, lang: str, previous) -> list:
    """One block of the ledger as its row (a 閏 block in bold)."""
    leap = row.status == "閏"
    return _block_cells(row, zone, lang, previous, "閏" if leap else "", "bold" if leap else "")


def _block_cells(row, zone, lang: str, previous, label: str, style: str) -> list:
    """A block's cells: `label` and the term in `style`, its span, 符頭, term instant on `zone`'s
    clock, status with days, 遁 and 局, and its note in `lang`."""
    from rich.text import Text

    return [
        Text(label, style=style),
        f"{row.start.isoformat()} … {row.end.isoformat()}",
        row.head,
        Text(row.term.name, style=style),
        f"{clock_text(row.term.ts, zone)} {row.term_day}",
        Text(f"{row.status} {row.days:+d}", style=STATUS_STYLE.get(row.status, "")),
        f"{row.dun} {_ju3(row.ju)}",
        note_text(row, previous, lang),
    ]


def _span_cells(s, zone) -> list:
    from rich.text import Text

    return [
        s.start.astimezone(zone).strftime("%Y-%m-%d %H:%M" + (":%S" if s.start.second else "")),
        s.end.astimezone(zone).strftime("%Y-%m-%d %H:%M" + (":%S" if s.end.second else "")),
        f"{s.hours / 2:g}",
        Text(s.zhirun.label + (f"  {s.zhirun.yuan_status} {s.zhirun.yuan_days:+d}" if s.zhirun.yuan_status else ""),
             style=STATUS_STYLE.get(s.zhirun.yuan_status or "", "")),
        s.chaibu.label,
    ]


def render_ledger(ledger, zone, console, lang: str = "zh", anchor_ts: float | None = None, write=None) -> None:
    """The 置閏 ledger: its title and the key of the 超接 column's signs, each block as a row, the
    spans where 拆補 and 置閏 differ, then the count of 閏 and spans — each table printed row
    by row (`rows.RowTable`, written by `write`), none drawn when it has no row."""
    from rich.text import Text

    from .rows import RowTable

    kind = t("terms_true", lang) if ledger.terms == "true" else t("terms_mean", lang)
    if anchor_ts is not None:
        kind += f" ({t('anchor', lang)} {_dt.datetime.fromtimestamp(anchor_ts, zone).strftime('%Y-%m-%d %H:%M')})"
    zone_text = _dt.datetime(ledger.start.year, ledger.start.month, ledger.start.day, 12, tzinfo=zone).strftime("%z")
    title = f"{t('ledger', lang)} {ledger.start.isoformat()} … {ledger.end.isoformat()}  (UTC{zone_text[:3]}:{zone_text[3:]}, {kind})"
    blocks = RowTable(console, _ledger_columns(LEDGER_WIDTHS, lang), [(title, "bold"), (t("signs", lang), "dim")], write)
    previous = None
    for row in ledger.blocks:
        blocks.row(_ledger_cells(row, zone, lang, previous))
        previous = row
    blocks.close()

    spans = RowTable(console, _ledger_columns(SPAN_WIDTHS, lang), [(t("spans", lang), "bold")], write)
    total = 0.0
    for s in ledger.differ:
        total += s.hours
        spans.row(_span_cells(s, zone))
    spans.close()
    leaps = ledger.leaps
    console.print(Text(
        f"{t('leaps', lang)}: {len(leaps)}"
        + (" (" + ", ".join(f"{r.start.isoformat()} {r.head} {r.term.name}" for r in leaps) + ")" if leaps else "")
        + f"  ·  {t('spans', lang)}: {len(ledger.differ)}, {t('total', lang)} {total / 2:g} {t('shichen_unit', lang)}",
        style="bold",
    ))


def draw_report(raw, console, lang: str = "zh", explain: bool = False) -> None:
    """The view of one `chaibu` answer, (moment, report, anchor_ts) (the art's record names it)."""
    render_report(*raw, console, lang, explain=explain)


# --- chaibu --stats -------------------------------------------------------------------------


def render_stats(rows, console, lang: str = "zh") -> None:
    """`chaibu --stats`: one row per year, the share of 時辰 each pair of methods differs on, and
    the total; 茅山 marked beyond the texts (qimen/stats.py)."""
    from rich.table import Table

    from ..qimen.stats import PAIRS, total

    table = Table(title=t("stats", lang), title_justify="left")
    table.add_column(t("year", lang))
    table.add_column(t("shichen", lang), justify="right")
    for a, b in PAIRS:
        mark = "".join(f" {EXTENSION_MARK}" for m in (a, b) if m not in TEXT_METHODS)[:2]
        table.add_column(f"{t(a, lang)} / {t(b, lang)}{mark}", justify="right")

    def cells(r, label):
        return [label, str(r.shichen)] + [f"{r.differ[k]} ({100 * r.share(k):.1f}%)" for k in range(len(PAIRS))]

    for r in rows:
        table.add_row(*cells(r, str(r.year)))
    if len(rows) > 1:
        all_rows = total(rows)
        table.add_row(*cells(all_rows, f"{rows[0].year}–{rows[-1].year}"), style="bold")
    console.print(table)
    console.print(f"{EXTENSION_MARK} {t('stats_note', lang)}", style="dim")
