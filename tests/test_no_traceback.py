"""Issue 24: no traceback from any input — output a terminal cannot encode, a closed stdin,
options that would be ignored."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest

FIND = ("find", "--from", "2024-01-01", "--to", "2024-01-02", "--tz", "UTC", "--where", "cast:伏吟")
DATELESS = ("liuren", "--day", "甲子", "--hour", "寅", "--month", "1")


# --- 5. output the terminal cannot encode -------------------------------------------------


@pytest.mark.parametrize("args", [
    ("patterns",), DATELESS, FIND, (*FIND, "--stats"), ("find", "--list"), ("terms", "--year", "2024"),
    ("chaibu", "--year", "2024", "--tz", "UTC"), ("verify", "--text", "004"),
], ids=["patterns", "liuren-dateless", "find", "find-stats", "find-list", "terms", "ledger", "verify"])
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_view_in_an_encoding_without_the_characters_is_one_line(run_process, args, encoding):
    done = run_process(*args, env={"PYTHONIOENCODING": encoding})
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("qimen: error: the output encoding")


@pytest.mark.parametrize("args", [
    ("patterns", "--json"), (*DATELESS, "--json"), (*FIND, "--json"), (*FIND, "--stats", "--json"),
    (*FIND, "--count", "--json"), ("chaibu", "--year", "2024", "--tz", "UTC", "--json"), ("terms", "--json"),
    ("verify", "--text", "004", "--json"),
], ids=["patterns", "liuren-dateless", "find", "find-stats", "find-count", "ledger", "terms", "verify"])
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_json_is_utf8_whatever_the_terminal(run_process, args, encoding):
    done = run_process(*args, env={"PYTHONIOENCODING": encoding})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines and all(isinstance(json.loads(line), dict) for line in lines)
    assert any(ord(ch) > 127 for ch in done.stdout) or "windows" in done.stdout


# --- 6. stdin closed ------------------------------------------------------------------------


def test_at_stdin_with_stdin_closed_is_one_line(run_process):
    code = "import os, sys; os.close(0); sys.stdin = None; from qimen_cli.cli.main import console; console()"
    done = run_process("pillars", "--at", "-", "--tz", "UTC", "--json", code=code)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr == "qimen: error: --at - reads instants from stdin, which is closed: give --at TIME or pipe instants in\n"


# --- 9. options accepted and ignored ----------------------------------------------------------


@pytest.mark.parametrize("args, words", [
    ((*DATELESS, "--tz", "Asia/Seoul"), "drop --tz"),
    ((*DATELESS, "--ephemeris", "/nowhere.bsp"), "drop --ephemeris"),
    (("chaibu", "--at", "2024-01-01T00:00", "--tz", "UTC", "--within", "5h"), "--within 5h"),
    (("chaibu", "--year", "2024", "--within", "5h"), "--within 5h"),
    (("find", "--list", "--from", "2024-01-01", "--to", "2024-01-02"), "--from/--to does not apply"),
    (("find", "--list", "--tz", "UTC"), "--tz does not apply"),
    (("find", "--list", "--json"), "--json does not apply"),
    (("find", "--list", "--where", "cast:伏吟"), "--where does not apply"),
])
def test_ignored_options_are_refused(run_cli, args, words):
    result = run_cli(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert words in result.stderr and result.stderr.count("\n") == 1


def test_dateless_liuren_leaves_the_environments_ephemeris_alone(run_cli):
    result = run_cli(*DATELESS, "--json", env={"QIMEN_EPHEMERIS": "/nowhere.bsp"})
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["input"]["day"] == "甲子"


def test_within_with_alternatives_is_honoured(run_cli):
    near = ("chaibu", "--at", "2024-02-04T16:00", "--tz", "Asia/Shanghai", "--alternatives", "--json")
    wide = json.loads(run_cli(*near, "--within", "12h").stdout)
    narrow = json.loads(run_cli(*near, "--within", "1s").stdout)
    assert wide != narrow


def test_find_count_json_is_an_object(run_cli):
    bare = run_cli(*FIND, "--count")
    as_json = run_cli(*FIND, "--count", "--json")
    assert as_json.exit_code == 0, as_json.stderr
    assert json.loads(as_json.stdout) == {"windows": int(bare.stdout)}


# --- 7. --svg/--html to a path that cannot be written; `-` for stdout -------------------------

CAST = ("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")


@pytest.mark.parametrize("target", ["/dev/full", "/proc/self/no/such.svg", "", "/nonexistent/dir/x.svg"])
@pytest.mark.parametrize("option", ["--svg", "--html"])
def test_unwritable_export_names_the_path_and_prints_nothing(run_process, option, target):
    done = run_process(*CAST, option, target)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"qimen: error: {option}")
    assert "None" not in done.stderr and (target in done.stderr if target else "FILE" in done.stderr)


def test_export_check_leaves_no_file_behind(tmp_path, run_cli):
    target = tmp_path / "x.svg"
    r = run_cli("liuren", "--day", "甲子", "--hour", "寅", "--svg", str(target))  # checked, then refused: no --month
    assert r.exit_code == 2 and "月將" in r.stderr
    assert not target.exists()


def test_svg_dash_writes_the_picture_to_stdout(tmp_path, run_process):
    done = run_process(*CAST, "--svg", "-", env={"TMPDIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    root = ET.fromstring(done.stdout)
    assert root.tag.endswith("svg") and "離9" in "".join(root.itertext())
    assert "╭" not in done.stdout.split("<svg", 1)[0]


def test_html_dash_with_svg_file(tmp_path, run_cli):
    svg = tmp_path / "chart.svg"
    r = run_cli(*CAST, "--html", "-", "--svg", str(svg))
    assert r.exit_code == 0, r.stderr
    assert r.stdout.lstrip().lower().startswith("<!doctype html") and "離9" in re.sub("<[^>]+>", "", r.stdout)
    ET.parse(svg)


def test_both_exports_to_stdout_refused(run_cli):
    r = run_cli(*CAST, "--html", "-", "--svg", "-")
    assert r.exit_code == 2 and r.stdout == "" and "stdout" in r.stderr


def test_saved_view_is_still_shown(tmp_path, run_cli):
    svg = tmp_path / "chart.svg"
    shown = run_cli(*CAST, "--svg", str(svg))
    assert shown.exit_code == 0
    assert shown.stdout == run_cli(*CAST).stdout


# --- 8. a view cut by a closed pipe; SIGTERM on a view, a table, the ledger --------------------

ENTRY = "from qimen_cli.cli.main import console; console()"


def _cut_after_one_line(*args: str) -> subprocess.CompletedProcess:
    """`qimen ARGS | head -1`: the reader takes one line and goes away."""
    proc = subprocess.Popen([sys.executable, "-c", ENTRY, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"})
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8")
    return subprocess.CompletedProcess(args, proc.wait(timeout=120), "", err)


@pytest.mark.parametrize("args", [
    (*CAST, "--explain"), ("patterns",), ("find", "--list"), ("chaibu", "--year", "2024", "--tz", "UTC"),
    ("cast", "--from", "2024-01-01", "--to", "2024-03-01", "--tz", "UTC"), (*DATELESS, "--lang", "en"),
], ids=["view", "patterns", "find-list", "ledger", "table", "liuren-dateless"])
def test_a_closed_pipe_ends_a_view_with_status_0(args):
    done = _cut_after_one_line(*args)
    assert done.returncode == 0 and done.stderr == ""


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ("find", "--from", "1900-01-01", "--to", "2100-01-01", "--tz", "UTC", "--where", "cast:伏吟", "--where", "liuren:伏吟"),
    ("cast", "--from", "1900-01-01", "--to", "2100-01-01", "--tz", "UTC"),
    ("chaibu", "--from", "1800-01-01", "--to", "2200-01-01", "--tz", "UTC"),
], ids=["view", "table", "ledger"])
def test_sigterm_ends_a_view_table_or_ledger_with_one_line(args):
    proc = subprocess.Popen([sys.executable, "-c", ENTRY, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(2.5)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert err == b"qimen: interrupted\n"
    # a table prints its rows as they come (render/rows.py): what it printed is whole lines
    assert out == b"" or (out.endswith(b"\n") and out.decode("utf-8"))


def test_a_file_export_that_fails_leaves_the_stdout_export_unwritten(run_cli):
    r = run_cli(*CAST, "--svg", "-", "--html", "/dev/full")
    assert r.exit_code == 2 and r.stdout == ""
    # a device is refused by its mode before anything is drawn (issue 34: a FIFO hung)
    assert r.stderr == ("qimen: error: --html /dev/full: it is a character device, not a regular file; "
                        "give a FILE, or - for stdout\n")


# --- found by the fuzzer (item 11) ---------------------------------------------------------------


def test_an_unknown_start_method_is_one_line(run_cli):
    r = run_cli("liuren", "--from", "2024-03-01", "--to", "2024-03-03", "--tz", "UTC", "--json",
                env={"QIMEN_PARALLEL_MIN": "1", "QIMEN_WORKERS": "2", "QIMEN_START_METHOD": "x"})
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("qimen: error: QIMEN_START_METHOD='x' is not a start method here")


def test_a_bad_stdin_line_leaves_the_picture_unsaved(tmp_path, run_cli):
    svg = tmp_path / "t.svg"
    r = run_cli("liuren", "--at", "-", "--svg", str(svg), input="2024-03-05T11:00\nnonsense\n")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "nonsense" in r.stderr
    assert "2024-03-05 11:00" in r.stdout and not svg.exists()


NOTHING = ("find", "--from", "2024-03-01", "--to", "2024-03-02", "--tz", "+08:00",
           "--where", "cast:zhi_shi.door=開門", "--where", "!cast:zhi_shi.door=開門")


@pytest.mark.parametrize("extra, words", [
    (("--count", "--explain"), "--explain"), (("--stats", "--explain"), "--explain"), (("--count", "--svg", "x.svg"), "--count"),
])
def test_find_refuses_what_count_and_stats_ignore(run_cli, extra, words):
    r = run_cli(*FIND, *extra)
    assert r.exit_code == 2 and r.stdout == "" and words in r.stderr


def test_find_with_nothing_found_saves_its_sentence(tmp_path, run_cli):
    svg = tmp_path / "none.svg"
    r = run_cli(*NOTHING, "--lang", "en", "--svg", str(svg))
    assert r.exit_code == 0 and r.stdout.startswith("no 時辰 in 2024-03-01T00:00:00+08:00")
    assert "時辰" in "".join(ET.parse(svg).getroot().itertext())
