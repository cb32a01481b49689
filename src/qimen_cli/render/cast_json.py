"""`cast --json`: a Chart as the JSON object of CONVENTIONS.md."""

from __future__ import annotations

from functools import lru_cache

from ..calendar.ganzhi import BRANCHES
from ..qimen.plates import GODS, SCHOOLS
from .jsonout import moment_json, term_json


@lru_cache(maxsize=4096)
def palaces_json(plate) -> dict:
    """`palaces` {"1"…"9": {earth_stems, heaven_stems, stars, door, god}} (one per plate, cached)."""
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


def conventions(chart) -> dict:
    """Every choice in force, so that two outputs can be compared safely."""
    m = chart.moment
    return {
        "method": chart.method,
        "layout": chart.layout,
        "school": SCHOOLS[chart.layout],
        "term_switch": chart.switch if chart.method == "chaibu" else None,
        "terms": m.table.kind,
        "lodge": chart.lodge_rule,
        "centre_door": "陽遁死門 陰遁生門",
        "ba_shen": "".join(GODS),
        "ba_shen_direction": "陽遁順 陰遁逆",
        "day_change": m.day_change,
        "clock": m.clock,
        "yuan_day": "the day that owns the 時辰 (23:00 → next day)",
    }


def chart_json(chart) -> dict:
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
    data["palaces"] = palaces_json(plate)
    data["patterns"] = [
        {"name": p.name, "palace": p.palace, "detail": p.detail, "source": p.source, "verdict": p.verdict}
        for p in chart.patterns
    ]
    data["conventions"] = conventions(chart)
    return data
