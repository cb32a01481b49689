"""`qimen serve`: an MCP server on standard input/output, over the same engine as the command line.

More precisely: one tool per command (every art's, from its record: `cast`, `chaibu`, `noble`,
`twelve-gods`, `gucu`, `liuren`, `pillars`; and `terms`, `find`, `patterns`), each with the JSON schema of its parameters
made from the options' definitions (`options.py`: names, types, choices, defaults, one line
of help with an example), each answered by the Python API's one path (`api.call`).  One
instant gives the object `qimen COMMAND --json` prints, as text and as structured content; a
range, the ledger, the terms, `find`'s windows and the patterns give `{"results": [...],
"count": n, "truncated": bool, "limit": limit}` with at most `limit` results (LIMIT unless
given, at most MAX_LIMIT).  A value that cannot be read, a refused combination or an
instant outside the tables comes back as a tool error carrying the command line's one-line
message; the server goes on answering.

Built with the official MCP Python SDK (`mcp`, the `mcp` extra), the low-level server with
the tools' schemas given as they are; `mcp` is imported only by `serve` and its helpers.
Nothing here imports click.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from . import options
from .errors import BadInput, QimenError

#: The tools besides the arts' (one per art's record, `arts.records`).
COMMANDS = ("find", "patterns", "terms")


def tools() -> list[str]:
    """The tools, one per command (every art's, and `COMMANDS`), in the order `qimen --help` lists them."""
    from .arts import names

    return sorted([*names(), *COMMANDS])


#: Results of a list (a range, the ledger, the terms, find's windows, the patterns) when `limit` is not given.
LIMIT = 100
#: The most results one call gives.
MAX_LIMIT = 1000
LIMIT_OPTION = options.Option(
    "limit", "limit", options.whole(1, MAX_LIMIT), LIMIT,
    f"The most results of a range, the ledger, the terms, the windows of find or the patterns (at most {MAX_LIMIT}); "
    "beyond it the answer says truncated: true.", 10)

#: What a call of each tool gives, after its one-line summary.
INSTANT = ("One instant (at) gives the object `qimen {command} --json` prints; a range (start, end, every) gives "
           "{{results, count, truncated, limit}}: the objects of its JSON Lines, at most limit.")
#: What a call of the commands that are not arts gives (an art's is its record's `answers`, where
#: it is more than INSTANT; "{instant}" stands for INSTANT there).
ANSWERS = {
    "terms": "Gives {{results, count, truncated, limit}}: one object a term, as `qimen terms --json` writes them.",
    "find": "Gives {{results, count, truncated, limit}}: one object a window of matching 時辰, as `qimen find --json` "
            "writes them.",
    "patterns": "Gives {{results, count, truncated, limit}}: one object a rule of the registry (every art's, or "
                "art's), as `qimen patterns --json` writes them.",
}

INSTRUCTIONS = (
    "qimen casts 奇門遁甲 charts and the related arts exactly, from the JPL ephemeris and the classical texts: "
    "call a tool instead of working a chart out. Times are ISO-8601; give tz (an IANA zone such as Asia/Shanghai, "
    "or an offset) or write the offset with the time. Every answer is the JSON of the command line's --json."
)


def tool_description(command: str) -> str:
    """A tool's description: the command's summary, then what a call gives."""
    from .arts import find_art

    record = find_art(command)
    if record is None:
        summary, words = options.SUMMARIES[command], ANSWERS[command]
    else:
        summary, words = record.summary, (record.answers or INSTANT).replace("{instant}", INSTANT)
    return f"{summary} {words.format(command=command)}"


def tool_schema(command: str) -> dict:
    """The JSON schema of a tool's parameters, from the command's option definitions (and `limit`)."""
    defined = options.options_of(command)
    flags = {o.flag: o.name for o in defined}
    properties = {o.name: options.schema(o, flags) for o in defined}
    properties["limit"] = options.schema(LIMIT_OPTION)
    return {"type": "object", "properties": properties, "additionalProperties": False}


def answer(command: str, arguments: dict[str, Any] | None) -> tuple[str, dict]:
    """One call of the tool `command`: (the JSON text, the same as an object).  BadInput for an
    unknown tool or argument or a value that cannot be read; what the engine raises otherwise."""
    from .api import call
    from .render.jsonout import dumps
    from .result import Result

    served = tools()
    if command not in served:
        raise BadInput(f"no tool {command!r} (the tools: {', '.join(served)})")
    values = dict(arguments or {})
    limit = options.read(LIMIT_OPTION, values.pop("limit", None))
    out = call(command, values)
    if isinstance(out, Result):
        text = out.to_json()
        return text, json.loads(text)
    results: list = []
    truncated = False
    for result in out:
        if len(results) == limit:
            truncated = True
            break
        results.append(json.loads(result.to_json()))
    data = {"results": results, "count": len(results), "truncated": truncated, "limit": limit}
    return dumps(data), data


def require_sdk() -> None:
    """The MCP SDK must be installed (the `mcp` extra); else BadInput saying what to install."""
    try:
        import mcp  # noqa: F401
    except ImportError:
        raise BadInput("qimen serve needs the MCP SDK: pip install 'qimen-cli[mcp]'") from None


def server():
    """The MCP server (the SDK's low-level `Server`): the tools' list and their calls, one call at a
    time in a worker thread (the engine's caches are shared), each error a tool error."""
    from importlib.metadata import version

    import anyio
    from mcp import types
    from mcp.server.lowlevel import Server

    lock = anyio.Lock()
    listed = [types.Tool(name=c, description=tool_description(c), input_schema=tool_schema(c)) for c in tools()]

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx, params) -> types.CallToolResult:
        try:
            async with lock:
                text, data = await anyio.to_thread.run_sync(answer, params.name, params.arguments)
        except QimenError as exc:
            return tool_error(str(exc))
        except Exception as exc:  # a bug: reported as the tool's error, the server goes on
            import traceback

            traceback.print_exc(file=sys.stderr)
            return tool_error(f"internal error: {type(exc).__name__}: {exc}")
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=data)

    def tool_error(message: str) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=True)

    return Server("qimen", version=version("qimen-cli"), instructions=INSTRUCTIONS, on_list_tools=list_tools,
                  on_call_tool=call_tool)


def serve() -> None:
    """Serve on standard input/output until the client closes them (BadInput without the SDK)."""
    require_sdk()
    import anyio
    from mcp.server.stdio import stdio_server

    async def run() -> None:
        app = server()
        async with stdio_server() as (read, write):
            await app.run(read, write, app.create_initialization_options())

    anyio.run(run)
