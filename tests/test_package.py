"""The package and its papers (issue 32 item 4): the licence, the changelog, one version, the
schemas inside the package, and an sdist that holds what its tests read."""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
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


#: The sample of the suite the installed sdist runs: the tests that read docs/, the schemas as the
#: package holds them, goldens, and this file (LICENSE, CHANGELOG, pyproject, the version).
SDIST_SAMPLE = ["tests/test_package.py", "tests/test_schemas.py", "tests/test_docs.py",
                "tests/test_golden.py", "tests/test_quotes.py"]


@pytest.mark.slow
def test_the_sdist_holds_what_its_tests_read(tmp_path):
    """The sdist, built and installed in a fresh venv (no dependencies fetched: the venv reads
    this environment's site-packages after its own), runs a sample of the suite from its own
    unpacked tree, with the package imported from the venv and not from this checkout."""
    pytest.importorskip("hatchling", reason="building the sdist needs hatchling (the test extra)")
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(dist)], cwd=ROOT,
                   check=True, capture_output=True)
    (sdist,) = dist.glob("qimen_cli-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
        tar.extractall(tmp_path / "unpacked", filter="data")
    top = names[0].split("/")[0]
    for needed in ("docs/api.md", "docs/decisions.md", "LICENSE", "CHANGELOG.md", "tests/data/identity.json",
                   "src/qimen_cli/schema/cast.schema.json", "tests/golden"):
        assert any(n == f"{top}/{needed}" or n.startswith(f"{top}/{needed}/") for n in names), needed
    tree = tmp_path / "unpacked" / top

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # this environment's packages after the venv's own (a path line: its .pth files, such as this
    # checkout's editable install, are not read)
    ours = [p for p in sys.path if p.endswith("site-packages")]
    Path(site, "zz_outer.pth").write_text("\n".join(ours) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    "--no-build-isolation", "--no-index", str(sdist)], check=True, capture_output=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run([str(python), "-c", "import qimen_cli, importlib.metadata as m; "
                            "print(qimen_cli.__file__); print(m.version('qimen-cli'))"],
                           cwd=tmp_path, env=env, check=True, capture_output=True, text=True).stdout.split()
    assert where[0].startswith(site) and where[1] == importlib.metadata.version("qimen-cli")
    run = subprocess.run([str(python), "-m", "pytest", "-q", "-x", "-p", "no:randomly", "-p", "no:cacheprovider",
                          "-rs", "-m", "not slow", *SDIST_SAMPLE], cwd=tree, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert run.stdout.count(".") > 40
    # the seed texts are not beside the unpacked tree: the tests that read them skip, saying why
    skipped = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED")]
    assert all("seed" in line for line in skipped), skipped
