"""Names shared by 奇門 and its sister arts: the 三吉門, the 三奇, the 十干神名 and the 建除 officers (one home).

`patterns` (三奇得使, 奇墓, 十干神名, 太陰 and 地戶 of the modifiers), `gods.twelve` (奇門私門, 十干神名, 直辰), `gucu.anying`
(暗營), the cast view (吉門, 三奇) and `find` (the 建除 conditions) import these; no other
module keeps a copy.
"""

from __future__ import annotations

from ..calendar.ganzhi import STEMS

#: The 三吉門 of 奇門.
#:
#: > 三奇得使者，謂得三吉門、直使加奇也。凡開、休、生加乙、丙。丁為吉門合三奇 (003_fd1aa30e5b7f2d13.txt)
JI_DOORS: tuple[str, ...] = ("開門", "休門", "生門")

#: The 三奇.
SAN_QI: tuple[str, ...] = ("乙", "丙", "丁")

#: Each stem's two names, in stem order (甲 … 癸).
#:
#: > 甲為天輔青龍，乙為天德蓬星，丙為明堂天威，丁為太陰玉女，戊為天武天門，己為地戶六合，
#: > 庚為天獄天伐，辛為天庭天尉，壬為天牢天廩，癸為天藏華蓋。 (000_4b5dcee18d5e7425.txt)
SHI_GAN_SHEN_PAIRS: tuple[tuple[str, str], ...] = (
    ("天輔", "青龍"), ("天德", "蓬星"), ("明堂", "天威"), ("太陰", "玉女"), ("天武", "天門"),
    ("地戶", "六合"), ("天獄", "天伐"), ("天庭", "天尉"), ("天牢", "天廩"), ("天藏", "華蓋"),
)

#: The same names joined, in stem order ("天輔青龍" …).
STEM_NAMES: tuple[str, ...] = tuple(a + b for a, b in SHI_GAN_SHEN_PAIRS)

#: Stem → its joined name (甲 → 天輔青龍 …).
SHI_GAN_SHEN: dict[str, str] = dict(zip(STEMS, STEM_NAMES, strict=True))

#: The stem the texts call 太陰 (丁, "太陰玉女") and the one they call 地戶 (己, "地戶六合"), by the
#: 十干神名 above: 玉女守門's "太陰臨合地戶" and the "太陰合奇門蓋之" of 二吟 and the 四凶 read them.
TAI_YIN: str = next(s for s, pair in zip(STEMS, SHI_GAN_SHEN_PAIRS, strict=True) if "太陰" in pair)
DI_HU: str = next(s for s, pair in zip(STEMS, SHI_GAN_SHEN_PAIRS, strict=True) if "地戶" in pair)

#: The twelve 建除 officers (直辰) in order from 建.
#:
#: > 直辰者，建、除、滿、平、定、執、破、危、成、收、開、閉也。 (000_4b5dcee18d5e7425.txt)
JIANCHU: tuple[str, ...] = ("建", "除", "滿", "平", "定", "執", "破", "危", "成", "收", "開", "閉")
