"""局 determination (qimen/ju.py): tables, 拆補 and 置閏, on mean and true terms.

The texts' worked examples are reproduced on the 平氣 calendar of READING-qimen.md §5.2
(立春 at 2034-02-04 12:00 +08:00, a 辛卯 day); the true-term cases read the shipped
term table (no skyfield).
"""

from __future__ import annotations

import datetime as dt

import pytest

from qimen_cli.calendar.clock import parse_zone
from qimen_cli.calendar.compass import PALACES
from qimen_cli.calendar.context import get_context
from qimen_cli.calendar.ganzhi import CYCLE, day_index, from_stem_branch, hour_branch, wu_shu_dun
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.calendar.terms import DONGZHI, TERM_NAMES, OutOfSpan, Term, mean_terms, term_index, to_seconds
from qimen_cli.qimen.ju import (
    JU_TABLE,
    LEAP_TERMS,
    YUAN_BY_HEAD_BRANCH,
    ZhirunSequence,
    chaibu_ju,
    determine_ju,
    dun_of,
    fu_tou,
    zhirun_ju,
    zhirun_sequence,
)

CST = dt.timezone(dt.timedelta(hours=8))
ANCHOR = to_seconds(dt.datetime(2034, 2, 4, 12, 0, tzinfo=CST))


@pytest.fixture(scope="module")
def mean():
    """READING-qimen.md §5.2: 平氣 every 365.2425/24 days, 立春 (k 21) at the anchor, ±30 years."""
    return mean_terms(Term(ANCHOR, 21), 24 * 30, 24 * 30)


@pytest.fixture(scope="module")
def true_table():
    return get_context().full_table()


# --- tables -----------------------------------------------------------------------------

def _derived_ju(k: int) -> tuple[str, tuple[int, int, int]]:
    """遁 and (上, 中, 下) 局 of term `k`, derived rather than copied: the eight 節 冬至 立春 春分 立夏
    夏至 立秋 秋分 立冬 open at the 洛書 palace of their trigram (坎1 艮8 震3 巽4 離9 坤2 兌7 乾6, the
    compass's palaces clockwise from the north, one per 45°); the two terms after each go on one
    palace (陽遁 forwards, 陰遁 backwards); 中元 and 下元 are six and twelve palaces on."""
    offset = (k - DONGZHI) % 24
    yang = offset < 12
    _trigram, palace, _name = PALACES[offset // 3]
    step = 1 if yang else -1
    upper = palace + step * (offset % 3)
    return ("陽" if yang else "陰"), tuple((upper + step * 6 * y - 1) % 9 + 1 for y in range(3))


def test_ju_table_is_the_trigram_derivation():
    """JU_TABLE equals the derivation for every term (and so the 局 table of the conventions:
    冬至 174, 立春 852, 夏至 936, 大雪 471 …)."""
    assert set(JU_TABLE) == set(TERM_NAMES)
    for k, name in enumerate(TERM_NAMES):
        dun, ju = _derived_ju(k)
        assert JU_TABLE[name] == ju, name
        assert dun_of(name) == dun
    assert _derived_ju(DONGZHI) == ("陽", (1, 7, 4)) and _derived_ju(term_index("大雪")) == ("陰", (4, 7, 1))


def test_lichun_lower_yuan_misprint():
    """003: "先用立春下元陽二局" but "仍用立春下元陽五局為補局" — the 補局 is 陽二局 (CONVENTIONS.md)."""
    assert JU_TABLE["立春"] == (8, 5, 2)  # "後用立春上元陽八局 … 用立春中元陽五局"
    assert JU_TABLE["立春"][2] != 5


def test_fu_tou_and_yuan_by_head_branch():
    """003: "考古法以甲子、己卯、甲午、己酉為符頭者" — heads are 甲/己 days; 子午卯酉 上, 寅申巳亥 中, 辰戌丑未 下."""
    for day in range(60):
        head = fu_tou(day)
        assert 0 <= day - head < 5 and head % 5 == 0
        assert CYCLE[head][0] in "甲己"
    heads = {CYCLE[h]: YUAN_BY_HEAD_BRANCH[h % 12] for h in range(0, 60, 5)}
    assert heads == {
        "甲子": "上", "己卯": "上", "甲午": "上", "己酉": "上",
        "己巳": "中", "甲申": "中", "己亥": "中", "甲寅": "中",
        "甲戌": "下", "己丑": "下", "甲辰": "下", "己未": "下",
    }


# --- 李氏拆補 on the 平氣 calendar ----------------------------------------------------------


def shichen(start_local: dt.datetime):
    """(start ts, end ts, day owning it, date owning it, hour 干支) of the 時辰 starting at `start_local`."""
    s = to_seconds(start_local)
    owner = (start_local + dt.timedelta(hours=1)).date()
    day = day_index(owner)
    branch = hour_branch(start_local.hour)
    hour = from_stem_branch(wu_shu_dun(day % 10, branch), branch)
    return s, s + 7200.0, day, owner, CYCLE[hour]


def shichen_at(local: dt.datetime):
    h = local.hour if local.hour % 2 else (local.hour - 1) % 24
    start = local.replace(hour=h, minute=0)
    if start > local:
        start -= dt.timedelta(days=1)
    return shichen(start)


def chaibu_at(table, local: dt.datetime, switch="shichen"):
    s, e, day, _, hour = shichen_at(local)
    return chaibu_ju(table, to_seconds(local), s, e, day, switch, CST), CYCLE[day], hour


@pytest.mark.parametrize(
    "local, day, hour, term, yuan, ju",
    [  # READING-qimen.md §5.2, 拆補 (時辰 switch)
        (dt.datetime(2034, 2, 4, 10, 30), "辛卯", "癸巳", "大寒", "下", 6),  # "是日癸巳時，猶用大寒下元"
        (dt.datetime(2034, 2, 4, 12, 30), "辛卯", "甲午", "立春", "下", 2),  # "自甲午時起 … 先用立春下元陽二局"
        (dt.datetime(2034, 2, 7, 0, 30), "甲午", "甲子", "立春", "上", 8),   # "自甲午日子時起 … 立春上元陽八局"
        (dt.datetime(2034, 2, 12, 0, 30), "己亥", "甲子", "立春", "中", 5),  # "己亥日子時起 … 立春中元陽五局"
        (dt.datetime(2034, 2, 19, 17, 30), "丙午", "丁酉", "雨水", "下", 3),  # "丙午日丁酉時交雨水節 … 先用下元補局"
    ],
)
def test_li_example_rows(mean, local, day, hour, term, yuan, ju):
    got, got_day, got_hour = chaibu_at(mean, local.replace(tzinfo=CST))
    assert (got_day, got_hour) == (day, hour)
    assert (got.ju_term, got.yuan, got.dun, got.ju) == (term, yuan, "陽", ju)
    assert got.method == "chaibu" and got.yuan_status is None and got.yuan_days is None


def test_li_example_terms_fall_as_the_text_says(mean):
    """003: "辛卯日午時立春" and "丙午日丁酉時交雨水節" on the 平氣 calendar."""
    lichun = mean.in_force(ANCHOR)
    assert lichun.name == "立春"
    _, _, day, _, hour = shichen_at(dt.datetime(2034, 2, 4, 12, 0, tzinfo=CST))
    assert (CYCLE[day], hour) == ("辛卯", "甲午")
    yushui = mean.following(ANCHOR)
    assert yushui.name == "雨水"
    local = dt.datetime.fromtimestamp(yushui.ts, CST)
    _, _, day, _, hour = shichen_at(local)
    assert (CYCLE[day], hour) == ("丙午", "丁酉")


def test_li_example_30_and_33_shichen(mean):
    """003: 殘局 "自甲午時起至癸巳日亥時止，共三十時"; 補局 "自甲辰日子時起，至丙午日申時止，共三十三時"."""
    start = dt.datetime(2034, 2, 3, 23, 0, tzinfo=CST)
    runs = []  # consecutive runs of (term, yuan) with their first and last 時辰
    for i in range(12 * 20):
        s, e, day, _, hour = shichen(start + dt.timedelta(hours=2 * i))
        ju = chaibu_ju(mean, s, s, e, day, "shichen", CST)
        key = (ju.ju_term, ju.yuan)
        if runs and runs[-1][0] == key:
            runs[-1][1] += 1
            runs[-1][3] = (CYCLE[day], hour)
        else:
            runs.append([key, 1, (CYCLE[day], hour), (CYCLE[day], hour)])
    lichun = [r for r in runs if r[0][0] == "立春"]
    assert [r[0][1] for r in lichun] == ["下", "上", "中", "下"]
    first, upper, middle, last = lichun
    assert (first[1], first[2], first[3]) == (30, ("辛卯", "甲午"), ("癸巳", "癸亥"))
    assert (upper[1], upper[2], upper[3]) == (60, ("甲午", "甲子"), ("戊戌", "癸亥"))
    assert (middle[1], middle[2], middle[3]) == (60, ("己亥", "甲子"), ("癸卯", "癸亥"))
    assert (last[1], last[2], last[3]) == (33, ("甲辰", "甲子"), ("丙午", "丙申"))
    assert first[1] + last[1] == 63  # "補足先用殘局，以成一元" (60 時, plus the split 時辰's count)
    after = runs[runs.index(last) + 1]
    assert after[0] == ("雨水", "下") and after[2] == ("丙午", "丁酉")


def test_li_switch_at_shichen_or_instant(mean):
    """READING §5.2: 11:30 on 2034-02-04 is inside the 午時 of the 12:00 立春."""
    local = dt.datetime(2034, 2, 4, 11, 30, tzinfo=CST)
    by_shichen, _, _ = chaibu_at(mean, local, "shichen")
    by_instant, _, _ = chaibu_at(mean, local, "instant")
    assert (by_shichen.ju_term, by_shichen.ju) == ("立春", 2)
    assert by_shichen.solar_term.name == "大寒"  # the sky is still in 大寒
    assert (by_instant.ju_term, by_instant.ju) == ("大寒", 6)
    with pytest.raises(ValueError):
        chaibu_at(mean, local, "sometime")


# --- 古法 置閏 on the 平氣 calendar ---------------------------------------------------------


@pytest.mark.parametrize(
    "head, head_name, term, term_day, days, status",
    [  # READING-qimen.md §5.2, 置閏
        ("2034-02-07", "甲午", "立春", "辛卯", -3, "接氣"),
        ("2034-10-05", "甲午", "寒露", "甲午", 0, "正受"),   # "直至甲午日子時交寒露節，三元順序始為正受"
        ("2034-10-20", "己酉", "霜降", "庚戌", 1, "超神"),   # "至己酉日乃用霜降超起"
        ("2035-06-02", "甲午", "芒種", "戊戌", 4, "超神"),   # "超至次年戊戌日芒種，超過四日"
        ("2035-11-29", "甲午", "大雪", "辛丑", 7, "超神"),   # "超至辛丑日大雪，超過七日"
        ("2036-05-27", "甲午", "芒種", "癸卯", 9, "超神"),   # "又超至次年癸卯日芒種，過九日"
        ("2036-06-11", "己酉", "芒種", "癸卯", -6, "閏"),    # "即以己酉日疊作芒種閏奇"
    ],
)
def test_zhirun_narrative(mean, head, head_name, term, term_day, days, status):
    seq = zhirun_sequence(mean, CST)
    blk = seq.block_at(dt.date.fromisoformat(head))
    assert blk.start.isoformat() == head and blk.head == head_name
    assert (blk.term.name, CYCLE[day_index(blk.term_date)], blk.days, blk.status) == (term, term_day, days, status)


def test_zhirun_hanlu_at_late_zi_of_the_civil_jiawu(mean):
    """003: "甲午日子時交寒露節" — 寒露 falls at 23:xx of the civil 甲午 date and still counts as 甲午 (正受)."""
    hanlu = next(t for t in mean.terms if t.name == "寒露" and t.ts > ANCHOR)
    local = dt.datetime.fromtimestamp(hanlu.ts, CST)
    assert local.hour == 23 and CYCLE[day_index(local.date())] == "甲午"
    assert zhirun_sequence(mean, CST).block_at(local.date()).status == "正受"


def test_zhirun_leap_chart(mean):
    """READING §5.2: a chart at 2036-06-12 10:00 gives 芒種, 閏, 上元."""
    m = resolve_moment("2036-06-12T10:00", "+08:00", table=mean)
    ju = determine_ju(m)
    assert (ju.ju_term, ju.yuan_status, ju.yuan, ju.dun, ju.ju) == ("芒種", "閏", "上", "陽", 6)
    assert ju.solar_term.name == "芒種" and ju.fu_tou == "己酉"
    assert ju.block_start == dt.date(2036, 6, 11)
    block = next(s for s in ju.steps if s.key == "block")
    assert block.value("why").key == "leap" and block.value("why").value("previous_start") == dt.date(2036, 5, 27)


def test_zhirun_yuan_equals_head_branch_rule(mean):
    """Within a block the 元 by position (5 days each) is the 元 by the 符頭's branch."""
    seq = zhirun_sequence(mean, CST)
    for o in range(dt.date(2034, 1, 1).toordinal(), dt.date(2036, 1, 1).toordinal()):
        d = dt.date.fromordinal(o)
        ju = zhirun_ju(mean, CST, d, to_seconds(dt.datetime(d.year, d.month, d.day, 12, tzinfo=CST)))
        assert ju.yuan == YUAN_BY_HEAD_BRANCH[fu_tou(day_index(d)) % 12]
        assert ju.fu_tou == CYCLE[fu_tou(day_index(d))]
        assert seq.block_at(d).start == ju.block_start


def test_sequence_is_built_once(mean):
    assert zhirun_sequence(mean, CST) is zhirun_sequence(mean, CST)


def test_outside_the_sequence(mean):
    seq = zhirun_sequence(mean, CST)
    with pytest.raises(OutOfSpan):
        seq.block_at(seq.first_date - dt.timedelta(days=1))
    with pytest.raises(OutOfSpan):
        seq.block_at(seq.last_date + dt.timedelta(days=1))
    seq.block_at(seq.first_date), seq.block_at(seq.last_date)


def converged_from(a: ZhirunSequence, b: ZhirunSequence) -> int:
    """First block from which the two sequences are identical to the end."""
    n = min(len(a), len(b))
    k = n
    pa, sa, pb, sb = a.positions, a.statuses, b.positions, b.statuses
    while k > 0 and (pa[k - 1], sa[k - 1]) == (pb[k - 1], sb[k - 1]):
        k -= 1
    return k


@pytest.mark.parametrize("shift", [-2, -1, 1, 2, 3])
def test_different_starts_converge(mean, true_table, shift):
    """READING §2.3: the first block's term is a convention; other starting assignments converge."""
    for table in (mean, true_table):
        base = ZhirunSequence(table, CST)
        other = ZhirunSequence(table, CST, shift=shift)
        assert len(other) == len(base)
        assert converged_from(base, other) <= 200  # within about eight years


def test_unknown_method(mean):
    m = resolve_moment("2034-03-01T10:00", "+08:00", table=mean)
    with pytest.raises(ValueError, match="lunar"):
        determine_ju(m, method="lunar")


# --- true terms (the shipped table) ---------------------------------------------------------


def test_calibration_chart():
    """READING §1: 2024-03-05 11:00 +08:00, 拆補: 驚蟄, 陽遁1局 上元, 符頭 甲子."""
    m = resolve_moment("2024-03-05T11:00", "+08:00")
    ju = determine_ju(m, "chaibu")
    assert (ju.ju_term, ju.dun, ju.ju, ju.yuan, ju.fu_tou) == ("驚蟄", "陽", 1, "上", "甲子")
    assert ju.solar_term.name == "驚蟄"


def test_methods_differ_2024_06_15():
    """issue 7: 拆補 陽遁六局 上元 (芒種), 置閏 陰遁九局 上元 (夏至, 超神)."""
    m = resolve_moment("2024-06-15T14:30", "+08:00")
    c, z = determine_ju(m, "chaibu"), determine_ju(m, "zhirun")
    assert (c.dun, c.ju, c.yuan, c.ju_term) == ("陽", 6, "上", "芒種")
    assert (z.dun, z.ju, z.yuan, z.ju_term, z.yuan_status) == ("陰", 9, "上", "夏至", "超神")
    assert z.solar_term.name == "芒種" and z.yuan_days > 0


def test_methods_differ_2004_09_01():
    """issue 7: 拆補 陰遁一局 vs 置閏 陰遁九局 上元 (白露)."""
    m = resolve_moment("2004-09-01T12:00", "+08:00")
    c, z = determine_ju(m, "chaibu"), determine_ju(m, "zhirun")
    assert (c.dun, c.ju) == ("陰", 1)
    assert (z.dun, z.ju, z.yuan, z.ju_term) == ("陰", 9, "上", "白露")


@pytest.mark.parametrize(
    "head, head_name, term, term_date, term_day, days, status",
    [  # READING §5.3 (true terms, UTC+8)
        ("1931-10-06", "甲午", "寒露", "1931-10-09", "丁酉", 3, "超神"),
        ("1932-06-02", "甲午", "芒種", "1932-06-06", "戊戌", 4, "超神"),   # "超過四日" ✓
        ("1932-11-29", "甲午", "大雪", "1932-12-07", "壬寅", 8, "超神"),   # text: 辛丑 超七
        ("1933-05-28", "甲午", "芒種", "1933-06-06", "癸卯", 9, "超神"),   # "過九日" ✓
        ("1933-06-12", "己酉", "芒種", "1933-06-06", "癸卯", -6, "閏"),    # "己酉日疊作芒種閏奇" ✓
    ],
)
def test_true_terms_1931_1933(true_table, head, head_name, term, term_date, term_day, days, status):
    blk = zhirun_sequence(true_table, CST).block_at(dt.date.fromisoformat(head))
    assert (blk.start.isoformat(), blk.head, blk.term.name) == (head, head_name, term)
    assert (blk.term_date.isoformat(), CYCLE[day_index(blk.term_date)]) == (term_date, term_day)
    assert (blk.days, blk.status) == (days, status)


def test_true_1933_leap_chart():
    m = resolve_moment("1933-06-13T09:00", "+08:00")
    z = determine_ju(m)
    assert (z.ju_term, z.yuan_status, z.yuan, z.block_start) == ("芒種", "閏", "上", dt.date(1933, 6, 12))
    assert z.solar_term.name == "芒種"


def test_late_zi_hour_belongs_to_the_next_day_under_both_day_changes():
    """READING §1: a 元 is 60 時辰 from the head day's 子時, so 23:xx takes the next day's 元."""
    for day_change in (23, 0):
        m = resolve_moment("2024-03-05T23:30", "+08:00", day_change=day_change)  # civil 戊辰; 己巳 from 23:00
        for method in ("zhirun", "chaibu"):
            ju = determine_ju(m, method)
            assert ju.fu_tou == "己巳" and ju.yuan == "中", (day_change, method)


def test_leap_terms_are_the_solstice_terms():
    """003: "故超四十餘氣，遇芒種大雪，重用本氣三元"."""
    assert LEAP_TERMS == {"芒種", "大雪"}


# --- properties over the whole true table ------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=to_seconds(dt.datetime(1801, 1, 1, tzinfo=CST)),
                 max_value=to_seconds(dt.datetime(2200, 6, 1, tzinfo=CST))))
def test_methods_share_the_yuan_and_differ_only_by_term(ts):
    """Both methods take the 元 from the same 符頭; the 置閏 term is the sky's, the next (超神) or the previous (接氣/閏)."""
    table = get_context().full_table()
    local = dt.datetime.fromtimestamp(ts, CST)
    s, e, day, owner, _ = shichen_at(local)
    z = zhirun_ju(table, CST, owner, ts)
    c = chaibu_ju(table, ts, s, e, day, "shichen", CST)
    assert z.yuan == c.yuan and z.fu_tou == c.fu_tou
    assert (z.ju_term_k - z.solar_term.k) % 24 in (0, 1, 23)
    assert (c.ju_term_k - c.solar_term.k) % 24 in (0, 1)
    if z.ju_term == c.ju_term:
        assert (z.dun, z.ju) == (c.dun, c.ju)
    assert z.block_start <= owner < z.block_start + dt.timedelta(days=15)


@pytest.mark.parametrize("zone", ["+08:00", "Asia/Shanghai", "America/New_York"])
def test_sequence_grown_on_demand_equals_the_whole(true_table, zone):
    """The sequence grows only as far as a lookup needs: each block read from a fresh sequence
    (one lookup each, far apart and out of order) is the block of the sequence built whole."""
    tz = parse_zone(zone)
    whole = ZhirunSequence(true_table, tz)
    n = len(whole)
    for b in (n - 1, 0, n // 2, 7_000, 3_001, n // 3):
        fresh = ZhirunSequence(true_table, tz)
        assert fresh.block(b) == whole.block(b)
        assert fresh._known < n or b >= n - 1  # the walk stopped short of the table's end
        for y in range(3):
            assert fresh.fields(b, y) == whole.fields(b, y)
    fresh = ZhirunSequence(true_table, tz)
    assert fresh.last_date == whole.last_date and fresh.positions == whole.positions


def block_by_block(table, tz):
    """The 置閏 blocks the plain way, one block after another over every term (READING §2.3):
    (positions, statuses), written apart from `ZhirunSequence`'s walk from 芒種/大雪 to 芒種/大雪."""
    from qimen_cli.calendar.clock import local_ordinals
    from qimen_cli.calendar.ganzhi import ordinal_day
    from qimen_cli.qimen.ju import BLOCK_DAYS, LEAP_DAYS, LEAP_TERMS, START_MARGIN_DAYS

    dates = local_ordinals(table.stamps, tz)
    o = dates[0] + START_MARGIN_DAYS
    o += (-ordinal_day(o)) % BLOCK_DAYS
    j = next(i for i, d in enumerate(dates) if d >= o)
    if j > 0 and o - dates[j - 1] <= dates[j] - o:
        j -= 1
    positions, statuses, leap_next = [], [], False
    while j < len(dates):
        days = dates[j] - (o + BLOCK_DAYS * len(positions))
        if leap_next:
            status, leap_next = "閏", False
        else:
            status = "正受" if days == 0 else "超神" if days > 0 else "接氣"
        positions.append(j)
        statuses.append(status)
        if status != "閏" and table.terms[j].name in LEAP_TERMS and days >= LEAP_DAYS:
            leap_next = True
        else:
            j += 1
    return positions, statuses


@pytest.mark.parametrize("zone", ["+08:00", "Asia/Shanghai", "America/New_York", "-11:00"])
def test_sequence_walk_equals_block_by_block(true_table, mean, zone):
    """The sequence walked from 芒種/大雪 to 芒種/大雪 is the sequence built block by block."""
    tz = parse_zone(zone)
    for table in (true_table, mean):
        seq = ZhirunSequence(table, tz)
        assert (seq.positions, seq.statuses) == block_by_block(table, tz)
