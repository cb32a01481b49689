"""Record (or check) the output identity captures: sha256 of each command's JSON over a range.

    python scripts/capture_identity.py            # print the digests as JSON
    python scripts/capture_identity.py --write    # write tests/data/identity.json and the lines
    python scripts/capture_identity.py --diff     # which keys of which lines changed (exit 1 if any)

The cases (`CASES`) cover a year of every subcommand's JSON Lines (cast in both methods and
layouts and on other clocks, noble, twelve-gods, gucu, liuren, pillars, chaibu's ledger, terms),
find over a month, and one instant of each with --json.  tests/test_identity.py runs them and
compares: a refactor that changes a byte of any of them fails there.

Beside the digests, tests/data/identity/NAME.jsonl.gz holds the output itself (gzip'd JSON Lines,
mtime 0; for the largest case only its first lines, `STORED_LINES`, while the digest covers the
whole), so a changed case reports which keys of which lines changed (`diff`), not only a hash.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

YEAR = ("--from", "2024-01-01", "--to", "2024-12-31")
SH = ("--tz", "Asia/Shanghai")

#: name → the arguments of `qimen`.
CASES: dict[str, tuple[str, ...]] = {
    "cast-zhirun-zhuan-year": ("cast", *YEAR, *SH, "--json"),
    "cast-zhirun-fei-year": ("cast", *YEAR, *SH, "--layout", "fei", "--json"),
    "cast-chaibu-zhuan-year": ("cast", *YEAR, *SH, "--method", "chaibu", "--json"),
    "cast-chaibu-fei-year": ("cast", *YEAR, *SH, "--method", "chaibu", "--layout", "fei", "--json"),
    "cast-newyork-quarter": ("cast", "--from", "2024-01-01", "--to", "2024-03-31", "--tz", "America/New_York",
                             "--json"),
    "cast-lon-daychange0-quarter": ("cast", "--from", "2024-10-01", "--to", "2024-12-31", "--tz", "Asia/Seoul",
                                    "--lon", "126.98", "--day-change", "0", "--json"),
    "cast-apparent-week": ("cast", "--from", "2024-06-01", "--to", "2024-06-07", "--tz", "Asia/Seoul",
                           "--lon", "126.98", "--solar-time", "apparent", "--json"),
    "cast-where-century": ("cast", "--from", "1950-01-01", "--to", "2049-12-31", *SH, "--where", "玉女守門",
                           "--json"),
    "cast-chaibu-instant-quarter": ("cast", "--from", "2024-01-01", "--to", "2024-03-31", *SH, "--method",
                                    "chaibu", "--switch", "instant", "--json"),
    "noble-year": ("noble", *YEAR, *SH, "--json"),
    "twelve-gods-year": ("twelve-gods", *YEAR, *SH, "--json"),
    "gucu-year": ("gucu", *YEAR, *SH, "--json"),
    "liuren-year": ("liuren", *YEAR, *SH, "--json"),
    "pillars-year": ("pillars", *YEAR, *SH, "--json"),
    "chaibu-ledger-year": ("chaibu", "--year", "2024", *SH, "--json"),
    "chaibu-at-month": ("chaibu", "--from", "2024-05-01", "--to", "2024-05-31", *SH, "--json"),
    "terms-decade": ("terms", "--from", "2020", "--to", "2030", *SH, "--json"),
    "find-month": ("find", "--from", "2024-03-01", "--to", "2024-03-31", *SH, "--where", "cast:三奇得使",
                   "--json"),
    "find-month-arts": ("find", "--from", "2024-03-01", "--to", "2024-03-31", "--tz", "Asia/Seoul",
                        "--where", "twelve-gods:合", "--where", "!gucu:往亡", "--json"),
    "find-month-path": ("find", "--from", "2024-03-01", "--to", "2024-03-31", *SH,
                        "--where", "cast:palaces.1.door=開門", "--json"),
}
AT = ("--at", "2024-03-05T11:00", *SH, "--json")
for _cmd in ("cast", "noble", "twelve-gods", "gucu", "liuren", "pillars", "chaibu"):
    CASES[f"{_cmd}-at"] = (_cmd, *AT)

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "identity.json"
#: The captured outputs themselves: one gzip'd JSON Lines file per case (deterministic: mtime 0,
#: no file name), so a failing identity test and `--diff` can say which keys of which lines changed.
LINES_DIR = DATA.parent / "identity"
#: Cases too big to store whole: the first N lines are stored; the digest still covers all.
#: (cast-where-century: 43,830 lines, 300 MB, 14.6 MB gzip'd; its first 5,000 lines, 1950–1961.)
STORED_LINES = {"cast-where-century": 5000}
#: How many differing lines a diff shows, and how many keys of each.
DIFF_LINES, DIFF_KEYS = 5, 8


def run(args: tuple[str, ...]) -> bytes:
    """stdout of `qimen *args` as a real process (the console entry point)."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", "from qimen_cli.cli.main import console; console()", *args],
                          capture_output=True, env=env, timeout=600)
    if done.returncode:
        raise SystemExit(f"qimen {' '.join(args)}: exit {done.returncode}: {done.stderr.decode()[-500:]}")
    return done.stdout


def digest_of(out: bytes, name: str) -> dict:
    stored = min(out.count(b"\n"), STORED_LINES.get(name, out.count(b"\n")))
    return {"sha256": hashlib.sha256(out).hexdigest(), "lines": out.count(b"\n"), "bytes": len(out),
            "stored": stored}


def digest(args: tuple[str, ...], name: str = "") -> dict:
    return digest_of(run(args), name)


def lines_path(name: str) -> Path:
    return LINES_DIR / f"{name}.jsonl.gz"


def stored_lines(name: str) -> list[bytes]:
    """The stored lines of a case (each with its newline); [] if none are stored."""
    path = lines_path(name)
    if not path.exists():
        return []
    return gzip.decompress(path.read_bytes()).splitlines(keepends=True)


def write_lines(name: str, out: bytes) -> None:
    keep = b"".join(out.splitlines(keepends=True)[:digest_of(out, name)["stored"]])
    with open(lines_path(name), "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as z:
            z.write(keep)


def changed_keys(old, new, path: str = "") -> list[str]:
    """The dotted keys whose values differ between two JSON values (a list of another length,
    a value of another type: the key itself)."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for key in list(old) + [k for k in new if k not in old]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in old or key not in new:
                out.append(sub + (" (added)" if key not in old else " (removed)"))
            else:
                out += changed_keys(old[key], new[key], sub)
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [k for i, (a, b) in enumerate(zip(old, new, strict=True)) for k in changed_keys(a, b, f"{path}[{i}]")]
    return [] if old == new else [path or "(the line)"]


def _short(value, width: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[:width - 1] + "…"


def _at(value, path: str):
    """The value at a dotted key of changed_keys (None when absent)."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path.split(" (")[0]):
        if part.startswith("["):
            value = value[int(part[1:-1])] if isinstance(value, list) else None
        else:
            value = value.get(part) if isinstance(value, dict) else None
    return value


def diff(name: str, out: bytes, recorded: dict | None = None) -> str:
    """What changed in a case's output against its stored lines: the first differing lines, each
    with the keys that differ (old → new), and the count; '' when nothing differs."""
    old, new = stored_lines(name), out.splitlines(keepends=True)
    report, shown, differing, tally = [], 0, 0, {}
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a == b:
            continue
        differing += 1
        try:
            ja, jb = json.loads(a), json.loads(b)
            keys = changed_keys(ja, jb)
        except ValueError:
            ja = jb = None
            keys = ["(the line)"]
        for k in keys:
            k = re.sub(r"\[\d+\]", "[]", k)
            tally[k] = tally.get(k, 0) + 1
        if shown >= DIFF_LINES:
            continue
        shown += 1
        if ja is None:
            report.append(f"  line {i + 1}: {a.decode(errors='replace').strip()[:80]!r} → "
                          f"{b.decode(errors='replace').strip()[:80]!r}")
            continue
        head = ja.get("input", {}).get("local") or ja.get("input", {}).get("at") if isinstance(ja, dict) else None
        report.append(f"  line {i + 1}" + (f" ({head})" if head else "") + f": {len(keys)} keys differ")
        report += [f"    {k}: {_short(_at(ja, k))} → {_short(_at(jb, k))}" for k in keys[:DIFF_KEYS]]
        if len(keys) > DIFF_KEYS:
            report.append(f"    … and {len(keys) - DIFF_KEYS} more keys")
    total_old = (recorded or {}).get("lines", len(old))
    lines = []
    if differing:
        lines.append(f"{name}: {differing} of the {min(len(old), len(new))} stored lines differ"
                     + (f" (first {shown} shown)" if differing > shown else ""))
        lines += report
        if differing > 1:
            common = sorted(tally.items(), key=lambda kv: -kv[1])[:DIFF_KEYS]
            lines.append("  keys changed, in how many lines: " + ", ".join(f"{k} ×{n}" for k, n in common))
    if len(new) != total_old:
        lines.append(f"{name}: {len(new)} lines, recorded {total_old}")
    if not lines and recorded and hashlib.sha256(out).hexdigest() != recorded["sha256"]:
        lines.append(f"{name}: the stored lines ({len(old)} of {total_old}) are unchanged; "
                     "the difference lies beyond them (digest only)")
    return "\n".join(lines)


def main() -> None:
    recorded = json.loads(DATA.read_text()) if DATA.exists() else {}
    if "--diff" in sys.argv:
        changed = 0
        for name, args in CASES.items():
            out = run(args)
            if digest_of(out, name) != recorded.get(name):
                changed += 1
                print(diff(name, out, recorded.get(name)) or f"{name}: not recorded")
        print(f"{changed} of {len(CASES)} cases differ from the recorded captures")
        raise SystemExit(1 if changed else 0)
    found = {}
    if "--write" in sys.argv:
        LINES_DIR.mkdir(exist_ok=True)
    for name, args in CASES.items():
        out = run(args)
        found[name] = digest_of(out, name)
        if "--write" in sys.argv:
            write_lines(name, out)
    text = json.dumps(found, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if "--write" in sys.argv:
        DATA.write_text(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
