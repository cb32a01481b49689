"""`qimen verify`'s rows of the other arts (verify/rows_arts.py, answers_arts.py) and the mutations
of scripts/mutate.py's GODS, GUCU and LIUREN.

The rows read the reports of real instants; the ones that straddle a term must really straddle it
(a row "before and after 雨水" that is not is no check), 004 line 143's rows compare the mechanism
the text names, and every row is worded in zh and ko.
"""

from __future__ import annotations

import datetime as _dt
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from qimen_cli.verify import answers_arts as aa
from qimen_cli.verify import rows_arts
from qimen_cli.verify.claim import AGREES, DOCUMENTED, check
from qimen_cli.verify.rows import CLAIMS

ROOT = Path(__file__).resolve().parents[1]
BY_ID = {c.id: c for c in CLAIMS}


def _mutate():
    if "mutate" in sys.modules:
        return sys.modules["mutate"]
    spec = importlib.util.spec_from_file_location("mutate", ROOT / "scripts" / "mutate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate"] = module
    spec.loader.exec_module(module)
    return module


def _term(name: str, year: int) -> _dt.datetime:
    from qimen_cli.calendar.context import get_context

    tz = _dt.timezone(_dt.timedelta(hours=8))
    lo, hi = _dt.datetime(year, 1, 1, tzinfo=tz).timestamp(), _dt.datetime(year + 1, 1, 1, tzinfo=tz).timestamp()
    (term,) = [t for t in get_context().table_for(lo).between(lo, hi) if t.name == name]
    return _dt.datetime.fromtimestamp(term.ts, tz)


@pytest.mark.parametrize(("name", "before", "after"), [
    ("雨水", rows_arts.BEFORE_YUSHUI, rows_arts.AFTER_YUSHUI),
    ("驚蟄", "2024-03-05T10:00", "2024-03-05T10:30"),
    ("夏至", "2024-06-21T04:40", "2024-06-21T04:55"),
    ("冬至", "2024-12-21T17:10", "2024-12-21T17:30"),
])
def test_the_instants_straddle_their_term_within_one_shichen(name, before, after):
    """The rows' "before and after" readings are on either side of the true term, in one 時辰 of one day."""
    at = _term(name, 2024)
    a, b = aa.moment(before), aa.moment(after)
    assert a.local < at < b.local
    assert (a.hour_branch, a.pillars.day) == (b.hour_branch, b.pillars.day)


def test_the_lunar_dates_the_liuren_rows_name():
    """lr-yuejiang-yushui is 正月初十 (004's 正月 將 亥), lr-fanyin-instant 十二月廿八 after 立春 (子 both ways)."""
    assert (aa.moment(rows_arts.BEFORE_YUSHUI).lunar.month, aa.moment(rows_arts.BEFORE_YUSHUI).lunar.day) == (1, 10)
    late = aa.moment("2024-02-07T12:00")
    assert (late.lunar.month, late.lunar.day, late.jie.name) == (12, 28, "立春")


def test_every_row_is_worded_in_zh_and_ko():
    ids = [c.id for c in rows_arts.ROWS]
    assert len(ids) == len(set(ids)) == len(rows_arts.WORDS)
    assert set(ids) == set(rows_arts.WORDS)
    for zh, ko in rows_arts.WORDS.values():
        assert zh and ko and not re.search(r"[가-힣]", zh) and re.search(r"[가-힣]", ko)


def test_rows_of_the_other_arts_only():
    assert {c.art for c in rows_arts.ROWS} == {"gods", "gucu", "liuren"}
    assert all(c.text in ("000", "004") for c in rows_arts.ROWS)
    assert all(c.id in BY_ID for c in rows_arts.ROWS)


@pytest.mark.parametrize(("row", "expected", "answer", "verdict"), [
    ("lr-jiazi-yin", "上克下 勝光", "上克下 勝光", AGREES),
    ("lr-dingsi-wu", "下克上 從魁", "下克上 從魁", AGREES),
    ("lr-gengwu-he-kui", "兩上克下 比 河魁", "兩下克上 比 河魁", DOCUMENTED),
    ("lr-wuchen-chou", "涉害深 勝光", "涉害俱深先見 神后", DOCUMENTED),
    ("lr-jiyou-xu", "涉害俱深先見 勝光", "上克下 勝光", DOCUMENTED),
])
def test_line_143_compares_the_mechanism_the_text_names(row, expected, answer, verdict):
    """004 line 143: the mechanism (上克下, 下克上, 兩…比, 涉害深, 涉害俱深先見) with the 用; where the program's
    mechanism differs, the row is documented (and its 用 may still be the text's)."""
    checked = check(BY_ID[row])
    assert (checked.claim.expected, checked.answer, checked.verdict) == (expected, answer, verdict)


def test_the_she_hai_depths_are_numbers_that_decide():
    """涉害's depth as a number: 戊辰 ties 4:4 (先見 神后); 丁卯 is 2:6 and the deeper 登明 is used."""
    assert aa.liuren_depths("戊辰", 4, "丑") == "俱比 子4 午4"
    assert aa.liuren_depths("丁卯", 1, "丑") == "俱比 丑2 亥6"
    assert aa.liuren_how("丁卯", 1, "丑") == "涉害深 登明"
    assert aa.liuren_depths("甲子", 1, "寅") == "賊剋"


@pytest.mark.parametrize(("lesson", "how"), [
    (("甲辰", 1, "寅"), "遙剋 神剋日 傳送"),
    (("戊辰", 1, "未"), "遙剋 日剋神 神后"),
    (("庚午", 1, "子"), "遙剋 神剋日 比 勝光"),
    (("戊寅", 1, "未"), "昴星 仰 大吉"),
    (("丁丑", 1, "申"), "昴星 伏 勝光"),
    (("庚申", 1, "戌"), "八專 順數 登明"),
    (("己未", 1, "戌"), "八專 逆數 小吉"),
    (("戊辰", 1, "戌"), "別責 功曹"),
])
def test_the_mechanism_of_each_rule(lesson, how):
    assert aa.liuren_how(*lesson) == how


def test_the_default_fan_yin_reading_is_the_engine_default():
    """The real-instant lessons are cast as `qimen liuren` casts them: without a --fan-yin, the default."""
    assert aa.liuren_at("2024-02-07T12:00") == aa.liuren_at("2024-02-07T12:00", "chong") != aa.liuren_at(
        "2024-02-07T12:00", "najia")


def test_the_mutation_ledger_of_the_other_arts():
    """At least ten mutations in each of GODS, GUCU and LIUREN, each inside the engine of its art (or the
    calendar it reads), none the same change twice."""
    mutate = _mutate()
    for group, art, homes in ((mutate.GODS, "gods", ("gods/", "calendar/")), (mutate.GUCU, "gucu", ("gucu/",)),
                              (mutate.LIUREN, "liuren", ("liuren/",))):
        assert len(group) >= 10
        assert all(m.art == art and m.path.startswith(homes) for m in group)
        assert len({(m.path, m.old) for m in group}) == len(group)
