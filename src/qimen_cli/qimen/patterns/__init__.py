"""The hour patterns (格) of the 奇門 chart, one small function per rule, and their registry.

Every rule quotes its line and names its seed file; READING-qimen.md §6 explains the
readings.  Conventions used throughout:

* "X加Y" = heaven stem X over earth stem Y in one palace; every heaven stem of the palace
  is paired with every earth stem (the 寄宮 lists carry the centre stem on both plates;
  palace 5 has no heaven plate in 轉盤).
* "甲" = the current 旬首's 儀 (甲 hides under it: "還於正北甲子上居青龍",
  000_4b5dcee18d5e7425.txt); a pair whose other stem is that same 儀 is skipped.
* A "seat" is the palace the 直符/直使 is sent to before lodging (5 allowed).

The rules live in four modules, imported here in report order: `hours` (003's hour
patterns), `pairs` (000's stem pairs), `timing` (003's 刑德開闔, 三甲, 遊三避五) and `qi`
(000's 氣應 and 十干神名).  Each registers itself with `core.rule`: `REGISTRY` lists the
`Rule` records (names, 吉/凶, what they read, seed file, line, quote); adding a pattern
is one decorated function in one of those modules.

Rules that depend on the plate alone are computed once per plate and cached (2,160 plates);
the others are cached by their plate facts (`Rule.part`) and the values of the inputs they
declare (`Rule.key`, derived from `Rule.inputs`), in bounded caches.

On 陶氏飛盤 plates the same rules run on that plate's lists and seats (直符 and 直使 both on
the hour stem's palace, no 寄宮), so 得使/守門 there simply follow the hour stem.  Open
question: 003 doubts these patterns mean anything on 陶氏's figures ("若依陶氏定圖，每一時以
奇儀順序一易，則天盤與地盤異矣，又將何據以為得使乎"); they are reported mechanically.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..plates import Plate, PlateKey
from . import hours, pairs, qi, timing  # noqa: F401  (importing them registers their rules)
from .core import (  # noqa: F401  (re-exported)
    CONTEXT,
    INPUTS,
    JI,
    MIXED,
    NEEDS,
    NEUTRAL,
    PLATE,
    REGISTRY,
    XIONG,
    Pattern,
    PatternContext,
    Result,
    Rule,
    flat,
    keys_of,
)
from .hours import *  # noqa: F403
from .pairs import *  # noqa: F403
from .qi import *  # noqa: F403
from .timing import *  # noqa: F403

#: Report order: the rule modules in this order, each in its order of definition.
MODULE_ORDER = ("hours", "pairs", "timing", "qi")
REGISTRY.sort(key=lambda r: MODULE_ORDER.index(r.fn.__module__.rsplit(".", 1)[1]))

#: Every rule function, in report order.
PATTERNS: tuple[Callable[..., Result], ...] = tuple(r.fn for r in REGISTRY)

#: Every name a rule can emit (what `--where` accepts), each once, in report order.
PATTERN_NAMES: tuple[str, ...] = tuple(dict.fromkeys(name for r in REGISTRY for name in r.names))

#: Name → its Rule.
RULE_OF: dict[str, Rule] = {name: r for r in REGISTRY for name in r.names}


def rule_of(name: str) -> Rule:
    """The Rule that emits pattern `name`; KeyError if none."""
    return RULE_OF[name]


def is_plate_only(name: str) -> bool:
    """True when the plate alone ((layout, 遁, 局, hour)) decides whether `name` holds."""
    return RULE_OF[name].plate_only


def close_names(name: str, n: int = 3) -> list[str]:
    """The valid pattern names closest to `name` (difflib), best first; may be empty."""
    import difflib

    return difflib.get_close_matches(name, PATTERN_NAMES, n=n, cutoff=0.3)


def unknown_name_message(name: str, option: str = "--where") -> str:
    """One line for an unknown pattern name, with the closest valid names."""
    near = close_names(name)
    hint = f"; did you mean {', '.join(near)}?" if near else "; `qimen patterns` lists them"
    return f"unknown pattern {option} {name!r}{hint}"


def every_chart_message(name: str) -> str | None:
    """What to say of a name that holds on every chart (`qi.ON_EVERY_CHART`: 氣應, 十干神名): as a
    condition it keeps every 時辰 (and with ! none); None for every other name."""
    what = qi.ON_EVERY_CHART.get(name)
    if what is None:
        return None
    return (f"{name} holds on every chart (it reads {what}): as a condition it would keep every 時辰; "
            f"see it in `qimen cast --explain`, or ask for a pattern a chart may lack (`qimen patterns`)")


_PLATE_RESULTS: dict[PlateKey, tuple[tuple[Pattern, ...] | None, ...]] = {}


def plate_patterns(plate: Plate) -> tuple[tuple[Pattern, ...] | None, ...]:
    """Per registry entry: the plate-only rule's patterns (cached per plate), None for context rules."""
    cached = _PLATE_RESULTS.get(plate.key)
    if cached is None:
        cached = _PLATE_RESULTS[plate.key] = tuple(
            flat(r.fn(plate)) if r.plate_only else None for r in REGISTRY
        )
    return cached


#: (registry index, Rule.part value, Rule.key value) → patterns of a context rule; cleared
#: when it outgrows CONTEXT_CACHE_SIZE (the keys are small and finite, a range revisits them).
_CONTEXT_RESULTS: dict[tuple[int, Any, Hashable], tuple[Pattern, ...]] = {}
CONTEXT_CACHE_SIZE = 50_000
#: (registry index, Rule.part, Rule.key, Rule.compute) of the context rules, in report order.
CONTEXT_RULES = tuple((i, r.part, r.key, r.compute) for i, r in enumerate(REGISTRY) if not r.plate_only)
#: ctx → every context rule's key (`Rule.key`), in the order of CONTEXT_RULES, in one call.
CONTEXT_KEYS = keys_of([r.inputs for r in REGISTRY if not r.plate_only])
#: ctx → the keys of the context rules that read the month, in one call: with the day, the
#: hour, the 局's term and the 元 (every value of the other needs) they decide a chart's patterns.
MONTH_KEYS = keys_of([r.inputs for r in REGISTRY if not r.plate_only and "month" in r.needs])
#: Whether those keys read nothing but the month, the 局's term and the 元 (no input of the day or
#: the hour): then they are the same for every instant of one term position (its month pillar)
#: and one 局 (its term and 元), and a range reads them once for each.
MONTH_KEYS_OF_TERM_AND_JU = all(INPUTS[name][0] in ("month", "term", "yuan")
                                for r in REGISTRY if not r.plate_only and "month" in r.needs for name in r.inputs)


def context_result(i: int, part: Any, ctx: PatternContext) -> tuple[Pattern, ...]:
    """Patterns of context rule number `i` given its plate facts `part` (cached by part and key)."""
    key = REGISTRY[i].key
    if key is None:  # (`rule` gives every context rule its key)
        raise ValueError(f"rule {i} is not a context rule")
    k = (i, part, key(ctx))
    found = _CONTEXT_RESULTS.get(k)
    if found is None:
        if len(_CONTEXT_RESULTS) >= CONTEXT_CACHE_SIZE:
            _CONTEXT_RESULTS.clear()
        found = _CONTEXT_RESULTS[k] = context_compute(i, part, ctx)
    return found


def context_compute(i: int, part: Any, ctx: PatternContext) -> tuple[Pattern, ...]:
    """`context_result` without its cache (for a caller that keeps its own, keyed alike)."""
    compute = REGISTRY[i].compute
    if compute is None:  # (`rule` gives every context rule its compute)
        raise ValueError(f"rule {i} is not a context rule")
    return flat(compute(part, ctx))


def context_patterns(ctx: PatternContext) -> dict[int, tuple[Pattern, ...]]:
    """Registry index → patterns, for the rules that read more than the plate (cached)."""
    plate = ctx.plate
    return {i: context_result(i, None if part is None else part(plate), ctx) for i, part, _k, _c in CONTEXT_RULES}


def find_pattern_groups(ctx: PatternContext) -> tuple[tuple[Pattern, ...], ...]:
    """Per registry entry, the patterns it finds (shared, cached tuples)."""
    ctx_found = context_patterns(ctx)
    return tuple(ctx_found[i] if found is None else found for i, found in enumerate(plate_patterns(ctx.plate)))


def find_patterns_uncached(ctx: PatternContext) -> tuple[Pattern, ...]:
    """Every pattern of the chart, each rule run afresh (the reference for the cached path)."""
    out: list[Pattern] = []
    for r in REGISTRY:
        out.extend(flat(r.fn(ctx.plate if r.plate_only else ctx)))
    return tuple(out)


def flatten(groups: tuple[tuple[Pattern, ...], ...]) -> tuple[Pattern, ...]:
    return tuple(p for group in groups for p in group)


def find_patterns(ctx: PatternContext) -> tuple[Pattern, ...]:
    """Every pattern of the chart, in registry order."""
    return flatten(find_pattern_groups(ctx))
