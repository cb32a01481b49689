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


class QimenError(Exception):
    """Anything the engine cannot answer because of its input or its data (exit 2)."""


class BadInput(QimenError, ValueError):
    """A value given by the user is malformed, unknown or out of range; the message names it."""


class OutOfSpan(BadInput):
    """An instant outside the span of the table or ephemeris in use."""


class DataError(QimenError):
    """Shipped data or an ephemeris file is missing, truncated or damaged; reinstalling fixes it."""
