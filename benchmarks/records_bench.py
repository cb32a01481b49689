"""Compare the forms a result class can take: `records.frozen` against `dataclass(frozen=True)`
and `dataclass(frozen=True, slots=True)`, on the shapes of the package's own records.

    python benchmarks/records_bench.py [--repeat 7]

Class creation: every record class of the package (all its modules imported) made again from
its fields and docstring by each form, per class (the best of `--repeat` rounds).  Instances:
a `Pattern`-shaped record (five fields and one with a default) made with every argument in
order, with the default left out, with every one by keyword and with the default left out of
those, then compared, hashed and read.  Nothing here is asserted:
timings are not tests.  Start-up as a whole is `bench.py --cast-only`'s cold `cast --json`.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import pkgutil
import sys
import time
import timeit

import qimen_cli
from qimen_cli import records

FORMS = {
    "records.frozen": records.frozen,
    "dataclass(frozen=True)": dataclasses.dataclass(frozen=True),
    "dataclass(frozen=True, slots=True)": dataclasses.dataclass(frozen=True, slots=True),
}


def record_classes() -> list[type]:
    """Every frozen dataclass of the package (its records; the MCP server left out: optional)."""
    for info in pkgutil.walk_packages(qimen_cli.__path__, "qimen_cli."):
        if "mcp" not in info.name:
            importlib.import_module(info.name)
    seen: dict[int, type] = {}
    for module in list(sys.modules.values()):
        if (getattr(module, "__name__", "") or "").startswith("qimen_cli"):
            for value in vars(module).values():
                if isinstance(value, type) and "__dataclass_params__" in value.__dict__ and value.__dataclass_params__.frozen:
                    seen[id(value)] = value
    return list(seen.values())


def body_of(cls: type) -> dict:
    """A fresh class body with `cls`'s fields (annotations, defaults, field options) and docstring."""
    body: dict = {"__annotations__": {}, "__module__": cls.__module__, "__qualname__": cls.__qualname__}
    if not cls.__doc__.startswith(cls.__name__ + "("):
        body["__doc__"] = cls.__doc__
    for f in dataclasses.fields(cls):
        body["__annotations__"][f.name] = f.type
        options = {"repr": f.repr, "hash": f.hash, "compare": f.compare, "init": f.init}
        if f.default is not dataclasses.MISSING:
            options["default"] = f.default
        if f.default_factory is not dataclasses.MISSING:
            options["default_factory"] = f.default_factory
        if any(options[k] is not v for k, v in (("repr", True), ("hash", None), ("compare", True), ("init", True))) \
                or "default_factory" in options:
            body[f.name] = dataclasses.field(**options)
        elif "default" in options:
            body[f.name] = options["default"]
    return body


def class_creation(classes: list[type], repeat: int) -> None:
    print(f"class creation, {len(classes)} record shapes of the package (best of {repeat}):")
    for label, form in FORMS.items():
        best = float("inf")
        for _ in range(repeat):
            bodies = [(c.__name__, body_of(c)) for c in classes]
            t = time.perf_counter()
            for name, body in bodies:
                form(type(name, (), body))
            best = min(best, time.perf_counter() - t)
        print(f"  {label:<36} {best / len(classes) * 1e6:8.1f} µs a class  ({best * 1e3:6.2f} ms in all)")


PATTERN = {"__annotations__": {"name": "str", "palace": "int | None", "detail": "str", "source": "str",
                               "verdict": "str", "school": "str"}, "school": ""}


def instances(repeat: int) -> None:
    args = ("天遁", 4, "丙加戊", "003", "吉")
    print(f"instances of a Pattern-shaped record, µs a call (best of {repeat}):")
    print(f"  {'':<36} {'positional':>10} {'default':>10} {'keywords':>10} {'kw+default':>10} {'==':>10} {'hash':>10}"
          f" {'read':>10}")
    for label, form in FORMS.items():
        cls = form(type("Pattern", (), dict(PATTERN)))
        a, b = cls(*args, ""), cls(*args, "")
        calls = {
            "positional": lambda cls=cls: cls("天遁", 4, "丙加戊", "003", "吉", ""),
            "default": lambda cls=cls: cls("天遁", 4, "丙加戊", "003", "吉"),
            "keywords": lambda cls=cls: cls(name="天遁", palace=4, detail="丙加戊", source="003", verdict="吉", school=""),
            "kw+default": lambda cls=cls: cls(name="天遁", palace=4, detail="丙加戊", source="003", verdict="吉"),
            "==": lambda a=a, b=b: a == b,
            "hash": lambda a=a: hash(a),
            "read": lambda a=a: a.detail,
        }
        figures = [min(timeit.repeat(call, number=20_000, repeat=repeat)) / 20_000 * 1e6 for call in calls.values()]
        print(f"  {label:<36} " + " ".join(f"{x:10.3f}" for x in figures))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    class_creation(record_classes(), repeat)
    instances(repeat)


if __name__ == "__main__":
    main()
