"""晝 or 夜 for the common 貴人 rule: by the real sunrise and sunset at a place, or by the hour.

More precisely: with a place, the Sun is up when its centre is above −0.8333° (skyfield's
almanac.sunrise_sunset: refraction and the solar radius, the U.S. Naval Observatory's
definition), evaluated at the instant itself; the sunrise/sunset before and after the
instant are reported with it.  Without a place, the 時辰 卯 to 申 are day and 酉 to 寅
night (standard, not from the texts).  skyfield is imported only when a place is given.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from ..calendar.clock import boundary_utc
from ..calendar.terms import UNIX_EPOCH_JD
from ..records import frozen

#: The 時辰 counted as day without a place: 卯 辰 巳 午 未 申.
DAY_HOURS = frozenset(range(3, 9))


@frozen
class Daylight:
    """Whether it is 晝 and how that was decided.

    `day` is 晝 or 夜; `by` is "sun" (sunrise/sunset at `lat`, `lon`) or "hours" (卯–申).
    With "sun", `last_change` and `next_change` are the sunrise or sunset (UTC) before and
    after the instant, or None when there is none within a day (polar day or night).
    """

    day: str
    by: str
    lat: float | None = None
    lon: float | None = None
    last_change: _dt.datetime | None = None
    next_change: _dt.datetime | None = None

    @property
    def is_day(self) -> bool:
        return self.day == "晝"


def by_hours(hour_branch: int) -> Daylight:
    """Day from 卯 to 申, night from 酉 to 寅.

    Standard, not from the texts: the seeds do not say how 晝 and 夜 are told apart.
    """
    return Daylight(day_name(hour_branch % 12 in DAY_HOURS), "hours")


def day_name(day: bool) -> str:
    """晝 or 夜."""
    return "晝" if day else "夜"


def by_sun(ts: float, lat: float, lon: float, path: Path | None = None) -> Daylight:
    """Is the Sun up at instant `ts` (POSIX seconds, UT1) seen from `lat`, `lon`?

    Standard, not from the texts: sunrise and sunset as the U.S. Naval Observatory defines
    them (skyfield's almanac.sunrise_sunset); the seeds do not say how 晝 and 夜 are told apart.
    """
    from skyfield import almanac
    from skyfield.api import wgs84

    from ..calendar import ephemeris

    scale = ephemeris.timescale()
    eph = ephemeris.load(path)
    up = almanac.sunrise_sunset(eph, wgs84.latlon(lat, lon))

    def at(seconds: float):
        return scale.ut1_jd(UNIX_EPOCH_JD + seconds / 86400.0)

    with ephemeris.computing(path):
        day = bool(up(at(ts)))
        times, _ = almanac.find_discrete(at(ts - 86400.0), at(ts + 86400.0), up)
    changes = [(t.ut1 - UNIX_EPOCH_JD) * 86400.0 for t in times]
    last = max((c for c in changes if c <= ts), default=None)
    nxt = min((c for c in changes if c > ts), default=None)
    # each change named by the first whole second at which the new 晝/夜 holds (boundary_utc)
    return Daylight(day_name(day), "sun", lat, lon,
                    None if last is None else boundary_utc(last),
                    None if nxt is None else boundary_utc(nxt))
