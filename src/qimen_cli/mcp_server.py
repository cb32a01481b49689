"""`qimen serve`: an MCP server on standard input/output, over the same engine as the command line.

More precisely: one tool per command, named `qimen_` and the command (`qimen_cast`, `qimen_twelve_gods`:
every art's, from its record, and `qimen_terms`, `qimen_find`, `qimen_patterns`), and `qimen_now`
(the current instant, or the instant an `at` resolves to, on a clock).  Each tool's parameters are
the JSON schema made from the options' definitions (`options.py`: names, types, choices, defaults,
one line of help with an example), each call answered by the Python API's one path (`api.call`).

One copy of each answer: the structured content (the tool's output schema); the text beside it is
a short summary.  One instant gives the object `qimen COMMAND --json` prints; a range, the ledger,
the terms, `find`'s windows and the patterns give a page `{"results": [...], "count", "offset",
"truncated", "limit", "max_bytes", "next"}`: at most `limit` results and at most `max_bytes` bytes
of their JSON (LIMIT and BUDGET unless given; one result at least), and, where it stopped short, a
`next` cursor that a call with `cursor` resumes from (the server keeps the open range, `PAGES`;
an evicted one is run again up to where it stopped).  A value that cannot be read, a refused
combination or an instant outside the tables comes back as a tool error carrying the command
line's one-line message; the server goes on answering.

Safety: the `ephemeris` argument names a file only inside the files and folders the server was
started with (`qimen serve --allow-ephemeris DIR`; none by default), checked before the file is
looked at.  Calls run concurrently in worker threads, taking the engine (`ENGINE`, a first-come
lock: its caches and the shipped excerpt's checked reads are shared) one result at a time, and
their arguments read before it, so an error call is not held behind a year of charts; a page
reports its progress (when the call asks for it) and stops at the next result when cancelled.

The transport (`run`) is the server's own over the SDK's session: each stdin line is read here
(`read_line`), a malformed one answered with the protocol's error (-32700 not JSON, -32600 a batch,
no `"jsonrpc": "2.0"`, a lone surrogate, not a JSON-RPC message), with its id where it carries one;
SIGINT and SIGTERM stop reading, answer what is in flight and exit 0 (a second signal stops at
once), as does stdin closed.

Built with the official MCP Python SDK (`mcp`, the `mcp` extra), the low-level server with
the tools' schemas given as they are; `mcp` is imported only by `serve` and its helpers.
Nothing here imports click.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from . import options
from .errors import BadInput, QimenError

#: The commands besides the arts' (one per art's record, `arts.records`).
COMMANDS = ("find", "patterns", "terms")
#: Every tool's name begins so: no clash with another server's `cast` or `find`.
PREFIX = "qimen_"
#: The tool of the current instant (or of the instant an `at` resolves to).
NOW = "qimen_now"


def commands() -> list[str]:
    """The commands served, one tool each (every art's, and `COMMANDS`), in the order `qimen --help` lists them."""
    from .arts import names

    return sorted([*names(), *COMMANDS])


def tool_name(command: str) -> str:
    """The tool of `command`: `PREFIX` and the command, `-` written `_` (`qimen_twelve_gods`)."""
    return PREFIX + command.replace("-", "_")


def tools() -> list[str]:
    """The tools' names: one per command (`commands`) and `NOW`."""
    return [*(tool_name(c) for c in commands()), NOW]


def command_of(tool: str) -> str | None:
    """The command a tool answers (None for `NOW` or a name no tool has)."""
    return next((c for c in commands() if tool_name(c) == tool), None)


#: Results of a page when `limit` is not given.
LIMIT = 100
#: The most results one page gives.
MAX_LIMIT = 1000
#: The bytes of results' JSON a page holds when `max_bytes` is not given: about 12,000 tokens, a
#: part of a typical assistant's context (one chart of cast is about 6.6 KB).
BUDGET = 50_000
#: The most bytes one page may be asked for.
MAX_BUDGET = 5_000_000
LIMIT_OPTION = options.Option(
    "limit", "limit", options.whole(1, MAX_LIMIT), LIMIT,
    f"The most results of one page of a range, the ledger, the terms, the windows of find or the patterns "
    f"(at most {MAX_LIMIT}); where a page stops short it says truncated: true and gives next.", 10)
BUDGET_OPTION = options.Option(
    "max_bytes", "max_bytes", options.whole(1_000, MAX_BUDGET), BUDGET,
    f"The most bytes of results' JSON one page holds (default {BUDGET:,}, about 12,000 tokens; at most {MAX_BUDGET:,}); "
    "a page stops before the result that would pass it, and holds one result at least.", 200_000)
CURSOR_OPTION = options.Option(
    "cursor", "cursor", options.TEXT, None,
    "The next of the last page: the page after it (the other arguments may be left out, or given as they were).",
    "eyJ0IjoicWltZW5fcGlsbGFycyJ9")
#: The options of the pages, besides each command's.
PAGE_OPTIONS = (LIMIT_OPTION, BUDGET_OPTION, CURSOR_OPTION)

#: What a call of each tool gives, after its one-line summary.
#: How a page is bounded and continued ("{paged}" in an art's `answers`).
PAGED = "at most limit and at most max_bytes bytes (default {budget:,}); call again with cursor=next for the rest."
INSTANT = ("One instant (at) gives the object `qimen {command} --json` prints; a range (start, end, every) gives "
           "a page {{results, count, offset, truncated, limit, max_bytes, next}}: the objects of its JSON Lines, " + PAGED)
PAGE = "Gives a page {{results, count, offset, truncated, limit, max_bytes, next}}: {what}, " + PAGED
#: What a call of the commands that are not arts gives (an art's is its record's `answers`, where
#: it is more than INSTANT; "{instant}" stands for INSTANT there).
ANSWERS = {
    "terms": PAGE.replace("{what}", "one object a term, as `qimen terms --json` writes them"),
    "find": PAGE.replace("{what}", "one object a window of matching 時辰, as `qimen find --json` writes them"),
    "patterns": PAGE.replace("{what}", "one object a rule of the registry (every art's, or art's), as "
                                       "`qimen patterns --json` writes them"),
}
#: The tools' titles (an art's: its summary up to the first colon or comma).
TITLES = {"terms": "The 24 solar terms", "find": "擇時: find the 時辰 where conditions hold",
          "patterns": "The rules of every art"}
NOW_DESCRIPTION = ("The current instant (or the instant at resolves to) on the clock of tz, with its four pillars: "
                   "what to give the other tools as at. Gives {at, utc, tz, offset, pillars}.")

INSTRUCTIONS = (
    "qimen casts 奇門遁甲 charts and the related arts exactly, from the JPL ephemeris and the classical texts: "
    "call a tool instead of working a chart out. Times are ISO-8601; give tz (an IANA zone such as Asia/Shanghai, "
    "or an offset) or write the offset with the time; qimen_now tells the current time. Every answer is the JSON of "
    "the command line's --json, in structured content; a range comes in pages of at most max_bytes "
    f"(default {BUDGET:,}): call again with cursor=next."
)


def tool_description(command: str) -> str:
    """A tool's description: the command's summary, then what a call gives."""
    from .arts import find_art

    record = find_art(command)
    if record is None:
        summary, words = options.SUMMARIES[command], ANSWERS[command]
    else:
        summary, words = record.summary, (record.answers or INSTANT).replace("{instant}", INSTANT).replace("{paged}", PAGED)
    return f"{summary} {words.format(command=command, budget=BUDGET)}"


def tool_title(command: str) -> str:
    """A tool's title: `TITLES`, or an art's summary up to its first colon or comma."""
    from .arts import find_art

    if command in TITLES:
        return TITLES[command]
    summary = find_art(command).summary.rstrip(".")
    for mark in (":", ",", ";"):
        summary = summary.split(mark)[0]
    return f"qimen {command}: {summary.strip()}"


def required(command: str) -> list[str]:
    """The parameters a call of `command` must give: those the API's function takes without a default."""
    import inspect

    from . import api

    function = getattr(api, command.replace("-", "_"))
    return [p.name for p in inspect.signature(function).parameters.values() if p.default is inspect.Parameter.empty
            and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def tool_schema(command: str, allowed: tuple[str, ...] = ()) -> dict:
    """The JSON schema of a tool's parameters, from the command's option definitions (and the pages'),
    each with a title; `ephemeris` says whether this server reads one (`allowed`)."""
    defined = options.options_of(command)
    flags = {o.flag: o.name for o in defined}
    properties = {o.name: options.schema(o, flags) for o in (*defined, *PAGE_OPTIONS)}
    for name, prop in properties.items():
        prop["title"] = name.replace("_", " ")
    if "ephemeris" in properties:
        prop = properties["ephemeris"]
        prop["description"] = EPHEMERIS_WORDS[bool(allowed)] + " " + prop["description"].split(" Example: ")[-1]
    out = {"type": "object", "properties": properties, "additionalProperties": False}
    need = required(command)
    if need:
        out["required"] = need
    return out


EPHEMERIS_WORDS = {
    False: "Another JPL SPK file: this server reads none (started without --allow-ephemeris). Example:",
    True: "Another JPL SPK file, inside the files and folders this server was started with (--allow-ephemeris). Example:",
}

PAGE_SCHEMA = {
    "type": "object",
    "properties": {
        "results": {"type": "array", "items": {"type": "object"},
                    "description": "The objects of the command's JSON Lines, in order."},
        "count": {"type": "integer", "description": "How many results this page holds."},
        "offset": {"type": "integer", "description": "How many results came before this page."},
        "truncated": {"type": "boolean", "description": "True where more results follow (call again with cursor=next)."},
        "limit": {"type": "integer", "description": "The most results a page holds."},
        "max_bytes": {"type": "integer", "description": "The most bytes of results' JSON a page holds."},
        "next": {"type": ["string", "null"], "description": "The cursor of the next page (null at the end)."},
    },
    "required": ["results", "count", "offset", "truncated", "limit", "max_bytes", "next"],
}
NOW_SCHEMA = {
    "type": "object",
    "properties": {
        "at": {"type": "string", "description": "The instant on the clock of tz, ISO-8601 with its offset."},
        "utc": {"type": "string", "description": "The same instant in UTC."},
        "tz": {"type": "string", "description": "The clock: the zone given, else the server's."},
        "offset": {"type": "string", "description": "The clock's offset from UTC then."},
        "pillars": {"type": "object", "description": "The four pillars (year, month, day, hour) then."},
    },
    "required": ["at", "utc", "tz", "offset", "pillars"],
}


def output_schema(command: str) -> dict:
    """What a call of `command` gives: a page, or (an art's) the object of one instant."""
    from .arts import find_art

    if find_art(command) is None:
        return PAGE_SCHEMA
    instant = {"type": "object", "not": {"required": ["results", "truncated", "next"]},
               "description": f"One instant: the object `qimen {command} --json` prints."}
    return {"type": "object", "anyOf": [instant, PAGE_SCHEMA]}


def now_schema() -> dict:
    """The parameters of `NOW`: the command line's at and tz."""
    properties = {o.name: options.schema(o) for o in (options.AT, options.TZ)}
    for name, prop in properties.items():
        prop["title"] = name
    return {"type": "object", "properties": properties, "additionalProperties": False}


# --- the ephemeris a call may name --------------------------------------------------------------


def allowing(paths) -> tuple[str, ...]:
    """The files and folders `--allow-ephemeris` names, each as its real path."""
    return tuple(os.path.realpath(os.path.expanduser(str(p))) for p in paths)


def check_ephemeris(value: Any, allowed: tuple[str, ...]) -> Any:
    """The `ephemeris` argument as the engine is to read it (its real path), if it lies in `allowed`
    (a file, or inside a folder); else BadInput, before the file is looked at (no word of whether
    it is there or what it holds)."""
    if value is None or not isinstance(value, str):
        return value  # None: the server's own; not text: refused by the option's reading, unread
    if not allowed:
        raise BadInput(f"Invalid value for 'ephemeris': {value!r}: this server reads no ephemeris file "
                       "(start it with qimen serve --allow-ephemeris DIR to let a call name one)")
    real = os.path.realpath(os.path.expanduser(value))
    if not any(real == a or real.startswith(a.rstrip(os.sep) + os.sep) for a in allowed):
        raise BadInput(f"Invalid value for 'ephemeris': {value!r} is outside the files and folders this server "
                       "was started with (qimen serve --allow-ephemeris)")
    return real


# --- the engine, one result at a time -------------------------------------------------------------


class FirstCome:
    """A lock taken in the order it was asked for: the engine's caches (and the shipped excerpt's
    checked reads) are shared, so one thread works at a time, but a waiting call is next, not
    held behind every result of a long one."""

    def __init__(self) -> None:
        self._turn = threading.Condition()
        self._next = self._serving = 0

    def __enter__(self) -> FirstCome:
        with self._turn:
            ticket, self._next = self._next, self._next + 1
            while ticket != self._serving:
                self._turn.wait()
        return self

    def __exit__(self, *exc) -> None:
        with self._turn:
            self._serving += 1
            self._turn.notify_all()


ENGINE = FirstCome()


#: Seconds between two reports of a page's progress (the first result is reported at once).
PROGRESS_EVERY = 0.25


class Stopped(Exception):
    """The call was cancelled: its page is not finished."""


class Pages:
    """The open ranges of the pages given (key → (lines left, the results read ahead)), the most
    recent `size`: a cursor resumes the range where its page stopped."""

    def __init__(self, size: int = 16) -> None:
        self.size, self._open, self._lock, self._made = size, OrderedDict(), threading.Lock(), 0

    def key(self) -> str:
        with self._lock:
            self._made += 1
            return f"{os.getpid()}-{self._made}"

    def keep(self, key: str, lines, ahead: list) -> None:
        with self._lock:
            self._open[key] = (lines, ahead)
            while len(self._open) > self.size:
                self._open.popitem(last=False)

    def take(self, key: str):
        """The range kept under `key` (taken out: one call at a time reads it), or None."""
        with self._lock:
            return self._open.pop(key, None)


PAGES = Pages()


def encode_cursor(tool: str, arguments: dict, offset: int, key: str, page: tuple[int, int]) -> str:
    """The `next` of a page: the call's tool and arguments, the results before the next page, the
    key of the kept range, the page's limit and max_bytes (the next page's unless given anew)."""
    text = json.dumps({"t": tool, "a": arguments, "o": offset, "k": key, "p": page}, ensure_ascii=False,
                      separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_cursor(tool: str, cursor: Any) -> tuple[dict, int, str, tuple]:
    """(arguments, offset, key, (limit, max_bytes)) of a cursor this server gave for `tool`; else BadInput."""
    bad = BadInput(f"Invalid value for 'cursor': {str(cursor)[:40]!r} is not a next this server gave for {tool}")
    if not isinstance(cursor, str):
        raise bad
    try:
        data = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        arguments, offset, key, (limit, budget) = data["a"], data["o"], data["k"], data["p"]
    except (ValueError, TypeError, KeyError):
        raise bad from None
    if data.get("t") != tool or not isinstance(arguments, dict) or not isinstance(offset, int) or offset < 0:
        raise bad
    return arguments, offset, str(key), (limit, budget)


def _locked(lines) -> Callable[[], Any]:
    """The next line of `lines`, read holding the engine (StopIteration at the end)."""
    def step():
        with ENGINE:
            return next(lines)
    return step


def answer(tool: str, arguments: dict[str, Any] | None, allowed: tuple[str, ...] = (),
           stop: threading.Event | None = None, progress: Callable[[int, int, str], None] | None = None
           ) -> tuple[str, dict]:
    """One call of `tool`: (a short summary, the answer as an object).  BadInput for an unknown tool
    or argument, a value that cannot be read or an ephemeris not allowed; what the engine raises
    otherwise; Stopped when `stop` is set between two results.  `progress(count, limit, words)`
    is told of a page's results as they come."""
    from .api import call
    from .result import Result

    values = dict(arguments or {})
    if tool == NOW:
        return now(values)
    command = command_of(tool)
    if command is None:
        raise BadInput(f"no tool {tool!r} (the tools: {', '.join(tools())})")
    limit, budget = values.pop("limit", None), values.pop("max_bytes", None)
    cursor = values.pop("cursor", None)
    offset, kept, key = 0, None, None
    if cursor is not None:
        given = values
        values, offset, key, (last_limit, last_budget) = decode_cursor(tool, cursor)
        limit, budget = (last_limit if limit is None else limit), (last_budget if budget is None else budget)
        if given and given != values:
            raise BadInput("Invalid value for 'cursor': it is the next of a call with other arguments "
                           "(give the same arguments, or none besides cursor, limit and max_bytes)")
        kept = PAGES.take(key)
    limit, budget = options.read(LIMIT_OPTION, limit), options.read(BUDGET_OPTION, budget)
    asked = dict(values)
    values["ephemeris"] = check_ephemeris(values.get("ephemeris"), allowed)
    if values["ephemeris"] is None:
        del values["ephemeris"]
    if kept is None:
        options.read_all(command, values)  # a value that cannot be read is refused here, not after the engine is free
        with ENGINE:
            out = call(command, values)
        if isinstance(out, Result):
            text = out.to_json()
            return f"qimen {command} --json: one object, {len(text.encode()):,} bytes, in structuredContent.", json.loads(text)
        lines, ahead = out.lines(), []
        step = _locked(lines)
        for _ in range(offset):  # a range no longer kept: run again up to where its page stopped
            if stop is not None and stop.is_set():
                raise Stopped
            try:
                step()
            except StopIteration:
                break
    else:
        lines, ahead = kept
        step = _locked(lines)
    results: list = []
    size, truncated, told = 0, False, time.monotonic()
    while True:
        if stop is not None and stop.is_set():
            raise Stopped
        if ahead:
            line = ahead.pop()
        else:
            try:
                line = step()
            except StopIteration:
                break
        weight = len(line.encode()) + (1 if results else 0)
        if results and (len(results) == limit or size + weight > budget):
            ahead.append(line)
            truncated = True
            break
        results.append(json.loads(line))
        size += weight
        if progress is not None and (len(results) == 1 or time.monotonic() - told > PROGRESS_EVERY):
            told = time.monotonic()
            progress(len(results), limit, f"{len(results)} results, {size:,} bytes")
    following = None
    if truncated:
        key = PAGES.key()
        PAGES.keep(key, lines, ahead)
        following = encode_cursor(tool, asked, offset + len(results), key, (limit, budget))
    data = {"results": results, "count": len(results), "offset": offset, "truncated": truncated, "limit": limit,
            "max_bytes": budget, "next": following}
    span = f"results {offset + 1}–{offset + len(results)}" if results else "no results"
    more = "more follow: call again with cursor=next" if truncated else "the end"
    return f"qimen {command}: {span} ({size:,} bytes) in structuredContent; {more}.", data


def now(values: dict[str, Any]) -> tuple[str, dict]:
    """`NOW`: the instant `at` (default now) on the clock of `tz` (default the server's), with its pillars."""
    from .api import call

    unknown = [name for name in values if name not in ("at", "tz")]
    if unknown:
        raise BadInput(f"{NOW} takes no option {unknown[0]!r} (it takes at, tz)")
    with ENGINE:
        data = call("pillars", {"at": values.get("at") or "now", "tz": values.get("tz")}).to_dict()
    given = data["input"]
    out = {"at": given["local"], "utc": data["instant_utc"], "tz": values.get("tz") or given.get("tz") or given["offset"],
           "offset": given["offset"], "pillars": data["pillars"]}
    return f"{out['at']} ({out['utc']}), pillars {' '.join(out['pillars'].values())}.", out


def require_sdk() -> None:
    """The MCP SDK must be installed (the `mcp` extra); else BadInput saying what to install."""
    try:
        import mcp  # noqa: F401
    except ImportError:
        raise BadInput("qimen serve needs the MCP SDK: pip install 'qimen-cli[mcp]'") from None


def listed_tools(allowed: tuple[str, ...] = ()) -> list:
    """The tools as the SDK lists them: names, titles, descriptions, schemas, annotations."""
    from mcp import types

    def notes(title: str, idempotent: bool = True):
        return types.ToolAnnotations(title=title, read_only_hint=True, destructive_hint=False,
                                     idempotent_hint=idempotent, open_world_hint=False)

    out = [types.Tool(name=tool_name(c), title=tool_title(c), description=tool_description(c),
                      input_schema=tool_schema(c, allowed), output_schema=output_schema(c),
                      annotations=notes(tool_title(c))) for c in commands()]
    out.append(types.Tool(name=NOW, title="qimen now: the current instant", description=NOW_DESCRIPTION,
                          input_schema=now_schema(), output_schema=NOW_SCHEMA,
                          annotations=notes("qimen now: the current instant", idempotent=False)))
    return out


def server(allowed: tuple[str, ...] = ()):
    """The MCP server (the SDK's low-level `Server`): the tools' list and their calls, each in a
    worker thread (`answer`), each error a tool error; a cancelled call stops at its next result."""
    from functools import partial
    from importlib.metadata import version

    import anyio
    from mcp import types
    from mcp.server.lowlevel import Server

    listed = listed_tools(allowed)

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx, params) -> types.CallToolResult:
        stop = threading.Event()

        def progress(count: int, total: int, words: str) -> None:
            try:
                anyio.from_thread.run(ctx.session.report_progress, count, total, words)
            except Exception:  # progress is a courtesy: the call goes on without it
                pass

        work = partial(answer, params.name, params.arguments, allowed, stop, progress)
        try:
            text, data = await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
        except anyio.get_cancelled_exc_class():
            stop.set()
            raise
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


# --- the transport: stdin lines, stdout lines ------------------------------------------------------

PARSE_ERROR, INVALID_REQUEST = -32700, -32600


def _id(message: Any) -> Any:
    """The id a message carries (text or a whole number), else None."""
    rid = message.get("id") if isinstance(message, dict) else None
    if isinstance(rid, bool) or not isinstance(rid, (int, str)) or (isinstance(rid, str) and not _whole_text(rid)):
        return None
    return rid


def _whole_text(text: str) -> bool:
    """Text with no lone surrogate (each of its characters can be written in UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _lone_surrogate(value: Any) -> bool:
    """Whether a string anywhere in `value` (keys too) holds a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not _whole_text(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def error_line(rid: Any, code: int, message: str) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}}


def read_line(line: bytes) -> tuple[Any, list[dict]]:
    """One line of stdin: (the JSON-RPC message, as the SDK's type, or None; the errors answering
    it).  Bytes that are not UTF-8 are read as lone surrogates, so a line whose JSON holds them
    still gives its id; a blank line, or a malformed response (no method), is passed over."""
    from mcp import types
    from pydantic import ValidationError

    text = line.decode("utf-8", "surrogateescape").strip()
    if not text:
        return None, []
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None, [error_line(None, PARSE_ERROR, "Parse error: the line is not JSON")]
    if isinstance(message, list):
        words = "Invalid Request: a batch (a JSON array) is not taken: send one message a line"
        ids = [rid for rid in map(_id, message) if rid is not None]
        return None, [error_line(rid, INVALID_REQUEST, words) for rid in ids] or [error_line(None, INVALID_REQUEST, words)]
    if not isinstance(message, dict):
        return None, [error_line(None, INVALID_REQUEST, "Invalid Request: the message is not a JSON object")]
    rid = _id(message)
    # a response (to a request of the server's) is never answered: a malformed one is passed over
    response = "method" not in message and ("result" in message or "error" in message)
    if message.get("jsonrpc") != "2.0":
        return None, [] if response else [error_line(rid, INVALID_REQUEST, 'Invalid Request: it lacks "jsonrpc": "2.0"')]
    if _lone_surrogate(message):
        return None, [] if response else [error_line(rid, INVALID_REQUEST, "Invalid Request: a string holds a lone "
                                                     "surrogate (or bytes that are not UTF-8), which is no character")]
    if "id" in message and rid is None and not response:
        return None, [error_line(None, INVALID_REQUEST, "Invalid Request: its id is neither text nor a whole number")]
    try:
        return types.jsonrpc_message_adapter.validate_python(message, by_name=False), []
    except ValidationError:
        return None, [] if response else [error_line(rid, INVALID_REQUEST, "Invalid Request: not a JSON-RPC request, "
                                                     "notification or response (a method, an id of text or a whole "
                                                     "number, params an object)")]


class InFlight:
    """The requests passed to the server and not yet answered (nor cancelled by the client)."""

    def __init__(self) -> None:
        import anyio

        self._ids: set = set()
        self._idle = anyio.Event()
        self._idle.set()

    @staticmethod
    def _key(rid: Any) -> str:
        return str(rid)

    def asked(self, message) -> None:
        import anyio
        from mcp import types

        if isinstance(message, types.JSONRPCRequest):
            self._ids.add(self._key(message.id))
            if self._idle.is_set():
                self._idle = anyio.Event()
        elif isinstance(message, types.JSONRPCNotification) and message.method == "notifications/cancelled":
            self._done((message.params or {}).get("requestId"))

    def answered(self, message) -> None:
        from mcp import types

        if isinstance(message, (types.JSONRPCResponse, types.JSONRPCError)):
            self._done(message.id)

    def _done(self, rid: Any) -> None:
        self._ids.discard(self._key(rid))
        if not self._ids:
            self._idle.set()

    async def idle(self) -> None:
        while not self._idle.is_set():
            await self._idle.wait()


async def run(app, wire_in, wire_out) -> None:
    """Serve `app` on the binary streams `wire_in` (read by a daemon thread, a line at a time) and
    `wire_out` until `wire_in` ends or SIGINT/SIGTERM comes, then answer what is in flight."""
    import signal

    import anyio
    import anyio.lowlevel
    from mcp.shared.message import SessionMessage

    token = anyio.lowlevel.current_token()
    lines_in, lines = anyio.create_memory_object_stream[bytes](16)
    to_server, server_in = anyio.create_memory_object_stream[Any](0)
    server_out, from_server = anyio.create_memory_object_stream[Any](0)
    errors_out = server_out.clone()
    flight = InFlight()

    def reader() -> None:
        try:
            for line in wire_in:
                anyio.from_thread.run(lines_in.send, line, token=token)
            anyio.from_thread.run(lines_in.aclose, token=token)
        except Exception:  # the loop is gone, or stopped reading: nothing more to pass on
            pass

    def write(text: str) -> None:
        wire_out.write(text.encode("utf-8", "backslashreplace") + b"\n")
        wire_out.flush()

    async def writer() -> None:
        async with from_server:
            async for item in from_server:
                if isinstance(item, dict):
                    text = json.dumps(item, ensure_ascii=False, separators=(",", ":"))
                else:
                    text = item.message.model_dump_json(by_alias=True, exclude_unset=True)
                try:
                    await anyio.to_thread.run_sync(write, text)
                except (BrokenPipeError, OSError, ValueError):
                    pass  # the client is gone
                if not isinstance(item, dict):
                    flight.answered(item.message)

    async with anyio.create_task_group() as group:
        group.start_soon(writer)
        group.start_soon(app.run, server_in, server_out, app.create_initialization_options())
        reading = anyio.CancelScope()

        async def signals() -> None:
            with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as received:
                async for _ in received:
                    if not reading.cancel_called:
                        reading.cancel()  # the first: stop reading, answer what is in flight
                    else:
                        group.cancel_scope.cancel()  # the second: stop now

        watching = anyio.CancelScope()

        async def watch() -> None:
            with watching:
                await signals()

        group.start_soon(watch)
        threading.Thread(target=reader, name="qimen-serve-stdin", daemon=True).start()
        with reading:
            async with lines:
                async for line in lines:
                    message, errors = read_line(line)
                    for item in errors:
                        await errors_out.send(item)
                    if message is not None:
                        flight.asked(message)
                        await to_server.send(SessionMessage(message))
        await flight.idle()
        watching.cancel()
        await errors_out.aclose()
        await to_server.aclose()


def serve(allow_ephemeris=()) -> None:
    """Serve on standard input/output until the client closes them or a signal comes (BadInput
    without the SDK); `allow_ephemeris`: the files and folders a call's `ephemeris` may name."""
    require_sdk()
    import anyio

    wire_in, wire_out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print goes to stderr, not into the protocol

    async def main() -> None:
        await run(server(allowing(allow_ephemeris)), wire_in, wire_out)

    try:
        anyio.run(main)
    finally:
        sys.stdout = sys.__stdout__
