"""Time `find_patterns` on cached plates (was a wall-clock assertion in tests/test_patterns.py).

    python benchmarks/bench_patterns.py

Prints the mean cost of one chart's patterns once the plate rules are cached (the figure the
old test held under 200 µs).  Nothing is asserted: timings are not tests.
"""

from __future__ import annotations

import time

from qimen_cli.calendar.terms import DONGZHI
from qimen_cli.qimen.patterns import PatternContext, find_patterns
from qimen_cli.qimen.plates import build_plate


def main(rounds: int = 5) -> None:
    plates = [build_plate(d, j, h) for d in "陽陰" for j in range(1, 10) for h in range(60)][:120]
    contexts = [PatternContext(p, p.hour, p.hour, p.hour, DONGZHI, "上") for p in plates]
    for c in contexts:
        find_patterns(c)
    t = time.perf_counter()
    for _ in range(rounds):
        for c in contexts:
            find_patterns(c)
    per = (time.perf_counter() - t) / (rounds * len(contexts))
    print(f"find_patterns on cached plates: {per * 1e6:.1f} µs per chart ({rounds} × {len(contexts)} charts)")


if __name__ == "__main__":
    main()
