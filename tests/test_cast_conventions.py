"""`cast --json` `conventions` describe the plate actually drawn (render/cast_json.py, plates.LAYOUT_CONVENTIONS).

> 陶氏定圖，五還中宮，故陽三陰七，無乙庚之合。 (000_4b5dcee18d5e7425.txt)

The 飛盤 has no 寄宮 and draws no 八神 (every `god` is null), so its conventions name neither.
"""

from __future__ import annotations

import json

import pytest

from conftest import invoke


def _cast(layout: str, at: str) -> dict:
    r = invoke("cast", "--at", at, "--tz", "Asia/Shanghai", "--layout", layout, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_fei_names_no_lodge_and_no_ba_shen():
    d = _cast("fei", "2024-03-05T11:00")
    c = d["conventions"]
    assert c["layout"] == "fei" and c["school"] == "陶氏飛盤"
    assert c["lodge"] is None and c["ba_shen"] is None and c["ba_shen_direction"] is None
    assert "五還中宮" in c["centre"]
    assert all(p["god"] is None for p in d["palaces"].values())


def test_zhuan_keeps_its_conventions():
    c = _cast("zhuan", "2024-03-05T11:00")["conventions"]
    assert c["lodge"] == "陽遁寄坤(2) 陰遁寄艮(8)"
    assert c["ba_shen"] == "值符螣蛇太陰六合白虎玄武九地九天" and c["ba_shen_direction"] == "陽遁順 陰遁逆"


@pytest.mark.parametrize("layout", ["zhuan", "fei"])
@pytest.mark.parametrize("at", ["2024-03-05T11:00", "2024-07-01T03:00", "1999-12-31T23:30", "2031-05-05T15:00"])
def test_conventions_match_the_plate(layout, at):
    d = _cast(layout, at)
    gods = [p["god"] for p in d["palaces"].values()]
    assert (d["conventions"]["ba_shen"] is not None) == any(g is not None for g in gods)
    stems = [len(p["earth_stems"]) for p in d["palaces"].values()]
    assert (d["conventions"]["lodge"] is not None) == any(n > 1 for n in stems)   # a 寄宮 lists two earth stems
