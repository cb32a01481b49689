"""JSON of `qimen noble` and `qimen twelve-gods`: the Moment's keys, then the report's fields.

Instants in the reports are written as UTC with a Z (like `instant_utc`); the 月將 and 月建
spans add their `local` twins (`since_local`, `until_local`) on the chart's civil clock.  The text is
written directly (jsonout.TextEncoder); the parts that recur from one instant to the
next (the 月將 and 月建 spans, the twelve 天將, the 貴人, the 24-mountain points
without their windows) are remembered by value in bounded caches.
"""

from __future__ import annotations

from ..calendar.terms import to_seconds
from ..gods.report import General, MonthJian, Noble, Point, YueJiang
from ..gods.twelve import SiMenQimen
from ..gods.window import Window
from .jsonout import Memo, TextEncoder, moment_fields, object_text, zone_iso

#: Remembered: the 天將, 月將 and 月建 spans and windows (their instants all written as UTC),
#: the 貴人, the points but their window, the 私門's 奇門 checks (their flags typed), and the
#: small dicts (plate, tables); the windows
#: (shared by the points of one instant) and the 貴人, which the engine shares, by identity.
MEMO = {General: Memo(), YueJiang: Memo(), MonthJian: Memo(), Window: Memo(shared=True), Point: Memo(varying=1),
        Noble: Memo(shared=True), SiMenQimen: Memo(typed=("ji_men", "qi_men"))}
ENCODE = TextEncoder(utc_datetimes=True, memo=MEMO, memo_dicts=True)


#: A point's text up to its window, by the values before the window (bounded).
_POINT_HEADS: dict = {}


def _point_text(p: Point, window: str | None = None) -> str:
    """`ENCODE(point)` by a shorter road: the text before the window remembered by those
    values (read directly, not through the generic getter), then the window's text (`window`:
    already written).  tests/test_twelve.py compares it with the generic encoder's."""
    key = (p.group, p.god, p.heaven_branch, p.earth_branch, p.mountain, p.bearing, p.sector, p.compass, p.palace)
    if window is None:
        window = _window_text(p.window)
    head = _POINT_HEADS.get(key)
    if head is None:
        whole = _POINT_GENERIC(p)
        head = whole[:len(whole) - len(window) - 1]
        if len(_POINT_HEADS) >= 4096:
            _POINT_HEADS.clear()
        _POINT_HEADS[key] = head
    return head + window + "}"


#: The generic encoder of a Point (what `_point_text` must write).
_POINT_GENERIC = ENCODE.register(Point, _point_text)
#: ENCODE's own writer of a Window (remembered by identity), called directly (compiled here,
#: first: the one ENCODE then uses for every Window).
_window_text = ENCODE._compile(Window)


#: The report fields whose values the engine shares (gods.report's cached records, tuples and
#: dicts: the twelve 天將 of a plate, the plate, the 貴人, the 十干神名, the 月將 and 月建 of a
#: month, the 直辰 of a day, the emergency directions of an hour, the 私門 of a plate): their text remembered by identity.
SHARED = frozenset({"generals", "plate", "noble", "shi_gan_shen", "yue_jiang", "month_jian", "jianchu",
                    "directions", "si_men"})

#: The report fields that hold a dict made for each instant (its text written, not remembered).
FRESH = frozenset({"pillars"})

#: The report fields that hold a tuple of Points.
POINTS = frozenset({"points", "si_men_points"})

#: The report fields whose object spans two terms (`since_utc` … `until_utc`).
SPANS = ("yue_jiang", "month_jian")


def _span_local(text: str, span, zone) -> str:
    """A 月將 / 月建 span's text with the `local` twins of its "since_utc" and "until_utc" (the
    same first whole seconds on the chart's clock `zone`) as its last keys (remembered by the
    span's identity, the span kept, and the zone)."""
    key = (id(span), zone)
    hit = _SPANS.get(key)
    if hit is not None and hit[0] is span and hit[1] == text:
        return hit[2]
    whole = (text[:-1] + ',"since_local":"' + zone_iso(to_seconds(span.since_utc), zone)
             + '","until_local":"' + zone_iso(to_seconds(span.until_utc), zone) + '"}')
    if len(_SPANS) >= 256:
        _SPANS.clear()
    _SPANS[key] = (span, text, whole)
    return whole


#: (id of a span, zone) → (the span, its text, the text with its local twins).
_SPANS: dict = {}


def gods_text(moment, report) -> str:
    """`{moment keys, **report}` as one JSON object (a report field of the same name takes the Moment key's place)."""
    fields = moment_fields(moment)
    plan = _PLANS.get(type(report))
    if plan is None:
        plan = _plan(type(report))
    names, writers, getter, spans = plan
    for name, write, value in zip(names, writers, getter(report), strict=True):
        fields[name] = write(value)
    for key, span in spans(report):
        if span is not None:
            fields[key] = _span_local(fields[key], span, moment.civil.tzinfo)
    return object_text(fields)


def _points_text(points) -> str:
    """A tuple of Points as `ENCODE` writes it, each through `_point_text` directly (a window
    shared by the points that follow one another written once)."""
    texts = []
    last = text = None
    for p in points:
        w = p.window
        if w is not last:
            last, text = w, _window_text(w)
        texts.append(_point_text(p, text))
    return "[" + ",".join(texts) + "]"


#: A report class → (its written fields' names, the writer of each, a getter of their values,
#: a getter of its spans' (key, value) pairs): what `ENCODE.fields(report, SHARED)` does, the
#: writer of each field chosen once (the shared ones' text `kept` by identity, the tuples of
#: Points through `_points_text`, the fresh dicts without a memo, the others `ENCODE`).
_PLANS: dict = {}


def _plan(cls: type) -> tuple:
    import operator

    names, _keys, getter = ENCODE._layout(cls)
    writers = tuple(ENCODE.kept if n in SHARED else _points_text if n in POINTS else ENCODE._mapping if n in FRESH
                    else ENCODE for n in names)
    present = tuple(k for k in SPANS if k in names)
    values = operator.attrgetter(*present) if len(present) > 1 else (
        (lambda obj: (getattr(obj, present[0]),)) if present else (lambda obj: ()))
    plan = _PLANS[cls] = (names, writers, getter, lambda obj: zip(present, values(obj), strict=True))
    return plan
