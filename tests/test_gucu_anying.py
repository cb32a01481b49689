"""安營 against 000_4b5dcee18d5e7425.txt."""

from qimen_cli.calendar.ganzhi import BRANCHES, cycle_index
from qimen_cli.gucu.anying import ROLE_FIELDS, ROLES, an_ying, role_stem

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
