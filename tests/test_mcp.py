"""`qimen serve` through the MCP SDK's own stdio client: one server process for the module.

The client starts `qimen serve` as a subprocess, lists the tools and checks each schema
against the option definitions and the command line's click options, calls `cast`, `find`
and `liuren` and compares with the command line's JSON, sends bad arguments and gets tool
errors with the command line's messages, and the server keeps answering after them.
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
from qimen_cli.mcp_server import LIMIT, tools  # noqa: E402

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
]
WORDS = {
    ("cast", "bogus"): "cast takes no option 'bogus'",
    ("cast", "at"): "Invalid value for '--at': 5 is not a time",
    ("pillars", "limit"): "Invalid value for 'limit': 0 is not in the range 1<=x<=1000.",
    ("no-such-tool", None): "no tool 'no-such-tool'",
}


async def exchange() -> dict:
    """Everything the tests check, asked of one server process."""
    got: dict = {}
    async with stdio_client(SERVER) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        got["tools"] = (await session.list_tools()).tools
        for key, tool, arguments in (("cast", "cast", CAST), ("find", "find", FIND), ("liuren", "liuren", LIUREN),
                                     ("dateless", "liuren", DATELESS), ("range", "pillars", RANGE)):
            got[key] = await session.call_tool(tool, arguments)
        got["bad"] = [await session.call_tool(tool, arguments) for tool, arguments, _ in BAD]
        got["after"] = await session.call_tool("cast", CAST)
    return got


@pytest.fixture(scope="module")
def served():
    return anyio.run(exchange)


def cli_json(run_cli, *args) -> str:
    r = run_cli(*args, "--json")
    assert r.exit_code == 0, r.stderr
    return r.stdout


def test_one_tool_per_command(served):
    assert sorted(t.name for t in served["tools"]) == sorted(TOOLS)
    from qimen_cli.arts import names
    from qimen_cli.cli.main import SUBCOMMANDS

    assert set(TOOLS) == set(options.COMMANDS) | set(names()) == set(SUBCOMMANDS) - {"serve", "verify", "web"} | set(names())


@pytest.mark.parametrize("tool", TOOLS)
def test_each_schema_is_made_from_the_options(served, tool):
    import jsonschema

    from qimen_cli.cli.main import cli

    schema = next(t for t in served["tools"] if t.name == tool).input_schema
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    defined = {o.name: o for o in options.options_of(tool)}
    assert list(schema["properties"]) == [*defined, "limit"]
    assert schema["properties"]["limit"]["default"] == LIMIT
    click_params = {p.name: p for p in cli.get_command(None, tool).params}
    for name, option in defined.items():
        prop = schema["properties"][name]
        assert "\n" not in prop["description"] and "Example: " in prop["description"], (tool, name)
        jsonschema.validate(option.example, prop)  # the example is a value the schema takes
        param = click_params[name]  # the command line's option of the same definition
        if getattr(param.type, "choices", None) is not None:
            assert [str(c) for c in prop["enum"]] == list(param.type.choices), (tool, name)
        if option.default is not None:
            assert param.default == option.default, (tool, name)
            assert prop["default"] in (option.default, options.read(option, None)), (tool, name)
        else:
            assert "default" not in prop or option.is_flag, (tool, name)
        if option.is_flag:
            assert prop["type"] == "boolean" and param.is_flag


def test_cast_answers_the_json_of_the_command_line(served, run_cli):
    result = served["cast"]
    assert not result.is_error
    text = cli_json(run_cli, "cast", "--at", CAST["at"], "--tz", CAST["tz"])
    assert result.content[0].text + "\n" == text
    assert result.structured_content == json.loads(text)
    assert served["after"].content[0].text == result.content[0].text


def test_find_answers_the_windows_of_the_command_line(served, run_cli):
    data = served["find"].structured_content
    lines = cli_json(run_cli, "find", "--from", FIND["start"], "--to", FIND["end"], "--tz", FIND["tz"],
                     "--where", FIND["where"][0], "--where", FIND["where"][1]).splitlines()
    assert data["results"] == [json.loads(x) for x in lines] and data["count"] == len(lines) > 1
    assert data["truncated"] is False and data["limit"] == LIMIT


def test_liuren_answers_the_json_of_the_command_line(served, run_cli):
    text = cli_json(run_cli, "liuren", "--at", LIUREN["at"], "--noble-rule", "day-night", "--lat", "31.23",
                    "--lon", "121.47")
    assert served["liuren"].content[0].text + "\n" == text
    dateless = cli_json(run_cli, "liuren", "--day", "甲子", "--hour", "寅", "--yuejiang", "亥")
    assert served["dateless"].content[0].text + "\n" == dateless


def test_a_range_is_capped_by_its_limit(served, run_cli):
    data = served["range"].structured_content
    lines = cli_json(run_cli, "pillars", "--from", RANGE["start"], "--to", RANGE["end"], "--tz", RANGE["tz"]).splitlines()
    assert len(lines) == 24
    assert data["results"] == [json.loads(x) for x in lines[:5]]
    assert (data["count"], data["truncated"], data["limit"]) == (5, True, 5)


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
