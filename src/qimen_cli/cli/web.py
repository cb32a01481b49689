"""`qimen web`: the page and the JSON API on a local server (`web/`, the `web` extra)."""

from __future__ import annotations

import click

from ..errors import BadInput
from ..options import LANG

EPILOG = """\b
Examples:
  qimen web                         the page on http://127.0.0.1:8633/
  qimen web --port 0 --lang en      a free port, the page in English
  curl 'http://127.0.0.1:8633/api/cast?at=2024-03-05T11:00&tz=Asia/Shanghai'
                                    what qimen cast --at 2024-03-05T11:00 --tz Asia/Shanghai --json prints"""

#: The port when --port is not given.
PORT = 8633


def require() -> None:
    """Starlette and uvicorn must be installed (the `web` extra); else BadInput saying what to install."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise BadInput("qimen web needs starlette and uvicorn: pip install 'qimen-cli[web]'") from None


def check_listen(host: str, port: int) -> None:
    """The server can listen on `host`:`port` (a name that resolves, an address of this machine, a
    port free): else BadInput naming them, before the server starts (uvicorn would log its own
    error and exit 3)."""
    import socket

    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as exc:
        why = exc.strerror if isinstance(exc, socket.gaierror) else "not a host name"
        raise BadInput(f"--host {host!r}: cannot listen there ({why}); give an address of this machine, "
                       "such as 127.0.0.1") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            raise BadInput(f"--host {host} --port {port}: cannot listen there ({exc.strerror}); give another --port "
                           "(0: a free one) or an address of this machine") from None


@click.command(epilog=EPILOG)
@click.option("--port", type=click.IntRange(0, 65535), default=PORT, show_default=True,
              help="The port to listen on (0: a free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; another than loopback serves the page to the network (a warning says so).")
@click.option("--lang", type=click.Choice(LANG.kind.choices), default="zh", show_default=True,
              help="The page's language (its lang attribute and labels); ?lang= changes it.")
def web(port: int, host: str, lang: str):
    """The chart in a browser: a page with every art, 擇時 and share links, and a JSON API
    (/api/COMMAND?option=value…, the bytes of --json), on a local server.

    Needs the web extra: pip install 'qimen-cli[web]'."""
    require()
    from ..web.server import LOOPBACK, serve

    check_listen(host, port)
    if host not in LOOPBACK:
        click.echo(f"qimen web: warning: serving on {host}: anyone who can reach this machine can use the page", err=True)

    def ready(url: str) -> None:
        click.echo(f"qimen web: serving on {url}  (Ctrl-C stops it)")

    serve(host, port, lang, ready)
