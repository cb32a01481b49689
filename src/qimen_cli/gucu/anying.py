"""安營: where each part of the camp goes in the current 旬 (000).

More precisely: the ten stems of the 旬 are put on the branches of their 干支 ("以旬中
六甲加支", 甲子旬: 甲子 乙丑 … 癸酉), and each role of the camp takes the stem whose
god-name it is given (大將 青龍 = 甲, 旗鼓 蓬星 = 乙, …); its place is that stem's
branch.  Two branches of each 旬 (its 空亡) get no stem.  Changes every 旬.
Source: 000_4b5dcee18d5e7425.txt.
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache

from ..calendar.ganzhi import BRANCHES, STEMS, kong_wang, xun_shou
from ..qimen.names import STEM_NAMES
from ..records import frozen

#: Role (field name, text name) → the stem whose name the text gives it.
#: > 大將居青龍，旗鼓居蓬星，士卒居明堂，伏兵居太陰，奇兵居天門，裨將居地戶，斬斷居天獄，治事居天庭，
#: > 蒭糧居天廩，兵器居天藏。 (000_4b5dcee18d5e7425.txt)
ROLES = (
    ("da_jiang", "大將", "青龍"),
    ("qi_gu", "旗鼓", "蓬星"),
    ("shi_zu", "士卒", "明堂"),
    ("fu_bing", "伏兵", "太陰"),
    ("qi_bing", "奇兵", "天門"),
    ("pi_jiang", "裨將", "地戶"),
    ("zhan_duan", "斬斷", "天獄"),
    ("zhi_shi", "治事", "天庭"),
    ("chu_liang", "蒭糧", "天廩"),
    ("bing_qi", "兵器", "天藏"),
)


def role_stem(god: str) -> int:
    """The stem (0 = 甲) whose name contains `god` (青龍 → 甲, 天廩 → 壬, …).

    > 甲為天輔青龍，乙為天德蓬星 … 壬為天牢天廩，癸為天藏華蓋。 (000_4b5dcee18d5e7425.txt)
    """
    hits = [i for i, names in enumerate(STEM_NAMES) if god in names]
    if len(hits) != 1:
        raise ValueError(f"{god!r} names {len(hits)} stems")
    return hits[0]


@frozen
class AnYing:
    """安營 for the 旬: each role's branch (field names are the roles), the 旬 and its empty branches."""

    xun: str
    da_jiang: str
    qi_gu: str
    shi_zu: str
    fu_bing: str
    qi_bing: str
    pi_jiang: str
    zhan_duan: str
    zhi_shi: str
    chu_liang: str
    bing_qi: str
    kong: tuple[str, str]


ROLE_FIELDS = tuple(f.name for f in fields(AnYing) if f.name not in ("xun", "kong"))


def role_branch(cycle_index: int, god: str) -> int:
    """Branch of the role named by `god` in the 旬 of `cycle_index`.

    > 凡安營立寨 … 布成四維八干十二支局。以旬中六甲加支，一旬一易。 (000_4b5dcee18d5e7425.txt)

    Note: the camp is laid as a 24-point ring, but the stems go on branch points, as
    "加支" says.
    """
    return (xun_shou(cycle_index % 60) + role_stem(god)) % 12


@cache
def an_ying(cycle_index: int) -> AnYing:
    """安營 of the 旬 holding `cycle_index` (甲子旬: 大將子 旗鼓丑 … 兵器酉).

    > 以旬中六甲加支，一旬一易。大將居青龍，旗鼓居蓬星，士卒居明堂，伏兵居太陰，奇兵居天門，裨將居地戶，
    > 斬斷居天獄，治事居天庭，蒭糧居天廩，兵器居天藏。 (000_4b5dcee18d5e7425.txt)
    """
    head = xun_shou(cycle_index % 60)
    places = {name: BRANCHES[role_branch(cycle_index, god)] for name, _, god in ROLES}
    k1, k2 = kong_wang(cycle_index)
    return AnYing(xun=STEMS[0] + BRANCHES[head % 12], kong=(BRANCHES[k1], BRANCHES[k2]), **places)
