"""Write the table of the arts in docs/ARCHITECTURE.md from the arts' records (`arts.records`).

The table stands between the lines `<!-- arts: from the records -->` and `<!-- /arts -->`;
tests/test_docs.py checks it is what the records say.  Run it after adding an art:

    python scripts/make_arts_table.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "ARCHITECTURE.md"
START, END = "<!-- arts: from the records -->", "<!-- /arts -->"


def _module(ref) -> str:
    """Where a part named "qimen_cli.x.y:attr" lives, as the docs name it (`x/y.py`); "" for none,
    "(its record)" for a part given as itself."""
    if ref is None:
        return ""
    if not isinstance(ref, str):
        return "(its record)"
    module = ref.partition(":")[0].removeprefix("qimen_cli.")
    return f"`{module.replace('.', '/')}.py`"


def table() -> str:
    sys.path.insert(0, str(ROOT / "src"))
    from qimen_cli.arts import records

    rows = ["| art | engine | record | view | range rows | rules | find: places, order | workers from |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in records():
        record = f"`arts/{r.name.replace('-', '_')}.py`"
        rules = _module(r.rules) or ("the pattern registry (`qimen/patterns/`)" if r.listing else "—")
        if r.searched:
            place = f"`{r.name}:{r.places[0]}(…)`" if r.places else "no places"
            found = f"{place}, {r.cost}"
        else:
            found = "not searched"
        parallel = f"{r.parallel:,}" if r.parallel else "—"
        rows.append(f"| `{r.name}` | `{r.engine}` | {record} | {_module(r.view)} | {_module(r.rows) or '—'} | {rules} "
                    f"| {found} | {parallel} |")
    return "\n".join(rows)


def rewritten(text: str) -> str:
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{table()}\n{END}{tail}"


def main() -> None:
    DOC.write_text(rewritten(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote the table of the arts in {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
