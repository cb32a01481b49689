"""`cast --json` `conventions` describe the plate actually drawn (render/cast_json.py, plates.LAYOUT_CONVENTIONS).

> 陶氏定圖，五還中宮，故陽三陰七，無乙庚之合。 (000_4b5dcee18d5e7425.txt)

The 飛盤 has no 寄宮 and draws no 八神 (every `god` is null), so its conventions name neither.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

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


# --- extensions: what the chart shows that the texts do not give ---------------------------

DECISIONS = (Path(__file__).resolve().parents[1] / "docs" / "decisions.md").read_text(encoding="utf-8")


def _fields(d: dict, path: str) -> list:
    """The values at a field path of `extensions` ("palaces.*.god": every palace's god)."""
    values = [d]
    for key in path.split("."):
        values = [v for value in values for v in (value.values() if key == "*" else [value[key]])]
    return values


@pytest.mark.parametrize("layout", ["zhuan", "fei"])
def test_extensions_name_real_fields_and_a_decision(layout):
    """Each extension names fields the chart has (not all null) and a heading of docs/decisions.md;
    八神 only where gods are drawn (轉盤), the doors' flight only in the 飛盤."""
    from qimen_cli.qimen.plates import EXTENSIONS

    d = _cast(layout, "2024-03-05T11:00")
    ext = d["extensions"]
    assert [e["name"] for e in ext] == [name for name, _f, _r in EXTENSIONS[layout]]
    for e in ext:
        assert f"\n### {e['decision']}\n" in DECISIONS, e["decision"]
        for path in e["fields"]:
            assert any(v is not None for v in _fields(d, path)), path
    names = {e["name"] for e in ext}
    assert ("八神" in names) == (layout == "zhuan") and ("飛盤八門" in names) == (layout == "fei")
    assert {"驛馬", "空亡"} <= names


def test_extensions_are_the_same_in_a_range_and_in_one_chart():
    one = _cast("fei", "2024-03-05T11:00")["extensions"]
    r = invoke("cast", "--from", "2024-03-05T11:00", "--to", "2024-03-05T15:00", "--tz", "Asia/Shanghai",
               "--layout", "fei", "--json")
    assert [json.loads(line)["extensions"] for line in r.output.splitlines()] == [one] * 3


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_view_marks_the_extensions(lang):
    """The 轉盤 view marks every god and the header's 空亡 and 驛馬; the 飛盤 view every door but the
    直使's; the legend's last line names them (zh and ko without English)."""
    from qimen_cli.render.grid import EXTENSION_MARK
    from qimen_cli.render.labels import labeller

    def view(layout):
        r = invoke("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--layout", layout, "--lang", lang,
                   env={"COLUMNS": "120", "NO_COLOR": "1"})
        assert r.exit_code == 0
        return r.output

    zhuan, fei = view("zhuan"), view("fei")
    assert labeller("cast")("extensions_zhuan", lang) in zhuan
    grid = {name: text.split("\n┌")[1].split("└")[0] for name, text in (("zhuan", zhuan), ("fei", fei))}
    for god in ("值符", "螣蛇", "太陰", "六合", "白虎", "玄武", "九地", "九天"):
        assert re.search(god + r"[^│]*\*", grid["zhuan"]), god
    assert grid["zhuan"].count(EXTENSION_MARK) == 8                       # the gods only, not the doors
    assert grid["fei"].count(EXTENSION_MARK) == grid["fei"].count("門") - 1  # every door but the 直使
    assert sum(len(re.findall(r"\d\)\s+\*", text)) for text in (zhuan, fei)) == 4   # 空亡 and 驛馬, both views
    assert labeller("cast")("extensions_fei", lang) in fei
