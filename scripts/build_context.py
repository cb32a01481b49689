"""Generate the context rules' results shipped with the package (src/qimen_cli/qimen/data/context.gz).

    python scripts/build_context.py [--check]

Every result of every context rule on the plate facts of every shipped plate (both layouts),
computed by the rules themselves (`qimen.contextdata.build`); see qimen/contextdata.py.  Run
it after changing a context rule, the plates or the chart JSON (after scripts/build_plates.py);
--check only compares (exit 1 when the file is stale).
"""

from __future__ import annotations

import sys


def parts_of_rules() -> list[list]:
    """Per context rule, the distinct plate facts of every plate of both layouts, in order of
    first appearance (layouts in `LAYOUTS` order, plates in `platedata.plate_keys` order)."""
    from qimen_cli.qimen import platedata
    from qimen_cli.qimen.patterns import CONTEXT_RULES
    from qimen_cli.qimen.plates import LAYOUTS, build_plate

    seen: list[dict] = [{} for _ in CONTEXT_RULES]
    for layout in LAYOUTS:
        for key in platedata.plate_keys():
            plate = build_plate(*key, layout)
            for n, (_i, part, _k, _c) in enumerate(CONTEXT_RULES):
                value = None if part is None else part(plate)
                seen[n].setdefault(platedata._tuples(_json_round_trip(value)), None)
    return [list(s) for s in seen]


def _json_round_trip(value):
    """The value as the plate records give it back (tuples for lists)."""
    import json

    return json.loads(json.dumps(value, ensure_ascii=False))


def build() -> bytes:
    """Every result of every context rule on each plate fact at each key, as the rules compute
    them; a rule with more than `MOST_RESULTS` distinct results is not listed (its plate facts
    left empty)."""
    import json

    from qimen_cli.qimen import contextdata
    from qimen_cli.qimen.patterns import CONTEXT_RULES, REGISTRY, context_compute
    from qimen_cli.render.cast_json import group_text

    results: dict[tuple, int] = {}
    texts: list[str] = []
    rows: list[int] = []
    rules = []
    for (i, _part, _key, _compute), parts in zip(CONTEXT_RULES, parts_of_rules(), strict=True):
        inputs = REGISTRY[i].inputs
        keys = contextdata.key_values(inputs)
        found = [context_compute(i, part, contextdata.context_for(inputs, key)) for part in parts for key in keys]
        idents = [tuple((p.name, p.palace, p.detail, p.source, p.verdict, p.school) for p in f) for f in found]
        if len(set(idents)) > contextdata.MOST_RESULTS:
            parts, found, idents = [], [], []
        rules.append({"inputs": list(inputs), "parts": list(parts), "offset": len(rows)})
        for patterns, ident in zip(found, idents, strict=True):
            number = results.get(ident)
            if number is None:
                number = results[ident] = len(results)
                texts.append(group_text(patterns))
                texts.append(json.dumps([[p.name, p.verdict] for p in patterns], ensure_ascii=False, separators=(",", ":")))
            rows.append(number)
    return contextdata.encode(rules, rows, texts)


def main(argv: list[str]) -> int:
    from pathlib import Path

    from qimen_cli.qimen import contextdata

    DATA_PATH = Path(contextdata.DATA_PATH)

    data = build()
    current = DATA_PATH.read_bytes() if DATA_PATH.exists() else None
    if current == data:
        print(f"{DATA_PATH.name}: up to date")
        return 0
    if "--check" in argv:
        print(f"{DATA_PATH.name}: stale")
        return 1
    DATA_PATH.write_bytes(data)
    print(f"{DATA_PATH.name}: written ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
