"""The word store: every word the views print in a language, keyed by (key, language).

More precisely: a language is one `Lang` entry in `LANGS` (its code, the value of `--lang`; its
own name; the `lang` of an HTML page; how a name is read beside its characters; whether its
reader reads the texts' characters) and one column: a mapping key → word, the module
`words/<code>.py` (its `WORDS`), loaded when the language is first used, or the mapping the
entry carries (`Lang.words`).  A new language is one column and one `Lang` entry: `options.py`
offers `--lang` from `LANGS`, every view reads its words here.

The keys:

- the views' labels: a plain key ("year") is a word every view reads the same way; a view that
  words a key its own way has it under its name ("cast:pillars"), `render/labels.py`'s
  `labeller(view)` looking a key up under the view's name first, then plain;
- the names' readings (`render/glossary.py`): "reading:天心" (pinyin in en, 한글 in ko),
  "meaning:天心" (en: "Heart"), "holds:reading" and "holds:meaning" (有X from X's); zh reads
  the characters and has none;
- the `--explain` steps and chaibu's notes (`render/explain.py`): "step:KEY" (a template whose
  fields are the record's values), "step:KEY.VALUE:true" / ":false" (a true/false value in
  words), "clause:VALUE" (what a value that may be absent adds when present), "fixed:NAME" (a
  note the engine gives as English text, worded in each language).

The one fallback rule: a key a language lacks is read in zh (`FALLBACK`), and a key zh lacks
is absent (None; `render/labels.py` then prints the key itself, a name is printed bare).  zh
has every label and template; it has no reading of a name, so a language without a name's
reading prints the name as zh does.  tests/test_words.py checks that zh, ko and en each have
every key (ko and en a reading of every name, en its meaning), and that a language added with
a few words reads the rest in zh.

Filling a template is its language's (`Lang.fill`): a word whose form depends on the word it
follows belongs there, the one place every template of the store is filled.  Korean writes such a
particle as its two forms, `{stem}이/가`, and its entry's `particles` (`words/particles.py`) takes
the one the filled word asks for by the last syllable of its reading (壬이, 甲寅은, 天芮를).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module


class Reading:
    """How a language reads a name beside its characters: `full` (a gloss: 天心 Tianxin "Heart")
    and `short` (where room is short, a grid cell: 天心 Tianxin), templates of the fields
    `name`, `reading` (the store's "reading:NAME") and `meaning` ("meaning:NAME").  A name
    without every field the template uses is printed bare."""

    __slots__ = ("full", "short")

    def __init__(self, full: str, short: str) -> None:
        self.full, self.short = full, short

    def __repr__(self) -> str:
        return f"Reading({self.full!r}, {self.short!r})"


class Lang:
    """A language of the views: `code` (the value of --lang and its column's name), `name` (in
    the language itself), `html` (the `lang` of an HTML page, `--html`), `reading` (how a name
    is read beside its characters; None: the characters alone, as zh), `reads_characters`
    (whether its reader reads the texts' characters: the views then give a rule's own words
    and leave the names bare where room is short; otherwise a rule's one-line English summary,
    and the readings of names a narrow cell carries bare, once below it), `words` (its column
    when it is not the module words/<code>.py), `particles` (the language's rule for the words a
    filled template chooses by the word before them, given the text and the language's column;
    None: none).  (A plain class, as options.py's.)"""

    __slots__ = ("code", "name", "html", "reading", "reads_characters", "words", "particles")

    def __init__(self, code: str, name: str, html: str, reading: Reading | None, reads_characters: bool,
                 words: Mapping[str, str] | None = None,
                 particles: Callable[[str, Mapping[str, str]], str] | None = None) -> None:
        self.code, self.name, self.html, self.reading = code, name, html, reading
        self.reads_characters, self.words, self.particles = reads_characters, words, particles

    def fill(self, template: str, values: Mapping) -> str:
        """`template` with its fields filled from `values` (str.format's fields), then its particles
        chosen by the words they follow (`particles`)."""
        text = template.format_map(values)
        return text if self.particles is None else self.particles(text, column(self.code))

    def __repr__(self) -> str:
        return f"Lang({self.code!r})"


def _korean(text: str, words: Mapping[str, str]) -> str:
    """Korean's particles (이/가, 은/는, 을/를, 과/와, 으로/로) chosen in a filled template."""
    from .particles import korean

    return korean(text, words)


#: The languages of the views, in the order `--lang` lists them (the first is the default).
LANGS: dict[str, Lang] = {
    "zh": Lang("zh", "中文", "zh-Hant", None, True),
    "ko": Lang("ko", "한국어", "ko", Reading("{name} {reading}", "{name} {reading}"), True, particles=_korean),
    "en": Lang("en", "English", "en", Reading('{name} {reading} "{meaning}"', "{name} {reading}"), False),
}
#: The language a word is read in when a language lacks it: the one with every key.
FALLBACK = "zh"
#: The language of the engine's own texts: the JSON's `text` of a step or note, the notes the
#: engine writes as text (gucu's 天乙絕氣, the 三氏 variants' source line).
ENGINE = "en"

_COLUMNS: dict[str, Mapping[str, str]] = {}


def lang(code: str) -> Lang:
    """The Lang of `code` (KeyError for a code not in `LANGS`: --lang and the API refuse those first)."""
    return LANGS[code]


def column(code: str) -> Mapping[str, str]:
    """The words of language `code`, key → word: its entry's own, or words/<code>.py's (loaded once)."""
    found = _COLUMNS.get(code)
    if found is None:
        own = LANGS[code].words
        found = _COLUMNS[code] = own if own is not None else import_module(f"{__name__}.{code}").WORDS
    return found


def find(keys: tuple[str, ...], code: str) -> str | None:
    """The first of `keys` that language `code` has, else the first zh has (`FALLBACK`); None when
    neither has any."""
    words = column(code)
    for key in keys:
        if key in words:
            return words[key]
    if code != FALLBACK:
        return find(keys, FALLBACK)
    return None


def word(key: str, code: str) -> str | None:
    """The word of `key` in language `code`, by the fallback rule (`find`)."""
    return find((key,), code)
