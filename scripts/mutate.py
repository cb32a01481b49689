#!/usr/bin/env python3
"""The mutation ledger: plausible engine errors, one at a time, and whether `qimen verify` catches them.

Each mutation is a small change a practitioner-programmer could make by mistake in a rule or a
table of the engine (a star's home, one cell of the 局 table, a 剋 read the wrong way round, a
school's variant taken for the default …).  For each, the package is copied to a temporary
folder, the one change applied there (its `old` text must occur exactly once in its file, so a
mutation that no longer matches the code is reported, never silently skipped), the shipped
plate records removed from the copy (they are a cache of the engine: a mutated engine must be
read, not its recorded plates), and `qimen verify --json` run on the copy.  A mutation is
caught when verify runs its ledger and exits 1 with a row ✘ (a mutant that crashes is
reported as such, not counted as caught); the ledger prints each mutation, the rows that turned ✘, and the
score.  The repository is never changed.

    python scripts/mutate.py                  # every mutation, the ledger and the score
    python scripts/mutate.py --only qm-star-home-peng --verbose
    python scripts/mutate.py --art liuren --json
    python scripts/mutate.py --list

The mutations live here, not in the package (`tests/test_mutate.py` checks that each still
applies and runs a sample).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "qimen_cli"

#: The arts a mutation belongs to (as `qimen verify --art` names them), and the schools' own.
ARTS = ("qimen", "gods", "gucu", "liuren")


@dataclass(frozen=True)
class Mutation:
    """One plausible error: `id` (unique), `art`, `path` (inside src/qimen_cli), the `old` text
    (occurring exactly once in that file) and the `new` text put in its place, and `what` the
    mistake is, in a few words."""

    id: str
    art: str
    path: str
    old: str
    new: str
    what: str


M = Mutation

#: 奇門 (qimen/): plates, 局, patterns and the schools' variants.
QIMEN = (
    # --- the plate: homes, ring, turning, 陰遁, 寄宮 ---------------------------------------------
    M("qm-door-home-kai", "qimen", "qimen/plates.py",
      'DOORS = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "開門", 7: "驚門", 8: "生門", 9: "景門"}',
      'DOORS = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "驚門", 7: "開門", 8: "生門", 9: "景門"}',
      "開門 and 驚門 given each other's home (乾6 ↔ 兌7)"),
    M("qm-door-home-sheng", "qimen", "qimen/plates.py",
      'DOORS = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "開門", 7: "驚門", 8: "生門", 9: "景門"}',
      'DOORS = {1: "休門", 2: "死門", 3: "生門", 4: "杜門", 6: "開門", 7: "驚門", 8: "傷門", 9: "景門"}',
      "生門 and 傷門 given each other's home (艮8 ↔ 震3)"),
    M("qm-star-home-chong", "qimen", "qimen/plates.py",
      'STARS = {1: "天蓬", 2: "天芮", 3: "天沖", 4: "天輔", 5: "天禽", 6: "天心", 7: "天柱", 8: "天任", 9: "天英"}',
      'STARS = {1: "天蓬", 2: "天芮", 3: "天輔", 4: "天沖", 5: "天禽", 6: "天心", 7: "天柱", 8: "天任", 9: "天英"}',
      "天沖 and 天輔 given each other's home (震3 ↔ 巽4)"),
    M("qm-star-home-xin", "qimen", "qimen/plates.py",
      'STARS = {1: "天蓬", 2: "天芮", 3: "天沖", 4: "天輔", 5: "天禽", 6: "天心", 7: "天柱", 8: "天任", 9: "天英"}',
      'STARS = {1: "天蓬", 2: "天芮", 3: "天沖", 4: "天輔", 5: "天禽", 6: "天柱", 7: "天心", 8: "天任", 9: "天英"}',
      "天心 and 天柱 given each other's home (乾6 ↔ 兌7)"),
    M("qm-star-home-rui", "qimen", "qimen/plates.py",
      'STARS = {1: "天蓬", 2: "天芮", 3: "天沖", 4: "天輔", 5: "天禽", 6: "天心", 7: "天柱", 8: "天任", 9: "天英"}',
      'STARS = {1: "天蓬", 2: "天任", 3: "天沖", 4: "天輔", 5: "天禽", 6: "天心", 7: "天柱", 8: "天芮", 9: "天英"}',
      "天芮 and 天任 given each other's home (坤2 ↔ 艮8)"),
    M("qm-ring-order", "qimen", "qimen/plates.py",
      "RING = tuple(number for _trigram, number, _name in PALACES)", "RING = (1, 8, 4, 3, 9, 2, 7, 6)",
      "the ring of the eight palaces read 坎 艮 巽 震 … (震 and 巽 out of order)"),
    M("qm-stars-turn-back", "qimen", "qimen/plates.py",
      "home = RING[(i - star_turn) % 8]  # the star now in p came from `home`",
      "home = RING[(i + star_turn) % 8]  # the star now in p came from `home`",
      "the star ring (and the heaven stems it carries) turned the wrong way round"),
    M("qm-doors-turn-back", "qimen", "qimen/plates.py",
      "door_home = RING[(i - door_turn) % 8]", "door_home = RING[(i + door_turn) % 8]",
      "the door ring turned the wrong way round"),
    M("qm-yin-earth-forwards", "qimen", "qimen/plates.py",
      "    sign = 1 if dun == \"陽\" else -1\n    return {(ju - 1 + sign * i) % 9 + 1: stem for i, stem in enumerate(EARTH_ORDER)}",
      "    sign = 1\n    return {(ju - 1 + sign * i) % 9 + 1: stem for i, stem in enumerate(EARTH_ORDER)}",
      "陰遁's earth plate laid forwards (順) like 陽遁's"),
    M("qm-yin-walk-forwards", "qimen", "qimen/plates.py",
      "    sign = 1 if dun == \"陽\" else -1\n    return [(start - 1 + sign * i) % 9 + 1 for i in range(steps + 1)]",
      "    sign = 1\n    return [(start - 1 + sign * i) % 9 + 1 for i in range(steps + 1)]",
      "the 直使 walked forwards in 陰遁 too"),
    M("qm-lodge-yin-kun", "qimen", "qimen/plates.py", 'LODGE = {"陽": 2, "陰": 8}', 'LODGE = {"陽": 2, "陰": 2}',
      "the centre lodged in 坤 in 陰遁 too (五專寄坤 taken for the 古法)"),
    M("qm-lodge-star-yin", "qimen", "qimen/plates.py", 'LODGE_STAR = {"陽": "天芮", "陰": "天任"}',
      'LODGE_STAR = {"陽": "天芮", "陰": "天芮"}', "天禽 riding 天芮 in 陰遁 as in 陽遁 (禽任同宮 forgotten)"),
    M("qm-centre-door-yin", "qimen", "qimen/plates.py", 'CENTRE_DOOR = {"陽": "死門", "陰": "生門"}',
      'CENTRE_DOOR = {"陽": "死門", "陰": "死門"}', "the centre borrowing 死門 in 陰遁 too"),
    M("qm-jia-hour-seat", "qimen", "qimen/plates.py",
      'fu_seat = yi_palace if hour_stem == "甲" else stem_palace[hour_stem]', "fu_seat = stem_palace[hour_stem] if hour_stem != \"甲\" else stem_palace[\"戊\"]",
      "the 直符 of a 甲 hour sent to 甲子戊's palace (陶氏's reading) in 轉盤"),
    # --- 陶氏飛盤 ----------------------------------------------------------------------------------
    M("qm-fei-jia-own-yi", "qimen", "qimen/plates.py",
      'target = stem_palace["戊"] if hour_stem == "甲" else stem_palace[hour_stem]',
      "target = yi_palace if hour_stem == \"甲\" else stem_palace[hour_stem]",
      "飛盤: a 甲 hour's figure kept on its own 儀 (the text files 甲戌 under 乙丑's figure)"),
    M("qm-fei-shift-back", "qimen", "qimen/plates.py", "home = (q - 1 - shift) % 9 + 1", "home = (q - 1 + shift) % 9 + 1",
      "飛盤: the heaven plate flown backwards through the 洛書"),
    # --- the 局 ------------------------------------------------------------------------------------
    M("qm-ju-lichun", "qimen", "qimen/ju.py", '"立春": (8, 5, 2)', '"立春": (8, 2, 5)',
      "立春's 中元 and 下元 局 swapped in the table"),
    M("qm-ju-dongzhi", "qimen", "qimen/ju.py", '"冬至": (1, 7, 4)', '"冬至": (2, 7, 4)', "冬至 上元 陽二局 (one 局 entry)"),
    M("qm-ju-xiazhi", "qimen", "qimen/ju.py", '"夏至": (9, 3, 6)', '"夏至": (8, 3, 6)', "夏至 上元 陰八局 (one 局 entry)"),
    M("qm-ju-dahan", "qimen", "qimen/ju.py", '"大寒": (3, 9, 6)', '"大寒": (3, 9, 5)', "大寒 下元 陽五局 (one 局 entry)"),
    M("qm-yang-terms", "qimen", "qimen/ju.py",
      "YANG_TERMS = frozenset(TERM_NAMES[k % 24] for k in range(DONGZHI, XIAZHI + 24))",
      "YANG_TERMS = frozenset(TERM_NAMES[k % 24] for k in range(DONGZHI, XIAZHI + 25))",
      "夏至 counted in 陽遁 (the 陽遁 run one term too long)"),
    M("qm-yuan-heads", "qimen", "qimen/ju.py", '2: "中", 8: "中", 5: "中", 11: "中",',
      '2: "下", 8: "中", 5: "中", 11: "中",', "a 寅 符頭 (甲寅) read as 下元"),
    M("qm-leap-days", "qimen", "qimen/ju.py", "LEAP_DAYS = 9", "LEAP_DAYS = 10",
      "置閏 only when the 超 passes nine days (> 9: the text's own nine-day case loses its 閏)"),
    M("qm-chao-jie", "qimen", "qimen/ju.py", 'return "超神" if days > 0 else "接氣"', 'return "接氣" if days > 0 else "超神"',
      "超神 and 接氣 named the wrong way round"),
    M("qm-chaibu-instant", "qimen", "qimen/ju.py", "return table.position(math.nextafter(hour_end, -math.inf))",
      "return table.position(ts)", "拆補 switching at the term's instant, not from its 時辰"),
    # --- the patterns ------------------------------------------------------------------------------
    M("qm-xingfu-physical", "qimen", "qimen/patterns/hours.py", "if STEMS[plate.hour % 10] == plate.xun_yi:",
      "if plate.star_turn == 0:", "星伏 read physically (the star ring at home), not the 直符 on its own 儀"),
    M("qm-fanyin-turn", "qimen", "qimen/patterns/hours.py", "    if plate.star_turn == 4:", "    if plate.star_turn == 3:",
      "星反 at a turn of three palaces, not four (not the palace opposite)"),
    M("qm-qisha-eighth", "qimen", "qimen/patterns/hours.py", "if h == (d + 6) % 10:", "if h == (d + 7) % 10:",
      "七殺 counted seven stems after the day's, not seven with the day's"),
    M("qm-wubuyu-bing", "qimen", "qimen/patterns/hours.py", '("庚午", "辛巳", "壬辰", "癸卯"', '("庚午", "辛巳", "壬午", "癸卯"',
      "五不遇時 of a 丙 day read 壬午 for 壬辰"),
    M("qm-shigan-rumu-old", "qimen", "qimen/patterns/hours.py", 'SHI_GAN_RU_MU = ("戊辰", "壬辰", "己未", "癸未", "辛丑")',
      'SHI_GAN_RU_MU = ("戊辰", "壬辰", "己未", "癸未", "己丑")', "時干入墓 with the old book's 己丑 for 辛丑"),
    M("qm-sanqi-rumu", "qimen", "qimen/patterns/hours.py", 'SAN_QI_RU_MU = ("乙未", "丙戌", "丁丑")',
      'SAN_QI_RU_MU = ("乙未", "丙戌", "丁未")', "日時干三奇入墓 with 丁未 for 丁丑"),
    M("qm-tianwang-grade", "qimen", "qimen/patterns/hours.py", '6: "觸冠 不宜出", 7: "高"', '6: "高", 7: "高"',
      "天網時: 六宮 graded 高 instead of 觸冠"),
    M("qm-tianyi-on-qi", "qimen", "qimen/patterns/hours.py", "if stem not in LIU_YI or stem == plate.xun_yi:",
      "if stem == plate.xun_yi:", "天乙持衡時 counting the meetings on a 奇 too (丙辰, 丁酉)"),
    M("qm-deshi-lodged", "qimen", "qimen/patterns/hours.py", "    seat = plate.zhi_shi_seat\n",
      "    seat = plate.zhi_shi_palace\n", "三奇得使 judged at the lodged palace, not the seat"),
    M("qm-yujia-palace", "qimen", "qimen/patterns/hours.py", "if plate.zhi_fu_seat == seat:",
      "if plate.zhi_fu_palace == plate.zhi_shi_palace:", "得使遇甲 by the lodged palaces, not the seats"),
    M("qm-youyi-bing", "qimen", "qimen/patterns/hours.py", '"丙": ("戊", "庚")', '"丙": ("戊", "辛")',
      "三奇游六儀: 丙 travelling between 戊 and 辛"),
    M("qm-youyi-distance", "qimen", "qimen/patterns/hours.py", "min(da, db) in (1, 2)", "min(da, db) in (1,)",
      "三奇游六儀 without 左右間一宮 (陽三局's 乙 lost)"),
    M("qm-yunu-lodged", "qimen", "qimen/patterns/hours.py", 'plate.zhi_shi_seat != view.earth["丁"]',
      'plate.zhi_shi_palace != view.lodged(view.earth["丁"])', "玉女守門 by the lodged palace of 丁, not the seat"),
    M("qm-yunu-dihu-reversed", "qimen", "qimen/patterns/hours.py", "if h == TAI_YIN and e == DI_HU",
      "if h == DI_HU and e == TAI_YIN", "太陰臨合地戶 read 己 over 丁"),
    M("qm-po-kai", "qimen", "qimen/patterns/hours.py", 'PO_PALACES = {"開門": (3, 4),', 'PO_PALACES = {"開門": (3,),',
      "開門 迫 in 三宮 only (巽四 forgotten)"),
    M("qm-po-kind", "qimen", "qimen/patterns/hours.py", "PO_KIND[door in JI_DOORS]", "PO_KIND[door in (*JI_DOORS, '景門')]",
      "景門 counted a 吉門 when it is 迫"),
    M("qm-qimu-yi", "qimen", "qimen/patterns/hours.py", 'QI_MU = {"乙": (2,),', 'QI_MU = {"乙": (8,),',
      "奇墓: 乙 buried in 艮八 (丑) instead of 坤二 (未)"),
    M("qm-qizhi-bing", "qimen", "qimen/patterns/hours.py", 'QI_ZHI = {"乙": (6, 7), "丙": (1,)',
      'QI_ZHI = {"乙": (6, 7), "丙": (9,)', "奇制: 丙 制 in 離九"),
    M("qm-jixing-yiben", "qimen", "qimen/patterns/hours.py", '"庚": 8,', '"庚": 4,',
      "擊刑 with the 一本 variant 甲申加四宮"),
    M("qm-tianwang-earth", "qimen", "qimen/patterns/hours.py", 'if "癸" in plate.palaces[p].heaven_stems)',
      'if "癸" in plate.palaces[p].earth_stems)', "天網時 graded by the earth 癸, not the heaven 癸"),
    M("qm-cover-any-door", "qimen", "qimen/patterns/core.py", "        if door in JI_DOORS:", "        if door is not None:",
      "太陰合奇門 with any door, not a 吉門"),
    M("qm-fanshou-reversed", "qimen", "qimen/patterns/pairs.py", 'FAN_SHOU = (("丙", "甲", "反首", "", JI),)',
      'FAN_SHOU = (("甲", "丙", "反首", "", JI),)', "反首 read 甲加丙, 跌穴's own pair"),
    M("qm-xing-both-ways", "qimen", "qimen/patterns/pairs.py",
      'XING = (("庚", "癸", "刑", "", XIONG), ("丙", "己", "刑", "", XIONG))',
      'XING = _both_ways((("庚", "癸", "刑", "", XIONG), ("丙", "己", "刑", "", XIONG)))', "刑 taken either way (癸加庚 too)"),
    M("qm-sixiong-wu-ji", "qimen", "qimen/patterns/pairs.py", '("甲", "戊", "青龍困頓", "", XIONG)',
      '("甲", "己", "青龍困頓", "", XIONG)', "青龍困頓 read 甲己"),
    M("qm-sixiong-cover-own", "qimen", "qimen/patterns/pairs.py",
      "return [p if p.palace == cover[0] else Pattern(", "return [p if False else Pattern(",
      "the four 凶 told to leave by the 奇門 of their own palace too"),
    M("qm-xingde-lichun", "qimen", "qimen/patterns/timing.py", '"立春": ("辰", "戌")', '"立春": ("戌", "辰")',
      "立春's 德 and 刑 swapped (立秋's taken)"),
    M("qm-sanjia-meng", "qimen", "qimen/patterns/timing.py", '"中": ("孟甲", ("甲寅", "甲申"))',
      '"中": ("孟甲", ("甲寅", "甲辰"))', "中元's 孟甲 read 甲寅 and 甲辰"),
    M("qm-kaihe-de", "qimen", "qimen/patterns/timing.py", '("德在門 盡開" if yang else "德在門 半開")',
      '("德在門 半開" if yang else "德在門 盡開")', "德在門: 陽星 半開 and 陰星 盡開 swapped"),
    M("qm-yang-stars", "qimen", "qimen/plates.py", 'YANG_STARS = frozenset(("天蓬", "天任", "天沖", "天輔", "天禽"))',
      'YANG_STARS = frozenset(("天蓬", "天芮", "天沖", "天輔", "天禽"))', "陽星 with 天芮 for 天任"),
    M("qm-riyoubi-count", "qimen", "qimen/patterns/timing.py", "BRANCHES[(day_branch - 2) % 12]",
      "BRANCHES[(day_branch - 3) % 12]", "日遊避's 生氣 counted three back without the day (日後三辰 exclusive)"),
    M("qm-fuyoubi-ding", "qimen", "qimen/patterns/timing.py", 'return view.lodged(view.earth["丙"]), view.lodged(view.earth["庚"])',
      'return view.lodged(view.earth["丁"]), view.lodged(view.earth["庚"])', "符遊避's 生氣 placed at 丁 instead of 丙"),
    M("qm-qiying-star", "qimen", "qimen/patterns/qi.py", 'STAR_STATE = {1: "旺", 0: "相", 2: "休", 3: "囚", 4: "廢"}',
      'STAR_STATE = {1: "旺", 0: "相", 2: "休", 3: "廢", 4: "囚"}', "氣應: 囚 and 廢 swapped (克我 and 生我)"),
    M("qm-qiying-door", "qimen", "qimen/patterns/qi.py", "start = XING_DE_GROUPS.index(qi_group(ju_term))",
      "start = XING_DE_GROUPS.index(qi_group(ju_term)) + 1", "氣應 of the doors: the 旺 door one 節 late"),
    M("qm-ji-doors-jing", "qimen", "qimen/names.py", 'JI_DOORS: tuple[str, ...] = ("開門", "休門", "生門")',
      'JI_DOORS: tuple[str, ...] = ("開門", "休門", "生門", "景門")', "景門 counted among the 吉門"),
    # --- the recorded schools -----------------------------------------------------------------------
    M("qm-li-bi-centre", "qimen", "qimen/patterns/schools.py", 'Pattern("遊三避五", 2, "避五 寄坤之五宮',
      'Pattern("遊三避五", 5, "避五 寄坤之五宮', "李氏 避五 at the centre, not the 五 lodged in 坤"),
    M("qm-lin-bi-geng", "qimen", "qimen/patterns/schools.py", '("甲", "戊", "遊三避五", "避五 戊受甲克 宜避", XIONG)',
      '("甲", "庚", "遊三避五", "避五 戊受甲克 宜避", XIONG)', "林氏 避五 read as the 死氣 庚 of the author's 符遊避"),
    M("qm-lin-shoumen-one-day", "qimen", "qimen/patterns/schools.py", "if LIN_SHOU_MEN[day] != hour:",
      "if LIN_SHOU_MEN[day] != hour or day in \"己庚辛壬癸\":", "林氏 守門 on the first day stem of each pair only"),
    M("qm-tao-tianfu-bing", "qimen", "qimen/patterns/schools.py", "if ctx.hour % 10 != 3:", "if ctx.hour % 10 != 2:",
      "陶氏 天輔時 at the 六丙 hours (丁 counted from one)"),
    M("qm-tao-xing", "qimen", "qimen/patterns/schools.py", '**{("陰", p): "行陽" for p in (9, 8, 7, 6)}, **{("陰", p): "行陰" for p in (4, 3, 2, 1)},',
      '**{("陰", p): "行陰" for p in (9, 8, 7, 6)}, **{("陰", p): "行陽" for p in (4, 3, 2, 1)},',
      "陶氏 行陽/行陰 after 夏至 not reversed"),
    M("qm-sanshi-deshi-jiazi", "qimen", "qimen/patterns/schools.py", '"甲子": "丙", "甲申": "丙"', '"甲子": "乙", "甲申": "丙"',
      "三氏 得使: 甲子 given 乙"),
    M("qm-sanshi-zhang", "qimen", "qimen/patterns/schools.py", "if palace in (8, 9):", "if palace in (7, 8, 9):",
      "三氏 四張 in 七八九"),
    M("qm-sanshi-meng", "qimen", "qimen/patterns/schools.py", '"甲寅": "孟", "甲申": "孟"', '"甲寅": "孟", "甲申": "季"',
      "三氏 三甲: 甲申 named 季甲"),
    M("qm-zhushu-swap", "qimen", "qimen/patterns/schools.py", '("庚", "癸", "大格", "", NEUTRAL), ("庚", "壬", "小格", "", NEUTRAL)',
      '("庚", "癸", "小格", "", NEUTRAL), ("庚", "壬", "大格", "", NEUTRAL)', "諸書 大格 and 小格 swapped"),
    M("qm-huoju-plate", "qimen", "qimen/patterns/schools.py", 'PLATE_OF_SCHOOL = {"huoju": KUN}', "PLATE_OF_SCHOOL = {}",
      "--school huoju drawing the 古法 plate (五專寄坤 lost)"),
    M("qm-huoju-star", "qimen", "qimen/plates.py", 'KUN_LODGE, KUN_CENTRE_DOOR, KUN_LODGE_STAR = 2, "死門", "天芮"',
      'KUN_LODGE, KUN_CENTRE_DOOR, KUN_LODGE_STAR = 2, "死門", "天任"', "五專寄坤 with 天禽 riding 天任 (陰遁's star kept)"),
)

#: 貴人, 天將, 月將, 建除 and the directions (gods/).
GODS = ()

#: 孤虛 and 虎鈐經's tables, 28 宿, 運籌, 閉戊, 安營 (gucu/).
GUCU = ()

#: 大六壬 (liuren/).
LIUREN = ()

MUTATIONS: tuple[Mutation, ...] = QIMEN + GODS + GUCU + LIUREN


@dataclass(frozen=True)
class Outcome:
    """A mutation run: `caught` (verify ran its ledger and exited 1, some row ✘), `status`
    (verify's exit status, or None when the mutation does not apply), the ids of the rows that
    turned ✘, and a note (why it did not apply, or, when verify crashed instead of answering,
    the last line it wrote on stderr)."""

    mutation: Mutation
    caught: bool
    status: int | None
    rows: tuple[str, ...]
    note: str = ""


def applies(mutation: Mutation) -> str:
    """"" when the mutation's old text occurs exactly once in its file; else why not."""
    path = PACKAGE / mutation.path
    if not path.is_file():
        return f"no file {mutation.path}"
    found = path.read_text(encoding="utf-8").count(mutation.old)
    if found != 1:
        return f"its old text occurs {found} times in {mutation.path}"
    if mutation.old == mutation.new:
        return "old and new are the same"
    return ""


def _copy(into: Path) -> Path:
    """The package copied into `into` (without caches and the shipped plate records)."""
    target = into / "qimen_cli"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for plates in (target / "qimen" / "data").glob("plates-*.gz"):
        plates.unlink()
    return target


def run(mutation: Mutation, timeout: float = 300.0) -> Outcome:
    """Apply one mutation to a copy of the package and run `qimen verify --json` on it."""
    why = applies(mutation)
    if why:
        return Outcome(mutation, False, None, (), why)
    with tempfile.TemporaryDirectory(prefix="qimen-mutant-") as tmp:
        target = _copy(Path(tmp))
        path = target / mutation.path
        path.write_text(path.read_text(encoding="utf-8").replace(mutation.old, mutation.new), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": tmp, "QIMEN_DATA_DIR": str(ROOT / "data" / "ephemeris"),
               "PYTHONDONTWRITEBYTECODE": "1", "PYTHONWARNINGS": "ignore"}
        env.pop("QIMEN_EPHEMERIS", None)
        try:
            done = subprocess.run([sys.executable, "-m", "qimen_cli", "verify", "--json"], capture_output=True, text=True,
                                  env=env, cwd=tmp, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Outcome(mutation, False, None, (), f"verify ran past {timeout:.0f} s")
    rows = []
    for line in done.stdout.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if record.get("verdict") == "differs":
            rows.append(record["id"])
    note = ""
    caught = done.returncode == 1 and bool(rows)
    if done.returncode not in (0, 1) or (done.returncode == 1 and not rows):
        # verify did not run to its ledger (a mutant that fails to import or raises): not a catch,
        # a mutation to fix (a plausible error computes a wrong answer, it does not crash)
        note = "crashed: " + (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
    return Outcome(mutation, caught, done.returncode, tuple(rows), note)


def select(mutations, only=None, art=None):
    """The mutations named by `only` (ids) and/or of one art."""
    chosen = [m for m in mutations if (not only or m.id in only) and (art is None or m.art == art)]
    unknown = set(only or ()) - {m.id for m in mutations}
    if unknown:
        raise SystemExit(f"mutate.py: no mutation {', '.join(sorted(unknown))}")
    return chosen


def _line(outcome: Outcome) -> str:
    m = outcome.mutation
    if outcome.status is None:
        mark, detail = "?", outcome.note
    elif outcome.caught:
        mark, detail = "✔", f"{len(outcome.rows)} row(s) ✘: {' '.join(outcome.rows[:6])}{' …' if len(outcome.rows) > 6 else ''}"
    else:
        mark, detail = "✘", f"missed (verify exited {outcome.status}){': ' + outcome.note if outcome.note else ''}"
    return f"{mark} {m.id:<28} {m.art:<7} {m.what}\n      {detail}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutations")
    parser.add_argument("--art", choices=ARTS, help="run only one art's mutations")
    parser.add_argument("--list", action="store_true", help="list the mutations and whether each applies, run none")
    parser.add_argument("--json", action="store_true", help="one JSON object per mutation, then the score")
    parser.add_argument("--verbose", action="store_true", help="every row that turned ✘")
    args = parser.parse_args(argv)
    ids = [m.id for m in MUTATIONS]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise SystemExit(f"mutate.py: duplicate ids {' '.join(duplicates)}")
    chosen = select(MUTATIONS, args.only, args.art)
    if args.list:
        for m in chosen:
            why = applies(m)
            print(f"{'✘' if why else ' '} {m.id:<28} {m.art:<7} {m.path:<34} {m.what}{'  — ' + why if why else ''}")
        return 0
    started = time.monotonic()
    outcomes = []
    for m in chosen:
        outcome = run(m)
        outcomes.append(outcome)
        if args.json:
            print(json.dumps({"id": m.id, "art": m.art, "path": m.path, "what": m.what, "caught": outcome.caught,
                              "status": outcome.status, "rows": list(outcome.rows), "note": outcome.note},
                             ensure_ascii=False), flush=True)
        else:
            print(_line(outcome), flush=True)
            if args.verbose and outcome.rows:
                print("      " + " ".join(outcome.rows))
    caught = sum(o.caught for o in outcomes)
    stale = [o.mutation.id for o in outcomes if o.status is None]
    missed = [o.mutation.id for o in outcomes if o.status is not None and not o.caught]
    share = caught / len(outcomes) if outcomes else 1.0
    score = {"mutations": len(outcomes), "caught": caught, "share": round(share, 4), "missed": missed, "stale": stale,
             "seconds": round(time.monotonic() - started, 1)}
    if args.json:
        print(json.dumps({"score": score}, ensure_ascii=False))
    else:
        by_art = {a: [o for o in outcomes if o.mutation.art == a] for a in ARTS}
        print()
        print(f"caught {caught} of {len(outcomes)} ({share:.1%}) in {score['seconds']} s; "
              + ", ".join(f"{a} {sum(o.caught for o in os_)}/{len(os_)}" for a, os_ in by_art.items() if os_))
        if missed:
            print("missed: " + " ".join(missed))
        if stale:
            print("not applied: " + " ".join(stale))
    return 0 if not stale else 2


if __name__ == "__main__":
    sys.exit(main())
