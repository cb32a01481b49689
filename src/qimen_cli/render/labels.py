"""Labels of the terminal views in zh, ko and en (values stay in traditional characters)."""

from __future__ import annotations

#: key → (zh, ko, en)
LABELS = {
    "year": ("年", "년", "year"),
    "month": ("月", "월", "month"),
    "day": ("日", "일", "day"),
    "hour": ("時", "시", "hour"),
    "pillars": ("四柱", "사주", "pillars"),
    "term": ("節氣", "절기", "solar term"),
    "next_term": ("下一節氣", "다음 절기", "next term"),
    "xun": ("旬", "순", "decade (旬)"),
    "day_xun": ("日旬", "일순", "day decade (旬)"),
    "hour_xun": ("時旬", "시순", "hour decade (旬)"),
    "kong_wang": ("空亡", "공망", "void (空亡)"),
    "lunar": ("農曆", "음력", "lunar date"),
    "leap": ("閏", "윤", "leap "),
    "instant": ("時刻", "시각", "instant"),
    "clock": ("時鐘", "시계", "clock"),
    "longitude": ("黃經", "황경", "longitude"),
    "name": ("名", "이름", "name"),
    "local": ("地方時", "현지 시각", "local time"),
}
#: Column of each language in a label row.
LANG_INDEX = {"zh": 0, "ko": 1, "en": 2}


def label(key: str, lang: str = "zh") -> str:
    """The label `key` in `lang`; unknown keys come back as they are."""
    row = LABELS.get(key)
    return row[LANG_INDEX.get(lang, 0)] if row else key


def labeller(table: dict[str, tuple[str, str, str]]):
    """A label function over a view's own `table`, falling back to the shared LABELS, then the key."""

    def lookup(key: str, lang: str = "zh") -> str:
        row = table.get(key) or LABELS.get(key)
        return row[LANG_INDEX.get(lang, 0)] if row else key

    return lookup


#: The clock on which the 干支 are read (Moment.clock), by --lang.
CLOCK_NAMES = {
    "civil": ("民用時", "민용시", "civil"),
    "mean solar": ("平太陽時", "평태양시", "mean solar"),
    "apparent solar": ("真太陽時", "진태양시", "apparent solar"),
}


#: Moment.clock worded in a language: clock_name("mean solar", "zh") → 平太陽時.
clock_name = labeller(CLOCK_NAMES)
