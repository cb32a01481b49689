"""The texts by their own names (`texts.py`): every chapter heading on its line, every citation
a chapter and a line, and the views showing them instead of the seed files' hash names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from qimen_cli.render.cite import citation_words
from qimen_cli.texts import TEXTS, Citation, chapter_of, cite
from test_quotes import SEEDS

SRC = Path(__file__).resolve().parents[1] / "src" / "qimen_cli"
SEED_NAME = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")


def _seed_lines(file: str) -> list[str]:
    path = SEEDS / file
    if not path.is_file():
        pytest.skip("the seed texts are not here (../shared/seeds)")
    return path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("file", sorted(TEXTS))
def test_every_heading_stands_on_its_line(file):
    lines = _seed_lines(file)
    chapters = TEXTS[file].chapters
    for c in chapters:
        assert lines[c.line - 1].strip() == f"{c.heading_ko}({c.heading})", (file, c.line)
    # The chapters follow one another and cover the file.
    assert chapters[0].line == 1 and chapters[-1].last == len(lines)
    for a, b in zip(chapters, chapters[1:], strict=False):
        assert b.line == a.last + 1


@pytest.mark.parametrize("file", sorted(TEXTS))
def test_no_other_heading_in_the_file(file):
    """A heading is a short line "한글(漢字)"; none stands outside `TEXTS`' chapters."""
    lines = _seed_lines(file)
    heading = re.compile(r"^[\uac00-\ud7a3]+\([\u4e00-\u9fff]+\)$")
    found = [i for i, line in enumerate(lines, 1) if heading.match(line.strip())]
    assert found == [c.line for c in TEXTS[file].chapters]


def test_every_seed_file_the_code_names_is_known():
    named = {m for p in SRC.rglob("*.py") for m in SEED_NAME.findall(p.read_text(encoding="utf-8"))}
    assert named and named <= set(TEXTS), named - set(TEXTS)


def test_cite():
    assert cite("003_fd1aa30e5b7f2d13.txt", 75) == Citation("", "釋直符直使", 75, "003_fd1aa30e5b7f2d13.txt")
    assert cite("004_64097a01f3826baf.txt", 135).book == "虎鈐經"
    assert cite("004_64097a01f3826baf.txt").chapter == "出軍日第一百十五"
    assert chapter_of("000_4b5dcee18d5e7425.txt", 75) == "釋貪合受制"
    assert cite("standard, not from the texts") == Citation("", "", None, "standard, not from the texts")


def test_citation_words_in_each_language():
    f = "003_fd1aa30e5b7f2d13.txt"
    assert citation_words(f, 12, "zh") == "〈釋直符直使〉第12行"
    assert citation_words(f, 12, "ko") == "〈釋直符直使〉 12행"
    assert citation_words(f, 12, "en") == "〈釋直符直使〉 line 12"
    assert citation_words("004_64097a01f3826baf.txt", None, "zh") == "《虎鈐經》〈出軍日第一百十五〉"
    assert citation_words("x.txt", 3, "zh") == "x.txt:3"


def test_cast_patterns_carry_their_chapter(run_cli):
    for args in (("--at", "2024-03-05T11:00"), ("--from", "2024-03-05T09:00", "--to", "2024-03-05T13:00")):
        r = run_cli("cast", *args, "--tz", "+08:00", "--json")
        for line in r.stdout.splitlines():
            for p in json.loads(line)["patterns"]:
                assert p["chapter"] == TEXTS[p["source"]].chapters[0].heading


def test_patterns_verify_and_find_carry_the_chapter_of_their_line(run_cli):
    rows = [json.loads(x) for x in run_cli("patterns", "--json").stdout.splitlines()]
    rows += [{**x, "source": x["text"]} for x in map(json.loads, run_cli("verify", "--json").stdout.splitlines())]
    assert rows
    for row in rows:
        assert row["chapter"] == chapter_of(row["source"], row["line"])
        # a rule the texts state names its chapter; a standard rule (no line) none
        assert (row["chapter"] != "") == (row["line"] is not None), row
    r = run_cli("find", "--from", "2024-03-01", "--to", "2024-03-03", "--tz", "+08:00", "--where", "cast:三奇得使",
                "--where", "twelve-gods:合", "--explain", "--json")
    rules = [rule for line in r.stdout.splitlines() for part in json.loads(line)["explain"] for rule in part["rules"]]
    assert rules and all(rule["chapter"] == chapter_of(rule["source"], rule["line"]) for rule in rules)


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
@pytest.mark.parametrize("args", [("patterns",), ("verify", "--text", "003"),
                                  ("find", "--from", "2024-03-01", "--to", "2024-03-03", "--tz", "+08:00",
                                   "--where", "cast:三奇得使", "--explain"),
                                  ("liuren", "--at", "2024-03-05T11:00", "--tz", "+08:00"),
                                  ("twelve-gods", "--at", "2024-03-05T11:00", "--tz", "+08:00", "--school", "sanshi"),
                                  ("find", "--list")])
def test_views_name_the_chapter_not_the_hash(run_cli, args, lang):
    r = run_cli(*args, "--lang", lang)
    assert r.exit_code in (0, 1), r.stderr  # verify: 1 when a row differs undocumented
    assert not SEED_NAME.search(r.stdout)
    if args != ("find", "--list") or lang != "en":  # en's --list gives each rule's summary, not its text
        assert "〈" in r.stdout
