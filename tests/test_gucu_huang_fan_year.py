"""虎尾/黃幡 name the year they are taken on (`huang_fan_year`).

> 凡戰背虎尾，向黃幡，吉。…卯未歲黃幡在未，虎尾在丑… (004_64097a01f3826baf.txt)

"卯未歲" counts years; under the lunar month basis the year is the lunar year (from 正月初一),
so 2024-02-05 — after 立春 (year pillar 甲辰) but before 春節 (2024-02-10) — is still 癸卯 for
them: 虎尾丑, 黃幡未.  Under the 節 basis the 立春 year 甲辰: 子辰歲 黃幡辰, 虎尾戌.
"""

from __future__ import annotations

import json

from conftest import invoke


def _gucu(*extra):
    r = invoke("gucu", "--no-chart", "--at", "2024-02-05T12:00", "--tz", "Asia/Shanghai", *extra)
    assert r.exit_code == 0, r.output
    return r.output


def test_lunar_basis_names_the_lunar_year():
    d = json.loads(_gucu("--json"))
    assert d["pillars"]["year"] == "甲辰"
    assert (d["huang_fan_year"], d["hu_wei"], d["huang_fan"]) == ("癸卯", "丑", "未")


def test_jie_basis_names_the_lichun_year():
    d = json.loads(_gucu("--json", "--month-basis", "jie"))
    assert (d["huang_fan_year"], d["hu_wei"], d["huang_fan"]) == ("甲辰", "戌", "辰")


def test_view_and_help_state_the_year():
    assert "癸卯年" in _gucu()
    r = invoke("gucu", "--help")
    assert "虎尾/黃幡" in r.output and "lunar year" in r.output
