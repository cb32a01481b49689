"""The documentation stays true to the tree: every module is listed, every link resolves."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_architecture_lists_every_module():
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    modules = sorted(str(p.relative_to(ROOT / "src" / "qimen_cli")) for p in (ROOT / "src" / "qimen_cli").rglob("*.py")
                     if p.name != "__init__.py")
    missing = [m for m in modules if f"`{m}`" not in text]
    assert not missing, f"docs/ARCHITECTURE.md lists no line for {missing}"


def test_links_stay_inside_the_repository():
    """README and docs link only to files that exist in the repository (no ../shared)."""
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        assert "../shared" not in text and "READING-" not in text, page.name
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if re.match(r"[a-z]+://", target):
                continue
            assert (page.parent / target).exists(), f"{page.name}: broken link {target}"


def test_the_table_of_the_arts_is_the_records():
    """docs/ARCHITECTURE.md's table of the arts is what the records say (scripts/make_arts_table.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_arts_table", ROOT / "scripts" / "make_arts_table.py")
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert maker.START in text and maker.rewritten(text) == text, "run python scripts/make_arts_table.py"
