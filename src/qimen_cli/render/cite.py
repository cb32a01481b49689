"""A source citation as a view shows it: the chapter's heading and the line, not the file's hash name."""

from __future__ import annotations

from ..texts import cite
from ..words import lang as language
from .labels import labeller

word = labeller("cite")


def citation_words(file: str, line: int | None, lang: str) -> str:
    """《虎鈐經》〈出軍日第一百十五〉第12行 (zh), 〈釋直符直使〉 12행 (ko), 〈釋直符直使〉 line 12 (en):
    the book where the texts name one, the chapter's heading (a title, kept in characters in
    every language) and the line (`texts.cite`; the label cite:line); the chapter alone when
    `line` is None; a file not among the texts (a standard rule) as it is."""
    c = cite(file, line)
    if not c.chapter:
        return file if line is None else f"{file}:{line}"
    head = (f"《{c.book}》" if c.book else "") + f"〈{c.chapter}〉"
    if line is None:
        return head
    return language(lang).fill(word("line", lang), {"chapter": head, "line": line})
