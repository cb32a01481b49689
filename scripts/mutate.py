#!/usr/bin/env python3
"""The mutation ledger: plausible engine errors, one at a time, and whether `qimen verify` catches them.

Each mutation is a small change a practitioner-programmer could make by mistake in a rule or a
table of the engine (a star's home, one cell of the 局 table, a 剋 read the wrong way round, a
school's variant taken for the default …).  For each, the package is copied to a temporary
folder, the one change applied there (its `old` text must occur exactly once in its file, so a
mutation that no longer matches the code is reported, never silently skipped), the shipped
plate records removed from the copy (they are a cache of the engine: a mutated engine must be
read, not its recorded plates), and `qimen verify --json` run on the copy.  A mutation is
caught when verify runs its ledger and exits 1 with a row ✘ (a mutant that crashes is
reported as such, not counted as caught); the ledger prints each mutation, the rows that turned ✘, and the
score.  The repository is never changed.

    python scripts/mutate.py                  # every mutation, the ledger and the score
    python scripts/mutate.py --only qm-star-home-peng --verbose
    python scripts/mutate.py --art liuren --json
    python scripts/mutate.py --list

The mutations live here, not in the package (`tests/test_mutate.py` checks that each still
applies and runs a sample).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "qimen_cli"

#: The arts a mutation belongs to (as `qimen verify --art` names them), and the schools' own.
ARTS = ("qimen", "gods", "gucu", "liuren")


@dataclass(frozen=True)
class Mutation:
    """One plausible error: `id` (unique), `art`, `path` (inside src/qimen_cli), the `old` text
    (occurring exactly once in that file) and the `new` text put in its place, and `what` the
    mistake is, in a few words."""

    id: str
    art: str
    path: str
    old: str
    new: str
    what: str


M = Mutation

#: 奇門 (qimen/): plates, 局, patterns and the schools' variants.
QIMEN = (
    M("qm-door-home-kai", "qimen", "qimen/plates.py",
      'DOORS = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "開門", 7: "驚門", 8: "生門", 9: "景門"}',
      'DOORS = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "驚門", 7: "開門", 8: "生門", 9: "景門"}',
      "開門 and 驚門 given each other's home (乾6 ↔ 兌7)"),
)

#: 貴人, 天將, 月將, 建除 and the directions (gods/).
GODS = ()

#: 孤虛 and 虎鈐經's tables, 28 宿, 運籌, 閉戊, 安營 (gucu/).
GUCU = ()

#: 大六壬 (liuren/).
LIUREN = ()

MUTATIONS: tuple[Mutation, ...] = QIMEN + GODS + GUCU + LIUREN


@dataclass(frozen=True)
class Outcome:
    """A mutation run: `caught` (verify ran its ledger and exited 1, some row ✘), `status`
    (verify's exit status, or None when the mutation does not apply), the ids of the rows that
    turned ✘, and a note (why it did not apply, or, when verify crashed instead of answering,
    the last line it wrote on stderr)."""

    mutation: Mutation
    caught: bool
    status: int | None
    rows: tuple[str, ...]
    note: str = ""


def applies(mutation: Mutation) -> str:
    """"" when the mutation's old text occurs exactly once in its file; else why not."""
    path = PACKAGE / mutation.path
    if not path.is_file():
        return f"no file {mutation.path}"
    found = path.read_text(encoding="utf-8").count(mutation.old)
    if found != 1:
        return f"its old text occurs {found} times in {mutation.path}"
    if mutation.old == mutation.new:
        return "old and new are the same"
    return ""


def _copy(into: Path) -> Path:
    """The package copied into `into` (without caches and the shipped plate records)."""
    target = into / "qimen_cli"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for plates in (target / "qimen" / "data").glob("plates-*.gz"):
        plates.unlink()
    return target


def run(mutation: Mutation, timeout: float = 300.0) -> Outcome:
    """Apply one mutation to a copy of the package and run `qimen verify --json` on it."""
    why = applies(mutation)
    if why:
        return Outcome(mutation, False, None, (), why)
    with tempfile.TemporaryDirectory(prefix="qimen-mutant-") as tmp:
        target = _copy(Path(tmp))
        path = target / mutation.path
        path.write_text(path.read_text(encoding="utf-8").replace(mutation.old, mutation.new), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": tmp, "QIMEN_DATA_DIR": str(ROOT / "data" / "ephemeris"),
               "PYTHONDONTWRITEBYTECODE": "1", "PYTHONWARNINGS": "ignore"}
        env.pop("QIMEN_EPHEMERIS", None)
        try:
            done = subprocess.run([sys.executable, "-m", "qimen_cli", "verify", "--json"], capture_output=True, text=True,
                                  env=env, cwd=tmp, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Outcome(mutation, False, None, (), f"verify ran past {timeout:.0f} s")
    rows = []
    for line in done.stdout.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if record.get("verdict") == "differs":
            rows.append(record["id"])
    note = ""
    caught = done.returncode == 1 and bool(rows)
    if done.returncode not in (0, 1) or (done.returncode == 1 and not rows):
        # verify did not run to its ledger (a mutant that fails to import or raises): not a catch,
        # a mutation to fix (a plausible error computes a wrong answer, it does not crash)
        note = "crashed: " + (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
    return Outcome(mutation, caught, done.returncode, tuple(rows), note)


def select(mutations, only=None, art=None):
    """The mutations named by `only` (ids) and/or of one art."""
    chosen = [m for m in mutations if (not only or m.id in only) and (art is None or m.art == art)]
    unknown = set(only or ()) - {m.id for m in mutations}
    if unknown:
        raise SystemExit(f"mutate.py: no mutation {', '.join(sorted(unknown))}")
    return chosen


def _line(outcome: Outcome) -> str:
    m = outcome.mutation
    if outcome.status is None:
        mark, detail = "?", outcome.note
    elif outcome.caught:
        mark, detail = "✔", f"{len(outcome.rows)} row(s) ✘: {' '.join(outcome.rows[:6])}{' …' if len(outcome.rows) > 6 else ''}"
    else:
        mark, detail = "✘", f"missed (verify exited {outcome.status}){': ' + outcome.note if outcome.note else ''}"
    return f"{mark} {m.id:<28} {m.art:<7} {m.what}\n      {detail}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutations")
    parser.add_argument("--art", choices=ARTS, help="run only one art's mutations")
    parser.add_argument("--list", action="store_true", help="list the mutations and whether each applies, run none")
    parser.add_argument("--json", action="store_true", help="one JSON object per mutation, then the score")
    parser.add_argument("--verbose", action="store_true", help="every row that turned ✘")
    args = parser.parse_args(argv)
    ids = [m.id for m in MUTATIONS]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise SystemExit(f"mutate.py: duplicate ids {' '.join(duplicates)}")
    chosen = select(MUTATIONS, args.only, args.art)
    if args.list:
        for m in chosen:
            why = applies(m)
            print(f"{'✘' if why else ' '} {m.id:<28} {m.art:<7} {m.path:<34} {m.what}{'  — ' + why if why else ''}")
        return 0
    started = time.monotonic()
    outcomes = []
    for m in chosen:
        outcome = run(m)
        outcomes.append(outcome)
        if args.json:
            print(json.dumps({"id": m.id, "art": m.art, "path": m.path, "what": m.what, "caught": outcome.caught,
                              "status": outcome.status, "rows": list(outcome.rows), "note": outcome.note},
                             ensure_ascii=False), flush=True)
        else:
            print(_line(outcome), flush=True)
            if args.verbose and outcome.rows:
                print("      " + " ".join(outcome.rows))
    caught = sum(o.caught for o in outcomes)
    stale = [o.mutation.id for o in outcomes if o.status is None]
    missed = [o.mutation.id for o in outcomes if o.status is not None and not o.caught]
    share = caught / len(outcomes) if outcomes else 1.0
    score = {"mutations": len(outcomes), "caught": caught, "share": round(share, 4), "missed": missed, "stale": stale,
             "seconds": round(time.monotonic() - started, 1)}
    if args.json:
        print(json.dumps({"score": score}, ensure_ascii=False))
    else:
        by_art = {a: [o for o in outcomes if o.mutation.art == a] for a in ARTS}
        print()
        print(f"caught {caught} of {len(outcomes)} ({share:.1%}) in {score['seconds']} s; "
              + ", ".join(f"{a} {sum(o.caught for o in os_)}/{len(os_)}" for a, os_ in by_art.items() if os_))
        if missed:
            print("missed: " + " ".join(missed))
        if stale:
            print("not applied: " + " ".join(stale))
    return 0 if not stale else 2


if __name__ == "__main__":
    sys.exit(main())
