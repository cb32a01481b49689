"""The arts as a library below the shell, and the one registry of their records.

Each art (`cast`, `chaibu`, `noble`, `twelve-gods`, `gucu`, `liuren`, `pillars`) is one
module here, `arts/<art>.py`: its result for a Moment and options (`compute`), the JSON of
that result (`to_json`, written by `render/json_*.py`), the steps of its stream
(`job_steps`), and its record, `ART`: an `Art` naming every part a door needs — its options,
its checks, its view, its range rows, its rules, its places in `find`, its parallel
threshold — each as the part itself or as "module:attribute", imported when a door first
asks for it (`Art.part`).  The doors loop over the records (`records()`, `art(name)`): the
shell's subcommands, the range tables, `find`'s adapters and places, `qimen patterns`, the
Python API's functions, the MCP tools and the completion.  A record is found by its art's
name (`arts/<name>.py`, `-` read as `_`) or added by `register`; nothing here imports click
or the shell, and no art's engine is imported until a door needs it.

This package also holds what every command and the shell's runner share: `Job`, an art's
name and its option values (picklable), from which each process rebuilds the `Steps`
(compute, to_text, keep, resolve extras, and the art's own range writer when it has one)
with the record's `steps`; and `answer`, one instant's result.  Every command that works
instant by instant declares its work as a Job; the shell's `run` and `stream` only ever see
Jobs.  A stream's items are in `items`.  (`terms`, `find` and `patterns` are commands over
the arts, not arts: they have no record.)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Protocol

    from ..artrule import ArtRule
    from ..calendar.moment import Moment

    class TimeOptions(Protocol):
        """What an art reads of the time options (the doors' `when.When`): the longitude, a
        range's start and --keep-going, the instants and their count, and each one resolved."""

        @property
        def lon(self) -> float | None: ...

        @property
        def start(self) -> object | None: ...

        @property
        def keep_going(self) -> bool: ...

        def resolve(self, at: Any, **extra: Any) -> Moment: ...

        def instants(self) -> Iterator[Any]: ...

        def count(self) -> int | None: ...

#: A part of a record: the part itself, or "module:attribute" naming it (`Art.part`); None: none.
Part = Any


class Steps:
    """What a stream does with each instant, rebuilt in every process from a Job.

    `compute(moment)` → the art's result; `to_text(result)` → one JSON object as text;
    `keep(result)` → whether it is written (None: all are); `extra`: keyword arguments
    of When.resolve; `writer(when)` → a range writer that makes the JSON lines of a range
    itself, faster than instant by instant and in one process (cast): `probe(at)` answers one
    instant as the range will, `count()` the instants (None: unknown), `items()` the stream's
    items.  (A plain class: a record class costs a tenth of a millisecond of every start.)
    """

    __slots__ = ("compute", "to_text", "keep", "extra", "writer")

    def __init__(self, compute: Callable[[Any], Any], to_text: Callable[[Any], str | bytes],
                 keep: Callable[[Any], bool] | None = None, extra: dict[str, Any] | None = None,
                 writer: Callable[[Any], Any] | None = None) -> None:
        self.compute = compute
        self.to_text = to_text
        self.keep = keep
        self.extra = extra
        self.writer = writer


class Job:
    """A stream's work as a picklable, hashable description: the art's name (its record's `steps`
    make the `Steps` from the options) and its option values (picklable, hashable), sorted by name."""

    __slots__ = ("art", "options")

    def __init__(self, art: str, options: tuple[tuple[str, Any], ...] = ()) -> None:
        self.art = art
        self.options = options

    @classmethod
    def of(cls, art: str, **options: Any) -> Job:
        return cls(art, tuple(sorted(options.items())))

    def record(self) -> Art:
        return art(self.art)

    def steps(self) -> Steps:
        steps: Steps = art(self.art).part("steps")(**dict(self.options))
        return steps

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Job:
            return NotImplemented
        return self.art == other.art and self.options == other.options

    def __hash__(self) -> int:
        return hash((self.art, self.options))

    def __repr__(self) -> str:
        return f"Job({self.art!r}, {self.options!r})"

    def __reduce__(self) -> tuple[type[Job], tuple[str, tuple[tuple[str, Any], ...]]]:
        return Job, (self.art, self.options)


def answer(resolve: Callable[..., Any], steps: Steps) -> Callable[[Any], Any]:
    """`at` → the art's result for one instant (resolved with the steps' extras), raising what
    the engine raises: how a range's ends are probed before it prints anything."""
    extra = steps.extra or {}

    def answer_at(at: Any) -> Any:
        return steps.compute(resolve(at, **extra))

    return answer_at


# --- the records ---------------------------------------------------------------------------


def json_object(text: str) -> dict[str, Any]:
    """The JSON object an art's text holds (what `find` reads of it)."""
    import json

    data: dict[str, Any] = json.loads(text)
    return data


def pair(raw: tuple[Any, ...]) -> tuple[Any, Any]:
    """(moment, value) of an art whose result is (moment, report, …): the default `Art.split`."""
    return raw[0], raw[1]


class Art:
    """One art's record: everything a door needs to offer the art, declared once, in its module.

    `name`: the command, the tool (`qimen_` and the name), the art of `find ART:…` and of `qimen patterns --art`;
    `summary`: one line (`qimen --help`, the tool's description); `engine`: the engine packages it
    reads (for the documentation's table of the arts); `help` and `epilog`: the
    subcommand's --help; `api`: the API function's docstring; `answers`: what a tool call gives,
    where it is more than one object or a range's page (`mcp_server.INSTANT`; "{instant}" and "{paged}" stand
    for `mcp_server.INSTANT` and `mcp_server.PAGED` there); the tool is named `qimen_` and `name`; `value`:
    the type of the API's `Result.value` ("module:Name", for the type checkers' stub,
    scripts/make_api_stub.py; None: Any), `stream_value` that of its Stream's when another
    (chaibu: a range's reports or the ledger's records).

    The parts, each the part itself or "module:attribute" (or "module:attribute[key]", an
    entry of a table there), imported by `part` when a door first asks for it:

    * `options` → a tuple of `options.Option` (the command's own; the time options are every art's);
    * `check(when, **own)` → its work: a `Job` of this art, or another work of the command
      (`commands.Ledger`, `commands.Dateless`); a check that takes `given` is handed the shell's
      "was this option typed" (`cli.params.given`), None from the API;
    * `steps(**job_options)` → the `Steps` of its Job;
    * `view(raw, console, lang, explain)` draws one answer; `split(raw)` → (its Moment, its value);
    * `rows` → the range table's fields `[(label key, field(moment, value)[, widths])]`;
    * `rules` → its `artrule.ArtRule` table; `listing()` → `qimen patterns`' records of its rules
      (default: each rule's `record()`); `conditions()` → `find`'s named conditions (default:
      from the rules);
    * `find_compute(moment, opts)`, `find_json(result, opts)` → what `find` reads (None: not
      searched), `find_part(result, key)` → one top-level key of the JSON written alone (or
      `find.arts.WHOLE`); `lunar`: `find` resolves the lunar date for it;
    * `places` → (the place word of `ART:WORD(…)`, `keys()` → key → its values, `records(result,
      data)` → place → record, `data()` giving the art's JSON);
    * `parallel`: the range length from which a stream uses worker processes (None: never by
      default; `cli/stream.py`);
    * `cost`: the order `find` tries the arts in, cheapest first (and `find --list`'s order);
      `listed`: the order `qimen patterns` and the documentation list them in.

    (A plain class: the records are made at every start of the art they name.)
    """

    __slots__ = ("name", "summary", "engine", "help", "epilog", "api", "answers", "options", "check", "steps", "view",
                 "split", "rows", "rules", "listing", "conditions", "find_compute", "find_json", "find_part",
                 "lunar", "places", "parallel", "cost", "listed", "value", "stream_value", "_parts")

    def __init__(self, name: str, summary: str, *, engine: str = "", help: str = "", epilog: str = "", api: str = "",
                 answers: str | None = None, options: Part = None, check: Part = None, steps: Part = None,
                 view: Part = None, split: Part = pair, rows: Part = None, rules: Part = None, listing: Part = None,
                 conditions: Part = None, find_compute: Part = None, find_json: Part = None, find_part: Part = None,
                 lunar: bool = False, places: tuple[str, Part, Part] | None = None, parallel: int | None = None,
                 cost: int = 0, listed: int = 0, value: str | None = None, stream_value: str | None = None) -> None:
        self.name, self.summary, self.engine = name, summary, engine
        self.help, self.epilog, self.api, self.answers = help, epilog, api, answers
        self.options, self.check, self.steps, self.view, self.split = options, check, steps, view, split
        self.rows, self.rules, self.listing, self.conditions = rows, rules, listing, conditions
        self.find_compute, self.find_json, self.find_part, self.lunar = find_compute, find_json, find_part, lunar
        self.places, self.parallel, self.cost, self.listed = places, parallel, cost, listed
        self.value, self.stream_value = value, stream_value
        self._parts: dict[str, Any] = {}

    def part(self, field: str) -> Any:
        """The part `field` itself: a "module:attribute" name imported the first time (None when
        the record has none)."""
        try:
            return self._parts[field]
        except KeyError:
            pass
        value = getattr(self, field)
        if field == "places" and value is not None:
            value = (value[0], *map(resolve, value[1:]))
        else:
            value = resolve(value)
        self._parts[field] = value
        return value

    @property
    def api_name(self) -> str:
        """The Python API's function: the name with `_` for `-` (twelve_gods)."""
        return self.name.replace("-", "_")

    @property
    def searched(self) -> bool:
        """Whether `find` reads this art."""
        return self.find_compute is not None

    def rule_table(self) -> tuple[ArtRule, ...]:
        """Its `ArtRule` records (() without)."""
        rules: tuple[ArtRule, ...] = self.part("rules") or ()
        return rules

    def __repr__(self) -> str:
        return f"Art({self.name!r})"


def resolve(ref: Part) -> Any:
    """A part named "module:attribute" (or "module:attribute[key]") imported; anything else as it is."""
    if not isinstance(ref, str):
        return ref
    module, _, attribute = ref.partition(":")
    attribute, _, key = attribute.partition("[")
    value = getattr(importlib.import_module(module), attribute)
    return value[key.rstrip("]")] if key else value


#: The records added by `register` (a test's, a plug-in's), by name; the package's own are
#: found in their modules.
REGISTERED: dict[str, Art] = {}
_FOUND: dict[str, Art | None] = {}
#: Bumped whenever the set of records may change (`register`): what a door made of every record is remade.
GENERATION = [0]


def register(record: Art) -> Art:
    """Add an art by its record alone: every door offers it from now on (a name the package's
    own arts have is refused)."""
    if own(record.name) is not None:
        raise ValueError(f"{record.name!r} is an art of the package already")
    REGISTERED[record.name] = record
    GENERATION[0] += 1
    return record


def unregister(name: str) -> None:
    """Take back an art `register` added."""
    REGISTERED.pop(name, None)
    GENERATION[0] += 1


def own(name: str) -> Art | None:
    """The package's own record of `name`: the `ART` of `arts/<name>.py` (`-` read as `_`), or None."""
    if name in _FOUND:
        return _FOUND[name]
    found = None
    module = f"{__name__}.{name.replace('-', '_')}"
    if name.replace("-", "_").isidentifier():
        try:
            record = getattr(importlib.import_module(module), "ART", None)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            record = None
        if isinstance(record, Art) and record.name == name:
            found = record
    _FOUND[name] = found
    return found


def _modules() -> frozenset[str]:
    """The modules of this package (a listing of its folder, made once)."""
    global _MODULES
    if _MODULES is None:
        import pkgutil

        _MODULES = frozenset(m.name for m in pkgutil.iter_modules(__path__))
    return _MODULES


_MODULES: frozenset[str] | None = None


def find_art(name: str) -> Art | None:
    """The record of the art `name`, or None when there is no such art."""
    return REGISTERED.get(name) or own(name)


def art(name: str) -> Art:
    """The record of the art `name` (KeyError naming the arts otherwise)."""
    found = find_art(name)
    if found is None:
        raise KeyError(f"no art {name!r} (the arts: {', '.join(names())})")
    return found


def records() -> list[Art]:
    """Every art's record, in their `listed` order (the package's, then those registered)."""
    found = [r for r in map(_record_of, sorted(_modules())) if r is not None]
    return sorted([*found, *REGISTERED.values()], key=lambda r: r.listed)


def _record_of(module: str) -> Art | None:
    record = getattr(importlib.import_module(f"{__name__}.{module}"), "ART", None)
    if isinstance(record, Art):
        _FOUND.setdefault(record.name, record)
        return record
    return None


def names() -> list[str]:
    """Every art's name, in their `listed` order."""
    return [r.name for r in records()]


# --- what find reads -----------------------------------------------------------------------

#: Returned by a record's `find_part` when the key is not one it writes alone.
WHOLE = object()
_FIELDS: dict[type, frozenset[str]] = {}


def field_part(record: Any, key: str, encode: Callable[[Any], str]) -> Any:
    """A top-level key of an art's JSON that is a field of its `record`, written alone by
    `encode`, the encoder of the whole object (WHOLE when the key is not such a field)."""
    import json

    cls = type(record)
    fields = _FIELDS.get(cls)
    if fields is None:
        import dataclasses

        fields = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    if key.startswith("_") or key not in fields:
        return WHOLE
    return json.loads(encode(getattr(record, key)))
