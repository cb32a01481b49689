"""The JSON output of every command keeps to its schema in src/qimen_cli/schema/ (read as the
package holds it: `render.jsonout.schema`, through importlib.resources).

The schemas (written by scripts/make_schemas.py, then checked by hand) use a subset of JSON
Schema — type, properties, required, items, enum — validated here by a small validator
rather than a dependency.  The instants below are not the ones the schemas were inferred
from.
"""

from __future__ import annotations

import json

import pytest

from qimen_cli.render.jsonout import schema, schema_names

NAMES = schema_names()

_TYPES = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}

#: The keywords the validator understands; a schema using any other is an error, not ignored.
KEYWORDS = {"$schema", "$id", "title", "description", "type", "properties", "required", "items", "enum"}


def errors(instance, schema: dict, path: str = "$") -> list[str]:
    """Every way `instance` breaks `schema` (empty when it conforms)."""
    unknown = set(schema) - KEYWORDS
    if unknown:
        return [f"{path}: schema uses unsupported keywords {sorted(unknown)}"]
    out = []
    types = schema.get("type")
    if types is not None:
        types = [types] if isinstance(types, str) else types
        if not any(_TYPES[t](instance) for t in types):
            return [f"{path}: {type(instance).__name__} {instance!r:.60} is not {'/'.join(types)}"]
    if "enum" in schema and instance not in schema["enum"]:
        out.append(f"{path}: {instance!r} not one of {schema['enum']}")
    if isinstance(instance, dict):
        for key in schema.get("required", ()):
            if key not in instance:
                out.append(f"{path}: missing required key {key!r}")
        for key, sub in schema.get("properties", {}).items():
            if key in instance:
                out += errors(instance[key], sub, f"{path}.{key}")
    if isinstance(instance, list) and "items" in schema:
        for i, item in enumerate(instance):
            out += errors(item, schema["items"], f"{path}[{i}]")
    return out


def load(name: str) -> dict:
    return schema(name)


def test_validator_rejects_what_it_should():
    schema = {
        "type": "object", "required": ["a", "b"],
        "properties": {"a": {"type": "integer", "enum": [1, 2]}, "b": {"type": "array", "items": {"type": ["string", "null"]}}},
    }
    assert errors({"a": 1, "b": ["x", None]}, schema) == []
    assert errors({"a": 3, "b": []}, schema) == ["$.a: 3 not one of [1, 2]"]
    assert errors({"a": True, "b": []}, schema)[0].startswith("$.a: bool")
    assert errors({"b": [1]}, schema) == ["$: missing required key 'a'", "$.b[0]: int 1 is not string/null"]
    assert errors([], schema)[0].startswith("$: list")
    assert errors(1, {"type": "integer", "minimum": 0})[0].endswith("unsupported keywords ['minimum']")


def test_every_command_has_a_schema():
    names = set(NAMES)
    assert names >= {"cast", "pillars", "terms", "noble", "twelve-gods", "gucu", "liuren", "chaibu", "chaibu-ledger"}
    for name in names:
        schema = load(name)
        assert schema["type"] == "object" and schema["required"] and "schema_version" in schema["properties"]


CASES = [
    ("cast", ("cast", "--at", "2025-09-23T07:00", "--tz", "Asia/Seoul", "--json")),
    ("cast", ("cast", "--from", "2025-12-21T00:00", "--to", "2025-12-22T00:00", "--tz", "Europe/London",
              "--method", "chaibu", "--layout", "fei", "--json")),
    ("cast", ("cast", "--at", "2016-07-01T11:00", "--tz", "Asia/Seoul", "--layout", "fei", "--explain", "--json")),
    ("pillars", ("pillars", "--at", "1990-02-04T10:00", "--tz", "Asia/Taipei", "--json")),
    ("terms", ("terms", "--year", "1990", "--tz", "UTC", "--json")),
    ("patterns", ("patterns", "--json")),
    ("noble", ("noble", "--at", "2025-09-23T07:00", "--tz", "Asia/Seoul", "--json")),
    ("twelve-gods", ("twelve-gods", "--from", "2025-06-21T00:00", "--to", "2025-06-21T06:00", "--tz", "UTC",
                     "--school", "sanshi", "--json")),
    ("gucu", ("gucu", "--at", "2025-09-23T07:00", "--tz", "Asia/Seoul", "--size", "300", "--tone", "商", "--json")),
    ("liuren", ("liuren", "--at", "2025-09-23T07:00", "--tz", "Asia/Seoul", "--json")),
    ("liuren", ("liuren", "--day", "丁巳", "--hour", "午", "--month", "二月", "--half", "yin", "--json")),
    ("chaibu", ("chaibu", "--at", "2025-06-21T10:00", "--tz", "+08:00", "--json")),
    ("chaibu", ("chaibu", "--at", "2025-02-03T22:30", "--tz", "Asia/Seoul", "--lon", "127", "--json")),
    ("chaibu-ledger", ("chaibu", "--from", "2025-05-01", "--to", "2025-07-31", "--tz", "+09:00", "--json")),
    ("verify", ("verify", "--json")),
    ("cast", ("cast", "--at", "2025-09-23T07:00", "--tz", "Asia/Seoul", "--school", "sanshi", "--json")),
    ("cast", ("cast", "--at", "2025-09-23T07:00", "--tz", "Asia/Seoul", "--school", "yiben", "--json")),
]


def unlisted(instance, schema: dict, path: str = "$") -> list[str]:
    """Every key of `instance` that its schema does not list (and so does not describe), at every
    depth, where the schema lists the object's keys (a map keyed by what the user wrote, such as
    find's `matched`, lists none)."""
    out = []
    if isinstance(instance, dict) and "properties" in schema:
        for key, value in instance.items():
            if key not in schema["properties"]:
                out.append(f"{path}.{key}")
            else:
                out += unlisted(value, schema["properties"][key], f"{path}.{key}")
    if isinstance(instance, list) and isinstance(schema.get("items"), dict):
        for i, item in enumerate(instance):
            out += unlisted(item, schema["items"], f"{path}[{i}]")
    return out


@pytest.mark.parametrize("name, args", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_output_keeps_to_its_schema(name, args, run_cli):
    r = run_cli(*args)
    assert r.exit_code == 0, r.stderr
    schema = load(name)
    lines = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
    assert lines
    for obj in lines:
        assert errors(obj, schema) == []
        assert unlisted(obj, schema) == []  # every key the output writes is listed and described


def undescribed(schema: dict, path: str = "$") -> list[str]:
    """Every property of `schema`, at every depth (inside items too), without a description sentence."""
    out = []
    for key, sub in schema.get("properties", {}).items():
        text = sub.get("description")
        if not isinstance(text, str) or len(text.split()) < 3:  # a sentence, not a name ("The 旬.")
            out.append(f"{path}.{key}")
        out += undescribed(sub, f"{path}.{key}")
    if isinstance(schema.get("items"), dict):
        out += undescribed(schema["items"], f"{path}[]")
    return out


@pytest.mark.parametrize("name", NAMES)
def test_every_property_is_described_in_a_sentence(name):
    assert undescribed(load(name)) == []


def test_the_description_check_finds_a_missing_one():
    schema = {"properties": {"a": {"description": "The a value."},
                             "b": {"items": {"properties": {"c": {"description": ""}}}, "description": "A list here."},
                             "d": {"description": "d"}, "e": {"description": "The 旬."}}}
    assert undescribed(schema) == ["$.b[].c", "$.d", "$.e"]
    assert unlisted({"a": 1, "b": [{"c": 1, "x": 2}], "z": 0}, schema) == ["$.b[0].x", "$.z"]
