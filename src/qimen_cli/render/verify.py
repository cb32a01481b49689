"""`qimen verify`: the ledger as a table (zh/ko/en labels and claims) or as JSON Lines.

The view words each row's claim in its language (`verify/rows.CLAIM_WORDS`: zh and ko; en, the
engine's language, is the Claim's own; another language reads zh's, the word store's fallback
rule); the JSON carries the three wordings whatever `--lang` (`claim`, `claim_zh`,
`claim_ko`), beside the stable `id`.
"""

from __future__ import annotations

from ..texts import chapter_of
from ..verify.claim import MARKS, TEXTS, Checked, Claim, counts
from ..words import ENGINE, FALLBACK
from .cite import citation_words
from .jsonout import SCHEMA_VERSION, dumps
from .labels import labeller

#: The table's columns, in order (the word store's labels "verify:…").
COLUMNS = ("mark", "source", "quote", "claim", "expected", "answer", "decision")

word = labeller("verify")
#: The languages of a row's words in `verify/rows.CLAIM_WORDS`, in their order.
CLAIM_LANGS = ("zh", "ko")


def row_record(checked: Checked) -> dict:
    """One checked claim as its JSON object (schema_version first)."""
    c = checked.claim
    return {
        "schema_version": SCHEMA_VERSION, "id": c.id, "text": TEXTS[c.text], "line": c.line,
        "chapter": chapter_of(TEXTS[c.text], c.line), "art": c.art,
        "quote": c.quote, "claim": c.claim, "claim_zh": claim_words(c, "zh"), "claim_ko": claim_words(c, "ko"),
        "expected": c.expected, "answer": checked.answer,
        "verdict": checked.verdict, "mark": MARKS[checked.verdict], "decision": decision_ref(c.decision),
        "documented": c.documented,
    }


def claim_words(claim: Claim, lang: str) -> str:
    """What a row checks, in `lang`: zh and ko from `verify/rows.CLAIM_WORDS`, en (`words.ENGINE`;
    and a row without words) the Claim's own wording, another language zh's (`words.FALLBACK`)."""
    from ..verify.rows import CLAIM_WORDS

    words = CLAIM_WORDS.get(claim.id)
    if words is None or lang == ENGINE:
        return claim.claim
    return words[CLAIM_LANGS.index(lang if lang in CLAIM_LANGS else FALLBACK)]


def decision_ref(heading: str) -> str:
    """A decision's reference: `docs/decisions.md` and its heading ("" when none)."""
    return f"docs/decisions.md: {heading}" if heading else ""


def json_lines(checked: list[Checked]) -> str:
    """The ledger as JSON Lines, one object per claim, without the last newline."""
    return "\n".join(dumps(row_record(c)) for c in checked)


def table(checked: list[Checked], lang: str):
    """The ledger as a rich table, its caption the counts of each verdict."""
    from rich.table import Table

    found = counts(checked)
    caption = "  ".join(f"{MARKS[v]} {word(v, lang)} {n}" for v, n in found.items())
    t = Table(title=word("title", lang), caption=caption, show_lines=True)
    for key in COLUMNS:
        t.add_column(word(key, lang), overflow="fold", no_wrap=key == "mark")
    for c in checked:
        claim = c.claim
        t.add_row(MARKS[c.verdict], citation_words(TEXTS[claim.text], claim.line, lang), claim.quote,
                  claim_words(claim, lang), claim.expected, c.answer, claim.decision)
    return t
