"""Every quote of the texts in the code is the text's own words.

A quote is a run of lines starting with ``> `` in a docstring of src/qimen_cli (or in a
``#: >`` comment above a table, or in docs/*.md), ending with the seed file it comes from:
``> 原文 … 原文 (NNN_xxxxxxxxxxxxxxxx.txt[, section])``.  Each quote must occur verbatim in
the named seed file, or be several verbatim passages joined by ``…`` that occur there in
the text's order.  Only whitespace is normalised.  A quote line with no file named is an
error too.  The seeds live outside the repository (../shared/seeds); the test is skipped
when they are absent.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "qimen_cli"
#: ../shared/seeds from the repository root (also looked for one level further up, for a
#: git worktree kept beside the main checkout), or $QIMEN_SEEDS.
SEEDS = next(
    (p for p in (Path(os.environ.get("QIMEN_SEEDS", ROOT / "seeds-not-set")), ROOT.parent / "shared" / "seeds",
                 ROOT.parent.parent / "shared" / "seeds") if p.is_dir()),
    ROOT.parent / "shared" / "seeds",
)

#: A citation: the seed file, optionally followed by a section name (", 運籌").
CITE = re.compile(r"\((\d{3}_[0-9a-f]{16}\.txt)(?:,[^()]*)?\)")
#: Elisions between verbatim passages.
ELISION = re.compile(r"…|\.\.\.")

#: Quotes being fixed on another branch (start of each quote); none pending.
PENDING: tuple[str, ...] = ()


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _docstrings(tree: ast.AST) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out.append(doc)
    return out


def _blocks(lines: list[str], comment: bool) -> list[str]:
    """Runs of consecutive quote lines, each run joined into one string."""
    blocks, cur = [], []
    for line in lines:
        t = line.strip()
        if comment:
            t = t[2:].strip() if t.startswith("#:") else ""
        if t.startswith("> ") or t == ">":
            cur.append(t[1:].strip())
            continue
        if cur:
            blocks.append(" ".join(cur))
            cur = []
    if cur:
        blocks.append(" ".join(cur))
    return blocks


def collect() -> list[tuple[str, str, str | None]]:
    """(file, quote, seed file or None) for every quote in the package."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(ROOT))
        blocks = [b for doc in _docstrings(ast.parse(source)) for b in _blocks(doc.splitlines(), False)]
        blocks += _blocks(source.splitlines(), True)
        for block in blocks:
            pos = 0
            for m in CITE.finditer(block):
                out.append((rel, block[pos:m.start()].strip(), m.group(1)))
                pos = m.end()
            rest = block[pos:].strip()
            if rest:
                out.append((rel, rest, None))
    return out


def problem(quote: str, seed: str | None, texts: dict[str, str]) -> str | None:
    """Why `quote` is not the words of `seed`, or None when it is."""
    if seed is None:
        return "no seed file named after the quote"
    if seed not in texts:
        return f"no seed file {seed}"
    text = texts[seed]
    parts = [_norm(p) for p in ELISION.split(quote) if _norm(p)]
    if not parts:
        return "empty quote"
    at = 0
    for part in parts:
        found = text.find(part, at)
        if found < 0:
            if part in text:
                return f"passage out of the text's order: {part}"
            return f"not in the text: {part}"
        at = found + len(part)
    return None


DOCS = ROOT / "docs"
#: In the docs a quote is a run of "> " lines closed by "> — `NNN_….txt`".
DOC_QUOTE = re.compile(r"((?:^> (?!— ).*\n)+)^> — `(\d{3}_[0-9a-f]{16}\.txt)[^`]*`", re.M)


def collect_docs() -> list[tuple[str, str, str]]:
    """(file, quote, seed file) for every quote in docs/*.md."""
    out = []
    for path in sorted(DOCS.glob("*.md")):
        for m in DOC_QUOTE.finditer(path.read_text(encoding="utf-8")):
            quote = " ".join(line[2:] for line in m.group(1).splitlines())
            out.append((str(path.relative_to(ROOT)), quote, m.group(2)))
    return out


def test_problem_detects_joins_and_order():
    texts = {"000_0000000000000000.txt": _norm("甲乙丙。丁戊己。\n庚辛壬。")}
    seed = "000_0000000000000000.txt"
    assert problem("甲乙丙。", seed, texts) is None
    assert problem("丙。丁戊 己。", seed, texts) is None               # whitespace and line breaks
    assert problem("甲乙丙。 … 庚辛壬。", seed, texts) is None
    assert problem("甲乙丙。庚辛壬。", seed, texts).startswith("not in the text")   # a join without …
    assert problem("庚辛壬。 … 甲乙丙。", seed, texts).startswith("passage out of")  # wrong order
    assert problem("甲乙丙。", None, texts).startswith("no seed")


def test_collect_finds_docstring_and_comment_quotes():
    found = collect()
    files = {f for f, _, _ in found}
    assert "src/qimen_cli/calendar/compass.py" in files          # docstring
    assert "src/qimen_cli/gods/twelve.py" in files               # #: comments above tables
    assert len(found) > 150
    assert len(collect_docs()) > 40                               # docs/decisions.md


@pytest.mark.skipif(not SEEDS.is_dir(), reason="seed texts (../shared/seeds) not present")
def test_every_quote_is_the_texts_words():
    texts = {p.name: _norm(p.read_text(encoding="utf-8")) for p in SEEDS.glob("*.txt")}
    bad = []
    for path, quote, seed in collect() + collect_docs():
        if any(quote.startswith(p) for p in PENDING) and path.startswith("src"):
            continue
        why = problem(quote, seed, texts)
        if why:
            bad.append(f"{path}: {why}\n    > {quote} ({seed})")
    assert not bad, "\n".join(bad)
