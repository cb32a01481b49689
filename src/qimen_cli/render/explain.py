"""The `--explain` steps of `qimen cast` and `qimen chaibu` and chaibu's notes, worded in zh, ko or en,
and their JSON.

The engine records each derivation step (qimen/ju.py, qimen/plates.py) and each of chaibu's
notes (a boundary's detail, qimen/boundaries.py; the methods' reason, qimen/compare.py) as a
keyed record (`qimen.steps.Step`: a key and raw values).  Here one table per kind (`STEPS`,
`NOTES`) words each key in en, zh and ko; the values are made ready first (clock times to the
minute on the clock they carry, dates, joined tuples, directions in words, an inner step worded
in turn; numbers stay numbers, formatted by the template) and a value that may be absent
(None) adds its clause (`CLAUSES`) only when present.  `step_text` writes a record as the
JSON {"key", "values", "text"} with the English text (the values by `ENCODE`, the module's
TextEncoder), `with_explain` adds the steps to a `--json` object.  No sentence is ever read back.
"""

from __future__ import annotations

import datetime as _dt

from ..gucu.days import TIAN_YI_NOTE
from ..qimen.steps import Step
from .jsonout import RawJSON, TextEncoder, _esc
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

#: chaibu's notes: each boundary's `detail` (qimen/boundaries.py) and the methods' `reason`
#: (qimen/compare.py), by key as `STEPS` (the keys of the two tables are distinct).
_VERDICT = (" — 置閏 {zhirun_dun}遁{zhirun_ju}局, 拆補 {chaibu_dun}遁{chaibu_ju}局",
            " — 置閏 {zhirun_dun}遁{zhirun_ju}局，拆補 {chaibu_dun}遁{chaibu_ju}局",
            " — 치윤 {zhirun_dun}遁{zhirun_ju}局, 철보 {chaibu_dun}遁{chaibu_ju}局")
NOTES: dict[str, tuple[str, str, str]] = {
    "term_since": ("{term} (in force since){counted_from}", "{term}（現行）{counted_from}", "{term} (현행){counted_from}"),
    "term_next": ("{term} (next){counted_from}", "{term}（下一）{counted_from}", "{term} (다음){counted_from}"),
    "fu_tou_line": ("符頭 {head}: {yuan}元 begins{block_start}", "符頭 {head}：{yuan}元始{block_start}",
                    "부두 {head}: {yuan}원 시작{block_start}"),
    "shichen_start": ("start of this 時辰", "本時辰之始", "이 시진의 시작"),
    "shichen_end": ("end of this 時辰", "本時辰之終", "이 시진의 끝"),
    "day_23": ("子初: day pillar changes with --day-change 23; the 元 always does",
               "子初：--day-change 23 時日柱於此換；元總於此換", "자초: --day-change 23 이면 일주가 바뀜; 원은 늘 바뀜"),
    "day_00": ("midnight: day pillar changes with --day-change 0", "子正：--day-change 0 時日柱於此換",
               "자정: --day-change 0 이면 일주가 바뀜"),
    "solar_time": (
        "solar-time correction {correction:+.0f} s: civil clock {civil} ({same} 時辰 {civil_branch}) → {clock} {local} "
        "({branch})",
        "太陽時修正 {correction:+.0f} 秒：民用時 {civil}（{same}時辰 {civil_branch}）→ {clock} {local}（{branch}）",
        "태양시 보정 {correction:+.0f}초: 민용시 {civil} ({same} 시진 {civil_branch}) → {clock} {local} ({branch})"),
    "delta_t": ("{term}: ΔT uncertainty ±{sigma:.1f} s (1σ) in {year:.0f}", "{term}：ΔT 誤差 ±{sigma:.1f} 秒（1σ，{year:.0f} 年）",
                "{term}: ΔT 오차 ±{sigma:.1f}초 (1σ, {year:.0f}년)"),
    "agree": ("both use {term} {yuan}元 → {dun}遁{ju}局 ({status} {days:+d})",
              "兩法皆用 {term} {yuan}元 → {dun}遁{ju}局（{status} {days:+d}）",
              "두 법 모두 {term} {yuan}원 → {dun}遁{ju}局 ({status} {days:+d})"),
    "agree_other_terms": (
        "same 局 by different terms: 置閏 {zhirun_term} {zhirun_yuan}元 ({status} {days:+d}), "
        "拆補 {chaibu_term} {chaibu_yuan}元 → {dun}遁{ju}局",
        "同局而所用節氣不同：置閏 {zhirun_term} {zhirun_yuan}元（{status} {days:+d}），拆補 {chaibu_term} {chaibu_yuan}元 → "
        "{dun}遁{ju}局",
        "국은 같으나 쓰는 절기가 다름: 치윤 {zhirun_term} {zhirun_yuan}원 ({status} {days:+d}), "
        "철보 {chaibu_term} {chaibu_yuan}원 → {dun}遁{ju}局"),
    "differ_chao_shen": tuple(text + verdict for text, verdict in zip((
        "超神 {days} days: the 符頭 {head} ({start}) already started {zhirun_term}, now {zhirun_yuan}元, "
        "while the term is still {chaibu_term}{early}",
        "超神 {days} 日：符頭 {head}（{start}）已起 {zhirun_term}，今 {zhirun_yuan}元，而節氣猶是 {chaibu_term}{early}",
        "초신 {days}일: 부두 {head} ({start}) 가 이미 {zhirun_term}를 시작해 지금 {zhirun_yuan}원, "
        "절기는 아직 {chaibu_term}{early}"), _VERDICT, strict=True)),
    "differ_leap": tuple(text + verdict for text, verdict in zip((
        "閏: 置閏 repeats {zhirun_term} ({zhirun_yuan}元) because its block {head} {start} was 超神 {days} days; "
        "拆補 already follows {chaibu_term}{early}",
        "閏：置閏重用 {zhirun_term}（{zhirun_yuan}元），因前三元 {head}（{start}）超神 {days} 日；拆補已從 {chaibu_term}{early}",
        "윤: 치윤은 {zhirun_term} ({zhirun_yuan}원) 를 되풀이함, 앞 삼원 {head} ({start}) 가 초신 {days}일이었으므로; "
        "철보는 이미 {chaibu_term}{early}"), _VERDICT, strict=True)),
    "differ_jie_qi": tuple(text + verdict for text, verdict in zip((
        "接氣 {days} days: {chaibu_term} came on {term_date} {term_day} but its 上元 符頭 {head} only comes on {start}; "
        "置閏 keeps {zhirun_term} {zhirun_yuan}元 until then, 拆補 changes at the term{early}",
        "接氣 {days} 日：{chaibu_term} 已於 {term_date} {term_day} 交，而其上元符頭 {head} 至 {start} 方到；"
        "置閏至此仍用 {zhirun_term} {zhirun_yuan}元，拆補交節即換{early}",
        "접기 {days}일: {chaibu_term} 는 {term_date} {term_day} 에 들었으나 그 상원 부두 {head} 는 {start} 에야 옴; "
        "치윤은 그때까지 {zhirun_term} {zhirun_yuan}원, 철보는 절기에 바꿈{early}"), _VERDICT, strict=True)),
    "differ_term": tuple(text + verdict for text, verdict in zip((
        "置閏 uses {zhirun_term} {zhirun_yuan}元 ({status} {days:+d}), 拆補 the term in force {chaibu_term}{early}",
        "置閏用 {zhirun_term} {zhirun_yuan}元（{status} {days:+d}），拆補用現行節氣 {chaibu_term}{early}",
        "치윤은 {zhirun_term} {zhirun_yuan}원 ({status} {days:+d}), 철보는 현행 절기 {chaibu_term}{early}"),
        _VERDICT, strict=True)),
}

#: Directions and comparisons in words: (key, value name) → (the words for True, for False), each (en, zh, ko).
WORDS: dict[tuple[str, str], tuple[tuple[str, str, str], tuple[str, str, str]]] = {
    ("earth", "forwards"): (("forwards 1→9", "順行 1→9", "순행 1→9"), ("backwards 9→1", "逆行 9→1", "역행 9→1")),
    ("shi_walk", "forwards"): (("forwards", "順", "순행"), ("backwards", "逆", "역행")),
    ("gods", "clockwise"): (("clockwise", "順時針", "시계 방향"), ("anticlockwise", "逆時針", "반시계 방향")),
    ("solar_time", "same"): (("same", "同", "같은"), ("other", "異", "다른")),
}

#: Values that may be absent (None): the clause each adds when present, (en, zh, ko), formatted
#: with all the record's values.
CLAUSES: dict[str, tuple[str, str, str]] = {
    "lodge": (" → 寄{lodge}({palace})",) * 3,
    "back": (" (= {back} back)", "（即逆 {back} 宮）", " (= 역으로 {back}궁)"),
    "counted_from": ("; 拆補 counts it from {counted_from}, the start of its 時辰", "；拆補自 {counted_from}（其時辰之始）起算",
                     "; 철보는 그 시진의 시작 {counted_from}부터 셈"),
    "block_start": ("; 置閏 block {block_start} takes {block_term} ({block_status} {block_days:+d})",
                    "；置閏三元 {block_start} 用 {block_term}（{block_status} {block_days:+d}）",
                    "; 치윤 삼원 {block_start} 은 {block_term}을 씀 ({block_status} {block_days:+d})"),
    "early": (" (拆補 counts the whole 時辰 in which {early} begins)", "（拆補以 {early} 所入之時辰全屬 {early}）",
              " (철보는 {early}이 드는 시진 전체를 {early}로 셈)"),
}

#: How the tuples join: value name → separator, and the pairs (stem, palace) of `laid`.
JOINS: dict[str, str] = {"path": "→", "table": "", "ring": " ", "laid": " "}

#: Clock times: to the minute with the date, or by the clock alone (the end of a 時辰 window,
#: the hour a term counts from, the two clocks of a solar-time correction).
TIME_FORMAT = "%Y-%m-%d %H:%M"
TIME_FORMATS: dict[str, str] = {"hour_end": "%H:%M", "counted_from": "%H:%M", "civil": "%H:%M", "local": "%H:%M"}

#: Values named by the labels: value name → (value, lang) → words.
NAMED = {"clock": clock_name}

#: Fixed notes of the engine given as text (gucu's 天乙絕氣 reading): English → (zh, ko).
FIXED_NOTES: dict[str, tuple[str, str]] = {
    TIAN_YI_NOTE: (
        "復原：原文但以月相配（正月、六月、二月、七月 …），不言日；讀作正月六日、二月七日 …（日 = 月 + 5）；不入忌日之數",
        "복원: 원문은 달끼리 짝지을 뿐 (正月、六月、二月、七月 …) 날을 말하지 않음; 정월 6일, 2월 7일 … (일 = 월 + 5) 로 읽음; "
        "꺼리는 날에 넣지 않음"),
}

#: Every wording by key: the steps and the notes.
_TEMPLATES = {**STEPS, **NOTES}


def _value(key: str, name: str, value, lang: str):
    """One value of record `key` ready for its template in `lang`: numbers as they are (the templates
    give their format), the rest as text (None → "": its clause, if any, comes later)."""
    if value is None:
        return ""
    if isinstance(value, Step):
        return word_step(value, lang)
    if isinstance(value, bool):
        return WORDS[(key, name)][0 if value else 1][LANGS.index(lang)]
    if name in NAMED:
        return NAMED[name](value, lang)
    if isinstance(value, _dt.datetime):
        return value.strftime(TIME_FORMATS.get(name, TIME_FORMAT))
    if isinstance(value, _dt.date):
        return value.isoformat()
    if isinstance(value, tuple):
        return JOINS[name].join("".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
    return value


def word_step(step: Step, lang: str) -> str:
    """One keyed record (a derivation step or a chaibu note) worded in `lang` (zh, ko; anything else: en)."""
    i = LANGS.index(lang) if lang in LANGS else 0
    lang = LANGS[i]
    values = {name: _value(step.key, name, value, lang) for name, value in step.values}
    raw = step.as_dict()
    for name, clause in CLAUSES.items():
        if raw.get(name) is not None:
            values[name] = clause[i].format(**values)
    return _TEMPLATES[step.key][i].format(**values)


def word_note(note: Step | str | None, lang: str) -> str | None:
    """A note worded in `lang`: a keyed record as `word_step`, a fixed text of the engine from
    `FIXED_NOTES` (any other text, and None, as it is)."""
    if isinstance(note, Step):
        return word_step(note, lang)
    if lang in ("zh", "ko") and note in FIXED_NOTES:
        return FIXED_NOTES[note][0 if lang == "zh" else 1]
    return note


#: The encoder of a record's values (an inner record: `step_text`).
ENCODE = TextEncoder()


def step_text(step: Step) -> str:
    """A step or note in `--json`: {"key", "values" (name → raw value), "text" (the English sentence)}."""
    values = ",".join([_esc(name) + ":" + ENCODE(value) for name, value in step.as_dict().items()])
    return f'{{"key":{_esc(step.key)},"values":{{{values}}},"text":{_esc(word_step(step, "en"))}}}'


ENCODE.register(Step, step_text)


def with_explain(text: str, steps) -> RawJSON:
    """A `--json` object (text) with "explain" as its last key: the steps in order (`step_text`)."""
    return RawJSON(text[:-1] + ',"explain":[' + ",".join([step_text(s) for s in steps]) + "]}")
