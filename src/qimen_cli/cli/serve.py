"""`qimen serve`: the MCP server on standard input/output (`mcp_server.py`, the `mcp` extra)."""

from __future__ import annotations

import json

import click

#: `qimen serve --help`'s examples: how a client starts it, and what one call of a tool answers (its
#: arguments are the command line's options: tests/test_issue34_words.py answers it and compares).
EXAMPLE_COMMAND, EXAMPLE_CALL = "cast", {"at": "2024-03-05T11:00", "tz": "Asia/Shanghai"}
EXAMPLE_TOOL = "qimen_" + EXAMPLE_COMMAND
EPILOG = (
    "\b\nExamples:\n"
    "  qimen serve                            (started by an MCP client, on stdin/stdout)\n"
    "  qimen serve --allow-ephemeris ~/jpl    (a call's ephemeris may name an SPK file in ~/jpl)\n"
    "  claude mcp add qimen -- qimen serve    (Claude Code)\n"
    "  Claude Desktop's claude_desktop_config.json:\n"
    "    {\"mcpServers\": {\"qimen\": {\"command\": \"qimen\", \"args\": [\"serve\"]}}}\n"
    f"  A call of the tool {EXAMPLE_TOOL} with {json.dumps(EXAMPLE_CALL)} answers\n"
    f"  what qimen {EXAMPLE_COMMAND} " + " ".join(f"--{k} {v}" for k, v in EXAMPLE_CALL.items()) + " --json prints.")


def _help() -> str:
    """The command's help, naming every tool (`mcp_server.tools`: every art's record, and the others)."""
    from ..mcp_server import BUDGET, tools

    return (f"An MCP server on stdin/stdout: one tool per command ({', '.join(tools())}), each answering the JSON "
            f"of --json; a range in pages of at most max_bytes (default {BUDGET:,}) with a next cursor. SIGINT or "
            "SIGTERM: the calls in flight are answered, then it exits 0.\n\nNeeds the MCP SDK: pip install "
            "'qimen-cli[mcp]'.")


@click.command(help=_help(), epilog=EPILOG)
@click.option("--allow-ephemeris", "allow_ephemeris", multiple=True, metavar="PATH",
              type=click.Path(exists=True, readable=True),
              help="A file, or a folder of files, a call's ephemeris argument may name (repeatable); without it, "
                   "no call reads a file.")
def serve(allow_ephemeris):
    import os

    for path in allow_ephemeris:  # a FIFO or a device passes click's exists=True: no call could read it
        if not (os.path.isfile(path) or os.path.isdir(path)):
            from ..errors import BadInput

            raise BadInput(f"--allow-ephemeris {path!r} is neither a file nor a folder: give an SPK file or a "
                           "folder of them")
    from ..mcp_server import serve as serve_stdio

    serve_stdio(allow_ephemeris)
