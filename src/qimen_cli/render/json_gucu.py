"""JSON of `qimen gucu`: the Moment's keys, then the GucuReport's fields (the attack's `from_` written "from")."""

from __future__ import annotations

from ..gucu.directions import Attack
from .jsonout import TextEncoder, moment_fields, object_text

#: Every part remembered by value: most depend on the day, the 旬 or the hour only.
ENCODE = TextEncoder(rename={(Attack, "from_"): "from"}, memo_all=True, memo_dicts=True)


def gucu_text(moment, report) -> str:
    fields = moment_fields(moment)
    fields.update(ENCODE.fields(report))
    return object_text(fields)
