"""JSON of `qimen chaibu`: the method comparison of one instant, and the 置閏 ledger as JSON Lines."""

from __future__ import annotations

import datetime as _dt

from ..calendar.terms import to_seconds
from ..qimen.ju import Ju
from ..qimen.ledger import BlockReport
from ..qimen.steps import Step, memo_key
from .explain import step_text
from .jsonout import Memo, TextEncoder, _esc, _float, moment_fields, object_text, utc_iso, zone_iso

#: A method's 局 and a block's report are shared by every instant they answer (`ju`'s and
#: `ledger`'s caches): their text is kept with them, by identity only (the clock times inside
#: them are written on their own zones, which their equality does not see).
ENCODE = TextEncoder(memo={Ju: Memo(identity=True), BlockReport: Memo(identity=True)})

#: Steps' texts kept by `steps.memo_key` (a stream's instants share their lines and notes).
_STEP_TEXTS: dict = {}
#: id → (step, text): the same texts kept by the steps' identity first (the engine shares the
#: steps a stream repeats: `steps.shared_step`, its caches; the entry keeps the step, so that
#: its id stays its own).
_STEP_IDS: dict = {}


def kept_step_text(step: Step) -> str:
    """`explain.step_text`, kept by the step's identity, then by what the text depends on (`steps.memo_key`)."""
    hit = _STEP_IDS.get(id(step))
    if hit is not None and hit[0] is step:
        return hit[1]
    key = memo_key(step)
    if key is None:
        return step_text(step)
    text = _STEP_TEXTS.get(key)
    if text is None:
        if len(_STEP_TEXTS) >= 4096:
            _STEP_TEXTS.clear()
        text = _STEP_TEXTS[key] = step_text(step)
    if len(_STEP_IDS) >= 4096:
        _STEP_IDS.clear()
    _STEP_IDS[id(step)] = (step, text)
    return text


#: The keyed records (each method's steps, the reason, each boundary's detail) as
#: {"key", "values", "text"} (render/explain.py).
ENCODE.register(Step, kept_step_text)


#: (kind, utc, zone) → (a boundary's text up to its "seconds_away", its detail, its uncertainty,
#: its text after "seconds_away"): kept per line and clock (`boundary_text`).
_BOUNDARY_TEXTS: dict = {}


def boundary_text(b, zone=_dt.timezone.utc) -> str:
    """A boundary line as JSON: "kind", its instant in UTC ("utc") and, as "local", on the chart's
    clock `zone`, "seconds_away", "detail" and, when known, "uncertainty"; the text but
    "seconds_away" kept per line and clock (what follows it while the line has the same detail
    and uncertainty, the objects the engine shares: `boundaries.Line`)."""
    key = (b.kind, b.utc, zone)
    kept = _BOUNDARY_TEXTS.get(key)
    if kept is None or kept[1] is not b.detail or kept[2] is not b.uncertainty:
        if kept is None:
            head = (f'{{"kind":{_esc(b.kind)},"utc":{_esc(utc_iso(b.utc))},"local":{_esc(local_text(b.utc, zone))},'
                    '"seconds_away":')
            if len(_BOUNDARY_TEXTS) >= 4096:
                _BOUNDARY_TEXTS.clear()
        else:
            head = kept[0]
        tail = "" if b.uncertainty is None else ',"uncertainty":' + ENCODE(b.uncertainty)
        kept = _BOUNDARY_TEXTS[key] = (head, b.detail, b.uncertainty, ',"detail":' + ENCODE(b.detail) + tail + "}")
    away = b.seconds_away
    return kept[0] + (_float(away) if away.__class__ is float else ENCODE(away)) + kept[3]


def alternative_json(a, zone=_dt.timezone.utc) -> dict:
    """An alternative chart as a dict: its instant in UTC and, as "local", on the chart's clock `zone`."""
    return {"kinds": list(a.kinds), "utc": utc_iso(a.utc), "local": local_text(a.utc, zone), "zhirun": a.zhirun,
            "chaibu": a.chaibu, "changes": a.changes}


def local_text(when: _dt.datetime, zone) -> str:
    """The `local` twin of a "utc" key: the same first whole second on the clock `zone`."""
    return zone_iso(to_seconds(when), zone)


def report_text(moment, report, anchor_ts: float | None = None) -> str:
    """`qimen chaibu --at … --json`: the Moment's keys, then methods, agree, reason, block, boundaries, alternatives."""
    anchor = utc_iso(anchor_ts) if anchor_ts is not None else None
    extra = f',"terms":{ENCODE(report.terms)},"anchor":{ENCODE(anchor)},"switch":{ENCODE(report.switch)}'
    fields = moment_fields(moment, extra)
    zone = moment.civil.tzinfo
    fields["methods"] = ENCODE(report.methods)
    fields["agree"] = ENCODE(report.agree)
    fields["reason"] = ENCODE(report.reason)
    fields["block"] = ENCODE(report.block)
    fields["boundaries"] = "[" + ",".join([boundary_text(b, zone) for b in report.boundaries]) + "]"
    fields["alternatives"] = (
        "[" + ",".join(ENCODE(alternative_json(a, zone)) for a in report.alternatives) + "]"
        if report.alternatives is not None else "null"
    )
    return object_text(fields)


def _day_line(d: _dt.date, zone) -> _dt.datetime:
    """子時 of the day `d` (23:00 the day before) on the clock `zone`."""
    prev = d - _dt.timedelta(days=1)
    return _dt.datetime(prev.year, prev.month, prev.day, 23, tzinfo=zone)


def labelled(state) -> str:
    """A method's state over a span (`ledger.MethodState`) with its "label" as the last key."""
    return ENCODE(state)[:-1] + ',"label":' + _esc(state.label) + "}"


def ledger_items(ledger, zone):
    """The ledger's records in time order, each with its `--json` line (schema_version first, no
    newline): (BlockRow, {"kind": "block", …}) for each block, (DifferSpan, {"kind": "differ", …})
    for each span where the methods differ."""
    items = []
    for row in ledger.blocks:
        items.append((_day_line(row.start, zone), 0, row, object_text([("kind", '"block"'), *ENCODE.fields(row)])))
    for span in ledger.differ:
        fields = dict(ENCODE.fields(span))
        fields["zhirun"] = labelled(span.zhirun)
        fields["chaibu"] = labelled(span.chaibu)
        items.append((span.start, 1, span, object_text([("kind", '"differ"'), *fields.items()])))
    items.sort(key=lambda x: (x[0], x[1]))
    for _, _, record, text in items:
        yield record, text


def ledger_texts(ledger, zone):
    """The ledger as `--json` lines in time order (`ledger_items`' texts)."""
    for _record, text in ledger_items(ledger, zone):
        yield text


# --- chaibu --stats -------------------------------------------------------------------------

#: What every `--stats` record says of its counts (the methods, the extension, the rule of "differ").
STATS_NOTE = ("per pair of methods, the 時辰 (started in the civil year, on the clock of the 干支) whose 遁 or 局 "
              "differ; maoshan (茅山) is beyond the three texts")


def _stats_fields(kind: str, r, first: int, last: int) -> list:
    from ..qimen.stats import PAIRS, pair_name

    head = [("kind", _esc(kind))]
    head += [("year", str(r.year))] if kind == "year" else [("from", str(first)), ("to", str(last))]
    differ = "{" + ",".join(f'"{pair_name(a, b)}":{r.differ[k]}' for k, (a, b) in enumerate(PAIRS)) + "}"
    share = "{" + ",".join(f'"{pair_name(a, b)}":{round(r.share(k), 6)}' for k, (a, b) in enumerate(PAIRS)) + "}"
    return head + [("shichen", str(r.shichen)), ("differ", differ), ("share", share)]


def stats_items(rows, all_rows, first: int, last: int):
    """`chaibu --stats --json`: (record, line) of each year ({"kind": "year", year, shichen, differ,
    share}) and, last, the total ({"kind": "total", from, to, shichen, differ, share, methods,
    extensions, note})."""
    for r in rows:
        yield r, object_text(_stats_fields("year", r, first, last))
    fields = _stats_fields("total", all_rows, first, last)
    fields += [("methods", '["zhirun","chaibu","maoshan"]'), ("extensions", '["maoshan"]'),
               ("note", _esc(STATS_NOTE))]
    yield all_rows, object_text(fields)
