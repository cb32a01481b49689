"""閉戊 against 000_4b5dcee18d5e7425.txt."""

import pytest

from qimen_cli.calendar.ganzhi import BRANCHES, cycle_index
from qimen_cli.gucu.biwu import bi_wu, chinese_number, join_order, soil_dou, soil_text, wu_branch

B = BRANCHES.index


def test_jiazi_xun_example():
    """000: "假令甲子旬野宿閉戊，用六步為率，以刀從艮方起 … 本旬戊在辰，即於辰方取土一石二斗，分作六股，
    堆於辰午申戌子寅六方畢，持刀於辰上念：龍門土坰，均接馬嶺 … 又將寅上土，運連辰上 … 即將刀埋辰方土坑中" """
    for d in range(10):  # any day of the 甲子旬
        r = bi_wu(d, 6)
        assert r.xun == "甲子" and r.wu == "辰"
        assert "".join(r.order) == "辰午申戌子寅辰"
        assert r.soil == "一石二斗" and r.soil_dou == 12
        assert r.draw_from == "艮" and r.knife == "辰"
        assert r.verses[0] == "龍門土坰，均接馬嶺"
        assert r.verses[-1] == "虎穴土盈、均接龍門"


def test_soil_by_ring_size():
    """000: "於旬中戊上取土，以倍六為率。如畫地六步，取土一石二斗，六十步、十二石之類。" """
    assert soil_text(soil_dou(6)) == "一石二斗"
    assert soil_text(soil_dou(60)) == "十二石"
    assert soil_text(soil_dou(600)) == "一百二十石"
    assert soil_text(soil_dou(360)) == "七十二石"
    for bad in (0, 5, 61, -6):
        with pytest.raises(ValueError):
            soil_dou(bad)


def test_wu_of_every_xun():
    """The 戊 of each 旬 (六戊): 甲子 戊辰, 甲戌 戊寅, 甲申 戊子, 甲午 戊戌, 甲辰 戊申, 甲寅 戊午."""
    for head, b in zip(("甲子", "甲戌", "甲申", "甲午", "甲辰", "甲寅"), "辰寅子戌申午", strict=True):
        assert wu_branch(cycle_index(head) + 7) == B(b)


def test_order_starts_at_wu_and_covers_the_yang_branches():
    """000 (Korean note echoes the text): "從本旬戊上起，依訣均之，互相接續，佈滿周匝" — six heaps, back to the start."""
    for w in range(0, 12, 2):
        order = join_order(w)
        assert order[0] == order[-1] == w
        assert sorted(order[:-1]) == [0, 2, 4, 6, 8, 10]


def test_chinese_numbers():
    assert [chinese_number(n) for n in (1, 10, 12, 20, 110, 120, 10010)] == \
        ["一", "十", "十二", "二十", "一百一十", "一百二十", "一萬零一十"]
