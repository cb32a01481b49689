"""`twelve-gods`: 月將 and its plate, 建除, the emergency directions of 000, and their JSON."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import Art, Steps, json_object

if TYPE_CHECKING:
    from ..calendar.moment import Moment
    from ..gods.report import TwelveGodsReport


@functools.cache
def _engine() -> tuple[Any, Any]:
    """(twelve_gods_report, gods_text), imported when first asked for (not with the record)
    and then kept: a stream asks once an instant, and an import statement costs about 2 µs."""
    from ..gods.report import twelve_gods_report
    from ..render.json_gods import gods_text

    return twelve_gods_report, gods_text


def compute(moment: Moment, school: str) -> tuple[Moment, TwelveGodsReport]:
    """(moment, TwelveGodsReport) under `school` (gu, or sanshi with the 三氏 variants)."""
    return moment, _engine()[0](moment, school)


def to_json(result: tuple[Moment, TwelveGodsReport]) -> str:
    return _engine()[1](*result)  # type: ignore[no-any-return]  # (render.json_gods.gods_text)


def job_steps(school: str) -> Steps:
    """The steps of a stream of this art (see arts.Job)."""
    return Steps(functools.partial(compute, school=school), to_json)


# --- find -------------------------------------------------------------------------------

#: find's --school values (cast's) under which twelve-gods shows its 三氏 variants: those that
#: turn on what 三氏 hold together (qimen/patterns/schools.SCHOOL_SETS).
SANSHI_SCHOOLS = ("li", "lin", "tao", "sanshi")


def find_compute(moment: Moment, opts: dict[str, Any]) -> tuple[Moment, TwelveGodsReport]:
    """The report `find` reads: with its 三氏 variants under a --school that holds them."""
    return compute(moment, "sanshi" if opts["school"] in SANSHI_SCHOOLS else "gu")


def find_json(result: tuple[Moment, TwelveGodsReport], opts: dict[str, Any]) -> dict[str, Any]:
    return json_object(to_json(result))


def find_part(result: tuple[Moment, TwelveGodsReport], key: str) -> Any:
    """A top-level key of the JSON that is a field of the report, written alone (`render.json_gods.ENCODE`)."""
    from ..render.json_gods import ENCODE
    from . import field_part

    return field_part(result[1], key, ENCODE)


ART = Art(
    "twelve-gods", "月將, 建除, 天三門 地四戶, 天馬, 私門, 亭亭 白奸.",
    engine="gods/",
    help="月將 (changes at each 中氣), its plate 月將加正時, 直辰, 天三門 地四戶 天馬 地私門 亭亭 白奸, 十干神名.\n\n"
         "Span with the shipped tables: 1799-07-22 … 2201-04-05.",
    epilog="\b\nExamples:\n  qimen twelve-gods --at 2024-03-05T11:00 --tz Asia/Shanghai\n"
           "  qimen twelve-gods --at 2024-03-05T11:00 --tz Asia/Shanghai --school sanshi",
    api="月將, 建除 and the emergency directions at `at` (`qimen twelve-gods`): a Result whose value\n"
        "is the TwelveGodsReport; over a range, a Stream of them.",
    options="qimen_cli.options:_twelve_gods", check="qimen_cli.commands:twelve_gods", steps=job_steps,
    view="qimen_cli.render.gods:draw_twelve_gods", rows="qimen_cli.render.table:ROWS[twelve-gods]",
    rules="qimen_cli.gods.rules:TWELVE_GODS_RULES",
    find_compute=find_compute, find_json=find_json, find_part=find_part,
    places=("plate", "qimen_cli.find.places:gods_keys", "qimen_cli.find.places:twelve_gods_places"),
    parallel=1000, cost=5, listed=1,
    value="qimen_cli.gods.report:TwelveGodsReport",
)
