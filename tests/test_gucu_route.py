"""出軍 route of a 奇門 earth plate against 000_4b5dcee18d5e7425.txt."""

import pytest

from qimen_cli.gucu.route import chu_jun_route

SEQUENCE = "戊己庚辛壬癸丁丙乙"


def earth_plate(yang: bool, ju: int) -> dict[int, list[str]]:
    """An earth plate for the test: 戊己庚辛壬癸丁丙乙 laid from palace `ju` (陽 forwards, 陰 backwards),
    the centre's stem listed again after the 寄宮's own (陽 坤 2, 陰 艮 8)."""
    plate = {}
    for i, stem in enumerate(SEQUENCE):
        p = (ju - 1 + (i if yang else -i)) % 9 + 1
        plate[p] = [stem]
    plate[2 if yang else 8] = plate[2 if yang else 8] + plate[5]
    return plate


def test_yang_one_example():
    """000: "如陽一局甲己之日甲子時出軍，戊在一宮、己在二宮、丁在七宮，即領兵從正北出天門，從西南入地戶，
    由正西過太陰，還於正北甲子上居青龍，擊其沖大勝。" """
    plate = earth_plate(True, 1)
    assert (plate[1][0], plate[2][0], plate[7][0]) == ("戊", "己", "丁")
    r = chu_jun_route(plate, "戊")  # 甲子時: 甲子 hides under 戊
    assert (r.chu_tian_men.palace, r.chu_tian_men.direction) == (1, "正北")
    assert (r.ru_di_hu.palace, r.ru_di_hu.direction) == (2, "西南")
    assert (r.guo_tai_yin.palace, r.guo_tai_yin.direction) == (7, "正西")
    assert (r.ju_qing_long.palace, r.ju_qing_long.direction) == (1, "正北")
    assert (r.ji.palace, r.ji.direction) == (9, "正南")


def test_centre_stem_is_reached_in_its_lodging_palace():
    # 陽五局: 戊 in the centre, lodged in 坤 2
    plate = earth_plate(True, 5)
    r = chu_jun_route(plate, "戊")
    assert r.chu_tian_men.palace == 2 and r.chu_tian_men.lodged
    assert r.ji.palace == 8
    # 陰五局: lodged in 艮 8
    r = chu_jun_route(earth_plate(False, 5), "戊")
    assert r.chu_tian_men.palace == 8 and r.chu_tian_men.lodged and r.ji.palace == 2


def test_every_plate_gives_outer_palaces_and_opposites():
    for yang in (True, False):
        for ju in range(1, 10):
            plate = earth_plate(yang, ju)
            for yi in "戊己庚辛壬癸":
                r = chu_jun_route(plate, yi)
                legs = (r.chu_tian_men, r.ru_di_hu, r.guo_tai_yin, r.ju_qing_long, r.ji)
                assert all(leg.palace != 5 for leg in legs)
                assert r.ju_qing_long.palace + r.ji.palace == 10


def test_bad_plate():
    with pytest.raises(ValueError):
        chu_jun_route({1: ["己"], 2: ["庚"]}, "戊")


def test_plate_without_lodging_keeps_the_centre():
    """A 飛盤-style plate (no 寄宮): a stem of the centre stays in palace 5; its 沖 is undefined."""
    plate = {p: [s] for p, s in zip(range(1, 10), "癸壬辛庚戊己丁丙乙", strict=True)}
    r = chu_jun_route(plate, "戊")
    assert (r.chu_tian_men.palace, r.chu_tian_men.direction, r.chu_tian_men.trigram) == (5, "中", None)
    assert r.ji is None
