"""The `--explain` steps of `qimen cast` worded in zh, ko or en.

The engine (qimen/ju.py, qimen/plates.py) records each step as one English line
whose values are characters and numbers; JSON keeps those lines unchanged.  Here
each line is read back as a step key with its values (one pattern per kind of
step) and worded again in the chosen language.  A line no pattern knows is printed
as it is, so a new engine step is never lost (tests/test_views.py checks that every
step of a spread of charts is known).
"""

from __future__ import annotations

import re

from .labels import clock_name

#: (step key, pattern over the engine's English line, zh wording, ko wording)
STEPS: tuple[tuple[str, str, str, str], ...] = (
    ("sky",
     r"term in the sky: (?P<sky>\S+) since (?P<t>.+)",
     "天上節氣：{sky}，自 {t}",
     "하늘의 절기: {sky} ({t}부터)"),
    ("block",
     r"置閏 block (?P<a>\S+)–(?P<b>\S+) \(上元 head (?P<head>\S+)\) takes (?P<term>\S+); (?P<why>.+)",
     "置閏三元 {a}–{b}（上元符頭 {head}）用 {term}；{why}",
     "치윤 삼원 {a}–{b} (상원 부두 {head}) 은 {term}을 씀; {why}"),
    ("leap",
     r"閏: the previous block \((?P<ph>\S+) (?P<ps>\S+)\) took (?P<term>\S+) with 超神 (?P<d>\d+) days ≥ (?P<n>\d+) "
     r"at 芒種/大雪, so this block repeats (?P<term2>\S+)'s three 元 \((?P<q>.+)\)",
     "閏：前三元（{ph} {ps}）用 {term} 超神 {d} 日 ≥ {n}，在芒種/大雪，本三元重用 {term2} 三元（{q}）",
     "윤: 앞 삼원 ({ph} {ps}) 이 {term}을 초신 {d}일 ≥ {n} 로 씀 (망종/대설), 이번 삼원은 {term2}의 삼원을 반복 ({q})"),
    ("zheng_shou",
     r"正受: (?P<term>\S+) falls on the head day itself \((?P<td>.+)\)",
     "正受：{term} 正在符頭之日（{td}）",
     "정수: {term}이 부두 날에 듦 ({td})"),
    ("chao_shen",
     r"超神 (?P<n>\d+) days: the 符頭 (?P<head>\S+) \((?P<d>\S+)\) arrives before (?P<term>\S+) \((?P<td>.+)\); "
     r"the block already uses (?P<term2>\S+)",
     "超神 {n} 日：符頭 {head}（{d}）先於 {term}（{td}）而至；本三元已用 {term2}",
     "초신 {n}일: 부두 {head} ({d}) 가 {term} ({td}) 보다 먼저 옴; 이 삼원은 이미 {term2}을 씀"),
    ("jie_qi",
     r"接氣 (?P<n>\d+) days: (?P<term>\S+) came on (?P<td>.+), before its 符頭 (?P<head>\S+) \((?P<d>\S+)\); "
     r"the previous term's 下元 ran until the head",
     "接氣 {n} 日：{term} 於 {td} 已交，先於其符頭 {head}（{d}）；前節氣下元用至符頭",
     "접기 {n}일: {term}이 {td}에 들어 부두 {head} ({d}) 보다 앞섬; 앞 절기의 하원이 부두까지 감"),
    ("fu_tou_block",
     r"符頭: day (?P<d>\S+) → (?P<h>\S+), day (?P<n>\d+) of the block → (?P<yuan>\S+)元 \(上 days 1–5, 中 6–10, 下 11–15\)",
     "符頭：日 {d} → {h}，三元第 {n} 日 → {yuan}元（上元 1–5 日，中元 6–10，下元 11–15）",
     "부두: 일 {d} → {h}, 삼원 제 {n}일 → {yuan}元 (상원 1–5일, 중원 6–10, 하원 11–15)"),
    ("fu_tou_branch",
     r"符頭: day (?P<d>\S+) → (?P<h>\S+) \(甲/己 head of its five days\); branch (?P<b>\S+) → (?P<yuan>\S+)元 \((?P<q>.+)\)",
     "符頭：日 {d} → {h}（五日之首 甲/己）；支 {b} → {yuan}元（{q}）",
     "부두: 일 {d} → {h} (닷새의 머리 甲/己); 지지 {b} → {yuan}元 ({q})"),
    ("ju",
     r"局: (?P<term>\S+) (?P<yuan>\S+)元 → (?P<dj>\S+) \(table (?P<t>\S+) (?P<digits>\d+)\)",
     "局：{term} {yuan}元 → {dj}（{t} 局數 {digits}）",
     "국: {term} {yuan}元 → {dj} ({t} 국 표 {digits})"),
    ("term_inside",
     r"term: (?P<term>\S+) begins (?P<t>.+), inside this 時辰 \((?P<w>[^)]+)\); 拆補 counts the whole 時辰 as (?P<term2>\S+) "
     r"\((?P<q>[^)]+)\); the sky is still in (?P<sky>\S+)",
     "節氣：{term} 交於 {t}，在本時辰（{w}）之內；拆補以全時辰為 {term2}（{q}）；天上仍是 {sky}",
     "절기: {term}이 {t}에 듦, 이 시진 ({w}) 안; 철보는 시진 전체를 {term2}로 셈 ({q}); 하늘은 아직 {sky}"),
    ("term_shichen",
     r"term: (?P<term>\S+) in force since (?P<t>.+) \(the whole 時辰 in which it began counts; 交節氣即換局\)",
     "節氣：{term}，自 {t}（交節之時辰全數；交節氣即換局）",
     "절기: {term}, {t}부터 (교절한 시진 전체를 셈; 交節氣即換局)"),
    ("term_instant",
     r"term: (?P<term>\S+) in force since (?P<t>.+) \(from its exact instant; 交節氣即換局\)",
     "節氣：{term}，自 {t}（自交節之刻；交節氣即換局）",
     "절기: {term}, {t}부터 (교절 시각부터; 交節氣即換局)"),
    ("earth",
     r"地盤 (?P<dj>\S+): 戊己庚辛壬癸丁丙乙 from palace (?P<p>\d) (?P<dir>forwards 1→9|backwards 9→1): (?P<laid>.+)",
     "地盤 {dj}：戊己庚辛壬癸丁丙乙 自 {p} 宮{dir}：{laid}",
     "지반 {dj}: 戊己庚辛壬癸丁丙乙 을 {p}궁부터 {dir}: {laid}"),
    ("lodge",
     r"中五寄(?P<name>\S+): the centre stem (?P<s>\S) lodges in palace (?P<p>\d); 天禽 rides (?P<star>\S+) \((?P<q>[^)]+)\)",
     "中五寄{name}：中宮干 {s} 寄 {p} 宮；天禽隨 {star}（{q}）",
     "중오기{name}: 중궁 간 {s} 가 {p}궁에 붙음; 천금은 {star}을 탐 ({q})"),
    ("xun_centre",
     r"旬首 (?P<x>\S+) of hour (?P<h>\S+) hides under 儀 (?P<yi>\S) in palace 5 \(中五\): 直符 天禽 \(riding (?P<star>\S+)\), "
     r"直使 (?P<door>\S+) \(中五 rule: 陽 死門, 陰 生門\)",
     "時 {h} 之旬首 {x} 遁於 {yi} 儀，在中五：直符 天禽（隨 {star}），直使 {door}（中五：陽 死門，陰 生門）",
     "시 {h}의 순수 {x} 는 {yi} 의 아래 중오에 숨음: 직부 천금 ({star}을 탐), 직사 {door} (중오: 양 사문, 음 생문)"),
    ("xun",
     r"旬首 (?P<x>\S+) of hour (?P<h>\S+) hides under 儀 (?P<yi>\S) in palace (?P<p>\d): 直符 (?P<star>\S+), 直使 (?P<door>\S+?)"
     r"(?P<c> \(中五 rule: 陽 死門, 陰 生門\))?$",
     "時 {h} 之旬首 {x} 遁於 {yi} 儀，在 {p} 宮：直符 {star}，直使 {door}{c}",
     "시 {h}의 순수 {x} 는 {yi} 의 아래 {p}궁에 숨음: 직부 {star}, 직사 {door}{c}"),
    ("jia_hour",
     r"甲 hour: 直符 (?P<star>\S+) stays on its own 儀 (?P<yi>\S) \(符使未分, 天輔時\) → palace (?P<p>\d)",
     "甲時：直符 {star} 守本儀 {yi}（符使未分，天輔時）→ {p} 宮",
     "갑시: 직부 {star}은 제 의 {yi} 에 머묾 (符使未分, 天輔時) → {p}궁"),
    ("fu_to_stem",
     r"直符加時干: hour stem (?P<s>\S) in earth palace (?P<seat>\d)(?P<lodge>(?: → 寄\S+)?): (?P<star>\S+) to palace (?P<p>\d), "
     r"the ring turns (?P<n>\d+) step\(s\) clockwise",
     "直符加時干：時干 {s} 在地盤 {seat} 宮{lodge}：{star} 至 {p} 宮，九星順轉 {n} 位",
     "직부가시간: 시간 {s} 는 지반 {seat}궁{lodge}: {star}이 {p}궁으로, 구성이 시계 방향으로 {n}칸 돎"),
    ("shi_walk",
     r"直使 (?P<door>\S+) steps (?P<n>\d+) from palace (?P<p>\d) (?P<dir>forwards|backwards) \((?P<path>[^)]+)\)(?P<lodge>(?: → 寄\S+)?): "
     r"palace (?P<q>\d), the doors turn (?P<k>\d+) step\(s\) clockwise",
     "直使 {door} 自 {p} 宮{dir}行 {n} 步（{path}）{lodge}：至 {q} 宮，八門順轉 {k} 位",
     "직사 {door}이 {p}궁부터 {dir} {n}걸음 ({path}){lodge}: {q}궁, 팔문이 시계 방향으로 {k}칸 돎"),
    ("gods",
     r"八神 from 值符 at palace (?P<p>\d), (?P<dir>clockwise|anticlockwise) round the ring \((?P<ring>[^)]+)\)",
     "八神自值符 {p} 宮起，{dir}周行（{ring}）",
     "팔신은 치부 {p}궁부터 {dir}으로 돎 ({ring})"),
    ("fei_centre",
     r"陶氏飛盤: the earth 五 stays in the centre \(五還中宮\), no 寄宮; nine stars, 天禽 on its own",
     "陶氏飛盤：地盤五居中（五還中宮），不寄宮；九星俱全，天禽自在",
     "도씨비반: 지반 오는 중궁에 머묾 (五還中宮), 기궁 없음; 구성 모두, 천금은 홀로"),
    ("fei_jia",
     r"甲 hour: 甲 counts as 甲子戊, earth palace (?P<p>\d) \(一宮起甲子戊\)",
     "甲時：甲作甲子戊，地盤 {p} 宮（一宮起甲子戊）",
     "갑시: 甲은 甲子戊로 셈, 지반 {p}궁 (一宮起甲子戊)"),
    ("fei_stem",
     r"hour stem (?P<s>\S) in earth palace (?P<p>\d)",
     "時干 {s} 在地盤 {p} 宮",
     "시간 {s} 는 지반 {p}궁"),
    ("fei_fly",
     r"天盤 flies in 洛書 order: 儀 (?P<yi>\S) \(palace (?P<p>\d)\) onto palace (?P<q>\d); every stem, star and door moves "
     r"(?P<n>\d+) palace\(s\) forwards round 1…9(?: \(= (?P<back>\d+) back\))?",
     "天盤依洛書飛：{yi} 儀（{p} 宮）至 {q} 宮；干星門皆順飛 {n} 宮{back}",
     "천반은 낙서 순으로 날음: {yi} ({p}궁) 이 {q}궁으로; 간·성·문 모두 1…9 순으로 {n}궁 감{back}"),
    ("fei_both",
     r"直符 (?P<star>\S+) and 直使 (?P<door>\S+) both to palace (?P<p>\d) \(符使同加\)",
     "直符 {star}、直使 {door} 同至 {p} 宮（符使同加）",
     "직부 {star}와 직사 {door} 모두 {p}궁으로 (符使同加)"),
)

_COMPILED = tuple((key, re.compile(rx + r"$"), zh, ko) for key, rx, zh, ko in STEPS)

#: Words inside values that are themselves English.
_WORDS = {
    "zh": {"forwards 1→9": "順行 1→9", "backwards 9→1": "逆行 9→1", "forwards": "順", "backwards": "逆",
           "clockwise": "順時針", "anticlockwise": "逆時針"},
    "ko": {"forwards 1→9": "순행 1→9", "backwards 9→1": "역행 9→1", "forwards": "순행", "backwards": "역행",
           "clockwise": "시계 방향", "anticlockwise": "반시계 방향"},
}


def step_key(line: str) -> tuple[str, dict[str, str]] | None:
    """The step key and its values of one engine line, or None when no pattern knows it."""
    for key, rx, _zh, _ko in _COMPILED:
        m = rx.match(line)
        if m:
            return key, {k: (v or "") for k, v in m.groupdict().items()}
    return None


def word_step(line: str, lang: str) -> str:
    """One engine step worded in `lang` (en: the engine's own line)."""
    if lang not in ("zh", "ko"):
        return line
    for key, rx, zh, ko in _COMPILED:
        m = rx.match(line)
        if not m:
            continue
        values = {k: (v or "") for k, v in m.groupdict().items()}
        words = _WORDS[lang]
        for k, v in values.items():
            if k == "why":
                values[k] = word_step(v, lang)
            elif v in words:
                values[k] = words[v]
        if key == "xun" and values["c"]:
            values["c"] = "（中五：陽 死門，陰 生門）" if lang == "zh" else " (중오: 양 사문, 음 생문)"
        if key == "fei_fly" and values["back"]:
            values["back"] = f"（即逆 {values['back']} 宮）" if lang == "zh" else f" (= 역으로 {values['back']}궁)"
        return (zh if lang == "zh" else ko).format(**values)
    return line


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
