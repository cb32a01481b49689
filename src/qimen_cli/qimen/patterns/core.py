"""Pattern machinery: the Pattern and PatternContext records, the registry, shared lookups.

Every rule is a small function registered with `rule(...)`: its name(s), 吉/凶, what it
reads (nothing beyond the plate, or `inputs` of the context as well), the seed file and the
line of its quote.  `REGISTRY` is the list of those records in report order (the order the
rule modules are imported in ``patterns/__init__.py``, then the order of definition);
`--where`, `qimen patterns`, `qimen find` and the JSON read it.  Adding a pattern is one
decorated function.

A rule that reads more than the plate declares what it reads: its `inputs`, names of small
projections of the PatternContext (`INPUTS`: the day's stem, the hour pillar, the month's
branch, the term's three-氣 group …).  The registry derives the rest from them: `needs`
(the day / month / term / 元 they belong to; the hour belongs to the plate) and `key`, the
tuple of the projected values, by which the rule's results are cached.  So a key never
restates a rule's condition: it is exactly what the rule reads, as coarse as that allows
(tests/test_registry.py checks that equal keys give equal results).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import field
from functools import cache
from itertools import accumulate
from typing import Any, TypeVar

from ...calendar.ganzhi import STEMS
from ...calendar.terms import DONGZHI, TERM_NAMES
from ...records import frozen
from ...texts import SOURCE_000, SOURCE_003
from ..names import JI_DOORS, TAI_YIN
from ..plates import LODGE, RING, Plate, PlateKey

JI, XIONG, NEUTRAL = "吉", "凶", ""
#: The verdict of a rule whose verdict depends on the chart (吉, 凶 or neutral).
MIXED = "吉凶"

#: Line of each seed file where a quote starts is given by the rule; the file names:
SOURCES = (SOURCE_003, SOURCE_000)


@frozen
class Pattern:
    """One pattern on a chart: `name` exactly as in the text, `palace` (None when not
    palace-bound), `detail` ("" when none), `source` (seed file), `verdict` ("吉", "凶", or
    "" where the text is neutral or silent), `school` ("" for the author's own rules; the
    recorded school that produced it under `cast --school`: li lin tao sanshi zhushu, or yiben
    for the 一本's 擊刑, patterns/schools.py)."""

    name: str
    palace: int | None
    detail: str
    source: str
    verdict: str
    school: str = ""


def flat(result: Result) -> tuple[Pattern, ...]:
    """A rule's result (None, one Pattern, or several) as a tuple of Patterns."""
    if result is None:
        return ()
    if isinstance(result, Pattern):
        return (result,)
    return tuple(result)


def new_pattern(name: str, palace: int | None, detail: str, source: str, verdict: str,
                _new: Any = object.__new__, _set: Any = object.__setattr__) -> Pattern:
    """`Pattern(name, palace, detail, source, verdict)` without the frozen dataclass's
    __init__ (the same object, about three fifths of the cost): for rules that make thousands (氣應)."""
    p: Pattern = _new(Pattern)
    _set(p, "name", name)
    _set(p, "palace", palace)
    _set(p, "detail", detail)
    _set(p, "source", source)
    _set(p, "verdict", verdict)
    _set(p, "school", "")
    return p


@frozen
class PatternContext:
    """What the rules read: the plate, the reported day pillar, the hour and month pillars
    (cycle indices), the longitude index k of the term whose 局 is used, and the 元."""

    plate: Plate
    day: int
    hour: int
    month: int
    ju_term: int
    yuan: str


Result = Pattern | Sequence[Pattern] | None
#: A per-palace rule's result as (palace, detail) pairs (`Rule.palaces`).
Palaces = tuple[tuple[int, str], ...]


@cache
def palace_pattern(name: str, palace: int, detail: str, source: str, verdict: str) -> Pattern:
    """The Pattern of one (palace, detail) pair of a per-palace rule (`Rule.patterns_of`),
    shared by every result that has it."""
    return new_pattern(name, palace, detail, source, verdict)
#: A rule function (a Plate or a PatternContext → its Result), as `rule` registers it.
RuleFn = TypeVar("RuleFn", bound=Callable[..., Result])

# ---------------------------------------------------------------------------------------
# Registry

PLATE, CONTEXT = "plate", "context"
#: What a rule may read besides the plate (the plate holds the hour pillar, 遁 and 局).
NEEDS = ("day", "month", "term", "yuan")

#: The eight three-氣 groups, each named by its first 氣 (冬至 小寒 大寒 …); 刑德 (timing.py)
#: and the doors' 氣應 (qi.py) go by them: 冬至 立春 春分 立夏 夏至 立秋 秋分 立冬.
XING_DE_GROUPS = tuple(TERM_NAMES[(DONGZHI + 3 * i) % 24] for i in range(8))


def qi_group(k: int) -> str:
    """The three-氣 group (named by 冬至 立春 春分 …) of the term with longitude index k."""
    return XING_DE_GROUPS[((k - DONGZHI) % 24) // 3]


#: `qi_group` of each longitude index (the "term_group" input).
GROUP_OF_TERM: tuple[str, ...] = tuple(qi_group(k) for k in range(24))

#: What a context rule may read, by input name: (the need it belongs to, or "plate" for the
#: hour, which the plate holds; the place of its value in `input_values`).  A rule names the
#: inputs it reads; its `needs` and its cache key (the tuple of their values) follow.
INPUTS: dict[str, tuple[str, int]] = {
    "day": ("day", 0),
    "day_stem": ("day", 1),
    "day_branch": ("day", 2),
    "hour": (PLATE, 3),
    "hour_stem": (PLATE, 4),
    "month_branch": ("month", 5),
    "term": ("term", 6),
    "term_group": ("term", 7),
    "yuan": ("yuan", 8),
}


#: The values of every input of a context (`input_values`): ints, the three-氣 group and the 元 (text).
InputValues = tuple[int | str, ...]
#: A context rule's cache key: the values of its inputs.
RuleKey = tuple[int | str, ...]


def input_values(c: PatternContext) -> InputValues:
    """The value of every input of the PatternContext `c`, in the order of `INPUTS`: the day
    (cycle index), its stem and branch, the hour pillar and its stem, the month's branch, the
    term (longitude index) and its three-氣 group, the 元.  One call reads them all: a range
    makes every context rule's key for every chart."""
    day, hour, term = c.day, c.hour, c.ju_term % 24
    return day % 60, day % 10, day % 12, hour % 60, hour % 10, c.month % 12, term, GROUP_OF_TERM[term], c.yuan


def needs_of(inputs: Sequence[str]) -> tuple[str, ...]:
    """What `inputs` read besides the plate: their needs, in `NEEDS` order."""
    read = {INPUTS[name][0] for name in inputs}
    return tuple(n for n in NEEDS if n in read)


def _picker(places: Sequence[int]) -> Callable[[InputValues], Any]:
    """values → the tuple of the values at `places` (itemgetter gives a bare value for one place)."""
    if len(places) == 1:
        return operator.itemgetter(slice(places[0], places[0] + 1))
    return operator.itemgetter(*places) if places else lambda values: ()


def key_of(inputs: Sequence[str]) -> Callable[[PatternContext], RuleKey]:
    """ctx → the tuple of the values of `inputs` (a context rule's cache key)."""
    pick = _picker([INPUTS[name][1] for name in inputs])
    return lambda c: pick(input_values(c))


def keys_of(inputs_of_rules: Sequence[Sequence[str]]) -> Callable[[PatternContext], tuple[RuleKey, ...]]:
    """ctx → the tuple of several rules' keys (`key_of` of each, in order) in one call: a range
    makes every context rule's key for every chart, so the inputs are read once (`input_values`),
    the values of every key gathered in one tuple and cut into the keys (`operator.itemgetter`
    of places, then of slices: two calls in C)."""
    gather = _picker([INPUTS[name][1] for inputs in inputs_of_rules for name in inputs])
    ends = list(accumulate((len(inputs) for inputs in inputs_of_rules), initial=0))
    cuts = [slice(a, b) for a, b in zip(ends, ends[1:], strict=False)]
    if len(cuts) == 1:  # one rule: what is gathered is its key
        return lambda c: (gather(input_values(c)),)
    split = operator.itemgetter(*cuts) if cuts else lambda values: ()
    return lambda c: split(gather(input_values(c)))


@frozen
class Rule:
    """One registered rule.

    `names`: the pattern names it emits (what `--where` accepts); `verdicts`: name → 吉, 凶,
    "" (neutral: the text does not judge) or 吉凶 (depends on the chart); `needs`: what
    it reads besides the plate ((), or some of "day" "month" "term" "yuan": those of its
    `inputs`); `source` and `line`: the seed file and the line (1-based) where its quote
    starts; `quote` (a property, read off `fn`'s docstring): its first quoted passage; `summary`: what it checks, one
    line; `fn`: the rule (takes a Plate when `needs` is empty, else a PatternContext);
    `inputs`: for context rules, the names (`INPUTS`) of what it reads of the context;
    `key`: the tuple of their values (ctx → tuple, `key_of(inputs)`), by which its results
    are cached; `part`: the plate facts it reads (plate → hashable), when it reads the
    plate, and `compute(part, ctx)` its result from them (the rule itself otherwise);
    `palaces`: for a rule that names one pattern per palace under its one name (氣應), its
    result as (palace, detail) pairs (`compute` is then `patterns_of(palaces(part, ctx))`:
    a range's JSON Lines word the pairs without making Patterns).
    """

    fn: Callable[..., Result] = field(repr=False)
    names: tuple[str, ...]
    verdicts: dict[str, str] = field(hash=False, compare=False)
    needs: tuple[str, ...]
    source: str
    line: int
    key: Callable[[PatternContext], Hashable] | None = field(default=None, repr=False)
    part: Callable[[Plate], Any] | None = field(default=None, repr=False)       # → hashable plate facts
    compute: Callable[[Any, PatternContext], Result] | None = field(default=None, repr=False)
    inputs: tuple[str, ...] = ()
    palaces: Callable[[Any, PatternContext], Palaces] | None = field(default=None, repr=False)

    def patterns_of(self, pairs: Palaces) -> tuple[Pattern, ...]:
        """The Patterns of (palace, detail) pairs of this rule (one name and verdict; equal
        pairs give the same, shared Pattern objects)."""
        name = self.names[0]
        return tuple([palace_pattern(name, p, detail, self.source, self.verdicts[name]) for p, detail in pairs])

    @property
    def quote(self) -> str:
        """The docstring's first quoted passage (read off the rule's docstring when first asked for:
        a start that only casts a chart reads no rule's quote)."""
        return _doc_parts(self.fn.__doc__ or "")[1]

    @property
    def summary(self) -> str:
        """What the rule checks, one line: its docstring's first line."""
        return _doc_parts(self.fn.__doc__ or "")[0]

    @property
    def plate_only(self) -> bool:
        """True when the plate alone decides the rule ((遁, 局, hour, layout))."""
        return not self.needs

    @property
    def scope(self) -> str:
        """"plate", or "plate+day", "plate+month+term" … (what the rule reads)."""
        return "+".join(("plate",) + self.needs)


#: Every rule, in report order (filled by `rule` as the rule modules are imported).
REGISTRY: list[Rule] = []


@cache
def _doc_parts(doc: str) -> tuple[str, str]:
    """(summary, quote) of a rule's docstring: its first line, and its first quoted passage."""
    lines = [s.strip() for s in doc.strip().splitlines()]
    first = lines[: lines.index("")] if "" in lines else lines[:1]
    summary = re.sub(r"^[^:\s]+: ", "", " ".join(first))
    quote, started = [], False
    for s in lines[1:]:
        if s.startswith(">"):
            started = True
            quote.append(s[1:].strip() + (" " if s.endswith("…") else ""))
            if s.rstrip().endswith(".txt)") or s.rstrip().endswith("(003)") or s.rstrip().endswith("(000)"):
                break
        elif started:
            break
    text = re.sub(r"\s*\((?:\d{3}_[0-9a-f]+\.txt|\d{3})\)\s*$", "", "".join(quote))
    return summary, text.strip()


def rule(*names: str, verdict: str | dict[str, str], source: str, line: int, inputs: tuple[str, ...] = (),
         part: Callable[[Plate], Any] | None = None,
         compute: Callable[[Any, PatternContext], Result] | None = None,
         palaces: Callable[[Any, PatternContext], Palaces] | None = None) -> Callable[[RuleFn], RuleFn]:
    """Register a rule function under `names` (see `Rule`); `verdict` is one verdict for all
    its names or a name → verdict dict.  Rules without `inputs` take a Plate; the others a
    PatternContext, and name what they read of it (`inputs`, keys of `INPUTS`: their
    `needs` and cache `key` are derived from them) and, when they read the plate, `part`
    (plate facts) with `compute(part, ctx)`, the result the caches store (without `part`,
    compute(None, ctx) when given, else the rule itself); a rule that names one pattern per
    palace under its one name may give `palaces(part, ctx)` instead of `compute`, its result
    as (palace, detail) pairs (`Rule.palaces`)."""
    for name in inputs:
        if name not in INPUTS:
            raise ValueError(f"unknown input {name!r} (one of {', '.join(INPUTS)})")
    needs = needs_of(inputs)
    if inputs and not needs:
        raise ValueError("a rule that reads only the plate (the hour included) takes the Plate: no inputs")
    if palaces is not None and (compute is not None or len(names) != 1 or part is None):
        raise ValueError("palaces(part, ctx) is for a rule of one name that reads plate facts, instead of compute")
    if part is not None and compute is None and palaces is None:
        raise ValueError("a rule that reads plate facts (part) must give compute(part, ctx)")
    if part is not None and not inputs:
        raise ValueError("plate facts (part) are for a rule that reads the context (inputs)")
    verdicts = verdict if isinstance(verdict, dict) else {n: verdict for n in names}

    def mark(fn: RuleFn) -> RuleFn:
        comp = compute
        if inputs and part is None:
            comp = compute or (lambda _part, ctx: fn(ctx))
        record: Rule
        if palaces is not None:
            comp = lambda part, ctx: record.patterns_of(palaces(part, ctx))  # noqa: E731
        record = Rule(fn, names, verdicts, needs, source, line,
                      key=key_of(inputs) if inputs else None, part=part, compute=comp, inputs=tuple(inputs),
                      palaces=palaces)
        fn.scope = CONTEXT if needs else PLATE  # type: ignore[attr-defined]
        fn.names = names  # type: ignore[attr-defined]
        fn.rule = record  # type: ignore[attr-defined]
        REGISTRY.append(record)
        return fn

    return mark


# ---------------------------------------------------------------------------------------
# Shared per-plate lookups


#: (palace, stars, door) of each ring palace holding a star or a door (`_View.cells`).
Cells = tuple[tuple[int, tuple[str, ...], str | None], ...]
_CELLS: dict[Cells, int] = {}


class _View:
    """Per-plate lookups shared by the rules (built once per plate)."""

    __slots__ = ("plate", "earth", "heaven", "pairs", "yi", "hour_stem", "cells", "cells_id")

    def __init__(self, plate: Plate) -> None:
        self.plate = plate
        self.earth = dict(plate.earth)  # stem → earth palace (5 allowed)
        heaven: dict[str, list[int]] = {}
        for p in range(1, 10):
            for s in plate.palace(p).heaven_stems:
                heaven.setdefault(s, []).append(p)
        self.heaven = heaven  # stem → palaces where it stands on the heaven plate
        self.yi = plate.xun_yi
        self.hour_stem = STEMS[plate.hour % 10]
        # (palace, heaven, earth, label) for every X加Y, 甲 standing for the 旬首's 儀.
        pairs = []
        yi = self.yi
        for p in range(1, 10):
            pal = plate.palace(p)
            for h in pal.heaven_stems:
                for e in pal.earth_stems:
                    pairs.append((p, h, e, f"{h}加{e}"))
                    if h == yi and e != yi:
                        pairs.append((p, "甲", e, f"甲({h})加{e}"))
                    if e == yi and h != yi:
                        pairs.append((p, h, "甲", f"{h}加甲({e})"))
        self.pairs = tuple(pairs)
        # (palace, stars, door) of the ring palaces that hold a star or a door.
        self.cells = tuple(
            (p, plate.palace(p).stars, plate.palace(p).door)
            for p in range(1, 10)
            if plate.palace(p).stars or plate.palace(p).door is not None
        )
        # A small number naming this arrangement of stars and doors (few hundred in all).
        self.cells_id = _CELLS.setdefault(self.cells, len(_CELLS))

    def lodged(self, p: int) -> int:
        """The palace where a stem of earth palace `p` is drawn (5 stays 5 in 飛盤)."""
        lodge = self.plate.lodge
        return lodge if (p == 5 and lodge is not None) else p

    def ring_pos(self, stem: str) -> int:
        """Ring position of an earth stem, the centre lodged by the 遁's 寄宮 in either layout."""
        p = self.earth[stem]
        return RING.index((self.plate.lodge or LODGE[self.plate.dun]) if p == 5 else p)


def at_rest(plate: Plate) -> bool:
    """A 六甲 hour (天輔時): the 符 and 使 not yet parted, every 奇 and 儀 resting in its place,
    so nothing is 加 or 臨 and no pattern of a 加臨 holds (伏吟, 反吟, 迫, 奇墓, 奇制, 擊刑, the
    stem pairs, 三奇得使, 玉女守門 …).

    > 是以六甲之時，符使各安其位，定而能靜，謂之遁甲，不為伏吟。甲遁之後，奇儀用事，符使分宮，則星不得不動，
    > 以加所用之時干；門不得不動，以臨所遁之時支。 (003_fd1aa30e5b7f2d13.txt)
    > 天輔時者，甲子、甲戌、甲申、甲午、甲辰、甲寅時也。此六時符使未分、奇儀安位 … 攝伏諸凶，故為吉也。
    > 凡值此時，宜雪冤理枉，解紛釋難，諸事皆吉。 (003_fd1aa30e5b7f2d13.txt)

    By the hour, in both layouts: 陶氏's figures move the heaven plate at 甲 hours too, which
    the author rejects ("但謂六甲序為伏吟 … 更屬荒唐").
    """
    return plate.hour % 10 == 0


def tai_yin_qi_men(plate: Plate) -> tuple[int, str] | None:
    """(palace, door) where 太陰 (the heaven 丁) stands with a 吉門 (開 休 生), or None: the
    "太陰合奇門" that covers 二吟 and the 四凶 (丁 is a 奇 itself, so 丁 with a 吉門 is a 奇門).

    > 如值二吟，若得太陰合奇門蓋之，其凶減半。 (003_fd1aa30e5b7f2d13.txt)
    > 龍戰困頓下諸格，若得太陰合奇門蓋之，避其方，乘奇門而出猶可謀為。 (000_4b5dcee18d5e7425.txt)
    > 丁為太陰玉女 (000_4b5dcee18d5e7425.txt)
    """
    for p in _view(plate).heaven.get(TAI_YIN, ()):
        door = plate.palace(p).door
        if door is not None and door in JI_DOORS:
            return p, door
    return None


def _pair_rule(view: _View, table: Sequence[tuple[str, str, str, str, str]], source: str,
               school: str = "") -> list[Pattern]:
    """Patterns from a table of (heaven, earth, name, note, verdict); one per (name, palace, detail),
    of `school` ("" the author's).  None at a 六甲 hour (`at_rest`: nothing is 加)."""
    if at_rest(view.plate):
        return []
    index = _pair_index(tuple(table))
    found: dict[tuple[str, int, str], Pattern] = {}
    for p, h, e, label in view.pairs:
        for name, note, verdict in index.get((h, e), ()):
            detail = f"{label} {note}" if note else label
            found.setdefault((name, p, detail), Pattern(name, p, detail, source, verdict, school))
    return sorted(found.values(), key=lambda pat: (pat.palace, pat.name, pat.detail))


@cache
def _pair_index(table: tuple[tuple[str, str, str, str, str], ...]) -> dict[tuple[str, str], tuple[tuple[str, str, str], ...]]:
    """A pair table indexed by (heaven, earth), rows kept in table order."""
    index: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for h, e, name, note, verdict in table:
        index.setdefault((h, e), []).append((name, note, verdict))
    return {k: tuple(v) for k, v in index.items()}


def _both_ways(rows: Sequence[tuple[str, str, str, str, str]]) -> tuple[tuple[str, str, str, str, str], ...]:
    out = []
    for a, b, name, note, verdict in rows:
        out.append((a, b, name, note, verdict))
        out.append((b, a, name, note, verdict))
    return tuple(out)




_VIEWS: dict[PlateKey, _View] = {}


def _view(plate: Plate) -> _View:
    """The plate's lookups, built once per plate (2,160 plates at most)."""
    view = _VIEWS.get(plate.key)
    if view is None:
        view = _VIEWS[plate.key] = _View(plate)
    return view
