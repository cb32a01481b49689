"""`qimen serve`: the MCP server on standard input/output (`mcp_server.py`, the `mcp` extra)."""

from __future__ import annotations

import json

import click

#: `qimen serve --help`'s examples: how a client starts it, and what one call of a tool answers (its
#: arguments are the command line's options: tests/test_issue34_words.py answers it and compares).
EXAMPLE_TOOL, EXAMPLE_CALL = "cast", {"at": "2024-03-05T11:00", "tz": "Asia/Shanghai"}
EPILOG = (
    "\b\nExamples:\n"
    "  qimen serve                            (started by an MCP client, on stdin/stdout)\n"
    "  claude mcp add qimen -- qimen serve    (Claude Code)\n"
    "  Claude Desktop's claude_desktop_config.json:\n"
    "    {\"mcpServers\": {\"qimen\": {\"command\": \"qimen\", \"args\": [\"serve\"]}}}\n"
    f"  A call of the tool {EXAMPLE_TOOL} with {json.dumps(EXAMPLE_CALL)} answers\n"
    f"  what qimen {EXAMPLE_TOOL} " + " ".join(f"--{k} {v}" for k, v in EXAMPLE_CALL.items()) + " --json prints.")


def _help() -> str:
    """The command's help, naming every tool (`mcp_server.tools`: every art's record, and the others)."""
    from ..mcp_server import tools

    return (f"An MCP server on stdin/stdout: one tool per command ({', '.join(tools())}), each answering the JSON "
            "of --json.\n\nNeeds the MCP SDK: pip install 'qimen-cli[mcp]'.")


@click.command(help=_help(), epilog=EPILOG)
def serve():
    from ..mcp_server import serve as serve_stdio

    serve_stdio()
