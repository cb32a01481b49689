"""View of `terms`: one table row per term (name, longitude, UTC and local instant), printed
row by row (`print_terms`: a range of centuries starts at once)."""

from __future__ import annotations

from .labels import label


def _cells(r: dict) -> list[str]:
    return [r["name"], f"{r['longitude']}°", r["utc"], r["local"]]


def print_terms(rows: list[dict], first: int, last: int, zone_label: str, lang: str, console, write=None) -> None:
    """The terms' rows (`arts.terms.term_rows`) of the civil years first…last, printed row by
    row (`rows.RowTable`, written by `write`); the columns as wide as their widest cell (the
    rows are all known)."""
    from rich.cells import cell_len

    from .fit import longest_unit
    from .rows import Column, RowTable

    title = f"{label('solar_term', lang)} {first}" + (f"–{last}" if last != first else "") + f" ({zone_label})"
    heads = [label(key, lang) if key != "utc" else "UTC" for key in ("name", "longitude", "utc", "local")]
    widest = [0] * 4
    whole = [1] * 4
    for r in rows:
        for k, cell in enumerate(_cells(r)):
            widest[k] = max(widest[k], cell_len(cell))
            whole[k] = max(whole[k], longest_unit(cell, whole=True))
    columns = [Column(h, w, u, justify="right" if k == 1 else "left")
               for k, (h, w, u) in enumerate(zip(heads, widest, whole, strict=True))]
    table = RowTable(console, columns, [(title, "bold")], write)
    for r in rows:
        table.row(_cells(r))
    table.close()
