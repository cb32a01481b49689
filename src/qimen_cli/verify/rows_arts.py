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
    Claim("gc-mansion-date", "004", 127, "假令三月一日為五元甲子，即翼宿值火星受日，二日乙丑即軫宿值水星受日，三日丙寅即角宿值木星受日", "gucu",
          "the mansion, 曜 and 元 of 2022-01-11 (甲子, on 翼), 01-12 and 01-13",
          p(aa.mansions_dates, "2022-01-11", 3), "翼火星江元 軫水星江元 角木星江元"),
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
    Claim("lr-wuyin-yang", "004", 155, "剛日當從地下星仰望天上，隨所見神仍以為用 … 假令仰見大吉，即以大吉為用", "liuren",
          "正月戊寅日未時 (剛日, no 剋): 昴星 and the 三傳 (中 辰上, 末 日上)",
          lambda: aa.liuren_how("戊寅", 1, "未") + " " + aa.liuren_chain("戊寅", 1, "未"), "昴星 仰 大吉 丑午酉"),
    Claim("lr-dingchou-fu", "004", 155, "柔日當從天上昴星伏視地下，所見辰以此神本位為用 … 假令伏視地下見午，以天上勝光", "liuren",
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
          "liuren, 2024-02-05 12:00 (十二月廿六 after 立春: 子將 on 午, 己亥 柔日): 反吟", p(aa.liuren_at, "2024-02-05T12:00"),
          "子將己亥 反吟 巳亥寅"),
    Claim("lr-fanyin-instant-najia", "004", 171, "何謂辰沖？假令乙丑日丑沖丙，丙上見登明為用", "liuren",
          "the same under --fan-yin najia, the reading of the text's examples (丑沖丙 read 乙沖丙: the day stem's "
          "納甲 trigram faces another's; 己 離 faces 坎 戊, 戊寄巳, over 巳 亥)",
          p(aa.liuren_at, "2024-02-05T12:00", "najia"), "子將己亥 反吟 亥巳申"),
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
WORDS: dict[str, tuple[str, str]] = {}
