"""天罡加 (月將加正時) and its readings against 004_64097a01f3826baf.txt; 月將 against 000."""

import re

from hypothesis import given
from hypothesis import strategies as st

from qimen_cli.calendar.ganzhi import BRANCHES
from qimen_cli.calendar.terms import term_index
from qimen_cli.gods.noble import yue_jiang_branch
from qimen_cli.gucu.tiangang import ON_YOU, TIAN_DI, branch_class, tian_gang, tian_gang_position

B = BRANCHES.index

#: 004: 以天罡加子 … 天罡加亥，天地迫無路，行者止。 (the two paragraphs as written)
TIANDI_TEXT = (
    "以天罡加子，天地所通，吉候也。天罡加丑，天地不（一作小）通，以為吉事，不可以私忿、興兵、征伐、遠行，"
    "三十里止舍吉（一作凶）。天罡加寅，天地慶悅，舉小事吉。天罡加卯，天地開格，不可舉眾。天罡加辰，天地初呼，"
    "不可侵人國界，守己地則敵人不能攻之。天罡加巳，天地神佑，無憂患，但進兵入敵境逢敵則止營勿與即戰。"
    "天罡加午，天地初起而縱橫之時，凶。天罡加未，天地小通，宜小心，行賞賜，撫將校，慎兵馬，如是吉，反是凶。"
    "天罡加申，天地不遠揚兵，堅壁設備吉。天罡加酉，天地關無路，若出兵中道奔亡，遇敵即敗，大凶，宜守營自備。"
    "天罡加戌，天地返逆，吏士謀殺主將，主將備之。天罡加亥，天地迫無路，行者止。"
)


def test_yue_jiang_by_zhong_qi():
    """000: "神后子起、登明亥止，以亥逆纏，娵訾、雨水，月月氣足，一將一出" — 雨水亥 … 大寒子."""
    expected = dict(zip(["雨水", "春分", "穀雨", "小滿", "夏至", "大暑", "處暑", "秋分", "霜降", "小雪", "冬至", "大寒"],
                        "亥戌酉申未午巳辰卯寅丑子", strict=True))
    for name, b in expected.items():
        assert yue_jiang_branch(term_index(name)) == B(b)


def test_plate_example_deng_ming_on_mao():
    """004: "假令正月占，以正月合神登明為月將，卯時占以登明加卯。" — heaven 亥 over earth 卯, so 辰 over 申."""
    pos = tian_gang_position(B("亥"), B("卯"))
    assert pos == B("申")
    # the heaven branch over earth p is p + (月將 − hour): over 卯 it is 亥, over pos it is 辰
    assert (B("卯") + B("亥") - B("卯")) % 12 == B("亥")
    assert (pos + B("亥") - B("卯")) % 12 == B("辰")


@given(st.integers(0, 11), st.integers(0, 11))
def test_tian_gang_is_heaven_chen(yj, hour):
    pos = tian_gang_position(yj, hour)
    assert (pos + yj - hour) % 12 == B("辰")


def test_twelve_readings_as_written():
    """004: "以天罡加子，天地所通，吉候也 … 天罡加亥，天地迫無路，行者止。" """
    parts = re.findall(r"天罡加(.)，(.*?)。(?=天罡加|$)", TIANDI_TEXT)
    assert [b for b, _ in parts] == list(BRANCHES)
    for b, reading in parts:
        # put 月將 on the hour so that 天罡 lands on b: yj − hour = 辰 − b
        r = tian_gang((B("辰") - B(b)) % 12, 0)
        assert r.branch == b
        assert r.readings.tian_di == reading == TIAN_DI[B(b)]


def test_meng_zhong_ji_readings():
    """004: "天罡加孟神在內，加仲神在門，加季神在外" and 占戰鬥 / 出軍 / 罷軍 / 聞憂."""
    expected = {
        "孟": ("寅申巳亥", "神在內", "利力戰", "不出", "不罷", "不足憂"),
        "仲": ("子午卯酉", "神在門", "主客傷", "半出", "罷", "小憂"),
        "季": ("辰戌丑未", "神在外", "利客，勿迎戰，從去之", "全出", "罷", "大憂"),
    }
    for group, (branches, shen, battle, out, retreat, worry) in expected.items():
        for b in branches:
            assert branch_class(B(b)) == group
            r = tian_gang((B("辰") - B(b)) % 12, 0)
            assert r.group == group
            rd = r.readings
            assert (rd.shen, rd.battle, rd.enemy_out, rd.enemy_retreat, rd.worry) == (shen, battle, out, retreat, worry)


def test_on_you_hide_and_spy():
    """004: "以天罡加酉，隨便伏匿，可以探敵事，他人不覺知。" """
    for b in BRANCHES:
        r = tian_gang((B("辰") - B(b)) % 12, 0)
        assert r.readings.hide == (ON_YOU if b == "酉" else None)
