"""A series of charts: what decides each chart of a range, every derivation cached by exactly
what it depends on (the engine half of `cast` over a range; `render/cast_lines.py` words it).

More precisely: `ChartSeries.point(at)` reads one instant into a `Point` — what the instant
resolver's fast form reads (`calendar.resolve.Resolver.reading`: the clock readings, the term
position with the year and month pillars, the day and hour pillars), then the 局 (`ju.locate` →
`ju.fields_at`) and `chart_key`, the values that decide the whole chart:
the day, the hour, the 局's term and 元 and the keys of the rules that read the month
(`patterns.MONTH_KEYS`, derived by the registry from what each rule declares it reads).
`ChartSeries.chart(point)` gives the chart's plate key and, per context rule, its patterns.
Nothing here is a second derivation: each value comes from the one engine function that
defines it, with a cache in front.

A few instants are not taken here and raise `QimenError` for the caller to answer through the
Moment and the Chart themselves (`chart.cast_chart`): apparent solar time (the clock's offset
changes every instant), another ephemeris, the edges of the term table, sub-second instants
and unreadable input.  Every cache is bounded (finite small keys, or cleared when full).
"""

from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING, Any, NamedTuple

from ..calendar.ganzhi import ShichenPillars
from ..calendar.resolve import Resolver, TermFacts
from ..calendar.terms import TermTable
from . import contextdata, platedata
from . import ju as J
from .patterns import (
    CONTEXT_KEYS,
    CONTEXT_RULES,
    MONTH_KEYS,
    MONTH_KEYS_OF_TERM_AND_JU,
    REGISTRY,
    context_compute,
    plate_patterns,
)
from .plates import build_plate

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    from ..calendar.context import Context
    from .index import RangeOptions
    from .patterns import Pattern, PatternContext
    from .patterns.core import Palaces, Rule

_new_tuple = tuple.__new__
#: Entries kept by each per-key cache before it is cleared (its keys recur within days).
CACHE_SIZE = 20_000


class Point(NamedTuple):
    """What decides one instant's chart (and its JSON line): the fields of the resolver's
    `Reading`, then the 局's."""

    text: str | None            # the instant as typed (None: an aware datetime was given)
    instant: _dt.datetime       # aware, as given (or attached to the civil zone)
    zone: _dt.tzinfo            # the civil clock's zone
    civil: _dt.datetime         # the civil clock's reading
    wall: _dt.datetime          # the same, naive (the wall clock)
    off: _dt.timedelta          # its UTC offset
    utc: _dt.datetime           # the instant in UTC, naive
    ts: float                   # the same in POSIX seconds
    local: _dt.datetime         # the reading of the clock the 干支 are taken on
    table: TermTable
    term_i: int                 # position of the term in force
    term: TermFacts
    shichen: ShichenPillars
    window: tuple[float, float] | None  # the 時辰's bounds (拆補 only)
    ju_key: J.JuKey             # `ju.locate`'s key
    ju: J.JuFields
    chart_key: tuple[Any, ...]  # (day, hour, the 局's term k, 元, the month rules' keys): what decides the chart


class RuleContext:
    """The context values the rules' `key`/`compute` read (one reusable object; no plate)."""

    __slots__ = ("plate", "day", "hour", "month", "ju_term", "yuan")
    plate: None
    day: int
    hour: int
    month: int
    ju_term: int
    yuan: str

    def __init__(self) -> None:
        self.plate = None


class RuleResult:
    """One context rule's patterns on a chart, shared by every chart with the same plate facts
    and rule key.  `memo` is a view's own cache of its wording of these patterns (None until a
    view sets it; the JSON Lines writer keeps its text there, so that a chart's pieces cost one
    attribute read per rule instead of a second lookup).  A result read from the shipped table
    (`contextdata`) has no Pattern objects (`patterns` None) but its JSON text as `memo`, and
    its names and verdicts (`platedata.Shown`) are read from the table (result `number`) when
    first asked for.  A per-palace rule's result (`Rule.palaces`: 氣應) is its (palace, detail)
    pairs, `palaces`, under its `rule`; its Patterns are made when first asked for (`named`)."""

    __slots__ = ("patterns", "memo", "shown", "table", "number", "palaces", "rule")

    def __init__(self, patterns: tuple[Pattern, ...] | None, memo: bytes | None = None,
                 table: contextdata.ContextTable | None = None, number: int = -1,
                 palaces: Palaces | None = None, rule: Rule | None = None) -> None:
        self.patterns = patterns
        self.memo = memo
        self.shown: tuple[platedata.Shown, ...] | None = None
        self.table = table
        self.number = number
        self.palaces = palaces
        self.rule = rule

    def named(self) -> tuple[Pattern, ...] | tuple[platedata.Shown, ...]:
        """The patterns with their names and verdicts (Pattern objects, or `platedata.Shown`)."""
        if self.patterns is not None:
            return self.patterns
        if self.rule is not None and self.palaces is not None:
            patterns = self.patterns = self.rule.patterns_of(self.palaces)
            return patterns
        shown = self.shown
        if shown is None:
            if self.table is None:
                return ()
            shown = self.shown = self.table.shown(self.number)
        return shown


#: A plate's key: (遁, 局, hour).
PlateKey = tuple[str, int, int]
#: (`ju.locate`'s key, `ju.fields_at`'s fields) of a 時辰.
Located = tuple[J.JuKey, J.JuFields]
#: (the plate-only pattern names, per context rule (its number, its plate facts, its results
#: by key, its number in CONTEXT_RULES, the plate facts' number in the shipped table or None),
#: per context rule its results by key (the same dicts)).
PlateFacts = tuple[frozenset[str], tuple[tuple[int, Any, dict[Any, RuleResult], int, int | None], ...],
                   tuple[dict[Any, RuleResult], ...]]


class ChartFacts(NamedTuple):
    """A chart's plate key (遁, 局, hour) and, per context rule (in the order of
    `CONTEXT_RULES`), its `RuleResult`."""

    plate: tuple[str, int, int]
    slots: list[RuleResult]


class ChartSeries:
    """The charts of many instants under one invocation's options.

    `tz`: the --tz zone (None: the instant's own offset, else the system zone); `lon`,
    `solar_time`, `day_change`: the clock of the 干支; `method`, `layout`, `switch`: the
    chart's.  `shipped`: the context reads the shipped tables (else `point` declines)."""

    def __init__(self, context: Context, tz: str | _dt.tzinfo | None, lon: float | None, solar_time: str,
                 day_change: int, method: str = "zhirun", layout: str = "zhuan", switch: str = "shichen") -> None:
        self.context = context
        self.method, self.layout, self.switch = method, layout, switch
        self.zhirun = method == "zhirun"
        self.resolver = resolver = Resolver(tz, lon, solar_time, day_change, context)
        self.reading = resolver.reading
        self.supported, self.solar, self.clock_kind = resolver.supported, resolver.solar, resolver.clock_kind
        self.records: platedata.Records | dict[PlateKey, platedata.PlateRecord] = \
            (platedata.load(layout) or {}) if self.supported else {}
        self.table = contextdata.load() if self.supported else None
        self.context_rules = CONTEXT_RULES
        self._ctx_point: Point | None = None  # the point whose context `_ctx` holds
        self._ctx = RuleContext()
        # The month rules' keys of the last term position and 局 they were read for (see `point`).
        self._month_facts: TermFacts | None = None
        self._month_ju: J.JuFields | None = None
        self._month_keys: Any = None
        self._ju: dict[J.JuKey, Located] = {}
        self._ju_days: dict[int, Located] = {}
        self._ju_by_seq: dict[tuple[int, _dt.tzinfo], dict[int, Located]] = {}  # (id(table), zone) → {day → …}
        self._seq_table: TermTable | None = None
        self._seq_zone: _dt.tzinfo | None = None
        self._seq: J.ZhirunSequence | None = None
        self._plates: dict[PlateKey, PlateFacts] = {}
        self._rows: dict[PlateKey, platedata.PlateRow] = {}
        self._parts: dict[Any, Any] = {}
        # Per context rule: id(plate facts) → its slot (`_slot`; the facts kept alive by the slot).
        self._slots: list[dict[int, tuple[int, Any, dict[Any, RuleResult], int, int | None]]] = \
            [{} for _ in CONTEXT_RULES]
        # the patterns' identities (a per-palace rule's (number, pairs)) → their shared RuleResult
        self._results: dict[tuple[Any, ...], RuleResult] = {}
        self._table_results: dict[int, RuleResult] = {}  # a shipped result's number → its shared RuleResult

    # -- the instant -----------------------------------------------------------------------

    def point(self, at: object) -> Point:
        """What decides the chart of one instant (text or aware datetime); QimenError when the
        instant must be answered through the Moment (see the module docstring)."""
        r = self.reading(at)
        local, table, facts, sp = r[8], r[9], r[11], r[12]
        hit = None
        if self.zhirun:
            window = None
            if table is self._seq_table and local.tzinfo is self._seq_zone:  # `_locate`'s day cache, inline
                hit = self._ju_days.get(sp[1])
        else:
            window = self.resolver.window(local)
        ju_key, ju = hit or self._locate(table, r[7], sp, window, local.tzinfo)  # type: ignore[arg-type]  # aware
        # What decides the chart: the day, the hour, the 局's term and 元 (every value of those
        # needs) and the keys of the rules that read the month (the registry's own), those read
        # once per term position and 局 when they read nothing else (MONTH_KEYS_OF_TERM_AND_JU).
        if facts is self._month_facts and ju is self._month_ju:
            chart_key = (sp[3], sp[4], ju[0].k, ju[3], self._month_keys)
            # (`_ctx` is not filled for this point: `_context` fills it when a rule asks)
            return _new_tuple(Point, r + (window, ju_key, ju, chart_key))
        ctx = self._ctx
        ctx.day, ctx.hour, ctx.month, ctx.ju_term, ctx.yuan = sp[3], sp[4], facts[2], ju[0].k, ju[3]
        month_keys = MONTH_KEYS(ctx)  # type: ignore[arg-type]  # (see `_context`)
        if MONTH_KEYS_OF_TERM_AND_JU:
            self._month_facts, self._month_ju, self._month_keys = facts, ju, month_keys
        chart_key = (sp[3], sp[4], ju[0].k, ju[3], month_keys)
        # tuple.__new__: the same NamedTuple as Point(...) without its Python-level __new__.
        point: Point = _new_tuple(Point, r + (window, ju_key, ju, chart_key))
        self._ctx_point = point
        return point

    def _locate(self, table: TermTable, ts: float, sp: ShichenPillars, window: tuple[float, float] | None,
                seq_zone: _dt.tzinfo) -> Located:
        """(`ju.locate` key, `ju.fields_at`) of the 時辰; 置閏's cached by the day that owns it."""
        if self.zhirun:
            if table is not self._seq_table or seq_zone is not self._seq_zone:
                self._seq_table, self._seq_zone = table, seq_zone
                self._ju_days = self._ju_by_seq.setdefault((id(table), seq_zone), {})
                self._seq = seq = J.zhirun_sequence(table, seq_zone)
            else:
                seq = self._seq  # type: ignore[assignment]  # (set with the table and zone it is of)
            hit = self._ju_days.get(sp.hour_ordinal)
            if hit is not None:
                return hit
            key: J.JuKey = seq.key(sp.hour_ordinal)  # `ju.locate`'s key, the sequence held
        else:
            end = window[1] if window is not None else ts  # (拆補: the window is always read)
            key = J.locate(self.method, table, seq_zone, ts, sp.hour_ordinal, sp.hour_day, end, self.switch)
        hit = self._ju.get(key)
        if hit is None:
            if len(self._ju) >= CACHE_SIZE:
                self._ju.clear()
            hit = self._ju[key] = (key, J.fields_at(key))
        if self.zhirun:
            days = self._ju_days
            if len(days) >= CACHE_SIZE:
                days.clear()
            days[sp.hour_ordinal] = hit
        return hit

    # -- the chart -------------------------------------------------------------------------

    def plate_facts(self, key: PlateKey) -> PlateFacts:
        """(the plate-only pattern names present, per context rule (its number, its plate
        facts, the cache of its results on them by key, its number, the plate facts' number in
        the shipped table or None), the caches alone) of a plate: from the shipped
        records, or from the plate built (the same values)."""
        hit = self._plates.get(key)
        if hit is None:
            rec = self.records.get(key)
            if rec is None:
                plate = build_plate(*key, self.layout)
                names = tuple(p.name for g in plate_patterns(plate) if g for p in g)
                # Plate facts interned (equal facts one object), as the shipped records give them.
                parts = tuple(None if part is None else self._parts.setdefault(v := part(plate), v)
                              for _i, part, _k, _c in self.context_rules)
            else:
                _body, _runs, names, parts = rec
            slots = tuple(map(self._slot, range(len(parts)), parts))
            hit = self._plates[key] = (frozenset(names), slots, tuple(slot[2] for slot in slots))
        return hit

    def _slot(self, n: int, part: Any) -> tuple[int, Any, dict[Any, RuleResult], int, int | None]:
        """(its number in the registry, the plate facts, the cache of its results on them by
        key, `n`, the plate facts' number in the shipped table or None) of context rule number
        `n` on plate facts `part`: one per plate fact object, for the series' life (a plate
        fact is one object per value: the records' own, or interned by `plate_facts`)."""
        slots = self._slots[n]
        hit = slots.get(id(part))
        if hit is None:
            table = self.table
            hit = slots[id(part)] = (self.context_rules[n][0], part, {}, n,
                                     None if table is None else table.part_index(n, part))
        return hit

    def plate_row(self, key: PlateKey) -> platedata.PlateRow:
        """The values a row of the range table reads from a plate (`platedata.PlateRow`): from
        the shipped records, or from the plate built (the same values)."""
        hit = self._rows.get(key)
        if hit is None:
            hit = self.records.row(key) if isinstance(self.records, platedata.Records) else None
            if hit is None:
                hit = platedata.plate_row(build_plate(*key, self.layout))
            hit = self._rows[key] = hit
        return hit

    def chart(self, point: Point) -> ChartFacts:
        """The plate key of the point's chart and each context rule's patterns on it (in the
        order of `CONTEXT_RULES`), each cached by the rule's plate facts and key."""
        ju = point.ju
        plate = (ju[1], ju[2], point.shichen[4])
        facts = self._plates.get(plate) or self.plate_facts(plate)
        keys = CONTEXT_KEYS(self._context(point))
        # Each rule's result from its cache (in C); a rule's first use of its plate facts and key below.
        found: list[RuleResult | None] = list(map(dict.get, facts[2], keys))
        if None in found:
            slots = facts[1]
            for n, hit in enumerate(found):
                if hit is None:
                    i, part, cache, _n, shipped = slots[n]
                    key = keys[n]
                    if len(cache) >= CACHE_SIZE:
                        cache.clear()
                    found[n] = cache[key] = self._compute(i, part, point) if shipped is None else \
                        self._shipped(n, shipped, key)
        chart: ChartFacts = _new_tuple(ChartFacts, (plate, found))
        return chart

    def _context(self, point: Point) -> PatternContext:
        """The rules' context of `point` (the reusable `RuleContext`, filled again only when
        another point was read since): the rules read a PatternContext's fields of it (all but
        the plate, which the context rules take as their plate facts)."""
        ctx = self._ctx
        if self._ctx_point is not point:
            sp, ju = point.shichen, point.ju
            ctx.day, ctx.hour, ctx.month, ctx.ju_term, ctx.yuan = sp[3], sp[4], point.term[2], ju[0].k, ju[3]
            self._ctx_point = point
        return ctx  # type: ignore[return-value]  # RuleContext: a PatternContext's fields, reused (see above)

    def _compute(self, i: int, part: Any, point: Point) -> RuleResult:
        """Context rule number `i` on plate facts `part` in the point's context, as a shared
        RuleResult: one per distinct patterns (by their identities: the rules hand out shared
        Pattern objects; a per-palace rule's by its (palace, detail) pairs, its Patterns not
        made), so a view's memo serves every key that finds them."""
        rule = REGISTRY[i]
        results = self._results
        if rule.palaces is not None:
            pairs = rule.palaces(part, self._context(point))
            hit = results.get((i, pairs))
            if hit is None:
                if len(results) >= CACHE_SIZE:
                    results.clear()
                hit = results[i, pairs] = RuleResult(None, palaces=pairs, rule=rule)
            return hit
        found = context_compute(i, part, self._context(point))
        ident = tuple(map(id, found))
        hit = results.get(ident)
        if hit is None:
            if len(results) >= CACHE_SIZE:
                results.clear()
            hit = results[ident] = RuleResult(found)
        return hit

    def _shipped(self, n: int, p: int, key: tuple[Any, ...]) -> RuleResult:
        """Context rule number `n` (in `CONTEXT_RULES`) on the plate facts number `p` of the
        shipped table at `key`, as a shared RuleResult (one per result of the table)."""
        table = self.table
        if table is None:  # (a part has a shipped number only when the table is there)
            raise ValueError("no shipped context table")
        number = table.number(n, p, key)
        results = self._table_results
        hit = results.get(number)
        if hit is None:
            if len(results) >= CACHE_SIZE:
                results.clear()
            hit = results[number] = RuleResult(None, table.text(number), table, number)
        return hit

    def names(self, facts: ChartFacts) -> frozenset[str]:
        """Every pattern name on the chart (plate-only and context rules'), for `--where`."""
        names = set(self.plate_facts(facts.plate)[0])
        for found in facts.slots:
            names.update(p.name for p in found.named())
        return frozenset(names)


#: Charts kept by a `ChartRange` before its cache is cleared (a century of 2-hour charts has about 60,000).
CHART_CACHE_SIZE = 80_000


class ChartRange:
    """`cast` over a range: the one iterator of its JSON Lines (`render.cast_lines`) and of its
    table (`render.table`).  Each instant is read by the series (`ChartSeries.point`); each
    chart, once per `chart_key`, is given with its `ChartFacts` to `word(point, facts)` — the
    caller's words for it (pieces of text, a row's cells) — and kept with its pattern names
    when `where` asks for some.

    `at(at)` → (point, (the chart's words, its names or None)), or None when a `where` name
    does not hold; it
    raises QimenError where the series declines (the caller answers that instant the
    straightforward way, which also words any error).  `screened(when)`: with --where on
    patterns the plate alone decides, only the range's instants whose hour pillar can carry
    them (`index.candidate_instants`), else None (every instant is read)."""

    def __init__(self, series: ChartSeries, word: Callable[[Point, ChartFacts], Any], where: Iterable[str] = (),
                 cache_size: int = CHART_CACHE_SIZE) -> None:
        self.series = series
        self.word = word
        self.where = frozenset(where)
        self.cache_size = cache_size
        self._charts: dict[tuple[Any, ...], tuple[Any, frozenset[str] | None]] = {}
        self._names: dict[frozenset[str], frozenset[str]] = {}

    def at(self, at: object) -> tuple[Point, tuple[Any, frozenset[str] | None]] | None:
        point = self.series.point(at)
        hit = self._charts.get(point.chart_key) or self.chart(point)
        if hit[1] is not None and not self.where <= hit[1]:
            return None
        return point, hit

    def chart(self, point: Point) -> tuple[Any, frozenset[str] | None]:
        """(the words of the point's chart, its pattern names when `where` asks, else None)."""
        facts = self.series.chart(point)
        names: frozenset[str] | None = None
        if self.where:
            names = self.series.names(facts)
            names = self._names.setdefault(names, names)  # equal name sets kept once
        charts = self._charts
        if len(charts) >= self.cache_size:
            charts.clear()
            self._names.clear()
        hit = charts[point.chart_key] = (self.word(point, facts), names)
        return hit

    def screened(self, when: RangeOptions) -> Iterator[_dt.datetime] | None:
        """The instants of `when`'s range whose hour pillar can carry the plate-only `where`
        names (`index.candidate_instants`, in order), or None: every instant is read."""
        if not (self.where and when.start is not None and self.series.supported):
            return None
        from .index import candidate_instants, is_plate_only

        if not any(is_plate_only(name) for name in self.where):
            return None
        return candidate_instants(when, self.where, self.layout)

    @property
    def layout(self) -> str:
        return self.series.layout
