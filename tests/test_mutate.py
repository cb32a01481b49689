"""The mutation ledger (scripts/mutate.py): every mutation still applies, and verify catches a sample.

The whole ledger (`python scripts/mutate.py`) takes a minute or two; the suite checks that each
mutation's old text still occurs exactly once in its file (a ledger that no longer matches the
code would score nothing), and runs a sample: the first mutation of each art and a few drawn
with a fixed seed, each of which `qimen verify` must catch.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("mutate", ROOT / "scripts" / "mutate.py")
mutate = importlib.util.module_from_spec(_spec)
sys.modules["mutate"] = mutate
_spec.loader.exec_module(mutate)

#: How many mutations the suite runs beside the first of each art.
SAMPLE = 4


def _sample():
    firsts = [next(m for m in mutate.MUTATIONS if m.art == art) for art in mutate.ARTS
              if any(m.art == art for m in mutate.MUTATIONS)]
    rest = [m for m in mutate.MUTATIONS if m not in firsts]
    return firsts + random.Random(29).sample(rest, min(SAMPLE, len(rest)))


def test_ids_unique():
    ids = [m.id for m in mutate.MUTATIONS]
    assert len(ids) == len(set(ids))
    assert all(m.art in mutate.ARTS for m in mutate.MUTATIONS)


@pytest.mark.parametrize("mutation", mutate.MUTATIONS, ids=lambda m: m.id)
def test_every_mutation_applies(mutation):
    assert mutate.applies(mutation) == ""


@pytest.mark.slow
@pytest.mark.parametrize("mutation", _sample(), ids=lambda m: m.id)
def test_verify_catches_the_sample(mutation):
    outcome = mutate.run(mutation)
    assert outcome.caught, (outcome.status, outcome.note)
    assert outcome.rows


@pytest.mark.slow
def test_a_harmless_change_is_not_caught():
    """The runner itself: a change that alters no answer leaves verify green (exit 0, no row ✘)."""
    harmless = mutate.Mutation("harmless", "qimen", "qimen/plates.py", '#: ', '#:  ', "a comment's spacing")
    if mutate.applies(harmless):
        text = (mutate.PACKAGE / "qimen/plates.py").read_text(encoding="utf-8")
        first = text.splitlines()[0]
        harmless = mutate.Mutation("harmless", "qimen", "qimen/plates.py", first, first + "  ", "a docstring's end")
    outcome = mutate.run(harmless)
    assert (outcome.caught, outcome.status, outcome.rows) == (False, 0, ())


def test_the_qimen_ledger_is_spread_over_the_engine():
    """At least 35 奇門 mutations, each in the 奇門 engine (qimen/), over its plates, 局, patterns and schools."""
    qimen = [m for m in mutate.QIMEN if m.art == "qimen"]
    assert len(qimen) == len(mutate.QIMEN) >= 35
    assert all(m.path.startswith("qimen/") for m in qimen)
    files = {m.path for m in qimen}
    assert {"qimen/plates.py", "qimen/ju.py", "qimen/patterns/hours.py", "qimen/patterns/pairs.py",
            "qimen/patterns/timing.py", "qimen/patterns/qi.py", "qimen/patterns/schools.py"} <= files
