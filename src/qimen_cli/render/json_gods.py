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


def _point_text(p: Point) -> str:
    """`ENCODE(point)` by a shorter road: the text before the window remembered by those
    values (read directly, not through the generic getter), then the window's text.
    tests/test_twelve.py compares it with the generic encoder's."""
    key = (p.group, p.god, p.heaven_branch, p.earth_branch, p.mountain, p.bearing, p.sector, p.compass, p.palace)
    window = ENCODE(p.window)
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


#: The report fields whose values the engine shares (gods.report's cached records, tuples and
#: dicts: the twelve 天將 of a plate, the plate, the 貴人, the 十干神名, the 月將 and 月建 of a
#: month, the 直辰 of a day, the emergency directions of an hour, the 私門 of a plate): their text remembered by identity.
SHARED = frozenset({"generals", "plate", "noble", "shi_gan_shen", "yue_jiang", "month_jian", "jianchu",
                    "directions", "si_men"})

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
    fields.update(ENCODE.fields(report, SHARED))
    for key in SPANS:
        span = getattr(report, key, None)
        if span is not None:
            fields[key] = _span_local(fields[key], span, moment.civil.tzinfo)
    return object_text(fields)
