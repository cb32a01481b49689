"""The label words of the terminal views in zh, ko and en: one table (values stay in traditional characters).

More precisely: `LABELS` maps a key to its (zh, ko, en) words.  A plain key ("pillars") is a
word every view reads the same way; a view that words the key its own way has it under its
name ("cast:pillars").  `labeller(view)` looks a key up under the view's name first, then
plain; `label` reads plain keys only.  An unknown key comes back as it is.
"""

from __future__ import annotations

#: key or "view:key" → (zh, ko, en)
LABELS: dict[str, tuple[str, str, str]] = {
    # words every view reads the same way
    "year": ("年", "년", "year"),
    "month": ("月", "월", "month"),
    "day": ("日", "일", "day"),
    "hour": ("時", "시", "hour"),
    "pillars": ("四柱", "사주", "pillars"),
    "next_term": ("下一節氣", "다음 절기", "next term"),
    "day_xun": ("日旬", "일순", "day decade (旬)"),
    "hour_xun": ("時旬", "시순", "hour decade (旬)"),
    "kong_wang": ("空亡", "공망", "void (空亡)"),
    "lunar": ("農曆", "음력", "lunar date"),
    "leap": ("閏", "윤", "leap "),
    "instant": ("時刻", "시각", "instant"),
    "longitude": ("黃經", "황경", "longitude"),
    "name": ("名", "이름", "name"),
    "local": ("地方時", "현지 시각", "local time"),
    "solar_term": ("節氣", "절기", "solar term"),
    "rejected_by": ("原書所載而不取", "원서에 실렸으나 취하지 않음", "recorded and rejected by"),
    "absent": ("無", "없음", "absent"),
    "term": ("節氣", "절기", "term"),
    "none": ("無", "없음", "none"),
    "palace": ("宮", "궁", "palace"),
    "noble": ("貴人", "귀인", "noble"),
    "general": ("天將", "천장", "general"),
    "yue_jiang": ("月將", "월장", "month general"),
    "start": ("起", "시작", "start"),
    "end": ("止", "끝", "end"),
    "detail": ("說明", "설명", "detail"),
    "source": ("出處", "출처", "source"),

    # cast (render/grid.py)
    "cast:title": ("時家奇門", "시가기문", "Hour Qimen chart"),
    "cast:pillars": ("四柱", "사주", "Pillars"),
    "cast:term": ("節氣", "절기", "Term"),
    "cast:ju_term": ("用局節氣", "국 절기", "Term of the 局"),
    "cast:ju": ("局", "국", "Ju"),
    "cast:fu_tou": ("符頭", "부두", "Fu tou"),
    "cast:xun": ("旬首", "순수", "Xun head"),
    "cast:zhi_fu": ("直符", "직부", "Zhi fu (Chief)"),
    "cast:zhi_shi": ("直使", "직사", "Zhi shi (Envoy)"),
    "cast:kong_wang": ("空亡", "공망", "Void (空亡)"),
    "cast:yi_ma": ("驛馬", "역마", "Post horse (驛馬)"),
    "cast:patterns": ("格局", "격국", "Patterns"),
    "cast:per_palace": ("各宮", "각 궁", "Per palace"),
    "cast:good": ("吉", "길", "good"),
    "cast:bad": ("凶", "흉", "bad"),
    "cast:neutral": ("", "", ""),
    "cast:method_zhirun": ("置閏(古法)", "치윤(고법)", "zhirun (古法)"),
    "cast:method_chaibu": ("拆補(李氏)", "탁보(이씨)", "chaibu (李氏)"),
    "cast:clock": ("時鐘", "시계", "Clock"),
    "cast:explain": ("推演", "추연", "Derivation"),
    "cast:氣應": ("氣應", "기응 (왕상휴수)", "Qiying (seasonal state)"),
    "cast:十干神名": ("十干神名", "십간신명", "Spirit names of the stems"),
    "cast:legend": ("圖例", "범례", "Legend"),
    "cast:cell": (
        "每宮五行：神 / 星 / 天盤干 / 門 / 地盤干，末行宮名",
        "각 궁 다섯 줄: 신 / 성 / 천반 간 / 문 / 지반 간, 끝 줄 궁 이름",
        "Each palace, five lines: god / star / heaven-plate stem / door / earth-plate stem; last line the palace",
    ),
    "cast:marks": (
        "〔空〕空亡 〔馬〕驛馬 〔符〕直符 〔使〕直使",
        "〔空〕공망 〔馬〕역마 〔符〕직부 〔使〕직사",
        "〔空〕void (空亡) 〔馬〕post horse (驛馬) 〔符〕Chief (直符) 〔使〕Envoy (直使)",
    ),
    "cast:extensions_zhuan": (
        "* 八神、驛馬、空亡：三書不載，從通例",
        "* 팔신(八神)·역마(驛馬)·공망(空亡): 세 원전에 없는 통례",
        "* 八神 eight gods, 驛馬 post horse, 空亡 void: conventions, not in the three texts",
    ),
    "cast:extensions_fei": (
        "* 驛馬、空亡、飛盤八門：三書不載，從通例",
        "* 역마(驛馬)·공망(空亡)·비반 팔문(飛盤八門): 세 원전에 없는 통례",
        "* 驛馬 post horse, 空亡 void, the doors' flight (飛盤八門): conventions, not in the three texts",
    ),
    "cast:colours": (
        "吉門吉星 綠，凶門凶星 紅，三奇 乙丙丁 黃",
        "길문·길성 녹색, 흉문·흉성 적색, 삼기 乙丙丁 황색",
        "吉 doors and stars green, 凶 red, the three wonders 乙丙丁 yellow",
    ),
    "cast:nocolour": (
        "無色：星門後注 吉/凶，三奇注〔奇〕",
        "색 없음: 성·문 뒤에 吉/凶, 삼기에〔奇〕",
        "no colour: 吉/凶 after stars and doors, 〔奇〕 after the wonders",
    ),
    "cast:verdicts": (
        "吉門 開休生，凶門 死驚傷 (杜景 平)；吉星 輔禽心任沖，凶星 蓬芮英柱",
        "길문 開休生, 흉문 死驚傷 (杜景 평); 길성 輔禽心任沖, 흉성 蓬芮英柱",
        "吉 doors 開休生, 凶 doors 死驚傷 (杜景 even); 吉 stars 輔禽心任沖, 凶 stars 蓬芮英柱",
    ),

    # noble and twelve-gods (render/gods.py)
    "gods:noble": ("貴人", "귀인", "noble (貴人)"),
    "gods:generals": ("十二天將", "십이천장", "the twelve generals (天將)"),
    "gods:yue_jiang": ("月將", "월장", "month general (月將)"),
    "gods:month_jian": ("月建", "월건", "month branch (月建)"),
    "gods:dun": ("遁", "둔", "half-year"),
    "gods:heaven": ("天盤", "천반", "heaven"),
    "gods:earth": ("地盤", "지반", "earth (direction)"),
    "gods:bearing": ("方位角", "방위각", "bearing"),
    "gods:compass": ("方", "방위", "compass"),
    "gods:label": ("吉凶", "길흉", "omen (004)"),
    "gods:lead_troops": ("將兵", "장병", "leading troops (004)"),
    "gods:window": ("時限", "시한", "holds"),
    "gods:until": ("至", "까지", "until"),
    "gods:ends_by": ("變於", "바뀜", "changes with"),
    "gods:si_men": ("地私門", "지사문", "private gates (地私門)"),
    "gods:door": ("門", "문", "door"),
    "gods:ji_men": ("吉門", "길문", "auspicious door"),
    "gods:san_qi": ("三奇", "삼기", "three wonders"),
    "gods:plate": ("月將加正時", "월장가정시", "month general on the hour"),
    "gods:jianchu": ("直辰", "직진", "day officer (建除)"),
    "gods:row": ("建除", "건제", "the month's row"),
    "gods:directions": ("急則從神", "급즉종신", "emergency directions"),
    "gods:group": ("類", "류", "group"),
    "gods:god": ("神", "신", "god"),
    "gods:shi_gan_shen": ("十干神名", "십간신명", "names of the ten stems"),
    "gods:sanshi": ("三氏之說（原書不取）", "삼씨의 설 (원서는 취하지 않음)", "三氏 variants (recorded and rejected by the text)"),
    "gods:di_hu_shi": ("地戶時", "지호시", "地戶 hours"),
    "gods:relation": ("格/囚", "격/수", "格/囚"),

    # gucu (render/gucu.py)
    "gucu:title": ("孤虛 · 虎鈐經 出軍", "고허 · 호검경 출군", "孤虛 and the military rules (虎鈐經)"),
    "gucu:ring": ("二十四方 (南上)", "이십사방 (남상)", "24-mountain ring (south up)"),
    "gucu:legend": (
        "背 藍 · 擊/向 綠 · 避 紅 · 其餘 青",
        "배 파랑 · 격/향 초록 · 피 빨강 · 기타 청록",
        "back blue · strike/face green · shun red · other cyan",
    ),
    "gucu:basis": ("月日", "월일", "month/day used"),
    "gucu:lunar_basis": ("農曆", "음력", "lunar"),
    "gucu:jie_basis": ("節月", "절월", "solar months from the 節"),
    "gucu:directions": ("方位", "방위", "directions"),
    "gucu:rule": ("法", "법", "rule"),
    "gucu:back": ("背", "배 (등지다)", "keep behind"),
    "gucu:strike": ("擊/向", "격/향", "strike / face"),
    "gucu:shun": ("避", "피", "shun"),
    "gucu:day_checks": ("出軍日", "출군일", "the day for sending out troops"),
    "gucu:check": ("查", "점검", "check"),
    "gucu:result": ("結果", "결과", "result"),
    "gucu:note": ("注", "주", "note"),
    "gucu:tian_gang": ("天罡加", "천강가", "天罡 (辰 on the heaven plate)"),
    "gucu:mansion": ("二十八宿", "이십팔수", "lunar mansion of the day"),
    "gucu:san_jiu": ("三九", "삼구", "三九 of the general"),
    "gucu:yun_chou": ("運籌", "운주", "運籌 (tallies)"),
    "gucu:bi_wu": ("閉戊", "폐무", "閉戊 (closing the camp)"),
    "gucu:an_ying": ("安營", "안영", "安營 (the camp)"),
    "gucu:camp": ("營周", "영 둘레", "camp wall"),
    "gucu:camp_six": ("俱要合六", "육의 배수", "a multiple of six"),
    "gucu:route": ("出軍 (奇門)", "출군 (기문)", "出軍 route of the 奇門 chart"),
    "gucu:size": ("人數", "인원", "people"),
    "gucu:extrapolated": ("推衍", "추정", "extrapolated"),
    "gucu:chosen": ("所用", "사용", "in use"),
    "gucu:yes": ("是", "예", "yes"),
    "gucu:no": ("否", "아니오", "no"),
    "gucu:stand": ("立", "서다", "stand"),
    "gucu:verse": ("訣", "결", "verse"),
    "gucu:target": ("運至", "운반", "tally to"),
    "gucu:spirit": ("呼神", "호신", "spirit called"),
    "gucu:picked_up": ("拾籌", "습주", "picked up"),
    "gucu:formed": ("成", "성", "formed"),

    # chaibu (render/chaibu.py)
    "chaibu:title": ("局法", "국법", "局 methods"),
    "chaibu:zhirun": ("置閏 (古法)", "치윤 (고법)", "置閏 (古法)"),
    "chaibu:chaibu": ("拆補 (李氏)", "철보 (이씨)", "拆補 (李氏)"),
    "chaibu:method": ("法", "법", "method"),
    "chaibu:term_used": ("用局節氣", "국을 쓰는 절기", "term used"),
    "chaibu:sky": ("天上節氣", "하늘의 절기", "term in the sky"),
    "chaibu:ju": ("遁局", "둔국", "遁/局"),
    "chaibu:yuan": ("元", "원", "元"),
    "chaibu:fu_tou": ("符頭", "부두", "符頭"),
    "chaibu:status": ("超接", "초신·접기", "超神/接氣"),
    "chaibu:agree": ("兩法一致", "두 법 일치", "methods agree"),
    "chaibu:differ": ("兩法不同", "두 법 불일치", "methods differ"),
    "chaibu:block": ("置閏三元", "치윤 삼원", "置閏 block"),
    "chaibu:previous": ("前", "앞", "previous"),
    "chaibu:current": ("本", "이번", "current"),
    "chaibu:next": ("後", "뒤", "next"),
    "chaibu:head": ("上元符頭", "상원 부두", "上元 head"),
    "chaibu:term_time": ("交節時刻", "교절 시각", "term instant"),
    "chaibu:ju3": ("上中下局", "상중하 국", "局 上/中/下"),
    "chaibu:note": ("註", "주", "note"),
    "chaibu:boundaries": ("界線", "경계", "boundaries"),
    "chaibu:kind": ("類", "종류", "kind"),
    "chaibu:when": ("時刻", "시각", "when"),
    "chaibu:away": ("距今", "남은 시간", "from now"),
    "chaibu:alternatives": ("界線彼側", "경계 건너편", "other side of close boundaries"),
    "chaibu:changes": ("變", "변함", "changes"),
    "chaibu:same": ("同", "같음", "same"),
    "chaibu:note_leap": (
        "閏：{term}重複——其前一符頭 {head} {start} 超神 {days} 日（芒種/大雪 ≥ {limit}：即以己酉日疊作芒種閏奇）",
        "閏: {term} 반복 — 앞 부두 {head} {start} 초신 {days}일 (망종/대설 ≥ {limit}: 即以己酉日疊作芒種閏奇)",
        "閏: {term} repeated — its block {head} {start} was 超神 {days} days (≥ {limit} at 芒種/大雪: 即以己酉日疊作芒種閏奇)",
    ),
    "chaibu:note_chao": (
        "{term}超神 {days} ≥ {limit}：下一符頭重複{term}（置閏）",
        "{term} 초신 {days} ≥ {limit}: 다음 부두가 {term} 반복 (置閏)",
        "超神 {days} ≥ {limit} at {term}: the next block repeats {term} (置閏)",
    ),
    "chaibu:ledger": ("置閏表", "치윤표", "置閏 ledger"),
    "chaibu:spans": ("拆補與置閏不同之時", "철보와 치윤이 다른 시간", "spans where 拆補 and 置閏 differ"),
    "chaibu:hours": ("時辰數", "시진 수", "時辰"),
    "chaibu:shichen_unit": ("時辰", "시진", "時辰"),
    "chaibu:leaps": ("置閏", "치윤", "閏 inserted"),
    "chaibu:total": ("合計", "합계", "total"),
    "chaibu:steps": ("推演", "추연", "derivation"),
    "chaibu:terms_true": ("真節氣", "실제 절기", "true terms"),
    "chaibu:terms_mean": ("平氣", "평기", "mean terms (平氣)"),
    "chaibu:anchor": ("起算", "기준", "anchor"),
    "chaibu:switch": ("換局", "국 교체", "拆補 switch"),
    "chaibu:switch_shichen": ("按時辰", "시진 단위", "by 時辰"),
    "chaibu:switch_instant": ("按時刻", "시각 단위", "at the instant"),
    "chaibu:k_term": ("交節", "교절", "term"),
    "chaibu:k_fu_tou": ("符頭線", "부두 경계", "符頭 line"),
    "chaibu:k_shichen": ("時辰線", "시진 경계", "時辰 line"),
    "chaibu:k_day_23": ("子初換日", "자초 환일", "23:00 day line"),
    "chaibu:k_day_00": ("子正換日", "자정 환일", "00:00 day line"),
    "chaibu:k_solar_time": ("太陽時修正", "태양시 보정", "solar-time correction"),
    "chaibu:k_delta_t": ("ΔT 誤差", "ΔT 오차", "ΔT uncertainty"),

    # liuren (render/liuren.py)
    "liuren:title": ("大六壬", "대육임", "Da Liu Ren"),
    "liuren:plate": ("天地盤", "천지반", "heaven over earth plate"),
    "liuren:lessons": ("四課", "사과", "four lessons"),
    "liuren:transmissions": ("三傳", "삼전", "three transmissions"),
    "liuren:zhong_qi": ("中氣", "중기", "mid-term"),
    "liuren:by_sun": ("日出日沒", "일출일몰", "sun"),
    "liuren:by_hours": ("卯至申為晝", "묘~신이 낮", "hours"),
    "liuren:rule": ("發用", "발용", "rule"),
    "liuren:labels": ("課體", "과체", "labels"),
    "liuren:lead": ("將兵", "장병", "leading troops"),
    "liuren:daylight": ("晝夜", "주야", "day/night"),
    "liuren:void": ("空", "공", "void"),
    "liuren:no_generals": (
        "天將: --half 或 --noble-rule day-night",
        "천장: --half 또는 --noble-rule day-night",
        "generals: give --half or --noble-rule day-night",
    ),
    "liuren:first": ("初傳", "초전", "initial"),
    "liuren:middle": ("中傳", "중전", "middle"),
    "liuren:last": ("末傳", "말전", "final"),
    "liuren:日之陽": ("日之陽", "일지양", "day yang"),
    "liuren:日之陰": ("日之陰", "일지음", "day yin"),
    "liuren:辰之陽": ("辰之陽", "진지양", "branch yang"),
    "liuren:辰之陰": ("辰之陰", "진지음", "branch yin"),

    # ranges on a terminal, one row per instant (render/table.py)
    "range:time": ("時刻", "시각", "time"),
    "range:ju": ("遁局元", "둔국원", "遁 局 元"),
    "range:zhi_fu": ("直符", "직부", "Chief (直符)"),
    "range:zhi_shi": ("直使", "직사", "Envoy (直使)"),
    "range:patterns": ("格局", "격국", "patterns"),
    "range:xun": ("日旬 / 時旬 空亡", "일순 / 시순 공망", "day / hour 旬 void"),
    "range:lunar": ("農曆", "음력", "lunar"),
    "range:si_men": ("地私門", "지사문", "private doors"),
    "range:month_jian": ("月建", "월건", "month branch"),
    "range:jianchu": ("建除", "건제", "day officer"),
    "range:tian_men": ("天三門", "천삼문", "three heaven gates"),
    "range:gu_xu": ("時孤虛 / 日孤虛", "시 고허 / 일 고허", "hour / day 孤虛"),
    "range:tian_gang": ("天罡", "천강", "天罡"),
    "range:chu_jun": ("出軍", "출군", "march"),
    "range:mansion": ("宿", "수", "mansion"),
    "range:lessons": ("課體", "과체", "lesson"),
    "range:chuan": ("三傳", "삼전", "three transmissions"),
    "range:lead": ("將兵", "장병", "lead general"),
    "range:key": ("格名", "격 이름", "patterns"),
    "range:count": ("共 {n} 時刻", "모두 {n}개 시각", "{n} instants"),

    # find (render/find.py)
    "find:length": ("時長", "길이", "length"),
    "find:ganzhi": ("干支", "干支", "干支"),
    "find:count": ("{w} 段, {h} 時辰", "{w}개 구간, {h} 時辰", "{w} window{s}, {h} 時辰"),
    "find:places": ("方位", "방위", "direction"),
    "find:why": ("何以合", "부합한 까닭", "why it matched"),
    "find:condition": ("條件", "조건", "condition"),
    "find:rule": ("規則", "규칙", "rule"),
    "find:verdict": ("吉凶", "길흉", "verdict"),
    "find:text": ("原文", "원문", "text"),
    "find:values": ("所得", "값", "values"),
    "find:standard": ("通行之說", "통설", "standard (not in the texts)"),
    "find:shichen": ("時辰", "시진", "時辰"),
    "find:share": ("比例", "비율", "share"),
    "find:gap": ("最長間隔", "최장 간격", "longest gap"),
    "find:all": ("全部", "모두", "all together"),
    "find:吉": ("吉", "길", "good"),
    "find:凶": ("凶", "흉", "bad"),
    "find:吉凶": ("吉凶視盤而定", "길흉은 반에 따라", "good or bad by the chart"),
    "find:plate_index": ("盤索引", "반 색인", "plate index"),
    "find:list_named": ("具名條件（ART:名；前置 ! 為否）：", "이름 있는 조건 (ART:이름; 앞의 !는 부정):",
                        "Named conditions (ART:NAME; a leading ! negates):"),
    "find:list_no_named": ("無；以 `qimen {art} --json` 之鍵用 {art}:PATH=VALUE", "없음; `qimen {art} --json`의 키로 {art}:PATH=VALUE",
                           "none; use {art}:PATH=VALUE on the keys of `qimen {art} --json`"),
    "find:list_paths": (
        "路徑（ART:PATH=VALUE）：`qimen ART --json` 之鍵以點相連；經物件之列則收其每項之值，於列上 = 為含。例：",
        "경로 (ART:PATH=VALUE): `qimen ART --json`의 키를 점으로 잇는다; 객체 목록을 지나면 각 항목의 값을 모으고,\n목록에서 = 는 포함을 뜻한다. 예:",
        "Paths (ART:PATH=VALUE): a dotted key path of `qimen ART --json`; through a list of objects the\n"
        "values of every element are collected, and on a list = means contains. Examples:"),
    "find:list_places": ("方位（ART:WORD(KEY=VALUE, …)：每項皆於同一處成立；列鍵則任一項）：",
                         "자리 (ART:WORD(KEY=VALUE, …): 모든 조건이 한 자리에서 성립; 목록 키는 어느 항목이든):",
                         "Places (ART:WORD(KEY=VALUE, …): every test holds in one and the same place; on a list key, any item):"),
    "find:list_keys": ("鍵", "키", "keys"),
    "find:list_forms": (
        "他式：PATH in V1 V2（其一）、PATH!=VALUE、* 為路徑之每項或每值、A | B（或）、A & B（且）、!（非）、( )（組）；\n三奇、三吉門 名其集。例：",
        "그 밖의 형식: PATH in V1 V2 (그중 하나), PATH!=VALUE, * 는 경로의 모든 항목이나 값, A | B (또는),\nA & B (둘 다), ! (아님), ( ) (묶음); 三奇와 三吉門은 그 집합을 가리킨다. 예:",
        "More forms: PATH in V1 V2 (one of), PATH!=VALUE, * for every item or value of a path, A | B\n"
        "(either), A & B (both), ! (not), ( ) (group); 三奇 and 三吉門 name their sets. Examples:"),
    "find:title": ("擇時", "택시", "qimen find"),
    "find:title_stats": ("擇時統計", "택시 통계", "qimen find --stats"),
    "find:exclusive": ("（不含止）", "(끝 제외)", " (exclusive)"),
    "find:none": ("{span} 無時辰合 {conds}", "{span}에 {conds}에 맞는 時辰 없음", "no 時辰 in {span} meets {conds}"),
    "find:and": ("且", "그리고", "and"),
    "find:total": ("範圍內共 {n} 時辰", "범위 안 時辰 {n}개", "{n} 時辰 in the range"),

    # patterns (cli/patterns.py): column headers and what a rule reads
    # verify (render/verify.py)
    "verify:title": ("原文驗證", "원문 검증", "The texts' claims checked"),
    "verify:mark": ("判", "판정", "✔/✘"),
    "verify:source": ("出處", "출처", "text:line"),
    "verify:quote": ("原文", "원문", "the text's words"),
    "verify:claim": ("所驗", "검증 내용", "claim"),
    "verify:expected": ("原文之答", "원문의 답", "text's answer"),
    "verify:answer": ("程式之答", "프로그램의 답", "program's answer"),
    "verify:decision": ("決定", "결정", "decision"),
    "verify:agrees": ("合", "일치", "agrees"),
    "verify:documented": ("異而有據", "차이 (문서화)", "differs as documented"),
    "verify:differs": ("不合", "불일치", "differs"),

    "patterns:name": ("格", "격", "pattern"),
    "patterns:verdict": ("吉凶", "길흉", "verdict"),
    "patterns:吉": ("吉", "吉", "吉 good"),
    "patterns:凶": ("凶", "凶", "凶 bad"),
    "patterns:吉凶": ("吉凶", "吉凶", "吉凶 by the chart"),
    "patterns:scope": ("依", "근거", "reads"),
    "patterns:checks": ("所察", "내용", "checks"),
    "patterns:plate": ("盤", "반", "plate"),
    "patterns:yuan": ("元", "원", "yuan"),

    # the 貴人 rule of liuren (--noble-rule) and the texts it names (liuren/nobles.py), as the view words them
    "noble_text:najia": ("納甲", "납갑", "najia"),
    "noble_text:day-night": ("晝夜", "주야", "day-night"),
    "noble_text:day-night-almanac": ("晝夜（通書）", "주야(통서)", "day-night-almanac"),
    "noble_text:almanac verse (壬癸兔蛇藏: 晝卯 夜巳)": (
        "通書歌訣 (壬癸兔蛇藏: 晝卯 夜巳)", "통서 가결 (壬癸兔蛇藏: 晝卯 夜巳)", "almanac verse (壬癸兔蛇藏: 晝卯 夜巳)"),
    "noble_text:standard, not from the texts": ("通行之說，非原書", "통설, 원서에 없음", "standard, not from the texts"),

    # the reckoning of a lunar date (LunarDate.zone: --lunar-zone)
    "lunar_zone:china": ("中國", "중국", "china"),
    "lunar_zone:korea": ("韓國", "한국", "korea"),

    # the clock on which the 干支 are read (Moment.clock)
    "clock:civil": ("民用時", "민용시", "civil"),
    "clock:mean solar": ("平太陽時", "평태양시", "mean solar"),
    "clock:apparent solar": ("真太陽時", "진태양시", "apparent solar"),
}
#: Column of each language in a label row.
LANG_INDEX = {"zh": 0, "ko": 1, "en": 2}


def label(key: str, lang: str = "zh") -> str:
    """The plain label `key` in `lang`; unknown keys come back as they are."""
    row = LABELS.get(key)
    return row[LANG_INDEX.get(lang, 0)] if row else key


def labeller(view: str):
    """The label function of `view`: its own "view:key" word, else the plain one, else the key."""
    prefix = view + ":"

    def lookup(key: str, lang: str = "zh") -> str:
        row = LABELS.get(prefix + key) or LABELS.get(key)
        return row[LANG_INDEX.get(lang, 0)] if row else key

    return lookup


#: Moment.clock worded in a language: clock_name("mean solar", "zh") → 平太陽時.
clock_name = labeller("clock")
