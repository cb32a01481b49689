"""The label words of the terminal views, read from the word store (`qimen_cli/words`; values stay
in traditional characters).

More precisely: a plain key ("pillars") is a word every view reads the same way; a view that
words the key its own way has it under its name ("cast:pillars").  `labeller(view)` looks a key
up under the view's name first, then plain, in the language and then by the store's fallback
(zh); `label` reads plain keys only.  An unknown key comes back as it is.
"""

from __future__ import annotations

from ..words import find


def label(key: str, lang: str = "zh") -> str:
    """The plain label `key` in `lang`; unknown keys come back as they are."""
    found = find((key,), lang)
    return key if found is None else found


def labeller(view: str):
    """The label function of `view`: its own "view:key" word, else the plain one, else the key."""
    prefix = view + ":"

    def lookup(key: str, lang: str = "zh") -> str:
        found = find((prefix + key, key), lang)
        return key if found is None else found

    return lookup


#: Moment.clock (its `ClockKind.value`) worded in a language: clock_name("mean solar", "zh") → 平太陽時.
clock_name = labeller("clock")
