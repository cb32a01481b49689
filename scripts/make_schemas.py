"""Infer a JSON Schema per command from real `--json` output and write src/qimen_cli/schema/<command>.schema.json
(the package's data, read with `render.jsonout.schema`; the docs link there: one copy).

    python scripts/make_schemas.py            # write the schemas
    python scripts/make_schemas.py --check    # exit 1 if a written schema differs from the inferred one

Each command is run in-process on the sample arguments below (chosen to reach every shape:
both methods and layouts, ranges across the solstices, the optional inputs of gucu and
liuren, the 三氏 school …).  The schema uses a small subset of JSON Schema — type,
properties, required, items, enum — which tests/test_schemas.py validates without a
dependency.  `required` lists the keys present in every sample; a key that is sometimes
null has type [T, "null"].  An object keyed by branches (or stems) is a map: all twelve keys
are listed, none required.  The closed value sets in ENUMS are stated by hand (they are the
program's, not the samples'); every sample value is checked against them.  Every property's
`description` is written by hand in the schema files and carried over when a schema is
inferred again (`carry_descriptions`); tests/test_schemas.py requires one everywhere.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "qimen_cli" / "schema"

AT = ("--tz", "Asia/Shanghai", "--json")
RANGE_SUMMER = ("--from", "2024-06-20T00:00", "--to", "2024-06-21T22:00", "--tz", "Asia/Shanghai", "--json")
RANGE_WINTER = ("--from", "2024-12-20T00:00", "--to", "2024-12-21T22:00", "--tz", "America/New_York", "--json")

#: Command → argument lists whose outputs together show every shape of its JSON.
SAMPLES: dict[str, list[tuple[str, ...]]] = {
    "cast": [
        ("--at", "2024-03-05T11:00", *AT),
        ("--at", "2024-03-05T11:00", "--method", "chaibu", "--layout", "fei", *AT),
        ("--at", "2024-06-12T10:00", "--explain", *AT),
        ("--at", "2024-12-12T11:00", "--explain", *AT),
        ("--at", "2024-03-05T10:00", "--method", "chaibu", "--layout", "fei", "--explain", *AT),
        ("--at", "2024-03-01T16:00", "--method", "chaibu", "--switch", "instant", "--explain", *AT),
        ("--at", "2024-03-01T02:00", "--layout", "fei", "--explain", *AT),
        ("--at", "2019-10-25T11:00", "--explain", *AT),
        RANGE_SUMMER, RANGE_WINTER,
        ("--from", "2024-06-20T00:00", "--to", "2024-06-21T22:00", "--method", "chaibu", "--layout", "fei",
         "--tz", "+08:00", "--json"),
        ("--at", "2024-03-05T11:00", "--lon", "126.98", "--solar-time", "apparent", *AT),
        # --school: input.school and each variant pattern's school (issue 34: keys no sample reached)
        ("--at", "2024-03-05T11:00", "--school", "sanshi", *AT),
        ("--at", "2024-03-05T11:00", "--school", "zhushu", *AT),
        ("--at", "2024-03-05T11:00", "--school", "yiben", *AT),
        ("--at", "2024-03-05T11:00", "--school", "huoju", *AT),
        # --annotate: the palace annotations (issue 31 item 4), a 陰遁 chart and a 陽遁 one
        ("--at", "2026-09-18T22:28", "--method", "chaibu", "--annotate", "all", *AT),
        ("--at", "2024-02-10T00:30", "--annotate", "all", *AT),
        # issue 31: --lodge kun and --method maoshan (conventions, input.lodge, extensions' source)
        ("--at", "2026-09-18T22:28", "--lodge", "kun", *AT),
        ("--at", "2026-09-18T22:28", "--qin", "apart", *AT),
        ("--at", "2026-09-18T22:28", "--method", "maoshan", "--explain", *AT),
        # issue 31 item 3: --scope year|month|day (input.scope, conventions.scope, ju_term/fu_tou "")
        ("--at", "2024-06-01T12:00", "--scope", "year", "--explain", *AT),
        ("--at", "2024-03-10T12:00", "--scope", "month", "--explain", *AT),
        ("--at", "2026-09-18T12:00", "--scope", "day", "--explain", *AT),
    ],
    "pillars": [
        ("--at", "2024-03-05T11:00", *AT),
        ("--at", "2024-03-05T23:30", "--day-change", "0", "--lunar-zone", "+09:00", *AT),
        ("--at", "2024-03-05T11:00", "--lon", "126.98", *AT),
        RANGE_SUMMER, RANGE_WINTER,
    ],
    "terms": [
        ("--year", "2024", "--tz", "Asia/Shanghai", "--json"),
    ],
    "noble": [
        ("--at", "2024-03-05T11:00", *AT),
        # a solar clock whose offset has seconds: input.local_offset (RFC 3339 writes the timestamp's to the minute)
        ("--at", "2024-03-05T11:00", "--lon", "126.98", *AT),
        ("--at", "2024-06-21T02:00", "--no-chart", *AT),
        RANGE_SUMMER, RANGE_WINTER,
    ],
    "twelve-gods": [
        ("--at", "2024-03-05T11:00", *AT),
        # a solar clock whose offset has seconds: input.local_offset (RFC 3339 writes the timestamp's to the minute)
        ("--at", "2024-03-05T11:00", "--lon", "126.98", *AT),
        ("--at", "2024-03-05T11:00", "--school", "sanshi", *AT),
        RANGE_SUMMER, RANGE_WINTER,
    ],
    "gucu": [
        ("--at", "2024-02-10T12:00", *AT),
        # a solar clock whose offset has seconds: input.local_offset (RFC 3339 writes the timestamp's to the minute)
        ("--at", "2024-03-05T11:00", "--lon", "126.98", *AT),
        ("--at", "2024-02-10T12:00", "--size", "20000", "--tone", "角", "--born", "5-5", *AT),
        ("--at", "2024-02-10T12:00", "--month-basis", "jie", "--no-chart", *AT),
        ("--at", "2024-02-10T14:00", "--tian-men", "liuren", "--no-chart", *AT),
        ("--at", "2024-02-10T12:00", "--tian-men", "youmen", "--no-chart", *AT),
        ("--at", "2024-03-21T12:00", "--tian-men", "sanmen", "--no-chart", *AT),
        RANGE_SUMMER, RANGE_WINTER,
    ],
    "liuren": [
        ("--day", "甲子", "--hour", "寅", "--month", "正月", "--half", "yang", "--json"),
        ("--day", "己未", "--hour", "戌", "--yuejiang", "亥", "--noble-rule", "day-night", "--json"),
        ("--day", "甲子", "--hour", "寅", "--month", "正月", "--json"),
        ("--day", "戊辰", "--hour", "丑", "--month", "四月", "--json"),
        ("--day", "甲子", "--hour", "卯", "--yuejiang", "酉", "--json"),
        ("--day", "甲子", "--hour", "卯", "--yuejiang", "酉", "--fan-yin", "najia", "--json"),
        ("--day", "戊辰", "--hour", "卯", "--month", "二月", "--tian-men", "youmen", "--json"),
        ("--at", "2024-03-21T12:00", "--tian-men", "sanmen", *AT),
        ("--day", "丙寅", "--hour", "子", "--month", "十一月", "--json"),
        ("--at", "2024-03-05T11:00", *AT),
        ("--at", "2024-03-05T11:00", "--noble-rule", "day-night", "--lat", "37.5", "--lon", "127", *AT),
        # a solar clock whose offset has seconds: input.local_offset (RFC 3339 writes the timestamp's to the minute)
        ("--at", "2024-03-05T11:00", "--lon", "126.98", *AT),
        RANGE_SUMMER, RANGE_WINTER,
    ],
    "chaibu": [
        ("--at", "2024-06-15T14:30", "--tz", "+08:00", "--json"),
        ("--at", "2024-03-05T10:00", "--tz", "+08:00", "--json"),
        ("--at", "2019-10-25T11:00", "--tz", "+08:00", "--switch", "instant", "--json"),
        ("--at", "1900-04-05T13:00", "--tz", "+08:00", "--json"),
        ("--at", "2024-06-15T13:10", "--tz", "+08:00", "--lon", "116.4", "--json"),
        ("--at", "2024-02-04T17:00", "--tz", "+08:00", "--alternatives", "--json"),
        ("--at", "2036-06-12T10:00", "--terms", "mean", "--anchor", "2034-02-04T12:00+08:00", "--tz", "+08:00",
         "--json"),
        ("--at", "2026-09-18T22:28", "--tz", "+08:00", "--method", "maoshan", "--json"),
    ],
    "chaibu-ledger": [
        ("--year", "2024", "--tz", "+08:00", "--json"),
        ("--year", "1933", "--tz", "+08:00", "--json"),
    ],
    "chaibu-stats": [
        ("--stats", "--from", "2024", "--to", "2026", "--tz", "+08:00", "--json"),
    ],
}

#: What each schema describes.
TITLES = {
    "cast": "qimen cast --json: one 時家奇門 chart",
    "pillars": "qimen pillars --json: the four pillars, the terms in force, the lunar date",
    "terms": "qimen terms --json: one solar term (one JSON object per line)",
    "noble": "qimen noble --json: 貴人 and the twelve 天將",
    "twelve-gods": "qimen twelve-gods --json: 月將, 建除 and the emergency directions",
    "gucu": "qimen gucu --json: 孤虛 and the rules of 虎鈐經",
    "liuren": "qimen liuren --json: 大六壬 四課三傳",
    "chaibu": "qimen chaibu --json (one instant): the 局 of every school side by side",
    "chaibu-ledger": "qimen chaibu --year/--from/--to --json: one line of the 置閏 ledger",
    "chaibu-stats": "qimen chaibu --stats --json: one line per civil year, then the total, of the 時辰 whose 局 differs "
                    "between each pair of 置閏, 拆補 and 茅山",
}

#: The command each schema's samples run (chaibu-ledger is chaibu over a period).
COMMAND = {"chaibu-ledger": "chaibu", "chaibu-stats": "chaibu"}

#: Closed value sets, by property name (wherever the property occurs).
ENUMS: dict[str, list] = {
    "dun": ["陽", "陰"],
    "yuan": ["上", "中", "下"],
    "yuan_status": ["正受", "超神", "接氣", "閏", None],
    "method": ["zhirun", "chaibu", "maoshan"],
    "layout": ["zhuan", "fei"],
    "day_change": [23, 0],
    "clock": ["civil", "mean solar", "apparent solar"],
    "fan_yin": ["chong", "najia"],
    "face": ["南", "北"],
    "face_by": ["晝", "夜"],
    "gate": ["地戶", "天門", "酉", None],
    "taken": ["youmen", "sanmen"],
}

#: Schemas where a property name of ENUMS means something else (gucu's yuan is 天元/地元/人元 of 七元甲子).
ENUM_EXCEPTIONS: dict[str, set[str]] = {"gucu": {"yuan"}}

#: Key alphabets that make an object a map (branch → …, stem → …) rather than a record.
MAP_KEYS = (tuple("子丑寅卯辰巳午未申酉戌亥"), tuple("甲乙丙丁戊己庚辛壬癸"))

#: The writers add "schema_version" (render/jsonout.SCHEMA_VERSION) as the first key of every JSON object.
SCHEMA_VERSION = {"type": "integer"}


def _type(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def infer(values: list, name: str | None = None, enums: dict | None = None) -> dict:
    """The schema of a list of sample values of one place."""
    enums = ENUMS if enums is None else enums
    types = {_type(v) for v in values}
    if {"integer", "number"} <= types:
        types.discard("integer")
    schema: dict = {"type": sorted(types)[0] if len(types) == 1 else sorted(types)}
    objects = [v for v in values if isinstance(v, dict)]
    keyset = {k for o in objects for k in o}
    alphabet = next((a for a in MAP_KEYS if keyset and keyset <= set(a)), None)
    if objects and alphabet is not None:
        # A map keyed by branch (or stem), not a record: every key optional, one value schema.
        value = infer([v for o in objects for v in o.values()], None, enums)
        schema["properties"] = {k: value for k in alphabet}
    elif objects:
        keys: list[str] = []
        for o in objects:
            keys += [k for k in o if k not in keys]
        schema["properties"] = {k: infer([o[k] for o in objects if k in o], k, enums) for k in keys}
        required = [k for k in keys if all(k in o for o in objects)]
        if required:
            schema["required"] = required
    arrays = [v for v in values if isinstance(v, list)]
    items = [x for a in arrays for x in a]
    if items:
        schema["items"] = infer(items, None, enums)
    if name in enums and types <= {"string", "integer", "null"}:
        allowed = enums[name]
        stray = [v for v in values if v not in allowed]
        if stray:
            raise SystemExit(f"{name}: sample values {sorted(set(map(str, stray)))} outside {allowed}")
        schema["enum"] = [v for v in allowed if v is not None or "null" in types]
    return schema


def run(command: str, args: tuple[str, ...]) -> list[dict]:
    from qimen_cli.cli.main import cli

    result = CliRunner().invoke(cli, [command, *args], env={"NO_COLOR": "1"}, catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"qimen {command} {' '.join(args)}: exit {result.exit_code}: {result.stderr}")
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def schema_for(name: str) -> dict:
    samples = [obj for args in SAMPLES[name] for obj in run(COMMAND.get(name, name), args)]
    enums = {k: v for k, v in ENUMS.items() if k not in ENUM_EXCEPTIONS.get(name, set())}
    body = infer(samples, None, enums)
    if "schema_version" not in body["properties"]:
        body["properties"] = {"schema_version": SCHEMA_VERSION, **body["properties"]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": TITLES[name],
        **body,
    }


def carry_descriptions(new: dict, old) -> dict:
    """`new` with the descriptions of `old` (the schema as written, its descriptions by hand) at
    the same places: each property and item keeps its sentence when the schema is inferred again."""
    if not isinstance(old, dict):
        return new
    out = dict(new)
    if "properties" in new:
        olds = old.get("properties") or {}
        out["properties"] = {k: carry_descriptions(v, olds.get(k)) for k, v in new["properties"].items()}
    if "items" in new:
        out["items"] = carry_descriptions(new["items"], old.get("items"))
    if old.get("description"):
        out["description"] = old["description"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the written schemas instead")
    parser.add_argument("names", nargs="*", default=list(SAMPLES))
    opts = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name in opts.names:
        path = OUT / f"{name}.schema.json"
        written = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
        text = json.dumps(carry_descriptions(schema_for(name), written), ensure_ascii=False, indent=2) + "\n"
        if opts.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("stale schemas: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
