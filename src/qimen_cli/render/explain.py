"""The `--explain` steps of `qimen cast` and `qimen chaibu` and chaibu's notes, worded in zh, ko or en,
and their JSON.

The engine records each derivation step (qimen/ju.py, qimen/plates.py) and each of chaibu's
notes (a boundary's detail, qimen/boundaries.py; the methods' reason, qimen/compare.py) as a
keyed record (`qimen.steps.Step`: a key and raw values).  The word store (`qimen_cli/words`)
words each key in every language ("step:KEY": a template whose fields are the values); the
values are made ready first (clock times to the minute on the clock they carry, dates, joined
tuples, true/false in words — "step:KEY.VALUE:true" —, an inner step worded in turn; numbers
stay numbers, formatted by the template) and a value that may be absent (None, `CLAUSES`) adds
its clause ("clause:VALUE") only when present.  `step_text` writes a record as the
JSON {"key", "values", "text"} with the English text (the values by `ENCODE`, the module's
TextEncoder), `with_explain` adds the steps to a `--json` object.  No sentence is ever read back.
"""

from __future__ import annotations

import datetime as _dt
from typing import overload

from ..gucu.days import TIAN_YI_NOTE
from ..gucu.directions import REASON_BEYOND, REASON_NO_RULE
from ..qimen.steps import Step
from ..words import ENGINE, word
from ..words import lang as language
from .jsonout import RawJSON, TextEncoder, _esc
from .labels import clock_name

#: The values that may be absent (None), each adding its clause ("clause:NAME") when present, in
#: the order they are filled (a clause's fields are the record's values).
CLAUSES = ("lodge", "back", "counted_from", "block_start", "early")

#: How the tuples join: value name → separator, and the pairs (stem, palace) of `laid`.
JOINS: dict[str, str] = {"path": "→", "table": "", "ring": " ", "laid": " "}

#: Clock times: to the minute with the date, or by the clock alone (the end of a 時辰 window,
#: the hour a term counts from, the two clocks of a solar-time correction).
TIME_FORMAT = "%Y-%m-%d %H:%M"
TIME_FORMATS: dict[str, str] = {"hour_end": "%H:%M", "counted_from": "%H:%M", "civil": "%H:%M", "local": "%H:%M"}

#: Values named by the labels: value name → (value, lang) → words.
NAMED = {"clock": clock_name}

#: Fixed notes of the engine given as English text (gucu's 天乙絕氣 reading, why a day has no
#: attack) → their key in the word store, which words them in every language (en: the engine's text).
FIXED_NOTES: dict[str, str] = {TIAN_YI_NOTE: "fixed:tian_yi", REASON_NO_RULE: "fixed:attack_no_rule",
                               REASON_BEYOND: "fixed:attack_beyond"}


def _value(key: str, name: str, value, lang: str):
    """One value of record `key` ready for its template in `lang`: numbers as they are (the templates
    give their format), the rest as text (None → "": its clause, if any, comes later)."""
    if value is None:
        return ""
    if isinstance(value, Step):
        return word_step(value, lang)
    if isinstance(value, bool):
        return word(f"step:{key}.{name}:{'true' if value else 'false'}", lang)
    if name in NAMED:
        return NAMED[name](value, lang)
    if isinstance(value, _dt.datetime):
        return value.strftime(TIME_FORMATS.get(name, TIME_FORMAT))
    if isinstance(value, _dt.date):
        return value.isoformat()
    if isinstance(value, tuple):
        return JOINS[name].join("".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
    return value


def _template(key: str, lang: str) -> str:
    """The word store's template of `key` (every step's and clause's key has one: tests/test_explain.py)."""
    found = word(key, lang)
    if found is None:
        raise KeyError(f"no words for {key!r}")
    return found


def word_step(step: Step, lang: str) -> str:
    """One keyed record (a derivation step or a chaibu note) worded in `lang`."""
    fill = language(lang).fill
    values = {name: _value(step.key, name, value, lang) for name, value in step.values}
    raw = step.as_dict()
    for name in CLAUSES:
        if raw.get(name) is not None:
            values[name] = fill(_template("clause:" + name, lang), values)
    return fill(_template("step:" + step.key, lang), values)


@overload
def word_note(note: Step | str, lang: str) -> str: ...


@overload
def word_note(note: None, lang: str) -> None: ...


def word_note(note: Step | str | None, lang: str) -> str | None:
    """A note worded in `lang`: a keyed record as `word_step`, a fixed text of the engine by its
    key (`FIXED_NOTES`; any other text, and None, as it is)."""
    if isinstance(note, Step):
        return word_step(note, lang)
    if note is not None and note in FIXED_NOTES:
        found = word(FIXED_NOTES[note], lang)
        return found if found is not None else note
    return note


#: The encoder of a record's values (an inner record: `step_text`).
ENCODE = TextEncoder()


def step_text(step: Step) -> str:
    """A step or note in `--json`: {"key", "values" (name → raw value), "text" (the English sentence)}."""
    values = ",".join([_esc(name) + ":" + ENCODE(value) for name, value in step.as_dict().items()])
    return f'{{"key":{_esc(step.key)},"values":{{{values}}},"text":{_esc(word_step(step, ENGINE))}}}'


ENCODE.register(Step, step_text)


def with_explain(text: str, steps) -> RawJSON:
    """A `--json` object (text) with "explain" as its last key: the steps in order (`step_text`)."""
    return RawJSON(text[:-1] + ',"explain":[' + ",".join([step_text(s) for s in steps]) + "]}")
