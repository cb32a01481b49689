"""The places of `find`: the nine palaces of a 奇門 chart, the twelve branches of a 月將 plate, the
24 points of the 孤虛 ring — each as a record a place condition tests, and as a direction.

More precisely:

* each form's keys (`palace_keys`, `gods_keys`, `liuren_keys`, `ring_keys`: key → the values it
  takes when they are a fixed set), named with the place word by the art's record (`Art.places`).
  The keys are the JSON's own (`cast --json` palaces: door, stars, god, heaven_stems,
  earth_stems), with the palace's number and trigram, its marks (空, 馬: the hour's 空亡 and 驛馬,
  as the chart view marks them) and the names of the patterns found in it.
* each art's place records of an answer (`chart_places`, `twelve_gods_places`, `noble_places`,
  `liuren_places`, `ring_places`), which its record names:
* `palace_records(plate, patterns, kong, ma)`: the nine palace records of a chart (or of a
  plate alone, with the plate-only patterns): number → {key: value}.
* `plate_branches(part, points)`, `lesson_branches(part)`: the twelve branch records of a 月將
  plate with its generals (twelve-gods, noble) or of a 六壬 lesson, read off the top-level keys
  of its JSON (`part(key)`).
* `ring_records(data)`: the 24 point records of a gucu JSON object, each with the marks the
  ring view draws there (`gucu/report.RING_MARKS`, the one table both read).
* `direction(kind, name)`: where a place lies: its trigram, the 24 mountains it spans, its
  bearing and sector (degrees from north, clockwise) and its compass name, all read off
  `calendar/compass.py`'s tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from typing import Any

from ..calendar.compass import (
    BRANCH_PALACE,
    MOUNTAINS,
    PALACE_NAMES,
    PALACES,
    POINT_PALACE,
    RING_INDEX,
    STEP,
    TRIGRAM_POINT,
    point_index,
)
from ..calendar.ganzhi import BRANCHES

#: The mark of a palace holding the hour's 空亡 or its 驛馬 (as `render/grid.py` marks them).
KONG, MA = "空", "馬"

#: The three 傳 of a 六壬 lesson, in order.
TRANSMISSIONS = ("初傳", "中傳", "末傳")

#: The nine palaces and their trigrams, as the place records and the tests name them.
WHERE = {"palace": tuple(str(p) for p in range(1, 10)), "trigram": tuple(PALACE_NAMES.values())}


# --- each form's keys (key → its values, None: any text), from the engine's own tables ----------


@cache
def palace_keys() -> dict[str, tuple[str, ...] | None]:
    """`cast:palace(…)`: the keys of a chart's palace."""
    from ..qimen.annotations import FIND_KEYS
    from ..qimen.patterns import PATTERN_NAMES
    from ..qimen.plates import DOORS, EARTH_ORDER, GODS, STARS

    return {**WHERE, "door": tuple(DOORS.values()), "stars": tuple(STARS.values()), "god": GODS,
            "heaven_stems": EARTH_ORDER, "earth_stems": EARTH_ORDER, "marks": (KONG, MA), "patterns": PATTERN_NAMES,
            **FIND_KEYS}


@cache
def gods_keys() -> dict[str, tuple[str, ...] | None]:
    """`twelve-gods:plate(…)`, `noble:plate(…)`: the keys of a branch of the 月將 plate."""
    from ..gods.noble import GENERALS

    return {"branch": BRANCHES, "heaven_branch": BRANCHES, "general": GENERALS, "label": ("吉", "凶"),
            "group": None, "god": None, **WHERE}


@cache
def liuren_keys() -> dict[str, tuple[str, ...] | None]:
    """`liuren:plate(…)`: the keys of a branch of the lesson's plate."""
    from ..gods.noble import GENERALS

    return {"branch": BRANCHES, "heaven_branch": BRANCHES, "general": GENERALS, "transmission": TRANSMISSIONS,
            **WHERE}


@cache
def ring_keys() -> dict[str, tuple[str, ...] | None]:
    """`gucu:ring(…)`: the keys of a point of the 24-point ring."""
    from ..gucu.report import RING_MARKS

    return {"point": MOUNTAINS, "marks": tuple(dict.fromkeys(tag for _path, tag, _kind in RING_MARKS)), **WHERE}


#: Keys whose values in a record are read off the plate alone ((遁, 局, hour) and the layout):
#: every palace key but the patterns, which the plate decides only for plate-only patterns.
PLATE_KEYS = frozenset(("palace", "trigram", "door", "stars", "god", "heaven_stems", "earth_stems", "marks"))


# --- the records ----------------------------------------------------------------------


def palace_records(plate, patterns, kong: tuple[int, ...], ma: int) -> dict[int, dict[str, Any]]:
    """The nine palaces of a plate as records: number → {palace, trigram, door, stars, god,
    heaven_stems, earth_stems, marks, patterns}; `patterns` are the chart's (or the plate's
    plate-only ones), `kong` the palaces of the hour's 空亡 and `ma` its 驛馬's."""
    found: dict[int, list[str]] = {p: [] for p in range(1, 10)}
    for pattern in patterns:
        if pattern.palace is not None and pattern.name not in found[pattern.palace]:
            found[pattern.palace].append(pattern.name)
    out = {}
    for p in range(1, 10):
        cell = plate.palaces[p]
        marks = ([KONG] if p in kong else []) + ([MA] if p == ma else [])
        out[p] = {"palace": str(p), "trigram": PALACE_NAMES[p], "door": cell.door, "stars": cell.stars,
                  "god": cell.god, "heaven_stems": cell.heaven_stems, "earth_stems": cell.earth_stems,
                  "marks": tuple(marks), "patterns": tuple(found[p])}
    return out


def chart_places(chart, data=None) -> dict[int, dict[str, Any]]:
    """The nine palace records of a cast Chart: its patterns, 空亡 and 驛馬 palaces, and the keys
    of the palace annotations (`annotations.FIND_KEYS`: beyond the texts, read off the plate and
    the month whether or not --annotate asked for them, when a test first reads one; cached per plate
    and month)."""
    records = palace_records(chart.plate, chart.patterns, chart.kong_wang_palaces, chart.yi_ma_palace)
    key = (chart.plate, chart.moment.pillars.month % 12)
    return {p: AnnotatedPalace(record, key, p) for p, record in records.items()}


class AnnotatedPalace(dict):
    """A palace record whose annotation keys (`annotations.FIND_KEYS`) are made when a test first
    reads one (`__missing__`): a condition that names none costs nothing more."""

    __slots__ = ("key", "palace")

    def __init__(self, record: dict, key: tuple, palace: int) -> None:
        super().__init__(record)
        self.key, self.palace = key, palace

    def __missing__(self, name: str):
        values = annotation_values(*self.key)[self.palace]
        if name not in values:
            raise KeyError(name)
        self.update(values)
        return values[name]


@lru_cache(maxsize=4096)
def annotation_values(plate, month_branch: int) -> dict[int, dict[str, tuple]]:
    """The palace annotations' values `find` tests (`annotations.palace_values`) of a plate in a
    month, every key in each palace (an empty tuple where none holds)."""
    from ..qimen.annotations import FIND_KEYS, KEYS, annotate, palace_values

    found = palace_values(annotate(plate, month_branch, tuple(KEYS.values())))
    return {p: {k: found[p].get(k, ()) for k in FIND_KEYS} for p in range(1, 10)}


#: Branch → (its 洛書 palace as text, its trigram).
BRANCH_PLACE: dict[str, tuple[str, str]] = {
    b: (str(BRANCH_PALACE[i]), PALACE_NAMES[BRANCH_PALACE[i]]) for i, b in enumerate(BRANCHES)
}


def _with_place(record: dict, branch: str) -> dict:
    record["palace"], record["trigram"] = BRANCH_PLACE[branch]
    return record


def _get(item, key: str):
    """A key of a JSON object, or the field of that name of a result record (the same names)."""
    return item[key] if isinstance(item, Mapping) else getattr(item, key)


def lesson_branches(part: Callable[[str], Any]) -> dict[str, dict[str, Any]]:
    """The twelve earth branches of a 六壬 lesson's plate: branch → {branch, heaven_branch, general,
    transmission, palace, trigram}: the general riding the heaven branch above, and which of the
    三傳 that heaven branch is; `part(key)` reads a top-level key of the JSON, or the field of that
    name of the lesson (whose field names are the JSON keys)."""
    heaven = part("heaven_plate")
    generals = part("generals") or {}
    chuan = part("transmissions")
    return {b: _with_place({"branch": b, "heaven_branch": heaven[b], "general": generals.get(heaven[b]),
                            "transmission": tuple(TRANSMISSIONS[i] for i, t in enumerate(chuan) if t == heaven[b])},
                           b)
            for b in BRANCHES}


def plate_branches(part: Callable[[str], Any], points: str) -> dict[str, dict[str, Any]]:
    """The twelve earth branches of a 月將 plate with the twelve generals: branch → {branch,
    heaven_branch, general, label, group, god, palace, trigram}: the general standing there, its
    吉/凶 `label`, and the `group`s (天三門, 地私門 …) and `god`s of the points (the report's key
    `points`) that fall there; `part(key)` reads a top-level key of the JSON, or the field of that
    name of the report (its records read alike)."""
    heaven = part("plate")
    standing = {_get(g, "earth_branch"): g for g in part("generals")}
    groups: dict[str, dict] = {b: {} for b in BRANCHES}
    gods: dict[str, dict] = {b: {} for b in BRANCHES}
    for point in part(points):
        b = _get(point, "earth_branch")
        groups[b][_get(point, "group")] = None
        gods[b][_get(point, "god")] = None
    out = {}
    for b in BRANCHES:
        general = standing.get(b)
        out[b] = _with_place({
            "branch": b, "heaven_branch": heaven[b], "general": _get(general, "name") if general else None,
            "label": _get(general, "label") if general else None, "group": tuple(groups[b]), "god": tuple(gods[b]),
        }, b)
    return out


def _fields(result) -> Callable[[str], Any]:
    report = result[1]
    return lambda key: getattr(report, key)


def twelve_gods_places(result, data=None) -> dict[str, dict[str, Any]]:
    """The twelve branch records of a twelve-gods answer, (moment, report): its points' groups and gods."""
    return plate_branches(_fields(result), "points")


def noble_places(result, data=None) -> dict[str, dict[str, Any]]:
    """The twelve branch records of a noble answer, (moment, report): its 私門 points' groups and gods."""
    return plate_branches(_fields(result), "si_men_points")


def liuren_places(result, data=None) -> dict[str, dict[str, Any]]:
    """The twelve branch records of a liuren answer, (moment, lesson)."""
    return lesson_branches(_fields(result))


def ring_places(result, data) -> dict[str, dict[str, Any]]:
    """The 24 point records of a gucu answer, read off its JSON (`data()`)."""
    return ring_records(data())


def _at(data: Mapping, path: tuple[str, ...]):
    """The value at a report's field path in its JSON (a field `from_` is written "from")."""
    for key in path:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key.rstrip("_"))
    return data


def ring_records(data: Mapping) -> dict[str, dict[str, Any]]:
    """The 24 points of a gucu JSON object: point → {point, marks, palace, trigram}, the marks
    in `RING_MARKS` order."""
    from ..gucu.report import RING_MARKS

    marks: dict[int, list[str]] = {i: [] for i in range(24)}
    for path, tag, _kind in RING_MARKS:
        value = _at(data, path)
        for name in value if isinstance(value, list) else [value]:
            if name:
                marks[point_index(name)].append(tag)
    out = {}
    for i, name in enumerate(MOUNTAINS):
        trigram, palace, _compass = PALACES[POINT_PALACE[i]]
        out[name] = {"point": name, "marks": tuple(marks[i]), "palace": str(palace), "trigram": trigram}
    return out


# --- directions -----------------------------------------------------------------------


def _sector(centre: float, half: float) -> list[float]:
    return [(centre - half) % 360, centre + half]


@cache
def palace_direction(palace: int) -> dict[str, Any]:
    """Where a 洛書 palace lies: trigram, its three mountains, bearing of its trigram's point,
    its 45° sector and compass name; the centre (5) has no direction."""
    if palace == 5:
        return {"palace": 5, "trigram": PALACE_NAMES[5], "mountains": [], "bearing": None, "sector": None,
                "compass": "中"}
    index = next(i for i, (_t, number, _c) in enumerate(PALACES) if number == palace)
    trigram, _number, compass = PALACES[index]
    points = [i for i in range(24) if POINT_PALACE[i] == index]
    points.sort(key=lambda i: (i - TRIGRAM_POINT[trigram] + 12) % 24)
    centre = STEP * TRIGRAM_POINT[trigram]
    return {"palace": palace, "trigram": trigram, "mountains": [MOUNTAINS[i] for i in points], "bearing": centre,
            "sector": _sector(centre, 1.5 * STEP), "compass": compass}


@cache
def point_direction(name: str) -> dict[str, Any]:
    """Where one of the 24 points (or a branch) lies: its palace, trigram, bearing, 15° sector
    and compass name."""
    i = RING_INDEX[name]
    trigram, palace, compass = PALACES[POINT_PALACE[i]]
    return {"palace": palace, "trigram": trigram, "mountains": [name], "bearing": STEP * i,
            "sector": _sector(STEP * i, STEP / 2), "compass": compass}


def direction(art: str, place: str | int) -> dict[str, Any]:
    """The direction of a place of `art`: a palace number for cast, a branch or point otherwise."""
    return palace_direction(int(place)) if art == "cast" else point_direction(str(place))


def place_value(art: str, name: str) -> int | str:
    """A place as the JSON names it: a palace number (cast), else the branch or point."""
    return int(name) if art == "cast" else name

