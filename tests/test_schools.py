"""`cast --school`: the variants 003 records of 李氏, 林氏, 陶氏 (三氏) and 000 of 諸書, each against
an enumeration built from the text's own line (003_fd1aa30e5b7f2d13.txt, 000_4b5dcee18d5e7425.txt;
the lines are copied here, the tests never read the seeds), and the option changing only the rules
it names."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from qimen_cli import options
from qimen_cli.calendar.ganzhi import CYCLE, STEMS, cycle_index, xun_shou
from qimen_cli.qimen.patterns import PatternContext, find_patterns
from qimen_cli.qimen.patterns import hours as author
from qimen_cli.qimen.patterns import schools as sc
from qimen_cli.qimen.plates import YANG_STARS, build_plate

#: 003 line 71 (三氏 三甲).
SAN_JIA_TEXT = ("三氏諸書，以仲甲為刑德在門，此時主客皆不利，惟宜退藏隱伏。孟甲為陽在內，陰在外，此時利主，宜堅壁守城。"
                "季甲為陰在內、陽在外，此時利客宜提兵動眾。又以甲申庚為刑門。又注六甲之時，陽星合孟、內開外闔，"
                "合仲半開半闔，合季外開內闔。陰星合孟，內半開、外盡闔。合季外半開、內盡闔。")
#: 003 line 63: which 甲 is 孟, 仲, 季 ("甲子、甲午直符為仲甲 … 甲寅、甲申直符為孟甲 … 甲辰、甲戌直符為季甲").
SAN_JIA_NAMES = "凡上元入局，甲子、甲午直符為仲甲；中元入局，甲寅、甲申直符為孟甲；下元入局，甲辰、甲戌直符為季甲。"
#: 003 line 87 (得使, 守門, 遊儀).
DE_SHI_TEXT = "李以甲戌、甲午為乙奇得使，甲子、甲申為丙奇得使，甲辰、甲寅為丁奇得使，林陶因之。"
SHOU_MEN_TEXT = "林以甲己時丙、乙庚時辛、丙辛時乙、丁壬時己、戊癸時壬，為玉女守門時。"
#: 003 line 83: the author's 玉女守門 hours (李陶's 三奇游六儀).
YU_NU_HOURS_TEXT = "甲子直符庚午時、甲戌直符己卯時、甲申直符戊子時、甲午直符丁酉時、甲辰直符丙午時、甲寅直符乙卯時"
#: 003 line 123 (遊三避五).
TAO_TEXT = "陶氏以冬至後，天乙直使在一二三四為行陽，六七八九為行陰；夏至後，天乙直使在九八七六為行陽，四三二一為行陰。"
LI_TEXT = "李氏以三為震三宮，五為寄坤之五宮，謂震為木生之位，坤為死門之鄉，凡六甲直符，宜遊震避坤也。"
#: 003 line 147 (五合) and 151 (林氏, 陶氏 天輔時).
WU_HE_TEXT = "甲己相合、乙庚相合、丙辛相合、丁壬相合、戊癸相合為五合。"
#: 003 line 163 (三氏 天網).
TIAN_WANG_TEXT = "三氏俱以癸臨之下為天網時，凡甲寅值符，十時皆不可用；若在八九之宮，謂之四張"
#: 003 line 115 (擊刑, and the 一本's places the author accepts).
JI_XING_TEXT = ("甲子戊儀加三宮，甲戌己儀加二宮，甲申庚儀加八宮，甲午辛儀加九宮，甲辰壬儀、甲寅癸儀加四宮，為擊刑。")
YIBEN_TEXT = "一本甲戌加八宮，甲申加四宮，甲寅加二宮亦是。"
#: 000 line 95 (諸書's 格).
ZHUSHU_TEXT = "諸書以庚加癸為大格，加壬為小格，加己為刑格，加三奇為奇格。"

NUM = dict(zip("一二三四五六七八九", range(1, 10), strict=True))
PLATES = {layout: [build_plate(dun, ju, hour, layout) for dun in "陽陰" for ju in range(1, 10) for hour in range(60)]
          for layout in ("zhuan", "fei")}
ALL = PLATES["zhuan"] + PLATES["fei"]


def ctx(plate, day: int = 0) -> PatternContext:
    return PatternContext(plate, day, plate.hour, 2, 18, "上")


def found(fn, plate, day: int = 0) -> list:
    return list(sc.flat(fn(ctx(plate, day))))


def xun(hour: int) -> str:
    return CYCLE[xun_shou(hour)]


# --- each variant against the text's enumeration ---------------------------------------------


def test_san_jia_names_and_states_from_the_text():
    kinds = {h: k for pair, k in re.findall(r"(甲.、甲.)直符為(.)甲", SAN_JIA_NAMES) for h in pair.split("、")}
    assert kinds == sc.MENG_ZHONG_JI
    words = dict(re.findall(r"(.)甲為([^，。]+)", SAN_JIA_TEXT))
    assert words["仲"] == "刑德在門" and words["孟"].startswith("陽在內") and words["季"].startswith("陰在內")
    yang = dict(re.findall(r"合(.)、?([內外半][^，。]+)", SAN_JIA_TEXT.split("陽星")[1].split("陰星")[0]))
    yin = dict(re.findall(r"合(.)[、，]?([內外半][^。]+)", SAN_JIA_TEXT.split("陰星")[1]))
    want = {(True, k): v.replace("、", "") for k, v in yang.items()} | {(False, k): v.replace("、", "") for k, v in yin.items()}
    assert want == sc.SANSHI_KAI_HE and (False, "仲") not in want  # 陰星合仲: the text is silent


def test_san_jia_every_plate():
    for plate in ALL:
        got = found(sc.sanshi_san_jia, plate)
        kind = sc.MENG_ZHONG_JI[xun(plate.hour)]
        assert got[0].name == "三甲" and got[0].detail.startswith(f"{kind}甲 {xun(plate.hour)}直符")
        assert (got[0].verdict == "凶") == (kind == "仲")
        at_rest = plate.hour % 10 == 0
        state = sc.SANSHI_KAI_HE.get((plate.zhi_fu in YANG_STARS, kind))
        assert ("六甲之時" in got[0].detail) == (at_rest and state is not None)
        assert [p.name for p in got[1:]] == (["刑門"] if xun(plate.hour) == "甲申" else [])
        assert {p.school for p in got} == {"sanshi"}


def test_sanshi_de_shi_six_hours():
    table = {x: qi for pair, qi in re.findall(r"(甲.(?:、甲.)*)為(.)奇得使", DE_SHI_TEXT) for x in pair.split("、")}
    assert table == sc.SANSHI_DE_SHI
    hours = set()
    for plate in ALL:
        got = found(sc.sanshi_de_shi, plate)
        holds = STEMS[plate.hour % 10] == table[xun(plate.hour)]
        assert bool(got) == holds
        if got:
            hours.add(CYCLE[plate.hour])
            assert got[0].palace == plate.zhi_fu_palace and got[0].school == "sanshi"
    assert hours == {"乙亥", "乙未", "丙寅", "丙戌", "丁未", "丁巳"}


def test_lin_shou_men_by_day_and_hour_stem():
    stem = "[" + "".join(STEMS) + "]"
    rows = re.findall(f"({stem})({stem})時({stem})", SHOU_MEN_TEXT)
    assert len(rows) == 5
    want = {(d, h) for a, b, h in rows for d in (a, b)}
    assert len(want) == 10 and sc.LIN_SHOU_MEN == dict(want)
    for day in range(60):
        for hour in range(60):
            c = PatternContext(build_plate("陽", 1, hour), day, hour, 2, 18, "上")
            got = sc.lin_shou_men(c)
            assert (got is not None) == ((STEMS[day % 10], STEMS[hour % 10]) in want)


def test_li_tao_you_yi_is_the_authors_shou_men():
    six = {f"{x}直符{h}時" for x, h in re.findall(r"(甲.)直符(..)時", YU_NU_HOURS_TEXT)}
    assert len(six) == 6
    for plate in ALL:
        mine = author.yu_nu_shou_men(plate)
        for fn, school in ((sc.li_you_yi, "li"), (sc.tao_you_yi, "tao")):
            got = found(fn, plate)
            assert bool(got) == (mine is not None)
            if got:
                assert got[0].name == "三奇游六儀" and got[0].school == school and got[0].palace == mine.palace
                if plate.layout == "zhuan":
                    assert f"{xun(plate.hour)}直符{CYCLE[plate.hour]}時" in six


def test_li_you_san_bi_wu_always_zhen_and_kun():
    assert "宜遊震避坤" in LI_TEXT
    for plate in ALL[::37]:
        got = found(sc.li_you_san_bi_wu, plate)
        assert [(p.palace, p.verdict, p.school) for p in got] == [(3, "吉", "li"), (2, "凶", "li")]


def test_lin_you_san_bi_wu_the_zhi_fu_over_bing_or_wu():
    for plate in ALL:
        want = set()
        if plate.hour % 10:
            for p in range(1, 10):
                pal = plate.palaces[p]
                if plate.xun_yi in pal.heaven_stems:
                    for e, kind in (("丙", "遊三"), ("戊", "避五")):
                        if e in pal.earth_stems and e != plate.xun_yi:
                            want.add((p, kind))
        got = found(sc.lin_you_san_bi_wu, plate)
        assert {(p.palace, p.detail.split()[1]) for p in got} == want
        assert all(p.school == "lin" for p in got)


def test_tao_you_san_bi_wu_from_the_text():
    rows = re.findall(r"(冬至|夏至)後，天乙直使在(.+?)為行陽，(.+?)為行陰", TAO_TEXT)
    dun = {"冬至": "陽", "夏至": "陰"}
    table = {(dun[d], NUM[c]): "行陽" for d, yang, _ in rows for c in yang} | {
        (dun[d], NUM[c]): "行陰" for d, _, yin in rows for c in yin}
    assert table == sc.TAO_XING and len(table) == 16
    for plate in ALL:
        (got,) = found(sc.tao_you_san_bi_wu, plate)
        if plate.zhi_shi_seat == 5:
            assert got.detail.endswith("避五") and got.verdict == "凶"
        else:
            assert got.palace == plate.zhi_shi_seat and got.detail.endswith(table[plate.dun, plate.zhi_shi_seat])
        assert got.school == "tao"


def test_tian_fu_lin_wu_he_and_tao_liu_ding():
    he = {frozenset(pair) for pair in re.findall(r"(.)(.)相合", WU_HE_TEXT)}
    assert len(he) == 5
    for day in range(10):
        for hour in range(60):
            c = PatternContext(build_plate("陰", 9, hour), day, hour, 2, 18, "上")
            assert (sc.lin_tian_fu(c) is not None) == (frozenset((STEMS[day], STEMS[hour % 10])) in he)
            assert (sc.tao_tian_fu(c) is not None) == (STEMS[hour % 10] == "丁")


def test_tian_wang_ten_hours_of_jia_yin():
    assert "凡甲寅值符，十時皆不可用" in TIAN_WANG_TEXT
    head = cycle_index("甲寅")
    ten = {CYCLE[head + i] for i in range(10)}
    for plate in ALL:
        got = found(sc.sanshi_tian_wang, plate)
        assert bool(got) == (CYCLE[plate.hour] in ten)
        if got:
            assert got[0].name == "天網時" and got[0].palace == plate.zhi_fu_palace
            assert [p.name for p in got[1:]] == (["天網四張"] if plate.zhi_fu_palace in (8, 9) else [])


def test_zhushu_ge_every_plate():
    table = {e: n + "格" for e, n in re.findall(r"加(三奇|.)為(.)格", ZHUSHU_TEXT)}
    assert ZHUSHU_TEXT.startswith("諸書以庚加") and len(table) == 4
    qi = table.pop("三奇")
    table |= {e: qi for e in "乙丙丁"}
    assert table == {e: name for _h, e, name, _n, _v in sc.ZHUSHU_GE}
    for plate in ALL:
        want = set()
        if plate.hour % 10:
            for p in range(1, 10):
                pal = plate.palaces[p]
                if "庚" in pal.heaven_stems:
                    want |= {(table[e], p) for e in pal.earth_stems if e in table}
        got = found(sc.zhushu_ge, plate)
        assert {(p.name, p.palace) for p in got} == want
        assert all(p.school == "zhushu" for p in got)


def test_yiben_ji_xing_every_plate():
    """003: "一本甲戌加八宮，甲申加四宮，甲寅加二宮亦是" — the 直符's 儀 of 甲戌, 甲申, 甲寅 in 8, 4, 2 (never
    at a 六甲 hour), besides the text's own table, which the registry keeps."""
    xun_yi = {"甲子": "戊", "甲戌": "己", "甲申": "庚", "甲午": "辛", "甲辰": "壬", "甲寅": "癸"}
    table = {xun_yi[x]: NUM[n] for x, n in re.findall("(甲.)加(.)宮", YIBEN_TEXT)}
    own = {xun_yi[x]: NUM[n] for x, n in re.findall("(甲.)(?:.)儀加(.)宮", JI_XING_TEXT)}
    own |= {"壬": 4}  # "甲辰壬儀、甲寅癸儀加四宮"
    assert table == {"己": 8, "庚": 4, "癸": 2} == sc.YIBEN_JI_XING and own == author.JI_XING
    seen = set()
    for plate in ALL:
        yi = plate.xun_yi
        want = set()
        if plate.hour % 10 and yi in table:
            want = {table[yi]} & {p for p in range(1, 10) if yi in plate.palaces[p].heaven_stems}
        got = found(sc.yiben_ji_xing, plate)
        assert {p.palace for p in got} == want
        assert all((p.name, p.school, p.verdict) == ("擊刑", "yiben", "凶") and p.detail.endswith("一本")
                   for p in got)
        seen |= {(plate.xun_shou, p.palace) for p in got}
        # the author's 擊刑 is never the 一本's place: the two tables name other palaces
        mine = author.ji_xing(plate)
        assert mine is None or mine.palace not in want
    assert seen == {("甲戌", 8), ("甲申", 4), ("甲寅", 2)}


def _yiben_hour() -> str:
    """The first odd clock hour of March 2024 (Asia/Shanghai) whose chart has an 一本 擊刑."""
    from qimen_cli.calendar.resolve import resolve_moment
    from qimen_cli.qimen.chart import cast_chart

    return next(at for at in (f"2024-03-{d:02d}T{h:02d}:00" for d in range(1, 28) for h in range(1, 24, 2))
                if any(p.school == "yiben" for p in cast_chart(resolve_moment(at, "Asia/Shanghai"), school="yiben").patterns))


def test_yiben_in_the_cli(run_cli):
    """`cast --school yiben`: the 一本's 擊刑 with school "yiben"; `find --school yiben` reads it off the JSON."""
    at = _yiben_hour()
    one = json.loads(run_cli("cast", "--at", at, "--tz", "Asia/Shanghai", "--json", "--school", "yiben").stdout)
    hits = [p for p in one["patterns"] if p.get("school") == "yiben"]
    assert one["input"]["school"] == "yiben" and [p["name"] for p in hits] == ["擊刑"] and hits[0]["detail"].endswith("一本")
    plain = json.loads(run_cli("cast", "--at", at, "--tz", "Asia/Shanghai", "--json").stdout)
    assert [p for p in one["patterns"] if "school" not in p] == plain["patterns"]
    r = run_cli("find", "--from", at, "--to", at[:11] + "23:59", "--tz", "Asia/Shanghai", "--json",
                "--where", "cast:patterns.school=yiben", "--school", "yiben")
    assert r.exit_code == 0
    windows = [json.loads(line) for line in r.stdout.splitlines()]
    assert windows and windows[0]["start"][:16] == at


@pytest.mark.parametrize("lang,word", [("zh", "一本之說"), ("ko", "일본(一本)의 설"), ("en", "another copy (一本)")])
def test_view_names_the_yiben(run_cli, lang, word):
    at = _yiben_hour()
    r = run_cli("cast", "--at", at, "--tz", "Asia/Shanghai", "--school", "yiben", "--lang", lang)
    assert r.exit_code == 0 and word in r.stdout


# --- the option changes only the rules it names ----------------------------------------------


def test_the_values_are_defined_alike():
    assert options.CAST_SCHOOLS == sc.SCHOOLS == tuple(sc.SCHOOL_SETS)
    assert {r.school for r in sc.SCHOOL_RULES} == set().union(*sc.SCHOOL_SETS.values())
    assert {o.name: o for o in options.own("cast")}["school"].default == "gu"


SAMPLE = [(f"{y}-{m:02d}-{d:02d}T{h:02d}:00", tz) for y, m, d in ((2024, 3, 5), (2023, 7, 21), (1999, 12, 22),
                                                                  (2031, 6, 21))
          for h in range(1, 24, 2) for tz in ("Asia/Shanghai",)]


@pytest.mark.parametrize("school", [s for s in sc.SCHOOLS[1:] if s not in sc.PLATE_OF_SCHOOL])
def test_school_adds_only_its_own_variants(school):
    from qimen_cli.calendar.resolve import resolve_moment
    from qimen_cli.qimen.chart import cast_chart
    from qimen_cli.render.cast_json import chart_json

    for at, tz in SAMPLE:
        m = resolve_moment(at, tz)
        for layout in ("zhuan", "fei"):
            base = cast_chart(m, layout=layout)
            other = cast_chart(m, layout=layout, school=school)
            own = [p for p in other.patterns if not p.school]
            extra = [p for p in other.patterns if p.school]
            assert own == list(base.patterns)
            assert {p.school for p in extra} <= sc.SCHOOL_SETS[school]
            assert {p.name for p in extra} <= set(sc.school_names(school))
            a, b = chart_json(base), chart_json(other)
            assert b["input"].pop("school") == school
            assert [p for p in b["patterns"] if "school" not in p] == a["patterns"]
            b["patterns"] = a["patterns"]
            assert a == b


def test_default_json_names_no_school(run_cli):
    r = run_cli("cast", "--at", "2024-03-05T13:00", "--tz", "Asia/Shanghai", "--json")
    d = json.loads(r.stdout)
    assert "school" not in d["input"] and all("school" not in p for p in d["patterns"])
    r = run_cli("cast", "--at", "2024-03-05T13:00", "--tz", "Asia/Shanghai", "--json", "--school", "sanshi")
    d = json.loads(r.stdout)
    assert d["input"]["school"] == "sanshi"
    assert {p["school"] for p in d["patterns"] if "school" in p} == {"sanshi", "li", "tao"}


def test_bad_school_is_refused(run_cli):
    r = run_cli("cast", "--at", "2024-03-05T13:00", "--tz", "Asia/Shanghai", "--school", "wang")
    assert r.exit_code == 2 and r.stdout == "" and "--school" in r.stderr and "zhushu" in r.stderr


def test_range_under_a_school_is_the_charts_one_by_one(run_cli):
    args = ("--tz", "+08:00", "--json", "--school", "lin")
    r = run_cli("cast", "--from", "2024-03-05T01:00", "--to", "2024-03-05T23:00", *args)
    lines = r.stdout.splitlines()
    assert len(lines) == 12
    for line in lines:
        d = json.loads(line)
        one = run_cli("cast", "--at", d["input"]["local"], *args)
        assert json.loads(one.stdout) == d
    assert any(p.get("school") == "lin" for line in lines for p in json.loads(line)["patterns"])


@pytest.mark.parametrize("lang,word", [("zh", "林氏之說"), ("ko", "임씨(林氏)의 설"), ("en", "Lin school (林氏)")])
def test_view_names_the_school(run_cli, lang, word):
    # 2024-03-05 19:00 is 戊辰日 壬戌時: 林氏 玉女守門 ("戊癸時壬").
    r = run_cli("cast", "--at", "2024-03-05T19:00", "--tz", "Asia/Shanghai", "--school", "lin", "--lang", lang)
    assert r.exit_code == 0 and word in r.stdout
    plain = run_cli("cast", "--at", "2024-03-05T19:00", "--tz", "Asia/Shanghai", "--lang", lang)
    assert word not in plain.stdout


def test_find_takes_the_school(run_cli):
    base = ("find", "--from", "2024-03-05", "--to", "2024-03-06", "--tz", "+08:00", "--json")
    a = run_cli(*base, "--where", "cast:天輔時")
    b = run_cli(*base, "--where", "cast:天輔時", "--school", "lin")
    assert a.exit_code == 0 and b.exit_code == 0
    assert a.stdout == b.stdout  # cast:天輔時 is the author's rule; 林氏's is read off the JSON
    c = run_cli(*base, "--where", "cast:patterns.school=lin", "--school", "lin")
    assert c.exit_code == 0
    windows = [(w["start"][:16], w["end"][:16]) for w in map(json.loads, c.stdout.splitlines())]
    # 2024-03-05 is a 戊辰 day: 林氏 天輔時 at 癸丑 (01:00, 戊癸 合), 守門 at 壬戌 (19:00, "戊癸時壬").
    for hour in ("2024-03-05T01:00", "2024-03-05T19:00"):
        assert any(a <= hour < b for a, b in windows)
    d = run_cli(*base, "--where", "cast:patterns.school=lin")  # without the school the key is absent
    assert d.exit_code == 2 and "school" in d.stderr


def test_where_takes_a_schools_own_names(run_cli):
    span = ("cast", "--from", "2024-03-05", "--to", "2024-03-08", "--tz", "+08:00", "--json")
    r = run_cli(*span, "--school", "zhushu", "--where", "大格")
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.exit_code == 0 and lines
    assert all(any(p["name"] == "大格" and p["school"] == "zhushu" for p in d["patterns"]) for d in lines)
    every = [json.loads(line) for line in run_cli(*span, "--school", "zhushu").stdout.splitlines()]
    assert len(lines) == sum(any(p["name"] == "大格" for p in d["patterns"]) for d in every)
    assert run_cli(*span, "--where", "大格").exit_code == 2  # not a rule of the texts' own
    # a name the texts' own rules have is the author's rule, whatever the school
    a = [json.loads(x)["pillars"]["hour"] for x in run_cli(*span, "--where", "天輔時").stdout.splitlines()]
    b = [json.loads(x)["pillars"]["hour"] for x in run_cli(*span, "--where", "天輔時", "--school", "lin").stdout.splitlines()]
    assert a == b and {h[0] for h in a} == {"甲"}


# --- 五專寄坤 (000's 十八圖活局): the 轉盤 with the centre lodged in 坤 in both 遁 -----------------

#: 000 line 7.
WU_ZHUAN_TEXT = "近見作十八圖活局者，亦以五專寄坤。注曰：水土生於申，申寄坤，故土亦寄坤，則又星家之誤矣。"
#: 000 line 7: what 古法 puts together ("禽芮同宮" in 陽遁, "禽任同宮" in 陰遁).
TOGETHER_TEXT = "且謂古法，禽芮同宮，五二莫辨，是獨指陽遁說矣。若兼陰陽總說，何以不言禽任同宮，五八亦莫辨乎。"


def _plate_fields(plate) -> dict:
    return {f.name: getattr(plate, f.name) for f in dataclasses.fields(plate) if f.name not in ("layout", "school")}


def test_wu_zhuan_ji_kun_every_plate():
    from qimen_cli.qimen.plates import KUN

    assert "五專寄坤" in WU_ZHUAN_TEXT and "禽芮同宮" in TOGETHER_TEXT and "禽任同宮" in TOGETHER_TEXT
    for dun in "陽陰":
        for ju in range(1, 10):
            for hour in range(60):
                kun, gu = build_plate(dun, ju, hour, KUN), build_plate(dun, ju, hour, "zhuan")
                assert kun.layout == KUN and kun.lodge == 2
                centre = kun.palaces[5].earth_stems[0]
                assert kun.palaces[2].earth_stems == (kun.palaces[2].earth_stems[0], centre)  # 五 寄坤
                qin = [p for p in range(1, 10) if "天禽" in kun.palaces[p].stars]
                assert len(qin) == 1 and kun.palaces[qin[0]].stars == ("天芮", "天禽")  # 禽芮同宮 in both 遁
                if kun.earth_palace(kun.xun_yi) == 5:
                    assert (kun.zhi_fu, kun.zhi_shi) == ("天禽", "死門")
                if dun == "陽":
                    assert _plate_fields(kun) == _plate_fields(gu)  # 陽遁 already 寄坤
                else:
                    assert gu.lodge == 8


def test_huoju_changes_the_plate_only(run_cli):
    from qimen_cli.calendar.resolve import resolve_moment
    from qimen_cli.qimen.chart import cast_chart
    from qimen_cli.render.cast_json import chart_json

    seen = set()
    for at, tz in SAMPLE:
        m = resolve_moment(at, tz)
        base, kun = cast_chart(m), cast_chart(m, school="huoju")
        seen.add(base.ju.dun)
        assert kun.layout == "zhuan" and kun.plate.layout == "kun"
        ctx = PatternContext(kun.plate, m.pillars.day, m.pillars.hour, m.pillars.month, kun.ju.ju_term_k, kun.ju.yuan)
        assert kun.patterns == find_patterns(ctx) and all(not p.school for p in kun.patterns)
        a, b = chart_json(base), chart_json(kun)
        assert b["input"].pop("school") == "huoju"
        assert b["conventions"]["lodge"] == "五專寄坤(2)" and b["conventions"]["centre_door"] == "死門"
        assert b["conventions"]["layout"] == "zhuan"
        for key in ("school", "lodge", "centre_door"):
            b["conventions"][key] = a["conventions"][key]
        if base.ju.dun == "陽":
            assert a == b
        else:
            assert a["palaces"]["8"] != b["palaces"]["8"] and a["palaces"]["2"] != b["palaces"]["2"]
    assert seen == {"陽", "陰"}
    r = run_cli("cast", "--at", "2024-08-05T11:00", "--tz", "+08:00", "--school", "huoju", "--layout", "fei")
    assert r.exit_code == 2 and r.stdout == "" and "--layout zhuan" in r.stderr
    for lang, word in (("zh", "十八圖活局五專寄坤"), ("en", "centre lodged in Kun")):
        r = run_cli("cast", "--at", "2024-08-05T11:00", "--tz", "+08:00", "--school", "huoju", "--lang", lang)
        assert r.exit_code == 0 and word in re.sub(r"[\s│]+", " ", r.stdout)  # (a long header row wraps)
