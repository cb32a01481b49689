"""`qimen chaibu`: rich views of the method comparison and of the 置閏 ledger (JSON: render/json_chaibu.py)."""

from __future__ import annotations

import datetime as _dt

from .labels import clock_name, labeller

#: key → (zh, ko, en); values stay in traditional characters.
LABELS = {
    "title": ("局法", "국법", "局 methods"),
    "zhirun": ("置閏 (古法)", "치윤 (고법)", "置閏 (古法)"),
    "chaibu": ("拆補 (李氏)", "철보 (이씨)", "拆補 (李氏)"),
    "method": ("法", "법", "method"),
    "term_used": ("用局節氣", "국을 쓰는 절기", "term used"),
    "sky": ("天上節氣", "하늘의 절기", "term in the sky"),
    "ju": ("遁局", "둔국", "遁/局"),
    "yuan": ("元", "원", "元"),
    "fu_tou": ("符頭", "부두", "符頭"),
    "status": ("超接", "초신·접기", "超神/接氣"),
    "agree": ("兩法一致", "두 법 일치", "methods agree"),
    "differ": ("兩法不同", "두 법 불일치", "methods differ"),
    "block": ("置閏三元", "치윤 삼원", "置閏 block"),
    "previous": ("前", "앞", "previous"),
    "current": ("本", "이번", "current"),
    "next": ("後", "뒤", "next"),
    "start": ("起", "시작", "start"),
    "end": ("止", "끝", "end"),
    "head": ("上元符頭", "상원 부두", "上元 head"),
    "term": ("節氣", "절기", "term"),
    "term_time": ("交節時刻", "교절 시각", "term instant"),
    "days": ("日數", "일수", "days"),
    "ju3": ("上中下局", "상중하 국", "局 上/中/下"),
    "note": ("註", "주", "note"),
    "boundaries": ("界線", "경계", "boundaries"),
    "kind": ("類", "종류", "kind"),
    "when": ("時刻", "시각", "when"),
    "away": ("距今", "남은 시간", "from now"),
    "detail": ("說明", "설명", "detail"),
    "alternatives": ("界線彼側", "경계 건너편", "other side of close boundaries"),
    "changes": ("變", "변함", "changes"),
    "same": ("同", "같음", "same"),
    "ledger": ("置閏表", "치윤표", "置閏 ledger"),
    "spans": ("拆補與置閏不同之時", "철보와 치윤이 다른 시간", "spans where 拆補 and 置閏 differ"),
    "hours": ("時辰數", "시진 수", "時辰"),
    "shichen_unit": ("時辰", "시진", "時辰"),
    "leaps": ("置閏", "치윤", "閏 inserted"),
    "total": ("合計", "합계", "total"),
    "steps": ("推演", "추연", "derivation"),
    "terms_true": ("真節氣", "실제 절기", "true terms"),
    "terms_mean": ("平氣", "평기", "mean terms (平氣)"),
    "anchor": ("起算", "기준", "anchor"),
    "switch": ("換局", "국 교체", "拆補 switch"),
    "switch_shichen": ("按時辰", "시진 단위", "by 時辰"),
    "switch_instant": ("按時刻", "시각 단위", "at the instant"),
    "k_term": ("交節", "교절", "term"),
    "k_fu_tou": ("符頭線", "부두 경계", "符頭 line"),
    "k_shichen": ("時辰線", "시진 경계", "時辰 line"),
    "k_day_23": ("子初換日", "자초 환일", "23:00 day line"),
    "k_day_00": ("子正換日", "자정 환일", "00:00 day line"),
    "k_solar_time": ("太陽時修正", "태양시 보정", "solar-time correction"),
    "k_delta_t": ("ΔT 誤差", "ΔT 오차", "ΔT uncertainty"),
}
STATUS_STYLE = {"正受": "green", "超神": "yellow", "接氣": "cyan", "閏": "bold magenta"}


t = labeller(LABELS)


# --- rich ------------------------------------------------------------------------------------


def _away(seconds: float) -> str:
    sign = "+" if seconds >= 0 else "−"
    s = abs(seconds)
    d, s = divmod(s, 86400)
    h, s = divmod(s, 3600)
    m, s = divmod(s, 60)
    text = f"{int(d)}d " if d else ""
    return f"{sign}{text}{int(h):02d}:{int(m):02d}:{s:04.1f}"


def _status(ju) -> object:
    from rich.text import Text

    if ju.yuan_status is None:
        return Text("—", style="dim")
    return Text(f"{ju.yuan_status} {ju.yuan_days:+d}", style=STATUS_STYLE.get(ju.yuan_status, ""))


def _ju3(ju: tuple) -> str:
    return " ".join(str(x) for x in ju)


def _block_row(table, label: str, row, zone, current: bool) -> None:
    from rich.text import Text

    if row is None:
        return
    style = "bold" if current else ""
    table.add_row(
        Text(label, style=style),
        f"{row.start.isoformat()} … {row.end.isoformat()}",
        row.head,
        Text(row.term.name, style=style),
        f"{row.term_local.astimezone(zone).strftime('%Y-%m-%d %H:%M')} {row.term_day}",
        Text(f"{row.status} {row.days:+d}", style=STATUS_STYLE.get(row.status, "")),
        f"{row.dun} {_ju3(row.ju)}",
        row.note or "",
    )


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

    zone = moment.local.tzinfo
    kind = t("terms_true", lang) if report.terms == "true" else t("terms_mean", lang)
    if anchor_ts is not None:
        anchor = _dt.datetime.fromtimestamp(anchor_ts, zone).strftime("%Y-%m-%d %H:%M")
        kind += f" ({t('anchor', lang)} {anchor})"
    p = moment.pillars.names()
    console.print(Text(
        f"{t('title', lang)}  {moment.local.strftime('%Y-%m-%d %H:%M')} ({moment.tz}, {clock_name(moment.clock, lang)})  "
        f"{p['year']}年 {p['month']}月 {p['day']}日 {p['hour']}時  · {kind} · {t('switch', lang)} {t('switch_' + report.switch, lang)}",
        style="bold",
    ))
    methods = Table(show_header=True)
    for key in ("method", "ju", "yuan", "term_used", "sky", "fu_tou", "status"):
        methods.add_column(t(key, lang))
    for name in ("zhirun", "chaibu"):
        ju = report.methods[name]
        methods.add_row(
            t(name, lang),
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
    console.print(verdict)
    if explain:
        for name in ("zhirun", "chaibu"):
            console.print(Text(f"{t('steps', lang)} — {t(name, lang)}", style="bold"))
            for i, step in enumerate(report.methods[name].steps, 1):
                console.print(f"  {i}. {word_step(step, lang)}")

    blocks = _blocks_table(lang, t("block", lang))
    _block_row(blocks, t("previous", lang), report.block.previous, zone, False)
    _block_row(blocks, t("current", lang), report.block.current, zone, True)
    _block_row(blocks, t("next", lang), report.block.next, zone, False)
    console.print(blocks)

    lines = Table(title=t("boundaries", lang), title_justify="left")
    for key in ("kind", "when", "away", "detail"):
        lines.add_column(t(key, lang))
    for b in sorted(report.boundaries, key=lambda b: b.utc):
        away = _away(b.seconds_away)
        if b.uncertainty is not None:
            away += f" ±{b.uncertainty:.1f}s"
        lines.add_row(
            t(f"k_{b.kind}", lang),
            b.utc.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"),
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
                a.utc.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"),
                a.zhirun,
                a.chaibu,
                Text(t("changes", lang), style="bold red") if a.changes else Text(t("same", lang), style="green"),
            )
        if not report.alternatives:
            console.print(Text(f"{t('alternatives', lang)}: —", style="dim"))
        else:
            console.print(alt)


def render_ledger(ledger, zone, console, lang: str = "zh", anchor_ts: float | None = None) -> None:
    from rich.table import Table
    from rich.text import Text

    kind = t("terms_true", lang) if ledger.terms == "true" else t("terms_mean", lang)
    if anchor_ts is not None:
        kind += f" ({t('anchor', lang)} {_dt.datetime.fromtimestamp(anchor_ts, zone).strftime('%Y-%m-%d %H:%M')})"
    zone_text = _dt.datetime(ledger.start.year, ledger.start.month, ledger.start.day, 12, tzinfo=zone).strftime("%z")
    title = f"{t('ledger', lang)} {ledger.start.isoformat()} … {ledger.end.isoformat()}  (UTC{zone_text[:3]}:{zone_text[3:]}, {kind})"
    blocks = _blocks_table(lang, title)
    for row in ledger.blocks:
        _block_row(blocks, "閏" if row.status == "閏" else "", row, zone, row.status == "閏")
    console.print(blocks)

    spans = Table(title=t("spans", lang), title_justify="left")
    for key in ("start", "end", "hours", "zhirun", "chaibu"):
        spans.add_column(t(key, lang))
    total = 0.0
    for s in ledger.differ:
        total += s.hours
        spans.add_row(
            s.start.astimezone(zone).strftime("%Y-%m-%d %H:%M" + (":%S" if s.start.second else "")),
            s.end.astimezone(zone).strftime("%Y-%m-%d %H:%M" + (":%S" if s.end.second else "")),
            f"{s.hours / 2:g}",
            Text(s.zhirun.label + (f"  {s.zhirun.yuan_status} {s.zhirun.yuan_days:+d}" if s.zhirun.yuan_status else ""),
                 style=STATUS_STYLE.get(s.zhirun.yuan_status or "", "")),
            s.chaibu.label,
        )
    console.print(spans)
    leaps = ledger.leaps
    console.print(Text(
        f"{t('leaps', lang)}: {len(leaps)}"
        + (" (" + ", ".join(f"{r.start.isoformat()} {r.head} {r.term.name}" for r in leaps) + ")" if leaps else "")
        + f"  ·  {t('spans', lang)}: {len(ledger.differ)}, {t('total', lang)} {total / 2:g} {t('shichen_unit', lang)}",
        style="bold",
    ))
