"""The `--explain` steps and chaibu's notes: keyed records from the engine, worded in en, zh and ko
by render/explain.py.

tests/data/explain_steps.json holds the engine's English sentences of a spread of charts as
they were when the engine still wrote sentences (issue 20): both methods and layouts, 甲
hours, a 旬首 in the centre, 閏, 超神, 接氣 and 正受 days, a term inside the 時辰 under 拆補
(both switches), the lodged 直符 and 直使, 飛盤 shifts counted back, mean and apparent solar
time, summer time and random hours of a century.  The en wording must give them back exactly.
tests/data/explain_notes.json holds chaibu's notes of a spread of instants (the methods'
reason and every boundary's detail) as the engine wrote them then and as render/explain.py
worded them in zh and ko (by reading the sentences back), and three reasons the calendar
rarely gives, from stand-in results: every wording must come back exactly.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import string
from functools import cache
from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from qimen_cli.calendar.meanterms import anchored_mean_table
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.calendar.terms import to_seconds
from qimen_cli.gucu.days import TIAN_YI_NOTE
from qimen_cli.qimen.boundaries import boundaries
from qimen_cli.qimen.chart import cast_chart
from qimen_cli.qimen.compare import compare, explain_difference
from qimen_cli.qimen.steps import Step, step
from qimen_cli.render.explain import CLAUSES, step_text, with_explain, word_note, word_step
from qimen_cli.words import LANGS, column

#: The keys the store words ("step:KEY"), and the true/false values it words ("step:KEY.VALUE:true").
TEMPLATES = {k.removeprefix("step:") for k in column("zh") if k.startswith("step:") and "." not in k}
BOOLEANS = {tuple(k.removeprefix("step:").removesuffix(":true").split(".")) for k in column("zh")
            if k.startswith("step:") and k.endswith(":true")}

DATA = Path(__file__).parent / "data"
RECORDED = json.loads((DATA / "explain_steps.json").read_text(encoding="utf-8"))
NOTES_RECORDED = json.loads((DATA / "explain_notes.json").read_text(encoding="utf-8"))


def _chart(row: dict):
    m = resolve_moment(row["at"], row["tz"], lon=row["lon"], solar_time=row["solar_time"])
    return cast_chart(m, row["method"], row["layout"], row["switch"])


@cache
def spread() -> tuple[Step, ...]:
    """Every step (inner ones too) of the recorded charts and of random hours of two centuries."""
    charts = [_chart(row) for row in RECORDED]
    rng = random.Random(11)
    for _ in range(40):
        t = dt.datetime(1900, 1, 1) + dt.timedelta(hours=rng.randrange(0, 24 * 365 * 200))
        m = resolve_moment(t.isoformat(timespec="minutes"), "Asia/Seoul")
        charts += [cast_chart(m, method, layout, rng.choice(["shichen", "instant"]))
                   for method in ("zhirun", "chaibu") for layout in ("zhuan", "fei")]
        charts.append(cast_chart(m, "maoshan", "zhuan", "shichen"))   # 茅山 (issue 31): its two steps
    charts += [cast_chart(m, scope=scope) for scope in ("year", "month", "day")]  # --scope (issue 31): one step each
    out = []
    for c in charts:
        for s in c.ju.steps + c.plate.steps:
            out.append(s)
            out += [v for _, v in s.values if isinstance(v, Step)]
    return tuple(out)


@pytest.mark.parametrize("row", RECORDED, ids=lambda r: f"{r['at']}-{r['tz']}-{r['method']}-{r['layout']}-{r['switch']}")
def test_en_text_is_the_engines_old_sentence(row):
    chart = _chart(row)
    assert [word_step(s, "en") for s in chart.ju.steps] == row["ju_steps"]
    assert [word_step(s, "en") for s in chart.plate.steps] == row["plate_steps"]


def test_the_spreads_reach_every_key_and_every_word():
    records = spread() + tuple(note for _, note, _ in notes())
    steps, chaibu_notes = {s.key for s in spread()}, {note.key for _, note, _ in notes()}
    assert steps | chaibu_notes == TEMPLATES
    assert not steps & chaibu_notes
    for key, name in BOOLEANS:
        assert {s.value(name) for s in records if s.key == key} == {True, False}, (key, name)
    for name in CLAUSES:
        with_value = [s.as_dict()[name] for s in records if name in s.as_dict()]
        assert None in with_value and any(v is not None for v in with_value), name


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_is_worded_in_every_language(lang):
    english = set(re.findall(r"[a-z]{3,}", " ".join(column("en")["step:" + k] for k in TEMPLATES))) - {"zhirun", "chaibu"}
    for s in spread():
        text = word_step(s, lang)
        assert "{" not in text and "None" not in text and "True" not in text and "False" not in text, text
        if lang != "en":
            assert not set(re.findall(r"[a-z]{3,}", text)) & english, text


def test_values_are_raw():
    """Values are characters, numbers, booleans, dates, clock times with their zone, tuples or steps:
    never English words."""
    for s in spread():
        for name, v in s.values:
            assert re.fullmatch(r"[a-z_]+", name), name
            if isinstance(v, str):
                assert not set(v) & set(string.ascii_letters), (s.key, name, v)
            if isinstance(v, dt.datetime):
                assert v.tzinfo is not None, (s.key, name)


def test_clock_times_are_on_the_charts_clock():
    """Times are worded on the zone the engine read them on: Shanghai, and the mean solar clock of the
    longitude when 置閏 dates its blocks under apparent solar time."""
    row = next(r for r in RECORDED if r["solar_time"] == "apparent" and r["method"] == "zhirun")
    sky = _chart(row).ju.steps[0]
    assert sky.key == "sky" and sky.value("since").utcoffset() == dt.timedelta(hours=126.98 / 15)
    assert word_step(sky, "en") == row["ju_steps"][0]


def test_clauses_and_words():
    walk = step("shi_walk", door="死門", n=3, from_palace=8, forwards=False, path=(8, 7, 6, 5), lodge="艮",
                palace=8, turn=0)
    assert word_step(walk, "en") == ("直使 死門 steps 3 from palace 8 backwards (8→7→6→5) → 寄艮(8): palace 8, "
                                     "the doors turn 0 step(s) clockwise")
    assert word_step(walk, "zh") == "直使 死門 自 8 宮逆行 3 步（8→7→6→5） → 寄艮(8)：至 8 宮，八門順轉 0 位"
    fly = step("fei_fly", yi="戊", from_palace=1, palace=7, shift=6, back=3)
    assert word_step(fly, "en").endswith("moves 6 palace(s) forwards round 1…9 (= 3 back)")
    assert word_step(fly, "ko").endswith("1…9 순으로 6궁 감 (= 역으로 3궁)")
    assert word_step(step("fei_fly", yi="戊", from_palace=1, palace=3, shift=2, back=None), "zh").endswith("順飛 2 宮")


def step_json(record: Step) -> dict:
    return json.loads(step_text(record))


def test_step_json_is_key_values_and_the_english_text():
    tz = dt.timezone(dt.timedelta(hours=8))
    why = step("zheng_shou", term="霜降", term_date=dt.date(2019, 10, 24), term_day="甲子")
    block = step("block", start=dt.date(2019, 10, 24), end=dt.date(2019, 11, 7), head="甲子", term="霜降", why=why)
    assert step_json(block) == {
        "key": "block",
        "values": {"start": "2019-10-24", "end": "2019-11-07", "head": "甲子", "term": "霜降",
                   "why": {"key": "zheng_shou", "values": {"term": "霜降", "term_date": "2019-10-24", "term_day": "甲子"},
                           "text": "正受: 霜降 falls on the head day itself (2019-10-24 甲子)"}},
        "text": "置閏 block 2019-10-24–2019-11-07 (上元 head 甲子) takes 霜降; 正受: 霜降 falls on the head day itself "
                "(2019-10-24 甲子)",
    }
    sky = step("sky", sky="驚蟄", since=dt.datetime(2024, 3, 5, 10, 22, 47, 600000, tzinfo=tz))
    assert step_json(sky)["values"] == {"sky": "驚蟄", "since": "2024-03-05T10:22:48+08:00"}
    earth = step("earth", dun="陰", ju=9, forwards=False, laid=(("戊", 9), ("己", 8)))
    assert step_json(earth)["values"] == {"dun": "陰", "ju": 9, "forwards": False, "laid": [["戊", 9], ["己", 8]]}
    assert '"values":{"dun":"陰","ju":9,"forwards":false,"laid":[["戊",9],["己",8]]}' in step_text(earth)


def test_with_explain_adds_the_steps_as_the_last_key():
    earth = step("earth", dun="陰", ju=9, forwards=False, laid=(("戊", 9),))
    text = with_explain('{"schema_version":2,"a":1}', (earth, earth))
    assert text == '{"schema_version":2,"a":1,"explain":[' + step_text(earth) + "," + step_text(earth) + "]}"
    assert json.loads(text)["explain"][1]["values"]["laid"] == [["戊", 9]]


def test_cast_and_chaibu_json_write_the_steps(run_cli):
    at = ("--at", "2024-03-05T10:00", "--tz", "Asia/Shanghai", "--json")
    cast = json.loads(run_cli("cast", *at, "--method", "chaibu", "--explain").stdout)
    first = cast["explain"][0]
    assert first["key"] == "term_inside" and first["values"]["begins"].startswith("2024-03-05T10:22:")
    assert first["values"]["hour_start"] == "2024-03-05T09:00:00+08:00" and first["values"]["sky"] == "雨水"
    assert first["text"].startswith("term: 驚蟄 begins 2024-03-05 10:22, inside this 時辰 (2024-03-05 09:00–11:00)")
    chaibu = json.loads(run_cli("chaibu", *at).stdout)
    assert chaibu["methods"]["chaibu"]["steps"][0] == first
    assert [s["key"] for s in chaibu["methods"]["zhirun"]["steps"]] == ["sky", "block", "fu_tou_block", "ju"]
    assert chaibu["methods"]["zhirun"]["steps"][1]["values"]["why"]["key"] == "chao_shen"


# --- chaibu's notes ------------------------------------------------------------------------


def _stand_in(case: dict):
    """Stand-in results of both methods and a 置閏 sequence of one block (the recorded case)."""
    z = NS(**case["zhirun"])
    c = NS(**{k: v for k, v in case["chaibu"].items() if k != "solar_term"}, solar_term=NS(name=case["chaibu"]["solar_term"]))
    b = case["block"]
    blk = NS(position=b["position"], days=b["days"], head=b["head"], start=dt.date.fromisoformat(b["start"]),
             status=b["status"], index=b["index"])

    class Seq:
        def block_at(self, date):
            return blk

        def block(self, i):
            raise IndexError(i)

        def __len__(self):
            return blk.index + 1

    return z, c, Seq()


@cache
def notes() -> tuple:
    """(where, note, the recorded wordings {en, zh, ko}) of every recorded note."""
    out = []
    for row in NOTES_RECORDED:
        if "stand_in" in row:
            out.append(("stand-in", explain_difference(*_stand_in(row["stand_in"]), None), row["reason"]))
            continue
        table = anchored_mean_table(to_seconds(dt.datetime.fromisoformat(row["anchor"]))) if row["anchor"] else None
        m = resolve_moment(row["at"], row["tz"], lon=row["lon"], solar_time=row["solar_time"], table=table)
        out.append((row["at"], compare(m, row["switch"]).reason, row["reason"]))
        lines = boundaries(m, row["switch"])
        assert [b.kind for b in lines] == [d["kind"] for d in row["details"]], row["at"]
        out += [(f"{row['at']} {b.kind}", b.detail, d) for b, d in zip(lines, row["details"], strict=True)]
    return tuple(out)


@pytest.mark.parametrize("lang", LANGS)
def test_notes_are_worded_as_before(lang):
    for where, note, recorded in notes():
        assert isinstance(note, Step)
        assert word_note(note, lang) == recorded[lang], where


def test_fixed_notes_and_text_pass_through():
    assert word_note(TIAN_YI_NOTE, "en") == TIAN_YI_NOTE
    assert word_note(TIAN_YI_NOTE, "zh").startswith("復原：原文但以月相配")
    assert word_note(TIAN_YI_NOTE, "ko").startswith("복원: ")
    assert word_note(None, "zh") is None and word_note("anything", "ko") == "anything"


def test_chaibu_json_writes_the_notes(run_cli):
    d = json.loads(run_cli("chaibu", "--at", "2024-06-15T13:10", "--tz", "+08:00", "--lon", "116.4", "--json").stdout)
    assert d["reason"]["key"] == "differ_chao_shen" and d["reason"]["values"]["early"] is None
    assert d["reason"]["text"].startswith("超神 7 days: the 符頭 己酉 (2024-06-14) already started 夏至")
    sol = next(b["detail"] for b in d["boundaries"] if b["kind"] == "solar_time")
    assert sol["values"]["same"] is False and sol["values"]["civil"] == "2024-06-15T13:10:00+08:00"
    assert sol["text"].startswith("solar-time correction -864 s: civil clock 13:10 (other 時辰 未) → mean solar 12:55")
    fu_tou = [b["detail"] for b in d["boundaries"] if b["kind"] == "fu_tou"]
    assert {f["values"]["block_start"] is None for f in fu_tou} == {True, False}


def test_the_json_contract_names_every_key():
    """docs/conventions.md lists every key a step or a note can have (schema_version 2)."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "conventions.md").read_text(encoding="utf-8")
    note = text[text.index("**schema_version 2**"):]
    for key in sorted(TEMPLATES):
        assert f"`{key}`" in note, key
