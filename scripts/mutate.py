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
    M("qm-tianwang-earth", "qimen", "qimen/patterns/hours.py", 'if "癸" in plate.palace(p).heaven_stems)',
      'if "癸" in plate.palace(p).earth_stems)', "天網時 graded by the earth 癸, not the heaven 癸"),
    M("qm-cover-any-door", "qimen", "qimen/patterns/core.py", "        if door is not None and door in JI_DOORS:",
      "        if door is not None:",
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

#: 貴人, 天將, 月將, 建除 and the directions (gods/, and the 月將 and half-year they read).
GODS = (
    M("gd-yuejiang-month", "gods", "gods/report.py",
      "    yj = yue_jiang_branch(m.qi.k)\n",
      "    yj = (1 - m.month_branch) % 12\n",
      "月將 by the month's 合神 (004's 正月登明, the 節 month) instead of the last 中氣"),
    M("gd-yuejiang-late", "gods", "calendar/branchplate.py",
      "table[(YUSHUI + 2 * step) % 24] = (branch - step) % 12",
      "table[(YUSHUI + 2 + 2 * step) % 24] = (branch - step) % 12",
      "登明 from 春分 instead of 雨水: each 將 one 中氣 late"),
    M("gd-half-jie", "gods", "calendar/moment.py",
      "return self.term.k >= DONGZHI or self.term.k < XIAZHI",
      "return self.jie.k >= DONGZHI - 1 or self.jie.k < XIAZHI - 1",
      "陽貴 from the 子 month's 節 (大雪) and 陰貴 from 芒種, not from the true 冬至 and 夏至"),
    M("gd-generals-forward", "gods", "gods/noble.py",
      "    step = 1 if yang else -1\n    by_heaven",
      "    step = 1\n    by_heaven",
      "the twelve 天將 always 順 (陰貴逆推求 forgotten)"),
    M("gd-noble-on-earth", "gods", "gods/noble.py",
      "return {plate[p]: by_heaven[plate[p]] for p in range(12)}",
      "return {plate[p]: by_heaven[p] for p in range(12)}",
      "貴人泊其支 read on the earth branch: the generals placed by the earth plate"),
    M("gd-jianchu-literal", "gods", "gods/twelve.py",
      "JIANCHU[(day_branch - month_branch) % 12]",
      "JIANCHU[(day_branch - month_branch - 1) % 12]",
      "建寅加卯 read literally: 建 on the branch after the 月建 (建除 one day off)"),
    M("gd-dihu-unturned", "gods", "gods/twelve.py",
      "return {name: earth_under(s, row[name]) for name in DI_HU}",
      "return {name: row[name] for name in DI_HU}",
      "地四戶 read off the month's 建除 row (the days' officers) without putting the 建 on the hour"),
    M("gd-dihu-ping", "gods", "gods/twelve.py",
      'DI_HU: tuple[str, ...] = ("除", "危", "定", "開")',
      'DI_HU: tuple[str, ...] = ("除", "危", "平", "開")',
      "四戶 read 除 危 平 開 (平 for 定)"),
    M("gd-tianma-hour", "gods", "gods/report.py",
      "ma = tw.tian_ma(yj, mb)",
      "ma = tw.tian_ma(yj, hb)",
      "天馬 with the 月將 on the hour, not on the 月建"),
    M("gd-tingting-turn", "gods", "gods/twelve.py",
      "return earth_under(shift(yue_jiang, hour_branch), B_ZI)",
      "return earth_under(shift(hour_branch, yue_jiang), B_ZI)",
      "亭亭 on a plate turned the wrong way (the hour put on the 月將)"),
    M("gd-baijian-gang", "gods", "gods/twelve.py",
      '("天魁", B_XU))',
      '("天魁", B_CHEN))',
      "白奸's 天魁 taken at 辰 (魁 and 罡 confused)"),
    M("gd-he-ge-swapped", "gods", "gods/twelve.py",
      "HE_AT: frozenset[int] = frozenset({B_SI, B_HAI})",
      "HE_AT: frozenset[int] = frozenset({B_YIN, B_SHEN})",
      "合 at 寅申 (合於巳亥，格於寅申 read the wrong way round)"),
    M("gd-simen-tianhou", "gods", "gods/twelve.py",
      'SI_MEN: tuple[str, ...] = ("太陰", "六合", "太常")',
      'SI_MEN: tuple[str, ...] = ("太陰", "六合", "天后")',
      "私門's 太常 taken for 天后"),
    M("gd-sanshi-ma-month", "gods", "gods/twelve.py",
      "(B_CHEN + month_number(month_branch) - 1) % 12",
      "(B_CHEN + month_number(month_branch)) % 12",
      "三氏 月建天馬: 子 on 巳 in 正月 (a month off)"),
    M("gd-sanshi-yue-ting-ni", "gods", "gods/twelve.py",
      "return (B_MAO + month_number(month_branch) - 1) % 12",
      "return (B_MAO - month_number(month_branch) + 1) % 12",
      "三氏 月亭亭 counted 逆 from 卯 (正卯 … 順行 missed)"),
    M("gd-ri-ting-ting-jin", "gods", "gods/twelve.py",
      '"金局": (frozenset({B_SI, B_YOU, 1}), 1),',
      '"金局": (frozenset({B_SI, B_YOU, 1}), B_SHEN),',
      "三氏 日亭亭 金局 'corrected' to 申 (the pattern of 火亥 木寅 水巳), not the text's 丑"),
)

#: 孤虛 and 虎鈐經's tables, 28 宿, 運籌, 閉戊, 安營 (gucu/).
GUCU = (
    M("gc-ri-guxu-forward", "gucu", "gucu/guxu.py",
      "gu = (branch - 1) % 12",
      "gu = (branch + 1) % 12",
      "日孤 one branch forwards of the day instead of back (子日亥孤 missed)"),
    M("gc-shi-guxu-day", "gucu", "gucu/guxu.py",
      "hg, hx = shi_gu_xu(hour_branch)",
      "hg, hx = shi_gu_xu(day % 12)",
      "時孤虛 read by the day's branch, not the hour's"),
    M("gc-xun-guxu-next", "gucu", "gucu/guxu.py",
      "gu = kong_wang(cycle_index)",
      "gu = kong_wang(cycle_index + 10)",
      "旬孤虛 from the next 旬's 空亡 (a 旬 off)"),
    M("gc-guxu-size-over", "gucu", "gucu/guxu.py",
      "DAY_GUXU_FROM = 10000",
      "DAY_GUXU_FROM = 10001",
      "萬人已上 read as more than ten thousand"),
    M("gc-bei-jian-year", "gucu", "gucu/report.py",
      "bei_jian_xiang_po=_bei_jian_xiang_po(moment.month_branch),",
      "bei_jian_xiang_po=_bei_jian_xiang_po(p.year % 12),",
      "背建向破 by the year's 建 instead of the month's"),
    M("gc-tiangang-month-jiang", "gucu", "gucu/report.py",
      "tian_gang=_tian_gang(yue_jiang_branch(moment.qi.k), moment.hour_branch),",
      "tian_gang=_tian_gang((1 - moment.month_branch) % 12, moment.hour_branch),",
      "天罡 with the 月建's 合神 (the 節 month) as the 月將, not the last 中氣's"),
    M("gc-di-er-ji", "gucu", "gucu/directions.py",
      "return _xun_member_branch(cycle_index, 4)",
      "return _xun_member_branch(cycle_index, 5)",
      "地耳 at the 旬's 己 instead of its 戊"),
    M("gc-huang-fan-you", "gucu", "gucu/directions.py",
      "HUANG_FAN_TEXT = {6: 10, 10: 10, 0: 4, 4: 4, 3: 7, 7: 7, 9: 1, 1: 1}",
      "HUANG_FAN_TEXT = {6: 10, 10: 10, 0: 4, 4: 4, 3: 7, 7: 7, 9: 7, 1: 1}",
      "one cell of the 黃幡 table: 酉 years in 未"),
    M("gc-you-men-ahead", "gucu", "gucu/directions.py",
      "men = (8 + month - 1) % 12",
      "men = (8 + month) % 12",
      "遊門 天門 a month ahead (正月 in 酉)"),
    M("gc-attack-four", "gucu", "gucu/directions.py",
      '4: ("離", "坎")',
      '4: ("坎", "離")',
      "四日從離擊坎 read the other way"),
    M("gc-wang-wang-pattern", "gucu", "gucu/days.py",
      "9: 27, 10: 14, 11: 21, 12: 30}",
      "9: 27, 10: 10, 11: 20, 12: 30}",
      "往亡 of 十月 and 十一月 'corrected' to the 10/20/30 pattern"),
    M("gc-liu-qiong-29", "gucu", "gucu/days.py",
      "LIU_QIONG = (9, 19, 28)",
      "LIU_QIONG = (9, 19, 29)",
      "六窮 'corrected' to the 29th"),
    M("gc-yuan-order", "gucu", "gucu/mansions.py",
      'YUAN = ("天元", "地元", "人元", "鬼元", "江元", "河元", "海元")',
      'YUAN = ("天元", "地元", "人元", "鬼元", "河元", "江元", "海元")',
      "七元: 江元 and 河元 exchanged"),
    M("gc-yao-sun-moon", "gucu", "gucu/mansions.py",
      'YAO = ("木星", "金星", "土星", "大陽", "大陰", "火星", "水星")',
      'YAO = ("木星", "金星", "土星", "大陰", "大陽", "火星", "水星")',
      "七曜: 大陽 and 大陰 exchanged"),
    M("gc-ming-month-bi", "gucu", "gucu/sanjiu.py",
      '"室奎胃壁參鬼張角亢心牛虛"',
      '"室奎胃畢參鬼張角亢心牛虛"',
      "命宿 of 四月 'corrected' to the 宿曜 table's 畢"),
    M("gc-ming-forward", "gucu", "gucu/sanjiu.py",
      "return (MING_MONTH[month] - (day - 1)) % 28",
      "return (MING_MONTH[month] + (day - 1)) % 28",
      "命宿 counted forwards from the month's mansion"),
    M("gc-yunchou-lacuna", "gucu", "gucu/yunchou.py",
      '"戌卯巳丑午申辰酉亥未子寅"',
      '"戌卯巳丑午申辰酉丑未子寅"',
      "猴牛□豬屋's tally laid on 丑 (牛) instead of 亥 (豬)"),
    M("gc-yu-nu-back", "gucu", "gucu/yunchou.py",
      "YU_NU = tuple(_NON_BRANCH[(_START + b) % 12] for b in range(12))",
      "YU_NU = tuple(_NON_BRANCH[(_START - b) % 12] for b in range(12))",
      "玉女 laid 逆 from 庚 (順佈 missed)"),
    M("gc-yunchou-from-rat", "gucu", "gucu/yunchou.py",
      "stand = (d + k) % 12",
      "stand = k % 12",
      "每日一句 read as: always from 鼠行狗竇, whatever the day"),
    M("gc-biwu-backwards", "gucu", "gucu/biwu.py",
      "return tuple((wu + 2 * i) % 12 for i in range(7))",
      "return tuple((wu - 2 * i) % 12 for i in range(7))",
      "閉戊's heaps joined backwards round the six yang branches"),
    M("gc-anying-fu-bing", "gucu", "gucu/anying.py",
      '("fu_bing", "伏兵", "太陰"),',
      '("fu_bing", "伏兵", "天門"),',
      "伏兵 put at 天門 (戊) instead of 太陰 (丁)"),
    M("gc-wu-yin-yu", "gucu", "gucu/wuyin.py",
      '"羽": "申子午子午丑",',
      '"羽": "申子午午子丑",',
      "羽's 生氣 and 死 exchanged"),
)

#: 大六壬 (liuren/).
LIUREN = (
    M("lr-ke-swapped", "liuren", "liuren/lessons.py",
      "    if overcomes(low, up):\n        return XIA_KE_SHANG\n    if overcomes(up, low):\n        return SHANG_KE_XIA",
      "    if overcomes(low, up):\n        return SHANG_KE_XIA\n    if overcomes(up, low):\n        return XIA_KE_SHANG",
      "剋 read the wrong way round: 上克下 and 下克上 exchanged"),
    M("lr-shang-first", "liuren", "liuren/transmissions.py",
      "for kind in (XIA_KE_SHANG, SHANG_KE_XIA):",
      "for kind in (SHANG_KE_XIA, XIA_KE_SHANG):",
      "兩俱克: 上克下 used before 下克上"),
    M("lr-lesson1-jigong", "liuren", "liuren/lessons.py",
      "Lesson(u1, stem, True, g, relation(u1, stem, True)),",
      "Lesson(u1, stem, True, g, relation(u1, g, False)),",
      "the first 課's 剋 read against the 寄宮 branch, not the stem"),
    M("lr-bi-inverted", "liuren", "liuren/transmissions.py",
      "return is_yang_branch(god) == is_gang(day_stem)",
      "return is_yang_branch(god) != is_gang(day_stem)",
      "比 read as the opposite 陰陽 of the day"),
    M("lr-she-hai-no-stems", "liuren", "liuren/transmissions.py",
      "phases = [BRANCH_PHASE[pos]] + [STEM_PHASE[t] for t in lodged_stems(pos)]",
      "phases = [BRANCH_PHASE[pos]]",
      "涉害 depth without the stems lodged on the way"),
    M("lr-she-hai-from-next", "liuren", "liuren/transmissions.py",
      "pos = (start + step) % 12",
      "pos = (start + step + 1) % 12",
      "涉害 counted from the branch after the god's place to its home (inclusive)"),
    M("lr-she-hai-shallow", "liuren", "liuren/transmissions.py",
      "deepest = max(depths.values())",
      "deepest = min(depths.values())",
      "淺害深 read literally: the shallower used"),
    M("lr-she-hai-tie-last", "liuren", "liuren/transmissions.py",
      "return _Pick(tied[0], SHE_HAI, text)",
      "return _Pick(tied[-1], SHE_HAI, text)",
      "涉害俱深: the last seen used instead of the first (先見)"),
    M("lr-yao-ri-first", "liuren", "liuren/transmissions.py",
      '    if shen_ke_ri:\n        kind, pool = "神剋日", shen_ke_ri\n    elif ri_ke_shen:\n        kind, pool = "日剋神", ri_ke_shen',
      '    if ri_ke_shen:\n        kind, pool = "日剋神", ri_ke_shen\n    elif shen_ke_ri:\n        kind, pool = "神剋日", shen_ke_ri',
      "遙剋: 日剋神 used before 神剋日"),
    M("lr-mao-gang-rou", "liuren", "liuren/transmissions.py",
      "    if is_gang(day % 10):\n        first = heaven_over(s, 9)",
      "    if not is_gang(day % 10):\n        first = heaven_over(s, 9)",
      "昴星: 剛日 and 柔日 exchanged (仰 on 柔日, 伏 on 剛日)"),
    M("lr-mao-zhong-mo", "liuren", "liuren/transmissions.py",
      'return (first, branch_god, day_god), f"剛日 仰',
      'return (first, day_god, branch_god), f"剛日 仰',
      "昴星 剛日: 中 日上 末 辰上 (the 柔日 order)"),
    M("lr-bie-ze-before", "liuren", "liuren/transmissions.py",
      "first = (branch + 4) % 12",
      "first = (branch + 8) % 12",
      "別責 柔日: the 三合 branch before the day's instead of after"),
    M("lr-ba-zhuan-three", "liuren", "liuren/transmissions.py",
      "first = (start + 2) % 12",
      "first = (start + 3) % 12",
      "八專: 及三神 counted three steps beyond the start"),
    M("lr-fu-yin-gang-rou", "liuren", "liuren/transmissions.py",
      "    elif is_gang(stem):\n        first = lessons[0].upper",
      "    elif not is_gang(stem):\n        first = lessons[0].upper",
      "伏吟: 剛以日，柔以辰 exchanged"),
    M("lr-fu-yin-chong", "liuren", "liuren/transmissions.py",
      "third = XING[second] if second not in ZI_XING else chong(second)",
      "third = chong(second)",
      "伏吟's 末 by 沖 instead of 刑"),
    M("lr-fan-yin-po", "liuren", "liuren/transmissions.py",
      "    third = XING[second]\n    return (first, second, third), f\" → 沖",
      "    third = PO[second]\n    return (first, second, third), f\" → 沖",
      "反吟's 末 by 破 instead of 刑 (載沖而後刑)"),
    M("lr-fan-yin-default", "liuren", "liuren/report.py",
      "ephemeris_path: Path | None = None, fan_yin: str = CHONG, tian_men: str = LIUREN) -> Liuren:",
      'ephemeris_path: Path | None = None, fan_yin: str = "najia", tian_men: str = LIUREN) -> Liuren:',
      "反吟's default reading taken to be --fan-yin najia"),
    M("lr-chain-down", "liuren", "liuren/transmissions.py",
      "    second = heaven_over(s, first)\n    return first, second, heaven_over(s, second)",
      "    second = earth_under(s, first)\n    return first, second, earth_under(s, second)",
      "三傳 read downwards: the branch under the 初, not the god over its own branch"),
    M("lr-noble-forward", "liuren", "liuren/nobles.py",
      'return noble_branch(day_stem, yang), yang, "陽貴" if yang else "陰貴"',
      'return noble_branch(day_stem, yang), True, "陽貴" if yang else "陰貴"',
      "the 六壬 plate's 天將 always 順 under the 納甲 rule"),
    M("lr-yuejiang-jian", "liuren", "liuren/report.py",
      "yj = yue_jiang_branch(moment.qi.k) if yue_jiang is None else yue_jiang",
      "yj = (1 - moment.month_branch) % 12 if yue_jiang is None else yue_jiang",
      "六壬 月將 by the 月建's 合神 (the 節 month) instead of the last 中氣"),
    M("lr-month-general-off", "liuren", "liuren/plate.py",
      "    return (1 - jian) % 12",
      "    return (2 - jian) % 12",
      "月將 of a month one branch off its 合神"),
    M("lr-jiling-facing", "liuren", "liuren/jiling.py",
      'FACING = {True: ("南", 6), False: ("北", 0)}',
      'FACING = {True: ("北", 0), False: ("南", 6)}',
      "朝向南，暮向北 exchanged"),
)

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
    """The package copied into `into` (without caches, the shipped plate records and the shipped
    context rules' results: a mutated rule is computed, not read)."""
    target = into / "qimen_cli"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    data = target / "qimen" / "data"
    for shipped in [*data.glob("plates-*.gz"), data / "context.gz"]:
        shipped.unlink(missing_ok=True)
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
