"""安營: where each part of the camp goes in the current 旬 (000).

More precisely: the ten stems of the 旬 are put on the branches of their 干支 ("以旬中
六甲加支", 甲子旬: 甲子 乙丑 … 癸酉), and each role of the camp takes the stem whose
god-name it is given (大將 青龍 = 甲, 旗鼓 蓬星 = 乙, …); its place is that stem's
branch.  Two branches of each 旬 (its 空亡) get no stem.  Changes every 旬.  With a head
count (`gucu --size N`), `camp` sizes the wall: six 尺 a man, the length in 步 a multiple of
six.
Source: 000_4b5dcee18d5e7425.txt.
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache, lru_cache

from ..calendar.ganzhi import BRANCHES, STEMS, kong_wang, xun_shou
from ..errors import BadInput
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


#: 尺 of wall each man takes: > 每一人占地六尺 (000_4b5dcee18d5e7425.txt)
CHI_PER_MAN = 6
#: 尺 in one 步: the old measure, 六尺為步.  Open question: the text gives the man in 尺 and the
#: camp in 步 without the rate; since the 唐 a 步 is five 尺 (docs/decisions.md, "安營: the size
#: of the camp").
CHI_PER_BU = 6
#: The camp's length is a multiple of this many 步: > 以六為法 … 俱要合六，如六十步、六百步之類
#: (000_4b5dcee18d5e7425.txt)
BU_MULTIPLE = 6


@frozen
class Camp:
    """The camp of `men` men: the wall's length in 尺 (six a man) and in 步, the 步 rounded up
    to a multiple of six."""

    men: int
    chi: int
    bu: int


def camp_bu(men: int) -> int:
    """The camp's wall in 步 for `men` men: six 尺 a man, made up to a multiple of six 步
    (60 men → 60 步, 61 → 66).

    > 凡安營立寨，以六為法，每一人占地六尺，量人多少積之，俱要合六，如六十步、六百步之類。周圍設壘 …
    > (000_4b5dcee18d5e7425.txt)

    "占地六尺" is read as six 尺 of the wall ("周圍設壘") a man, the men side by side round it;
    "俱要合六" as the length in 步 made up to the next multiple of six (never less than the men
    need).  Open question: the 步 is taken as six 尺 (六尺為步), so a man is one 步; with the
    later five-尺 步 the same men need a sixth more (docs/decisions.md).
    """
    if men < 1:
        raise BadInput(f"the camp needs at least one man: {men}")
    chi = CHI_PER_MAN * men
    bu = -(-chi // CHI_PER_BU)
    return -(-bu // BU_MULTIPLE) * BU_MULTIPLE


@lru_cache(maxsize=64)
def camp(men: int) -> Camp:
    """安營's size for `men` men (`camp_bu`), with the wall in 尺."""
    return Camp(men=men, chi=CHI_PER_MAN * men, bu=camp_bu(men))
