"""Generate the plate records shipped with the package (src/qimen_cli/qimen/data/plates-*.gz).

    python scripts/build_plates.py [--check]

Each record is what `render.cast_json.plate_record` computes for one plate; see
qimen/platedata.py.  Run it after changing a plate, a pattern rule or the chart JSON;
--check only compares (exit 1 when a file is stale).
"""

from __future__ import annotations

import sys


def build(layout: str) -> bytes:
    from qimen_cli.qimen import platedata
    from qimen_cli.qimen.plates import build_plate
    from qimen_cli.render.cast_json import plate_record

    records = [plate_record(build_plate(dun, ju, hour, layout)) for dun, ju, hour in platedata.plate_keys()]
    return platedata.encode(layout, records)


def main(argv: list[str]) -> int:
    from pathlib import Path

    from qimen_cli.qimen import platedata
    from qimen_cli.qimen.plates import LAYOUTS

    check = "--check" in argv
    stale = 0
    for layout in LAYOUTS:
        data = build(layout)
        path = Path(platedata.data_path(layout))
        current = path.read_bytes() if path.exists() else None
        if current == data:
            print(f"{path.name}: up to date")
            continue
        stale += 1
        if check:
            print(f"{path.name}: stale")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"{path.name}: written ({len(data):,} bytes)")
    return 1 if (check and stale) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
