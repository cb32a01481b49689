"""The turning branch plate (月將加正時 and every other "X加Y"): one argument order for all arts.

More precisely: a heaven plate of the twelve branches laid on the earth plate is fully
described by its turn `s` — the heaven branch over earth position p is p + s (mod 12).
`shift(upper, lower)` gives the turn when branch `upper` is laid on `lower` (the 月將
on the hour for 月將加正時; the 月將 on the 月建 for 天馬 …); every other function takes
the turn first.  Branches are indices 0–11 (0 = 子).  The gods (gods/), 六壬 (liuren/)
and 孤虛 (gucu/) rules all read the plate here.

> 凡用六壬，若占利害之時，先以月將加正時。假令正月占，以正月合神登明為月將，卯時占以登明加卯。
> (004_64097a01f3826baf.txt)
"""

from __future__ import annotations


def shift(upper: int, lower: int) -> int:
    """The turn of the heaven plate when heaven branch `upper` is laid on earth branch `lower`.

    > 將加正時，吉凶可卜。 (000_4b5dcee18d5e7425.txt)
    > 先以月將加正時 … 卯時占以登明加卯。 (004_64097a01f3826baf.txt)
    """
    return (upper - lower) % 12


def heaven_over(s: int, earth: int) -> int:
    """The heaven branch standing on earth position `earth` when the plate is turned by `s`."""
    return (earth + s) % 12


def earth_under(s: int, heaven: int) -> int:
    """The earth position (direction) under heaven branch `heaven` when the plate is turned by `s`."""
    return (heaven - s) % 12


def heaven_plate(s: int) -> tuple[int, ...]:
    """The whole heaven plate of turn `s`: earth branch (index) → the heaven branch above it."""
    return tuple((p + s) % 12 for p in range(12))


def chong(b: int) -> int:
    """沖: the branch opposite (子午 丑未 寅申 卯酉 辰戌 巳亥)."""
    return (b + 6) % 12
