"""JSON of `qimen chaibu`: the method comparison of one instant, and the 置閏 ledger as JSON Lines."""

from __future__ import annotations

import datetime as _dt

from ..qimen.steps import Step
from .explain import step_json
from .jsonout import OPEN, TextEncoder, dumps, moment_fields, object_text, to_jsonable, utc_iso

ENCODE = TextEncoder()
#: The keyed records (each method's steps, the reason, each boundary's detail) as
#: {"key", "values", "text"} (render/explain.py).
ENCODE.register(Step, lambda s: ENCODE(step_json(s)))


def boundary_json(b) -> dict:
    out = {"kind": b.kind, "utc": utc_iso(b.utc), "seconds_away": b.seconds_away, "detail": b.detail}
    if b.uncertainty is not None:
        out["uncertainty"] = b.uncertainty
    return out


def alternative_json(a) -> dict:
    return {"kinds": list(a.kinds), "utc": utc_iso(a.utc), "zhirun": a.zhirun, "chaibu": a.chaibu, "changes": a.changes}


def report_text(moment, report, anchor_ts: float | None = None) -> str:
    """`qimen chaibu --at … --json`: the Moment's keys, then methods, agree, reason, block, boundaries, alternatives."""
    anchor = utc_iso(anchor_ts) if anchor_ts is not None else None
    extra = f',"terms":{ENCODE(report.terms)},"anchor":{ENCODE(anchor)},"switch":{ENCODE(report.switch)}'
    fields = moment_fields(moment, extra)
    fields["methods"] = ENCODE(report.methods)
    fields["agree"] = ENCODE(report.agree)
    fields["reason"] = ENCODE(report.reason)
    fields["block"] = ENCODE(report.block)
    fields["boundaries"] = "[" + ",".join(ENCODE(boundary_json(b)) for b in report.boundaries) + "]"
    fields["alternatives"] = (
        "[" + ",".join(ENCODE(alternative_json(a)) for a in report.alternatives) + "]"
        if report.alternatives is not None else "null"
    )
    return object_text(fields)


def _day_line(d: _dt.date, zone) -> _dt.datetime:
    """子時 of the day `d` (23:00 the day before) on the clock `zone`."""
    prev = d - _dt.timedelta(days=1)
    return _dt.datetime(prev.year, prev.month, prev.day, 23, tzinfo=zone)


def ledger_lines(ledger, zone):
    """The ledger as JSON Lines records in time order: {"kind": "block"} and {"kind": "differ"} (without schema_version)."""
    items = []
    for row in ledger.blocks:
        rec = {"kind": "block", **to_jsonable(row)}
        items.append((_day_line(row.start, zone), 0, rec))
    for span in ledger.differ:
        rec = {"kind": "differ", **to_jsonable(span)}
        rec["zhirun"]["label"] = span.zhirun.label
        rec["chaibu"]["label"] = span.chaibu.label
        items.append((span.start, 1, rec))
    items.sort(key=lambda x: (x[0], x[1]))
    for _, _, rec in items:
        yield rec


def ledger_text(record: dict) -> str:
    """One ledger record as a `--json` line: schema_version first."""
    return OPEN + dumps(record)[1:]
