"""`qimen verify`: the texts' worked examples and enumerated claims run through the engine.

`claim.py` holds the record of one claim and the runner; `rows.py` the ledger's rows, the
project's own data (each with the text's words, its seed file and line); `answers.py` the small
functions that read the program's answer from the engine.  No click, no rich.
"""
