"""How a view prints an instant (a term, a boundary, a window's edge): one form in every view.

Every printed instant is the first whole second at or after it (`calendar.clock.first_second`,
the rule `jsonout.utc_iso` keeps in the JSON too), read on the chart's clock; a term line adds
the same second in UTC: ``2024-03-05 10:22:47 +08:00 (02:22:47 UTC)`` (the UTC date only when it
is not the clock's date; a clock at UTC+0 prints ``2024-03-05 02:22:47 UTC`` alone).
"""

from __future__ import annotations

import datetime as _dt

from rich.cells import cell_len

from ..calendar.clock import format_offset, printed_utc

_ZERO = _dt.timedelta(0)


def printed(value: float | _dt.datetime) -> _dt.datetime:
    """The aware UTC datetime a view prints for the instant `value` (POSIX seconds or an aware
    datetime): the first whole second at or after it (`clock.printed_utc`)."""
    return printed_utc(value)


def clock_text(value: float | _dt.datetime, zone: _dt.tzinfo, fmt: str = "%Y-%m-%d %H:%M:%S") -> str:
    """The instant on the clock of `zone`, to the second ("2024-03-05 10:22:47")."""
    return printed(value).astimezone(zone).strftime(fmt)


def instant_text(value: float | _dt.datetime, zone: _dt.tzinfo) -> str:
    """The instant on the clock of `zone` with its offset, and in UTC beside it:
    "2024-03-05 10:22:47 +08:00 (02:22:47 UTC)"."""
    utc = printed(value)
    local = utc.astimezone(zone)
    offset = local.utcoffset()
    text = local.strftime("%Y-%m-%d %H:%M:%S")
    if offset == _ZERO:
        return f"{text} UTC"
    beside = utc.strftime("%H:%M:%S" if utc.date() == local.date() else "%Y-%m-%d %H:%M:%S")
    return f"{text} {format_offset(offset)} ({beside} UTC)"


class Beside:
    """A line and its aside ("驚蟄  2024-03-05 10:22:47 +08:00" and "(02:22:47 UTC)"): on one line
    where the cell has room for both, else the aside on a line of its own, never cut inside."""

    def __init__(self, main: str, aside: str):
        self.main, self.aside = main, aside
        self.plain = f"{main} {aside}" if aside else main

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement
        from rich.text import Text

        parts = [Measurement.get(console, options, Text(p)) for p in (self.main, self.aside) if p]
        return Measurement(max(p.minimum for p in parts), cell_len(self.plain))

    def __rich_console__(self, console, options):
        from rich.text import Text

        if not self.aside or cell_len(self.plain) <= options.max_width:
            yield Text(self.plain)
        else:
            yield Text(self.main)
            yield Text(self.aside)


def term_cell(name: str, value: float | _dt.datetime, zone: _dt.tzinfo) -> Beside:
    """A term line of a view: its name and `instant_text`, the UTC aside kept whole."""
    text = instant_text(value, zone)
    main, sep, aside = text.partition(" (")
    return Beside(f"{name}  {main}", sep.strip() + aside)
