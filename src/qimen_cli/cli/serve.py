"""`qimen serve`: the MCP server on standard input/output (`mcp_server.py`, the `mcp` extra)."""

from __future__ import annotations

import click


@click.command(epilog="\b\nRegister it with an MCP client, e.g. Claude Desktop's claude_desktop_config.json:\n  {\"mcpServers\": {\"qimen\": {\"command\": \"qimen\", \"args\": [\"serve\"]}}}")
def serve():
    """An MCP server on stdin/stdout: one tool per command (cast, chaibu, find, gucu, liuren, noble,
    patterns, pillars, terms, twelve-gods), each answering the JSON of --json.

    Needs the MCP SDK: pip install 'qimen-cli[mcp]'.
    """
    from ..mcp_server import serve as serve_stdio

    serve_stdio()
