"""The 時家奇門 chart: a Moment's 局, its plate, and every pattern on it.

More precisely: `cast_chart` takes the 局 by the chosen method (ju.py), the plate
of (遁, 局, hour 干支) in the chosen layout (plates.py, built once per key), the
patterns (patterns.py), and the hour's 空亡 and 驛馬 with their palaces.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING

from ..calendar.compass import BRANCH_PALACE
from ..calendar.ganzhi import BRANCHES, kong_wang, yi_ma
from ..calendar.moment import Moment
from ..errors import BadInput
from ..records import frozen
from .ju import Ju, determine_ju
from .patterns import Pattern, PatternContext, find_pattern_groups, flatten
from .plates import LODGE, Plate, build_plate, chart_plate

if TYPE_CHECKING:
    from .annotations import Annotation


def palaces_of(branches: Iterable[int]) -> tuple[int, ...]:
    """The palaces of `branches` (the 空亡's), each once, in palace order."""
    return tuple(sorted({BRANCH_PALACE[b] for b in branches}))


def hour_marks(hour: int) -> tuple[tuple[int, ...], int]:
    """(the palaces of the 空亡, the palace of the 驛馬) of an hour pillar (cycle index): the
    hour's 旬空 and the 驛馬 of its branch, as a Chart of that hour has them."""
    return palaces_of(kong_wang(hour)), BRANCH_PALACE[yi_ma(hour % 12)]


@frozen
class Chart:
    """One chart; `moment` and the derived objects are kept for the renderers."""

    moment: Moment = field(repr=False)
    method: str
    layout: str
    switch: str
    ju: Ju
    plate: Plate
    pattern_groups: tuple[tuple[Pattern, ...], ...] = field(repr=False)  # per registry entry
    kong_wang: tuple[int, int]     # branches of the hour's 旬空
    yi_ma: int                     # branch of the hour's 驛馬
    school: str = "gu"             # --school: the recorded school whose variants follow the rules' groups
    lodge: str = "kungen"          # --lodge: kungen (000's 陽坤陰艮) or kun (寄坤, beyond the texts)
    qin: str = "with"              # --qin: 天禽 drawn with its lodge star, or apart in 中五 (beyond the texts)
    # --annotate: qimen/annotations.Annotation, each asked
    annotations: tuple[Annotation, ...] | None = field(default=None, repr=False)
    scope: str = "hour"            # --scope: hour (時家), or year, month, day (beyond the texts: qimen/scope.py)

    @cached_property
    def patterns(self) -> tuple[Pattern, ...]:
        """Every pattern of the chart, in registry order."""
        return flatten(self.pattern_groups)

    @property
    def kong_wang_palaces(self) -> tuple[int, ...]:
        return palaces_of(self.kong_wang)

    @property
    def yi_ma_palace(self) -> int:
        return BRANCH_PALACE[self.yi_ma]

    def has(self, name: str) -> bool:
        return any(p.name == name for p in self.patterns)


def cast_chart(moment: Moment, method: str = "zhirun", layout: str = "zhuan", switch: str = "shichen",
               school: str = "gu", lodge: str = "kungen", qin: str = "with", *,
               annotate: tuple[str, ...] = (), scope: str = "hour") -> Chart:
    """The chart of a Moment under a method (zhirun|chaibu|maoshan) and layout (zhuan|fei); a `school`
    other than gu adds that recorded school's variants after the rules' own groups
    (patterns/schools.py); `lodge` kun draws the 轉盤 with the centre lodged in 坤 in both 遁
    (`plates.LODGE_PLATE`, beyond the texts); `annotate`, the keys of the palace annotations to add
    (qimen/annotations.py: beyond the texts, none by default); a `scope` other than hour is the
    年家, 月家 or 日家 chart (`scope_chart`; no annotations: they read the hour's stem and month)."""
    if scope != "hour":
        if annotate:
            raise BadInput(f"--annotate reads the hour chart (its hour stem, its month): not with --scope {scope}")
        return scope_chart(moment, scope, method, layout, switch, school, lodge, qin)
    ju = determine_ju(moment, method, switch)
    plate_layout = layout
    if lodge != "kungen":
        from .plates import LODGE_PLATE

        if layout != "zhuan" or lodge not in LODGE_PLATE:
            raise BadInput(f"--lodge {lodge} lodges the centre of the 轉盤 (kungen or kun, with --layout zhuan)")
        plate_layout = LODGE_PLATE[lodge]
    if school != "gu":
        from .patterns.schools import PLATE_OF_SCHOOL

        plate_layout = PLATE_OF_SCHOOL.get(school, plate_layout)
        if plate_layout != layout and layout != "zhuan":
            raise BadInput(f"--school {school} draws its own 轉盤 (五專寄坤): use it with --layout zhuan, not {layout}")
    plate = build_plate(ju.dun, ju.ju, moment.pillars.hour, plate_layout)
    ctx = PatternContext(plate, moment.pillars.day, moment.pillars.hour, moment.pillars.month, ju.ju_term_k, ju.yuan)
    groups = find_pattern_groups(ctx)
    if school != "gu":
        from .patterns.schools import school_groups

        groups = groups + school_groups(ctx, school)
    if qin != "with":  # a display choice: the patterns above were found on the lodged plate
        from .plates import qin_apart

        if qin != "apart" or layout != "zhuan":
            raise BadInput(f"--qin {qin} draws 天禽 of the 轉盤 (with or apart, with --layout zhuan)")
        plate = qin_apart(plate)
    return Chart(
        moment=moment,
        method=method,
        layout=layout,
        switch=switch,
        ju=ju,
        plate=plate,
        pattern_groups=groups,
        kong_wang=kong_wang(moment.pillars.hour),
        yi_ma=yi_ma(moment.hour_branch),
        school=school,
        lodge=lodge,
        qin=qin,
        annotations=annotations_of(plate, moment, annotate) if annotate else None,
    )


def annotations_of(plate: Plate, moment: Moment, keys: tuple[str, ...]) -> tuple[Annotation, ...]:
    """The palace annotations `keys` of a chart's plate in its 節氣 month (qimen/annotations.py)."""
    from .annotations import annotate

    return annotate(plate, moment.pillars.month % 12, tuple(keys))


def scope_chart(moment: Moment, scope: str, method: str = "zhirun", layout: str = "zhuan", switch: str = "shichen",
                school: str = "gu", lodge: str = "kungen", qin: str = "with") -> Chart:
    """The 年家, 月家 or 日家 chart of a Moment (`cast --scope`, beyond the texts): the scope's 局
    (qimen/scope.py), the plate of the scope's pillar drawn with 寄坤 (`scope.SCOPE_LODGE`), the
    patterns a scope shows (`scope.scope_groups`), and the pillar's 空亡 and 驛馬.  The 局
    method, the layout and the school are the hour's: with a scope only their defaults are taken."""
    from .plates import LODGE_PLATE, qin_apart
    from .scope import SCOPE_LODGE, SCOPES, scope_groups, scope_ju

    if scope not in SCOPES:
        raise BadInput(f"unknown scope {scope!r} (choose from {', '.join(SCOPES)})")
    if layout != "zhuan" or school != "gu" or lodge not in ("kungen", SCOPE_LODGE):
        raise BadInput(f"--scope {scope} draws the 轉盤 with 寄坤, as its sources do: use it without --layout fei, "
                       "--school or --lodge")
    sj = scope_ju(moment, scope)
    plate = build_plate(sj.dun, sj.ju, sj.pillar, LODGE_PLATE[SCOPE_LODGE])
    groups = scope_groups(plate)
    if qin != "with":
        plate = qin_apart(plate)
    term = moment.term
    ju = Ju(method=method, solar_term=term, ju_term=term.name if sj.term_k is not None else "",
            ju_term_k=term.k, dun=sj.dun, ju=sj.ju, yuan=sj.yuan, fu_tou=sj.head, yuan_status=None,
            yuan_days=None, block_start=None, steps=sj.steps)
    return Chart(moment=moment, method=method, layout=layout, switch=switch, ju=ju, plate=plate,
                 pattern_groups=groups, kong_wang=kong_wang(sj.pillar), yi_ma=yi_ma(sj.pillar % 12),
                 school=school, lodge=SCOPE_LODGE, qin=qin, scope=scope)


__all__ = ["BRANCH_PALACE", "Chart", "LODGE", "cast_chart", "chart_plate", "yi_ma", "BRANCHES"]
