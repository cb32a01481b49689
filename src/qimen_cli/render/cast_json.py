"""`cast --json`: a Chart as the JSON object of CONVENTIONS.md."""

from __future__ import annotations

from functools import lru_cache

from ..calendar.ganzhi import BRANCHES
from ..qimen.plates import GODS, SCHOOLS
from .jsonout import RawJSON, dumps, moment_json, term_json


def palaces_json(plate) -> dict:
    """`palaces` {"1"…"9": {earth_stems, heaven_stems, stars, door, god}}."""
    out = {}
    for p in range(1, 10):
        cell = plate.palaces[p]
        out[str(p)] = {
            "earth_stems": list(cell.earth_stems),
            "heaven_stems": list(cell.heaven_stems),
            "stars": list(cell.stars),
            "door": cell.door,
            "god": cell.god,
        }
    return out


_PALACES_TEXT: dict[tuple, str] = {}


def palaces_text(plate) -> str:
    """`palaces_json` serialised, once per plate (keyed by the plate's cheap key)."""
    text = _PALACES_TEXT.get(plate.key)
    if text is None:
        text = _PALACES_TEXT[plate.key] = dumps(palaces_json(plate))
    return text


@lru_cache(maxsize=65536)
def pattern_text(p) -> str:
    return dumps({"name": p.name, "palace": p.palace, "detail": p.detail, "source": p.source, "verdict": p.verdict})


@lru_cache(maxsize=64)
def conventions(method: str, layout: str, switch: str, terms: str, day_change: int, clock: str) -> dict:
    """Every choice in force, so that two outputs can be compared safely."""
    return {
        "method": method,
        "layout": layout,
        "school": SCHOOLS[layout],
        "term_switch": switch if method == "chaibu" else None,
        "terms": terms,
        "lodge": "陽遁寄坤(2) 陰遁寄艮(8)",
        "centre_door": "陽遁死門 陰遁生門",
        "ba_shen": "".join(GODS),
        "ba_shen_direction": "陽遁順 陰遁逆",
        "day_change": day_change,
        "clock": clock,
        "yuan_day": "the day that owns the 時辰 (23:00 → next day)",
    }


def _choices(chart) -> tuple:
    m = chart.moment
    return (chart.method, chart.layout, chart.switch, m.table.kind, m.day_change, m.clock)


@lru_cache(maxsize=64)
def _conventions_text(*choices) -> str:
    return dumps(conventions(*choices))


def chart_json(chart) -> dict:
    """The chart as a dict (for scripts that post-process in Python)."""
    data = _head(chart)
    data["palaces"] = palaces_json(chart.plate)
    data["patterns"] = [
        {"name": p.name, "palace": p.palace, "detail": p.detail, "source": p.source, "verdict": p.verdict}
        for p in chart.patterns
    ]
    data["conventions"] = conventions(*_choices(chart))
    return data


def chart_json_text(chart) -> RawJSON:
    """The same object as `chart_json`, serialised with the per-plate and per-pattern parts cached."""
    head = dumps(_head(chart))
    return RawJSON(
        head[:-1]
        + ',"palaces":' + palaces_text(chart.plate)
        + ',"patterns":[' + ",".join(pattern_text(p) for p in chart.patterns) + "]"
        + ',"conventions":' + _conventions_text(*_choices(chart))
        + "}"
    )


def _head(chart) -> dict:
    m, ju, plate = chart.moment, chart.ju, chart.plate
    data = moment_json(m)
    data["input"]["method"] = chart.method
    data["input"]["layout"] = chart.layout
    data["solar_term"] = term_json(ju.solar_term)
    data["ju_term"] = ju.ju_term
    data["dun"] = ju.dun
    data["ju"] = ju.ju
    data["yuan"] = ju.yuan
    data["fu_tou"] = ju.fu_tou
    if chart.method == "zhirun":
        data["yuan_status"] = ju.yuan_status
        data["yuan_days"] = ju.yuan_days
        data["block_start"] = ju.block_start.isoformat() if ju.block_start else None
    data["xun_shou"] = plate.xun_shou
    data["xun_yi"] = plate.xun_yi
    data["kong_wang"] = [BRANCHES[b] for b in chart.kong_wang]
    data["kong_wang_palaces"] = list(chart.kong_wang_palaces)
    data["yi_ma"] = {"branch": BRANCHES[chart.yi_ma], "palace": chart.yi_ma_palace}
    data["zhi_fu"] = {"star": plate.zhi_fu, "palace": plate.zhi_fu_palace}
    data["zhi_shi"] = {"door": plate.zhi_shi, "palace": plate.zhi_shi_palace}
    return data
