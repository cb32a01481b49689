"""Pillars and Moments: the calibration values, term boundaries, day change, zones, solar time."""

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qimen_cli.calendar import clock
from qimen_cli.calendar.context import get_context
from qimen_cli.calendar.ganzhi import MONTH_BRANCH_OF_JIE
from qimen_cli.calendar.moment import ClockKind
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.calendar.terms import to_datetime

UTC = dt.timezone.utc


def names(m):
    return m.pillars.names()


def test_calibration_2024_03_05():
    # READING-qimen.md §1: 2024-03-05 11:00 → 甲辰年 丁卯月 戊辰日 戊午時.
    m = resolve_moment("2024-03-05T11:00", "+08:00")
    assert names(m) == {"year": "甲辰", "month": "丁卯", "day": "戊辰", "hour": "戊午"}
    assert m.term.name == "驚蟄" and m.next_term.name == "春分"


def test_day_change_23_and_0():
    # READING-qimen.md §1: 23:30 → day change 23: 己巳日 甲子時; day change 0: 戊辰日 甲子時.
    a = resolve_moment("2024-03-05T23:30", "+08:00", day_change=23)
    b = resolve_moment("2024-03-05T23:30", "+08:00", day_change=0)
    assert (names(a)["day"], names(a)["hour"]) == ("己巳", "甲子")
    assert (names(b)["day"], names(b)["hour"]) == ("戊辰", "甲子")
    # Either way the 時辰 belongs to the next day (its 元 and 符頭).
    assert a.hour_date == b.hour_date == dt.date(2024, 3, 6)
    c = resolve_moment("2024-03-06T00:30", "+08:00", day_change=0)
    assert names(c)["day"] == "己巳" and names(c)["hour"] == "甲子"


def test_year_and_month_turn_at_lichun_instant():
    # READING-qimen.md §1: 30 s before / after the 2024 立春 instant: 癸卯年 乙丑月 → 甲辰年 丙寅月.
    lichun = get_context().full_table().of_year(2024, 21)
    before = resolve_moment(to_datetime(lichun.ts - 30), "+08:00")
    after = resolve_moment(to_datetime(lichun.ts + 30), "+08:00")
    assert (names(before)["year"], names(before)["month"]) == ("癸卯", "乙丑")
    assert (names(after)["year"], names(after)["month"]) == ("甲辰", "丙寅")


@pytest.mark.parametrize("year", [1801, 1900, 1987, 2024, 2199])
def test_month_pillar_changes_exactly_at_each_jie(year):
    table = get_context().full_table()
    jies = [t for t in table.terms if t.is_jie and t.utc.year == year]
    assert len(jies) == 12
    for jie in jies:
        before = resolve_moment(to_datetime(jie.ts - 0.5), "UTC")
        after = resolve_moment(to_datetime(jie.ts + 0.5), "UTC")
        assert after.month_branch == MONTH_BRANCH_OF_JIE[jie.k]
        assert before.month_branch == (after.month_branch - 1) % 12
        assert (after.pillars.month - before.pillars.month) % 60 == 1


def test_zone_history_korea_830():
    # Korea kept UTC+8:30 in 1954–61 (zoneinfo Asia/Seoul).
    m = resolve_moment("1956-01-15T12:00", "Asia/Seoul")
    assert m.offset == "+08:30"
    assert m.instant_utc == dt.datetime(1956, 1, 15, 3, 30, tzinfo=UTC)


def test_zone_history_china_summer_time():
    # China kept summer time 1986–91: 1987-07-01 12:00 Beijing is UTC+9.
    m = resolve_moment("1987-07-01T12:00", "Asia/Shanghai")
    assert m.offset == "+09:00" and m.instant_utc.hour == 3
    assert resolve_moment("1992-07-01T12:00", "Asia/Shanghai").offset == "+08:00"


def test_summer_time_gap_is_an_error():
    # 1987-04-12 02:00 → 03:00 in Asia/Shanghai.
    with pytest.raises(clock.InputError, match="does not exist"):
        resolve_moment("1987-04-12T02:30", "Asia/Shanghai")


def test_ambiguous_time_takes_the_first_occurrence():
    # 1987-09-13 02:00 (+09) → 01:00 (+08): 01:30 happens twice.
    m = resolve_moment("1987-09-13T01:30", "Asia/Shanghai")
    assert m.offset == "+09:00"


def test_unknown_zone_and_bad_time():
    with pytest.raises(clock.InputError, match="Mars/Base"):
        resolve_moment("2024-01-01T00:00", "Mars/Base")
    with pytest.raises(clock.InputError, match="not-a-date"):
        resolve_moment("not-a-date", "UTC")


def test_outside_the_span():
    from qimen_cli.calendar.terms import OutOfSpan

    with pytest.raises(OutOfSpan, match="outside the ephemeris span"):
        resolve_moment("1700-01-01T00:00", "UTC")


def test_mean_solar_time():
    # Seoul at 126.98° E: mean solar time is UTC + 8 h 27 m 55 s; 12:00 KST is 11:27:55.
    m = resolve_moment("2024-03-05T12:00", "Asia/Seoul", lon=126.98)
    assert m.clock is ClockKind.MEAN_SOLAR
    assert m.local.strftime("%H:%M:%S") == "11:27:55"
    assert names(m)["hour"][1] == "午"


def test_apparent_solar_time_uses_the_equation_of_time():
    # Around 11 February the equation of time is about −14.2 min; around 3 November about +16.4 min.
    feb = resolve_moment("2024-02-11T12:00", "UTC", lon=0.0, solar_time="apparent")
    nov = resolve_moment("2024-11-03T12:00", "UTC", lon=0.0, solar_time="apparent")
    assert feb.clock is ClockKind.APPARENT_SOLAR
    assert -14.6 < (feb.local.utcoffset().total_seconds() / 60) < -13.8
    assert 16.0 < (nov.local.utcoffset().total_seconds() / 60) < 16.8


@settings(max_examples=60, deadline=None)
@given(st.datetimes(min_value=dt.datetime(1801, 1, 1), max_value=dt.datetime(2199, 1, 1)))
def test_pillars_advance_one_step_per_shichen(naive):
    a = resolve_moment(naive.replace(tzinfo=UTC), "UTC")
    b = resolve_moment(naive.replace(tzinfo=UTC) + dt.timedelta(hours=2), "UTC")
    assert (b.pillars.hour - a.pillars.hour) % 60 == 1
    assert (b.hour_branch - a.hour_branch) % 12 == 1
    c = resolve_moment(naive.replace(tzinfo=UTC) + dt.timedelta(days=1), "UTC")
    assert (c.pillars.day - a.pillars.day) % 60 == 1


@settings(max_examples=25, deadline=None)
@given(st.datetimes(min_value=dt.datetime(1801, 1, 1), max_value=dt.datetime(2190, 1, 1)))
def test_month_pillars_have_no_gaps(naive):
    start = naive.replace(tzinfo=UTC)
    months = [resolve_moment(start + dt.timedelta(days=d), "UTC").pillars.month for d in range(0, 800, 5)]
    for a, b in zip(months, months[1:], strict=False):
        assert (b - a) % 60 in (0, 1)
    years = [resolve_moment(start + dt.timedelta(days=d), "UTC").pillars.year for d in range(0, 800, 5)]
    for a, b in zip(years, years[1:], strict=False):
        assert (b - a) % 60 in (0, 1)


def test_hour_window():
    m = resolve_moment("2024-03-05T11:59", "+08:00")
    start, end = to_datetime(m.hour_start), to_datetime(m.hour_end)
    assert start == dt.datetime(2024, 3, 5, 3, 0, tzinfo=UTC) and end == dt.datetime(2024, 3, 5, 5, 0, tzinfo=UTC)
    late = resolve_moment("2024-03-05T23:10", "+08:00")
    assert to_datetime(late.hour_start) == dt.datetime(2024, 3, 5, 15, 0, tzinfo=UTC)


def test_hour_window_across_a_clock_change():
    # New York, 2024-03-10: 02:00 → 03:00.  The 丑 時辰 (01:00–03:00 on the clock) lasts one hour.
    m = resolve_moment("2024-03-10T01:30", "America/New_York")
    assert m.hour_end - m.hour_start == 3600.0
    assert to_datetime(m.hour_end) == dt.datetime(2024, 3, 10, 7, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    ["2024-03-05T11:00", "2024-03-05 11:00", "2024-03-05T11:00:00+08:00", "2024-03-05T11:00:00.000", "2024-03-05T03:00Z", "2024-03-05T11:00+0800"],
)
def test_time_forms(text):
    """The accepted ISO-8601 forms: T or a space, seconds and fraction, Z or ±HH:MM / ±HHMM."""
    m = resolve_moment(text, "+08:00")
    assert m.instant_utc == dt.datetime(2024, 3, 5, 3, 0, tzinfo=UTC)


# --- the fast form: Resolver.moment is resolve_moment --------------------------------------


def _same_moment(a, b):
    """Two Moments equal in every field, each datetime also in its text and fold, the table the same."""
    assert a == b
    for name in ("instant_utc", "civil", "local"):
        x, y = getattr(a, name), getattr(b, name)
        assert (x.isoformat(), x.fold, x.tzinfo) == (y.isoformat(), y.fold, y.tzinfo), name
    assert a.table is b.table and a.at == b.at and type(a.at) is type(b.at)


#: (tz, lon, day_change, instants): a fixed offset, a zone with summer time (its gap's edge and
#: its fold), mean solar time, midnight day change, offsets written, texts and datetimes.
FAST_CASES = [
    ("+08:00", None, 23, ["2024-03-05T11:00", "2024-03-05T23:00", "2024-02-04T16:27", "2024-02-04T16:26:59"]),
    ("America/New_York", None, 23, ["2024-03-10T01:59", "2024-03-10T03:00", "2024-11-03T01:30", "2024-11-03T00:59",
                                    "2024-11-03T01:30-05:00", "2024-11-03T02:00"]),
    ("Asia/Seoul", 126.98, 23, ["2023-12-21T23:30", "2023-12-22T00:40", "1988-05-08T03:30"]),
    ("Asia/Shanghai", None, 0, ["2024-12-05T23:10", "2024-12-06T00:10", "1986-05-04T03:00", "1986-09-14T01:30"]),
    (None, None, 23, ["2024-03-05T11:00+09:00", "2024-03-05T11:00Z", "2024-06-21T04:51+08:00"]),
]


@pytest.mark.parametrize("tz, lon, day_change, texts", FAST_CASES)
def test_the_resolvers_fast_form_is_resolve_moment(tz, lon, day_change, texts):
    """`Resolver.moment` (the fast form over a range or stdin) gives `resolve_moment`'s Moment,
    for texts and for aware datetimes, each instant read again after others (its caches)."""
    from qimen_cli.calendar.resolve import Resolver

    ctx = get_context()
    zone = None if tz is None else clock.parse_zone(tz)
    resolver = Resolver(zone, lon, "mean", day_change, ctx)
    values = []
    for text in texts:
        want = resolve_moment(text, zone, lon=lon, day_change=day_change, context=ctx)
        values.append((text, want))
        values.append((want.civil, resolve_moment(want.civil, zone, lon=lon, day_change=day_change, context=ctx)))
    for at, want in values + values[::-1]:
        _same_moment(resolver.moment(at), want)
        resolver.reading(at)  # the fast form itself answers each of them


@settings(max_examples=200, deadline=None)
@given(st.datetimes(min_value=dt.datetime(1901, 1, 1), max_value=dt.datetime(2099, 12, 31)),
       st.sampled_from(["Asia/Shanghai", "Europe/London", "+05:45", "Australia/Lord_Howe"]),
       st.sampled_from([23, 0]))
def test_the_fast_form_on_random_instants(naive, tz, day_change):
    from qimen_cli.calendar.resolve import Resolver

    ctx = get_context()
    zone = clock.parse_zone(tz)
    resolver = Resolver(zone, None, "mean", day_change, ctx)
    at = naive.replace(microsecond=0).replace(tzinfo=dt.timezone.utc).astimezone(zone)
    for _ in range(2):
        _same_moment(resolver.moment(at), resolve_moment(at, zone, day_change=day_change, context=ctx))


def test_the_fast_form_declines_what_resolve_moment_answers_or_refuses():
    """Apparent solar time, sub-second instants and bad input go to `resolve_moment` itself."""
    from qimen_cli.calendar.resolve import Resolver
    from qimen_cli.errors import QimenError

    ctx = get_context()
    zone = clock.parse_zone("Asia/Seoul")
    apparent = Resolver(zone, 126.98, "apparent", 23, ctx)
    with pytest.raises(QimenError):
        apparent.reading("2024-03-05T11:00")
    _same_moment(apparent.moment("2024-03-05T11:00"),
                 resolve_moment("2024-03-05T11:00", zone, lon=126.98, solar_time="apparent", context=ctx))
    plain = Resolver(zone, None, "mean", 23, ctx)
    with pytest.raises(QimenError):
        plain.reading("2024-03-05T11:00:00.5")
    _same_moment(plain.moment("2024-03-05T11:00:00.5"), resolve_moment("2024-03-05T11:00:00.5", zone, context=ctx))
    for bad in ("2024-13-01T00:00", "2024-03-10T02:30"):
        with pytest.raises(QimenError) as fast:
            Resolver(clock.parse_zone("America/New_York"), None, "mean", 23, ctx).moment(bad)
        with pytest.raises(QimenError) as slow:
            resolve_moment(bad, clock.parse_zone("America/New_York"), context=ctx)
        assert str(fast.value) == str(slow.value)
