"""`liuren`: 大六壬 四課三傳 with the 天將 for a Moment, and its JSON."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import Art, Steps, json_object

if TYPE_CHECKING:
    from pathlib import Path

    from ..calendar.moment import Moment
    from ..liuren.report import Liuren


def compute(moment: Moment, noble_rule: str, yue_jiang: int | None, lat: float | None, lon: float | None,
            ephemeris_path: Path | None, fan_yin: str = "chong", tian_men: str = "liuren") -> tuple[Moment, Liuren]:
    """(moment, Lesson): the 月將 `yue_jiang` (a branch) or None for the one of the last 中氣;
    `lat`/`lon`/`ephemeris_path` decide 晝/夜 by sunrise and sunset (day-night rules);
    `fan_yin` the reading of 反吟 (chong or najia); `tian_men` that of 天門/地戶 (liuren, youmen, sanmen)."""
    from ..liuren.report import from_moment

    return moment, from_moment(moment, noble_rule=noble_rule, yue_jiang=yue_jiang, lat=lat, lon=lon,
                               ephemeris_path=ephemeris_path, fan_yin=fan_yin, tian_men=tian_men)


def to_json(result: tuple[Moment, Liuren], noble_rule: str, lat: float | None, lon: float | None, yue_jiang_by: str, fan_yin: str = "chong",
            tian_men: str = "liuren") -> str:
    """The lesson's JSON; `yue_jiang_by` names where the 月將 came from (中氣, --yuejiang, --month)."""
    from ..render.json_liuren import lesson_text

    return lesson_text(*result, noble_rule, lat, lon, yue_jiang_by, fan_yin, tian_men)


def ephemeris_for(noble_rule: str, lat: float | None, ephemeris: str | None) -> Path | None:
    """The ephemeris file the 晝/夜 of sunrise and sunset reads: only for the day-night rules at a latitude."""
    if not (noble_rule.startswith("day-night") and lat is not None):
        return None
    from ..calendar.ephemeris import chosen_path

    return chosen_path(ephemeris)


def job_steps(noble_rule: str, yue_jiang: int | None, lat: float | None, lon: float | None,
              ephemeris_path: Path | None, yue_jiang_by: str, fan_yin: str = "chong",
              tian_men: str = "liuren") -> Steps:
    """The steps of a stream of this art (see arts.Job)."""
    return Steps(
        functools.partial(compute, noble_rule=noble_rule, yue_jiang=yue_jiang, lat=lat, lon=lon,
                          ephemeris_path=ephemeris_path, fan_yin=fan_yin, tian_men=tian_men),
        functools.partial(to_json, noble_rule=noble_rule, lat=lat, lon=lon, yue_jiang_by=yue_jiang_by, fan_yin=fan_yin,
                          tian_men=tian_men),
    )


def dateless(day: int, hour: int, yue_jiang: int, noble_rule: str, half: str | None, fan_yin: str = "chong",
             month: int | None = None, tian_men: str = "liuren") -> Liuren:
    """A lesson without a date, as the text gives its examples (正月甲子日寅時 …): the day and
    hour 干支, the 月將, and the half-year of the 納甲 貴人 (yang, yin or None: from the hour);
    `month` (--month, or None) gives 集靈經 its month and 月建 (寅 = 正月)."""
    from ..liuren.report import cast

    month_jian = None if month is None else (month + 1) % 12
    return cast(day, hour, yue_jiang, noble_rule=noble_rule, yang=None if half is None else HALVES[half],
                fan_yin=fan_yin, month_jian=month_jian, tian_men=tian_men)


#: --half → 陽貴 (冬至→夏至) or 陰貴.
HALVES = {"yang": True, "yin": False}


def dateless_json(lesson: Liuren, half: str | None, noble_rule: str, fan_yin: str = "chong", month: int | None = None,
                  tian_men: str = "liuren") -> str:
    from ..render.json_liuren import dateless_text

    return dateless_text(lesson, half, noble_rule, fan_yin, month, tian_men)


# --- find -------------------------------------------------------------------------------


def find_compute(moment: Moment, opts: dict[str, Any]) -> tuple[Moment, Liuren]:
    """The lesson `find` reads: the 月將 of the last 中氣, its --noble-rule, --lat, --fan-yin and
    --tian-men (None: liuren's 亥/巳)."""
    lat = opts.get("lat")
    path = ephemeris_for(opts["noble_rule"], lat, opts.get("ephemeris"))
    return compute(moment, opts["noble_rule"], None, lat, opts.get("lon"), path, opts.get("fan_yin", "chong"),
                   opts.get("tian_men") or "liuren")


def find_json(result: tuple[Moment, Liuren], opts: dict[str, Any]) -> dict[str, Any]:
    return json_object(to_json(result, opts["noble_rule"], opts.get("lat"), opts.get("lon"), "中氣",
                              opts.get("fan_yin", "chong"), opts.get("tian_men") or "liuren"))


def find_part(result: tuple[Moment, Liuren], key: str) -> Any:
    """A top-level key of the JSON that is a field of the Lesson (rule, labels …), written alone
    (`render.json_liuren.ENCODE`)."""
    from ..render.json_liuren import ENCODE
    from . import field_part

    return field_part(result[1], key, ENCODE)


ART = Art(
    "liuren", "大六壬 四課三傳 with the 天將.",
    engine="liuren/, gods/, gucu/",
    help="大六壬: heaven plate (月將加正時), 四課, 三傳 by 004's rules, the twelve 天將.\n\n"
         "Span with the shipped tables: 1799-07-22 … 2201-04-05.",
    epilog="\b\nExamples:\n  qimen liuren --at 2024-03-05T11:00 --tz Asia/Shanghai\n"
           "  qimen liuren --at 2024-03-05T11:00 --tz Asia/Shanghai --lang en --json",
    api="大六壬 四課三傳 at `at` (`qimen liuren`), or without a date from `day`, `hour` and the 月將\n"
        "(`yuejiang` or `month`): a Result whose value is the Lesson; over a range, a Stream of them.\n"
        "`tian_men`: the reading of 天門/地戶 for 天罡 on them (liuren 亥/巳, youmen, sanmen).",
    answers="{instant} Without a date: day, hour and yuejiang or month.",
    options="qimen_cli.options:_liuren", check="qimen_cli.commands:liuren", steps=job_steps,
    view="qimen_cli.render.liuren:draw", rows="qimen_cli.render.table:ROWS[liuren]",
    rules="qimen_cli.liuren.rules:RULES",
    find_compute=find_compute, find_json=find_json, find_part=find_part,
    places=("plate", "qimen_cli.find.places:liuren_keys", "qimen_cli.find.places:liuren_places"),
    parallel=3000, cost=2, listed=4,
    value="qimen_cli.liuren.report:Liuren",
)
