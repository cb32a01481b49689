"""The ledger's rows that test the 奇門 computations a chart shows (beyond the texts' enumerated
lists in `rows.py`): each drawn from the text's own words, each failing under a plausible
error in the engine (`scripts/mutate.py`).

Every answer is computed through the engine (`answers_qimen.py`): the plates of both layouts and
of `--school huoju`, the patterns the registry finds on them, a school's variants as `cast
--school` adds them, the 局 of real instants on the 平氣 calendar of the texts' dates.  The text's
own terms (its lists, its orders, 丁 for 太陰 and 開休生 for the 吉門) are the row's arguments.
"""

from __future__ import annotations

from functools import partial as p

from . import answers as a
from . import answers_qimen as q
from .claim import Claim

#: The decision the one documented row of this file points at (a heading of docs/decisions.md).
FAN_SHOU = "反首: 丙加甲, the counter-case of 跌穴"

#: The earth stems in 陶氏's order ("一宮起甲子戊 … 九宮起乙奇").
TAO_ORDER = "戊己庚辛壬癸丁丙乙"
#: The 吉門 (三吉門) and 太陰 as the texts name them: "凡開、休、生加乙、丙。丁為吉門合三奇" (003),
#: "丁為太陰玉女" (000).
JI_MEN, TAI_YIN = "開休生", "丁"

#: The plate: homes, the ring, the direction of the walk, the lodge (003 and 000).
PLATE = (
    Claim("qm-star-ring", "003", 59, "蓬任沖輔禽之陽星，凡五陽星加時為開；英芮柱心謂之陰星", "qimen",
          "the stars at rest (陽1局 甲子) of the east half 坎艮震巽 and the west half 離坤兌乾, in ring order",
          p(q.rest_ring, "陽", 1, "甲子", "1834 9276", "stars"), "蓬任沖輔 英芮柱心"),
    Claim("qm-door-ring", "000", 83, "休生傷杜在東部，謂之陽使；景死驚開在西部，謂之陰使。冬至休門起於一，則景門臨於九", "qimen",
          "the doors at rest (陽1局 甲子) of the east half 坎艮震巽 and the west half 離坤兌乾, in ring order",
          p(q.rest_ring, "陽", 1, "甲子", "1834 9276", "doors"), "休生傷杜 景死驚開"),
    Claim("qm-tanhe-yang", "000", 3, "故陽局甲子起三宮，則乙庚合於西南，而丁即窺於南，丙即伺於北", "qimen",
          "陽3局's earth plate as drawn: where 乙 and 庚 meet, where 丁 and 丙 are", p(q.tan_he, "陽", 3),
          "陽3 乙庚合2 丁9 丙1"),
    Claim("qm-tanhe-yin", "000", 3, "故陰局甲子起七宮，則乙庚合於東北，而丁即窺於北，丙即伺於南", "qimen",
          "陰7局's earth plate as drawn: where 乙 and 庚 meet, where 丁 and 丙 are", p(q.tan_he, "陰", 7),
          "陰7 乙庚合8 丁1 丙9"),
    Claim("qm-qin-lodge", "000", 7, "且謂古法，禽芮同宮，五二莫辨，是獨指陽遁說矣。若兼陰陽總說，何以不言禽任同宮，五八亦莫辨乎",
          "qimen", "the star 天禽 shares its palace with, on every 轉盤 plate of each 遁", q.qin_companions,
          "陽禽芮同宮 陰禽任同宮"),
    Claim("qm-menfu-geng-zhi", "003", 143,
          "如禽星直符陽一局庚戌時 … 九局庚申時死門伏；陰九局庚戌時 … 一局庚申時，生門伏", "qimen",
          "the 直符 and the 直使 (and the palace its door stands in) of the 庚 hours of 門伏",
          p(q.menfu_zhi, "庚"), "陽 天禽 死門2 陰 天禽 生門8"),
    Claim("qm-menfu-ding-zhi", "003", 143, "芮星直符陽一局、任星直符陰九局、丁丑時 … 陽局死門伏，陰局生門伏", "qimen",
          "the 直符 and the 直使 (and the palace its door stands in) of the 丁 hours of 門伏",
          p(q.menfu_zhi, "丁"), "陽 天芮 死門2 陰 天任 生門8"),
    Claim("qm-zhifu-yihai", "003", 79, "若乙亥時，甲戌直符來加乙於九宮", "qimen",
          "陽1局 乙亥: where the 直符 star is drawn and the stem it carries onto the earth 乙",
          p(q.zhi_fu_carries, "陽", 1, "乙亥"), "天芮 9宮 己加乙"),
    Claim("qm-walk", "000", 79, "冬至上元甲子起一宮順行，夏至上元甲子起九宮逆行，至戊辰會合於五宮", "qimen",
          "the 直使's seat from 甲子 to 戊辰 on 陽1局 and 陰9局 (in brackets the palace its door is drawn in)",
          lambda: q.walk("陽", 1, "甲子乙丑丙寅丁卯戊辰") + " " + q.walk("陰", 9, "甲子乙丑丙寅丁卯戊辰"),
          "陽1局 1 2 3 4 5(2) 陰9局 9 8 7 6 5(8)"),
    Claim("qm-fanfu-examples", "003", 131, "若加臨於對沖之位，即為反吟，如蓬加英、休臨景是也 … 凡星門各加臨於本位，即為伏吟，如蓬加蓬、休加休是也",
          "qimen", "where 天蓬 and 休門 stand on every plate of 星反, 門反, 星伏 and 門伏 (named by the home there)",
          p(q.fan_fu, "星反 門反 星伏 門伏"), "蓬加英 休臨景 蓬加蓬 休加休"),
    Claim("qm-rest", "003", 147, "此六時符使未分、奇儀安位", "qimen",
          "the 108 plates of the 六甲 hours: 直符 and 直使 in one palace, every heaven stem on its own earth stem",
          q.at_rest_hours, "符使未分 奇儀安位"),
)

#: The 局 of real instants (the 平氣 calendar of the texts' dates, `answers.ANCHOR_ISO`).
JU = (
    Claim("ju-zhi-shang", "000", 79, "所以冬至上元甲子起一宮順行，夏至上元甲子起九宮逆行", "qimen",
          "the 局 of a day of 冬至's and of 夏至's 上元 (平氣 2034, 拆補)", p(q.ju_of_terms, "冬至上 夏至上"),
          "冬至上元陽1 夏至上元陰9"),
    Claim("ju-fu-tou", "003", 27, "考古法以甲子、己卯、甲午、己酉為符頭者，緣尊甲以制奇門，故立符以定元首也", "qimen",
          "the 符頭 and 元 of sixty days (平氣 2034, 拆補): 上元 under 甲子 己卯 甲午 己酉, then 中 and 下 in turn",
          q.fu_tou_cycle, "甲子上 己巳中 甲戌下 己卯上 甲申中 己丑下 甲午上 己亥中 甲辰下 己酉上 甲寅中 己未下"),
    Claim("ju-dun", "003", 51, "冬至四節，六甲從乎順行；夏至四節，六甲從乎逆布者", "qimen",
          "the terms of a year from 冬至 (平氣, 拆補) by the way their charts lay 戊→己 on the earth plate",
          q.dun_of_terms, "順冬至至芒種 逆夏至至大雪"),
    Claim("ju-li-thirty", "003", 19, "自甲午時起至癸巳日亥時止，共三十時，先用立春下元陽二局", "qimen",
          "李氏: the 時辰 of 2034-02-04 … 02-07 that take 立春 下元 (the 殘局)",
          p(q.li_hours, "2034-02-04T09:00", "2034-02-07T01:00", "立春", "下"), "30時 辛卯日甲午 … 癸巳日癸亥"),
    Claim("ju-li-thirtythree", "003", 19, "又自甲辰日子時起，至丙午日申時止，共三十三時", "qimen",
          "李氏: the 時辰 of 2034-02-16 … 02-20 that take 立春 下元 (the 補局)",
          p(q.li_hours, "2034-02-16T23:00", "2034-02-20T01:00", "立春", "下"), "33時 甲辰日甲子 … 丙午日丙申"),
)

#: 陶氏飛盤 (`--layout fei`) as 003 and 000 describe it.
FEI = (
    Claim("qm-tao-jiazi", "003", 43, "若甲子時用事，以直符天蓬、直使休門同加於坎一宮，天盤地盤相同", "qimen",
          "the 陶氏 figure of 陽1局 甲子 (--layout fei): 直符 and 直使 and their palace, the heaven plate",
          p(q.fei_figure, "陽", 1, "甲子", TAO_ORDER), "蓬休加1 天盤地盤相同"),
    Claim("qm-tao-yichou", "003", 47,
          "以天盤甲子戊加乙於九宮，再加甲戌己於一宮、甲申庚於二宮、甲午辛於三宮、甲辰壬於四宮、甲寅癸於五宮，加丁奇於六宮、加丙奇於七宮、加乙奇於八宮，以蓬休符使加於離九宮",
          "qimen", "the 陶氏 figure of 陽1局 乙丑: 直符 and 直使, the palace of each heaven stem",
          p(q.fei_figure, "陽", 1, "乙丑", TAO_ORDER), "蓬休加9 戊9 己1 庚2 辛3 壬4 癸5 丁6 丙7 乙8"),
    Claim("qm-tao-figure-one", "003", 43,
          "凡甲己日之戊辰時、乙庚日之己卯時、丙辛日之庚寅時、丁壬日之辛丑時、戊癸日之壬子時、癸亥時，此六時各歸各宮，故同甲子時者，共為一局第一圖",
          "qimen", "the hours whose 陶氏 figure of 陽1局 is 甲子's", p(q.fei_same_figure, "陽", 1, "甲子"),
          "甲子 戊辰 己卯 庚寅 辛丑 壬子 癸亥"),
    Claim("qm-tao-figure-two", "003", 47,
          "凡甲己之乙丑甲戌時、乙庚日之戊寅時、丙辛日之己丑時、丁壬日之庚子、辛亥時、戊癸日之壬戌時，七時六甲，各加其干，故同乙丑時者，共為一局第二圖",
          "qimen", "the hours whose 陶氏 figure of 陽1局 is 乙丑's", p(q.fei_same_figure, "陽", 1, "乙丑"),
          "乙丑 甲戌 戊寅 己丑 庚子 辛亥 壬戌"),
    Claim("qm-tao-162", "003", 47, "如此陰陽各立九局，每局各位九圖，共為一百六十二圖", "qimen",
          "how many different 陶氏 figures the eighteen 局 draw", q.fei_figure_count, "162圖"),
    Claim("qm-tao-centre", "003", 55, "脫如其說，使九星可入中宮，禽芮亦不併混", "qimen",
          "on every 陶氏 plate: with whom 天禽 shares a palace, and whether a star enters the centre",
          p(q.qin_companions, "fei"), "陽禽獨 陰禽獨 九星入中宮"),
    Claim("qm-tao-no-he", "000", 7, "陶氏定圖，五還中宮，故陽三陰七，無乙庚之合", "qimen",
          "the 陶氏 earth plates of 陽3局 and 陰7局: 乙 and 庚 (the centre's) apart, 丁 and 丙",
          lambda: q.tan_he("陽", 3, "fei") + " " + q.tan_he("陰", 7, "fei"), "陽3 乙2 庚5 丁9 丙1 陰7 乙8 庚5 丁1 丙9"),
)

#: The patterns and modifiers of the registry on every plate (and on the contexts of days, months,
#: terms and 元 they read).
PATTERNS = (
    Claim("qm-po", "003", 103,
          "迫者，門制其宮也。開門臨三、四宮，休門臨九宮，生門臨一宮，景門臨六、七宮，傷、杜二門臨二、八宮，死門臨一宮，驚門臨三、四宮，凡此為迫，不利諸事。經云：吉門被迫，吉事成凶；凶門被迫，凶災愈甚",
          "qimen", "迫 on every plate: each door's palaces and its kind (吉門被迫 of 開休生, 凶門被迫 of the others)",
          p(q.po_table, "開休生景傷杜死驚"), "開門34吉 休門9吉 生門1吉 景門67凶 傷門28凶 杜門28凶 死門1凶 驚門34凶"),
    Claim("qm-qimu", "003", 111, "奇墓者，乙奇臨二宮，丙奇、丁奇臨六宮也", "qimen", "奇墓 on every plate: each heaven 奇's palace",
          p(q.qi_palaces, "奇墓"), "乙2 丙6 丁6"),
    Claim("qm-qizhi", "003", 111, "奇制者，乙奇臨六、七宮，木制於金；丙丁奇臨一宮，火制於水也", "qimen",
          "奇制 on every plate: each heaven 奇's palaces", p(q.qi_palaces, "奇制"), "乙67 丙1 丁1"),
    Claim("qm-shigan-rumu", "003", 111, "凡戊辰、壬辰、己未、癸未、辛丑五時，為時干入墓", "qimen", "the hours of 時干入墓",
          p(a.qimen_hours, "時干入墓"), "戊辰 癸未 壬辰 辛丑 己未"),
    Claim("qm-rishi-rumu", "003", 111, "乙未、丙戌、丁丑三日時，謂之日時干三奇入墓", "qimen",
          "the days (at 乙丑) and the hours (on 甲子) of 日時干三奇入墓", q.ri_shi_ru_mu, "日丁丑丙戌乙未 時丁丑丙戌乙未"),
    Claim("qm-qisha", "003", 107, "凡十干環列，順數七干，逆數五干，皆克第一干。順數者，止論其干，故名七殺", "qimen",
          "七殺 over ten days and their hours: each day stem with its hour stem", p(q.day_hour_stems, "七殺"),
          "甲庚 乙辛 丙壬 丁癸 戊甲 己乙 庚丙 辛丁 壬戊 癸己"),
    Claim("qm-qisha-wubuyu", "003", 107, "凡十干環列，順數七干，逆數五干，皆克第一干", "qimen",
          "each day's 五不遇時 (five back) and 七殺 (seven forwards) fall on one hour stem", q.qi_sha_is_wu_bu_yu,
          "順七逆五 同干"),
    Claim("qm-wuhe", "003", 147, "甲己相合、乙庚相合、丙辛相合、丁壬相合、戊癸相合為五合", "qimen",
          "五合時 over ten days and their hours: the pairs of stems it joins", q.five_combinations, "甲己 乙庚 丙辛 丁壬 戊癸"),
    Claim("qm-deshi-doors", "003", 75, "三奇得使者，謂得三吉門、直使加奇也。凡開、休、生加乙、丙。丁為吉門合三奇", "qimen",
          "三奇得使 on every plate: the 直使 doors and the 奇 it meets", q.de_shi_doors, "開休生 乙丙丁"),
    Claim("qm-erjin-cover", "003", 131, "如值二吟，若得太陰合奇門蓋之，其凶減半", "qimen",
          "伏吟 and 反吟 on every plate: 其凶減半 exactly when a heaven 丁 (太陰) stands with 開, 休 or 生",
          p(q.cover, "伏吟 反吟", TAI_YIN, JI_MEN), "蓋之 ⇔ 太陰合奇門 其凶減半"),
    Claim("qm-sixiong-cover", "000", 107, "龍戰困頓下諸格，若得太陰合奇門蓋之，避其方，乘奇門而出猶可謀為", "qimen",
          "the four 凶 on every plate: 乘奇門而出 by the palace of a heaven 丁 with 開, 休 or 生, another than the pattern's",
          p(q.si_xiong_cover, TAI_YIN, JI_MEN), "避其方 乘奇門而出 猶可謀為"),
    Claim("qm-sixiong", "000", 107, "甲乙相加，為二龍戰野；庚辛相加，為二虎爭雄；甲戊相加，為青龍困頓；庚壬相加，為白虎迍邅", "qimen",
          "the four 凶 on every plate: the stem pairs of each",
          p(q.pairs_of, "二龍戰野", "二虎爭雄", "青龍困頓", "白虎迍邅"),
          "二龍戰野乙加甲/甲加乙 二虎爭雄庚加辛/辛加庚 青龍困頓戊加甲/甲加戊 白虎迍邅壬加庚/庚加壬"),
    Claim("qm-erji", "000", 107, "丁甲相加，為陰陽化氣；丁乙相加，為龍鳳呈祥", "qimen", "the two 吉 on every plate: the stem pairs of each",
          p(q.pairs_of, "陰陽化氣", "龍鳳呈祥"), "陰陽化氣丁加甲/甲加丁 龍鳳呈祥丁加乙/乙加丁"),
    Claim("qm-boge", "000", 87, "凡丙加庚為勃飛，亦名伏干；庚加丙為勃伏，亦名飛干 … 凡庚加甲為格飛，亦名伏干；甲加庚為格伏，亦名飛干",
          "qimen", "勃 and 格 on every plate: the stem pair of each", p(q.pairs_of, "勃飛", "勃伏", "格飛", "格伏"),
          "勃飛丙加庚 勃伏庚加丙 格飛庚加甲 格伏甲加庚"),
    Claim("qm-xing-po", "000", 95, "庚加癸為刑，丙加己為刑，盜氣同也。庚丁相加為破，丙壬相加為破", "qimen",
          "刑 and 破 on every plate: the stem pairs of each", p(q.pairs_of, "刑", "破"),
          "刑丙加己/庚加癸 破丁加庚/丙加壬/壬加丙/庚加丁"),
    Claim("qm-qige", "000", 103, "庚丙相加為賊格，庚丁相加為破格，庚乙相加為合格", "qimen", "奇格 on every plate: its stem pairs",
          p(q.pairs_of, "奇格"), "奇格丁加庚/丙加庚/乙加庚/庚加丁/庚加丙/庚加乙"),
    Claim("qm-zhuniao", "003", 163, "甲加丙為朱鳥跌穴時", "qimen", "朱鳥跌穴 on every plate: its stem pair (甲 the 旬首's 儀)",
          p(q.pairs_of, "朱鳥跌穴"), "朱鳥跌穴甲加丙"),
    Claim("qm-fanshou", "000", 91, "若渾言歲月日時干，是以反首跌穴，亦為勃伏勃飛矣", "qimen",
          "跌穴 and 反首 on every plate: their stem pairs (read term by term against 勃伏 丙 below, 勃飛 丙 above)",
          p(q.pairs_of, "朱鳥跌穴", "反首"), "朱鳥跌穴丙加甲 反首甲加丙", FAN_SHOU, "朱鳥跌穴甲加丙 反首丙加甲"),
    Claim("qm-tianyi-meet", "003", 163, "戊午、己未、庚申、辛酉、壬戌五時，直使同臨，為天乙持衡時", "qimen",
          "天乙持衡時 on every plate: its palace holds the 直符 star and the 直使 door", q.tian_yi_meet, "直符直使同臨"),
    Claim("qm-yunu-modifiers", "003", 83, "若遇三奇吉門直使，又得太陰臨合地戶，宜福食遠行、出入皆吉", "qimen",
          "玉女守門 on every plate: the stems where it says 太陰臨合地戶, the 直使 of 三奇吉門直使, 出入皆吉 with both",
          p(q.yu_nu_modifiers, JI_MEN), "丁加己 開休生 出入皆吉"),
    Claim("qm-shenming", "000", 115, "如陽一局甲己之日甲子時出軍，戊在一宮、己在二宮、丁在七宮 … 還於正北甲子上居青龍", "qimen",
          "十干神名 of palaces 1, 2 and 7 on 陽1局 甲子", p(q.shen_ming, "陽", 1, "甲子", "127"),
          "1宮 戊 天武天門；甲 天輔青龍 2宮 己 地戶六合；壬 天牢天廩 7宮 丁 太陰玉女"),
    Claim("qm-youbi-ri", "003", 119, "一日遊避時，以十二支環列，日後三辰為生氣，日前五辰為死氣", "qimen",
          "日遊避 of each day branch: its 生氣 and 死氣 branches (the day counted as the first)", q.ri_you_bi,
          "子戌辰 丑亥巳 寅子午 卯丑未 辰寅申 巳卯酉 午辰戌 未巳亥 申午子 酉未丑 戌申寅 亥酉卯"),
    Claim("qm-youbi-fu", "003", 119, "一符遊避時，以十干環列，取符前三干為生氣，符後五干為死氣", "qimen",
          "符遊避 on every plate: the stems of 生氣 and 死氣, each reported where it lies on the earth plate",
          q.fu_you_bi, "生氣丙 死氣庚 在其地"),
    Claim("qm-xingde-table", "003", 59,
          "冬至德在卯、刑在酉；夏至德在酉、刑在卯；春分德在午、刑在子；秋分德在子、刑在午；立春德在辰、刑在戌；立秋德在戌、刑在辰；立夏德在未、刑在丑；立冬德在丑、刑在未。凡刑德所在，三氣共之",
          "qimen", "刑德開闔 on the charts of every term's three 元: the branches of 德在門 and 刑在門, the same in each group's three 氣",
          p(q.xing_de_table, "冬至 夏至 春分 秋分 立春 立秋 立夏 立冬"),
          "冬至德卯刑酉 夏至德酉刑卯 春分德午刑子 秋分德子刑午 立春德辰刑戌 立秋德戌刑辰 立夏德未刑丑 立冬德丑刑未"),
    Claim("qm-kaihe", "003", 59, "蓬任沖輔禽之陽星，凡五陽星加時為開；英芮柱心謂之陰星，凡四陰星加時為闔", "qimen",
          "刑德開闔 on every plate at hours without 德 or 刑 在門: the 直符 stars that open and that close",
          p(q.kai_he, "蓬任沖輔禽英芮柱心"), "開蓬任沖輔禽 闔英芮柱心"),
    Claim("qm-kaihe-zaimen", "003", 67, "凡德在門之時，陽星加之為盡開，陰星加之為半開；刑在門之時，陽星加之為半闔，陰星加之為盡闔", "qimen",
          "刑德開闔 on the charts of every term and 元 when 德 or 刑 is 在門, under a 陽星 and a 陰星 直符",
          p(q.kai_he_zai_men, "蓬任沖輔禽"), "德陽盡開 德陰半開 刑陽半闔 刑陰盡闔"),
    Claim("qm-sanjia", "003", 63, "凡上元入局，甲子、甲午直符為仲甲；中元入局，甲寅、甲申直符為孟甲；下元入局，甲辰、甲戌直符為季甲",
          "qimen", "三甲 on the charts of 冬至's three 元: its name and the 旬 it is found in (in cycle order)",
          q.san_jia_heads, "上元仲甲甲子甲午 中元孟甲甲申甲寅 下元季甲甲戌甲辰"),
    Claim("qm-xingde-xiazhi", "003", 67, "夏至十二氣，直符同，刑德反是", "qimen",
          "夏至, 下元 (季甲): what is 在門 in the 甲辰 and 甲戌 旬 (冬至's reversed)", p(q.xing_de_xun, "夏至", "下", "甲辰甲戌"),
          "甲辰旬德 甲戌旬刑"),
)

#: The recorded schools (`cast --school`) and their variants on every plate.
SCHOOLS = (
    Claim("qm-li-youyi", "003", 87, "李陶皆以玉女守門為三奇游六儀", "qimen",
          "--school li and tao: the hours of their 三奇游六儀",
          lambda: "李 " + q.school_hours("li", "三奇游六儀") + " 陶 " + q.school_hours("tao", "三奇游六儀"),
          "李 庚午 己卯 戊子 丁酉 丙午 乙卯 陶 庚午 己卯 戊子 丁酉 丙午 乙卯"),
    Claim("qm-li-youbi", "003", 123, "李氏以三為震三宮，五為寄坤之五宮，謂震為木生之位，坤為死門之鄉，凡六甲直符，宜遊震避坤也", "qimen",
          "--school li: the palaces of its 遊三 and 避五", p(q.school_palaces, "li", "遊三避五"), "遊三3 避五2"),
    Claim("qm-lin-shoumen", "003", 87, "林以甲己時丙、乙庚時辛、丙辛時乙、丁壬時己、戊癸時壬，為玉女守門時", "qimen",
          "--school lin: 玉女守門 over ten days and their hours, each pair of day stems with its hour stem",
          q.lin_shou_men, "甲己丙 乙庚辛 丙辛乙 丁壬己 戊癸壬"),
    Claim("qm-lin-tianfu", "003", 151, "林氏以五合時為天輔時，謂五合吉時，對五不遇凶時也", "qimen",
          "--school lin: its 天輔時 over ten days and their hours, against the author's 五合時", q.lin_tian_fu, "五合時為天輔時"),
    Claim("qm-lin-youbi", "003", 123, "林氏以直符加丙為遊三，加戊為避五，謂丙受甲生，戊受甲克也", "qimen",
          "--school lin: the stem pairs of its 遊三 and 避五 (甲 the 旬首's 儀)", p(q.school_pairs, "lin", "遊三避五"),
          "遊三避五甲加丙遊三/甲加戊避五"),
    Claim("qm-tao-tianfu", "003", 151, "陶氏以六丁為天輔時，謂丁為甲之正生，庚之正克也，能制庚輔甲也", "qimen",
          "--school tao: the hours of its 天輔時", p(q.school_hours, "tao", "天輔時"), "丁卯 丁丑 丁亥 丁酉 丁未 丁巳"),
    Claim("qm-tao-youbi", "003", 123,
          "陶氏以冬至後，天乙直使在一二三四為行陽，六七八九為行陰；夏至後，天乙直使在九八七六為行陽，四三二一為行陰", "qimen",
          "--school tao on every plate: the 直使 seats it calls 行陽, 行陰 and 避五, in each 遁",
          p(q.tao_walk, "陽", "陰"), "陽 1234行陽 6789行陰 5避五 陰 9876行陽 4321行陰 5避五"),
    Claim("qm-sanshi-deshi", "003", 87, "李以甲戌、甲午為乙奇得使，甲子、甲申為丙奇得使，甲辰、甲寅為丁奇得使，林陶因之", "qimen",
          "--school sanshi on every plate: each 奇 of its 三奇得使 and the 旬 it is found in", q.sanshi_de_shi,
          "乙甲戌甲午 丙甲子甲申 丁甲辰甲寅"),
    Claim("qm-sanshi-sanjia", "003", 71,
          "三氏諸書，以仲甲為刑德在門，此時主客皆不利，惟宜退藏隱伏。孟甲為陽在內，陰在外，此時利主，宜堅壁守城。季甲為陰在內、陽在外，此時利客宜提兵動眾",
          "qimen", "--school sanshi on every plate: its 三甲 — each kind, its 旬 (in cycle order) and its words",
          q.sanshi_san_jia, "仲甲子甲午 刑德在門 主客皆不利 惟宜退藏隱伏 孟甲申甲寅 陽在內陰在外 利主 宜堅壁守城 "
                            "季甲戌甲辰 陰在內陽在外 利客 宜提兵動眾"),
    Claim("qm-sanshi-xingmen", "003", 71, "又以甲申庚為刑門", "qimen", "--school sanshi: the hours of its 刑門",
          p(q.school_hours, "sanshi", "刑門"), "甲申 乙酉 丙戌 丁亥 戊子 己丑 庚寅 辛卯 壬辰 癸巳"),
    Claim("qm-sanshi-tianwang", "003", 163, "三氏俱以癸臨之下為天網時，凡甲寅值符，十時皆不可用；若在八九之宮，謂之四張", "qimen",
          "--school sanshi on every plate: the hours of its 天網時 and the palaces of its 四張 (at the 直符)",
          q.sanshi_tian_wang, "甲寅至癸亥10時 四張89"),
    Claim("qm-zhushu", "000", 95, "諸書以庚加癸為大格，加壬為小格，加己為刑格，加三奇為奇格", "qimen",
          "--school zhushu on every plate: the stem pairs of its 大格, 小格, 刑格 and 奇格",
          p(q.school_pairs, "zhushu", "大格", "小格", "刑格", "奇格"), "大格庚加癸 小格庚加壬 刑格庚加己 奇格庚加丁/庚加丙/庚加乙"),
    Claim("qm-huoju", "000", 7, "近見作十八圖活局者，亦以五專寄坤", "qimen",
          "--school huoju: 陰7局's earth plate (乙, the centre's 庚, 丁, 丙) and with whom 天禽 shares its palace",
          lambda: q.tan_he("陰", 7, "huoju") + " " + q.qin_companions("huoju"), "陰7 乙8 庚2 丁1 丙9 陽禽芮同宮 陰禽芮同宮"),
)

#: 奇門 rows (003 and 000), in no particular order (`rows.CLAIMS` sorts the ledger).
ROWS: tuple[Claim, ...] = PLATE + JU + FEI + PATTERNS + SCHOOLS

#: Each row's `claim` in zh and ko (the Claim's own `claim` is the en wording): id → (zh, ko).
WORDS: dict[str, tuple[str, str]] = {}
