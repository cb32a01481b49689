"""`qimen find` output: the windows as JSON Lines, or a rich table with a count."""

from __future__ import annotations

import datetime as _dt

from ..calendar.ganzhi import CYCLE
from .jsonout import SCHEMA_VERSION
from .labels import labeller

#: The column headings, the count line and "absent" (`labels.LABELS`, "find:…").
word = labeller("find")


def iso(ts: float, zone: _dt.tzinfo) -> str:
    """An instant on the civil clock with its offset; milliseconds only when it has them."""
    value = _dt.datetime.fromtimestamp(ts, zone)
    return value.isoformat(timespec="seconds" if value.microsecond == 0 else "milliseconds")


def window_json(window, zone: _dt.tzinfo) -> dict:
    """One window: start, end (exclusive), count, the 干支 of its first 時辰, matched, and each 時辰."""
    first = window.hits[0]
    return {
        "schema_version": SCHEMA_VERSION,
        "start": iso(window.start_ts, zone),
        "end": iso(window.end_ts, zone),
        "count": window.count,
        "hours": round((window.end_ts - window.start_ts) / 3600.0, 4),
        "day": CYCLE[first.day],
        "hour": CYCLE[first.hour],
        "matched": window.matched(),
        "shichen": [
            {"start": iso(h.ts, zone), "end": iso(h.end_ts, zone), "day": CYCLE[h.day], "hour": CYCLE[h.hour],
             "matched": h.matched}
            for h in window.hits
        ],
    }


def short(ts: float, zone: _dt.tzinfo) -> str:
    """The terminal view's time: date, clock time and offset (seconds only when present)."""
    value = _dt.datetime.fromtimestamp(ts, zone)
    text = value.strftime("%Y-%m-%d %H:%M" if not value.second and not value.microsecond else "%Y-%m-%d %H:%M:%S")
    offset = value.strftime("%z")
    return f"{text}{offset[:3]}:{offset[3:5]}" if offset else text


def _length(seconds: float) -> str:
    minutes = round(seconds / 60.0)
    h, m = divmod(minutes, 60)
    return f"{h}h" if not m else f"{h}h{m:02d}m"


def _value_text(values: list, lang: str = "en") -> str:
    parts = []
    for v in values:
        if isinstance(v, (list, tuple)):
            parts.append(" ".join(_value_text([x], lang) if isinstance(x, (list, tuple)) else str(x) for x in v))
        elif v is True:
            parts.append("✓")
        elif v is False:
            parts.append(word("absent", lang))  # the negated condition held
        elif v is None:
            parts.append("null")
        else:
            parts.append(str(v))
    return "; ".join(parts)


def render_table(windows, zone: _dt.tzinfo, conditions, console, title: str, lang: str = "en") -> None:
    """The terminal view: one row per window, then the count."""
    from rich.table import Table

    start, end, length, ganzhi_head, count_line = (word(key, lang) for key in ("start", "end", "length", "ganzhi", "count"))
    table = Table(title=title, show_lines=False)
    table.add_column(start, no_wrap=True)
    table.add_column(end, no_wrap=True)
    table.add_column(length, justify="right")
    table.add_column(ganzhi_head)
    for cond in conditions:
        table.add_column(cond.text)
    hours = 0
    for w in windows:
        first, last = w.hits[0], w.hits[-1]
        ganzhi = f"{CYCLE[first.day]}日 {CYCLE[first.hour]}時"
        if w.count > 1:
            ganzhi += f" → {CYCLE[last.day]}日 {CYCLE[last.hour]}時"
        matched = w.matched()
        table.add_row(short(w.start_ts, zone), short(w.end_ts, zone), _length(w.end_ts - w.start_ts), ganzhi,
                      *(_value_text(matched[c.text], lang) for c in conditions))
        hours += w.count
    console.print(table)
    console.print(count_line.format(w=len(windows), h=hours, s="s" if len(windows) != 1 else ""))
