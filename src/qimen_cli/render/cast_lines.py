"""`cast --json` over many instants: each piece of a line cached by exactly what it depends on.

A chart's JSON line (CONVENTIONS.md `cast --json`, byte for byte what `cast_json.chart_json_text`
writes) is made of pieces that depend on few things:

* the instant itself: "input" (the text, the offset, the local clock time) and "instant_utc";
* the term in force (its position in the table): the year and month pillars and "solar_term";
* the 時辰 on the local clock (date, hour, fold): the day and hour pillars (and 拆補's window);
* the 局 (term position and the 時辰's day): "ju_term" … "block_start";
* the plate ((遁, 局, hour) in the layout): "xun_shou" … "palaces" and the plate-only patterns
  (shipped as data, qimen/platedata.py, or built once each);
* each context rule's plate facts and context values (`Rule.part`, `Rule.key`): its patterns;
* the whole chart from its body to its last pattern: the day, the hour, the 局's term and 元 and
  the keys of the rules that read the month (`_chart_piece`).

`CastLines.line(at)` joins the cached pieces; every cache is bounded (finite small keys, or
cleared when full).  What it cannot do fast it hands to the straightforward path
(`reference_line`: resolve the Moment, cast the Chart, `chart_json_text`): apparent solar
time, another ephemeris, the edges of the term table, and any instant that raises (so that
errors read exactly as before).  tests/test_cast_lines.py compares the two byte for byte.
"""

from __future__ import annotations

import datetime as _dt
from json.encoder import encode_basestring as _esc

from ..calendar import clock as _clock
from ..calendar.ganzhi import CYCLE, month_pillar, shichen_pillars, year_pillar
from ..errors import QimenError
from ..qimen import ju as J
from ..qimen.patterns import context_compute
from .cast_json import _conventions_text, _term_utc, chart_json_text, group_text, join_body, plate_record
from .jsonout import OPEN, local_iso

UTC = _dt.timezone.utc
_EPOCH = _dt.datetime(1970, 1, 1)
#: Entries kept by each per-key cache before it is cleared (its keys recur within days).
CACHE_SIZE = 20_000
#: Entries kept by the cache of whole charts' plate and pattern text (`CastLines._chart_piece`).
CHART_CACHE_SIZE = 80_000


class _Ctx:
    """The context values the rules' `key`/`compute` read (one reusable object; no plate)."""

    __slots__ = ("plate", "day", "hour", "month", "ju_term", "yuan")

    def __init__(self) -> None:
        self.plate = None


def _month_key():
    """ctx → the keys of the context rules that read the month (None when none does)."""
    from ..qimen.patterns import REGISTRY

    keys = tuple(r.key for r in REGISTRY if not r.plate_only and "month" in r.needs)
    if not keys:
        return None
    if len(keys) == 1:
        return keys[0]
    return lambda ctx: tuple(key(ctx) for key in keys)


def supported(when) -> bool:
    """True when `CastLines` can write this stream's lines itself (else use `reference_line`)."""
    return not (when.lon is not None and when.solar_time == "apparent") and when.context.shipped


def reference_line(when, at, method: str, layout: str, switch: str):
    """(JSON line, pattern names) of one instant the straightforward way (no piece cached)."""
    from ..qimen.chart import cast_chart

    chart = cast_chart(when.resolve(at), method, layout, switch)
    return chart_json_text(chart), {p.name for p in chart.patterns}


class CastLines:
    """The JSON lines of `cast` for one invocation's options; `line(at)` → str, or None when a
    `where` name does not hold."""

    def __init__(self, when, method: str = "zhirun", layout: str = "zhuan", switch: str = "shichen",
                 where: tuple[str, ...] = ()):
        from ..qimen import platedata
        from ..qimen.patterns import CONTEXT_RULES

        self.when, self.method, self.layout, self.switch = when, method, layout, switch
        self.where = frozenset(where)
        self.fast = supported(when)
        self.tz = when.tz  # None: the clock is the instant's own offset, else the system zone
        self.system_zone = _clock.system_zone() if when.tz is None else None
        self.solar = None if when.lon is None else _clock.mean_solar_zone(when.lon)
        clock_name = "civil" if when.lon is None else "mean solar"
        self.day_change = when.day_change
        self._heads: dict = {}
        self.mid = f',"method":{_esc(method)},"layout":{_esc(layout)}}},"instant_utc":"'
        self.clock_name = clock_name
        self.records = (platedata.load(layout) or {}) if self.fast else {}
        self.context_rules = CONTEXT_RULES
        self._parts: dict = {}
        self._ctx = _Ctx()
        self._terms: dict = {}
        self._shichen: dict = {}
        self._dh_text: dict = {}
        self._ju: dict = {}
        self.zhirun = method == "zhirun"
        self._seq_table = self._seq_zone = None
        self._ju_by_seq: dict = {}     # (id(table), zone) → {day ordinal → ju piece}
        self._ju_days: dict = {}
        self._conv: dict = {}
        self._encoded: dict = {}
        self._table = None
        self._last_i, self._last_table, self._last_term = -1, None, None
        self._last_zone, self._last_head = None, ""
        self._oiso: dict = {}
        self._lo = self._hi = 0.0
        self._by_rule: list[dict] = [{} for _ in CONTEXT_RULES]
        self._charts: dict = {}
        self._shared: dict = {}
        self._month_key = _month_key()

    # -- pieces --------------------------------------------------------------------------

    def _term_piece(self, table, i: int) -> tuple:
        """(pillars' year and month text, "solar_term" text, month pillar) of term position i."""
        key = (id(table), i)
        hit = self._terms.get(key)
        if hit is None:
            terms = table.terms
            now = terms[i]
            jie = now if now.is_jie else terms[i - 1]
            year = year_pillar(jie.k, jie.utc)
            month = month_pillar(year, jie.k)
            hit = (f'"pillars":{{"year":"{CYCLE[year]}","month":"{CYCLE[month]}",'.encode(),
                   f'"solar_term":{{"name":"{now.name}","utc":"{_term_utc(now.ts)}"}},'.encode(), month, table)
            if len(self._terms) >= CACHE_SIZE:
                self._terms.clear()
            self._terms[key] = hit
        return hit

    def _shichen_piece(self, local: _dt.datetime) -> tuple:
        """(day, hour, ordinal of the day owning the 時辰, its pillar, "day"/"hour" text, window)
        of the 時辰 holding `local` (the window, for 拆補 only, cached per 時辰 and zone)."""
        o = local.toordinal()
        h = local.hour
        _branch, hour_ordinal, hour_day, day, hour = shichen_pillars(o, h, self.day_change)
        text = self._dh_text.get(day * 60 + hour)
        if text is None:
            text = self._dh_text[day * 60 + hour] = f'"day":"{CYCLE[day]}","hour":"{CYCLE[hour]}"}},'.encode()
        window = None
        if not self.zhirun:
            key = (o, h, local.fold, local.tzinfo)
            window = self._shichen.get(key)
            if window is None:
                if len(self._shichen) >= CACHE_SIZE:
                    self._shichen.clear()
                window = self._shichen[key] = _clock.shichen_window(local)
        return day, hour, hour_ordinal, hour_day, text, window

    def _head(self, zone) -> str:
        """The "input" keys after "at" up to "offset" (the zone's label, the clock, the day change)."""
        head = self._heads.get(zone)
        if head is None:
            head = self._heads[zone] = (f',"tz":{_esc(_clock.zone_label(zone))},"clock":{_esc(self.clock_name)},'
                                        f'"day_change":{self.day_change},"offset":')
        return head

    def _ju_piece(self, table, i: int, ts: float, sc: tuple, seq_zone) -> tuple:
        """(text "ju_term" … , 遁, 局, ju_term k, 元) of the 局 at term position i in 時辰 `sc`.

        置閏: by (block, 元) of the block sequence; 拆補: by (term used, day of the 時辰).
        The fields are those of `qimen.ju.Ju` (the reference path builds the Ju itself)."""
        if self.zhirun:
            # The 局 of 置閏 depends on the block sequence (term table and zone) and the day
            # that owns the 時辰 alone: cached by that day's ordinal, per table and zone.
            if table is not self._seq_table or seq_zone is not self._seq_zone:
                self._seq_table, self._seq_zone = table, seq_zone
                self._ju_days = self._ju_by_seq.setdefault((id(table), seq_zone), {})
            hit = self._ju_days.get(sc[2])
            if hit is not None:
                return hit
        key = J.locate(self.method, table, seq_zone, ts, sc[2], sc[3], sc[5][1] if sc[5] else 0.0, self.switch)
        hit = self._ju.get(key)
        if hit is None:
            f = J.fields_at(key)
            status = "" if f.status is None else (
                f',"yuan_status":{_esc(f.status)},"yuan_days":{f.days},'
                f'"block_start":{_esc(f.block_start.isoformat())}')
            text = (f'"ju_term":"{f.term.name}","dun":"{f.dun}","ju":{f.ju},"yuan":"{f.yuan}",'
                    f'"fu_tou":"{CYCLE[f.head]}"{status},')
            hit = (text.encode(), f.dun, f.ju, f.term.k, f.yuan)
            if len(self._ju) >= CACHE_SIZE:
                self._ju.clear()
            self._ju[key] = hit
        if self.zhirun:
            days = self._ju_days
            if len(days) >= CACHE_SIZE:
                days.clear()
            days[sc[2]] = hit
        return hit

    def _record(self, dun: str, ju: int, hour: int) -> tuple:
        """(body, template, names, parts) of a plate: its JSON keys "xun_shou" … "palaces" as
        UTF-8; the "patterns" items as runs of plate-only patterns (bytes, joined) and context
        rule slots; the plate-only names present; the context rules' plate facts."""
        key = (dun, ju, hour)
        rec = self._encoded.get(key)
        if rec is None:
            raw = self.records.get(key)
            if raw is None:
                from ..qimen.platedata import runs_of
                from ..qimen.plates import build_plate

                (head, entries), segs, names, parts = plate_record(build_plate(dun, ju, hour, self.layout))
                raw = (join_body(head, entries).encode(), tuple(r.encode() for r in runs_of(segs)), names, parts)
            body, runs, names, parts = raw
            # The runs of plate-only patterns with the context rules' numbers between them.
            template: list = []
            for n, run in enumerate(runs):
                if n:
                    template.append(n - 1)
                if run:
                    template.append(run)
            parts = tuple(self._parts.setdefault(p, p) for p in parts)
            # Each context rule's slot carries what the line needs: its number, plate facts,
            # their identity (the cache key's first half), its key function and its cache.
            steps = tuple(
                t if t.__class__ is not int else (t, parts[t], id(parts[t]), self.context_rules[t][2], self._by_rule[t])
                for t in template
            )
            rec = self._encoded[key] = (body, steps, frozenset(names), parts)
        return rec

    def _context_piece(self, n: int, part, ctx: _Ctx, k: tuple) -> tuple:
        """(text, names) of context rule number n for its plate facts `part` and `ctx`, cached
        under k = (id(part), key); the parts are interned and live as long as the writer."""
        found = context_compute(self.context_rules[n][0], part, ctx)
        hit = (group_text(found).encode(), frozenset(p.name for p in found) if self.where else None)
        cache = self._by_rule[n]
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        cache[k] = hit
        return hit

    def _chart_piece(self, key: tuple, dun: str, ju: int, hour: int, ctx: _Ctx) -> tuple:
        """The chart's pieces from its plate's body to its last pattern (the body, then
        '"patterns":[' and its items with their commas) and, with --where only, every
        pattern name present (else None), of the plate (遁, 局, hour) in context `ctx`;
        cached under `key`: the day, the hour, the 局's term and 元 (which decide the plate)
        and the keys of the rules that read the month.

        More precisely, a rule reads only what its `needs` name (tests/test_registry.py
        checks each key against them), so these values decide every pattern of the chart;
        a century of 2-hour charts has about 60,000 of them for 438,288 lines."""
        body, template, names, _parts = self._record(dun, ju, hour)
        where = self.where
        found = set(names) if where else None
        # The pieces, not their join: the patterns' text is 3.4 kB a chart, the pieces are
        # shared with the rules' caches (and equal tuples and name sets are kept once).
        pieces = [body, b'"patterns":[']
        comma = False
        for t in template:
            if t.__class__ is not bytes:
                n, part, pid, keyfn, cache = t
                k = (pid, keyfn(ctx))
                hit = cache.get(k)
                if hit is None:
                    hit = self._context_piece(n, part, ctx, k)
                if where:
                    found |= hit[1]
                t = hit[0]
                if not t:
                    continue
            if comma:
                pieces.append(b",")
            pieces.append(t)
            comma = True
        charts = self._charts
        if len(charts) >= CHART_CACHE_SIZE:
            charts.clear()
            self._shared.clear()
        pieces = tuple(pieces)
        pieces = self._shared.setdefault(pieces, pieces)
        if where:
            found = frozenset(found)
            found = self._shared.setdefault(found, found)
        hit = charts[key] = (pieces, found)
        return hit

    # -- the line ------------------------------------------------------------------------

    def line(self, at) -> bytes | None:
        """The JSON line of one instant (text or aware datetime) as UTF-8, or None when filtered out."""
        if self.fast:
            try:
                return self._fast_line(at)
            except QimenError:
                pass  # the straightforward path raises the same error, worded as always
        text, names = reference_line(self.when, at, self.method, self.layout, self.switch)
        if self.where and not self.where <= names:
            return None
        return text.encode()

    def _fast_line(self, at):
        if at.__class__ is _dt.datetime:
            value, text = at, None
        elif isinstance(at, str):
            value, _ = _clock.parse_instant(at)
            text = at
        else:  # an unreadable line of stdin and the like: the reference path reports it
            raise QimenError("not an instant")
        zone = self.tz or value.tzinfo or self.system_zone
        instant = value if value.tzinfo is not None else _clock.attach_zone(value, zone, text)
        civil = instant if instant.tzinfo is zone else instant.astimezone(zone)
        if civil.microsecond:
            raise QimenError("sub-second instant")  # rounding: the reference path
        off = civil.utcoffset()
        wall = civil.replace(tzinfo=None)
        u = wall - off  # UTC, naive
        delta = u - _EPOCH
        ts = delta.days * 86400.0 + delta.seconds
        table = self._table
        if table is None or not self._lo <= ts < self._hi:
            table = self._table = self.when.context.table_for(ts)
            self._lo, self._hi = self.when.context.span()
        i = table.position(ts)
        if i < 1 or i + 2 >= len(table.stamps):
            raise QimenError("edge of the term table")  # the reference path handles it
        oiso = self._oiso.get(off)
        if oiso is None:
            oiso = self._oiso[off] = (civil.isoformat()[19:], _esc(_clock.format_offset(off)))
        civil_text = wall.isoformat() + oiso[0]
        if self.solar is None:
            local = civil
            local_text = civil_text
        else:
            local = instant.astimezone(self.solar)
            local_text = local_iso(local)
        if i == self._last_i and table is self._last_table:
            ym, term_text, month = self._last_term
        else:
            ym, term_text, month, _t = self._term_piece(table, i)
            self._last_i, self._last_table, self._last_term = i, table, (ym, term_text, month)
        sc = self._shichen_piece(local)
        ju_text, dun, ju, ju_k, yuan = self._ju_piece(table, i, ts, sc, local.tzinfo)
        day, hour = sc[0], sc[1]
        ctx = self._ctx
        ctx.day, ctx.hour, ctx.month, ctx.ju_term, ctx.yuan = day, hour, month, ju_k, yuan
        month_key = self._month_key
        key = (day, hour, ju_k, yuan, None if month_key is None else month_key(ctx))
        chart = self._charts.get(key)
        if chart is None:
            chart = self._chart_piece(key, dun, ju, hour, ctx)
        pieces, names = chart
        if names is not None and not self.where <= names:
            return None
        if zone is not self._last_zone:
            self._last_zone, self._last_head = zone, self._head(zone)
        if text is None:
            # an isoformat() text: nothing in it needs escaping
            at_text = f'"{civil_text if instant is civil else instant.isoformat()}"'
        else:
            at_text = _esc(text)
        head = (
            f'{OPEN}"input":{{"at":{at_text}{self._last_head}{oiso[1]},'
            f'"local":"{local_text}"{self.mid}{u.isoformat()}Z",'
        )
        out = [head.encode(), ym, sc[4], term_text, ju_text, *pieces]
        tail = self._conv.get(table.kind)
        if tail is None:
            tail = self._conv[table.kind] = b'],"conventions":' + _conventions_text(
                self.method, self.layout, self.switch, table.kind, self.day_change, self.clock_name).encode() + b"}"
        out.append(tail)
        return b"".join(out)
