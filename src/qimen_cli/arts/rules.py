"""The one registry of every art's rules: cast's patterns (`qimen.patterns.REGISTRY`) and the
records the other arts declare next to their engine functions (`artrule.ArtRule` tables in
gucu/rules.py, gods/rules.py, liuren/rules.py).  `find` builds its named conditions from it and
`qimen patterns` lists it, grouped by art (`ARTS` order).
"""

from __future__ import annotations

from functools import cache

#: The arts with rules, in the order `qimen patterns` lists them (`--art` takes these).
ARTS = ("cast", "twelve-gods", "noble", "gucu", "liuren")


@cache
def art_rules(art: str) -> tuple:
    """The `ArtRule` records of an art other than cast, in its table's order (() for one without)."""
    if art == "gucu":
        from ..gucu.rules import RULES

        return RULES
    if art == "twelve-gods":
        from ..gods.rules import TWELVE_GODS_RULES

        return TWELVE_GODS_RULES
    if art == "noble":
        from ..gods.rules import NOBLE_RULES

        return NOBLE_RULES
    if art == "liuren":
        from ..liuren.rules import RULES as LIUREN

        return LIUREN
    return ()


def rule_records(art: str | None = None) -> list[dict]:
    """One JSON-ready record per rule name, grouped by art (`ARTS` order; `art` alone when given):
    cast's from the pattern registry (`arts.patterns.pattern_records`), the others' `ArtRule.record`."""
    from .patterns import pattern_records

    out: list[dict] = []
    for name in ARTS if art is None else (art,):
        if name == "cast":
            out.extend(pattern_records())
        else:
            out.extend(r.record() for r in art_rules(name))
    return out
