"""`qimen find`'s condition forms — place conditions, either/or, `in`, `*`, negation — each equal to a
brute-force filter of the subcommand's own JSON Lines over two months; the places and their
directions; --explain; --stats; the one-line errors of malformed conditions."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from conftest import invoke
from test_find import FROM, TO, TZ, brute, found, lines
from test_schemas import errors, load

#: 洛書 number → trigram, written out here (not read from the package).
TRIGRAM = {1: "坎", 2: "坤", 3: "震", 4: "巽", 5: "中", 6: "乾", 7: "兌", 8: "艮", 9: "離"}
SAN_QI = {"乙", "丙", "丁"}


def palaces_of(chart: dict) -> dict[int, dict]:
    """The nine palaces of one `cast --json` object, each with its number, trigram, 空/馬 marks and
    the names of the patterns placed in it."""
    out = {}
    for key, cell in chart["palaces"].items():
        p = int(key)
        marks = (["空"] if p in chart["kong_wang_palaces"] else []) + (["馬"] if p == chart["yi_ma"]["palace"] else [])
        names = [x["name"] for x in chart["patterns"] if x["palace"] == p]
        out[p] = {**cell, "palace": p, "trigram": TRIGRAM[p], "marks": marks, "patterns": names}
    return out


def palaces_where(keep, *options: str):
    """i → the palaces of chart i for which keep(palace record) holds."""
    charts = lines("cast", *options)
    return lambda i: [p for p, cell in palaces_of(charts[i]).items() if keep(cell)]


def rows(*where: str, options: tuple[str, ...] = (), tz: str = TZ, span=(FROM, TO)) -> list[dict]:
    args = ["find", "--from", span[0], "--to", span[1], "--tz", tz, "--json", *options]
    for w in where:
        args += ["--where", w]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.output.splitlines()]


def kai_men_san_qi(cell: dict) -> bool:
    return cell["door"] == "開門" and any(s in SAN_QI for s in cell["heaven_stems"])


# --- palace conditions ------------------------------------------------------------------


def test_palace_condition_holds_in_one_and_the_same_palace():
    where = palaces_where(kai_men_san_qi)
    expected = brute(lambda i: bool(where(i)))
    assert expected and found("cast:palace(door=開門, heaven_stems in 乙丙丁)") == expected
    assert found("cast:palace(door=開門, heaven_stems in 三奇)") == expected
    # not the same as 開門 somewhere and a 三奇 somewhere
    loose = brute(lambda i: True)
    assert found("cast:palaces.*.door=開門 & cast:palaces.*.heaven_stems in 乙 丙 丁") == loose != expected


def test_palace_condition_places_name_the_palaces_and_their_bearings():
    where = palaces_where(kai_men_san_qi)
    starts = {d["input"]["local"]: i for i, d in enumerate(lines("pillars"))}
    got = rows("cast:palace(door=開門, heaven_stems in 三奇)")
    sectors = {1: [337.5, 22.5], 8: [22.5, 67.5], 3: [67.5, 112.5], 4: [112.5, 157.5], 9: [157.5, 202.5],
               2: [202.5, 247.5], 7: [247.5, 292.5], 6: [292.5, 337.5]}
    mountains = {1: "壬子癸", 8: "丑艮寅", 3: "甲卯乙", 4: "辰巽巳", 9: "丙午丁", 2: "未坤申", 7: "庚酉辛", 6: "戌乾亥"}
    seen = set()
    for row in got:
        for item in row["shichen"]:
            palaces = where(starts[item["start"]])
            assert [p["place"] for p in item["places"]] == palaces
            assert item["matched"]["cast:palace(door=開門, heaven_stems in 三奇)"] == palaces
            for place in item["places"]:
                p = place["place"]
                seen.add(p)
                assert place["palace"] == p and place["trigram"] == TRIGRAM[p]
                assert place["sector"] == sectors[p] and "".join(place["mountains"]) == mountains[p]
                assert place["bearing"] == (sectors[p][0] + 22.5) % 360
        every = [p for item in row["shichen"] for p in item["places"]]
        assert row["places"] == [p for i, p in enumerate(every) if p not in every[:i]]
    assert len(seen) >= 6


@pytest.mark.parametrize("where, keep", [
    ("cast:palace(trigram in 坎艮震, stars=天英)", lambda c: c["trigram"] in "坎艮震" and "天英" in c["stars"]),
    ("cast:palace(marks=馬, door in 三吉門)", lambda c: "馬" in c["marks"] and c["door"] in ("開門", "休門", "生門")),
    ("cast:palace(palace in 2 8, !god=值符, earth_stems=戊)",
     lambda c: c["palace"] in (2, 8) and c["god"] != "值符" and "戊" in c["earth_stems"]),
    ("cast:palace(patterns=奇格, door!=死門)", lambda c: "奇格" in c["patterns"] and c["door"] != "死門"),
    ("cast:palace(patterns=遊三避五, !marks=空)", lambda c: "遊三避五" in c["patterns"] and "空" not in c["marks"]),
])
def test_palace_keys(where, keep):
    where_ = palaces_where(keep)
    expected = brute(lambda i: bool(where_(i)))
    assert expected and found(where) == expected


def test_palace_condition_on_the_flying_plate_under_chaibu():
    options = ("--method", "chaibu", "--layout", "fei")
    where = palaces_where(lambda c: c["door"] == "休門" and "丁" in c["heaven_stems"], *options)
    expected = brute(lambda i: bool(where(i)))
    assert expected and found("cast:palace(door=休門, heaven_stems=丁)", options=options) == expected


def test_negated_palace_condition():
    where = palaces_where(kai_men_san_qi)
    expected = brute(lambda i: not where(i))
    got = rows("!cast:palace(door=開門, heaven_stems in 三奇)")
    assert [(r["start"], r["end"], r["count"]) for r in got] == expected
    assert all(r["places"] == [] and r["matched"] == {"!cast:palace(door=開門, heaven_stems in 三奇)": [False]}
               for r in got)
    # a negated test inside: a palace with 開門 none of whose heaven stems is a 三奇
    inner = palaces_where(lambda c: c["door"] == "開門" and not any(s in SAN_QI for s in c["heaven_stems"]))
    assert found("cast:palace(door=開門, !heaven_stems in 三奇)") == brute(lambda i: bool(inner(i)))


# --- the 月將 plate and the ring -----------------------------------------------------------


def test_twelve_gods_plate():
    gods = lines("twelve-gods")

    def keep(i):
        d = gods[i]
        groups = {}
        for point in d["points"]:
            groups.setdefault(point["earth_branch"], set()).add(point["group"])
        return any(g["label"] == "吉" and "天三門" in groups.get(g["earth_branch"], ()) and TRIGRAM[g["palace"]] != "坤"
                   for g in d["generals"])

    expected = brute(keep)
    assert expected and found("twelve-gods:plate(label=吉, group=天三門, trigram!=坤)") == expected


def test_twelve_gods_plate_places_are_the_generals_directions():
    got = rows("twelve-gods:plate(general in 太陰 六合 太常)", span=("2024-03-01T01:00", "2024-03-01T05:00"))
    for item in got[0]["shichen"]:
        data = json.loads(invoke("twelve-gods", "--at", item["start"], "--tz", TZ, "--json").output)
        where = {g["earth_branch"]: g for g in data["generals"] if g["name"] in ("太陰", "六合", "太常")}
        assert sorted(p["place"] for p in item["places"]) == sorted(where)
        for place in item["places"]:
            general = where[place["place"]]
            point = next(p for p in data["points"] if p["earth_branch"] == place["place"])
            assert (place["bearing"], place["palace"], place["compass"]) == (general["bearing"], general["palace"],
                                                                              general["compass"])
            assert place["sector"] == point["sector"] and place["mountains"] == [point["mountain"]]


def test_liuren_plate():
    liuren = lines("liuren")
    expected = brute(lambda i: liuren[i]["generals"][liuren[i]["transmissions"][0]] in ("貴人", "青龍", "六合"))
    assert expected and found("liuren:plate(transmission=初傳, general in 貴人 青龍 六合)") == expected


def test_noble_plate():
    noble = lines("noble")
    expected = brute(lambda i: any(g["name"] == "貴人" and g["heaven_branch"] in ("子", "午") for g in noble[i]["generals"]))
    assert expected and found("noble:plate(general=貴人, heaven_branch in 子午)") == expected


def test_gucu_ring():
    gucu = lines("gucu")
    expected = brute(lambda i: gucu[i]["tian_mu"] in ("子", "午", "卯", "酉"))
    assert expected and found("gucu:ring(marks=天目, point in 子午卯酉)") == expected
    expected = brute(lambda i: gucu[i]["gu_xu"]["hour"]["xu"] == gucu[i]["tian_gang"]["branch"])
    assert expected and found("gucu:ring(marks=時虛, marks=天罡)") == expected


# --- either/or, in, wildcards, negation ----------------------------------------------------------


def test_either_or_and_any():
    cast, gods = lines("cast"), lines("twelve-gods")
    expected = brute(lambda i: any(p["name"] == "天輔時" for p in cast[i]["patterns"]) or gods[i]["directions"]["he_ge"] == "合")
    assert expected and found("cast:天輔時 | twelve-gods:合") == expected
    assert found(options=("--any", "cast:天輔時", "--any", "twelve-gods:合")) == expected


def test_precedence_and_parentheses():
    cast, liuren = lines("cast"), lines("liuren")
    plate = [any(p["name"] == "三奇得使" for p in c["patterns"]) for c in cast]
    he = [d["directions"]["he_ge"] == "合" for d in lines("twelve-gods")]
    zei = [d["rule"] == "賊剋" for d in liuren]
    # ! binds tightest, then &, then |
    assert found("cast:三奇得使 | twelve-gods:合 & !liuren:賊剋") == brute(lambda i: plate[i] or (he[i] and not zei[i]))
    assert found("(cast:三奇得使 | twelve-gods:合) & !liuren:賊剋") == brute(lambda i: (plate[i] or he[i]) and not zei[i])
    assert found("!(cast:三奇得使 | liuren:賊剋)") == brute(lambda i: not (plate[i] or zei[i]))


def test_in_on_paths():
    cast, pillars = lines("cast"), lines("pillars")
    expected = brute(lambda i: cast[i]["zhi_shi"]["door"] in ("開門", "休門", "生門"))
    assert expected and found("cast:zhi_shi.door in 開門 休門 生門") == expected
    assert found("cast:zhi_shi.door in 三吉門") == expected
    expected = brute(lambda i: pillars[i]["pillars"]["day"] in ("甲子", "甲午"))
    assert expected and found("pillars:pillars.day in 甲子 甲午") == expected
    assert found("!pillars:pillars.day in 甲子 甲午") == brute(lambda i: pillars[i]["pillars"]["day"] not in ("甲子", "甲午"))


def test_wildcard_and_list_numbers():
    liuren, noble = lines("liuren"), lines("noble")
    expected = brute(lambda i: any(lesson[0] == "子" for lesson in liuren[i]["lessons"]))
    assert expected and found("liuren:lessons.*.0=子") == expected
    expected = brute(lambda i: liuren[i]["transmissions"][0] == "子")
    assert expected and found("liuren:transmissions.0=子") == expected
    expected = brute(lambda i: any("乙" in row["san_qi"] for row in noble[i]["si_men_qimen"]))
    assert expected and found("noble:si_men_qimen.*.san_qi=乙") == expected
    cast = lines("cast")
    expected = brute(lambda i: any(c["door"] == "開門" and c["god"] == "九天" for c in cast[i]["palaces"].values()))
    assert expected and found("cast:palace(door=開門, god=九天)") == expected
    assert found("!cast:palaces.*.god=九天") == []


def test_matched_of_a_compound_names_each_part_that_held():
    got = rows("cast:天輔時 | twelve-gods:合", span=("2024-03-01T01:00", "2024-03-02T23:00"))
    for row in got:
        for item in row["shichen"]:
            value = item["matched"]["cast:天輔時 | twelve-gods:合"]
            assert set(value) <= {"cast:天輔時", "twelve-gods:合"} and value
            he = json.loads(invoke("twelve-gods", "--at", item["start"], "--tz", TZ, "--json").output)
            assert ("twelve-gods:合" in value) == (he["directions"]["he_ge"] == "合")


# --- the Seoul question -------------------------------------------------------------------

JQ = '[.palaces[] | select(.door=="開門" and any(.heaven_stems[]; IN("乙","丙","丁")))] | length > 0'


def test_the_seoul_question():
    """Next week in Seoul: the 時辰 with 開門 and a 三奇 in one palace, and those not 五不遇時 — as the
    jq filter over `cast --json` at each 時辰 start."""
    charts = invoke("cast", "--from", "2026-12-07T01:00", "--to", "2026-12-13T23:00", "--every", "2h",
                    "--tz", "Asia/Seoul", "--json").output
    data = [json.loads(line) for line in charts.splitlines()]
    keep = [any(kai_men_san_qi(c) for c in d["palaces"].values()) for d in data]
    if shutil.which("jq"):
        out = subprocess.run(["jq", "-c", JQ], input=charts, capture_output=True, text=True, check=True).stdout
        assert [line == "true" for line in out.split()] == keep
    wu_bu_yu = [any(p["name"] == "五不遇時" for p in d["patterns"]) for d in data]
    starts = [d["input"]["local"] for d in data]
    args = ("find", "--from", "2026-12-07", "--to", "2026-12-13", "--tz", "Asia/Seoul", "--json",
            "--where", "cast:palace(door=開門, heaven_stems in 乙丙丁)")
    got = [s["start"] for line in invoke(*args).output.splitlines() for s in json.loads(line)["shichen"]]
    assert got == [s for s, k in zip(starts, keep, strict=True) if k] and len(got) == 26
    got = [s["start"] for line in invoke(*args, "--where", "!cast:五不遇時").output.splitlines()
           for s in json.loads(line)["shichen"]]
    assert got == [s for s, k, w in zip(starts, keep, wu_bu_yu, strict=True) if k and not w] and len(got) == 24


# --- --stats -------------------------------------------------------------------------------------


def _brute_stats(flags: list[bool], starts: list[str]) -> tuple[int, tuple | None]:
    """(count, (between, hours) of the longest gap between two matches) over the range."""
    import datetime as dt

    hits = [i for i, f in enumerate(flags) if f]
    best = None
    for a, b in zip(hits, hits[1:], strict=False):
        if b - a > 1:
            hours = (dt.datetime.fromisoformat(starts[b]) - dt.datetime.fromisoformat(starts[a])).total_seconds() / 3600 - 2
            if best is None or hours > best[1]:
                best = (b - a - 1, hours)
    return len(hits), best


def test_stats_equal_the_brute_force_counts():
    where = palaces_where(kai_men_san_qi)
    starts = [d["input"]["local"] for d in lines("pillars")]
    first = [bool(where(i)) for i in range(len(starts))]
    gods = lines("twelve-gods")
    second = [d["directions"]["he_ge"] != "合" for d in gods]
    result = invoke("find", "--from", FROM, "--to", TO, "--tz", TZ, "--stats", "--json",
                    "--where", "cast:palace(door=開門, heaven_stems in 三奇)", "--where", "!twelve-gods:合")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    assert errors(stats, load("find-stats")) == []
    assert stats["shichen"] == len(starts)
    flags = [first, second, [a and b for a, b in zip(first, second, strict=True)]]
    for tally, flag in zip([*stats["conditions"], stats["all"]], flags, strict=True):
        count, gap = _brute_stats(flag, starts)
        assert tally["count"] == count and tally["share"] == round(count / len(starts), 6)
        assert (tally["longest_gap"]["shichen"], tally["longest_gap"]["hours"]) == gap
    assert stats["all"]["count"] == sum(r["count"] for r in rows("cast:palace(door=開門, heaven_stems in 三奇)",
                                                                  "!twelve-gods:合"))


def test_stats_table_and_refusals():
    args = ("find", "--from", "2024-03-01", "--to", "2024-03-07", "--tz", TZ, "--where", "cast:三奇得使", "--stats")
    out = invoke(*args, "--lang", "en").output
    assert "all together" in out and "longest gap" in out and "84 時辰 in the range" in out
    assert "最長間隔" in invoke(*args).output
    result = invoke(*args, "--first", "1")
    assert result.exit_code == 2 and "--first does not apply" in result.stderr


# --- --explain and the table ----------------------------------------------------------------------


def test_explain_gives_the_registry_rule_and_the_values():
    records = {r["name"]: r for r in map(json.loads, invoke("patterns", "--json").output.splitlines())}
    got = rows("cast:palace(patterns=三奇得使)", "!cast:五不遇時", "twelve-gods:合 | liuren:元首",
               span=("2024-03-01T01:00", "2024-03-10T23:00"))
    assert got
    for row in got:
        assert errors(row, load("find")) == []
        by = {e["condition"]: e for e in row["explain"]}
        palace = by["cast:palace(patterns=三奇得使)"]
        rule = palace["rules"][0]
        expected = records["三奇得使"]
        assert (rule["name"], rule["verdict"], rule["source"], rule["line"], rule["quote"]) == (
            "三奇得使", expected["verdict"], expected["source"], expected["line"], expected["quote"])
        assert palace["values"] == row["matched"]["cast:palace(patterns=三奇得使)"]
        wu = by["!cast:五不遇時"]
        assert wu["negated"] and wu["values"] == [] and wu["rules"][0]["line"] == records["五不遇時"]["line"]
        either = [by[k] for k in ("twelve-gods:合", "liuren:元首") if k in by]
        assert either
        for e in either:
            assert e["rules"][0]["source"] in ("000_4b5dcee18d5e7425.txt", "") and e["values"]


def test_explain_and_places_in_the_terminal_view():
    args = ("find", "--from", "2026-12-07", "--to", "2026-12-08", "--tz", "Asia/Seoul",
            "--where", "cast:palace(door=開門, heaven_stems in 三奇)", "--where", "!cast:五不遇時", "--explain")
    out = invoke(*args, "--lang", "en").output
    assert "direction" in out and "1坎 北 壬子癸 337.5–22.5°" in out
    assert "why it matched" in out and "〈釋直符直使〉 line 107" in out
    zh = invoke(*args).output
    assert "方位" in zh and "何以合" in zh and "五不遇時者" in zh
    assert "방위" in invoke(*args, "--lang", "ko").output
    # without a place condition the table has no direction column
    assert "direction" not in invoke("find", "--from", "2026-12-07", "--to", "2026-12-08", "--tz", "Asia/Seoul",
                                     "--where", "cast:五不遇時", "--lang", "en").output


# --- --list ---------------------------------------------------------------------------------------


def test_list_one_art():
    from qimen_cli.find.arts import arts
    from qimen_cli.qimen.patterns import PATTERN_NAMES

    out = invoke("find", "--list", "--art", "gucu").output
    assert "gucu:往亡" in out and "gucu:ring(…)" in out and "cast:" not in out and "twelve-gods:" not in out
    import re

    def listed_names(text: str) -> set[str]:  # each named condition at a line's start, its text beside it
        return set(re.findall(r"^  (\S+:\S+)  ", text, re.M))

    listed = listed_names(invoke("find", "--list", "--art", "cast").output)
    assert all(f"cast:{name}" in listed for name in PATTERN_NAMES)
    everything = listed_names(invoke("find", "--list").output)
    assert all(f"{art}:{name}" in everything for art, spec in arts().items() for name in spec.named)
    result = invoke("find", "--art", "gucu", "--from", FROM, "--to", TO, "--where", "gucu:往亡")
    assert result.exit_code == 2 and "add --list" in result.stderr


# --- malformed conditions ---------------------------------------------------------------------------


@pytest.mark.parametrize("where, message", [
    ("cast:palace(door=)", "column 18: no value after 'door='"),
    ("cast:伏吟 |", "at the end: nothing after '|'"),
    ("cast:palace(nokey=1)", "column 13: unknown palace key 'nokey'"),
    ("cast:palace(door=開)", "'開' is not a door value"),
    ("cast:palace(door=開門", "'palace(' is not closed"),
    ("(cast:伏吟 | cast:天輔時", "'(' is not closed"),
    ("cast:伏吟)", "an unmatched ')'"),
    ("cast:伏吟 & | twelve-gods:合", "nothing after '&'"),
    ("pillars:plate(branch=子)", "pillars has no places"),
    ("cast:plate(branch=子)", "cast's places are cast:palace(…)"),
    ("cast:palace(heaven_stems=乙丙丁)", "write heaven_stems in 乙丙丁"),
    ("twelve-gods:plate(general=龍)", "closest: 青龍"),
    ("cast:palaces.*.dor=開門", "no key 'palaces.*.dor'"),
])
def test_malformed_conditions_exit_2_with_one_line(where, message, capsys):
    from qimen_cli.cli.main import main

    with pytest.raises(SystemExit) as exc:
        main(["find", "--from", FROM, "--to", TO, "--tz", TZ, "--where", where])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message in captured.err


def test_malformed_any_names_its_option(capsys):
    from qimen_cli.cli.main import main

    with pytest.raises(SystemExit) as exc:
        main(["find", "--from", FROM, "--to", TO, "--tz", TZ, "--any", "cast:伏吟", "--any", "cast:palace(door=)"])
    assert exc.value.code == 2 and capsys.readouterr().err.startswith("qimen: error: --any 'cast:palace(door=)'")
