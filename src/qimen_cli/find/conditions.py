"""Conditions of `qimen find`: parsing `--where` and `--any` into a tree of atoms, `!`, `&` and `|`.

The forms (`SYNTAX` is the summary `find --help` and the errors quote):

* `ART:NAME` — a named condition of the art (`arts.Searched.named`: every rule of the registry,
  `arts/rules.py`; for cast every pattern name) that holds or not at the instant;
  `ART:NAME=VALUE`, `ART:NAME!=VALUE`, `ART:NAME in V1 V2 …` — one that gives a direction, a
  branch or a value (`gucu:天目=午`, `twelve-gods:天三門=卯`: one of its answers), the value
  one of the rule's (`ArtRule.domain`; any other is refused, naming them); a direction named by
  its branch also takes its compass word (`gucu:日孤=東`: 卯; `gucu:天目=東北`: 丑 or 寅).
* `ART:PATH=VALUE`, `ART:PATH!=VALUE`, `ART:PATH in V1 V2 …` — a dotted key path of the art's
  `--json` object.  A path through a list of objects collects the values of every element;
  `*` stands for every item of a list or every value of an object (`cast:palaces.*.door`), a
  number for one item of a list (`liuren:transmissions.0`); when the path ends on a list (or
  collects several values), `=` means "contains" and `in` "contains one of".  Values compare
  as text: strings as they are, numbers as JSON writes them, `true`/`false`/`null`.
* `ART:PLACE(TEST, TEST, …)` — every test holds in one and the same place: `cast:palace(…)`
  (the nine palaces), `twelve-gods:plate(…)`, `noble:plate(…)`, `liuren:plate(…)` (the twelve
  branches of the 月將 plate), `gucu:ring(…)` (the 24 points).  A TEST is `KEY=VALUE`,
  `KEY!=VALUE`, `KEY in V1 V2 …` or `!TEST`, with KEY one of the place's keys
  (`arts.place_keys`); on a list key (stars, heaven_stems …) a test holds when any item
  matches, negated when none does.
* `!C` negates, `C & D` both, `C | D` either; `!` binds tightest, then `&`, then `|`;
  parentheses group.  Several `--where` must all hold; several `--any` are joined by `|`.

`in` takes values separated by spaces; where every value of a key is one character (stems,
branches, trigrams, marks) they may run together (`heaven_stems in 乙丙丁`); `三奇` and `三吉門`
name their sets (`NAMED_SETS`).  A value holding a space, `|`, `&`, `,` or an unmatched
parenthesis is written in double quotes.  A malformed condition is BadInput (exit 2): one
line naming the bad part, its column and the accepted form; an unknown art, name, key, value
or path names the closest valid ones (difflib).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from typing import Any

from ..errors import BadInput
from ..records import frozen
from .arts import Named, art_order, arts, place_keys, place_words
from .paths import MISSING, _items, collect, text_of
from .places import PLATE_KEYS

#: The forms, as the errors and `find --help` quote them.
SYNTAX = "ART:NAME, ART:PATH=VALUE, ART:PATH in V1 V2, ART:palace(KEY=VALUE, …); ! & | and ( )"
TEST_SYNTAX = "KEY=VALUE, KEY!=VALUE, KEY in V1 V2 … or !TEST, separated by commas"

#: The head of an atom (`ART:`), a word that is not one, a place word and its parenthesis, `KEY in`.
ART_HEAD = re.compile(r"([A-Za-z][A-Za-z-]*)\s*:")
WORD = re.compile(r"[^\s|&()]*")
#: A place form's opening: a word and "(" (a place form when the word is an art's place word).
PLACE_OPEN = re.compile(r"([a-z]+)\s*\(")
IN = re.compile(r"(\S+?)\s+in(?:\s+|$)")
#: A value, or a double-quoted one, of `in`.
VALUE = re.compile(r'"([^"]*)"|(\S+)')


def _named_sets() -> dict[str, tuple[str, ...]]:
    from ..qimen.names import JI_DOORS, SAN_QI

    return {"三奇": SAN_QI, "三吉門": JI_DOORS}


#: Names of value sets `in` accepts: the 三奇 and the 三吉門 (qimen/names.py).
NAMED_SETS: dict[str, tuple[str, ...]] = _named_sets()


# --- the tree ---------------------------------------------------------------------------


@frozen
class Test:
    """One test of a place condition: `key` (a place key) matches one of `values`, or, negated,
    none of them."""

    text: str
    key: str
    values: frozenset
    negate: bool


@frozen
class Atom:
    """One condition on one art: a named one (`named`), a path (`path`, `values`) or a place
    (`place` word and its `tests`).  `plate`: decided by the 奇門 plate alone ((遁, 局, hour)) —
    a plate-only pattern, or a palace condition whose tests read only the plate (`plate_level`)."""

    text: str
    art: str
    named: Named | None = None
    path: tuple[str, ...] | None = None
    values: frozenset | None = None
    place: str | None = None
    tests: tuple = ()
    plate: bool = False


def plate_level(art: str, tests) -> bool:
    """Whether a place condition of `art` with these tests is read off the 奇門 plate alone: a
    palace condition whose keys the plate decides (patterns: plate-only ones only)."""
    if art != "cast":
        return False
    from .arts import plate_pattern_names

    plate_only = plate_pattern_names()
    return all(t.key in PLATE_KEYS or (t.key == "patterns" and t.values <= plate_only) for t in tests)


@frozen
class Not:
    text: str
    item: Any


@frozen
class Both:
    text: str
    items: tuple


@frozen
class Either:
    text: str
    items: tuple


@frozen
class Condition:
    """One `--where` (or the `--any` group): its text as given and its tree."""

    text: str
    node: Any

    @property
    def atoms(self) -> tuple[Atom, ...]:
        return atoms_of(self.node)


def read_off_chart(node):
    """The tree with every atom read off the chart of each 時辰 (`plate` False): for `find --scope`,
    whose cast chart is not the hour's plate that the screen indexes."""
    if isinstance(node, Atom):
        return replace(node, plate=False) if node.plate else node
    if isinstance(node, Not):
        return Not(node.text, read_off_chart(node.item))
    return type(node)(node.text, tuple(read_off_chart(item) for item in node.items))


def atoms_of(node) -> tuple[Atom, ...]:
    """The atoms of a tree, in the order written."""
    if isinstance(node, Atom):
        return (node,)
    if isinstance(node, Not):
        return atoms_of(node.item)
    return tuple(a for item in node.items for a in atoms_of(item))


# --- errors -----------------------------------------------------------------------------


def _closest(word: str, choices, n: int = 3) -> str:
    near = difflib.get_close_matches(word, list(choices), n=n, cutoff=0.4)
    return f"; closest: {', '.join(near)}" if near else ""


#: How deep `(` and `!` may nest in one condition: far beyond what a person writes, well inside
#: Python's recursion limit (the reader, the search and the explanation each recurse once a level).
MAX_DEPTH = 64


class _Parser:
    """A recursive-descent reader of one condition text (see the module docstring)."""

    def __init__(self, text: str, option: str):
        self.text = text
        self.option = option
        self.pos = 0
        self.depth = 0

    def deeper(self) -> None:
        """One more level of `(` or `!`; BadInput beyond `MAX_DEPTH`."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(f"nested more than {MAX_DEPTH} deep (parentheses and '!')",
                      form=f"at most {MAX_DEPTH} levels of ( ) and ! (!!C is C)")

    # errors: one line, naming the condition, the bad part and its column
    def fail(self, what: str, at: int | None = None, form: str = SYNTAX):
        at = self.pos if at is None else at
        column = f"column {at + 1}" if at < len(self.text) else "at the end"
        raise BadInput(f"{self.option} {self.text!r}, {column}: {what}; accepted: {form}")

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    # condition := both ('|' both)* ; both := unary ('&' unary)*
    def condition(self):
        start = self.pos
        items = [self.both()]
        while self.peek() == "|":
            self.pos += 1
            if self.peek() in ("", "|", "&", ")"):
                self.fail("nothing after '|'")
            items.append(self.both())
        return items[0] if len(items) == 1 else Either(self.span(start), tuple(items))

    def both(self):
        start = self.pos
        items = [self.unary()]
        while self.peek() == "&":
            self.pos += 1
            if self.peek() in ("", "|", "&", ")"):
                self.fail("nothing after '&'")
            items.append(self.unary())
        return items[0] if len(items) == 1 else Both(self.span(start), tuple(items))

    def unary(self):
        char = self.peek()
        start = self.pos
        if char == "!":
            self.pos += 1
            if self.peek() in ("", "|", "&", ")"):
                self.fail("nothing after '!'")
            self.deeper()
            item = self.unary()
            self.depth -= 1
            return Not(self.span(start), item)
        if char == "(":
            self.pos += 1
            self.deeper()
            node = self.condition()
            if self.peek() != ")":
                self.fail("'(' is not closed", start)
            self.pos += 1
            self.depth -= 1
            return node
        if char in ("", "|", "&", ")"):
            self.fail(f"a condition is missing before {char!r}" if char else "a condition is missing")
        return self.atom()

    def span(self, start: int) -> str:
        return self.text[start:self.pos].strip()

    # atoms -------------------------------------------------------------------------------

    def atom(self) -> Atom:
        self.skip()
        start = self.pos
        m = ART_HEAD.match(self.text, self.pos)
        if not m:
            word = WORD.match(self.text, self.pos).group(0)
            self.fail(f"{word!r} is not ART:…", start)
        art = m.group(1)
        table = arts()
        if art not in table:
            self.fail(f"unknown art {art!r} (arts: {', '.join(art_order())}){_closest(art, table)}", start)
        self.pos = m.end()
        self.skip()
        place = PLACE_OPEN.match(self.text, self.pos)
        if place and place.group(1) in set(place_words().values()):
            return self.place_atom(start, art, place)
        body_start = self.pos
        body = self.raw(stops="|&)")
        if not body.strip():
            self.fail(f"nothing after {art + ':'!r}", body_start)
        return self.plain_atom(start, art, body, body_start)

    def raw(self, stops: str) -> str:
        """The text up to an unquoted, unnested stop character (quotes and parentheses kept)."""
        depth, quoted, start = 0, False, self.pos
        while self.pos < len(self.text):
            c = self.text[self.pos]
            if c == '"':
                quoted = not quoted
            elif not quoted:
                if c == "(":
                    depth += 1
                elif c == ")" and depth:
                    depth -= 1
                elif c in stops and not depth:
                    break
            self.pos += 1
        if quoted:
            self.fail("a double quote is not closed", start)
        return self.text[start:self.pos]

    def plain_atom(self, start: int, art: str, body: str, at: int) -> Atom:
        text = self.span(start)
        op = _operator(body)
        if op is None:
            name = body.strip()
            named = arts()[art].named.get(name)
            if named is None:
                valid = list(arts()[art].named)
                if not valid:
                    self.fail(f"{art} has no named conditions; use {art}:PATH=VALUE on its --json keys", at)
                self.fail(f"unknown {art} condition {name!r}{_closest(name, valid)} (see qimen find --list --art {art})",
                          at)
            if named.takes_value:
                self.fail(f"{art}:{name} gives a {named.kind}: write {art}:{name}=VALUE or {art}:{name} in V1 V2 "
                          f"(values: {' '.join(named.domain)})", at)
            if art == "cast":
                from ..qimen.patterns import every_chart_message

                every = every_chart_message(name)
                if every is not None:
                    self.fail(every, at)
            return Atom(text, art, named=named, plate=named.plate)
        path_text, kind, value_text, value_at = op
        named = arts()[art].named.get(path_text.strip())
        if named is not None:
            if not named.takes_value:
                self.fail(f"{art}:{named.name} holds or not: write {art}:{named.name} (or !{art}:{named.name}), "
                          f"without a value", at)
            form = f"{art}:{named.name}=VALUE, {art}:{named.name}!=VALUE or {art}:{named.name} in V1 V2"
            words = compass_words() if named.kind == "direction" and set(named.domain) == set(compass_words()["*"]) \
                else {}
            vocabulary = tuple(named.domain) + tuple(w for w in words if w != "*")
            values = self.values(value_text, at + value_at, kind, vocabulary, named.name, form, len(vocabulary))
            values = frozenset(b for v in values for b in (words.get(v) or (v,)))
            atom = Atom(text, art, named=named.with_values(values))
            return Not(text, atom) if kind == "!=" else atom
        keys = tuple(k.strip() for k in path_text.strip().split("."))
        if not path_text.strip() or any(not k for k in keys):
            self.fail(f"empty key in the path {path_text.strip()!r}", at)
        values = self.values(value_text, at + value_at, kind, None, path_text.strip())
        atom = Atom(text, art, path=keys, values=values)
        return Not(text, atom) if kind == "!=" else atom

    def place_atom(self, start: int, art: str, m) -> Atom:
        word = m.group(1)
        words = place_words()
        if words.get(art) != word:
            if art not in words:
                self.fail(f"{art} has no places ({', '.join(f'{a}:{w}(…)' for a, w in words.items())})", start)
            self.fail(f"{art}'s places are {art}:{words[art]}(…), not {word}(…)", start)
        self.pos = m.end()
        keys = place_keys(art)
        tests = []
        while True:
            self.skip()
            test_at = self.pos
            piece = self.raw(stops=",)")
            if self.pos >= len(self.text):
                self.fail(f"'{word}(' is not closed", m.start())
            if not piece.strip():
                self.fail(f"an empty test in {word}(…)", test_at, f"{word}({TEST_SYNTAX}); keys: {' '.join(keys)}")
            tests.append(self.test(art, word, piece, test_at, keys))
            closing = self.text[self.pos]
            self.pos += 1
            if closing == ")":
                break
        return Atom(self.span(start), art, place=word, tests=tuple(tests), plate=plate_level(art, tests))

    def test(self, art: str, word: str, piece: str, at: int, keys) -> Test:
        form = f"{word}({TEST_SYNTAX}); keys: {' '.join(keys)}"
        lead = len(piece) - len(piece.lstrip())
        body = piece.strip()
        negate = False
        while body.startswith("!"):
            negate = not negate
            body = body[1:].lstrip()
        offset = at + lead + (len(piece.strip()) - len(body))
        op = _operator(body)
        if op is None:
            self.fail(f"{body!r} is not KEY=VALUE or KEY in V1 V2", offset, form)
        key_text, kind, value_text, value_at = op
        key = key_text.strip()
        if key not in keys:
            self.fail(f"unknown {word} key {key!r}{_closest(key, keys)}", offset, form)
        values = self.values(value_text, offset + value_at, kind, keys[key], key, form)
        return Test(piece.strip(), key, values, negate != (kind == "!="))

    def values(self, text: str, at: int, kind: str, vocabulary, key: str, form: str = SYNTAX, listed: int = 12) -> frozenset:
        """The value(s) after `=`, `!=` or `in`: checked against the key's `vocabulary` when it has one
        (an error lists its first `listed` values)."""
        lead = len(text) - len(text.lstrip())
        body = text.strip()
        at += lead
        if not body:
            self.fail(f"no value after {key + ('=' if kind != 'in' else ' in')!r} (an empty text is written \"\")",
                      at, form)
        if kind == "in":
            found = [(value, at + offset) for item, offset in _split(body) for value in _expand(item, vocabulary)]
        else:
            value = body[1:-1] if len(body) >= 2 and body[0] == body[-1] == '"' else body
            if vocabulary is not None and value not in vocabulary and value != "null" and len(value) > 1 \
                    and all(ch in vocabulary for ch in value):
                self.fail(f"{value!r} is several values: write {key} in {value}", at, form)
            found = [(value, at)]
        if vocabulary is not None:
            for value, where in found:
                if value not in vocabulary and value != "null":
                    self.fail(f"{value!r} is not a {key} value ({' '.join(vocabulary[:listed])}"
                              f"{' …' if len(vocabulary) > listed else ''}){_closest(value, vocabulary)}", where, form)
        found = [value for value, _where in found]
        return frozenset(found)


def _operator(body: str):
    """(left, "=" | "!=" | "in", right, offset of right in body) of `KEY=V`, `KEY!=V`, `KEY in V …`,
    or None when the body has no operator (a name).  The first `=` outside quotes decides."""
    m = IN.match(body)
    eq = body.find("=")
    if m and (eq < 0 or eq >= m.end()):
        return m.group(1), "in", body[m.end():], m.end()
    if eq < 0:
        return None
    if eq > 0 and body[eq - 1] == "!":
        return body[:eq - 1], "!=", body[eq + 1:], eq + 1
    return body[:eq], "=", body[eq + 1:], eq + 1


def compass_words() -> dict[str, tuple[str, ...]]:
    """A direction named by its branch may be given by its compass word too: 北 子, 東北 丑 寅,
    東 卯 … (`calendar.compass`: the palace sector the branch stands in); "*": every branch."""
    from ..calendar.compass import DIRECTIONS

    out: dict[str, tuple[str, ...]] = {}
    for d in DIRECTIONS:
        out[d.compass] = out.get(d.compass, ()) + (d.earth_branch,)
    out["*"] = tuple(d.earth_branch for d in DIRECTIONS)
    return out


def _split(text: str) -> list[tuple[str, int]]:
    """Values separated by spaces (a double-quoted one kept whole), each with its offset in `text`."""
    return [(m.group(1) if m.group(1) is not None else m.group(2), m.start()) for m in VALUE.finditer(text)]


def _expand(item: str, vocabulary) -> list[str]:
    """One item of `in`: a named set (三奇 …), a run of one-character values (乙丙丁) where the
    key's values are single characters, or the value itself."""
    if item in NAMED_SETS:
        return list(NAMED_SETS[item])
    if vocabulary is not None and item not in vocabulary and len(item) > 1 and all(ch in vocabulary for ch in item):
        return list(item)
    return [item]


def parse(text: str, option: str = "--where") -> Condition:
    """Parse one `--where` (or `--any`) text into a Condition; BadInput when it is malformed or
    names an unknown art, name, place key or value (paths are checked by `check_path`)."""
    raw = text.strip()
    if not raw:
        raise BadInput(f"{option} {text!r}: an empty condition (accepted: {SYNTAX})")
    parser = _Parser(raw, option)
    node = parser.condition()
    if parser.peek():
        what = "an unmatched ')'" if parser.peek() == ")" else f"unexpected {parser.text[parser.pos:]!r}"
        parser.fail(what)
    return Condition(raw, node)


def parse_any(texts, option: str = "--any") -> Condition:
    """Several `--any`: one Condition that holds when one of them does (`A | B | …`)."""
    parts = [parse(t, option) for t in texts]
    if len(parts) == 1:
        return parts[0]
    return Condition(" | ".join(p.text for p in parts), Either(" | ".join(p.text for p in parts),
                                                                tuple(p.node for p in parts)))


# --- paths -----------------------------------------------------------------------------


def key_paths(node: Any, prefix: str = "") -> set[str]:
    """Every dotted key path of a JSON object (through lists of objects)."""
    out: set[str] = set()
    if isinstance(node, list):
        for el in node:
            out |= key_paths(el, prefix)
    elif isinstance(node, dict):
        for k, v in node.items():
            p = f"{prefix}.{k}" if prefix else str(k)
            out.add(p)
            out |= key_paths(v, p)
    return out


def check_path(atom: Atom, sample: dict, option: str = "--where") -> None:
    """BadInput when `atom.path` is not a key path of the art's JSON `sample`.

    A path that reaches a null or an empty list or object before its end is accepted (its
    keys cannot be known from the sample); `*` and list numbers step as `collect` does."""
    nodes = [sample]
    for i, key in enumerate(atom.path):
        nxt, known, open_ended = [], False, False
        for node in nodes:
            if key == "*":
                items = _items(node)
                known |= bool(items)
                open_ended |= node is None or (isinstance(node, (list, dict)) and not items)
                nxt.extend(items)
                continue
            stack = [node]
            while stack:
                n = stack.pop()
                if isinstance(n, list):
                    if not n:
                        open_ended = True
                    if key.isdigit():
                        if int(key) < len(n):
                            known = True
                            nxt.append(n[int(key)])
                        continue
                    stack.extend(n)
                elif isinstance(n, dict):
                    if key in n:
                        known = True
                        nxt.append(n[key])
                elif n is None:
                    open_ended = True
        if not known:
            if open_ended:
                return
            where = ".".join(atom.path[:i]) or "the top level"
            paths = sorted(key_paths(sample))
            raise BadInput(f"{option} {atom.text!r}: {atom.art}'s JSON has no key {'.'.join(atom.path[:i + 1])!r} "
                           f"(under {where}){_closest('.'.join(atom.path), paths)}")
        nodes = nxt
    check_path_values(atom, nodes, option)


def _leaf_vocabulary(art: str, leaf: str) -> tuple[str, ...] | None:
    """The values of the place key a path's last key names (door, star → stars, god …), None
    when it names none (or the art has no places)."""
    if art not in place_words():
        return None
    keys = place_keys(art)
    return keys.get(leaf) or keys.get(leaf + "s")


def check_path_values(atom: Atom, found: list, option: str = "--where") -> None:
    """BadInput when a path's value is not one its key can take (`cast:zhi_shi.door=開`: the
    doors are 休門 … 開門), named with the closest, as inside `palace(…)`.

    More precisely: the key's values are the place key's of the same name (`_leaf_vocabulary`),
    taken only when every value the sample holds at the path is one of them (so a key that
    shares a name but not the values is left alone)."""
    vocabulary = _leaf_vocabulary(atom.art, atom.path[-1])
    if not vocabulary:
        return
    seen = [text_of(v) for node in found for v in (node if isinstance(node, list) else [node]) if v is not None]
    if not seen or any(v not in vocabulary for v in seen):
        return
    for value in sorted(atom.values):
        if value not in vocabulary and value != "null":
            raise BadInput(f"{option} {atom.text!r}: {value!r} is not a {atom.path[-1]} value "
                           f"({' '.join(vocabulary[:12])}{' …' if len(vocabulary) > 12 else ''})"
                           f"{_closest(value, vocabulary)}")


def match_path(atom: Atom, data: dict) -> tuple[Any, list]:
    """(the first value at the path that is one of the atom's values, or MISSING; every value found)."""
    values = collect(data, atom.path)
    wanted = atom.values
    return next((v for v in values if text_of(v) in wanted), MISSING), values


def negated_path_value(values: list):
    """What a negated path reports when it holds: the value found (a list when several, None when none)."""
    return (values[0] if len(values) == 1 else values) if values else None


def test_holds(test: Test, record: dict) -> bool:
    """Whether a place record passes a test: a list key when any item is one of the values."""
    value = record[test.key]
    items = value if isinstance(value, (list, tuple)) else (value,)
    return any(text_of(v) in test.values for v in items) != test.negate


# --- the rules behind a condition --------------------------------------------------------


def rules_of(node) -> list[dict]:
    """The rules a part of a condition reads, as their records (`Named.rule`): a named
    condition's own, a place condition's patterns' (the registry's), every one of a compound's."""
    out: list[dict] = []
    for atom in atoms_of(node):
        if atom.named is not None:
            records = [atom.named.rule()]
        else:
            cast = arts()["cast"].named
            names = [v for t in atom.tests if t.key == "patterns" for v in sorted(t.values)]
            records = [cast[name].rule() for name in names]
        out.extend(r for r in records if r not in out)
    return out
