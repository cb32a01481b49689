"""運籌 against 000_4b5dcee18d5e7425.txt: the 子日 worked example in full, and every day."""

import pytest

from qimen_cli.calendar.compass import MOUNTAINS as RING24
from qimen_cli.calendar.ganzhi import BRANCHES
from qimen_cli.gucu.yunchou import SPIRITS, TARGET, VERSES, YU_NU, yun_chou

B = BRANCHES.index
ANIMALS = dict(zip("鼠牛虎兔龍蛇馬羊猴雞狗豬", BRANCHES, strict=True))


def test_ring_as_written():
    """000: "子癸丑艮寅甲昴乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬二十四字" (昴 read 卯)."""
    assert "".join(RING24) == "子癸丑艮寅甲昴乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬".replace("昴", "卯")


def test_yu_nu_from_geng():
    """000: "又以十二支玉女，從庚上起子，順佈於八干四維。" and "子日 … 本日玉女在庚方" """
    assert YU_NU[B("子")] == "庚"
    assert "".join(YU_NU) == "庚辛乾壬癸艮甲乙巽丙丁坤"


def test_verses_targets():
    """000: "鼠行狗竇、牛收兔阡 … 豬伺虎眠": the first animal stands, the second receives the 籌."""
    for b, verse in enumerate(VERSES):
        animals = [ch for ch in verse if ch in ANIMALS]
        assert ANIMALS[animals[0]] == BRANCHES[b]
        assert BRANCHES[TARGET[b]] == ANIMALS[animals[-1]]
    assert sorted(TARGET) == list(range(12))  # a permutation


def test_zi_day_worked_example():
    """000: "假令子日運籌 … 鼠行狗竇，即走戌方 … 青龍 … 牛收兔阡 … 卯 … 朱雀 … 虎蹲蛇穴 … 巳 … 勾陳 … 兔入牛欄 …
    丑 … 螣蛇 … 龍吟馬續 … 午 … 白虎。則午與巳兩籌之中，先成天門於丙矣。… 蛇蟠猴跧 … 申 … 元武 … 地戶不成。
    … 拾第一籌，趨至午上，念馬泉龍浴，即走入辰方 … 靜龍 … 則辰與卯兩籌之中，後成地戶於乙矣。"
    """
    r = yun_chou(B("子"))
    got = [(s.stand, s.verse, s.target, s.spirit, s.picked_up, s.formed) for s in r.steps]
    assert got == [
        ("子", "鼠行狗竇", "戌", "青龍", None, None),
        ("丑", "牛收兔阡", "卯", "朱雀", None, None),
        ("寅", "虎蹲蛇窟", "巳", "勾陳", None, None),
        ("卯", "兔入牛欄", "丑", "螣蛇", None, None),
        ("辰", "龍吟馬續", "午", "白虎", None, "丙"),
        ("巳", "蛇蟠猴跧", "申", "玄武", None, None),
        ("午", "馬泉龍浴", "辰", "青龍", "戌", "乙"),
    ]
    assert (r.yu_nu, r.tian_men, r.di_hu) == ("庚", "丙", "乙")


def test_zi_day_lone_tallies_and_route():
    """000: "此局二孤在丑申二方，丑對天門為天門開方，申對地戶為地戶閉方" and
    "即從丙方出天門 … 又從乙方入地戶，由庚方乘玉女而去" """
    r = yun_chou(B("子"))
    assert (r.kai, r.bi) == ("丑", "申")
    assert (r.route.out, r.route.enter, r.route.leave) == ("丙", "乙", "庚")


def test_corner_between_chen_and_si_is_not_a_gate():
    """In the 子日 example 辰 and 巳 both hold 籌 at the end, yet 巽 is neither 天門 nor 地戶."""
    r = yun_chou(B("子"))
    assert {"辰", "巳"} <= set(r.tallies)
    assert "巽" not in (r.tian_men, r.di_hu)


@pytest.mark.parametrize("day, row", {
    "子": "庚丙乙丑申", "丑": "辛丙乙丑申", "寅": "乾丙庚丑辰", "卯": "壬庚丁辰亥", "辰": "癸庚丁辰亥",
    "巳": "艮庚壬辰未", "午": "甲壬辛未寅", "未": "乙壬辛未寅", "申": "巽壬甲未戌", "酉": "丙甲癸戌巳",
    "戌": "丁甲癸戌巳", "亥": "坤甲丙戌丑",
}.items())
def test_every_day(day, row):
    """The twelve days (the text: "餘類推"): 玉女, 天門, 地戶, 開, 閉 under the readings in yun_chou."""
    r = yun_chou(B(day))
    assert (r.yu_nu, r.tian_men, r.di_hu, r.kai, r.bi) == tuple(row)


def test_seventh_tally_only_when_di_hu_not_formed():
    """"凡地戶不成，拾第一籌續呼而運之" — a seventh step only on 子 卯 午 酉 days, never more."""
    for d in range(12):
        r = yun_chou(d)
        picks = [s.picked_up for s in r.steps if s.picked_up]
        assert len(r.steps) == (7 if d % 3 == 0 else 6)
        assert len(picks) == (1 if d % 3 == 0 else 0)
        assert len(r.tallies) == 6
        assert [s.spirit for s in r.steps] == list((SPIRITS * 2)[: len(r.steps)])
        gates = [s.formed for s in r.steps if s.formed]
        assert gates == [r.tian_men, r.di_hu]
