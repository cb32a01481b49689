"""An art is its record: a toy art declared here through its `Art` record alone, registered as the
record says an art is added (`arts.register`), is offered by every door — a subcommand with
--json and its range table, a `find` condition (one of its rules) and a place form, `qimen
patterns`, a function of the Python API and an MCP tool — without a line of any door changed.

The toy art reads the hour branch of a Moment: yang (子寅辰午申戌) or not; its one rule, 陽時,
holds on a yang hour.  (No text states it: a made-up art, no rule of the texts.)
"""

from __future__ import annotations

import functools
import json
import sys

import pytest

from qimen_cli import arts, options
from qimen_cli.artrule import ArtRule, check
from qimen_cli.arts import Art, Job, Steps
from qimen_cli.calendar.ganzhi import BRANCHES

# --- the toy art: engine, view, rules and record, all here ------------------------------------


def compute(moment, flip: bool):
    branch = BRANCHES[moment.pillars.hour % 12]
    return moment, {"hour": branch, "yang": (BRANCHES.index(branch) % 2 == 0) != flip}


def to_json(result) -> str:
    moment, report = result
    return json.dumps({"schema_version": 2, "instant_utc": moment.instant_utc.isoformat(), **report},
                      ensure_ascii=False, separators=(",", ":"))


def job_steps(flip: bool) -> Steps:
    return Steps(functools.partial(compute, flip=flip), to_json)


def toy_options():
    return (options.Option("flip", "--flip", options.FLAG, None, "Read yin hours as yang.", True),)


def toy_check(when, flip: bool) -> Job:
    return Job.of("toy", flip=flip)


def draw(raw, console, lang: str = "zh", explain: bool = False) -> None:
    console.print(f"toy {raw[1]['hour']} {'yang' if raw[1]['yang'] else 'yin'}")


def find_compute(moment, opts):
    return compute(moment, False)


def find_json(result, opts) -> dict:
    return json.loads(to_json(result))


def place_keys() -> dict:
    return {"branch": BRANCHES}


def place_records(result, data) -> dict:
    branch = result[1]["hour"]
    return {branch: {"branch": branch}}


RULES = check((ArtRule("toy", "陽時", "", "yes/no", "", None, "", "The hour branch is yang (子寅辰午申戌).",
                       "yang=true"),))

TOY = Art(
    "toy", "A toy art: the hour's yin or yang.",
    help="The hour branch of an instant, yang or yin (a test's art).",
    epilog="\b\nExamples:\n  qimen toy --at 2024-03-05T11:00 --tz Asia/Shanghai",
    api="The toy art at `at` (`qimen toy`): a Result; over a range, a Stream of them.",
    options=toy_options, check=toy_check, steps=job_steps, view=draw,
    rows="qimen_cli.render.table:TIME_AND_PILLARS", rules=RULES,
    find_compute=find_compute, find_json=find_json, places=("hour", place_keys, place_records),
    cost=0, listed=99,
)


@pytest.fixture
def toy(monkeypatch):
    """The toy art registered; the option tables and the shell's commands made from the records
    made again (as a start with the art installed makes them), and all put back afterwards."""
    monkeypatch.setattr(options, "_OWN", {})
    for module in ("qimen_cli.cli.patterns", "qimen_cli.cli.find"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    arts.register(TOY)
    yield TOY
    arts.unregister("toy")


AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")  # 午時: yang


def test_the_shell_offers_it_with_json_a_view_and_a_range_table(toy, run_cli):
    listing = run_cli("--help")
    assert "toy" in listing.stdout and "A toy art: the hour's yin or yang." in listing.stdout
    assert "Read yin hours as yang." in run_cli("toy", "--help").stdout
    one = run_cli("toy", *AT, "--json")
    assert one.exit_code == 0, one.stderr
    assert json.loads(one.stdout) == {"schema_version": 2, "instant_utc": "2024-03-05T03:00:00+00:00", "hour": "午",
                                      "yang": True}
    assert json.loads(run_cli("toy", *AT, "--json", "--flip").stdout)["yang"] is False
    assert run_cli("toy", *AT).stdout.strip() == "toy 午 yang"
    lines = run_cli("toy", "--from", "2024-03-05T11:00", "--to", "2024-03-05T15:00", "--tz", "Asia/Shanghai", "--json")
    assert [json.loads(x)["hour"] for x in lines.stdout.splitlines()] == ["午", "未", "申"]
    table = run_cli("toy", "--from", "2024-03-05T11:00", "--to", "2024-03-05T15:00", "--tz", "Asia/Shanghai")
    assert table.exit_code == 0 and "戊辰 庚申" in table.stdout  # the day and 時 pillars of 15:00, a row
    bad = run_cli("toy", "--at", "nonsense")
    assert bad.exit_code == 2 and "Invalid value for '--at'" in bad.stderr


def test_find_takes_its_rule_and_its_places(toy, run_cli):
    span = ("--from", "2024-03-05T11:00", "--to", "2024-03-05T16:59", "--tz", "Asia/Shanghai", "--json")
    found = [json.loads(x) for x in run_cli("find", *span, "--where", "toy:陽時").stdout.splitlines()]
    assert [(w["hour"], w["count"]) for w in found] == [("戊午", 1), ("庚申", 1)]
    assert found[0]["explain"][0]["rules"][0]["name"] == "陽時"
    placed = [json.loads(x) for x in run_cli("find", *span, "--where", "toy:hour(branch=未)").stdout.splitlines()]
    assert [(w["hour"], [p["place"] for p in w["places"]]) for w in placed] == [("己未", ["未"])]
    assert "toy:陽時" in run_cli("find", "--list").stdout
    assert "toy:陽時" in run_cli("find", "--list", "--art", "toy").stdout
    unknown = run_cli("find", *span, "--where", "toy:陰時")
    assert unknown.exit_code == 2 and "unknown toy condition '陰時'" in unknown.stderr


def test_patterns_lists_its_rules(toy, run_cli):
    records = [json.loads(x) for x in run_cli("patterns", "--json").stdout.splitlines()]
    assert records[-1]["art"] == "toy" and records[-1]["name"] == "陽時"
    only = [json.loads(x) for x in run_cli("patterns", "--art", "toy", "--json").stdout.splitlines()]
    assert [r["name"] for r in only] == ["陽時"]


def test_the_api_has_its_function(toy):
    import inspect

    import qimen_cli

    assert "toy" in qimen_cli.__all__
    result = qimen_cli.toy("2024-03-05T11:00+08:00", flip=True)
    assert result.command == "toy" and result.to_dict()["yang"] is False and result.value == {"hour": "午", "yang": False}
    assert list(inspect.signature(qimen_cli.toy).parameters)[-1] == "flip"
    assert [r.to_dict()["hour"] for r in qimen_cli.toy(start="2024-03-05T11:00", end="2024-03-05T13:00", tz="+08:00")] \
        == ["午", "未"]
    assert [r.value["name"] for r in qimen_cli.patterns(art="toy")] == ["陽時"]
    window = next(qimen_cli.find("2024-03-05T11:00", "2024-03-05T16:59", ["toy:陽時"], tz="+08:00"))
    assert window.to_dict()["hour"] == "戊午"


def test_the_mcp_server_lists_its_tool(toy):
    from qimen_cli import mcp_server

    assert "qimen_toy" in mcp_server.tools() and "toy" in mcp_server.commands()
    assert mcp_server.tool_description("toy").startswith("A toy art: the hour's yin or yang. One instant (at)")
    assert mcp_server.tool_schema("toy")["properties"]["flip"]["type"] == "boolean"
    assert "qimen_toy" in [t.name for t in mcp_server.listed_tools()]
    _text, data = mcp_server.answer("qimen_toy", {"at": "2024-03-05T11:00", "tz": "Asia/Shanghai"})
    assert data["hour"] == "午"


def test_without_it_no_door_offers_it(run_cli):
    """Registered and taken back: the toy art is nowhere (the test above does not leak)."""
    import qimen_cli
    from qimen_cli import mcp_server

    assert "toy" not in qimen_cli.__all__ and "qimen_toy" not in mcp_server.tools()
    assert arts.find_art("toy") is None
    assert run_cli("toy", "--json").exit_code == 2
    with pytest.raises(ValueError, match="already"):
        arts.register(Art("cast", "another cast"))
