"""`cast --json` over many instants: each line joined from text pieces cached by what they word.

The values come from the engine's `qimen.series.ChartSeries` (the clock readings, the term, the
pillars, the 局, the chart's key and its context rules' patterns); here they are worded into a
JSON line (CONVENTIONS.md `cast --json`, byte for byte what `cast_json.chart_json_text` writes)
from pieces that depend on few things:

* the instant itself: "input" (the text, the offset, the local clock time) and "instant_utc";
* the term in force: the year and month pillars and "solar_term";
* the day and hour pillars;
* the 局 (its `ju.locate` key): "ju_term" … "block_start";
* the plate ((遁, 局, hour) in the layout): "xun_shou" … "palaces" and the plate-only patterns
  (shipped as data, qimen/platedata.py, or written from the plate built);
* each context rule's patterns, by the rule's cache key;
* the whole chart from its body to its last pattern, by the point's `chart_key` (the engine's
  range iterator, `qimen.series.ChartRange`, keeps them and screens --where).

`CastLines.line(at)` joins the cached pieces; every cache is bounded.  What the series
declines (`QimenError`: apparent solar time, another ephemeris, the edges of the term table,
and any instant that raises, so that errors read exactly as before) goes the straightforward
way (`reference_line`: resolve the Moment, cast the Chart, `chart_json_text`).
tests/test_cast_lines.py compares the two byte for byte.
"""

from __future__ import annotations

from ..calendar import clock as _clock
from ..calendar.ganzhi import CYCLE
from ..errors import QimenError
from .cast_json import (
    _conventions_text,
    _term_utc,
    chart_json_text,
    extensions_text,
    group_text,
    join_body,
    pairs_text,
    plate_record,
)
from .jsonout import OPEN, _esc, local_iso, local_offset_text, zone_iso

#: Entries kept by each per-key cache before it is cleared (its keys recur within days).
CACHE_SIZE = 20_000


def supported(when) -> bool:
    """True when the series can give this stream's values itself (else use `reference_line`)."""
    return not (when.lon is not None and when.solar_time == "apparent") and when.context.shipped


def reference_line(when, at, method: str, layout: str, switch: str, school: str = "gu", lodge: str = "kungen",
                   qin: str = "with", scope: str = "hour"):
    """(JSON line, pattern names) of one instant the straightforward way (no piece cached)."""
    from ..qimen.chart import cast_chart

    chart = cast_chart(when.resolve(at), method, layout, switch, school, lodge, qin, scope=scope)
    if school != "gu":
        from ..qimen.patterns.schools import names_present

        return chart_json_text(chart), names_present(chart.patterns)
    return chart_json_text(chart), {p.name for p in chart.patterns}


class CastLines:
    """The JSON lines of `cast` for one invocation's options; `line(at)` → str, or None when a
    `where` name does not hold.  With a `school` other than gu every line is made the
    straightforward way (`reference_line`): the series' caches hold the rules' own patterns
    only, so no cache mixes schools."""

    def __init__(self, when, method: str = "zhirun", layout: str = "zhuan", switch: str = "shichen",
                 where: tuple[str, ...] = (), school: str = "gu", lodge: str = "kungen", qin: str = "with",
                 scope: str = "hour"):
        from ..qimen.series import ChartRange, ChartSeries

        self.when, self.method, self.layout, self.switch = when, method, layout, switch
        self.school, self.lodge, self.qin, self.scope = school, lodge, qin, scope
        self.where = frozenset(where)
        self.series = ChartSeries(when.context, when.tz, when.lon, when.solar_time, when.day_change,
                                  method, layout, switch)
        # A variant beyond the texts (--lodge kun, --method maoshan): every line the straightforward way.
        self.fast = (self.series.supported and school == "gu" and lodge == "kungen" and qin == "with"
                     and method in ("zhirun", "chaibu") and scope == "hour")
        self.range = ChartRange(self.series, self._chart_piece, where)
        self.clock_word = self.series.clock_kind.value  # the word input.clock writes
        self.day_change = when.day_change
        self.records = self.series.records
        self._heads: dict = {}
        self.mid = f',"method":{_esc(method)},"layout":{_esc(layout)}}},"instant_utc":"'
        self._terms: dict = {}
        self._dh_text: dict = {}
        self._ju: dict = {}
        self._conv: dict = {}
        self._encoded: dict = {}
        self._last_term_key, self._last_term, self._last_term_zone = None, None, None
        self._last_ju_key, self._last_ju = None, None
        self._last_zone, self._last_head = None, ""
        self._oiso: dict = {}
        self._dates: dict = {}  # day number → date text (`_clock_texts`)
        self._times: dict = {}  # second of the day → time text
        self._frames: dict = {}
        self._shared: dict = {}
        self._solar = self.series.solar

    # -- pieces --------------------------------------------------------------------------

    def _term_piece(self, point, zone) -> tuple:
        """(pillars' year and month text, "solar_term" text) of the point's term position, its
        "local" on the clock `zone`."""
        key = (id(point.table), point.term_i, zone)
        hit = self._terms.get(key)
        if hit is None:
            now, year, month = point.term
            hit = (f'"pillars":{{"year":"{CYCLE[year]}","month":"{CYCLE[month]}",'.encode(),
                   f'"solar_term":{{"name":"{now.name}","utc":"{_term_utc(now.ts)}",'
                   f'"local":"{zone_iso(now.ts, zone)}"}},'.encode(), point.table)
            if len(self._terms) >= CACHE_SIZE:
                self._terms.clear()
            self._terms[key] = hit
        return hit

    def _dh_piece(self, day: int, hour: int) -> bytes:
        """The "day" and "hour" pillars' text."""
        text = self._dh_text.get(day * 60 + hour)
        if text is None:
            text = self._dh_text[day * 60 + hour] = f'"day":"{CYCLE[day]}","hour":"{CYCLE[hour]}"}},'.encode()
        return text

    def _head(self, zone) -> str:
        """The "input" keys after "at" up to "offset" (the zone's label, the clock, the day change)."""
        head = self._heads.get(zone)
        if head is None:
            head = self._heads[zone] = (f',"tz":{_esc(_clock.zone_label(zone))},"clock":{_esc(self.clock_word)},'
                                        f'"day_change":{self.day_change},"offset":')
        return head

    def _ju_piece(self, key, f) -> bytes:
        """The text "ju_term" … "block_start", of the fields of `qimen.ju.Ju`."""
        hit = self._ju.get(key)
        if hit is None:
            status = "" if f.status is None else (
                f',"yuan_status":{_esc(f.status)},"yuan_days":{f.days},'
                f'"block_start":{_esc(f.block_start.isoformat())}')
            hit = (f'"ju_term":"{f.term.name}","dun":"{f.dun}","ju":{f.ju},"yuan":"{f.yuan}",'
                   f'"fu_tou":"{CYCLE[f.head]}"{status},').encode()
            if len(self._ju) >= CACHE_SIZE:
                self._ju.clear()
            self._ju[key] = hit
        return hit

    def _record(self, plate: tuple[str, int, int]) -> tuple:
        """(body, template) of a plate: its JSON keys "xun_shou" … "palaces" as UTF-8; the
        "patterns" items as runs of plate-only patterns (bytes, joined) with the numbers of the
        context rules' slots between them."""
        rec = self._encoded.get(plate)
        if rec is None:
            raw = self.records.get(plate)
            if raw is None:
                from ..qimen.platedata import runs_of
                from ..qimen.plates import build_plate

                (head, entries), segs, _names, _parts, _row = plate_record(build_plate(*plate, self.layout))
                raw = (join_body(head, entries).encode(), tuple(r.encode() for r in runs_of(segs)))
            body, runs = raw[0], raw[1]
            template: list = []
            for n, run in enumerate(runs):
                if n:
                    template.append(n - 1)
                if run:
                    template.append(run)
            rec = self._encoded[plate] = (body, tuple(template))
        return rec

    def screened(self, when):
        """The instants of the range to read (`ChartRange.screened`), or None: every one."""
        return self.range.screened(when) if self.fast else None

    def _chart_piece(self, _point, facts) -> tuple:
        """The chart's pieces from its plate's body to its last pattern (the body, then
        '"patterns":[' and its items with their commas), kept by the range iterator under
        the point's `chart_key`.

        More precisely, a rule reads only what its `needs` name (tests/test_registry.py
        checks each key against them), so these values decide every pattern of the chart;
        a century of 2-hour charts has about 60,000 of them for 438,288 lines."""
        body, template = self._record(facts.plate)
        slots = facts.slots
        # The pieces, not their join: the patterns' text is 3.4 kB a chart, the pieces are
        # shared with the rules' caches (and equal tuples and name sets are kept once).
        pieces = [body, b'"patterns":[']
        comma = False
        for t in template:
            if t.__class__ is int:
                found = slots[t]
                t = found.memo  # the rule's text, kept on the engine's shared result
                if t is None:
                    t = found.memo = (group_text(found.patterns) if found.palaces is None else
                                      pairs_text(found.rule, found.palaces)).encode()
                if not t:
                    continue
            if comma:
                pieces.append(b",")
            pieces.append(t)
            comma = True
        shared = self._shared
        if len(shared) >= self.range.cache_size:
            shared.clear()
        pieces = tuple(pieces)
        return shared.setdefault(pieces, pieces)

    # -- the line ------------------------------------------------------------------------

    def line(self, at) -> bytes | None:
        """The JSON line of one instant (text or aware datetime) as UTF-8, or None when filtered out."""
        pieces = self.pieces(at)
        return None if pieces is None else b"".join(pieces)

    def pieces(self, at) -> list[bytes] | None:
        """`line(at)` as the pieces it joins (the range writer hands them to the kernel as they are)."""
        if self.fast:
            try:
                return self._fast_pieces(at)
            except QimenError:
                pass  # the straightforward path raises the same error, worded as always
        text, names = reference_line(self.when, at, self.method, self.layout, self.switch, self.school, self.lodge,
                                     self.qin, self.scope)
        if self.where and not self.where <= names:
            return None
        return [text.encode()]

    def _fast_pieces(self, at):
        got = self.range.at(at)
        if got is None:
            return None
        point, (pieces, _names) = got
        (text, instant, zone, civil, wall, off, utc, ts, local, table, _i, facts, sp, _window, ju_key, ju_fields,
         _chart_key) = point
        if facts is not self._last_term_key or zone is not self._last_term_zone:
            # the same term on the same civil clock as the line before: the same objects
            self._last_term = self._term_piece(point, zone)
            self._last_term_key, self._last_term_zone = facts, zone
        ym, term_text, table = self._last_term
        if text is None and instant is civil and self._solar is None:
            # An instant of a range on the civil clock: "at" and "local" are its civil reading, the
            # text between them (and after "local") the same for every instant of the zone and offset.
            frame = self._frames.get((zone, off)) or self._frame(zone, off, civil)
            seconds = frame[3]
            if seconds is None:  # an offset with a fraction of a second: the readings as they are
                wall_text, utc_text = wall.isoformat(), utc.isoformat()
            else:
                # wall.isoformat() and utc.isoformat() as the text of their date and of their
                # time of day, each kept as isoformat wrote it (`_clock_texts`): the same text,
                # for less than half the cost.
                dates, times = self._dates, self._times
                day, second = divmod(ts + seconds, 86400.0)
                d, t = dates.get(day), times.get(second)
                wall_text = f"{d}T{t}" if d is not None and t is not None else self._clock_texts(wall, day, second)
                day, second = divmod(ts, 86400.0)
                d, t = dates.get(day), times.get(second)
                utc_text = f"{d}T{t}" if d is not None and t is not None else self._clock_texts(utc, day, second)
            head = f'{frame[0]}{wall_text}{frame[1]}{wall_text}{frame[2]}{utc_text}Z",'
        else:
            head = self._head_text(text, instant, zone, civil, wall, off, utc, local)
        dh = self._dh_text.get(sp[3] * 60 + sp[4]) or self._dh_piece(sp[3], sp[4])
        if ju_key is not self._last_ju_key:  # the same day's 局 as the line before: the same key object
            self._last_ju = self._ju.get(ju_key) or self._ju_piece(ju_key, ju_fields)
            self._last_ju_key = ju_key
        tail = self._conv.get(table.kind) or self._tail(table.kind)
        return [head.encode(), ym, dh, term_text, self._last_ju, *pieces, tail]

    def _clock_texts(self, value, day: float, second: float) -> str:
        """`value.isoformat()` (a naive reading of whole seconds), its date's text kept under
        `day` (the reading's POSIX-style seconds // 86400) and its time of day's under `second`
        (the seconds into that day), for the readings after it."""
        text = value.isoformat()
        if len(self._dates) >= CACHE_SIZE:
            self._dates.clear()
        self._dates[day], self._times[second] = text[:10], text[11:]  # (at most 86,400 times)
        return text

    def _offset_texts(self, off, civil) -> tuple:
        """(what follows a civil reading's seconds in its RFC 3339 text, the "offset" value, the
        offset's text) of the UTC offset `off` (`civil`: a reading at that offset)."""
        oiso = self._oiso.get(off)
        if oiso is None:
            oiso = self._oiso[off] = (civil.isoformat()[19:] if _clock.whole_minutes(off) else _clock.offset_minutes(off),
                                      _esc(_clock.format_offset(off)), _clock.format_offset(off))
        return oiso

    def _frame(self, zone, off, civil) -> tuple:
        """The text of a line's "input" and "instant_utc" around the civil wall clock's reading
        (twice: "at", "local") and the UTC reading, for the zone and offset: what `_head_text`
        writes around them for an aware instant of the civil clock."""
        oiso = self._offset_texts(off, civil)
        if zone is not self._last_zone:
            self._last_zone, self._last_head = zone, self._head(zone)
        # (the offset in whole seconds, for `_fast_pieces`' clock texts; None with a fraction of one)
        seconds = None if off.microseconds else off.days * 86400 + off.seconds
        frame = self._frames[zone, off] = (f'{OPEN}"input":{{"at":"', f'{oiso[0]}"{self._last_head}{oiso[1]},"local":"',
                                           f'{oiso[0]}"{self.mid}', seconds)
        return frame

    def _head_text(self, text, instant, zone, civil, wall, off, utc, local) -> str:
        """The line's text up to "instant_utc" and its value."""
        oiso = self._offset_texts(off, civil)
        civil_text = wall.isoformat() + oiso[0]
        if self._solar is None:
            local_text, local_offset = civil_text, ""
        else:  # the solar clock's reading, and its offset's seconds beside it (RFC 3339 writes minutes)
            local_text, local_offset = local_iso(local), local_offset_text(None, local, oiso[2])
        if zone is not self._last_zone:
            self._last_zone, self._last_head = zone, self._head(zone)
        if text is None:
            # an isoformat() text: nothing in it needs escaping
            at_text = f'"{civil_text if instant is civil else _clock.rfc3339(instant)}"'
        else:
            at_text = _esc(text)
        return (
            f'{OPEN}"input":{{"at":{at_text}{self._last_head}{oiso[1]},'
            f'"local":"{local_text}"{local_offset}{self.mid}{utc.isoformat()}Z",'
        )

    def _tail(self, kind) -> bytes:
        """The line's end from the patterns' closing bracket: "conventions" and "extensions"."""
        tail = self._conv[kind] = b'],"conventions":' + _conventions_text(
            self.method, self.layout, self.switch, kind, self.day_change, self.clock_word).encode() + (
            ',"extensions":' + extensions_text(self.layout) + "}").encode()
        return tail
