"""`--tian-men`: 004's 天罡加天門 / 加地戶 (line 63) under the texts' own 天門 and 地戶 — 004's 遊門 天門
of the month (line 51) and 000's 天三門 / 地四戶 of the hour (line 43) — beside the default 六壬 usage
(天門 亥, 地戶 巳); in liuren, gucu and find, labelled in view and JSON with the reading taken."""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest

import qimen_cli
from qimen_cli import options
from qimen_cli.calendar.ganzhi import BRANCHES, cycle_index
from qimen_cli.gods import twelve as tw
from qimen_cli.gucu import tiangang as tg
from qimen_cli.gucu.directions import you_men
from qimen_cli.liuren.report import cast

B = {c: i for i, c in enumerate(BRANCHES)}
PAIRS = list(itertools.product(range(12), range(12)))  # (月將, hour)

#: 004 line 51, as the text gives it: the 天門 of each month.
YOU_MEN_TEXT = ("正月天門在申，百死在酉。二月天門在酉，百死在戌。三月天門在戌，百死在亥。四月天門在亥，百死在子。"
                "五月天門在子，百死在丑。六月天門在丑，百死在寅。七月天門在寅，百死在卯。八月天門在卯，百死在辰。"
                "九月天門在辰，百死在巳。十月天門在巳，百死在午。十一月天門在午，百死在未。十二月天門在未，百死在申。")
MONTHS = ("正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


def test_the_readings_are_defined_alike():
    assert options.TIAN_MEN_READINGS == tg.TIAN_MEN_READINGS
    assert {o.name: o for o in options.own("liuren")}["tian_men"].default == "liuren"
    assert {o.name: o for o in options.own("gucu")}["tian_men"].default is None
    assert {o.name: o for o in options.own("find")}["tian_men"].default is None


def test_youmen_gate_is_the_months_tian_men():
    """004 line 51's 天門 of each month (read off the line), and no 地戶: 天罡加天門 exactly when heaven's 辰
    stands on it, 天罡加地戶 never; on 酉 (二月's 天門) both 天門 and 酉."""
    for m, name in enumerate(MONTHS, start=1):
        men = YOU_MEN_TEXT.split(f"{name}月天門在")[1][0] if m != 1 else "申"
        assert tg.reading_places("youmen", 0, 0, m) == ((B[men],), ())
        for yj, hour in PAIRS:
            on = tg.tian_gang_position(yj, hour)
            g = tg.gate_reading(on, "youmen", *tg.reading_places("youmen", yj, hour, m))
            assert ("天門" in g.gate) == (on == B[men]) and "地戶" not in g.gate
            assert ("酉" in g.gate) == (on == B["酉"])
            assert g.tian_men == (men,) and g.di_hu == () and g.taken == "youmen"
    both = tg.gate_reading(B["酉"], "youmen", *tg.reading_places("youmen", 0, 0, 2))
    assert both.gate == ("天門", "酉") and both.reading == ("可以攻敵", tg.ON_YOU)


def test_sanmen_places_are_twelve_gods_directions():
    """000 line 43: the 天門 under 太沖 小吉 從魁 (月將加正時) and the 地戶 under 除 危 定 開 (月建加正時), as
    twelve-gods gives them; heaven's 辰 never stands on a 天門, and on a 地戶 exactly when the 月將 is a 仲
    (卯 子 酉 午: the 四戶 fall at the hour +1 +4 +7 +10, 天罡 at the hour + 辰 − 月將)."""
    for (yj, hour), month_branch in itertools.product(PAIRS, (2, 7)):
        men, hu = tg.reading_places("sanmen", yj, hour, None, month_branch)
        assert men == tuple(tw.tian_men(yj, hour).values())
        assert hu == tuple(tw.di_hu(month_branch, hour).values())
        g = tg.gate_reading(tg.tian_gang_position(yj, hour), "sanmen", men, hu)
        assert "天門" not in g.gate
        assert ("地戶" in g.gate) == (yj in (B["卯"], B["子"], B["酉"], B["午"]))


def test_liuren_default_gate_is_unchanged():
    lesson = cast(cycle_index("戊辰"), B["丑"], B["申"], month_jian=B["巳"])
    assert lesson.tian_gang == tg.gate(tg.tian_gang_position(B["申"], B["丑"]))
    assert lesson.tian_gang.source == "天門 亥, 地戶 巳: standard, not from the text"
    other = cast(cycle_index("戊辰"), B["丑"], B["申"], month_jian=B["巳"], tian_men="youmen")
    assert other.tian_gang.tian_men == (you_men(4).tian_men,) == ("亥",)
    assert [getattr(lesson, f.name) for f in dataclasses.fields(lesson) if f.name != "tian_gang"] == \
        [getattr(other, f.name) for f in dataclasses.fields(other) if f.name != "tian_gang"]


def _json(run_cli, *args):
    r = run_cli(*args, "--json")
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


def test_liuren_json_names_the_reading(run_cli):
    base = ("liuren", "--day", "戊辰", "--hour", "卯", "--month", "二月")
    plain = _json(run_cli, *base)
    assert "tian_men" not in plain["input"] and plain["tian_gang"]["source"].startswith("天門 亥")
    d = _json(run_cli, *base, "--tian-men", "youmen")
    assert d["input"]["tian_men"] == "youmen"
    assert d["tian_gang"] == {"on": "酉", "gate": ["天門", "酉"], "reading": ["可以攻敵", tg.ON_YOU], "tian_men": ["酉"],
                              "di_hu": [], "taken": "youmen", "source": tg.READING_SOURCE["youmen"]}
    assert {k: v for k, v in d.items() if k not in ("input", "tian_gang")} == \
        {k: v for k, v in plain.items() if k not in ("input", "tian_gang")}
    dated = _json(run_cli, "liuren", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--tian-men", "sanmen")
    assert dated["input"]["tian_men"] == "sanmen" and dated["tian_gang"]["taken"] == "sanmen"
    twelve = _json(run_cli, "twelve-gods", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
    # the places are twelve-gods' own 天三門 and 地四戶 at the same instant
    assert dated["tian_gang"]["tian_men"] == list(twelve["directions"]["tian_men"].values())
    assert dated["tian_gang"]["di_hu"] == list(twelve["directions"]["di_hu"].values())


def test_youmen_without_a_month_is_refused(run_cli):
    r = run_cli("liuren", "--day", "戊辰", "--hour", "丑", "--yuejiang", "申", "--tian-men", "youmen")
    assert r.exit_code == 2 and r.stdout == "" and "--month" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = run_cli("liuren", "--day", "戊辰", "--hour", "丑", "--month", "四月", "--tian-men", "wumen")
    assert r.exit_code == 2 and "--tian-men" in r.stderr and "youmen" in r.stderr


def test_gucu_shows_the_gate_only_when_asked(run_cli):
    at = ("gucu", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
    plain = _json(run_cli, *at)
    assert "tian_gang_gate" not in plain
    for reading in tg.TIAN_MEN_READINGS:
        d = _json(run_cli, *at, "--tian-men", reading)
        gate = d.pop("tian_gang_gate")
        assert d == plain and gate["on"] == plain["tian_gang"]["branch"]
        assert (gate.get("taken"), gate["source"]) == (
            (None, "天門 亥, 地戶 巳: standard, not from the text") if reading == "liuren"
            else (reading, tg.READING_SOURCE[reading]))
    youmen = _json(run_cli, *at, "--tian-men", "youmen")["tian_gang_gate"]
    assert youmen["tian_men"] == [plain["you_men"]["tian_men"]]  # the 遊門 the report itself shows


def test_find_takes_the_reading(run_cli):
    """find liuren:天罡加天門 under --tian-men youmen holds exactly on the 時辰 whose liuren JSON says so."""
    span = ("--from", "2024-03-01", "--to", "2024-03-04T23:59", "--tz", "+08:00")
    r = run_cli("find", *span, "--where", "liuren:天罡加天門", "--tian-men", "youmen", "--json")
    assert r.exit_code == 0
    windows = [json.loads(line) for line in r.stdout.splitlines()]
    lines = run_cli("liuren", *span, "--tian-men", "youmen", "--json").stdout.splitlines()
    # every 2h instant of liuren's range is inside a window iff its gate holds 天門
    for d in map(json.loads, lines):
        inside = any(w["start"] <= d["input"]["local"] < w["end"] for w in windows)
        assert inside == ("天門" in d["tian_gang"]["gate"]), d["input"]["local"]
    plain = run_cli("find", *span, "--where", "liuren:天罡加天門", "--json").stdout
    assert plain != r.stdout
    g = run_cli("find", *span, "--where", "gucu:tian_gang_gate.taken=youmen", "--tian-men", "youmen", "--count")
    assert g.exit_code == 0 and int(g.stdout) == 1  # one window: every 時辰 of the range


def test_api_and_tools_take_it(run_cli):
    args = ("liuren", "--day", "戊辰", "--hour", "卯", "--month", "二月", "--tian-men", "youmen", "--json")
    answer = qimen_cli.liuren(day="戊辰", hour="卯", month="二月", tian_men="youmen")
    assert answer.to_json() + "\n" == run_cli(*args).stdout
    answer = qimen_cli.gucu("2024-03-05T11:00", tz="Asia/Shanghai", tian_men="sanmen")
    assert answer.to_json() + "\n" == run_cli("gucu", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai",
                                              "--tian-men", "sanmen", "--json").stdout
    from qimen_cli.mcp_server import tool_schema

    for command in ("liuren", "gucu", "find"):
        props = tool_schema(command)["properties"]
        assert props["tian_men"]["enum"] == list(tg.TIAN_MEN_READINGS)


@pytest.mark.parametrize("lang,words", [("zh", ("天罡加酉", "遊門天門酉")), ("ko", ("천강가酉", "유문(遊門)의 천문 酉")),
                                        ("en", ("天罡 on 酉", "no 地戶 Dihu"))])
def test_views_name_the_reading(run_cli, lang, words):
    r = run_cli("liuren", "--day", "戊辰", "--hour", "卯", "--month", "二月", "--tian-men", "youmen", "--lang", lang)
    assert r.exit_code == 0 and all(w in r.stdout for w in words)
    g = run_cli("gucu", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--tian-men", "sanmen", "--lang", lang)
    assert g.exit_code == 0 and {"zh": "天三門", "ko": "천삼문", "en": "three heaven gates"}[lang] in g.stdout
    plain = run_cli("gucu", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--lang", lang)
    assert {"zh": "天三門", "ko": "천삼문", "en": "three heaven gates"}[lang] not in plain.stdout
