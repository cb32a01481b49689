"""安營 against 000_4b5dcee18d5e7425.txt."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qimen_cli.calendar.ganzhi import BRANCHES, cycle_index
from qimen_cli.errors import BadInput
from qimen_cli.gucu.anying import CHI_PER_BU, CHI_PER_MAN, ROLE_FIELDS, ROLES, an_ying, camp, camp_bu, role_stem
from qimen_cli.gucu.biwu import chinese_number

#: 000: the camp's size.
CAMP_TEXT = "凡安營立寨，以六為法，每一人占地六尺，量人多少積之，俱要合六，如六十步、六百步之類。周圍設壘"
#: Chinese numerals as the text writes them, read back (六十 → 60).
NUMERAL = {chinese_number(n): n for n in range(1, 10000)}

XUNS = ("甲子", "甲戌", "甲申", "甲午", "甲辰", "甲寅")


def test_roles_and_stems():
    """000: "大將居青龍，旗鼓居蓬星，士卒居明堂，伏兵居太陰，奇兵居天門，裨將居地戶，斬斷居天獄，治事居天庭，
    蒭糧居天廩，兵器居天藏。" with "甲為天輔青龍，乙為天德蓬星 … 癸為天藏華蓋。" """
    assert [role_stem(god) for _, _, god in ROLES] == list(range(10))
    assert ROLE_FIELDS == tuple(name for name, _, _ in ROLES)


def test_jiazi_xun():
    """"以旬中六甲加支": 甲子旬 — 大將子 旗鼓丑 士卒寅 伏兵卯 奇兵辰 裨將巳 斬斷午 治事未 蒭糧申 兵器酉."""
    r = an_ying(cycle_index("丙寅"))
    assert r.xun == "甲子"
    assert "".join(getattr(r, f) for f in ROLE_FIELDS) == "子丑寅卯辰巳午未申酉"
    assert r.kong == ("戌", "亥")


def test_every_xun_changes():
    """"一旬一易": each 旬 puts the ten stems on its own ten branches, its 空亡 left empty."""
    for head in XUNS:
        h = cycle_index(head)
        r = an_ying(h + 9)
        places = [getattr(r, f) for f in ROLE_FIELDS]
        assert places == [BRANCHES[(h + i) % 12] for i in range(10)]
        assert set(places).isdisjoint(r.kong)


def test_camp_text_six_chi_a_man_and_its_examples():
    """000: "每一人占地六尺 … 俱要合六，如六十步、六百步之類": six 尺 a man, and the text's two camps
    are camps of whole sixes that the rule gives back for as many men (one man one 步)."""
    (per_man,) = re.findall(r"每一人占地(.)尺", CAMP_TEXT)
    assert NUMERAL[per_man] == CHI_PER_MAN == 6
    examples = [NUMERAL[n] for n in re.findall(r"([一二三四五六七八九十百千萬]+)步", CAMP_TEXT)]
    assert examples == [60, 600]
    for bu in examples:
        assert bu % 6 == 0
        assert camp_bu(bu * CHI_PER_BU // CHI_PER_MAN) == bu
        assert camp_bu(bu - 5) == bu and camp_bu(bu + 1) == bu + 6
    assert camp(61) == camp(61) and (camp(61).men, camp(61).chi, camp(61).bu) == (61, 366, 66)


@given(st.integers(min_value=1, max_value=10**7))
def test_camp_holds_every_man_in_the_fewest_sixes(men):
    """"量人多少積之，俱要合六": the wall is a multiple of six 步, long enough for six 尺 a man,
    and six 步 shorter would not be."""
    c = camp(men)
    assert c.chi == CHI_PER_MAN * men and c.bu % 6 == 0
    assert c.bu * CHI_PER_BU >= c.chi > (c.bu - 6) * CHI_PER_BU


def test_camp_needs_a_man():
    with pytest.raises(BadInput):
        camp_bu(0)
