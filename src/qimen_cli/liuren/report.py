"""One 六壬 lesson assembled: plate, 四課, 三傳, 天將, 空亡 — what `qimen liuren` prints.

`cast` takes primitives (cycle day, hour branch, 月將 branch, the noble inputs), as the text
gives its examples (正月甲子日寅時 …); `from_moment` takes a resolved Moment: 月將 by the last
中氣 instant (000: 雨水亥 春分戌 …), the hour's branch, the day pillar, the half-year.
"""

from __future__ import annotations

from pathlib import Path

from ..calendar.branchplate import heaven_over, shift, yue_jiang_branch
from ..calendar.ganzhi import BRANCHES, CYCLE, STEMS, kong_wang, month_number
from ..gucu.tiangang import LIUREN, Gate, GateReading, gate, gate_reading, reading_places, tian_gang_position
from ..records import frozen
from .daynight import DAY_HOURS, Daylight, by_hours, by_sun
from .jiling import JiLing, jiling
from .nobles import DAY_NIGHT_RULES, NAJIA, Lead, Noble, lead, place
from .plate import GOD_NAMES
from .transmissions import CHONG, transmit
from .worked import TextDiffers, text_differs

__all__ = ["Liuren", "cast", "from_moment"]


@frozen
class Liuren:
    """A 六壬 lesson.  Field names are the JSON keys of `qimen liuren --json`.

    `heaven_plate`: earth branch → heaven branch; `lessons`: [upper, lower] × 4 (日之陽 日之陰
    辰之陽 辰之陰; the first lower is the day stem); `lesson_relations`: 下克上 / 上克下 / None per
    lesson; `transmissions`: 初 中 末; `rule`: the rule that decided; `labels`: every rule whose
    condition holds; `generals`: heaven branch → 天將 (None when the noble rule lacks its input);
    `kong_wang`: the day's 旬空, `transmission_kong`: which 傳 are 空; `lead`: 004's reading of
    the general on the 初傳 leading troops; `text_differs`: 004's own answer where it works
    this lesson out otherwise (None elsewhere); `jiling`: 集靈經 on casting it (不可占, facing,
    the 建, the 天罡 month scheme); `tian_gang`: 天罡 on 地戶 / 天門 / 酉 with 004's reading (a
    GateReading under `--tian-men youmen|sanmen`, with the 天門 and 地戶 taken).
    """

    day: str
    hour: str
    yue_jiang: str
    yue_jiang_name: str
    heaven_plate: dict[str, str]
    lessons: tuple[tuple[str, str], ...]
    lesson_relations: tuple[str | None, ...]
    transmissions: tuple[str, str, str]
    transmission_names: tuple[str, str, str]
    rule: str
    labels: tuple[str, ...]
    detail: str
    source: str
    kong_wang: tuple[str, str]
    transmission_kong: tuple[bool, bool, bool]
    noble: Noble | None
    generals: dict[str, str] | None
    transmission_generals: tuple[str, str, str] | None
    lead: Lead | None
    daylight: Daylight | None
    text_differs: TextDiffers | None
    jiling: JiLing
    tian_gang: Gate | GateReading


def cast(day: int, hour: int, yue_jiang: int, *, noble_rule: str = NAJIA, yang: bool | None = None,
         daylight: Daylight | None = None, fan_yin: str = CHONG, year_jian: int | None = None,
         month_jian: int | None = None, tian_men: str = LIUREN) -> Liuren:
    """The lesson of cycle day `day` at hour branch `hour` with 月將 `yue_jiang` (月將加正時).

    Generals: by `noble_rule` — `najia` needs `yang` (陽貴 half-year) and is left out (None)
    without it; `day-night` uses `daylight`, or the hour (卯–申 day) when it is None.
    `fan_yin`: the reading of 反吟 (transmissions.FAN_YIN_READINGS).  集靈經: `year_jian` and
    `month_jian` (branches) are the 建 to avoid, the 月建's month that of the 天罡 scheme
    (None: not known); its 朝/暮 is `daylight`'s 晝/夜, or the hour's.  `tian_men`: the reading of
    天門 and 地戶 for 天罡 on them (gucu/tiangang.TIAN_MEN_READINGS); youmen takes the 遊門 of the
    月建's month (寅 正月), and needs `month_jian`.
    """
    day %= 60
    hour %= 12
    yue_jiang %= 12
    s = shift(yue_jiang, hour)
    lessons, t = transmit(day, s, fan_yin)
    on = tian_gang_position(yue_jiang, hour)
    void = kong_wang(day)
    first, middle, last = t.branches
    noble = generals = on_transmissions = leader = None
    if noble_rule in DAY_NIGHT_RULES and daylight is None:
        daylight = by_hours(hour)
    if noble_rule == NAJIA:
        daylight = None
    if noble_rule != NAJIA or yang is not None:
        noble, placed = place(day % 10, yue_jiang, hour, noble_rule, yang=yang, daylight=daylight)
        generals = {BRANCHES[b]: name for b, name in placed.items()}
        on_transmissions = (placed[first], placed[middle], placed[last])
        leader = lead(on_transmissions[0])
    return Liuren(
        day=CYCLE[day],
        hour=BRANCHES[hour],
        yue_jiang=BRANCHES[yue_jiang],
        yue_jiang_name=GOD_NAMES[yue_jiang],
        heaven_plate={BRANCHES[p]: BRANCHES[heaven_over(s, p)] for p in range(12)},
        lessons=tuple(
            (BRANCHES[les.upper], STEMS[les.lower] if les.lower_is_stem else BRANCHES[les.lower])
            for les in lessons
        ),
        lesson_relations=tuple(les.relation for les in lessons),
        transmissions=(BRANCHES[first], BRANCHES[middle], BRANCHES[last]),
        transmission_names=(GOD_NAMES[first], GOD_NAMES[middle], GOD_NAMES[last]),
        rule=t.rule,
        labels=t.labels,
        detail=t.detail,
        source=t.source,
        kong_wang=(BRANCHES[void[0]], BRANCHES[void[1]]),
        transmission_kong=(first in void, middle in void, last in void),
        noble=noble,
        generals=generals,
        transmission_generals=on_transmissions,
        lead=leader,
        daylight=daylight,
        text_differs=text_differs(day, hour, yue_jiang, t.branches),
        jiling=jiling(day % 10, hour, daylight.is_day if daylight else hour in DAY_HOURS, on, year_jian=year_jian,
                      month_jian=month_jian),
        tian_gang=gate(on) if tian_men == LIUREN else _gate_reading(on, tian_men, yue_jiang, hour, month_jian),
    )


def _gate_reading(on: int, reading: str, yue_jiang: int, hour: int, month_jian: int | None) -> GateReading:
    """天罡 on the gates under `reading` (youmen: the 月建's month's 遊門 天門; sanmen: the hour's 天三門 地四戶)."""
    month = None if month_jian is None else month_number(month_jian)
    return gate_reading(on, reading, *reading_places(reading, yue_jiang, hour, month, month_jian))


def from_moment(moment, *, noble_rule: str = NAJIA, yue_jiang: int | None = None,
                lat: float | None = None, lon: float | None = None,
                ephemeris_path: Path | None = None, fan_yin: str = CHONG, tian_men: str = LIUREN) -> Liuren:
    """The lesson of a resolved Moment.

    月將: `yue_jiang` if given, else by the last 中氣 before the instant (the true instant,
    not its date).  Day: the day pillar (it follows --day-change).  Hour: the 時辰's branch.
    貴人 (najia): the half-year at the true 冬至/夏至.  晝/夜 (day-night): by the Sun at
    `lat`, `lon` when both are given, else by the hour.  集靈經: the 建 of the year and month
    pillars; the month of the 天罡 scheme is the 月建's (寅 正月).

    > 求將之訣：神后子起、登明亥止，以亥逆纏，娵訾、雨水，月月氣足，一將一出，將加正時，吉凶可卜。
    > (000_4b5dcee18d5e7425.txt)
    """
    yj = yue_jiang_branch(moment.qi.k) if yue_jiang is None else yue_jiang
    daylight = None
    if noble_rule in DAY_NIGHT_RULES:
        if lat is not None and lon is not None:
            daylight = by_sun(moment.ts, lat, lon, ephemeris_path)
        else:
            daylight = by_hours(moment.hour_branch)
    month_jian = moment.pillars.month % 12
    return cast(moment.pillars.day, moment.hour_branch, yj, noble_rule=noble_rule,
                yang=moment.yang_half, daylight=daylight, fan_yin=fan_yin, year_jian=moment.pillars.year % 12,
                month_jian=month_jian, tian_men=tian_men)
