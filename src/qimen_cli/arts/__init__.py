"""The arts as a library below the shell: for each command, its result for a Moment and
options (`compute`) and the JSON of that result (`to_json`, written by `render/json_*.py`).

One module per art (`cast`, `pillars`, `noble`, `twelve_gods`, `gucu`, `liuren`, `chaibu`,
`terms`); `jobs` is a stream's work as data (`Job`, `Steps`) and the items a stream is made
of.  The shell (`cli/`) parses and checks options and calls these; `find/` calls them for its
conditions.  Nothing here imports click or the shell, and nothing is imported until a
command needs it (this package's `__init__` imports no module of its own).
"""
