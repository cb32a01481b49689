"""`qimen patterns` in the terminal: the registry's rules, one table an art (`arts/rules.py`).

Columns: the name (glossed in en), the verdict (吉 凶 宜 忌, — where the text does not judge),
what the rule reads and gives (cast: plate, day, term …; the other arts: day or hour, and
yes/no, a direction, a branch or a value with its values), what it checks (the text's own words
for a reader of the characters, zh and ko; else the one-line summary: `Lang.reads_characters`)
and the seed file with its line.
"""

from __future__ import annotations

from ..words import lang as language
from .glossary import gloss
from .labels import labeller

word = labeller("patterns")


def scope_words(scope: str, lang: str) -> str:
    """`plate+day` → 盤+日 (zh), 반+일 (ko), plate+day (en): what a rule reads (`Rule.scope`), by --lang."""
    return "+".join(word(part, lang) for part in scope.split("+"))


def reads_words(rec: dict, lang: str) -> str:
    """What a record's rule reads and, for the other arts, what it gives: 日 · 支 子…亥 (its values,
    the first and the last when they do not fit in eight characters)."""
    scope = scope_words(rec["scope"], lang)
    if rec["art"] == "cast":
        return scope
    kind = word(rec["kind"], lang)
    values = rec.get("values") or []
    if values:
        joined = ("" if all(len(v) == 1 for v in values) else " ").join(values)
        kind += f" {joined if len(joined) <= 8 else values[0] + '…' + values[-1]}"
    return f"{scope} · {kind}"


def patterns_tables(records: list[dict], lang: str) -> list:
    """One rich Table per art of `records` (in their order), titled with the art's name; the
    seed file and line stand under what the rule checks (a narrow terminal keeps the text wide)."""
    from rich.table import Table
    from rich.text import Text

    from .cite import citation_words

    tables: dict[str, Table] = {}
    for rec in records:
        group = rec["art"] + (":annotate" if rec.get("extension") else "")   # cast --annotate: a table of its own
        table = tables.get(group)
        if table is None:
            title = word(f"art:{rec['art']}", lang) + (word("annotate_title", lang) if rec.get("extension") else "")
            table = tables[group] = Table(title=title, show_lines=False)
            name = "name" if rec["art"] == "cast" else "rule"
            table.add_column(word(name, lang), overflow="fold", no_wrap=True)
            table.add_column(word("verdict", lang), no_wrap=True)
            table.add_column(word("scope", lang), overflow="fold")
            table.add_column(f"{word('checks', lang)} · {word('source', lang)}", overflow="fold")
        verdict = word(rec["verdict"], lang) if rec["verdict"] else "—"
        # a reader of the characters (zh, ko) gets the text's own line; the others the one-line summary.
        checks = Text((rec["quote"] or word("standard", lang)) if language(lang).reads_characters else rec["checks"])
        if rec.get("extension"):   # beyond the texts: its option, its source and the reading taken
            said = word("cast:ann_source_" + rec["rule"].split(".")[-1], lang) if language(lang).reads_characters \
                else f"{rec['source']}\n{rec['checks']}"
            checks = Text(f"`qimen cast {rec['option']}` · {said}")
        if rec["line"] is not None:
            checks.append("\n" + citation_words(rec["source"], rec["line"], lang), style="dim")
        table.add_row(gloss(rec["name"], lang), verdict, reads_words(rec, lang), checks)
    return list(tables.values())
