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

#: A condition nested deeper than Python recurses (issue 34 item 4: a RecursionError once).
DEEP = "(" * 330 + "cast:伏吟" + ")" * 330

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
    ("find", {"start": "2024-03-01", "end": "2024-03-02", "where": [DEEP], "tz": "UTC"},
     ("find", "--from", "2024-03-01", "--to", "2024-03-02", "--where", DEEP, "--tz", "UTC")),
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


# --- the server as a process: raw lines, signals, concurrent calls, the ephemeris ----------------

COMMAND = [sys.executable, "-c", "from qimen_cli.cli.main import console; console()", "serve"]
INITIALIZE = {"jsonrpc": "2.0", "id": "init", "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "test", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
#: Long enough to be in flight when asked (a safety net, not a timing).
PATIENCE = 120


class Raw:
    """`qimen serve` as a process spoken to in raw lines: `send` a line (bytes or an object),
    `expect` the next line answering (a predicate on the decoded object)."""

    def __init__(self, *args: str) -> None:
        import os
        import queue
        import subprocess
        import threading

        self.process = subprocess.Popen([*COMMAND, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env={**os.environ, "NO_COLOR": "1"})
        self.lines: queue.Queue = queue.Queue()

        def read() -> None:
            for line in self.process.stdout:
                self.lines.put(line)
            self.lines.put(None)

        threading.Thread(target=read, daemon=True).start()

    def send(self, line) -> None:
        if not isinstance(line, bytes):
            line = json.dumps(line).encode()
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def next(self):
        line = self.lines.get(timeout=PATIENCE)
        return None if line is None else json.loads(line)

    def expect(self, wanted):
        """The first line that is `wanted` (notifications passed over and kept in `seen`)."""
        while True:
            got = self.next()
            assert got is not None, self.stop()
            if wanted(got):
                return got

    def start(self) -> Raw:
        self.send(INITIALIZE)
        self.expect(lambda m: m.get("id") == "init")
        self.send(INITIALIZED)
        return self

    def stop(self) -> tuple[int, str]:
        """Close stdin and wait: (exit code, stderr)."""
        if not self.process.stdin.closed:
            self.process.stdin.close()
        code = self.process.wait(timeout=PATIENCE)
        return code, self.process.stderr.read().decode()


def ping(rid) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "method": "ping"}


def call(rid, name: str, arguments: dict, progress=None) -> dict:
    params = {"name": name, "arguments": arguments}
    if progress is not None:
        params["_meta"] = {"progressToken": progress}
    return {"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": params}


#: Malformed lines → (the error's code, the id it answers: the line's where it carries a usable one;
#: [] none: a line not answered).
MALFORMED = [
    (b"not json", -32700, None),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "ping"', -32700, None),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "ping"} trailing', -32700, None),
    (b'[{"jsonrpc": "2.0", "id": 2, "method": "ping"}, {"jsonrpc": "2.0", "id": 3, "method": "ping"}]', -32600, [2, 3]),
    (b"[]", -32600, None),
    (b'{"id": 4, "method": "ping"}', -32600, 4),
    (b'{"jsonrpc": "1.0", "id": "five", "method": "ping"}', -32600, "five"),
    (b'{"jsonrpc": "2.0", "id": 6, "method": "ping", "params": {"x": "\\ud800"}}', -32600, 6),
    (b'{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "qimen_cast", "arguments": '
     b'{"at": "\xed\xa0\x80"}}}', -32600, 7),
    (b'{"jsonrpc": "2.0", "id": "\\udc00", "method": "ping"}', -32600, None),
    (b'{"jsonrpc": "2.0", "id": 8, "method": 8}', -32600, 8),
    (b'{"jsonrpc": "2.0", "id": 9, "method": "ping", "params": [1]}', -32600, 9),
    (b'{"jsonrpc": "2.0", "id": 9.5, "method": "ping"}', -32600, None),
    (b'{"jsonrpc": "2.0", "id": true, "method": "ping"}', -32600, None),
    (b'{"jsonrpc": "2.0", "id": null, "method": "ping"}', -32600, None),
    (b"42", -32600, None),
    (b'"ping"', -32600, None),
    (b'{"jsonrpc": "2.0", "id": "r", "result": {}}', None, []),  # a response (to no request): passed over, unanswered
    (b'{"id": "r", "result": {}}', None, []),  # a malformed response: never answered either
    (b"", None, []),  # a blank line
]


@pytest.fixture(scope="module")
def malformed():
    """Each malformed line, then a ping: what answered each (the errors before the ping's answer)."""
    server = Raw().start()
    answers = []
    for i, (line, _code, _rid) in enumerate(MALFORMED):
        server.send(line)
        server.send(ping(f"after-{i}"))
        got = []
        while True:
            message = server.next()
            assert message is not None, server.stop()
            if message.get("id") == f"after-{i}":
                break
            got.append(message)
        answers.append((got, message))
    code, stderr = server.stop()
    return answers, code, stderr


@pytest.mark.parametrize("i", range(len(MALFORMED)), ids=[line[:40].decode("utf-8", "replace") for line, _, _ in MALFORMED])
def test_a_malformed_line_gets_the_protocols_error_and_the_server_stays_up(malformed, i):
    answers, _code, _stderr = malformed
    got, after = answers[i]
    _line, code, rid = MALFORMED[i]
    ids = rid if isinstance(rid, list) else [rid]
    assert [m["id"] for m in got] == ids
    for message in got:
        assert message["jsonrpc"] == "2.0" and message["error"]["code"] == code and message["error"]["message"]
    assert after == {"jsonrpc": "2.0", "id": f"after-{i}", "result": {}}


def test_after_the_malformed_lines_stdin_closed_exits_0(malformed):
    _answers, code, stderr = malformed
    assert code == 0 and "Traceback" not in stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_a_signal_answers_what_is_in_flight_and_exits_0(name):
    import signal

    server = Raw().start()
    server.send(ping(1))
    assert server.expect(lambda m: m.get("id") == 1) == {"jsonrpc": "2.0", "id": 1, "result": {}}
    # a page of some hundreds of charts, in flight when its first progress comes
    server.send(call(2, "qimen_cast", {**YEAR, "max_bytes": 5_000_000, "limit": 1000}, progress="p"))
    server.expect(lambda m: m.get("method") == "notifications/progress")
    server.process.send_signal(getattr(signal, name))
    answered = server.expect(lambda m: m.get("id") == 2)
    assert answered["result"]["isError"] is False and answered["result"]["structuredContent"]["count"] > 100
    assert server.process.wait(timeout=PATIENCE) == 0
    assert server.next() is None  # nothing after the answer
    _code, stderr = server.stop()
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr


def test_an_idle_server_stops_on_a_signal_with_exit_0():
    import signal

    server = Raw().start()
    server.send(ping(1))
    server.expect(lambda m: m.get("id") == 1)
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=PATIENCE) == 0


def test_stdin_closed_answers_what_is_in_flight_first():
    server = Raw().start()
    server.send(call(1, "qimen_pillars", {**YEAR, "limit": 1000, "max_bytes": 5_000_000}))
    server.process.stdin.close()
    answered = server.expect(lambda m: m.get("id") == 1)
    assert answered["result"]["structuredContent"]["count"] == 1000
    code, _stderr = server.stop()
    assert code == 0


#: A call of many seconds: two centuries of 時辰 searched for a rare pattern (a few a year).
SLOW = {"start": "1900-01-01", "end": "2100-12-31", "tz": "+08:00", "where": ["cast:天網四張"], "limit": 1000,
        "max_bytes": 5_000_000}


def test_a_slow_call_does_not_hold_an_error_call_and_is_cancelled():
    """The slow call reports progress; the bad call is answered while it runs; the slow call is
    cancelled (the client's notifications/cancelled) and the server answers the next call."""
    async def session() -> dict:
        got: dict = {"order": []}
        with anyio.fail_after(PATIENCE):  # a safety net: a held call fails here, not never
            return await calls(got)

    async def calls(got: dict) -> dict:
        async with stdio_client(SERVER) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            started = anyio.Event()

            async def progressed(progress, total, message) -> None:
                got.setdefault("progress", (progress, total, message))
                started.set()

            async def slow(scope: anyio.CancelScope) -> None:
                with scope:
                    await client.call_tool("qimen_find", SLOW, progress_callback=progressed)
                    got["order"].append("slow")

            async with anyio.create_task_group() as group:
                scope = anyio.CancelScope()
                group.start_soon(slow, scope)
                await started.wait()
                got["bad"] = await client.call_tool("qimen_cast", {"at": "05/03/2024"})
                got["order"].append("bad")
                scope.cancel()
            got["after"] = await client.call_tool("qimen_cast", CAST)
        return got

    got = anyio.run(session)
    assert got["order"] == ["bad"]  # answered while the slow call ran; the slow one cancelled, never answered
    assert got["bad"].is_error and "05/03/2024" in got["bad"].content[0].text
    progress, total, message = got["progress"]
    assert progress >= 1 and total == 1000 and "results" in message
    assert not got["after"].is_error and got["after"].structured_content["input"]["at"] == CAST["at"]


def test_the_ephemeris_is_refused_unless_the_server_allows_it(tmp_path):
    secret = tmp_path / "secret.bsp"
    secret.write_bytes(b"ROOT:X:0:0:a secret line\n" * 10)
    inside = tmp_path / "allowed"
    inside.mkdir()
    spk = inside / "not-an-spk.bsp"
    spk.write_bytes(b"SECRETDATA" * 100)
    at = {"at": "2024-03-05T11:00+08:00"}
    server = Raw("--allow-ephemeris", str(inside)).start()
    answers = {}
    for rid, path in (("outside", secret), ("dotdot", inside / ".." / "secret.bsp"), ("missing-outside", tmp_path / "no.bsp"),
                      ("inside", spk), ("missing-inside", inside / "no.bsp")):
        server.send(call(rid, "qimen_pillars", {**at, "ephemeris": str(path)}))
        answers[rid] = server.expect(lambda m, rid=rid: m.get("id") == rid)["result"]
    (inside / "link.bsp").symlink_to(secret)
    server.send(call("link", "qimen_pillars", {**at, "ephemeris": str(inside / "link.bsp")}))
    answers["link"] = server.expect(lambda m: m.get("id") == "link")["result"]
    assert server.stop()[0] == 0
    for rid in ("outside", "dotdot", "missing-outside", "link"):  # refused before the file is looked at
        result = answers[rid]
        assert result["isError"] and "outside the files and folders" in result["content"][0]["text"], rid
    for rid in ("inside", "missing-inside"):  # read, and its fault named, not echoed
        result = answers[rid]
        assert result["isError"] and "outside" not in result["content"][0]["text"], rid
    assert "not an SPK file" in answers["inside"]["content"][0]["text"]
    assert "is not found" in answers["missing-inside"]["content"][0]["text"]
    for result in answers.values():
        assert "SECRET" not in result["content"][0]["text"] and "ROOT" not in result["content"][0]["text"]


def test_without_allow_ephemeris_no_call_reads_a_file(served):
    bad = dict(zip([(t, tuple(a)) for t, a, _ in BAD], served["bad"], strict=True))
    assert bad[("cast", ("at", "ephemeris"))].is_error
    schema = next(t for t in served["tools"] if t.name == "qimen_cast").input_schema
    assert "reads none" in schema["properties"]["ephemeris"]["description"]


# --- the pages in-process -----------------------------------------------------------------------

def test_a_cursor_resumes_a_range_kept_or_not(run_cli):
    from qimen_cli.errors import BadInput
    from qimen_cli.mcp_server import PAGES, answer, decode_cursor

    lines = cli_json(run_cli, "pillars", "--from", RANGE["start"], "--to", RANGE["end"], "--tz", RANGE["tz"]).splitlines()
    _text, first = answer("qimen_pillars", RANGE)
    _text, kept = answer("qimen_pillars", {"cursor": first["next"]})
    _arguments, offset, key, page = decode_cursor("qimen_pillars", kept["next"])
    assert page == (5, BUDGET)  # the limit given first, kept
    assert offset == 10 and PAGES.take(key) is not None  # evicted: the next call runs the range again
    _text, again = answer("qimen_pillars", {**RANGE, "cursor": kept["next"], "limit": 20})
    pages = [first, kept, again]
    assert [r for page in pages for r in page["results"]] == [json.loads(x) for x in lines]
    assert [(p["offset"], p["count"], p["truncated"]) for p in pages] == [(0, 5, True), (5, 5, True), (10, 14, False)]
    assert again["next"] is None
    with pytest.raises(BadInput, match="the next of a call with other arguments"):
        answer("qimen_pillars", {**RANGE, "tz": "UTC", "cursor": first["next"]})
    with pytest.raises(BadInput, match="is not a next this server gave for qimen_cast"):
        answer("qimen_cast", {"cursor": first["next"]})
