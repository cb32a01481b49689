"""Write src/qimen_cli/record_inits.py: the `__init__` templates that `records.frozen` shares.

    python scripts/build_record_inits.py

tests/test_records.py fails when the shipped file differs from what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from qimen_cli.records import templates_source  # noqa: E402

TARGET = Path(__file__).resolve().parents[1] / "src" / "qimen_cli" / "record_inits.py"


def main() -> None:
    TARGET.write_text(templates_source(), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
