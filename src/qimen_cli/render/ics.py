"""The windows of `find` as an iCalendar file (RFC 5545): `qimen find --ics FILE` and the page's download.

Each window is one VEVENT: DTSTART and DTEND its start and (exclusive) end in UTC, SUMMARY the
conditions and the 干支 of its first 時辰, DESCRIPTION what matched, the places and the rules
behind them (name, 吉/凶, source and line), as `find --json` gives them (`render.find.window_json`).
The file is the same bytes for the same search: UID is made of the window's start and the
conditions, DTSTAMP is the window's start (no clock is read).  Lines end in CRLF and are folded at
75 octets, never inside a character.
"""

from __future__ import annotations

import datetime as _dt
import hashlib

PRODID = "-//qimen-cli//qimen find//EN"
#: The longest line, in octets, before it is folded (RFC 5545 3.1).
FOLD = 75


def escape(text: str) -> str:
    """A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma, newline."""
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line: str) -> str:
    """One content line folded at FOLD octets (a continuation starts with a space), each piece whole characters."""
    out: list[str] = []
    piece, size = "", 0
    for ch in line:
        n = len(ch.encode("utf-8"))
        limit = FOLD if not out else FOLD - 1
        if size + n > limit:
            out.append(piece)
            piece, size = "", 0
        piece += ch
        size += n
    out.append(piece)
    return "\r\n ".join(out)


def _utc(text: str) -> str:
    """An ISO instant with its offset as an iCalendar UTC time (20240301T030000Z)."""
    return _dt.datetime.fromisoformat(text).astimezone(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def _values(values) -> str:
    """Matched values as text: a list's items joined by "/", the values by spaces."""
    return " ".join("/".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v) for v in values)


def describe(data: dict) -> str:
    """A window's DESCRIPTION: each condition and what matched, the places, the rules behind them."""
    lines = [f"{condition}: {_values(values)}" for condition, values in data["matched"].items()]
    for place in data.get("places", []):
        lines.append(" ".join(f"{k}={v}" for k, v in place.items() if isinstance(v, (str, int))))
    for reason in data.get("explain", []):
        for rule in reason.get("rules", []):
            lines.append(f"{rule['name']} ({rule.get('verdict', '')}) {rule.get('source', '')}:{rule.get('line', '')}")
    return "\n".join(lines)


def event(data: dict, conditions: str) -> list[str]:
    """One window (its `find --json` object) as the lines of a VEVENT."""
    uid = hashlib.sha1(f"{data['start']}|{conditions}".encode()).hexdigest()[:20]
    start = _utc(data["start"])
    return ["BEGIN:VEVENT", f"UID:{uid}@qimen-find", f"DTSTAMP:{start}", f"DTSTART:{start}",
            f"DTEND:{_utc(data['end'])}",
            "SUMMARY:" + escape(f"{conditions} ({data['day']}日 {data['hour']}時)"),
            f"DESCRIPTION:{escape(describe(data))}", "END:VEVENT"]


def calendar(windows, zone, conditions) -> str:
    """The windows (of `find.search.Search.windows`) as one iCalendar file, its text."""
    from .find import window_json

    names = " & ".join(c.text for c in conditions)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN",
             f"X-WR-CALNAME:{escape('qimen find: ' + names)}"]
    for window in windows:
        lines += event(window_json(window, zone), names)
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
