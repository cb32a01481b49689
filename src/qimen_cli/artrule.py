"""`ArtRule`: one rule of an art other than cast, as the registry records it.

More precisely: the record an engine package declares next to its rule functions (as cast's
`@rule` does for the patterns): the art, the name the text gives the rule, its verdict as the
text says (吉, 凶, 宜, 忌, or "" where the text does not judge), what kind of answer it gives
(`KINDS`), the seed file and the line of its quote, one line on what it reads, and how to read
it off the art's `--json` object (`reads`).  `find` builds its named conditions from these
records and `qimen patterns` lists them; none restates a rule's logic: the rule is the engine
function that fills the JSON key `reads` names.

`reads`: for a yes/no rule, clauses joined by " & " that must all hold, each `PATH=VALUE` or
`PATH!=VALUE` on the art's JSON (dotted keys; `*` every value of an object or item of a list;
on a list `=` means "contains"; values compare as JSON text: `true`, `合`); for a rule that
gives a direction, a branch or a value, the PATH of that answer (several answers when it
reaches a list or uses `*`).  `shows`: for a yes/no rule, the PATH of the value `find` reports
when it holds (the hour, the branch …; "" for the first clause's own value; ``@name`` the rule's
own name, for a rule whose clauses' values name another rule (元首 is found by 賊剋);
``PATH[KEY] {field}…`` the items of the list at PATH whose KEY is true, each written by the
template: ``si_men_qimen[ji_men] {general}{earth_branch} {door}`` → ``太常申 休門``).  Adding a rule is
one entry in its art's table.
"""

from __future__ import annotations

import re

from .records import frozen

#: What a rule answers: whether it holds at the instant, or a direction (on the ground, named by
#: its branch or its trigram), a branch (of a plate, not a direction), or another value, which
#: `find` compares with a given one.
YES_NO, DIRECTION, BRANCH, VALUE = "yes/no", "direction", "branch", "value"
KINDS = (YES_NO, DIRECTION, BRANCH, VALUE)
#: The verdicts a record may carry: the text's own word, or "" where it does not judge.
VERDICTS = ("吉", "凶", "宜", "忌", "")
#: `ArtRule.shows`: the rule's own name; the rows of a list whose KEY is true, by a template.
SHOWS_NAME = "@name"
SHOWS_ROWS = re.compile(r"^([\w.]+)\[(\w+)\] (.+)$")
#: The rule reads the day alone (its value is the same on every 時辰 of a day, month and term
#: alike), or the hour.
DAY, HOUR = "day", "hour"


@frozen
class ArtRule:
    """One rule of `art`: see the module docstring.  `line` None and `source` "" for a standard
    rule the texts do not state; `domain` the values a direction, branch or value rule can give
    (what `find` accepts after `NAME=`), () for a yes/no rule; `scope` DAY or HOUR."""

    art: str
    name: str
    verdict: str
    kind: str
    source: str
    line: int | None
    quote: str
    summary: str
    reads: str
    domain: tuple[str, ...] = ()
    scope: str = HOUR
    shows: str = ""

    def record(self) -> dict:
        """The JSON-ready record (`qimen patterns --json`, `find --explain`); `chapter` the heading
        of the chapter its line stands in (`texts.chapter_of`, "" for a standard rule)."""
        from .texts import chapter_of

        return {"art": self.art, "name": self.name, "verdict": self.verdict, "kind": self.kind, "scope": self.scope,
                "checks": self.summary, "source": self.source, "line": self.line,
                "chapter": chapter_of(self.source, self.line), "quote": self.quote,
                "reads": self.reads, "values": list(self.domain), "shows": self.shows}


def check(rules: tuple[ArtRule, ...]) -> tuple[ArtRule, ...]:
    """The table, checked once when it is made: kinds, verdicts, unique names, a domain for
    every rule that gives a value (ValueError otherwise: a table error, not bad input)."""
    seen = set()
    for r in rules:
        if r.kind not in KINDS or r.verdict not in VERDICTS or r.scope not in (DAY, HOUR):
            raise ValueError(f"{r.art}:{r.name}: kind {r.kind!r}, verdict {r.verdict!r}, scope {r.scope!r}")
        if (r.kind == YES_NO) == bool(r.domain):
            raise ValueError(f"{r.art}:{r.name}: a domain is for a rule that gives a value, and it needs one")
        if (r.art, r.name) in seen:
            raise ValueError(f"{r.art}:{r.name} twice")
        seen.add((r.art, r.name))
    return rules
