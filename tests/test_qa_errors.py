"""Honest errors for what landed for issues 31-34 (the qa pass): a combination that would be
ignored, or that two options would fight over, exits 2 with one line naming the value and what
to write instead; nothing on stdout, no traceback."""

from __future__ import annotations

import pytest

AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
RANGE = ("--from", "2024-03-05T09:00", "--to", "2024-03-05T15:00", "--tz", "Asia/Shanghai")

#: arguments → words the one line must hold
REFUSED = {
    # the range table has no place for them (the JSON lines do): silently dropped before
    "annotate-range": (("cast", *RANGE, "--annotate", "all"), ("--annotate", "--json")),
    "annotate-where": (("cast", *RANGE, "--annotate", "menPo", "--where", "玉女守門"), ("--annotate", "--json")),
    "qin-range": (("cast", *RANGE, "--qin", "apart"), ("--qin apart", "--json")),
    # both choose the lodge: --lodge kun won silently, the 活局 label lost
    "lodge-huoju": (("cast", *AT, "--lodge", "kun", "--school", "huoju"), ("--lodge kun", "--school huoju")),
    # a date was counted as its whole year
    "stats-date-from": (("chaibu", "--stats", "--from", "2020-03-01", "--to", "2021"), ("'2020-03-01'", "bare year")),
    "stats-date-to": (("chaibu", "--stats", "--from", "2020", "--to", "2021-06-30T12:00"),
                      ("'2021-06-30T12:00'", "bare year")),
    # only cast reads --lodge: without a cast: condition it changed nothing
    "find-lodge-no-cast": (("find", "--from", "2024-03-01", "--to", "2024-03-03", "--tz", "Asia/Shanghai",
                            "--where", "twelve-gods:合", "--lodge", "kun"), ("--lodge kun", "cast:")),
    # "add --alternatives" before, which --stats then refused
    "stats-within": (("chaibu", "--stats", "--from", "2020", "--to", "2020", "--within", "1h"),
                     ("--within 1h", "drop it")),
    # 'all' with names: "'all' is not an annotation: write all" before
    "annotate-all-and-names": (("cast", *AT, "--annotate", "all,anGan"), ("'all,anGan'", "alone")),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_refused_with_one_line(case, run_cli):
    args, words = REFUSED[case]
    r = run_cli(*args, env={"QIMEN_WORKERS": "1"})
    assert r.exit_code == 2, (r.stdout[:200], r.stderr)
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("qimen: error: "), r.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


@pytest.mark.parametrize("args", [
    ("cast", *RANGE, "--annotate", "all", "--json"),
    ("cast", *RANGE, "--qin", "apart", "--json"),
    ("cast", *AT, "--school", "huoju"),
    ("cast", *AT, "--lodge", "kun"),
    ("find", "--from", "2024-03-01", "--to", "2024-03-03", "--tz", "Asia/Shanghai", "--where", "twelve-gods:合",
     "--any", "cast:伏吟 | liuren:伏吟", "--lodge", "kun"),
    ("chaibu", "--stats", "--from", "2020", "--to", "2020", "--tz", "+08:00"),
])
def test_what_is_shown_still_runs(args, run_cli):
    r = run_cli(*args, env={"QIMEN_WORKERS": "1"})
    assert r.exit_code == 0, r.stderr
    assert r.stdout


@pytest.mark.parametrize("args", [
    ("cast", *AT, "--svg", "{d}/view.out", "--html", "{d}/./view.out"),
    ("find", "--from", "2024-03-01", "--to", "2024-03-03", "--tz", "Asia/Shanghai", "--where", "cast:玉女守門",
     "--ics", "{d}/w.ics", "--svg", "{d}/w.ics"),
    ("find", "--from", "2024-03-01", "--to", "2024-03-03", "--tz", "Asia/Shanghai", "--where", "cast:玉女守門",
     "--html", "{d}/w.ics", "--ics", "{d}/../{b}/w.ics"),
], ids=["svg-html", "ics-svg", "ics-html"])
def test_two_files_of_one_name_refused(args, run_cli, tmp_path):
    """--svg, --html and --ics naming one file: the last written replaced the other silently."""
    args = [a.format(d=tmp_path, b=tmp_path.name) for a in args]
    r = run_cli(*args, env={"QIMEN_WORKERS": "1"})
    assert r.exit_code == 2 and r.stdout == "", r.stderr
    assert len(r.stderr.splitlines()) == 1 and "same file" in r.stderr
    assert not list(tmp_path.iterdir())  # nothing written


def test_web_refuses_a_port_in_use_and_a_bad_host(run_cli):
    """uvicorn logged 'ERROR: [Errno 98] …' (or -2) and exited 3, after the network warning."""
    import socket

    pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        r = run_cli("web", "--port", str(port))
    assert r.exit_code == 2 and r.stdout == "", r.stderr
    assert r.stderr.splitlines() == [r.stderr.strip()] and f"--port {port}" in r.stderr and "--port (0" in r.stderr
    r = run_cli("web", "--host", "bad host!")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("qimen: error: --host 'bad host!'") and len(r.stderr.splitlines()) == 1


def test_serve_refuses_to_allow_a_fifo(run_cli, tmp_path):
    """--allow-ephemeris took a FIFO or a device (click's exists=True): every call naming it failed."""
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (str(fifo), os.devnull):
        r = run_cli("serve", "--allow-ephemeris", path)
        assert r.exit_code == 2 and r.stdout == "", r.stderr
        assert r.stderr.splitlines() == [f"qimen: error: --allow-ephemeris {path!r} is neither a file nor a folder: "
                                         "give an SPK file or a folder of them"]
