"""Readings of the names the views print: pinyin and English (`--lang en`), 한글 (`--lang ko`).

JSON stays in characters; these only add a reading beside a name in the terminal views.  The
readings are the word store's ("reading:NAME", "meaning:NAME": `qimen_cli/words`), and how a
language sets them beside the name is its `Lang.reading` (zh: none; ko: 天心 천심; en: 天心
Tianxin "Heart").  English names are the usual renderings in English-language 奇門 and 六壬
books; they are glosses, not translations of a rule.
"""

from __future__ import annotations

import re
from functools import cache

from ..words import lang as language
from ..words import word

#: The prefix of a 六壬 name that holds on the lesson whether or not it decided (有賊剋: 賊剋 holds);
#: its reading and meaning are the store's "holds:reading" (fields `reading`, and `lower`: the
#: reading with its first letter in lower case) and "holds:meaning" (field `meaning`).
HOLDS = "有"


def _part(part: str, name: str, lang: str) -> str | None:
    """The reading or the meaning (`part`) of `name` in `lang`, None where the store has none; 有X
    from X's (`HOLDS`)."""
    found = word(f"{part}:{name}", lang)
    if found is None and name.startswith(HOLDS) and len(name) > 1:
        base, form = word(f"{part}:{name[1:]}", lang), word(f"holds:{part}", lang)
        if base is not None and form is not None:
            found = language(lang).fill(form, {part: base, "lower": base[:1].lower() + base[1:]})
    return found


@cache
def _fields(template: str) -> tuple[str, ...]:
    """The parts of a name a reading template uses (its fields but `name`: reading, meaning)."""
    return tuple(field for field in re.findall(r"\{(\w+)", template) if field != "name")


def _set(template: str, name: str, lang: str) -> str:
    """`name` set in `template` with its reading; bare when a part the template uses is missing."""
    values: dict[str, str | None] = {"name": name}
    for part in _fields(template):
        found = values[part] = _part(part, name, lang)
        if found is None:
            return name
    return language(lang).fill(template, values)


def gloss_all(text: str, lang: str, separator: str = " / ") -> str:
    """Each name of `text` joined by `separator` glossed (`gloss`): "天目 / 地耳" → both read."""
    return separator.join(gloss(part, lang) for part in text.split(separator))


def reading(name: str, lang: str) -> str:
    """The short reading of `name` in `lang`: pinyin (en), 한글 (ko), nothing (zh, or a name without one)."""
    if language(lang).reading is None:
        return ""
    return _part("reading", name, lang) or ""


def meaning(name: str, lang: str) -> str:
    """The meaning of `name` in `lang` (en: its usual English name), or ''."""
    return _part("meaning", name, lang) or ""


def gloss(name: str, lang: str) -> str:
    """`name` with its reading: 天心 (zh), 天心 천심 (ko), 天心 Tianxin "Heart" (en)."""
    style = language(lang).reading
    return name if style is None else _set(style.full, name, lang)


def said(text: str, lang: str) -> str:
    """A text's own words (004's readings of 天罡 …) with their English in a language that has it
    (the store's "says:TEXT", en only): 天地所通，吉候也 "heaven and earth pass through: a good sign";
    as they are in zh and ko, whose readers read the characters."""
    if language(lang).reads_characters:
        return text
    found = word(f"says:{text}", lang)
    return text if found is None else f'{text} "{found}"'


def named(name: str, lang: str) -> str:
    """`name` followed by its short reading (pinyin or 한글), for narrow places such as grid cells."""
    style = language(lang).reading
    return name if style is None else _set(style.short, name, lang)
