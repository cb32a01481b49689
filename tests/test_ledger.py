"""The 置閏 ledger, the methods compared, boundaries, alternatives and mean terms (qimen/ledger.py, compare.py, boundaries.py; calendar/meanterms.py, deltat.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from qimen_cli.calendar.context import get_context
from qimen_cli.calendar.deltat import delta_t_sigma
from qimen_cli.calendar.ganzhi import CYCLE, day_index
from qimen_cli.calendar.meanterms import anchored_mean_table, mean_table_from_dongzhi, nearest_term_index
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.calendar.terms import DONGZHI, MEAN_TERM_DAYS, OutOfSpan, to_seconds
from qimen_cli.qimen.boundaries import boundaries
from qimen_cli.qimen.compare import compare
from qimen_cli.qimen.ju import LEAP_DAYS, LEAP_TERMS, chaibu_ju, zhirun_ju, zhirun_sequence
from qimen_cli.qimen.ledger import block_report, chaibu_report, differ_spans, ledger

CST = dt.timezone(dt.timedelta(hours=8))
ANCHOR = to_seconds(dt.datetime(2034, 2, 4, 12, 0, tzinfo=CST))


@pytest.fixture(scope="module")
def true_table():
    return get_context().full_table()


@pytest.fixture(scope="module")
def anchored():
    return anchored_mean_table(ANCHOR)


# --- mean terms ------------------------------------------------------------------------------


def test_anchor_is_lichun(anchored):
    """READING §5.2: the anchor 2034-02-04 12:00 +08:00 is a 立春 on a 辛卯 day."""
    assert nearest_term_index(ANCHOR) == 21
    assert anchored.in_force(ANCHOR).name == "立春" and anchored.in_force(ANCHOR).ts == ANCHOR
    assert CYCLE[day_index(dt.date(2034, 2, 4))] == "辛卯"
    assert anchored.kind == "mean"
    steps = {round(b.ts - a.ts, 3) for a, b in zip(anchored.terms, anchored.terms[1:], strict=False)}
    assert max(steps) - min(steps) < 1e-3 and abs(min(steps) - MEAN_TERM_DAYS * 86400) < 1e-3


def test_nearest_term_index_names_every_true_term(true_table):
    assert all(nearest_term_index(t.ts) == t.k for t in true_table.terms)


def test_mean_from_each_true_dongzhi(true_table):
    """平氣 from each true 冬至: the 冬至 instants are the true ones, the other terms evenly spaced."""
    mean = mean_table_from_dongzhi(true_table)
    true_dz = [t.ts for t in true_table.terms if t.k == DONGZHI]
    mean_dz = [t.ts for t in mean.terms if t.k == DONGZHI]
    assert mean_dz == true_dz
    step = MEAN_TERM_DAYS * 86400
    for a, b in zip(mean.terms, mean.terms[1:], strict=False):
        if b.k != DONGZHI:
            assert abs(b.ts - a.ts - step) < 1e-3
        else:
            assert abs(b.ts - a.ts - step) < 3600  # the true year differs from 365.2425 d by minutes


# --- the whole ledger --------------------------------------------------------------------------


def growth_bound(seq) -> int:
    """8 + the most the day count can grow between one 芒種/大雪 check and the next (12 blocks).

    Computed from the term dates alone: date(T+k) − date(T) − 15 k for a 芒種/大雪 T, k ≤ 12.
    """
    d = seq.term_ordinals
    ks = [t.name for t in seq.table.terms]
    grow = max(d[i + k] - d[i] - 15 * k for i in range(len(d) - 12) if ks[i] in LEAP_TERMS for k in range(1, 13))
    return LEAP_DAYS - 1 + grow


@pytest.mark.parametrize("kind", ["true", "mean"])
def test_whole_ledger_obeys_the_rule(true_table, kind):
    """003: "起超不可過九日，如過九日，即當置閏也" and "遇芒種大雪，重用本氣三元" over 1800–2200."""
    table = true_table if kind == "true" else mean_table_from_dongzhi(true_table)
    seq = zhirun_sequence(table, CST)
    led = ledger(table, CST, seq.first_date, seq.last_date, spans=False)
    rows = led.blocks
    assert len(rows) == len(seq) and rows[0].start == seq.first_date
    assert led.leaps, "no 閏 in four centuries"
    for prev, row in zip(rows, rows[1:], strict=False):
        assert (row.start - prev.start).days == 15
        assert CYCLE.index(row.head) % 15 == 0  # 甲子 己卯 甲午 己酉
        if row.status == "閏":
            assert row.term == prev.term and row.term.name in LEAP_TERMS
            assert prev.days >= LEAP_DAYS and prev.status == "超神"
            assert row.note and "閏" in row.note
        else:
            assert (row.term.k - prev.term.k) % 24 == 1 and row.term.ts > prev.term.ts
            assert not (prev.term.name in LEAP_TERMS and prev.status != "閏" and prev.days >= LEAP_DAYS)
            assert row.status == {0: "正受", 1: "超神", -1: "接氣"}[(row.days > 0) - (row.days < 0)]
    assert max(r.days for r in rows) <= growth_bound(seq)
    # every 芒種/大雪 that is not followed by a 閏 was under nine days
    assert all(r.days < LEAP_DAYS for r, n in zip(rows, rows[1:], strict=False) if r.term.name in LEAP_TERMS and n.status != "閏" and r.status != "閏")
    # after a 閏 the day count is at most 9 − 15 … and never lower than the drift allows
    assert min(r.days for r in rows) >= LEAP_DAYS - 15 - 2


def test_true_ledger_1933_leap(true_table):
    """issue 7: 甲午 block of 1933-05-28, 芒種 on 癸卯 超九 → 己酉 1933-06-12 repeats 芒種."""
    led = ledger(true_table, CST, dt.date(1933, 1, 1), dt.date(1933, 12, 31))
    leaps = led.leaps
    assert [(r.start, r.head, r.term.name) for r in leaps] == [(dt.date(1933, 6, 12), "己酉", "芒種")]
    before = next(r for r in led.blocks if r.start == dt.date(1933, 5, 28))
    assert (before.head, before.term.name, before.term_day, before.days) == ("甲午", "芒種", "癸卯", 9)
    assert "置閏" in before.note
    assert led.blocks[0].start <= dt.date(1933, 1, 1) <= led.blocks[0].end
    assert led.blocks[-1].start <= dt.date(1933, 12, 31) <= led.blocks[-1].end


def test_ledger_outside_the_table(true_table):
    with pytest.raises(OutOfSpan):
        ledger(true_table, CST, dt.date(2300, 1, 1), dt.date(2300, 12, 31))


# --- spans where the methods differ ------------------------------------------------------------


def brute_force(table, d0: dt.date, d1: dt.date):
    """(start ts, zhirun label, chaibu label) for every 時辰 from 23:00 of d0−1 to 23:00 of d1."""
    t = dt.datetime(d0.year, d0.month, d0.day, tzinfo=CST) - dt.timedelta(hours=1)
    end = dt.datetime(d1.year, d1.month, d1.day, tzinfo=CST) + dt.timedelta(hours=23)
    out = []
    while t < end:
        s = to_seconds(t)
        owner = (t + dt.timedelta(hours=1)).date()
        z = zhirun_ju(table, CST, owner, s)
        c = chaibu_ju(table, s, s, s + 7200, day_index(owner), "shichen", CST)
        out.append((s, z, c))
        t += dt.timedelta(hours=2)
    return out


@pytest.mark.parametrize("which", ["anchored", "true"])
def test_differ_spans_match_every_shichen(which, anchored, true_table):
    table, d0, d1 = (anchored, dt.date(2034, 1, 1), dt.date(2034, 4, 30)) if which == "anchored" else (
        true_table, dt.date(2024, 5, 1), dt.date(2024, 8, 31))
    spans = differ_spans(table, CST, d0, d1)
    for s, z, c in brute_force(table, d0, d1):
        inside = [sp for sp in spans if to_seconds(sp.start) <= s < to_seconds(sp.end)]
        if (z.dun, z.ju) == (c.dun, c.ju):
            assert not inside
        else:
            assert len(inside) == 1
            sp = inside[0]
            assert (sp.zhirun.dun, sp.zhirun.ju, sp.zhirun.ju_term) == (z.dun, z.ju, z.ju_term)
            assert (sp.chaibu.dun, sp.chaibu.ju, sp.chaibu.ju_term) == (c.dun, c.ju, c.ju_term)
    for a, b in zip(spans, spans[1:], strict=False):
        assert a.end <= b.start


def test_li_residual_span_is_thirty_shichen(anchored):
    """003: 李氏 uses 立春下元 for 30 時 from 辛卯日甲午時 while 古法 (接氣) keeps 大寒下元 until 甲午日."""
    spans = differ_spans(anchored, CST, dt.date(2034, 2, 1), dt.date(2034, 2, 28))
    first = spans[0]
    assert first.start == dt.datetime(2034, 2, 4, 11, 0, tzinfo=CST)
    assert first.end == dt.datetime(2034, 2, 6, 23, 0, tzinfo=CST)
    assert first.hours == 60.0  # 30 時辰
    assert (first.chaibu.ju_term, first.chaibu.yuan, first.chaibu.ju) == ("立春", "下", 2)
    assert (first.zhirun.ju_term, first.zhirun.yuan, first.zhirun.ju, first.zhirun.yuan_status) == ("大寒", "下", 6, "接氣")
    # 雨水 from 丙午日丁酉時 under 拆補 while 古法 finishes 立春下元 until 己酉日
    second = spans[1]
    assert second.start == dt.datetime(2034, 2, 19, 17, 0, tzinfo=CST)
    assert (second.chaibu.ju_term, second.zhirun.ju_term) == ("雨水", "立春")


# --- one Moment: comparison, block, boundaries, alternatives ---------------------------------


def test_compare_super_spirit():
    m = resolve_moment("2024-06-15T14:30", "+08:00")
    c = compare(m)
    assert not c.agree
    assert c.reason.key == "differ_chao_shen"
    assert (c.reason.value("days"), c.reason.value("head"), c.reason.value("zhirun_term"), c.reason.value("chaibu_term")) \
        == (7, "己酉", "夏至", "芒種")
    assert c.methods["zhirun"].label == "陰遁9局 上元 (夏至)" and c.methods["chaibu"].label == "陽遁6局 上元 (芒種)"


def test_compare_jieqi(anchored):
    m = resolve_moment("2034-02-05T12:00", "+08:00", table=anchored)
    c = compare(m)
    assert not c.agree
    assert c.reason.key == "differ_jie_qi"
    assert (c.reason.value("days"), c.reason.value("chaibu_term"), c.reason.value("term_date"), c.reason.value("term_day"),
            c.reason.value("head")) == (3, "立春", dt.date(2034, 2, 4), "辛卯", "甲午")


def test_compare_leap():
    m = resolve_moment("1933-06-23T10:00", "+08:00")  # 夏至 1933-06-22; the 閏 芒種 block runs to 06-26
    c = compare(m)
    assert not c.agree and c.reason.key == "differ_leap" and c.reason.value("zhirun_term") == "芒種"
    assert c.methods["chaibu"].ju_term == "夏至"


def test_compare_agree_calibration():
    c = compare(resolve_moment("2024-03-05T11:00", "+08:00"))
    assert c.agree and c.reason.key == "agree"
    assert (c.reason.value("term"), c.reason.value("yuan"), c.reason.value("dun"), c.reason.value("ju")) == ("驚蟄", "上", "陽", 1)


def test_block_report_neighbours():
    m = resolve_moment("1933-06-13T09:00", "+08:00")
    r = block_report(m)
    assert (r.current.start, r.current.status, r.current.term.name) == (dt.date(1933, 6, 12), "閏", "芒種")
    assert (r.previous.start, r.previous.days) == (dt.date(1933, 5, 28), 9)
    assert r.next.start == dt.date(1933, 6, 27) and r.next.term.name == "夏至"
    assert r.current.end == dt.date(1933, 6, 26) and r.current.ju == (6, 3, 9)


def test_boundaries():
    m = resolve_moment("2024-06-15T14:30", "+08:00")
    lines = boundaries(m)
    kinds = {b.kind for b in lines}
    assert kinds == {"term", "fu_tou", "shichen", "day_23", "day_00", "delta_t"}
    by = {(b.kind, b.seconds_away > 0): b for b in lines if b.kind != "delta_t"}
    assert by[("shichen", False)].seconds_away == -5400 and by[("shichen", True)].seconds_away == 1800
    assert by[("fu_tou", False)].utc == dt.datetime(2024, 6, 13, 15, 0, tzinfo=dt.timezone.utc)  # 23:00 before 己酉
    assert by[("fu_tou", True)].utc == dt.datetime(2024, 6, 18, 15, 0, tzinfo=dt.timezone.utc)
    assert by[("day_23", True)].seconds_away == 8.5 * 3600 and by[("day_00", True)].seconds_away == 9.5 * 3600
    assert by[("term", True)].detail.key == "term_next" and by[("term", True)].detail.value("term") == "夏至"
    assert [abs(b.seconds_away) for b in lines] == sorted(abs(b.seconds_away) for b in lines)
    dtl = next(b for b in lines if b.kind == "delta_t")
    assert dtl.uncertainty == pytest.approx(0.1)


def test_boundaries_solar_time():
    m = resolve_moment("2024-06-15T13:30", "+08:00", lon=116.4)  # 116.4°E: 13:15:36 mean solar, 未 on both clocks
    sol = next(b for b in boundaries(m) if b.kind == "solar_time")
    assert sol.seconds_away == pytest.approx((116.4 * 240) - 8 * 3600, abs=1)
    assert sol.detail.key == "solar_time" and sol.detail.value("same") is True
    m = resolve_moment("2024-06-15T13:10", "+08:00", lon=116.4)  # 12:55:36 mean solar: 午, civil 未
    sol = next(b for b in boundaries(m) if b.kind == "solar_time")
    assert sol.detail.value("same") is False
    assert (sol.detail.value("civil_branch"), sol.detail.value("branch")) == ("未", "午")


def test_delta_t_model():
    """Morrison & Stephenson 2004 (σ = 0.8 t², t from 1820) and Stephenson & Houlden 1986 (1700–1900)."""
    assert delta_t_sigma(1000) == pytest.approx(53.8, abs=0.1)  # NASA table: 54 s
    assert delta_t_sigma(1700) == pytest.approx(5) and delta_t_sigma(1800) == pytest.approx(1)
    assert delta_t_sigma(1900) == pytest.approx(0.1) and delta_t_sigma(2000) == pytest.approx(0.1)
    past = [delta_t_sigma(y) for y in range(1500, 1901, 10)]
    future = [delta_t_sigma(y) for y in range(2025, 2201, 10)]
    assert past == sorted(past, reverse=True) and future == sorted(future)
    assert delta_t_sigma(2200) > 60


def test_alternatives_across_the_shichen_line(anchored):
    """10:50 on 2034-02-04: ten minutes before the 午時 in which 立春 falls (12:00)."""
    m = resolve_moment("2034-02-04T10:50", "+08:00", table=anchored)
    r = chaibu_report(m, resolve_at=lambda x: resolve_moment(x, "+08:00", table=anchored))
    assert r.methods["chaibu"].ju == 6 and r.terms == "mean"
    alt = {(a.kinds[0], a.utc > m.instant_utc): a for a in r.alternatives}
    assert not any(b.kind == "delta_t" for b in r.boundaries)  # mean terms have no ΔT
    assert not alt[("shichen", False)].changes  # 09:00–11:00 巳時 before: still 大寒
    nxt = alt[("shichen", True)]
    assert nxt.changes and nxt.chaibu == "陽遁2局 下元 (立春)" and nxt.zhirun == "陽遁6局 下元 (大寒)"
    assert nxt.utc == dt.datetime(2034, 2, 4, 3, 0, tzinfo=dt.timezone.utc)


def test_alternatives_solar_time():
    """23:10 civil at 116.4°E is 22:55:36 mean solar: 亥時 of 癸丑 (上元) against the civil 子時 of 甲寅 (中元)."""
    at = "2024-06-18T23:10"
    m = resolve_moment(at, "+08:00", lon=116.4)
    r = chaibu_report(
        m,
        resolve_at=lambda x: resolve_moment(x, "+08:00", lon=116.4),
        resolve_civil=lambda: resolve_moment(at, "+08:00"),
    )
    sol = next(a for a in r.alternatives if a.kinds == ("solar_time",))
    assert sol.changes
    assert "上元" in r.methods["zhirun"].label and "中元" in sol.zhirun


# --- the subcommand ---------------------------------------------------------------------------


def test_cli_json_report(run_cli):
    import json

    r = run_cli("chaibu", "--at", "2024-06-15T14:30", "--tz", "+08:00", "--json")
    assert r.exit_code == 0, r.stdout
    d = json.loads(r.stdout)
    assert {"methods", "agree", "reason", "block", "boundaries", "alternatives"} <= set(d)
    assert (d["methods"]["zhirun"]["dun"], d["methods"]["zhirun"]["ju"], d["methods"]["zhirun"]["yuan_status"]) == ("陰", 9, "超神")
    assert (d["methods"]["chaibu"]["dun"], d["methods"]["chaibu"]["ju"]) == ("陽", 6)
    assert d["agree"] is False and d["alternatives"] is None
    assert d["block"]["current"]["start"] == "2024-06-14"
    assert all({"kind", "utc", "seconds_away"} <= set(b) for b in d["boundaries"])
    assert d["boundaries"][0]["utc"].endswith("Z")


def test_cli_worked_examples_on_the_anchor(run_cli):
    """issue 7: `--terms mean --anchor 2034-02-04T12:00+08:00` shows both worked examples."""
    import json

    r = run_cli("chaibu", "--terms", "mean", "--anchor", "2034-02-04T12:00+08:00", "--at", "2036-06-12T10:00", "--tz", "+08:00", "--json")
    d = json.loads(r.stdout)
    z = d["methods"]["zhirun"]
    assert (z["ju_term"], z["yuan_status"], z["yuan"]) == ("芒種", "閏", "上") and d["input"]["terms"] == "mean"
    r = run_cli("chaibu", "--terms", "mean", "--anchor", "2034-02-04T12:00+08:00", "--from", "2034-02-01", "--to", "2034-02-28",
               "--tz", "+08:00", "--json")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    spans = [x for x in lines if x["kind"] == "differ"]
    assert spans[0]["hours"] == 60.0 and spans[0]["chaibu"]["label"] == "陽遁2局 下元 (立春)"  # 殘局 30 時


def test_cli_ledger_1933(run_cli):
    import json

    r = run_cli("chaibu", "--year", "1933", "--tz", "+08:00", "--json")
    assert r.exit_code == 0
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    leaps = [x for x in lines if x["kind"] == "block" and x["status"] == "閏"]
    assert [(x["start"], x["head"], x["term"]["name"]) for x in leaps] == [("1933-06-12", "己酉", "芒種")]


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_cli_rich_views(lang, run_cli):
    r = run_cli("chaibu", "--at", "2034-02-04T10:50", "--tz", "+08:00", "--terms", "mean", "--anchor", "2034-02-04T12:00+08:00",
               "--alternatives", "--explain", "--lang", lang)
    assert r.exit_code == 0, r.stdout
    assert "陽遁6局" in r.stdout and "陽遁2局 下元 (立春)" in r.stdout
    r = run_cli("chaibu", "--year", "2024", "--tz", "Asia/Seoul", "--lang", lang)
    assert r.exit_code == 0, r.stdout
    assert "大雪" in r.stdout


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--terms", "true", "--anchor", "2034-02-04T12:00"], "--anchor"),
        (["--anchor", "yesterday"], "yesterday"),
        (["--year", "2400"], "outside"),
        (["--year", "2024", "--at", "2024-01-01T00:00"], "--year"),
        (["--year", "2024", "--alternatives"], "--alternatives"),
        (["--within", "5x", "--at", "2024-01-01"], "--within"),
        (["--at", "1700-01-01T00:00"], "outside"),
        (["--from", "2024-02-01", "--to", "2024-01-01"], "before"),
    ],
)
def test_cli_bad_input_exits_2(args, needle, run_cli):
    r = run_cli("chaibu", *args, "--tz", "+08:00")
    assert r.exit_code == 2
    err = r.stderr
    assert needle in err and len(err.strip().splitlines()) == 1
