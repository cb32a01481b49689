"""The ledger's rows of the variants (verify/rows_variants.py): worded in zh and ko, all agreeing, in
the ledger, and each turned ✘ by a plausible mistake in the option it checks."""

from __future__ import annotations

import pytest

from qimen_cli.verify import rows, rows_variants
from qimen_cli.verify.claim import AGREES, DIFFERS, check


def test_rows_are_worded_and_in_the_ledger():
    ids = [c.id for c in rows_variants.ROWS]
    assert set(rows_variants.WORDS) == set(ids) and len(set(ids)) == len(ids)
    assert all(all(w.strip() for w in pair) for pair in rows_variants.WORDS.values())
    assert set(ids) <= {c.id for c in rows.CLAIMS}
    assert len({c.id for c in rows.CLAIMS}) == len(rows.CLAIMS)


@pytest.mark.parametrize("claim", rows_variants.ROWS, ids=lambda c: c.id)
def test_each_row_agrees(claim):
    assert check(claim).verdict == AGREES and not claim.decision


def _row(claim_id):
    return next(c for c in rows_variants.ROWS if c.id == claim_id)


def test_mistakes_turn_the_rows_red(monkeypatch):
    from qimen_cli.gods import twelve
    from qimen_cli.gucu import directions
    from qimen_cli.qimen.patterns import schools

    monkeypatch.setitem(schools.YIBEN_JI_XING, "庚", 8)  # 甲申 in 8: the author's own table, not the 一本's
    assert check(_row("qm-ji-xing-yiben")).verdict == DIFFERS
    monkeypatch.undo()

    real = directions.you_men
    monkeypatch.setattr(directions, "you_men", lambda m: real(m % 12 + 1))  # the 遊門 a month late
    assert check(_row("lr-tian-men-youmen")).verdict == DIFFERS
    monkeypatch.undo()

    monkeypatch.setattr(twelve, "TIAN_MEN", (("太沖", 3), ("小吉", 7), ("天魁", 10)))  # 戌 for 酉
    assert check(_row("gd-tian-men-sanmen")).verdict == DIFFERS
