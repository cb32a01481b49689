"""The ledger's rows that test the computations `noble`, `twelve-gods`, `gucu` and `liuren` show
(beyond the texts' enumerated lists in `rows.py`): each drawn from the text's own words, each
failing under a plausible error in the engine (`scripts/mutate.py`).

The instants are clock readings at +08:00 (`answers_arts.ZONE`) on the true terms; the ones that
straddle a term name it: 雨水 2024-02-19 12:13, 驚蟄 2024-03-05 10:22, 夏至 2024-06-21 04:50, 冬至
2024-12-21 17:20.  Where an answer is what the text's rule gives on a case it does not work out
itself, the claim says so; the 涉害 depths are the count of docs/decisions.md.
"""

from __future__ import annotations

from functools import partial as p

from . import answers_arts as aa
from .claim import Claim

#: Headings of docs/decisions.md these rows point at.
YUE_JIANG = "月將 from the last 中氣's longitude index: 雨水 → 亥 登明, then one branch backwards per 中氣"
RULE_ORDER = "The order in which the 三傳 rules are tried"

#: 雨水 of 2024 at 12:13 +08:00: a reading of the same 午 時辰 before it and after it.
BEFORE_YUSHUI, AFTER_YUSHUI = "2024-02-19T12:00", "2024-02-19T12:30"

#: 000: the 月將 at the 中氣, 貴人 at the true 冬至/夏至, the 天將 on the plate, the directions of an instant.
GODS = (
    Claim("gd-yuejiang-noble", "000", 35, "以亥逆纏，娵訾、雨水，月月氣足，一將一出", "gods",
          "noble, 2024-02-19 12:00 and 12:30 (雨水 12:13): the 月將 and the 地私門 it turns",
          lambda: aa.yue_jiang_at("noble", BEFORE_YUSHUI, AFTER_YUSHUI) + " " + aa.si_men_at(BEFORE_YUSHUI, AFTER_YUSHUI),
          "子 亥 太陰酉六合寅太常未 太陰戌六合卯太常申"),
    Claim("gd-yuejiang-twelve", "000", 63, "求神之法，以月將加正時，視神后所臨之下，為亭亭方；功曹、勝光、天魁臨孟辰為白奸方", "gods",
          "twelve-gods, 2024-02-19 12:00 and 12:30 (雨水 12:13): the 月將, 亭亭, 白奸, 合/格",
          lambda: aa.yue_jiang_at("twelve-gods", BEFORE_YUSHUI, AFTER_YUSHUI) + " "
          + aa.ting_jian_at(BEFORE_YUSHUI, AFTER_YUSHUI),
          "子 亥 亭亭午 功曹申 格 宜守 亭亭未 天魁巳 合 宜戰"),
    Claim("gd-yuejiang-year", "000", 35, "神后子起、登明亥止，以亥逆纏，娵訾、雨水，月月氣足，一將一出", "gods",
          "noble: the 月將 a minute before and a minute after each 中氣 of 2024 (+08:00)",
          p(aa.yue_jiang_year, "noble", 2024),
          "大寒丑子 雨水子亥 春分亥戌 穀雨戌酉 小滿酉申 夏至申未 大暑未午 處暑午巳 秋分巳辰 霜降辰卯 小雪卯寅 冬至寅丑"),
    Claim("gd-noble-dongzhi", "000", 19, "冬至以後，皆用此局", "gods",
          "noble, 2024-12-21 17:10 and 17:30 (冬至 17:20, 己未 day): 貴人, 順/逆, the earth it stands on",
          p(aa.noble_half_at, "2024-12-21T17:10", "2024-12-21T17:30"), "陰貴申逆卯 陽貴子順申"),
    Claim("gd-noble-xiazhi", "000", 23, "夏至以後皆用此局", "gods",
          "noble, 2024-06-21 04:40 and 04:55 (夏至 04:50, 丙辰 day): 貴人, 順/逆, the earth it stands on",
          p(aa.noble_half_at, "2024-06-21T04:40", "2024-06-21T04:55"), "陽貴酉順卯 陰貴亥逆午"),
    Claim("gd-generals-earth", "000", 51, "以月將加正時，用日干尋納甲合神所納之支，即以貴人泊其支，依陰陽順逆，布定十二貴神", "gods",
          "noble, 2024-12-21 17:10 (寅將 on 酉, 己 day, 陰貴 申): the earth branch of each 天將",
          p(aa.generals_earth_at, "2024-12-21T17:10"),
          "貴人卯 螣蛇寅 朱雀丑 六合子 勾陳亥 青龍戌 天空酉 白虎申 太常未 元武午 太陰巳 天后辰"),
    Claim("gd-jianchu-days", "000", 39, "如正月立春後，斗柄建寅，即用寅為月建，本月內凡寅日，即以建加之", "gods",
          "twelve-gods: 直辰 of 2024-02-08 (寅), 02-14 (申), and 03-05 (辰) at 10:00 and 10:30 (驚蟄 10:22)",
          p(aa.jianchu_at, "2024-02-08T12:00", "2024-02-14T12:00", "2024-03-05T10:00", "2024-03-05T10:30"),
          "寅月寅日建 寅月申日破 寅月辰日滿 卯月辰日除"),
    Claim("gd-men-hu-instant", "000", 43, "以月將、月建加正時，視三將四建之下，為天門、地戶", "gods",
          "twelve-gods, 2024-02-19 12:00 (子將, 寅建, 午時): 天三門 (heaven, earth) and 地四戶",
          p(aa.tian_men_at, BEFORE_YUSHUI), "太沖卯酉 小吉未丑 從魁酉卯 除未 危丑 定戌 開辰"),
    Claim("gd-tian-ma-instant", "000", 47, "以月將加月建，視太沖所臨之下，乘其方去", "gods",
          "twelve-gods, 2024-02-19 12:00 and 12:30: the 月將, the 月建 and 天馬",
          p(aa.tian_ma_at, BEFORE_YUSHUI, AFTER_YUSHUI), "子寅巳 亥寅午"),
    Claim("gd-yinxu-he-ge", "000", 71, "寅戌加巳亥，則亭奸互相合；寅戌加寅申，則亭奸互相格，此寅戌二奸之格合也", "gods",
          "寅 or 戌 put on 巳 亥 寅 申: the 白奸, where it stands, 合/格",
          p(aa.bai_jian_placed, "寅巳", "戌亥", "寅申", "戌寅"), "寅加巳功曹巳合 戌加亥天魁亥合 寅加申功曹申格 戌加寅天魁寅格"),
    Claim("gd-sanshi-tian-ma-instant", "000", 55, "正月子起辰，二月子起巳順行，視每月月建下為天馬方", "gods",
          "twelve-gods --school sanshi, 2024-03-10 12:00 (二月, 建卯): 月建天馬",
          p(aa.sanshi_at, "2024-03-10T12:00", "tian_ma"), "卯月天馬申"),
    Claim("gd-sanshi-ting-ting-instant", "000", 71, "正卯二神順行為月亭亭，火局亥，木局寅，水局巳，金局丑為日亭亭", "gods",
          "twelve-gods --school sanshi, 2024-03-10 12:00 (建卯, 癸酉 day): 月亭亭 and 日亭亭",
          p(aa.sanshi_at, "2024-03-10T12:00", "ting_ting"), "卯月亭亭辰 酉日金局丑"),
    Claim("gd-sanshi-bai-jian-instant", "000", 67, "三氏諸書，以寅午戌上見孟神為白奸，白奸與亭亭對為格，合為囚", "gods",
          "twelve-gods --school sanshi, 2024-03-10 12:00 (亥將 on 午): the 三氏 白奸, 亭亭, 格/囚",
          p(aa.sanshi_at, "2024-03-10T12:00", "bai_jian"), "亥加午 亭亭未 無格合"),
    Claim("gd-sanshi-never", "000", 71, "若以寅午戌上見孟神為白奸，不惟非白奸之義，且亦無格合之時矣", "gods",
          "三氏 白奸 against 亭亭 on every plate (each 月將 on each hour): 格 or 囚 ever",
          aa.sanshi_relations, "無格合"),
    Claim("gd-sanshi-di-hu-instant", "000", 55, "月建四孟，則四仲時為地戶；月建四仲，則四季時為地戶", "gods",
          "twelve-gods --school sanshi at 午時 of 2024-02-19 (建寅) and 2024-03-10 (建卯): 地戶時, the hour one?",
          lambda: aa.sanshi_at(BEFORE_YUSHUI, "di_hu") + " " + aa.sanshi_at("2024-03-10T12:00", "di_hu"),
          "寅月子卯午酉 午時是 卯月丑辰未戌 午時非"),
)

#: 004 and 000: 孤虛, 天罡, 運籌, 閉戊, 安營 and the 28 宿 of real dates.
GUCU = (
    Claim("gc-tiangang-instant", "004", 63, "天罡加孟神在內，加仲神在門，加季神在外", "gucu",
          "gucu, 2024-02-19 12:00 and 12:30 (雨水 12:13): the 月將, where 天罡 stands, where 神 is",
          p(aa.tian_gang_at, BEFORE_YUSHUI, AFTER_YUSHUI), "子將戌神在外 亥將亥神在內"),
    Claim("gc-yu-nu-days", "000", 119, "又以十二支玉女，從庚上起子，順佈於八干四維", "gucu",
          "the 玉女 of twelve real days from 2024-03-01 (甲子), by day branch", p(aa.yu_nu_days, "2024-03-01"),
          "子庚 丑辛 寅乾 卯壬 辰癸 巳艮 午甲 未乙 申巽 酉丙 戌丁 亥坤"),
    Claim("gc-yunchou-chou", "000", 123, "鼠行狗竇、牛收兔阡、虎蹲蛇窟、兔入牛欄、龍吟馬續、蛇蟠猴跧", "gucu",
          "運籌 of 2024-03-02 (乙丑), the verses from 牛: 天門, 地戶, the way (by the rule; the text works 子日 only)",
          p(aa.yun_chou_date, "2024-03-02"), "丑日 天門丙 地戶乙 出丙入乙去辛"),
    Claim("gc-yunchou-wu", "000", 123, "馬泉龍浴、羊食雞湌、猴牛□豬屋、雞立羊藩、狗窺鼠出、豬伺虎眠，每日一句，周而復始", "gucu",
          "運籌 of 2024-03-07 (庚午), the verses from 馬, the first tally picked up (by the rule)",
          p(aa.yun_chou_date, "2024-03-07"), "午日 天門壬 地戶辛 出壬入辛去甲"),
    Claim("gc-biwu-date", "000", 131, "於旬中戊上取土，以倍六為率", "gucu",
          "閉戊 on 2024-02-19 (癸丑, 甲辰旬): the 戊 and the heaps joined from it",
          p(aa.camp_date, "2024-02-19", "bi_wu"), "甲辰 戊在申 申戌子寅辰午申"),
    Claim("gc-anying-date", "000", 159, "以旬中六甲加支，一旬一易", "gucu",
          "安營 on 2024-02-19 (癸丑, 甲辰旬): 大將 … 兵器 and the 空亡",
          p(aa.camp_date, "2024-02-19", "an_ying"), "甲辰 辰巳午未申酉戌亥子丑 空寅卯"),
)

#: 004: 六壬 lessons (the text's "N月X日Y時", 月將 the month's 合神) and lessons of real instants.
LIUREN = (
    Claim("lr-dingsi-both", "004", 143, "兩俱克者，皆下以克上為用，上以克下為體也", "liuren",
          "二月丁巳日午時: the 課 that 剋 and the god used", p(aa.liuren_both, "丁巳", 2, "午"),
          "上克下亥丁 下克上酉巳 用從魁"),
    Claim("lr-wuchen-depth", "004", 143, "自有俱此以淺害深者為用，四月戊辰日丑時勝光是也", "liuren",
          "四月戊辰日丑時: the 比 candidates and their 涉害 depths (the count of docs/decisions.md; the text's "
          "勝光 is lr-wuchen-chou's)", p(aa.liuren_depths, "戊辰", 4, "丑"), "俱比 子4 午4"),
    Claim("lr-dingmao-she-hai", "004", 143, "自有俱此以淺害深者為用", "liuren",
          "正月丁卯日丑時 (by the rule): the 比 candidates, their depths, the deeper used",
          lambda: aa.liuren_depths("丁卯", 1, "丑") + " " + aa.liuren_how("丁卯", 1, "丑"), "俱比 丑2 亥6 涉害深 登明"),
    Claim("lr-jiachen-both-yao", "004", 151, "自有日遙相剋神，神剋日兩俱見，以神克時日為用", "liuren",
          "正月甲辰日寅時: the gods that 剋 the day stem and that it 剋, and the one used",
          p(aa.liuren_yao, "甲辰", 1, "寅"), "神剋日申 日剋神丑戌 用傳送"),
    Claim("lr-wuchen-ri-ke", "004", 151, "無神克者，乃用日克神為用", "liuren",
          "正月戊辰日未時 (by the rule): no god 剋 the day, the day 剋 one", p(aa.liuren_yao, "戊辰", 1, "未"),
          "日剋神子 用神后"),
    Claim("lr-gengwu-two-yao", "004", 151, "自有兩遙剋日，亦以比為用", "liuren",
          "正月庚午日子時 (by the rule): two gods 剋 the day, the 比 one used", p(aa.liuren_how, "庚午", 1, "子"),
          "遙剋 神剋日 比 勝光"),
    Claim("lr-mao-yang-wuyin", "004", 155, "剛日當從地下星仰望天上，隨所見神仍以為用 … 假令仰見大吉，即以大吉為用", "liuren",
          "正月戊寅日未時 (剛日, no 剋): 昴星 and the 三傳 (中 辰上, 末 日上)",
          lambda: aa.liuren_how("戊寅", 1, "未") + " " + aa.liuren_chain("戊寅", 1, "未"), "昴星 仰 大吉 丑午酉"),
    Claim("lr-mao-fu-dingchou", "004", 155, "柔日當從天上昴星伏視地下，所見辰以此神本位為用 … 假令伏視地下見午，以天上勝光", "liuren",
          "正月丁丑日申時 (柔日, no 剋): 昴星 and the 三傳 (中 日上, 末 辰上)",
          lambda: aa.liuren_how("丁丑", 1, "申") + " " + aa.liuren_chain("丁丑", 1, "申"), "昴星 伏 勝光 午戌辰"),
    Claim("lr-three-ke-gang", "004", 155, "四課者自有無遙相剋者，當以仰伏視之", "liuren",
          "正月戊辰日戌時: three distinct 課, no 剋, no 遙剋 (the text's 仰伏 read on them: 昴星)",
          lambda: aa.liuren_how("戊辰", 1, "戌") + " " + aa.liuren_chain("戊辰", 1, "戌"), "昴星 仰 河魁 戌巳午",
          RULE_ORDER, "別責 功曹 寅午午"),
    Claim("lr-three-ke-rou", "004", 155, "四課者自有無遙相剋者，當以仰伏視之", "liuren",
          "正月辛未日寅時: three distinct 課, no 剋, no 遙剋 (the text's 仰伏 read on them: 昴星)",
          lambda: aa.liuren_how("辛未", 1, "寅") + " " + aa.liuren_chain("辛未", 1, "寅"), "昴星 伏 神后 子未辰",
          RULE_ORDER, "別責 登明 亥未未"),
    Claim("lr-yuejiang-yushui", "004", 135, "假令正月占，以正月合神登明為月將", "liuren",
          "liuren, 2024-02-19 12:00 and 12:30 (正月初十, 雨水 12:13): the 月將, the rule and the 三傳",
          p(aa.liuren_at_all, BEFORE_YUSHUI, AFTER_YUSHUI), "亥將癸丑 賊剋 午亥辰 亥將癸丑 賊剋 午亥辰",
          YUE_JIANG, "子將癸丑 反吟 未丑戌 亥將癸丑 賊剋 午亥辰"),
    Claim("lr-fanyin-instant", "004", 171, "自有反吟時，剛日以日（一作月）沖為用，柔日以辰沖為用，皆載沖而後刑，為三傳", "liuren",
          "liuren, 2024-02-07 12:00 (十二月廿八 after 立春: 子將 on 午, 辛丑 柔日): 反吟",
          p(aa.liuren_at, "2024-02-07T12:00"), "子將辛丑 反吟 未丑戌"),
    Claim("lr-fanyin-instant-najia", "004", 171, "何謂四沖？假令甲子日甲沖辛，辛上見天罡以為用", "liuren",
          "the same under --fan-yin najia, the reading of the text's examples (the day stem's 納甲 trigram faces "
          "another's: 辛 巽 faces 乾 甲, 甲寄寅, over 寅 申)",
          p(aa.liuren_at, "2024-02-07T12:00", "najia"), "子將辛丑 反吟 申寅巳"),
    Claim("lr-fuyin-instant", "004", 167, "自有伏吟時，剛日用日上神，柔日用辰上神，皆前刑而後克，前破而後沖，以為三傳", "liuren",
          "liuren, 2024-02-22 22:00 (亥將 on 亥, 丙辰 剛日): 伏吟", p(aa.liuren_at, "2024-02-22T22:00"),
          "亥將丙辰 伏吟 巳申寅"),
    Claim("lr-generals-instant", "004", 87, "用起天一以將兵，大捷（一作樓），闢地千里，敵畏服 … 用起青龍以將兵，大勝，得敵之邦國府庫", "liuren",
          "liuren, 2024-08-25 14:00 (辛酉, 陰貴) and 2024-03-26 10:00 (己丑, 陽貴): the 天將 on the 三傳 (000's 納甲 "
          "rule) and the reading of the one on the 用",
          p(aa.liuren_generals_at, "2024-08-25T14:00", "2024-03-26T10:00"),
          "陰貴貴人朱雀勾陳 大捷（一作樓），闢地千里，敵畏服 陽貴青龍太陰六合 大勝，得敵之邦國府庫"),
)

#: The other arts' rows (000 and 004), in no particular order (`rows.CLAIMS` sorts the ledger).
ROWS: tuple[Claim, ...] = GODS + GUCU + LIUREN

#: Each row's `claim` in zh and ko (the Claim's own `claim` is the en wording): id → (zh, ko).
WORDS: dict[str, tuple[str, str]] = {
    "gd-yuejiang-noble": ("noble ， 2024-02-19 12:00 與 12:30 （雨水 12:13 ）：月將及其所轉之地私門",
                          "noble, 2024-02-19 12:00과 12:30(우수 12:13): 월장과 그에 따라 도는 지사문"),
    "gd-yuejiang-twelve": ("twelve-gods ， 2024-02-19 12:00 與 12:30 （雨水 12:13 ）：月將、亭亭、白奸、合格",
                           "twelve-gods, 2024-02-19 12:00과 12:30(우수 12:13): 월장·정정·백간·합격"),
    "gd-yuejiang-year": ("noble ： 2024 年每一中氣前一分與後一分之月將（ +08:00 ）",
                         "noble: 2024년 각 중기 1분 전과 1분 뒤의 월장(+08:00)"),
    "gd-noble-dongzhi": ("noble ， 2024-12-21 17:10 與 17:30 （冬至 17:20 ，己未日）：貴人、順逆、所臨地支",
                         "noble, 2024-12-21 17:10과 17:30(동지 17:20, 기미일): 귀인·순역·임한 지반 지지"),
    "gd-noble-xiazhi": ("noble ， 2024-06-21 04:40 與 04:55 （夏至 04:50 ，丙辰日）：貴人、順逆、所臨地支",
                        "noble, 2024-06-21 04:40과 04:55(하지 04:50, 병진일): 귀인·순역·임한 지반 지지"),
    "gd-generals-earth": ("noble ， 2024-12-21 17:10 （寅將加酉，己日，陰貴申）：十二天將各臨之地支",
                          "noble, 2024-12-21 17:10(인장을 유에 가함, 기일, 음귀 신): 십이천장이 각각 임한 지반 지지"),
    "gd-jianchu-days": ("twelve-gods ： 2024-02-08 （寅）、 02-14 （申）、 03-05 （辰） 10:00 與 10:30 （驚蟄 10:22 ）之直辰",
                        "twelve-gods: 2024-02-08(인)·02-14(신)·03-05(진) 10:00과 10:30(경칩 10:22)의 직진"),
    "gd-men-hu-instant": ("twelve-gods ， 2024-02-19 12:00 （子將、寅建、午時）：天三門（天盤、地盤）與地四戶",
                          "twelve-gods, 2024-02-19 12:00(자장·인건·오시): 천삼문(천반·지반)과 지사호"),
    "gd-tian-ma-instant": ("twelve-gods ， 2024-02-19 12:00 與 12:30 ：月將、月建與天馬",
                           "twelve-gods, 2024-02-19 12:00과 12:30: 월장·월건과 천마"),
    "gd-yinxu-he-ge": ("寅或戌加巳、亥、寅、申：白奸、所臨、合格", "인 또는 술을 사·해·인·신에 가함: 백간·임한 곳·합격"),
    "gd-sanshi-tian-ma-instant": ("twelve-gods --school sanshi ， 2024-03-10 12:00 （二月，建卯）：月建天馬",
                                  "twelve-gods --school sanshi, 2024-03-10 12:00(2월, 건묘): 월건천마"),
    "gd-sanshi-ting-ting-instant": ("twelve-gods --school sanshi ， 2024-03-10 12:00 （建卯，癸酉日）：月亭亭與日亭亭",
                                    "twelve-gods --school sanshi, 2024-03-10 12:00(건묘, 계유일): 월정정과 일정정"),
    "gd-sanshi-bai-jian-instant": ("twelve-gods --school sanshi ， 2024-03-10 12:00 （亥將加午）：三氏白奸、亭亭、格囚",
                                   "twelve-gods --school sanshi, 2024-03-10 12:00(해장을 오에 가함): 삼씨 백간·정정·격수"),
    "gd-sanshi-never": ("三氏白奸與亭亭於每一盤（每一月將加每一時）：有無格囚",
                        "모든 판(각 월장을 각 시에 가함)에서 삼씨 백간과 정정: 격·수가 있는가"),
    "gd-sanshi-di-hu-instant": ("twelve-gods --school sanshi ， 2024-02-19 （建寅）與 2024-03-10 （建卯）午時：地戶時，本時是否",
                                "twelve-gods --school sanshi, 2024-02-19(건인)과 2024-03-10(건묘) 오시: 지호시, 그 시가 해당하는가"),
    "gc-tiangang-instant": ("gucu ， 2024-02-19 12:00 與 12:30 （雨水 12:13 ）：月將、天罡所臨、神之所在",
                            "gucu, 2024-02-19 12:00과 12:30(우수 12:13): 월장·천강이 임한 곳·신의 소재"),
    "gc-yu-nu-days": ("自 2024-03-01 （甲子）十二實日之玉女，依日支", "2024-03-01(갑자)부터 실제 열이틀의 옥녀, 일지별"),
    "gc-yunchou-chou": ("2024-03-02 （乙丑）之運籌，自牛句起：天門、地戶、出入之道（依法推之；原文唯演子日）",
                        "2024-03-02(을축)의 운주, 우구부터: 천문·지호·출입로(법대로 추산; 원문은 자일만 풀이)"),
    "gc-yunchou-wu": ("2024-03-07 （庚午）之運籌，自馬句起，拾第一籌（依法推之）",
                      "2024-03-07(경오)의 운주, 마구부터, 첫째 주를 집어 올림(법대로 추산)"),
    "gc-biwu-date": ("2024-02-19 （癸丑，甲辰旬）之閉戊：戊之所在與自戊接土之序",
                     "2024-02-19(계축, 갑진순)의 폐무: 무의 자리와 무부터 흙을 잇는 순서"),
    "gc-anying-date": ("2024-02-19 （癸丑，甲辰旬）之安營：大將至兵器與空亡",
                       "2024-02-19(계축, 갑진순)의 안영: 대장부터 병기까지와 공망"),
    "lr-dingsi-both": ("二月丁巳日午時：相剋之課與所用之神", "2월 정사일 오시: 상극하는 과와 쓰는 신"),
    "lr-wuchen-depth": ("四月戊辰日丑時：比之候選與其涉害深淺（ docs/decisions.md 之數法；原文之勝光見 lr-wuchen-chou ）",
                        "4월 무진일 축시: 비의 후보와 섭해 깊이(docs/decisions.md의 셈법; 원문의 승광은 lr-wuchen-chou)"),
    "lr-dingmao-she-hai": ("正月丁卯日丑時（依法推之）：比之候選、其深淺、用其深者",
                           "정월 정묘일 축시(법대로 추산): 비의 후보·깊이·깊은 것을 씀"),
    "lr-jiachen-both-yao": ("正月甲辰日寅時：剋日干之神與日干所剋之神，及所用者",
                            "정월 갑진일 인시: 일간을 극하는 신과 일간이 극하는 신, 그리고 쓰는 것"),
    "lr-wuchen-ri-ke": ("正月戊辰日未時（依法推之）：無神剋日，日剋一神", "정월 무진일 미시(법대로 추산): 일을 극하는 신이 없고 일이 한 신을 극함"),
    "lr-gengwu-two-yao": ("正月庚午日子時（依法推之）：兩神剋日，用其比者", "정월 경오일 자시(법대로 추산): 두 신이 일을 극하니 비한 것을 씀"),
    "lr-mao-yang-wuyin": ("正月戊寅日未時（剛日，無剋）：昴星與三傳（中辰上、末日上）",
                          "정월 무인일 미시(강일, 극 없음): 묘성과 삼전(중전 진상, 말전 일상)"),
    "lr-mao-fu-dingchou": ("正月丁丑日申時（柔日，無剋）：昴星與三傳（中日上、末辰上）",
                           "정월 정축일 신시(유일, 극 없음): 묘성과 삼전(중전 일상, 말전 진상)"),
    "lr-three-ke-gang": ("正月戊辰日戌時：三課不同，無剋無遙剋（以原文仰伏讀之：昴星）",
                         "정월 무진일 술시: 서로 다른 과 셋, 극도 요극도 없음(원문의 앙복으로 읽으면 묘성)"),
    "lr-three-ke-rou": ("正月辛未日寅時：三課不同，無剋無遙剋（以原文仰伏讀之：昴星）",
                        "정월 신미일 인시: 서로 다른 과 셋, 극도 요극도 없음(원문의 앙복으로 읽으면 묘성)"),
    "lr-yuejiang-yushui": ("liuren ， 2024-02-19 12:00 與 12:30 （正月初十，雨水 12:13 ）：月將、發用之法、三傳",
                           "liuren, 2024-02-19 12:00과 12:30(정월 초열흘, 우수 12:13): 월장·발용법·삼전"),
    "lr-fanyin-instant": ("liuren ， 2024-02-07 12:00 （立春後十二月廿八：子將加午，辛丑柔日）：反吟",
                          "liuren, 2024-02-07 12:00(입춘 뒤 12월 28일: 자장을 오에 가함, 신축 유일): 반음"),
    "lr-fanyin-instant-najia": ("同上， --fan-yin najia （原文例之讀法：日干納甲之卦對沖；辛巽對乾甲，甲寄寅，寅上申）",
                                "같은 것을 --fan-yin najia로(원문 예의 독법: 일간 납갑괘의 대충; 신 손은 건 갑과 마주하고, 갑은 인에 기궁, 인 위에 신)"),
    "lr-fuyin-instant": ("liuren ， 2024-02-22 22:00 （亥將加亥，丙辰剛日）：伏吟", "liuren, 2024-02-22 22:00(해장을 해에 가함, 병진 강일): 복음"),
    "lr-generals-instant": ("liuren ， 2024-08-25 14:00 （辛酉，陰貴）與 2024-03-26 10:00 （己丑，陽貴）：三傳之天將（ 000 納甲法）與用神將兵之斷",
                            "liuren, 2024-08-25 14:00(신유, 음귀)과 2024-03-26 10:00(기축, 양귀): 삼전의 천장(000의 납갑법)과 용신의 장병 판단"),
}
