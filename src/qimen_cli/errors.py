"""The errors the engine raises, in one small hierarchy.

More precisely: every error that means "this input cannot be answered" derives
from `QimenError`, and the command line maps exactly that class to exit status 2
with one line on stderr (`cli.run.fail`).  Anything else escaping the engine is a
bug and is allowed to show its traceback.

    QimenError
    ├── BadInput      a value the user gave is malformed, unknown or out of range
    ├── OutOfSpan     an instant outside the span of the tables or ephemeris in use
    └── DataError     shipped data or an --ephemeris file is missing or damaged

`BadInput` and `OutOfSpan` also derive from `ValueError`, so callers that treat
them as bad values keep working.
"""

from __future__ import annotations

import re

#: The longest run of a bad value an error line repeats (a quoted value, a word); beyond it the
#: value is cut in the middle with an ellipsis: its start and its end stay.
VALUE_LIMIT = 200
#: The longest error line: what is still longer after the values are cut is cut so too.
LINE_LIMIT = 2000
#: A quoted value and a long word of an error line (compiled when first used: only a long line needs them).
_QUOTED = r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\""
_WORD = r"\S{" + str(VALUE_LIMIT + 1) + ",}"


def _cut(text: str, limit: int) -> str:
    """`text` cut to about `limit` characters: its first ¾ and last ¼, an ellipsis between."""
    if len(text) <= limit:
        return text
    head = limit * 3 // 4
    return f"{text[:head]}…{text[len(text) - (limit - head - 1):]}"


def one_line(message: str) -> str:
    """An error message as the one line it is shown as: a line break in it written \\n (a value
    from the environment can hold one), a long bad value (quoted or a word) cut in the middle
    (`VALUE_LIMIT`), the whole at most `LINE_LIMIT` characters."""
    message = message.replace("\r", "\\r").replace("\n", "\\n")
    if len(message) <= VALUE_LIMIT:
        return message
    message = re.sub(_QUOTED, lambda m: m.group(0)[0] + _cut(m.group(0)[1:-1], VALUE_LIMIT) + m.group(0)[-1]
                          if len(m.group(0)) > VALUE_LIMIT + 2 else m.group(0), message)
    message = re.sub(_WORD, lambda m: _cut(m.group(0), VALUE_LIMIT), message)
    return _cut(message, LINE_LIMIT)


class QimenError(Exception):
    """Anything the engine cannot answer because of its input or its data (exit 2).  Its text
    is one line (`one_line`: a long value cut, a line break written \\n); `args` keep it whole."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class BadInput(QimenError, ValueError):
    """A value given by the user is malformed, unknown or out of range; the message names it."""


class OutOfSpan(BadInput):
    """An instant outside the span of the table or ephemeris in use."""


class DataError(QimenError):
    """Shipped data or an ephemeris file is missing, truncated or damaged; reinstalling fixes it."""
