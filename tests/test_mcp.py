"""`qimen serve` through the MCP SDK's own stdio client: one server process for the module.

The client starts `qimen serve` as a subprocess, lists the tools (named qimen_*, with titles,
output schemas and readOnlyHint) and checks each schema against the option definitions and the
command line's click options, calls `qimen_cast`, `qimen_find` and `qimen_liuren` and compares
with the command line's JSON (one copy: the structured content; the text a short summary), pages
a year of cast through the `next` cursor to the end and matches the command line's JSON Lines,
sends bad arguments and gets tool errors with the command line's messages, and the server keeps
answering after them.  Then, each with its own server: the malformed-line table (raw lines,
the protocol's errors), SIGINT and SIGTERM (exit 0 after answering what is in flight), a slow
call that does not hold an error call (and reports progress, and is cancelled), the ephemeris
refused unless allowed.
"""

from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("mcp")

import anyio  # noqa: E402
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

from qimen_cli import options  # noqa: E402
from qimen_cli.mcp_server import BUDGET, LIMIT, NOW, commands, tool_name, tools  # noqa: E402

TOOLS = tools()
from test_api import cli_message  # noqa: E402

SERVER = StdioServerParameters(
    command=sys.executable, args=["-c", "from qimen_cli.cli.main import console; console()", "serve"],
    env={"COLUMNS": "200", "NO_COLOR": "1"},
)

CAST = {"at": "2024-03-05T11:00", "tz": "Asia/Shanghai"}
FIND = {"start": "2024-03-01", "end": "2024-04-30", "tz": "+08:00", "where": ["cast:三奇得使", "twelve-gods:合"]}
LIUREN = {"at": "2024-03-05T11:00+08:00", "noble_rule": "day-night", "lat": 31.23, "lon": 121.47}
DATELESS = {"day": "甲子", "hour": "寅", "yuejiang": "亥"}
RANGE = {"start": "2024-03-05", "end": "2024-03-06", "tz": "+08:00", "limit": 5}
YEAR = {"start": "2024-01-01", "end": "2024-12-31", "tz": "Asia/Shanghai"}
#: A year of cast (29 MB of JSON) in pages of at most this many bytes (30 pages; the slow test).
YEAR_BYTES = 1_000_000
#: Three days of cast at the default budget (36 charts of about 6.6 KB: pages of 7).
DAYS = {"start": "2024-03-05", "end": "2024-03-07", "tz": "Asia/Shanghai"}

#: Bad calls (tool, arguments) and the command line that is refused the same way (None: the
#: server's own refusal, named in `words`).
BAD = [
    ("cast", {"at": "05/03/2024"}, ("cast", "--at", "05/03/2024")),
    ("cast", {"at": "2024-03-05T11:00+08:00", "method": "lunar"}, ("cast", "--at", "2024-03-05T11:00+08:00", "--method", "lunar")),
    ("cast", {"at": "2024-03-05T11:00+08:00", "switch": "instant"}, ("cast", "--at", "2024-03-05T11:00+08:00", "--switch", "instant")),
    ("pillars", {"at": "1799-09-01T00:00", "tz": "UTC"}, ("pillars", "--at", "1799-09-01T00:00", "--tz", "UTC")),
    ("liuren", {"at": "2024-03-05T11:00+08:00", "lat": 31}, ("liuren", "--at", "2024-03-05T11:00+08:00", "--lat", "31")),
    ("pillars", {"at": "2024-03-05T11:00", "tz": "KST"}, ("pillars", "--at", "2024-03-05T11:00", "--tz", "KST")),
    ("find", {"start": "2024-03-01", "end": "2024-03-02", "where": ["cast:no-such-pattern"], "tz": "UTC"},
     ("find", "--from", "2024-03-01", "--to", "2024-03-02", "--where", "cast:no-such-pattern", "--tz", "UTC")),
    ("cast", {"bogus": 1}, None),
    ("cast", {"at": 5}, None),
    ("pillars", {"at": "2024-03-05T11:00+08:00", "limit": 0}, None),
    ("no-such-tool", {}, None),
    ("cast", {"at": "2024-03-05T11:00+08:00", "ephemeris": "/etc/passwd"}, None),
    ("pillars", {"start": "2024-03-05", "end": "2024-03-06", "tz": "UTC", "cursor": "bm90IGEgY3Vyc29y"}, None),
    ("now", {"at": "05/03/2024"}, ("pillars", "--at", "05/03/2024")),
]
WORDS = {
    ("cast", "ephemeris"): "Invalid value for 'ephemeris': '/etc/passwd': this server reads no ephemeris file",
    ("cast", "bogus"): "cast takes no option 'bogus'",
    ("cast", "at"): "Invalid value for '--at': 5 is not a time",
    ("pillars", "limit"): "Invalid value for 'limit': 0 is not in the range 1<=x<=1000.",
    ("no-such-tool", None): "no tool 'qimen_no_such_tool'",
    ("pillars", "cursor"): "Invalid value for 'cursor': 'bm90IGEgY3Vyc29y' is not a next this server gave",
}


def tool(command: str) -> str:
    """The tool of a command (`now`: NOW), as the tables above name them."""
    return NOW if command == "now" else tool_name(command)


async def pages(session, name: str, arguments: dict) -> list:
    """Every page of a call, following next to the end."""
    out = [await session.call_tool(name, arguments)]
    while out[-1].structured_content["next"] is not None:
        assert out[-1].structured_content["truncated"] is True and not out[-1].is_error
        out.append(await session.call_tool(name, {"cursor": out[-1].structured_content["next"],
                                                  **{k: v for k, v in arguments.items() if k == "max_bytes"}}))
    return out


async def exchange() -> dict:
    """Everything the tests check, asked of one server process."""
    got: dict = {}
    async with stdio_client(SERVER) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        got["tools"] = (await session.list_tools()).tools
        for key, command, arguments in (("cast", "cast", CAST), ("find", "find", FIND), ("liuren", "liuren", LIUREN),
                                        ("dateless", "liuren", DATELESS), ("range", "pillars", RANGE)):
            got[key] = await session.call_tool(tool(command), arguments)
        got["find"] = await pages(session, "qimen_find", FIND)
        got["now"] = await session.call_tool(NOW, {"at": "2024-11-03T01:30", "tz": "America/New_York"})
        got["year"] = await pages(session, "qimen_pillars", YEAR)
        got["days"] = await pages(session, "qimen_cast", DAYS)
        got["bad"] = [await session.call_tool(tool(command), arguments) for command, arguments, _ in BAD]
        got["after"] = await session.call_tool("qimen_cast", CAST)
    return got


@pytest.fixture(scope="module")
def served():
    return anyio.run(exchange)


def cli_json(run_cli, *args) -> str:
    r = run_cli(*args, "--json")
    assert r.exit_code == 0, r.stderr
    return r.stdout


def test_one_tool_per_command_and_now(served):
    assert [t.name for t in served["tools"]] == TOOLS == [*(tool_name(c) for c in commands()), NOW]
    from qimen_cli.arts import names
    from qimen_cli.cli.main import SUBCOMMANDS

    assert set(commands()) == set(options.COMMANDS) | set(names()) == set(SUBCOMMANDS) - {"serve", "verify", "web"} | set(names())
    assert all(t.name.startswith("qimen_") and "-" not in t.name for t in served["tools"])
    assert "qimen_twelve_gods" in TOOLS


@pytest.mark.parametrize("name", TOOLS)
def test_each_tool_has_a_title_an_output_schema_and_is_read_only(served, name):
    import jsonschema

    listed = next(t for t in served["tools"] if t.name == name)
    assert listed.title and listed.annotations.title == listed.title
    assert listed.annotations.read_only_hint is True and listed.annotations.destructive_hint is False
    assert listed.annotations.idempotent_hint is (name != NOW) and listed.annotations.open_world_hint is False
    jsonschema.Draft202012Validator.check_schema(listed.output_schema)
    assert listed.output_schema["type"] == "object"
    assert all(p.get("title") for p in listed.input_schema["properties"].values())
    if name != NOW:
        assert f"{BUDGET:,}" in listed.description and "cursor=next" in listed.description


def test_the_required_fields_are_the_apis(served):
    schemas = {t.name: t.input_schema for t in served["tools"]}
    assert schemas["qimen_find"]["required"] == ["start", "end"]
    assert all("required" not in schemas[tool_name(c)] for c in commands() if c != "find")


@pytest.mark.parametrize("command", commands())
def test_each_schema_is_made_from_the_options(served, command):
    import jsonschema

    from qimen_cli.cli.main import cli

    schema = next(t for t in served["tools"] if t.name == tool_name(command)).input_schema
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    defined = {o.name: o for o in options.options_of(command)}
    assert list(schema["properties"]) == [*defined, "limit", "max_bytes", "cursor"]
    assert schema["properties"]["limit"]["default"] == LIMIT and schema["properties"]["max_bytes"]["default"] == BUDGET
    click_params = {p.name: p for p in cli.get_command(None, command).params}
    for name, option in defined.items():
        prop = schema["properties"][name]
        assert "\n" not in prop["description"] and "Example: " in prop["description"], (command, name)
        jsonschema.validate(option.example, prop)  # the example is a value the schema takes
        param = click_params[name]  # the command line's option of the same definition
        if getattr(param.type, "choices", None) is not None:
            assert [str(c) for c in prop["enum"]] == list(param.type.choices), (command, name)
        if option.default is not None:
            assert param.default == option.default, (command, name)
            assert prop["default"] in (option.default, options.read(option, None)), (command, name)
        else:
            assert "default" not in prop or option.is_flag, (command, name)
        if option.is_flag:
            assert prop["type"] == "boolean" and param.is_flag
    if "ephemeris" in schema["properties"]:
        assert "reads none" in schema["properties"]["ephemeris"]["description"]


def test_cast_answers_the_json_of_the_command_line_once(served, run_cli):
    result = served["cast"]
    assert not result.is_error
    text = cli_json(run_cli, "cast", "--at", CAST["at"], "--tz", CAST["tz"])
    assert result.structured_content == json.loads(text)
    assert len(result.content) == 1 and len(result.content[0].text) < 200  # a summary, not a second copy
    assert "structuredContent" in result.content[0].text
    assert served["after"].structured_content == result.structured_content


def test_find_answers_the_windows_of_the_command_line(served, run_cli):
    got = served["find"]
    lines = cli_json(run_cli, "find", "--from", FIND["start"], "--to", FIND["end"], "--tz", FIND["tz"],
                     "--where", FIND["where"][0], "--where", FIND["where"][1]).splitlines()
    assert [r for page in got for r in page.structured_content["results"]] == [json.loads(x) for x in lines]
    assert len(got) > 1 and len(lines) > 10  # paged by the budget, resumed by the cursor
    data = got[-1].structured_content
    assert data["truncated"] is False and data["next"] is None and data["limit"] == LIMIT


def test_liuren_answers_the_json_of_the_command_line(served, run_cli):
    text = cli_json(run_cli, "liuren", "--at", LIUREN["at"], "--noble-rule", "day-night", "--lat", "31.23",
                    "--lon", "121.47")
    assert served["liuren"].structured_content == json.loads(text)
    dateless = cli_json(run_cli, "liuren", "--day", "甲子", "--hour", "寅", "--yuejiang", "亥")
    assert served["dateless"].structured_content == json.loads(dateless)


def test_a_range_is_capped_by_its_limit(served, run_cli):
    data = served["range"].structured_content
    lines = cli_json(run_cli, "pillars", "--from", RANGE["start"], "--to", RANGE["end"], "--tz", RANGE["tz"]).splitlines()
    assert len(lines) == 24
    assert data["results"] == [json.loads(x) for x in lines[:5]]
    assert (data["count"], data["offset"], data["truncated"], data["limit"]) == (5, 0, True, 5)
    assert data["next"] and "results 1–5" in served["range"].content[0].text


def check_year(got: list, lines: list[str], budget: int) -> None:
    """The pages of a year: the command line's JSON Lines, in order, each page within its budget."""
    assert len(got) > 5 and got[-1].structured_content["truncated"] is False
    results = [r for page in got for r in page.structured_content["results"]]
    assert len(results) == len(lines) == 4392
    assert results == [json.loads(x) for x in lines]
    offsets = [page.structured_content["offset"] for page in got]
    assert offsets == [sum(p.structured_content["count"] for p in got[:i]) for i in range(len(got))]
    for page in got:  # each page within its budget
        sizes = [len(json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode()) + 1 for r in
                 page.structured_content["results"]]
        assert sum(sizes) - 1 <= budget and page.structured_content["max_bytes"] == budget


def test_a_year_paged_through_the_cursor_is_the_command_lines_json_lines(served, run_cli):
    lines = cli_json(run_cli, "pillars", "--from", YEAR["start"], "--to", YEAR["end"], "--tz", YEAR["tz"]).splitlines()
    check_year(served["year"], lines, BUDGET)


@pytest.mark.slow
def test_a_year_of_cast_paged_through_the_cursor_is_the_command_lines_json_lines(run_cli):
    """29 MB through the SDK's client: its parsing and validation of each page take the seconds."""
    async def year() -> list:
        async with stdio_client(SERVER) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            return await pages(session, "qimen_cast", {**YEAR, "max_bytes": YEAR_BYTES})

    lines = cli_json(run_cli, "cast", "--from", YEAR["start"], "--to", YEAR["end"], "--tz", YEAR["tz"]).splitlines()
    check_year(anyio.run(year), lines, YEAR_BYTES)


def test_the_default_budget_fits_a_context(served, run_cli):
    lines = cli_json(run_cli, "cast", "--from", DAYS["start"], "--to", DAYS["end"], "--tz", DAYS["tz"]).splitlines()
    got = served["days"]
    assert [r for page in got for r in page.structured_content["results"]] == [json.loads(x) for x in lines]
    for page, following in zip(got[:-1], got[1:], strict=True):
        data = page.structured_content
        size = sum(len(json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode()) + 1 for r in data["results"])
        first = following.structured_content["results"][0]
        assert size - 1 <= BUDGET < size + len(json.dumps(first, ensure_ascii=False, separators=(",", ":")).encode())
        assert data["limit"] == LIMIT and data["count"] < LIMIT  # the budget, not the count, stopped it


def test_now_resolves_an_instant_on_a_clock(served, run_cli):
    data = served["now"].structured_content
    pillars = json.loads(cli_json(run_cli, "pillars", "--at", "2024-11-03T01:30", "--tz", "America/New_York"))
    assert data == {"at": pillars["input"]["local"], "utc": pillars["instant_utc"], "tz": "America/New_York",
                    "offset": "-04:00", "pillars": pillars["pillars"]}


@pytest.mark.parametrize("i", range(len(BAD)), ids=[f"{t}-{'-'.join(a)}" for t, a, _ in BAD])
def test_bad_arguments_are_tool_errors_with_the_command_lines_message(served, i, run_cli):
    tool, arguments, command_line = BAD[i]
    result = served["bad"][i]
    assert result.is_error and len(result.content) == 1
    message = result.content[0].text
    assert "\n" not in message
    if command_line is not None:
        r = run_cli(*command_line)
        assert r.exit_code == 2 and message == cli_message(r.stderr)
    else:
        key = next(k for k in WORDS if k[0] == tool and (k[1] is None or k[1] in arguments))
        assert message.startswith(WORDS[key]), message


def test_the_server_keeps_answering_after_errors(served):
    assert not served["after"].is_error


def test_serve_without_the_sdk_says_what_to_install(run_process):
    r = run_process("serve", code="import sys; sys.modules['mcp'] = None\n"
                                  "from qimen_cli.cli.main import console; console()")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == ["qimen: error: qimen serve needs the MCP SDK: pip install 'qimen-cli[mcp]'"]
