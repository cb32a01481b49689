"""The server of `qimen web`: Starlette routes over the answers of `web/__init__.py`, run by uvicorn.

Routes (GET only; a request with a body or a query longer than MAX_QUERY is refused):
`/` the page (`?lang=` or the server's `--lang`); `/static/<name>` its files (STATIC only);
`/api/meta` what the page builds its form from; `/api/zones` the IANA zones; `/api/<command>?…`
the command line's `--json`; `/view/<command>/<form>?…` one instant's view (fragment, text, svg,
html); `/ics?…` the windows of find as iCalendar.  Bad input is a 400 with the command line's line
as JSON (`{"error", "field"}`), any other failure a 500 with one line (the traceback on the
server's stderr only).
"""

from __future__ import annotations

import json
import sys

from . import MAX_QUERY, STATIC, Answer, Refused, answer, error, ics, meta, page, static, view, zones

#: Headers of every answer: nothing is loaded from elsewhere, nothing framed or sniffed.
SECURITY = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def app(lang: str = "zh"):
    """The Starlette application; `lang` the page's language when the query gives none."""
    from starlette.applications import Starlette
    from starlette.concurrency import iterate_in_threadpool
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    def respond(made: Answer):
        headers = {**SECURITY, **made.headers}
        if made.media.startswith("application/x-ndjson"):
            return StreamingResponse(iterate_in_threadpool(iter(made.chunks)), status_code=made.status,
                                     media_type=made.media, headers=headers)
        return Response(made.body().encode("utf-8"), status_code=made.status, media_type=made.media, headers=headers)

    def guarded(make):
        """An endpoint: the request bounded, its errors answered in one line."""

        def endpoint(request):
            if request.method != "GET":
                return Response("GET only\n", status_code=405, media_type="text/plain", headers=SECURITY)
            if len(request.url.query.encode("utf-8")) > MAX_QUERY:
                return respond(error(Refused(f"the query is longer than {MAX_QUERY} bytes")))
            if request.headers.get("content-length", "0") not in ("", "0") or "transfer-encoding" in request.headers:
                return Response("no request body is read\n", status_code=413, media_type="text/plain", headers=SECURITY)
            try:
                return make(request)
            except Refused as exc:
                return respond(error(exc))
            except Exception as exc:  # a bug: one line to the page, the traceback on stderr
                import traceback

                traceback.print_exc(file=sys.stderr)
                body = json.dumps({"error": f"internal error: {type(exc).__name__}", "field": None}) + "\n"
                return Response(body, status_code=500, media_type="application/json", headers=SECURITY)

        return endpoint

    def pairs(request) -> list[tuple[str, str]]:
        return list(request.query_params.multi_items())

    def index(request):
        code = request.query_params.get("lang") or lang
        from ..words import LANGS

        if code not in LANGS:
            code = lang
        return Response(page(code), media_type=STATIC["index.html"], headers=SECURITY)

    def static_file(request):
        name = request.path_params["name"]
        body = static(name)
        if body is None:
            return Response("not found\n", status_code=404, media_type="text/plain", headers=SECURITY)
        return Response(body, media_type=STATIC[name], headers=SECURITY)

    def api(request):
        command = request.path_params["command"]
        if command == "meta":
            return Response(json.dumps(meta(), ensure_ascii=False), media_type="application/json", headers=SECURITY)
        if command == "zones":
            return Response(json.dumps(zones()), media_type="application/json", headers=SECURITY)
        return respond(answer(command, pairs(request)))

    def views(request):
        return respond(view(request.path_params["command"], request.path_params["form"], pairs(request)))

    def calendar(request):
        return respond(ics(pairs(request)))

    methods = ["GET", "POST", "PUT", "DELETE", "PATCH"]
    routes = [Route("/", guarded(index), methods=methods), Route("/static/{name}", guarded(static_file), methods=methods),
              Route("/api/{command}", guarded(api), methods=methods),
              Route("/view/{command}/{form}", guarded(views), methods=methods),
              Route("/ics", guarded(calendar), methods=methods)]
    return Starlette(routes=routes)


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def serve(host: str, port: int, lang: str, ready=None) -> None:
    """Serve until interrupted; `ready(url)` is called with the page's address once listening."""
    import uvicorn

    config = uvicorn.Config(app(lang), host=host, port=port, log_level="warning", limit_concurrency=32,
                            h11_max_incomplete_event_size=MAX_QUERY * 2)
    server = uvicorn.Server(config)
    if ready is not None:
        started = server.startup

        async def startup(sockets=None):
            await started(sockets)
            bound = server.servers[0].sockets[0].getsockname() if server.servers else (host, port)
            shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
            ready(f"http://{shown}:{bound[1]}/")

        server.startup = startup
    server.run()
