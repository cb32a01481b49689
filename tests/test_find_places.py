"""`find/places.py`: the place records read what the views and the JSON show, the directions what
`calendar/compass.py` says; the parser's tree and precedence."""

from __future__ import annotations

import json

import pytest

from conftest import invoke
from qimen_cli.calendar.compass import direction as branch_direction
from qimen_cli.calendar.ganzhi import BRANCHES
from qimen_cli.find.conditions import Atom, Both, Either, Not, parse
from qimen_cli.find.places import palace_direction, point_direction, ring_records
from qimen_cli.gucu.report import RING_MARKS


@pytest.mark.parametrize("at, options", [
    ("2024-03-05T11:00", ()), ("2026-12-05T11:00", ("--tone", "角")), ("2025-09-23T07:00", ("--size", "300")),
])
def test_ring_records_carry_the_marks_the_ring_view_draws(at, options):
    """Every mark of `render/gucu.ring_marks` (its 孤虛 star left out) at the same point, in order."""
    from qimen_cli.arts.gucu import compute, to_json
    from qimen_cli.calendar.compass import MOUNTAINS
    from qimen_cli.calendar.resolve import resolve_moment
    from qimen_cli.find.arts import as_dict
    from qimen_cli.render.gucu import ring_marks

    data = json.loads(invoke("gucu", "--at", at, "--tz", "+08:00", "--json", *options).output)
    records = ring_records(data)
    moment = resolve_moment(at, "+08:00", lunar_zone="china")
    tone = options[1] if options[:1] == ("--tone",) else None
    size = int(options[1]) if options[:1] == ("--size",) else None
    report = compute(moment, size=size, tone=tone, born=None, steps=6, month_basis="lunar", method="zhirun",
                     layout="zhuan", no_chart=False)
    assert as_dict(to_json(report)) == data
    view = ring_marks(report[1] if isinstance(report, tuple) else report)
    for i, name in enumerate(MOUNTAINS):
        assert list(records[name]["marks"]) == [tag.rstrip("*") for tag, _kind in view.get(i, ())]
    assert len({tag for _path, tag, _kind in RING_MARKS}) == len(RING_MARKS)


def test_branch_and_point_directions_are_the_compass():
    for b, name in enumerate(BRANCHES):
        d = branch_direction(b)
        place = point_direction(name)
        assert (place["bearing"], list(place["sector"]), place["compass"], place["palace"], place["mountains"]) == (
            d.bearing, list(d.sector), d.compass, d.palace, [d.mountain])


def test_palace_directions():
    assert palace_direction(1) == {"palace": 1, "trigram": "坎", "mountains": ["壬", "子", "癸"], "bearing": 0,
                                   "sector": [337.5, 22.5], "compass": "北"}
    assert palace_direction(6)["mountains"] == ["戌", "乾", "亥"] and palace_direction(6)["sector"] == [292.5, 337.5]
    assert palace_direction(5) == {"palace": 5, "trigram": "中", "mountains": [], "bearing": None, "sector": None,
                                   "compass": "中"}
    for p in (1, 2, 3, 4, 6, 7, 8, 9):  # each mountain of a palace lies in its sector and maps back to it
        d = palace_direction(p)
        assert all(point_direction(m)["palace"] == p for m in d["mountains"])


def test_precedence_not_then_and_then_or():
    node = parse("cast:伏吟 | !cast:天輔時 & twelve-gods:合").node
    assert isinstance(node, Either) and isinstance(node.items[1], Both)
    assert isinstance(node.items[1].items[0], Not) and node.items[1].items[0].text == "!cast:天輔時"
    node = parse("!(cast:伏吟 | cast:天輔時)").node
    assert isinstance(node, Not) and isinstance(node.item, Either)
    assert [a.text for a in parse("(cast:伏吟 | cast:天輔時) & liuren:元首").atoms] == [
        "cast:伏吟", "cast:天輔時", "liuren:元首"]


def test_values_sets_quotes_and_negated_tests():
    atom = parse("cast:palace(door in 三吉門, heaven_stems in 乙丙丁, !marks=空, god!=值符)").node
    assert isinstance(atom, Atom) and atom.plate
    door, stems, marks, god = atom.tests
    assert door.values == {"開門", "休門", "生門"} and stems.values == {"乙", "丙", "丁"}
    assert marks.negate and god.negate and not door.negate
    assert parse('cast:patterns.detail="乙加庚 合格"').node.values == {"乙加庚 合格"}
    assert parse("cast:patterns.detail=甲(庚)加丙").node.values == {"甲(庚)加丙"}
    assert parse("pillars:pillars.day in 甲子 甲午").node.values == {"甲子", "甲午"}
    assert isinstance(parse("cast:zhi_shi.door!=開門").node, Not)
    # a palace condition that reads a context pattern is not decided by the plate
    assert not parse("cast:palace(patterns=遊三避五)").node.plate
    assert parse("cast:palace(patterns=三奇得使)").node.plate
