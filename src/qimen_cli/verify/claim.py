"""One claim of a text and the program's answer to it: the record, the verdict, the runner."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..records import frozen
from ..texts import SOURCE_000, SOURCE_003, SOURCE_004

#: The three texts, by the number their seed file starts with.
TEXTS = {"000": SOURCE_000, "003": SOURCE_003, "004": SOURCE_004}

#: The arts a claim belongs to (the engine's packages, 奇門 as `qimen`).
ARTS = ("qimen", "gods", "gucu", "liuren")

#: The verdicts: the answer is the text's; it differs and docs/decisions.md says why; it differs.
AGREES, DOCUMENTED, DIFFERS = "agrees", "documented", "differs"
#: The mark of each verdict in the ledger.
MARKS = {AGREES: "✔", DOCUMENTED: "≠", DIFFERS: "✘"}


@frozen
class Claim:
    """One worked example or enumerated claim: `id` (unique, short), `text` ("000", "003",
    "004"), `line` (the seed file's line where `quote` is), `quote` (the text's words), `art`,
    `claim` (what is checked, in a few words), `compute` (reads the program's answer from the
    engine, as text), `expected` (the text's answer, as `compute` words it), `decision` (a
    heading of docs/decisions.md where the program's answer differs by decision, else "") and
    `documented` (with a decision: the program's answer that decision gives, exactly; any other
    answer is a fault like any other)."""

    id: str
    text: str
    line: int
    quote: str
    art: str
    claim: str
    compute: Callable[[], str]
    expected: str
    decision: str = ""
    documented: str = ""


@frozen
class Checked:
    """A claim run: the claim, the program's `answer` and the `verdict` (AGREES, DOCUMENTED, DIFFERS)."""

    claim: Claim
    answer: str
    verdict: str


def verdict(claim: Claim, answer: str) -> str:
    """AGREES when the answer is the text's; DOCUMENTED when it is the program's documented
    answer (`claim.documented`, with the decision that says why); DIFFERS otherwise — a
    documented row whose answer moves is as wrong as a row that stops agreeing."""
    if answer == claim.expected:
        return AGREES
    if claim.decision and claim.documented and answer == claim.documented:
        return DOCUMENTED
    return DIFFERS


def check(claim: Claim) -> Checked:
    """Run one claim through the engine."""
    answer = claim.compute()
    return Checked(claim, answer, verdict(claim, answer))


def select(claims: Iterable[Claim], text: str | None = None, art: str | None = None) -> list[Claim]:
    """The claims of one text ("003") and/or one art ("liuren"); None: all."""
    return [c for c in claims if (text is None or c.text == text) and (art is None or c.art == art)]


def run(claims: Iterable[Claim]) -> list[Checked]:
    """Every claim checked, in the ledger's order."""
    return [check(c) for c in claims]


def passed(checked: Iterable[Checked]) -> bool:
    """True when no claim DIFFERS (every answer is the text's or documented): exit status 0."""
    return all(c.verdict != DIFFERS for c in checked)


def counts(checked: Iterable[Checked]) -> dict[str, int]:
    """How many claims of each verdict."""
    out = {AGREES: 0, DOCUMENTED: 0, DIFFERS: 0}
    for c in checked:
        out[c.verdict] += 1
    return out
