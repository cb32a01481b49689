"""`qimen gucu` as a user runs it: JSON keys, JSON Lines, the terminal view, exit codes."""

import json

import pytest

AT = ("--at", "2024-02-10T12:00", "--tz", "Asia/Shanghai")


def test_json_keys(run_cli):
    r = run_cli("gucu", *AT, "--json", "--size", "20000", "--tone", "角", "--born", "5-5")
    assert r.exit_code == 0, r.stderr
    d = json.loads(r.stdout)
    for key in ("gu_xu", "bei_jian_xiang_po", "tian_mu", "di_er", "di_bing", "lei_gong", "hu_wei", "huang_fan",
                "you_men", "attack", "tian_gang", "chu_jun", "mansion", "yun_chou", "bi_wu", "an_ying",
                "month_basis", "lunar", "chu_jun_route", "wu_yin", "san_jiu", "instant_utc", "pillars"):
        assert key in d, key
    assert d["gu_xu"]["hour"] == {"gu": "巳", "xu": "亥"} and d["gu_xu"]["day"] == {"gu": "卯", "xu": "酉"}
    assert d["gu_xu"]["xun"] == {"gu": ["寅", "卯"], "xu": ["申", "酉"]} and d["gu_xu"]["chosen"] == "day"
    assert d["bei_jian_xiang_po"] == {"jian": "寅", "po": "申"}
    assert d["attack"] == {"from": "艮", "to": "坤", "day": 1, "reason": None}
    assert d["tian_gang"]["branch"] == "戌" and d["tian_gang"]["readings"]["shen"] == "神在外"
    assert d["you_men"] == {"tian_men": "申", "bai_si": "酉"}
    assert d["mansion"] == {"name": "氐", "yuan": "人元", "yao": "土星"}
    assert {k: d["yun_chou"][k] for k in ("yu_nu", "tian_men", "di_hu", "kai", "bi")} == \
        {"yu_nu": "癸", "tian_men": "庚", "di_hu": "丁", "kai": "辰", "bi": "亥"}
    assert d["bi_wu"]["wu"] == "申" and d["bi_wu"]["order"][0] == "申"
    assert d["an_ying"]["da_jiang"] == "辰"
    assert d["camp"] == {"men": 20000, "chi": 120000, "bu": 20004}   # 六尺 a man, 步 of six 尺, made up to a six
    assert d["month_basis"] == "lunar" and d["lunar"] == {"month": 1, "day": 1, "leap": False}
    assert d["chu_jun_route"]["ju_qing_long"]["stem"] == "戊"       # 庚午時: 甲子旬, 甲 under 戊
    assert d["san_jiu"]["ming_xiu"] == "胃"


def test_month_basis_jie_and_no_chart(run_cli):
    r = run_cli("gucu", *AT, "--json", "--month-basis", "jie", "--no-chart")
    d = json.loads(r.stdout)
    assert d["month_basis"] == "jie" and d["month_day"]["day"] == 7
    assert "往亡" in d["chu_jun"]["avoid"] and d["chu_jun_route"] is None


def test_born_iso_date(run_cli):
    """An ISO birthday is read under the basis: 2024-06-11 is 五月初六 of the lunar calendar."""
    r = run_cli("gucu", *AT, "--json", "--born", "2024-06-11", "--no-chart")
    d = json.loads(r.stdout)
    assert (d["san_jiu"]["born_month"], d["san_jiu"]["born_day"]) == (5, 6)


def test_json_lines_over_a_range(run_cli):
    r = run_cli("gucu", "--from", "2024-02-10T01:00", "--to", "2024-02-10T23:00", "--tz", "+08:00", "--no-chart", "--json")
    assert r.exit_code == 0, r.stdout
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(lines) == 12
    assert [x["gu_xu"]["hour"]["gu"] for x in lines[:3]] == ["子", "丑", "寅"]   # 丑 寅 卯 hours


def test_stdin(run_cli):
    r = run_cli("gucu", "--at", "-", "--tz", "+08:00", "--no-chart", "--json", input="2024-02-10T12:00\n2024-02-16T12:00\n")
    days = [json.loads(x)["chu_jun"]["day"] for x in r.stdout.splitlines()]
    assert days == [1, 7]


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_terminal_view(run_cli, lang):
    r = run_cli("gucu", *AT, "--lang", lang, "--tone", "羽", "--born", "5-5")
    assert r.exit_code == 0, r.stdout
    for text in ("巽", "坤", "艮", "乾", "時孤", "旬虛", "往亡", "天罡", "氐", "運籌" if lang == "zh" else "玉女"):
        assert text in r.stdout


@pytest.mark.parametrize("args, needle", [
    (("--steps", "7"), "--steps"),
    (("--size", "0"), "--size"),
    (("--born", "13-1"), "--born"),
    (("--born", "someday"), "someday"),
    (("--lunar-zone", "Asia/Seoul"), "lunar reckoning 'Asia/Seoul'"),
    (("--method", "lin"), "lin"),
])
def test_bad_input_exits_2(run_cli, args, needle):
    r = run_cli("gucu", *AT, *args)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert needle in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_ring_layout_south_up():
    """The ring is drawn south up: 子 bottom middle, 午 top middle, 卯 on the left (east), 酉 on the right."""
    from qimen_cli.calendar.compass import MOUNTAINS as RING24
    from qimen_cli.render.gucu import RING_CELLS

    cells = set(RING_CELLS.values())
    assert len(cells) == 24 and all(0 in rc or 6 in rc for rc in cells)
    at = {RING24[p]: rc for p, rc in RING_CELLS.items()}
    assert (at["子"], at["午"], at["卯"], at["酉"]) == ((6, 3), (0, 3), (3, 0), (3, 6))
    assert (at["艮"], at["巽"], at["坤"], at["乾"]) == ((6, 0), (0, 0), (0, 6), (6, 6))


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_camp_size_in_the_view_with_a_head_count(run_cli, lang):
    """The camp wall shows with --size (the army's head count), not without."""
    with_size = run_cli("gucu", *AT, "--lang", lang, "--size", "61", "--no-chart")
    assert with_size.exit_code == 0 and "61人 × 六尺 = 366尺 → 66步" in with_size.stdout
    without = run_cli("gucu", *AT, "--lang", lang, "--no-chart")
    assert "六尺 =" not in without.stdout
    assert json.loads(run_cli("gucu", *AT, "--json", "--no-chart").stdout)["camp"] is None
