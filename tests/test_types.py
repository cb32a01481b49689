"""The type checker (issue 30 item 5): mypy passes as pyproject.toml's `[tool.mypy]` configures it,
strict on the engine's floors (calendar/, qimen/, arts/) and the public API, and it turns red on
a type error there — a str returned where an int is declared, a function left unannotated, the
API's value used as what it is not.  README's test command runs it, and .ci/run runs README's.

The runs of mypy take seconds (a cold cache about fifteen): they are marked slow; the CI runs
them, and `mypy` itself, in README's command.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "qimen_cli"

#: The modules checked strictly (issue 30 item 5): the engine's floors and the public API.
STRICT = {"qimen_cli", "qimen_cli.calendar.*", "qimen_cli.qimen.*", "qimen_cli.arts.*", "qimen_cli.api",
          "qimen_cli.result"}
#: mypy's `--strict` flags that a per-module section can set.
STRICT_FLAGS = {"disallow_untyped_defs", "disallow_incomplete_defs", "disallow_untyped_calls",
                "disallow_untyped_decorators", "disallow_any_generics", "disallow_subclassing_any",
                "check_untyped_defs", "warn_return_any", "no_implicit_reexport"}


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_the_floors_and_the_api_are_checked_strictly():
    config = _config()
    assert config["files"] == ["src/qimen_cli"]
    strict = [o for o in config["overrides"] if STRICT_FLAGS <= {k for k, v in o.items() if v is True}]
    assert len(strict) == 1 and set(strict[0]["module"]) == STRICT
    relaxed = [o for o in config["overrides"] if o.get("ignore_errors")]
    for override in relaxed:  # nothing under the floors or the API is let off
        for module in override["module"]:
            assert not re.match(r"qimen_cli\.(calendar|qimen|arts)\.|qimen_cli\.(api|result)$", module), module


def test_readme_runs_mypy_and_ci_runs_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if line.startswith("pip install '.[test]'"))
    assert "&& mypy &&" in command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().splitlines()
    assert command in ci
    # after it, only the sample of the suite in an environment set otherwise (issue 34 item 5)
    after = ci[ci.index(command) + 1:]
    assert all(line.startswith(("#", "env ", "    ")) for line in after), after


def _mypy(*args: str) -> tuple[str, int]:
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), *args])
    return out + err, status


def _shadowed(path: Path, old: str, new: str, tmp_path: Path) -> list[str]:
    """mypy's arguments that check the package with `path` read as its text with `old` made `new`."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    shadow = tmp_path / path.name
    shadow.write_text(text.replace(old, new), encoding="utf-8")
    return ["--shadow-file", str(path), str(shadow)]


@pytest.mark.slow
def test_mypy_passes(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, status = _mypy()
    assert status == 0, out


#: (file, text, the same text with a type error, the error code mypy must report there).
MISTAKES = [
    # a str returned where an int is declared
    ("calendar/ganzhi.py", "    return (6 * stem - 5 * branch) % 60", "    return STEMS[stem % 10]", "return-value"),
    # a function of an art left unannotated (strict: every def typed)
    ("arts/noble.py", "def to_json(result: tuple[Moment, NobleReport]) -> str:", "def to_json(result):",
     "no-untyped-def"),
    # a Moment's clock read as the text it was
    ("qimen/ju.py", "    if moment.clock is ClockKind.APPARENT_SOLAR and lon is not None:",
     '    if moment.clock == "apparent solar" and lon is not None:', "comparison-overlap"),
    # the public API's `to_dict` giving the JSON text instead of its object
    ("result.py", "        return data\n", "        return self.to_json()\n", "return-value"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("file", "old", "new", "code"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_type_error_in_the_strict_modules_fails(file, old, new, code, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    out, status = _mypy(*_shadowed(SRC / file, old, new, tmp_path))
    assert status == 1 and f"[{code}]" in out and file in out, out


@pytest.mark.slow
def test_the_stub_types_each_arts_value(tmp_path, monkeypatch):
    """A user's code that takes a chart's value for a number fails; the chart's own fields pass."""
    monkeypatch.chdir(ROOT)
    user = tmp_path / "user.py"
    user.write_text(
        "import qimen_cli\n"
        "r = qimen_cli.cast('2024-03-05T11:00', tz='Asia/Shanghai')\n"
        "if isinstance(r, qimen_cli.Result):\n"
        "    ju: int = r.value.ju.ju\n"
        "    obj: dict[str, object] = r.to_dict()\n"
        "    wrong: int = r.value\n", encoding="utf-8")
    out, status = _mypy("--strict", str(user))
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1 and len(errors) == 1 and "user.py:6:" in errors[0] and '"Chart"' in errors[0], out
