"""Check the quoted lines of the engine's docstrings against the seed texts (development aid).

    python scripts/check_quotes.py [SEEDS_DIR] [FILES…]

A quote is a run of lines starting with ``>`` (in a docstring or a ``#:`` comment) ending
with the seed file's name in parentheses, e.g. ``(003_fd1aa30e5b7f2d13.txt)`` or ``(003)``.
Its passages are separated by ``…``; each must be the text's own words and they must come
in the text's order.  Prints one line per bad quote and exits 1 if any; prints each good
quote's seed file and line with -v.  The package never reads the seeds at run time.
"""

from __future__ import annotations

import pathlib
import re
import sys

SEEDS = pathlib.Path("/work/shared/seeds")
_MARK = re.compile(r"\((\d{3})(?:_[0-9a-f]+\.txt)?(?:[,，][^)]*)?\)\s*$")


def load(seeds: pathlib.Path) -> dict[str, tuple[str, list[int]]]:
    """Seed code (000, 003 …) → (text without line breaks, offset → line number starts)."""
    out = {}
    for path in sorted(seeds.glob("*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        starts, text = [], ""
        for line in lines:
            starts.append(len(text))
            text += line.strip()
        out[path.name[:3]] = (text, starts, path.name)
    return out


def quotes(source: str):
    """(line number in the .py, quote text, seed code) of each quote block."""
    block, first = [], 0
    for n, raw in enumerate(source.splitlines(), 1):
        s = raw.strip()
        if s.startswith("#:"):
            s = s[2:].strip()
        if s.startswith(">"):
            if not block:
                first = n
            block.append(s[1:].strip())
            joined = "".join(block)
            m = _MARK.search(joined)
            if m:
                yield first, joined[: m.start()].strip(), m.group(1)
                block = []
        elif block:
            # a block continued on a plain line holding only the file mark
            m = _MARK.match(s) if s.startswith("(") else None
            if m:
                yield first, "".join(block).strip(), m.group(1)
            block = []


def locate(quote: str, text: str) -> list[int] | str:
    """Offsets of the quote's passages in `text`, or a message."""
    pos, found = 0, []
    for piece in (p.strip() for p in quote.split("…")):
        if not piece:
            continue
        i = text.find(piece, pos)
        if i < 0:
            j = text.find(piece)
            return f"passage not in the text: {piece[:30]}…" if j < 0 else f"passages out of the text's order at: {piece[:30]}…"
        found.append(i)
        pos = i + len(piece)
    return found


def line_of(offset: int, starts: list[int]) -> int:
    import bisect

    return bisect.bisect_right(starts, offset)


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    argv = [a for a in argv if a != "-v"]
    seeds = SEEDS
    if argv and pathlib.Path(argv[0]).is_dir() and not argv[0].endswith(".py"):
        seeds = pathlib.Path(argv.pop(0))
    texts = load(seeds)
    files = [pathlib.Path(a) for a in argv] or sorted(pathlib.Path("src").rglob("*.py"))
    bad = 0
    for path in files:
        for n, quote, code in quotes(path.read_text(encoding="utf-8")):
            if code not in texts:
                continue
            text, starts, name = texts[code]
            where = locate(quote, text)
            if isinstance(where, str):
                bad += 1
                print(f"{path}:{n}: {name}: {where}")
            elif verbose:
                print(f"{path}:{n}: {name}:{line_of(where[0], starts)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
