"""The three source texts by their own names: each seed file's chapter headings and their lines.

More precisely: the seed files (NNN_xxxxxxxxxxxxxxxx.txt) are named by a hash, which tells a
reader nothing; each opens with its chapter's heading, the Korean reading with the Chinese
in brackets ("석직부직사(釋直符直使)" on line 1).  `TEXTS` holds, per file, the book where the
texts name it (004 is 虎鈐經's 出軍日第一百十五; 000 and 003 name no book) and each chapter:
its heading, the line it stands on and the last line it covers.  The seed files are not
shipped, so these are data here; tests/test_texts.py reads the seeds, when present, and checks
every heading on its line and every chapter's span.  `cite(file, line)` → a `Citation` (book,
chapter, line, file) for the JSON writers and the views (`render/cite.py`): the views show the
chapter and the line (〈釋直符直使〉第12行) rather than the file's hash name, the JSON keeps
`source` (the file) and `line` and adds `chapter` beside them.
"""

from __future__ import annotations

from functools import lru_cache

from .records import frozen


@frozen
class Chapter:
    """A chapter of a seed file: `heading` (the Chinese, "釋直符直使"), `heading_ko` (the Korean
    reading on the heading's line, "석직부직사"), `line` (where the heading stands, 1-based) and
    `last` (the last line of the chapter)."""

    heading: str
    heading_ko: str
    line: int
    last: int


@frozen
class Text:
    """A seed file: `file`, `book` (the book, where the texts name it; "" when not) and its
    `chapters` in order."""

    file: str
    book: str
    chapters: tuple[Chapter, ...]


@frozen
class Citation:
    """Where a rule or a claim stands: `book` ("" when the texts name none), `chapter` (the
    heading, "釋直符直使"; "" for a file not among `TEXTS`), `line` (None: the chapter as a
    whole) and `file` (the seed file: the key that finds the passage)."""

    book: str
    chapter: str
    line: int | None
    file: str


#: The three seed files, by the number their name starts with (the name every rule cites).
SOURCE_000 = "000_4b5dcee18d5e7425.txt"
SOURCE_003 = "003_fd1aa30e5b7f2d13.txt"
SOURCE_004 = "004_64097a01f3826baf.txt"

#: Every seed file: its book and its chapters (heading, Korean reading, heading line, last line).
TEXTS: dict[str, Text] = {
    t.file: t
    for t in (
        Text(SOURCE_000, "", (Chapter("釋貪合受制", "석탐합수제", 1, 161),)),
        Text(SOURCE_003, "", (Chapter("釋直符直使", "석직부직사", 1, 165),)),
        Text(SOURCE_004, "虎鈐經", (Chapter("出軍日第一百十五", "출군일제일백십오", 1, 181),)),
    )
}


@lru_cache(maxsize=512)
def cite(file: str, line: int | None = None) -> Citation:
    """The citation of `line` of the seed `file` (None: the file's first chapter as a whole).

    A file not among `TEXTS` (a standard rule, "standard, not from the texts") is cited by
    itself: no book, no chapter."""
    text = TEXTS.get(file)
    if text is None:
        return Citation("", "", line, file)
    chapter = text.chapters[0]
    if line is not None:
        for c in text.chapters:
            if c.line <= line <= c.last:
                chapter = c
                break
    return Citation(text.book, chapter.heading, line, file)


def chapter_of(file: str, line: int | None = None) -> str:
    """The heading of the chapter `line` of `file` stands in ("" for a file not among `TEXTS`):
    the `chapter` key the JSON writes beside `source` and `line`."""
    return cite(file, line).chapter
