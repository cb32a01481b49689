"""The package and its papers (issue 32 item 4): the licence, the changelog, one version, the
schemas inside the package, and an sdist that holds what its tests read."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

from click.testing import CliRunner

import qimen_cli
from qimen_cli.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]


def test_version_is_the_metadata_one():
    """`qimen --version` and `qimen_cli.__version__` are the installed metadata's version."""
    meta = importlib.metadata.version("qimen-cli")
    assert qimen_cli.__version__ == meta
    out = CliRunner().invoke(cli, ["--version"], prog_name="qimen").output
    assert out.strip() == f"qimen, version {meta}"
    # one source: pyproject's version, which the metadata is built from
    assert re.search(rf'^version = "{re.escape(meta)}"$', (ROOT / "pyproject.toml").read_text(), re.M)


def test_licence_file_and_metadata():
    """A LICENSE file (MIT, as pyproject states it) and the licence in the installed metadata."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    meta = importlib.metadata.metadata("qimen-cli")
    assert meta.get("License-Expression") == "MIT" or meta.get("License") == "MIT"


def test_changelog_has_this_round():
    """CHANGELOG.md opens with a section for the round in progress, each entry a list item."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## (.+)$", text, re.M)
    assert sections and sections[0].startswith("Unreleased")
    first = text.split("\n## ", 2)[1]
    assert len(re.findall(r"^- ", first, re.M)) >= 5
