"""`qimen serve`: the MCP server on standard input/output (`mcp_server.py`, the `mcp` extra)."""

from __future__ import annotations

import click


def _help() -> str:
    """The command's help, naming every tool (`mcp_server.tools`: every art's record, and the others)."""
    from ..mcp_server import tools

    return (f"An MCP server on stdin/stdout: one tool per command ({', '.join(tools())}), each answering the JSON "
            "of --json.\n\nNeeds the MCP SDK: pip install 'qimen-cli[mcp]'.")


@click.command(help=_help(), epilog="\b\nRegister it with an MCP client, e.g. Claude Desktop's claude_desktop_config.json:\n  {\"mcpServers\": {\"qimen\": {\"command\": \"qimen\", \"args\": [\"serve\"]}}}")
def serve():
    from ..mcp_server import serve as serve_stdio

    serve_stdio()
