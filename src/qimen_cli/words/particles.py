"""Korean particles after a filled value: 이/가, 은/는, 을/를, 과/와, 으로/로 chosen by the last syllable.

More precisely: a Korean template writes a particle whose form depends on the word before it as
its two forms joined by a slash, the form after a final consonant (받침) first: `{stem}이/가`,
`{head}은/는`, `{term}을/를`, `{star}과/와`, `{palace}으로/로` (`PAIRS`).  `korean` replaces each
such pair in a filled template by the form the word before it takes: the word's last syllable
read in 한글 — a 한글 syllable as it is; a name of characters by its reading in the word store
("reading:天芮" 천예, as the glosses read it), else its last character by `SOUNDS` (the 한자음 of
the stems, branches, terms and the other characters the values end with); a digit by its Korean
name (1 일, 2 이 …).  A parenthesis just before the particle is passed over (`甲子 (2024-03-01)가`:
the particle goes with 甲子).  The 받침 of a syllable is its (code − 0xAC00) mod 28; 으로/로 takes
로 after a vowel and after ㄹ.  A word whose sound is not known (a Latin letter) gets both forms,
the first with the second in brackets (을(를)), as Korean writes an undecided particle.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

#: The particles chosen by the word before them: (after a 받침, after a vowel); 으로/로 also 로 after ㄹ.
PAIRS = (("이", "가"), ("은", "는"), ("을", "를"), ("과", "와"), ("으로", "로"))

#: The 한자음 of the characters the filled values end with where the word store has no reading of
#: the whole name: the ten stems, the twelve branches, the last characters of the 24 terms, the
#: trigrams and the centre, and the characters a value ends with (元 局 門 宮 …).
SOUNDS: dict[str, str] = {
    **dict(zip("甲乙丙丁戊己庚辛壬癸", "갑을병정무기경신임계", strict=True)),
    **dict(zip("子丑寅卯辰巳午未申酉戌亥", "자축인묘진사오미신유술해", strict=True)),
    **dict(zip("至寒春水蟄分明雨夏滿種暑秋處露降冬雪", "지한춘수칩분명우하만종서추처로강동설", strict=True)),
    **dict(zip("坎坤震巽中乾兌艮離", "감곤진손중건태간리", strict=True)),
    **dict(zip("上下元局遁門星宮時日月年儀符使神盤陽陰奇氣首", "상하원국둔문성궁시일월년의부사신반양음기기수", strict=True)),
}

#: The Korean names of the digits (a palace, a day count, a date's last digit).
DIGITS = dict(zip("0123456789", ("영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"), strict=True))

_PARTICLE = re.compile("(" + "|".join(f"{a}/{b}" for a, b in PAIRS) + ")")
_TRAILING_GROUP = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")
_HANJA_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+$")


def _is_syllable(ch: str) -> bool:
    return "가" <= ch <= "힣"


def final_consonant(syllable: str) -> int:
    """The 받침 of a 한글 syllable: 0 for none, 8 for ㄹ (its index among the 27 finals + 1)."""
    return (ord(syllable) - 0xAC00) % 28


def last_sound(text: str, readings: Mapping[str, str]) -> str | None:
    """The 한글 syllable the end of `text` is read with (a trailing parenthesis passed over), or None."""
    text = text.rstrip()
    while True:
        stripped = _TRAILING_GROUP.sub("", text)
        if stripped == text or not stripped:
            break
        text = stripped
    if not text:
        return None
    run = _HANJA_RUN.search(text)
    if run:
        name = run.group()
        whole = readings.get(f"reading:{name}")
        if whole and _is_syllable(whole.rstrip()[-1:]):
            return whole.rstrip()[-1]
        return SOUNDS.get(name[-1])
    last = text[-1]
    if _is_syllable(last):
        return last
    return DIGITS.get(last)


def choose(pair: tuple[str, str], sound: str | None) -> str:
    """The form of `pair` after a word read ending in `sound` (both forms when it is not known)."""
    after_consonant, after_vowel = pair
    if sound is None:
        return f"{after_consonant}({after_vowel})"
    final = final_consonant(sound)
    if after_consonant == "으로":
        return after_vowel if final in (0, 8) else after_consonant
    return after_consonant if final else after_vowel


def korean(text: str, readings: Mapping[str, str]) -> str:
    """`text` with every particle pair (`PAIRS`) replaced by the form its word takes (`choose`)."""
    pairs = {f"{a}/{b}": (a, b) for a, b in PAIRS}
    out, end = [], 0
    for m in _PARTICLE.finditer(text):
        out.append(text[end:m.start()])
        out.append(choose(pairs[m.group()], last_sound("".join(out), readings)))
        end = m.end()
    out.append(text[end:])
    return "".join(out)
