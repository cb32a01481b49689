"""`qimen web`: the server started on a free loopback port, its answers against the command line's.

Every art's `/api/<art>?…` is the bytes of `qimen <art> … --json` (the arts from their records),
a range's JSON Lines the command line's, find's windows, --stats, the terms and the patterns the
same; the views' text, SVG and HTML the command line's; bad input a 400 with the command line's
line and the field it names; the bounds (query, body, range) refused with a line naming the limit;
the iCalendar file of /ics and of `qimen find --ics` the same bytes, read back by `icalendar` to the
windows of `find --json`.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from qimen_cli import web  # noqa: E402
from qimen_cli.arts import records  # noqa: E402
from test_api import cli_message  # noqa: E402

AT = ("2024-03-05T11:00", "Asia/Shanghai")
RANGE = (("start", "2024-03-05T09:00"), ("end", "2024-03-05T17:00"), ("every", "2h"), ("tz", "Asia/Shanghai"))
FIND = (("start", "2024-03-01"), ("end", "2024-03-07"), ("tz", "Asia/Shanghai"), ("where", "cast:palace(door=開門)"),
        ("where", "!cast:五不遇時"))


@pytest.fixture(scope="module")
def server():
    """The server on a free loopback port, in a thread of this process: its base URL."""
    from qimen_cli.web.server import serve

    ready = threading.Event()
    found: dict = {}

    def on_ready(url: str) -> None:
        found["url"] = url
        ready.set()

    thread = threading.Thread(target=serve, args=("127.0.0.1", 0, "zh", on_ready), daemon=True)
    thread.start()
    assert ready.wait(60), "the server did not start"
    return found["url"].rstrip("/")


def fetch(url: str, method: str = "GET", data: bytes | None = None) -> tuple[int, str, bytes]:
    """(status, content type, body) of one request."""
    request = urllib.request.Request(url, method=method, data=data)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.headers.get("content-type", ""), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("content-type", ""), exc.read()


def api(server: str, command: str, pairs, path: str = "api") -> tuple[int, str, bytes]:
    return fetch(f"{server}/{path}/{command}?{urllib.parse.urlencode(list(pairs))}")


def cli_args(command: str, pairs) -> list[str]:
    """The command line of the same query: each pair as its option's flag."""
    from qimen_cli import options

    flags = {o.name: o.flag for o in options.options_of(command)} | {"stats": "--stats"}
    args = [command]
    for name, value in pairs:
        args += [flags[name]] if value == "true" and name in ("stats", "no_chart", "explain", "alternatives") else [
            flags[name], value]
    return args


def cli_out(run_cli, command: str, pairs, *more: str, env=None) -> bytes:
    r = run_cli(*cli_args(command, pairs), *more, env=env)
    assert r.exit_code == 0, r.stderr
    return r.stdout_bytes


@pytest.mark.parametrize("art", [r.name for r in records()])
def test_each_art_answers_the_bytes_of_json(server, run_cli, art):
    pairs = (("at", AT[0]), ("tz", AT[1]))
    status, media, body = api(server, art, pairs)
    assert status == 200 and media.startswith("application/json")
    assert body == cli_out(run_cli, art, pairs, "--json")


@pytest.mark.parametrize("art", ["cast", "pillars", "twelve-gods"])
def test_a_range_is_the_json_lines_of_the_command_line(server, run_cli, art):
    status, media, body = api(server, art, RANGE)
    assert status == 200 and media.startswith("application/x-ndjson")
    assert body == cli_out(run_cli, art, RANGE, "--json") and body.count(b"\n") == 5


@pytest.mark.parametrize("pairs", [(("noble_rule", "day-night"), ("lon", "121.5"), ("lat", "31.2")),
                                   (("yuejiang", "亥"),)])
def test_options_are_read_as_the_command_line_reads_them(server, run_cli, pairs):
    full = (("at", AT[0]), ("tz", AT[1]), *pairs)
    assert api(server, "liuren", full)[2] == cli_out(run_cli, "liuren", full, "--json")


def test_a_flag_and_the_options_of_an_art(server, run_cli):
    pairs = (("at", AT[0]), ("tz", AT[1]), ("no_chart", "true"))
    assert api(server, "noble", pairs)[2] == cli_out(run_cli, "noble", pairs, "--json")
    cast = (("at", AT[0]), ("tz", AT[1]), ("method", "chaibu"), ("layout", "fei"), ("school", "li"))
    body = api(server, "cast", cast)[2]
    assert body == cli_out(run_cli, "cast", cast, "--json") and body != api(server, "cast", cast[:2])[2]


def test_find_terms_and_patterns_are_the_command_lines(server, run_cli):
    for command, pairs in (("find", FIND), ("find", (*FIND, ("stats", "true"))), ("terms", (("year", "2024"),)),
                           ("patterns", (("art", "gucu"),))):
        status, _, body = api(server, command, pairs)
        assert status == 200 and body == cli_out(run_cli, command, pairs, "--json"), (command, pairs)
    assert api(server, "find", FIND)[2].count(b"\n") > 3


BAD = [
    ("cast", (("at", "2024-13-05T11:00"), ("tz", "Asia/Shanghai")), "at"),
    ("cast", (("at", AT[0]), ("tz", "Mars/Olympus")), "tz"),
    ("cast", (("at", AT[0]), ("method", "lunar")), "method"),
    ("cast", (("at", AT[0]), ("explain", "true"), ("start", "2024-03-01"), ("end", "2024-03-02")), None),
    ("liuren", (("at", AT[0]), ("lat", "31")), None),
    ("find", (("start", "2024-03-01"), ("end", "2024-03-02"), ("where", "cast:三奇得")), None),
    ("gucu", (("at", AT[0]), ("steps", "7")), "steps"),
]


@pytest.mark.parametrize("command, pairs, field", BAD)
def test_bad_input_is_a_400_with_the_command_lines_line(server, run_cli, command, pairs, field):
    status, media, body = api(server, command, pairs)
    assert status == 400 and media.startswith("application/json")
    data = json.loads(body)
    assert body.count(b"\n") == 1 and "Traceback" not in data["error"]
    r = run_cli(*cli_args(command, pairs), "--json")
    assert r.exit_code == 2 and data["error"] == cli_message(r.stderr)
    if field is not None:
        assert data["field"] == field


def test_what_the_server_refuses(server):
    refused = [
        api(server, "cast", (("at", AT[0]), ("ephemeris", "/etc/passwd"))),
        api(server, "cast", (("at", AT[0]), ("colour", "red"))),
        api(server, "cast", (("at", AT[0]), ("at", "2024-03-06T11:00"))),
        api(server, "nothing", ()),
        api(server, "pillars", (("start", "2024-01-01"), ("end", "2024-12-31"), ("every", "1h"))),
        api(server, "find", (("start", "2024-01-01"), ("end", "2025-06-30"), ("where", "cast:伏吟"))),
        api(server, "terms", (("first", "1900"), ("last", "2000"))),
        fetch(f"{server}/api/cast?at={'1' * (web.MAX_QUERY + 1)}"),
        api(server, "cast", (("at", AT[0]), ("tz", "../../../etc/passwd"))),  # a zone is a key of the tz database
    ]
    for status, _, body in refused:
        assert status == 400, body
        assert json.loads(body)["error"]
    lines = [json.loads(r[2])["error"] for r in refused]
    assert "ephemeris" in lines[0] and "colour" in lines[1] and "twice" in lines[2]
    assert f"at most {web.MAX_LINES}" in lines[4] and f"at most {web.MAX_FIND_DAYS} days" in lines[5]
    assert f"at most {web.MAX_TERM_YEARS} years" in lines[6] and str(web.MAX_QUERY) in lines[7]
    assert fetch(f"{server}/api/cast?at=2024-03-05T11:00", "POST", b"x=1")[0] == 405
    assert fetch(f"{server}/api/cast?at=2024-03-05T11:00", "GET", b"x=1")[0] == 413
    assert fetch(f"{server}/static/..%2F__init__.py")[0] == 404
    assert fetch(f"{server}/static/server.py")[0] == 404


def test_the_views_are_the_command_lines(server, run_cli):
    pairs = (("at", AT[0]), ("tz", AT[1]))
    for lang in ("zh", "ko", "en"):
        status, _, body = fetch(f"{server}/view/cast/text?{urllib.parse.urlencode([*pairs, ('lang', lang)])}")
        assert status == 200
        assert body == cli_out(run_cli, "cast", pairs, "--lang", lang, env={"COLUMNS": "120"}), lang
    svg = fetch(f"{server}/view/gucu/svg?{urllib.parse.urlencode(pairs)}")[2]
    assert svg == cli_out(run_cli, "gucu", pairs, "--svg", "-")
    html = fetch(f"{server}/view/liuren/html?{urllib.parse.urlencode([*pairs, ('lang', 'ko')])}")[2]
    assert html == cli_out(run_cli, "liuren", pairs, "--html", "-", "--lang", "ko")
    fragment = fetch(f"{server}/view/cast/fragment?{urllib.parse.urlencode(pairs)}")[2].decode()
    assert fragment.startswith('<pre class="qimen-view">') and "天心" in fragment


def test_the_page_offers_every_art_and_its_language(server):
    meta = json.loads(fetch(f"{server}/api/meta")[2])
    assert [c["name"] for c in meta["commands"] if c["art"]] == [r.name for r in records()]
    cast = next(c for c in meta["commands"] if c["name"] == "cast")
    assert {o["name"] for o in cast["options"]} >= {"at", "tz", "lon", "method", "layout", "school", "switch"}
    assert "ephemeris" not in {o["name"] for c in meta["commands"] for o in c["options"]}
    for key, row in meta["words"].items():
        assert sorted(row) == ["en", "ko", "zh"] and all(row.values()), key
    assert b'<html lang="zh-Hant"' in fetch(f"{server}/")[2]
    assert b'<html lang="ko"' in fetch(f"{server}/?lang=ko")[2]
    assert "Asia/Seoul" in json.loads(fetch(f"{server}/api/zones")[2])
    page = fetch(f"{server}/")[2].decode()
    assert "http" not in page.replace('content="width=device-width', "")  # nothing from elsewhere


def test_no_static_file_names_another_server():
    for name in web.STATIC:
        text = web.static(name).decode()
        assert "http://" not in text and "https://" not in text and "//fonts" not in text, name


def test_the_icalendar_file_is_the_windows(server, run_cli, tmp_path):
    icalendar = pytest.importorskip("icalendar")
    status, media, body = fetch(f"{server}/ics?{urllib.parse.urlencode(FIND)}")
    assert status == 200 and media.startswith("text/calendar")
    path = tmp_path / "w.ics"
    cli_out(run_cli, "find", FIND, "--ics", str(path))
    assert path.read_bytes() == body
    windows = [json.loads(line) for line in cli_out(run_cli, "find", FIND, "--json").splitlines()]
    events = icalendar.Calendar.from_ical(body).walk("VEVENT")
    import datetime as dt

    assert len(events) == len(windows) > 3
    for event, window in zip(events, windows, strict=True):
        assert event.decoded("dtstart") == dt.datetime.fromisoformat(window["start"])
        assert event.decoded("dtend") == dt.datetime.fromisoformat(window["end"])
        assert "cast:palace(door=開門)" in str(event.get("summary")) and window["day"] in str(event.get("summary"))
        assert all(len(line.encode()) <= 75 for line in body.decode().split("\r\n"))


def test_find_ics_refuses_what_it_cannot_write(run_cli, tmp_path):
    r = run_cli(*cli_args("find", FIND), "--ics", str(tmp_path / "no" / "w.ics"))
    assert r.exit_code == 2 and r.stdout == "" and "--ics" in r.stderr
    r = run_cli(*cli_args("find", FIND), "--stats", "--ics", str(tmp_path / "w.ics"))
    assert r.exit_code == 2 and "--stats" in r.stderr
    r = run_cli(*cli_args("find", FIND), "--ics", "-")
    assert r.exit_code == 0 and r.stdout_bytes.startswith(b"BEGIN:VCALENDAR\r\n")


def test_web_without_the_extra_says_what_to_install(run_process):
    r = run_process("web", code="import sys; sys.modules['starlette'] = None\n"
                                "from qimen_cli.cli.main import console; console()")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == ["qimen: error: qimen web needs starlette and uvicorn: pip install 'qimen-cli[web]'"]


def test_the_command_line_of_the_server(run_cli, monkeypatch):
    """`qimen web`: loopback unless --host says otherwise (then a warning), the address said once
    listening, --lang the page's lang; --port checked as a port."""
    import qimen_cli.web.server as server_module

    calls = []

    def fake_serve(host, port, lang, ready):
        calls.append((host, port, lang))
        ready(f"http://{host}:{port}/")

    monkeypatch.setattr(server_module, "serve", fake_serve)
    r = run_cli("web")
    assert r.exit_code == 0 and calls[-1] == ("127.0.0.1", 8633, "zh") and r.stderr == ""
    assert r.stdout.startswith("qimen web: serving on http://127.0.0.1:8633/")
    r = run_cli("web", "--host", "0.0.0.0", "--port", "9000", "--lang", "en")
    assert r.exit_code == 0 and calls[-1] == ("0.0.0.0", 9000, "en") and "warning" in r.stderr
    assert run_cli("web", "--port", "70000").exit_code == 2
    assert b'<html lang="en" data-lang="en">' in web.page("en") and b'lang="ko"' in web.page("ko")
    assert run_cli("web", "--help").exit_code == 0
