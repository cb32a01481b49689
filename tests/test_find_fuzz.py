"""Generated `qimen find` command lines: no exception escapes, exit 0 or 2, and exit 2 is one
line on stderr with nothing on stdout (the contract of tests/fuzzgen.py)."""

from __future__ import annotations

import random

from conftest import invoke
from fuzzgen import check

BOUNDS = ["2024-03-05", "2024-03-06", "2024-03-05T11:00", "2024-03-05T23:00+08:00", "2024-03-04T00:00",
          "2024-03-10T02:30", "2201-04-10", "1799-07-01", "not-a-date", "2024-03-06T11:00Z"]
CONDITIONS = [
    "cast:三奇得使", "!cast:伏吟", "cast:五不遇時", "cast:zhi_shi.door=開門", "cast:patterns.name=擊刑",
    "cast:palaces.1.door=休門", "twelve-gods:合", "twelve-gods:directions.he_ge=格", "liuren:元首",
    "liuren:rule=賊剋", "pillars:pillars.day=甲子", "gucu:往亡", "noble:私門吉門", "noble:si_men_qimen.ji_men=true",
    "cst:伏吟", "cast:伏陰", "cast:zhi_shi.dor=開門", "cast", "cast:", ":伏吟", "!", "pillars:=1", "pillars:a..b=1",
    "liuren:lessons=戌", "gucu:san_jiu.label=x", "twelve-gods:nope", "cast:patterns=1",
    "cast:palace(door=開門, heaven_stems in 三奇)", "!cast:palace(marks=空)", "cast:天輔時 | twelve-gods:合",
    "(cast:伏吟 | liuren:伏吟) & !gucu:往亡", "twelve-gods:plate(general=青龍)", "liuren:plate(transmission=初傳)",
    "gucu:ring(marks=天目)", "cast:palaces.*.door=開門", "pillars:pillars.day in 甲子 甲午", "noble:plate(label=吉)",
    "cast:palace(door=)", "cast:伏吟 |", "cast:palace(nokey=1)", "cast:palace(door=開", "((cast:伏吟)", "a | b",
    "cast:palace(,)", "gucu:palace(x=1)", "cast:zhi_shi.door in", 'cast:palace(door="開門)', "!!cast:伏吟", "&",
]
OPTIONS = {
    "--tz": ["Asia/Shanghai", "+08:00", "America/New_York", "Europe/London", "Asia/Seol", "+25:00"],
    "--lon": ["126.98", "0", "181"], "--solar-time": ["mean", "apparent"], "--day-change": ["23", "0"],
    "--method": ["zhirun", "chaibu", "x"], "--layout": ["zhuan", "fei"], "--switch": ["instant", "shichen"],
    "--school": ["gu", "sanshi"], "--noble-rule": ["najia", "day-night"], "--lat": ["31", "95"],
    "--month-basis": ["lunar", "jie"], "--size": ["1", "0", "10000"], "--tone": ["角", "x"], "--born": ["5-5", "x"],
    "--steps": ["6", "7"], "--lunar-zone": ["+09:00", "korea"], "--first": ["1", "0", "3"], "--count": None,
    "--json": None, "--every": ["2h"], "--at": ["2024-03-05T11:00"], "--keep-going": None, "--list": None,
}


def _line(rng: random.Random) -> list[str]:
    args = ["find"]
    flag = rng.random()
    if flag < 0.1:
        args.append("--stats")
    elif flag < 0.2:
        args.append("--explain")
    if rng.random() < 0.97:
        args += ["--from", rng.choice(BOUNDS[:6] if rng.random() < 0.9 else BOUNDS)]
    if rng.random() < 0.97:
        args += ["--to", rng.choice(BOUNDS[:6] if rng.random() < 0.9 else BOUNDS)]
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
        option = "--any" if rng.random() < 0.15 else "--where"
        args += [option, rng.choice(CONDITIONS[:14] + CONDITIONS[27:37] if rng.random() < 0.85 else CONDITIONS)]
    for name in rng.sample(list(OPTIONS), k=rng.choice([0, 0, 1, 1, 2, 3])):
        values = OPTIONS[name]
        args += [name] if values is None else [name, rng.choice(values)]
    return args


def test_generated_find_lines_keep_the_contract():
    rng = random.Random(14)
    failures = []
    for _ in range(200):
        args = _line(rng)
        result = invoke(*args, catch_exceptions=True)
        broke = check(result, args)
        if broke:
            failures.append((args, broke))
    assert not failures, failures[:5]
