"""The `--explain` steps of `qimen cast` and `qimen chaibu` worded in zh, ko or en, and their JSON.

The engine (qimen/ju.py, qimen/plates.py) records each step as a keyed record
(`qimen.steps.Step`: a key and raw values).  Here one table (`STEPS`) words each key in
en, zh and ko; the values are formatted first (clock times to the minute on the clock
they carry, dates, joined tuples, directions in words, an inner step worded in turn) and
a value that may be absent (None) adds its clause (`CLAUSES`) only when present.
`step_json` writes a step as {"key", "values", "text"} with the English text.
"""

from __future__ import annotations

import datetime as _dt
import re

from ..qimen.steps import Step
from .jsonout import to_jsonable
from .labels import clock_name

#: The languages of the wordings, in the order of the tables' entries.
LANGS = ("en", "zh", "ko")

#: Step key → its wording in en, zh and ko (str.format fields are the step's value names).
STEPS: dict[str, tuple[str, str, str]] = {
    "sky": (
        "term in the sky: {sky} since {since}",
        "天上節氣：{sky}，自 {since}",
        "하늘의 절기: {sky} ({since}부터)"),
    "block": (
        "置閏 block {start}–{end} (上元 head {head}) takes {term}; {why}",
        "置閏三元 {start}–{end}（上元符頭 {head}）用 {term}；{why}",
        "치윤 삼원 {start}–{end} (상원 부두 {head}) 은 {term}을 씀; {why}"),
    "leap": (
        "閏: the previous block ({previous_head} {previous_start}) took {term} with 超神 {days} days ≥ {limit} "
        "at 芒種/大雪, so this block repeats {term}'s three 元 (即以己酉日疊作芒種閏奇)",
        "閏：前三元（{previous_head} {previous_start}）用 {term} 超神 {days} 日 ≥ {limit}，在芒種/大雪，"
        "本三元重用 {term} 三元（即以己酉日疊作芒種閏奇）",
        "윤: 앞 삼원 ({previous_head} {previous_start}) 이 {term}을 초신 {days}일 ≥ {limit} 로 씀 (망종/대설), "
        "이번 삼원은 {term}의 삼원을 반복 (即以己酉日疊作芒種閏奇)"),
    "zheng_shou": (
        "正受: {term} falls on the head day itself ({term_date} {term_day})",
        "正受：{term} 正在符頭之日（{term_date} {term_day}）",
        "정수: {term}이 부두 날에 듦 ({term_date} {term_day})"),
    "chao_shen": (
        "超神 {days} days: the 符頭 {head} ({start}) arrives before {term} ({term_date} {term_day}); "
        "the block already uses {term}",
        "超神 {days} 日：符頭 {head}（{start}）先於 {term}（{term_date} {term_day}）而至；本三元已用 {term}",
        "초신 {days}일: 부두 {head} ({start}) 가 {term} ({term_date} {term_day}) 보다 먼저 옴; 이 삼원은 이미 {term}을 씀"),
    "jie_qi": (
        "接氣 {days} days: {term} came on {term_date} {term_day}, before its 符頭 {head} ({start}); "
        "the previous term's 下元 ran until the head",
        "接氣 {days} 日：{term} 於 {term_date} {term_day} 已交，先於其符頭 {head}（{start}）；前節氣下元用至符頭",
        "접기 {days}일: {term}이 {term_date} {term_day}에 들어 부두 {head} ({start}) 보다 앞섬; 앞 절기의 하원이 부두까지 감"),
    "fu_tou_block": (
        "符頭: day {day} → {head}, day {day_of_block} of the block → {yuan}元 (上 days 1–5, 中 6–10, 下 11–15)",
        "符頭：日 {day} → {head}，三元第 {day_of_block} 日 → {yuan}元（上元 1–5 日，中元 6–10，下元 11–15）",
        "부두: 일 {day} → {head}, 삼원 제 {day_of_block}일 → {yuan}元 (상원 1–5일, 중원 6–10, 하원 11–15)"),
    "fu_tou_branch": (
        "符頭: day {day} → {head} (甲/己 head of its five days); branch {branch} → {yuan}元 "
        "(子午卯酉 上, 寅申巳亥 中, 辰戌丑未 下)",
        "符頭：日 {day} → {head}（五日之首 甲/己）；支 {branch} → {yuan}元（子午卯酉 上, 寅申巳亥 中, 辰戌丑未 下）",
        "부두: 일 {day} → {head} (닷새의 머리 甲/己); 지지 {branch} → {yuan}元 (子午卯酉 上, 寅申巳亥 中, 辰戌丑未 下)"),
    "ju": (
        "局: {term} {yuan}元 → {dun}遁{ju}局 (table {term} {table})",
        "局：{term} {yuan}元 → {dun}遁{ju}局（{term} 局數 {table}）",
        "국: {term} {yuan}元 → {dun}遁{ju}局 ({term} 국 표 {table})"),
    "term_inside": (
        "term: {term} begins {begins}, inside this 時辰 ({hour_start}–{hour_end}); 拆補 counts the whole 時辰 "
        "as {term} (辛卯日午時立春 … 自甲午時起 … 共三十時); the sky is still in {sky}",
        "節氣：{term} 交於 {begins}，在本時辰（{hour_start}–{hour_end}）之內；拆補以全時辰為 {term}"
        "（辛卯日午時立春 … 自甲午時起 … 共三十時）；天上仍是 {sky}",
        "절기: {term}이 {begins}에 듦, 이 시진 ({hour_start}–{hour_end}) 안; 철보는 시진 전체를 {term}로 셈 "
        "(辛卯日午時立春 … 自甲午時起 … 共三十時); 하늘은 아직 {sky}"),
    "term_shichen": (
        "term: {term} in force since {since} (the whole 時辰 in which it began counts; 交節氣即換局)",
        "節氣：{term}，自 {since}（交節之時辰全數；交節氣即換局）",
        "절기: {term}, {since}부터 (교절한 시진 전체를 셈; 交節氣即換局)"),
    "term_instant": (
        "term: {term} in force since {since} (from its exact instant; 交節氣即換局)",
        "節氣：{term}，自 {since}（自交節之刻；交節氣即換局）",
        "절기: {term}, {since}부터 (교절 시각부터; 交節氣即換局)"),
    "earth": (
        "地盤 {dun}遁{ju}局: 戊己庚辛壬癸丁丙乙 from palace {ju} {forwards}: {laid}",
        "地盤 {dun}遁{ju}局：戊己庚辛壬癸丁丙乙 自 {ju} 宮{forwards}：{laid}",
        "지반 {dun}遁{ju}局: 戊己庚辛壬癸丁丙乙 을 {ju}궁부터 {forwards}: {laid}"),
    "lodge": (
        "中五寄{name}({palace}): the centre stem {stem} lodges in palace {palace}; 天禽 rides {rides} (禽{rides[1]}同宮)",
        "中五寄{name}({palace})：中宮干 {stem} 寄 {palace} 宮；天禽隨 {rides}（禽{rides[1]}同宮）",
        "중오기{name}({palace}): 중궁 간 {stem} 가 {palace}궁에 붙음; 천금은 {rides}을 탐 (禽{rides[1]}同宮)"),
    "xun_centre": (
        "旬首 {head} of hour {hour} hides under 儀 {yi} in palace 5 (中五): 直符 天禽 (riding {rides}), "
        "直使 {door} (中五 rule: 陽 死門, 陰 生門)",
        "時 {hour} 之旬首 {head} 遁於 {yi} 儀，在中五：直符 天禽（隨 {rides}），直使 {door}（中五：陽 死門，陰 生門）",
        "시 {hour}의 순수 {head} 는 {yi} 의 아래 중오에 숨음: 직부 천금 ({rides}을 탐), 직사 {door} (중오: 양 사문, 음 생문)"),
    "xun": (
        "旬首 {head} of hour {hour} hides under 儀 {yi} in palace {palace}: 直符 {star}, 直使 {door}",
        "時 {hour} 之旬首 {head} 遁於 {yi} 儀，在 {palace} 宮：直符 {star}，直使 {door}",
        "시 {hour}의 순수 {head} 는 {yi} 의 아래 {palace}궁에 숨음: 직부 {star}, 직사 {door}"),
    "jia_hour": (
        "甲 hour: 直符 {star} stays on its own 儀 {yi} (符使未分, 天輔時) → palace {palace}",
        "甲時：直符 {star} 守本儀 {yi}（符使未分，天輔時）→ {palace} 宮",
        "갑시: 직부 {star}은 제 의 {yi} 에 머묾 (符使未分, 天輔時) → {palace}궁"),
    "fu_to_stem": (
        "直符加時干: hour stem {stem} in earth palace {seat}{lodge}: {star} to palace {palace}, "
        "the ring turns {turn} step(s) clockwise",
        "直符加時干：時干 {stem} 在地盤 {seat} 宮{lodge}：{star} 至 {palace} 宮，九星順轉 {turn} 位",
        "직부가시간: 시간 {stem} 는 지반 {seat}궁{lodge}: {star}이 {palace}궁으로, 구성이 시계 방향으로 {turn}칸 돎"),
    "shi_walk": (
        "直使 {door} steps {n} from palace {from_palace} {forwards} ({path}){lodge}: palace {palace}, "
        "the doors turn {turn} step(s) clockwise",
        "直使 {door} 自 {from_palace} 宮{forwards}行 {n} 步（{path}）{lodge}：至 {palace} 宮，八門順轉 {turn} 位",
        "직사 {door}이 {from_palace}궁부터 {forwards} {n}걸음 ({path}){lodge}: {palace}궁, 팔문이 시계 방향으로 {turn}칸 돎"),
    "gods": (
        "八神 from 值符 at palace {palace}, {clockwise} round the ring ({ring})",
        "八神自值符 {palace} 宮起，{clockwise}周行（{ring}）",
        "팔신은 치부 {palace}궁부터 {clockwise}으로 돎 ({ring})"),
    "fei_centre": (
        "陶氏飛盤: the earth 五 stays in the centre (五還中宮), no 寄宮; nine stars, 天禽 on its own",
        "陶氏飛盤：地盤五居中（五還中宮），不寄宮；九星俱全，天禽自在",
        "도씨비반: 지반 오는 중궁에 머묾 (五還中宮), 기궁 없음; 구성 모두, 천금은 홀로"),
    "fei_xun_centre": (
        "旬首 {head} of hour {hour} hides under 儀 {yi} in palace 5: 直符 {star}, 直使 {door} "
        "(中五 rule: 陽 死門, 陰 生門)",
        "時 {hour} 之旬首 {head} 遁於 {yi} 儀，在 5 宮：直符 {star}，直使 {door}（中五：陽 死門，陰 生門）",
        "시 {hour}의 순수 {head} 는 {yi} 의 아래 5궁에 숨음: 직부 {star}, 직사 {door} (중오: 양 사문, 음 생문)"),
    "fei_jia": (
        "甲 hour: 甲 counts as 甲子戊, earth palace {palace} (一宮起甲子戊)",
        "甲時：甲作甲子戊，地盤 {palace} 宮（一宮起甲子戊）",
        "갑시: 甲은 甲子戊로 셈, 지반 {palace}궁 (一宮起甲子戊)"),
    "fei_stem": (
        "hour stem {stem} in earth palace {palace}",
        "時干 {stem} 在地盤 {palace} 宮",
        "시간 {stem} 는 지반 {palace}궁"),
    "fei_fly": (
        "天盤 flies in 洛書 order: 儀 {yi} (palace {from_palace}) onto palace {palace}; every stem, star and door "
        "moves {shift} palace(s) forwards round 1…9{back}",
        "天盤依洛書飛：{yi} 儀（{from_palace} 宮）至 {palace} 宮；干星門皆順飛 {shift} 宮{back}",
        "천반은 낙서 순으로 날음: {yi} ({from_palace}궁) 이 {palace}궁으로; 간·성·문 모두 1…9 순으로 {shift}궁 감{back}"),
    "fei_both": (
        "直符 {star} and 直使 {door} both to palace {palace} (符使同加)",
        "直符 {star}、直使 {door} 同至 {palace} 宮（符使同加）",
        "직부 {star}와 직사 {door} 모두 {palace}궁으로 (符使同加)"),
}

#: Directions in words: (step key, value name) → (the words for True, for False), each (en, zh, ko).
WORDS: dict[tuple[str, str], tuple[tuple[str, str, str], tuple[str, str, str]]] = {
    ("earth", "forwards"): (("forwards 1→9", "順行 1→9", "순행 1→9"), ("backwards 9→1", "逆行 9→1", "역행 9→1")),
    ("shi_walk", "forwards"): (("forwards", "順", "순행"), ("backwards", "逆", "역행")),
    ("gods", "clockwise"): (("clockwise", "順時針", "시계 방향"), ("anticlockwise", "逆時針", "반시계 방향")),
}

#: Values that may be absent (None): the clause each adds when present, (en, zh, ko), formatted
#: with all the step's values.
CLAUSES: dict[str, tuple[str, str, str]] = {
    "lodge": (" → 寄{lodge}({palace})",) * 3,
    "back": (" (= {back} back)", "（即逆 {back} 宮）", " (= 역으로 {back}궁)"),
}

#: How the tuples join: value name → separator, and the pairs (stem, palace) of `laid`.
JOINS: dict[str, str] = {"path": "→", "table": "", "ring": " ", "laid": " "}

#: Clock times: to the minute with the date; the end of a 時辰 window by its clock alone.
TIME_FORMAT = "%Y-%m-%d %H:%M"
TIME_FORMATS: dict[str, str] = {"hour_end": "%H:%M"}


def _value_text(key: str, name: str, value, lang: str) -> str:
    """One value of step `key` as text in `lang` (None → "": its clause, if any, comes later)."""
    if value is None:
        return ""
    if isinstance(value, Step):
        return word_step(value, lang)
    if isinstance(value, bool):
        return WORDS[(key, name)][0 if value else 1][LANGS.index(lang)]
    if isinstance(value, _dt.datetime):
        return value.strftime(TIME_FORMATS.get(name, TIME_FORMAT))
    if isinstance(value, _dt.date):
        return value.isoformat()
    if isinstance(value, tuple):
        return JOINS[name].join("".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
    return str(value)


def word_step(step: Step, lang: str) -> str:
    """One engine step worded in `lang` (zh, ko; anything else: en)."""
    i = LANGS.index(lang) if lang in LANGS else 0
    lang = LANGS[i]
    values = {name: _value_text(step.key, name, value, lang) for name, value in step.values}
    raw = step.as_dict()
    for name, clause in CLAUSES.items():
        if raw.get(name) is not None:
            values[name] = clause[i].format(**values)
    return STEPS[step.key][i].format(**values)


def value_json(value):
    """A step's value as JSON: an inner step as `step_json`, the rest as `jsonout.to_jsonable`."""
    if isinstance(value, Step):
        return step_json(value)
    return to_jsonable(value)


def step_json(step: Step) -> dict:
    """A step in `--json`: {"key", "values" (name → raw value), "text" (the English sentence)}."""
    return {
        "key": step.key,
        "values": {name: value_json(value) for name, value in step.values},
        "text": word_step(step, "en"),
    }


#: Notes of `qimen chaibu` (boundary details, the methods' comparison): (pattern, zh, ko), as STEPS.
NOTES: tuple[tuple[str, str, str], ...] = (
    (r"start of this 時辰", "本時辰之始", "이 시진의 시작"),
    (r"end of this 時辰", "本時辰之終", "이 시진의 끝"),
    (r"子初: day pillar changes with --day-change 23; the 元 always does",
     "子初：--day-change 23 時日柱於此換；元總於此換", "자초: --day-change 23 이면 일주가 바뀜; 원은 늘 바뀜"),
    (r"midnight: day pillar changes with --day-change 0",
     "子正：--day-change 0 時日柱於此換", "자정: --day-change 0 이면 일주가 바뀜"),
    (r"(?P<term>\S+) \(in force since\)(?P<rest>.*)", "{term}（現行）{rest}", "{term} (현행){rest}"),
    (r"(?P<term>\S+) \(next\)(?P<rest>.*)", "{term}（下一）{rest}", "{term} (다음){rest}"),
    (r"; 拆補 counts it from (?P<t>\d\d:\d\d), the start of its 時辰",
     "；拆補自 {t}（其時辰之始）起算", "; 철보는 그 시진의 시작 {t}부터 셈"),
    (r"符頭 (?P<head>\S+): (?P<yuan>\S)元 begins(?P<rest>.*)", "符頭 {head}：{yuan}元始{rest}", "부두 {head}: {yuan}원 시작{rest}"),
    (r"; 置閏 block (?P<d>\S+) takes (?P<term>\S+) \((?P<s>[^)]+)\)", "；置閏三元 {d} 用 {term}（{s}）", "; 치윤 삼원 {d} 은 {term}을 씀 ({s})"),
    (r"(?P<term>\S+): ΔT uncertainty ±(?P<s>\S+) s \(1σ\) in (?P<y>\d+)",
     "{term}：ΔT 誤差 ±{s} 秒（1σ，{y} 年）", "{term}: ΔT 오차 ±{s}초 (1σ, {y}년)"),
    (r"reconstruction: the text pairs months \(正月、六月、二月、七月 …\) and states no day; read as 正月六日, 二月七日 … "
     r"\(day = month \+ 5\); not counted among the forbidden days",
     "復原：原文但以月相配（正月、六月、二月、七月 …），不言日；讀作正月六日、二月七日 …（日 = 月 + 5）；不入忌日之數",
     "복원: 원문은 달끼리 짝지을 뿐 (正月、六月、二月、七月 …) 날을 말하지 않음; 정월 6일, 2월 7일 … (일 = 월 + 5) 로 읽음; 꺼리는 날에 넣지 않음"),
    (r"both use (?P<term>\S+) (?P<yuan>\S)元 → (?P<dj>\S+) \((?P<s>[^)]+)\)",
     "兩法皆用 {term} {yuan}元 → {dj}（{s}）", "두 법 모두 {term} {yuan}원 → {dj} ({s})"),
    (r"solar-time correction (?P<c>[+-]\d+) s: civil clock (?P<t>\d\d:\d\d) \((?P<same>same|other) 時辰 (?P<b>\S)\) → "
     r"(?P<clock>mean solar|apparent solar) (?P<u>\d\d:\d\d) \((?P<ub>\S)\)",
     "太陽時修正 {c} 秒：民用時 {t}（{same}時辰 {b}）→ {clock} {u}（{ub}）",
     "태양시 보정 {c}초: 민용시 {t} ({same} 시진 {b}) → {clock} {u} ({ub})"),
    (r"same 局 by different terms: 置閏 (?P<zt>\S+) (?P<zy>\S)元 \((?P<zs>[^)]+)\), 拆補 (?P<ct>\S+) (?P<cy>\S)元 → (?P<dj>\S+)",
     "同局而所用節氣不同：置閏 {zt} {zy}元（{zs}），拆補 {ct} {cy}元 → {dj}",
     "국은 같으나 쓰는 절기가 다름: 치윤 {zt} {zy}원 ({zs}), 철보 {ct} {cy}원 → {dj}"),
    (r"超神 (?P<n>\d+) days: the 符頭 (?P<head>\S+) \((?P<d>[\d-]+)\) already started (?P<zt>\S+), now (?P<zy>\S)元, "
     r"while the term is still (?P<ct>\S+?)(?P<early>(?:（[^）]*）| \([^)]*\))?) — 置閏 (?P<zj>\S+), 拆補 (?P<cj>\S+)",
     "超神 {n} 日：符頭 {head}（{d}）已起 {zt}，今 {zy}元，而節氣猶是 {ct}{early} — 置閏 {zj}，拆補 {cj}",
     "초신 {n}일: 부두 {head} ({d}) 가 이미 {zt}를 시작해 지금 {zy}원, 절기는 아직 {ct}{early} — 치윤 {zj}, 철보 {cj}"),
    (r"閏: 置閏 repeats (?P<zt>\S+) \((?P<zy>\S)元\) because its block (?P<head>\S+) (?P<d>[\d-]+) was 超神 (?P<n>\d+) days; "
     r"拆補 already follows (?P<ct>\S+?)(?P<early>(?:（[^）]*）| \([^)]*\))?) — 置閏 (?P<zj>\S+), 拆補 (?P<cj>\S+)",
     "閏：置閏重用 {zt}（{zy}元），因前三元 {head}（{d}）超神 {n} 日；拆補已從 {ct}{early} — 置閏 {zj}，拆補 {cj}",
     "윤: 치윤은 {zt} ({zy}원) 를 되풀이함, 앞 삼원 {head} ({d}) 가 초신 {n}일이었으므로; 철보는 이미 {ct}{early} — 치윤 {zj}, 철보 {cj}"),
    (r"接氣 (?P<n>\d+) days: (?P<ct>\S+) came on (?P<td>.+?) but its 上元 符頭 (?P<head>\S+) only comes on (?P<d>[\d-]+); "
     r"置閏 keeps (?P<zt>\S+) (?P<zy>\S)元 until then, 拆補 changes at the term(?P<early>(?:（[^）]*）| \([^)]*\))?) — 置閏 (?P<zj>\S+), 拆補 (?P<cj>\S+)",
     "接氣 {n} 日：{ct} 已於 {td} 交，而其上元符頭 {head} 至 {d} 方到；置閏至此仍用 {zt} {zy}元，拆補交節即換{early} — 置閏 {zj}，拆補 {cj}",
     "접기 {n}일: {ct} 는 {td} 에 들었으나 그 상원 부두 {head} 는 {d} 에야 옴; 치윤은 그때까지 {zt} {zy}원, 철보는 절기에 바꿈{early} — 치윤 {zj}, 철보 {cj}"),
    (r"置閏 uses (?P<zt>\S+) (?P<zy>\S)元 \((?P<zs>[^)]+)\), 拆補 the term in force (?P<ct>\S+?)(?P<early>(?:（[^）]*）| \([^)]*\))?) — 置閏 (?P<zj>\S+), 拆補 (?P<cj>\S+)",
     "置閏用 {zt} {zy}元（{zs}），拆補用現行節氣 {ct}{early} — 置閏 {zj}，拆補 {cj}",
     "치윤은 {zt} {zy}원 ({zs}), 철보는 현행 절기 {ct}{early} — 치윤 {zj}, 철보 {cj}"),
)
_NOTES = tuple((re.compile(rx + "$"), zh, ko) for rx, zh, ko in NOTES)


#: The clause the comparison adds when 拆補 counts a term from the start of its 時辰.
_EARLY = re.compile(r" \(拆補 counts the whole 時辰 in which (\S+) begins\)")
_EARLY_ZH = "（拆補以 {term} 所入之時辰全屬 {term}）"
_EARLY_KO = " (철보는 {term}이 드는 시진 전체를 {term}로 셈)"


def word_note(text: str, lang: str) -> str:
    """A chaibu note worded in `lang`; text no pattern knows (and every en text) is left as it is."""
    if lang not in ("zh", "ko") or not text:
        return text
    text = _EARLY.sub(lambda m: (_EARLY_ZH if lang == "zh" else _EARLY_KO).format(term=m.group(1)), text)
    for rx, zh, ko in _NOTES:
        m = rx.match(text)
        if m:
            values = {k: word_note(v or "", lang) if k == "rest" else (v or "") for k, v in m.groupdict().items()}
            if "same" in values:
                values["same"] = {"zh": {"same": "同", "other": "異"}, "ko": {"same": "같은", "other": "다른"}}[lang][values["same"]]
            if "clock" in values:
                values["clock"] = clock_name(values["clock"], lang)
            return (zh if lang == "zh" else ko).format(**values)
    return text
