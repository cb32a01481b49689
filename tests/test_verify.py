"""`qimen verify`: the ledger of the texts' claims runs clean, and its rows are what they say.

Each row's quote must stand on its seed file's line (when the seeds are beside the repository,
as tests/test_quotes.py finds them; skipped otherwise), each decision it names must be a
heading of docs/decisions.md, and the command must exit 0 (every row ✔ or documented).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path

import pytest

from qimen_cli.verify.claim import AGREES, ARTS, DIFFERS, DOCUMENTED, TEXTS, Claim, check, counts, passed, run, select
from qimen_cli.verify.rows import CLAIMS

ROOT = Path(__file__).resolve().parents[1]
#: The seeds, where tests/test_quotes.py looks for them.
SEEDS = next(
    (p for p in (Path(os.environ.get("QIMEN_SEEDS", ROOT / "seeds-not-set")), ROOT.parent / "shared" / "seeds",
                 ROOT.parent.parent / "shared" / "seeds") if p.is_dir()),
    ROOT.parent / "shared" / "seeds",
)


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_the_whole_ledger_runs_clean(run_cli):
    result = run_cli("verify")
    assert result.exit_code == 0, result.stdout
    assert "✘ 不合 0" in result.stdout


def test_every_row_agrees_or_differs_as_documented():
    checked = run(CLAIMS)
    wrong = [(c.claim.id, c.answer) for c in checked if c.verdict == DIFFERS]
    assert not wrong
    assert counts(checked)[DOCUMENTED] >= 3


def test_a_documented_row_really_differs():
    """A decision is named only where the answer differs: an agreeing row needs none."""
    for c in run(CLAIMS):
        assert (c.verdict == DOCUMENTED) == bool(c.claim.decision), c.claim.id


def test_ids_unique_and_fields_known():
    assert len({c.id for c in CLAIMS}) == len(CLAIMS)
    assert all(c.text in TEXTS and c.art in ARTS and c.line > 0 and c.quote for c in CLAIMS)


def test_decisions_are_headings_of_the_decisions_file():
    headings = {line[4:].strip() for line in (ROOT / "docs" / "decisions.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("### ")}
    missing = {c.decision for c in CLAIMS if c.decision} - headings
    assert not missing


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not beside the repository")
@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_quote_stands_on_its_line(claim):
    """The quote is on its line: verbatim, or passages joined by … in the line's order."""
    line = _norm((SEEDS / TEXTS[claim.text]).read_text(encoding="utf-8").splitlines()[claim.line - 1])
    at = 0
    for passage in claim.quote.split("…"):
        at = line.find(_norm(passage), at)
        assert at >= 0, passage
        at += len(_norm(passage))


def test_a_wrong_answer_fails_the_run():
    bad = Claim("x", "004", 1, "q", "liuren", "c", lambda: "甲", "乙")
    assert check(bad).verdict == DIFFERS and not passed([check(bad)])
    documented = Claim("y", "004", 1, "q", "liuren", "c", lambda: "甲", "乙", "some heading", "甲")
    assert check(documented).verdict == DOCUMENTED and passed([check(documented)])
    moved = Claim("y", "004", 1, "q", "liuren", "c", lambda: "丙", "乙", "some heading", "甲")
    assert check(moved).verdict == DIFFERS and not passed([check(moved)])
    unpinned = Claim("y", "004", 1, "q", "liuren", "c", lambda: "甲", "乙", "some heading")
    assert check(unpinned).verdict == DIFFERS
    assert check(Claim("z", "004", 1, "q", "liuren", "c", lambda: "甲", "甲")).verdict == AGREES


def test_exit_1_when_a_row_differs(run_cli, monkeypatch):
    from qimen_cli.verify import rows

    bad = Claim("x", "004", 1, "q", "liuren", "c", lambda: "甲", "乙")
    monkeypatch.setattr(rows, "CLAIMS", (*rows.CLAIMS[:1], bad))
    result = run_cli("verify", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout.splitlines()[-1])["mark"] == "✘"


def test_every_documented_row_pins_its_answer():
    """A row with a decision stores the program's documented answer, which differs from the text's."""
    for c in CLAIMS:
        assert bool(c.decision) == bool(c.documented), c.id
        assert c.documented != c.expected, c.id


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.decision][:3] + [c for c in CLAIMS if c.decision][-2:],
                         ids=lambda c: c.id)
def test_a_documented_answer_that_moves_exits_1(run_cli, monkeypatch, claim):
    """The engine's documented answer turned (as a broken engine would turn it): verify exits 1, the row ✘."""
    from qimen_cli.verify import rows

    turned = dataclasses.replace(claim, compute=lambda: claim.documented + "?")
    monkeypatch.setattr(rows, "CLAIMS", tuple(turned if c.id == claim.id else c for c in rows.CLAIMS))
    result = run_cli("verify", "--json", "--art", claim.art)
    assert result.exit_code == 1
    row = next(json.loads(line) for line in result.stdout.splitlines() if json.loads(line)["id"] == claim.id)
    assert (row["mark"], row["verdict"], row["documented"]) == ("✘", DIFFERS, claim.documented)


def test_json_lines_and_narrowing(run_cli):
    result = run_cli("verify", "--json", "--text", "004", "--art", "liuren")
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records == [r for r in records if r["text"] == TEXTS["004"] and r["art"] == "liuren"]
    assert len(records) == len(select(CLAIMS, "004", "liuren")) > 0
    assert all(line.startswith('{"schema_version":') for line in result.stdout.splitlines())
    she_hai = next(r for r in records if r["id"] == "lr-wuchen-chou")
    assert (she_hai["expected"], she_hai["answer"], she_hai["verdict"]) == ("涉害深 勝光", "涉害俱深先見 神后", DOCUMENTED)
    assert she_hai["decision"].startswith("docs/decisions.md: ")


@pytest.mark.parametrize(("lang", "word"), [("zh", "原文之答"), ("ko", "원문의 답"), ("en", "text's answer")])
def test_labels_by_language(run_cli, lang, word):
    result = run_cli("verify", "--art", "liuren", "--lang", lang)
    assert result.exit_code == 0 and word in result.stdout


def test_every_text_and_art_has_rows():
    assert len(CLAIMS) >= 40
    assert {c.art for c in CLAIMS} == set(ARTS)
    assert {c.text for c in CLAIMS} == set(TEXTS)


def test_a_selection_without_claims_is_refused(run_cli):
    result = run_cli("verify", "--text", "000", "--art", "liuren")
    assert result.exit_code == 2
    assert "no claim of text 000 in the art liuren" in result.stderr


def test_unknown_text_is_refused(run_cli):
    assert run_cli("verify", "--text", "005").exit_code == 2
