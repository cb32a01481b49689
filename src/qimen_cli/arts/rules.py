"""The one registry of every art's rules, from the arts' records: cast's patterns
(`qimen.patterns.REGISTRY`, listed by the record's `listing`) and the records the other arts
declare next to their engine functions (`artrule.ArtRule` tables in gucu/rules.py,
gods/rules.py, liuren/rules.py, named by each record's `rules`).  `find` builds its named
conditions from it and `qimen patterns` lists it, grouped by art (the records' `listed` order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..artrule import ArtRule


def rule_arts() -> tuple[str, ...]:
    """The arts with rules, in the order `qimen patterns` lists them (`--art` takes these)."""
    from . import records

    return tuple(r.name for r in records() if r.listing is not None or r.rules is not None)


def art_rules(art: str) -> tuple[ArtRule, ...]:
    """The `ArtRule` records of an art other than cast, in its table's order (() for one without)."""
    from . import find_art

    record = find_art(art)
    return record.rule_table() if record is not None else ()


def rule_records(art: str | None = None) -> list[dict[str, Any]]:
    """One JSON-ready record per rule name, grouped by art (`rule_arts` order; `art` alone when
    given): each record's `listing` (cast's: `arts.patterns.pattern_records`), else its rules'
    `ArtRule.record`."""
    from . import art as record_of

    out: list[dict[str, Any]] = []
    for name in rule_arts() if art is None else (art,):
        record = record_of(name)
        listing = record.part("listing")
        out.extend(listing() if listing is not None else (r.record() for r in record.rule_table()))
    return out
