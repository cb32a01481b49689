"""Every rule of the registry of an art other than cast, found by name with `find`, agrees with
the art's own --json on every 時辰 of sample spans: `ART:NAME` for a yes/no rule, `ART:NAME=V`
for every value V of a rule that gives a direction, a branch or a value.  The expected answer is
read off the art's JSON here, by the record's `reads` (artrule.py), with a reader of its own."""

from __future__ import annotations

import datetime as _dt
import json

import pytest

from qimen_cli import api
from qimen_cli.arts.rules import art_rules

#: Spans of 時辰 (from 子初 23:00 of the day before): 2024-01-25 … 02-20 holds 正月's 往亡
#: (初七 = 02-16), 天乙絕氣 (初六), 六窮, 軍忌, a new year (虎尾/黃幡) and 立春 (月建);
#: 2024-03-05 (正月廿五 戊辰) is on 正月's list of 出軍吉日; 1987-05 another year, in +09:00;
#: 2024-06 (月建 午) holds liuren's 向建 (facing 南 by day, 004 line 179).
SPANS = {
    "gucu": [("2024-01-24T23:00", "2024-02-20T22:59", "+08:00"), ("2024-03-03T23:00", "2024-03-06T22:59", "+08:00")],
    "twelve-gods": [("2024-03-01T23:00", "2024-03-08T22:59", "+08:00"), ("1987-05-09T23:00", "1987-05-19T22:59", "+09:00")],
    "noble": [("2024-03-01T23:00", "2024-03-08T22:59", "+08:00")],
    "liuren": [("2024-03-01T23:00", "2024-03-15T22:59", "+08:00"), ("2024-06-09T23:00", "2024-06-11T22:59", "+08:00")],
}
#: The art's options (find's and the command's alike): --tone gives gucu's 五音 rows.
OPTIONS = {"gucu": {"tone": "宮"}}


def _values(node, keys):
    """The values at a dotted path (a list of objects traversed, `*` every item or value)."""
    if not keys:
        return list(node) if isinstance(node, list) else [node]
    key, rest = keys[0], keys[1:]
    if key == "*":
        items = node if isinstance(node, list) else list(node.values()) if isinstance(node, dict) else []
        return [v for item in items for v in _values(item, rest)]
    if isinstance(node, list):
        return [v for el in node for v in _values(el, keys)]
    return _values(node[key], rest) if isinstance(node, dict) and key in node else []


def _text(v) -> str:
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


def _holds(reads: str, data: dict) -> bool:
    for clause in reads.split(" & "):
        path, value = clause.split("=", 1)
        found = value in {_text(v) for v in _values(data, path.rstrip("!").split("."))}
        if found == path.endswith("!"):
            return False
    return True


def _expected(art: str, rules, data: dict) -> set[str]:
    out = set()
    for r in rules:
        if r.kind == "yes/no":
            if _holds(r.reads, data):
                out.add(f"{art}:{r.name}")
        else:
            # null: no answer on this 時辰 (the attack on days 9, 10 …; 五音 without --tone)
            out |= {f"{art}:{r.name}={_text(v)}" for v in _values(data, r.reads.split(".")) if v is not None}
    return out


def _conditions(art: str, rules) -> list[str]:
    return [f"{art}:{r.name}" if r.kind == "yes/no" else f"{art}:{r.name}={v}" for r in rules for v in (r.domain or [None])]


def _start(text: str) -> str:
    return _dt.datetime.fromisoformat(text).astimezone(_dt.timezone.utc).isoformat()


@pytest.mark.parametrize("art", sorted(SPANS))
def test_find_by_name_agrees_with_the_json_on_every_shichen(art):
    rules = art_rules(art)
    conditions = _conditions(art, rules)
    opts = OPTIONS.get(art, {})
    command = getattr(api, art.replace("-", "_"))
    seen = set()
    for lo, hi, tz in SPANS[art]:
        expected = {}
        for result in command(start=lo, end=hi, tz=tz, every="2h", **opts):
            data = result.to_dict()
            expected[_start(data["input"]["local"])] = _expected(art, rules, data)
        found = {t: set() for t in expected}
        for window in api.find(lo, hi, any_of=conditions, tz=tz, **opts):
            for shichen in window.to_dict()["shichen"]:
                for held in shichen["matched"].values():  # the --any group: each alternative that held
                    found[_start(shichen["start"])] |= set(held)
        assert len(expected) >= 24
        assert found == expected
        seen |= {c.split("=")[0] for hits in expected.values() for c in hits}
    # every rule holds (or gives a value) somewhere in the spans: none is vacuous here
    missing = {f"{art}:{r.name}" for r in rules} - seen
    assert missing == NEVER_IN_SPAN.get(art, set())


#: Rules that do not hold anywhere in their sample spans (rare ones: checked not to hold there).
NEVER_IN_SPAN = {"liuren": {"liuren:八專", "liuren:有八專"}}


def test_a_value_outside_the_domain_is_refused_naming_the_values():
    from qimen_cli.errors import BadInput

    with pytest.raises(BadInput, match="子 丑 寅 卯 辰 巳 午 未 申 酉 戌 亥 北 東北 東 東南 南 西南 西 西北"):
        list(api.find("2024-03-01", "2024-03-02", where=["gucu:天目=乾"], tz="+08:00"))
    with pytest.raises(BadInput, match="建 除 滿 平 定 執 破 危 成 收 開 閉"):
        list(api.find("2024-03-01", "2024-03-02", where=["twelve-gods:直辰=東"], tz="+08:00"))
    with pytest.raises(BadInput, match="乾 坎 艮 震 巽 離 坤 兌"):
        list(api.find("2024-03-01", "2024-03-02", where=["gucu:從方=子"], tz="+08:00"))
    with pytest.raises(BadInput, match="gucu:天目=VALUE"):
        list(api.find("2024-03-01", "2024-03-02", where=["gucu:天目"], tz="+08:00"))
    with pytest.raises(BadInput, match="without a value"):
        list(api.find("2024-03-01", "2024-03-02", where=["gucu:往亡=true"], tz="+08:00"))


def test_negated_and_in_values():
    """`NAME!=V` holds where the answer is not V, `NAME in V1 V2` where it is one of them."""
    lo, hi, tz = "2024-03-01T23:00", "2024-03-03T22:59", "+08:00"
    every = [w.to_dict() for w in api.find(lo, hi, where=["gucu:時孤 in 子午"], tz=tz)]
    hours = [s["hour"][1] for w in every for s in w["shichen"]]
    # 004 line 23: 子日亥孤 … the hour's 孤 is one branch before the hour's (用時孤虛：以時為主)
    assert hours and set(hours) == {"丑", "未"}
    not_zi = [s["hour"][1] for w in api.find(lo, hi, where=["gucu:時孤!=子"], tz=tz) for s in w.to_dict()["shichen"]]
    assert "丑" not in not_zi and len(not_zi) == 24 - 2


def test_the_command_line_refuses_a_value_outside_the_domain(run_cli):
    """exit 2, one line naming the value and the accepted ones, nothing on stdout."""
    r = run_cli("find", "--from", "2024-03-01", "--to", "2024-03-02", "--tz", "+08:00", "--where", "gucu:天目=中")
    assert r.exit_code == 2 and r.stdout == ""
    lines = [line for line in r.stderr.splitlines() if line]
    assert len(lines) == 1 and "'中'" in lines[0] and "子 丑 寅 卯 辰 巳 午 未 申 酉 戌 亥 北 東北 東" in lines[0]


def test_patterns_art_gucu_lists_its_rules(run_cli):
    r = run_cli("patterns", "--art", "gucu", "--json")
    assert r.exit_code == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert [row["name"] for row in rows] == [rule.name for rule in art_rules("gucu")]
    assert {row["art"] for row in rows} == {"gucu"} and all(list(row)[0] == "schema_version" for row in rows)
    by = {row["name"]: row for row in rows}
    # 004 line 35: 黃帝曰：行兵要背天目，向地耳。
    assert (by["天目"]["verdict"], by["天目"]["kind"], by["天目"]["line"], by["天目"]["reads"]) == ("宜", "direction", 35, "tian_mu")
    view = run_cli("patterns", "--art", "gucu", "--lang", "zh", env={"COLUMNS": "80"})
    assert view.exit_code == 0 and all(r.name in view.stdout for r in art_rules("gucu"))
    assert "奇門遁甲" not in view.stdout  # one art's table only


def test_a_yes_no_rule_reports_the_value_it_shows():
    """liuren:不可占 (004 line 179: 甲乙日日入時 …) reports the forbidden hour, as jiling.forbidden_hour."""
    lo, hi, tz = "2024-03-01T23:00", "2024-03-05T22:59", "+08:00"
    shichen = [s for w in api.find(lo, hi, where=["liuren:不可占"], tz=tz) for s in w.to_dict()["shichen"]]
    assert shichen and all(s["matched"]["liuren:不可占"] == s["hour"][1] for s in shichen)


def test_a_direction_takes_its_compass_word():
    """gucu:日孤=東 is 日孤=卯, gucu:天目=東北 is 天目 in 丑寅 (the palace sector of the branch)."""
    lo, hi, tz = "2024-03-01T23:00", "2024-03-31T22:59", "+08:00"

    def shichen(*where):
        return [s["start"] for w in api.find(lo, hi, where=list(where), tz=tz) for s in w.to_dict()["shichen"]]

    assert shichen("gucu:日孤=東") == shichen("gucu:日孤=卯") != []
    assert shichen("gucu:日孤=東北") == shichen("gucu:日孤 in 丑寅") != []
    assert shichen("gucu:日孤!=東") == shichen("!gucu:日孤=卯")
