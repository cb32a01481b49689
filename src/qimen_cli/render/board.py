"""The traditional square board of the twelve branches, south up, shared by the ring views."""

from __future__ import annotations

from ..calendar.ganzhi import BRANCHES

#: Earth positions row by row (south up): 巳午未申 / 辰 … 酉 / 卯 … 戌 / 寅丑子亥; None marks the centre.
RING_ROWS = (
    ("巳", "午", "未", "申"),
    ("辰", None, None, "酉"),
    ("卯", None, None, "戌"),
    ("寅", "丑", "子", "亥"),
)

#: Branch index → (row, column) on that board.
RING_CELLS = {
    BRANCHES.index(name): (r, c)
    for r, row in enumerate(RING_ROWS)
    for c, name in enumerate(row)
    if name is not None
}
