"""貴人 by 納甲, the 天將 and the 月將 plate (000_4b5dcee18d5e7425.txt, 004_64097a01f3826baf.txt)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qimen_cli.calendar.branchplate import earth_under, heaven_plate, shift
from qimen_cli.calendar.ganzhi import BRANCHES, STEMS
from qimen_cli.calendar.terms import TERM_NAMES, term_index
from qimen_cli.gods.noble import (
    GENERAL_ALIASES,
    GENERAL_NOTES,
    GENERALS,
    NA_JIA_RING,
    STEM_SEAT,
    YANG_NOBLE,
    YANG_RU_GONG,
    YIN_NOBLE,
    YIN_RU_GONG,
    YUE_JIANG_NAMES,
    generals_on_plate,
    he_shen,
    nine_branches,
    noble_branch,
    noble_table_names,
    place_generals,
    yue_jiang_branch,
)

B = {c: i for i, c in enumerate(BRANCHES)}
S = {c: i for i, c in enumerate(STEMS)}

#: Animals of the songs → branches.
ANIMAL = dict(zip("鼠牛虎兔龍蛇馬羊猴雞狗豬", range(12), strict=True))


def parse_song(song: str) -> dict[int, int]:
    """Read a 立成歌: stems collect until an animal names their branch."""
    table, pending = {}, []
    for ch in song:
        if ch in S:
            pending.append(S[ch])
        elif ch in ANIMAL and pending:
            for s in pending:
                table[s] = ANIMAL[ch]
            pending = []
    return table


# 000: 陽貴立成歌曰：… 陰貴立成歌曰：…
YANG_SONG = "甲羊戊庚牛，己鼠乙尋猴，丙雞丁豬位，壬兔癸蛇游，辛從虎上起，陽貴順相求。"
YIN_SONG = "甲牛戊庚羊，乙鼠己尋猴，丙豬丁雞位，壬蛇癸兔遊，辛從馬上起，陰貴逆推求。"


def test_songs_parse_to_ten_stems():
    assert len(parse_song(YANG_SONG)) == 10 and len(parse_song(YIN_SONG)) == 10


def test_derivation_reproduces_yang_song():
    """000: 陽貴立成歌 — the 納甲 derivation gives the song for all ten stems."""
    assert {s: YANG_NOBLE[s] for s in range(10)} == parse_song(YANG_SONG)


def test_derivation_reproduces_yin_song():
    """000: 陰貴立成歌 — the 納甲 derivation gives the song for all ten stems."""
    assert {s: YIN_NOBLE[s] for s in range(10)} == parse_song(YIN_SONG)


def test_na_jia_of_stems():
    """000: 乾納甲壬、坤納乙癸，艮納丙、兌納丁、坎納戊、離納己、震納庚、巽納辛也。"""
    text = "乾甲壬 坤乙癸 艮丙 兌丁 坎戊 離己 震庚 巽辛"
    expected = {S[c]: NA_JIA_RING.index(grp[0]) for grp in text.split() for c in grp[1:]}
    assert {s: STEM_SEAT[s][0] for s in range(10)} == expected


def test_nine_branches():
    """000: 去午辰戌三支不用，餘九支 … 去寅戌辰三支不用，餘九支 (陽 順 from 子, 陰 逆 from 申)."""
    assert "".join(BRANCHES[b] for b in nine_branches(True)) == "子丑寅卯巳未申酉亥"
    assert "".join(BRANCHES[b] for b in nine_branches(False)) == "申未午巳卯丑子亥酉"


def _ru_gong_text(text: str) -> dict[int, int]:
    """'干納壬亥甲子，坤納乙癸丑 …' → stem → branch: a stem takes the branch written right
    after it, else the trigram's last branch (坤納乙癸丑: both 乙 and 癸 take 丑)."""
    out = {}
    for part in text.split("，"):
        body = part.split("納", 1)[1]
        last = B[body[-1]]
        for i, c in enumerate(body):
            if c in S:
                nxt = body[i + 1] if i + 1 < len(body) else ""
                out[S[c]] = B[nxt] if nxt in B else last
    return out


def test_yang_ru_gong_matches_text():
    """000: 則干納壬亥甲子，坤納乙癸丑，艮納丙寅，兌納丁卯，坎納戊己，離納己未，震納庚申，巽納辛酉，
    為陽貴入宮之定卦 — with 坎納戊己 read 戊巳 (the fifth of the nine; Korean 무사)."""
    text = "干納壬亥甲子，坤納乙癸丑，艮納丙寅，兌納丁卯，坎納戊巳，離納己未，震納庚申，巽納辛酉"
    assert {s: YANG_RU_GONG[s] for s in range(10)} == _ru_gong_text(text)


def test_yin_ru_gong_matches_text():
    """000: 則干納壬酉甲申，坤納乙癸未，艮納丙午，兌納丁己，坎納戊卯，離納己丑，震納庚子，巽納辛亥，
    為陰貴入宮之定卦 — with 兌納丁己 read 丁巳 (Korean 정사)."""
    text = "干納壬酉甲申，坤納乙癸未，艮納丙午，兌納丁巳，坎納戊卯，離納己丑，震納庚子，巽納辛亥"
    assert {s: YIN_RU_GONG[s] for s in range(10)} == _ru_gong_text(text)


def test_misprinted_branches_are_si():
    """000 prints 坎納戊己 (陽) and 兌納丁己 (陰): 己 is no branch; the derivation gives 巳 for both."""
    assert YANG_RU_GONG[S["戊"]] == B["巳"]
    assert YIN_RU_GONG[S["丁"]] == B["巳"]


def test_jia_wu_geng_nobles():
    """000: 離納己、己納未，則甲日貴人起於未；坤納乙癸，乙癸同納丑，則戊庚貴人起於丑是也 (陽);
    甲日貴人起於丑 … 戊庚二日，貴人起於未是也 (陰)."""
    assert noble_branch(S["甲"], True) == B["未"]
    assert noble_branch(S["戊"], True) == noble_branch(S["庚"], True) == B["丑"]
    assert noble_branch(S["甲"], False) == B["丑"]
    assert noble_branch(S["戊"], False) == noble_branch(S["庚"], False) == B["未"]


def test_he_shen():
    """000: 甲與己合 … 戊與癸合 … 庚與乙合."""
    assert (he_shen(S["甲"]), he_shen(S["戊"]), he_shen(S["庚"])) == (S["己"], S["癸"], S["乙"])
    assert all(he_shen(he_shen(s)) == s for s in range(10))


def test_nobles_never_kui_gang():
    """000: 避魁罡 — no 貴人 on 辰 or 戌, nor 午 (陽) / 寅 (陰), the 沖首."""
    assert not {B["辰"], B["戌"], B["午"]} & set(YANG_NOBLE)
    assert not {B["辰"], B["戌"], B["寅"]} & set(YIN_NOBLE)


def test_noble_table_names():
    assert noble_table_names(True)["辛"] == "寅"      # 辛從虎上起
    assert noble_table_names(False)["辛"] == "午"     # 辛從馬上起


def test_generals_order_and_spelling():
    """000: 天將者，貴人、螣蛇、朱雀、六合、勾陳、青龍、天空、白虎、太常、元武、太陰、天后也。"""
    assert "".join(GENERALS) == "貴人螣蛇朱雀六合勾陳青龍天空白虎太常元武太陰天后"
    assert set(GENERAL_NOTES) == set(GENERALS)
    assert all(v in GENERALS for v in GENERAL_ALIASES.values())


def test_general_notes_from_004():
    """004: 騰蛇 … 居大陽之丁巳 … 凶神也; 六合 … 居少陽之乙卯，吉將也; 大常 … 居少陰之己未 … 吉將也;
    用起大常以將兵，無功; 用起天一以將兵，大捷."""
    assert (GENERAL_NOTES["螣蛇"].home, GENERAL_NOTES["螣蛇"].label) == ("丁巳", "凶")
    assert (GENERAL_NOTES["六合"].home, GENERAL_NOTES["六合"].label) == ("乙卯", "吉")
    assert (GENERAL_NOTES["太常"].home, GENERAL_NOTES["太常"].lead_troops) == ("己未", "無功")
    assert GENERAL_NOTES["貴人"].home == "己丑" and GENERAL_NOTES["貴人"].label is None
    labels = {n: GENERAL_NOTES[n].label for n in GENERALS[1:]}
    assert [n for n, v in labels.items() if v == "吉"] == ["六合", "青龍", "太常", "太陰", "天后"]


def test_yue_jiang_names():
    """000: 地將者：神后、大吉、功曹、太沖、天罡、太乙、勝光、小吉、傳送、從魁、天魁、登明也 … 神后子起、登明亥止."""
    assert YUE_JIANG_NAMES[B["子"]] == "神后" and YUE_JIANG_NAMES[B["亥"]] == "登明"
    assert "".join(YUE_JIANG_NAMES) == "神后大吉功曹太沖天罡太乙勝光小吉傳送從魁天魁登明"


def test_yue_jiang_order():
    """000: 以亥逆纏，娵訾、雨水，月月氣足，一將一出 — 雨水亥, then one branch backwards per 中氣."""
    seq = ["雨水", "春分", "穀雨", "小滿", "夏至", "大暑", "處暑", "秋分", "霜降", "小雪", "冬至", "大寒"]
    assert "".join(BRANCHES[yue_jiang_branch(term_index(n))] for n in seq) == "亥戌酉申未午巳辰卯寅丑子"


def test_yue_jiang_is_he_of_month_004():
    """004: 假令正月占，以正月合神登明為月將 — the 中氣 of month 寅 (雨水) gives 亥, the 六合 of 寅;
    the same holds for every month: 月將 of the 中氣 inside 月建 m is the 合 of m."""
    for jie_k in range(1, 24, 2):
        month_branch = (2 + (jie_k - 21) // 2) % 12         # 立春 → 寅, 驚蟄 → 卯 …
        qi_k = (jie_k + 1) % 24
        assert (yue_jiang_branch(qi_k) + month_branch) % 12 == 1, TERM_NAMES[qi_k]


def test_yue_jiang_rejects_jie():
    with pytest.raises(ValueError):
        yue_jiang_branch(term_index("立春"))


def test_plate_004_example():
    """004: 卯時占以登明加卯 — 登明 (亥) stands on earth 卯."""
    s = shift(B["亥"], B["卯"])
    assert heaven_plate(s)[B["卯"]] == B["亥"]
    assert earth_under(s, B["亥"]) == B["卯"]


@given(st.integers(0, 11), st.integers(0, 11))
def test_plate_is_rotation(yj, hour):
    s = shift(yj, hour)
    plate = heaven_plate(s)
    assert sorted(plate) == list(range(12))
    assert all(earth_under(s, plate[p]) == p for p in range(12))
    assert all((plate[(p + 1) % 12] - plate[p]) % 12 == 1 for p in range(12))


@given(st.integers(0, 9), st.booleans(), st.integers(0, 11), st.integers(0, 11))
def test_generals_run_shun_ni(stem, yang, yj, hour):
    """000: 依陰陽順逆，布定十二貴神; 陽貴順相求 … 陰貴逆推求."""
    placed = generals_on_plate(stem, yang, yj, hour)
    assert [g.name for g in placed] == list(GENERALS)
    assert placed[0].heaven_branch == noble_branch(stem, yang)
    step = 1 if yang else -1
    for a, b in zip(placed, placed[1:], strict=False):
        assert (b.heaven_branch - a.heaven_branch) % 12 == step % 12
        assert (b.earth_branch - a.earth_branch) % 12 == step % 12
    plate = heaven_plate(shift(yj, hour))
    assert all(plate[g.earth_branch] == g.heaven_branch for g in placed)
    by_heaven = place_generals(noble_branch(stem, yang), yang, plate)
    assert list(by_heaven) == list(plate)                  # ordered by earth branch
    assert all(by_heaven[g.heaven_branch] == g.name for g in placed)


def test_si_men_example():
    """READING §2.9 (derived): 甲日 陽, 亥將加寅 → 貴人 on heaven 未 over earth 戌; 太陰申 六合丑 太常午."""
    placed = {g.name: g for g in generals_on_plate(S["甲"], True, B["亥"], B["寅"])}
    assert (placed["貴人"].heaven_branch, placed["貴人"].earth_branch) == (B["未"], B["戌"])
    assert [BRANCHES[placed[n].earth_branch] for n in ("太陰", "六合", "太常")] == ["申", "丑", "午"]
