"""The ledger's rows that test the computations `noble`, `twelve-gods`, `gucu` and `liuren` show
(beyond the texts' enumerated lists in `rows.py`): each drawn from the text's own words, each
failing under a plausible error in the engine (`scripts/mutate.py`)."""

from __future__ import annotations

from .claim import Claim

#: The other arts' rows (000 and 004), in no particular order (`rows.CLAIMS` sorts the ledger).
ROWS: tuple[Claim, ...] = ()

#: Each row's `claim` in zh and ko (the Claim's own `claim` is the en wording): id → (zh, ko).
WORDS: dict[str, tuple[str, str]] = {}
