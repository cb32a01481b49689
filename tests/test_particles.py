"""The Korean particles after a filled value (issue 34 item 3): 이/가, 은/는, 을/를, 과/와, 으로/로 chosen by
the last syllable of the value's reading (words/particles.py, Ko's `Lang.fill`), never written
after a space or in the wrong form (`壬 가`, `甲寅 는`, `天芮을` were).
"""

from __future__ import annotations

import re

import pytest

from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.qimen.chart import cast_chart
from qimen_cli.qimen.compare import compare
from qimen_cli.render.explain import word_step
from qimen_cli.words import column, lang
from qimen_cli.words.particles import PAIRS, SOUNDS, choose, final_consonant, korean, last_sound

KO = column("ko")


@pytest.mark.parametrize("text, want", [
    ("壬이/가", "壬이"),             # 임: a final consonant
    ("癸이/가", "癸가"),             # 계: none
    ("甲寅은/는", "甲寅은"),         # 인
    ("戊은/는", "戊는"),             # 무
    ("天芮을/를", "天芮를"),         # the store's reading 천예: none (not 芮 alone)
    ("天心을/를", "天心을"),         # 천심
    ("驚蟄을/를", "驚蟄을"),         # 칩
    ("開門과/와", "開門과"),         # 문
    ("天輔과/와", "天輔와"),         # 보
    ("1궁으로/로", "1궁으로"),       # 궁: ㅇ
    ("大雪으로/로", "大雪로"),       # 설: ㄹ takes 로
    ("雨水으로/로", "雨水로"),       # 수
    ("부두 甲子 (2024-03-01)이/가", "부두 甲子 (2024-03-01)가"),   # the parenthesis passed over: 자
    ("삼원 2024-03-01은/는", "삼원 2024-03-01은"),               # 1 일
    ("9궁부터 2은/는", "9궁부터 2는"),                           # 2 이
    ("ΔT을/를", "ΔT을(를)"),        # a sound not known: both forms
])
def test_the_particle_follows_the_reading(text, want):
    assert korean(text, KO) == want


def test_the_rule_reads_the_final_consonant():
    assert final_consonant("가") == 0 and final_consonant("각") == 1 and final_consonant("갈") == 8
    assert choose(("이", "가"), "임") == "이" and choose(("이", "가"), "계") == "가"
    assert choose(("으로", "로"), "설") == "로" and choose(("으로", "로"), "궁") == "으로"
    assert last_sound("天芮", KO) == "예" and last_sound("甲寅 (x)", KO) == "인" and last_sound("abc", KO) is None
    assert all(len(s) == 1 and "가" <= s <= "힣" for s in SOUNDS.values())


def test_only_korean_chooses():
    """The rule is Korean's (its Lang entry's particles); zh and en fill a template as it is."""
    assert lang("ko").fill("{stem}이/가", {"stem": "壬"}) == "壬이"
    assert lang("zh").fill("{stem}이/가", {"stem": "壬"}) == "壬이/가"
    assert lang("en").particles is None and lang("zh").particles is None


def _steps():
    out = []
    for at in ("2024-03-05T11:00", "2024-06-12T10:00", "2024-12-12T11:00", "2019-10-25T11:00"):
        m = resolve_moment(at, "Asia/Shanghai")
        for method in ("zhirun", "chaibu"):
            for layout in ("zhuan", "fei"):
                chart = cast_chart(m, method, layout, "shichen")
                out += list(chart.ju.steps + chart.plate.steps)
        out.append(compare(m, "shichen").reason)
    return out


def test_the_explain_steps_in_korean_have_their_particles():
    """A chart's steps in ko: 壬이 (not 壬 가), 甲寅은 (not 甲寅 는), 天芮를 (not 天芮을); no pair left,
    no particle after a space, no 上원/中원 (the 元 as the other steps write it: 上元)."""
    texts = [word_step(s, "ko") for s in _steps()]
    joined = "\n".join(texts)
    assert "壬이" in joined and "甲寅은" in joined and "天芮를" in joined
    assert "壬 가" not in joined and "甲寅 는" not in joined and "天芮을" not in joined
    pairs = "|".join(f"{a}/{b}" for a, b in PAIRS)
    assert not re.search(pairs, joined)
    assert not re.search(r"[\u4e00-\u9fff)] (이|가|은|는|을|를)(?![가-힣])", joined), joined
    assert not re.search(r"[上中下]원", joined)
    assert "철보" not in joined and "탁보" in "\n".join(KO.values())
