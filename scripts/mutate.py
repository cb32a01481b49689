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
    M("qm-door-home-kai", "qimen", "qimen/plates.py",
      'DOORS = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "開門", 7: "驚門", 8: "生門", 9: "景門"}',
      'DOORS = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "驚門", 7: "開門", 8: "生門", 9: "景門"}',
      "開門 and 驚門 given each other's home (乾6 ↔ 兌7)"),
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
      "bei_jian_xiang_po=bei_jian_xiang_po(moment.month_branch),",
      "bei_jian_xiang_po=bei_jian_xiang_po(p.year % 12),",
      "背建向破 by the year's 建 instead of the month's"),
    M("gc-tiangang-month-jiang", "gucu", "gucu/report.py",
      "tian_gang=tian_gang(yue_jiang_branch(moment.qi.k), moment.hour_branch),",
      "tian_gang=tian_gang((1 - moment.month_branch) % 12, moment.hour_branch),",
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
      "ephemeris_path: Path | None = None, fan_yin: str = CHONG) -> Liuren:",
      'ephemeris_path: Path | None = None, fan_yin: str = "najia") -> Liuren:',
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
