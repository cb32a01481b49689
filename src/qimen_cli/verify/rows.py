"""The ledger of `qimen verify`: each worked example and enumerated claim of the three texts,
with the text's words, the seed file's line where they stand, the text's answer and the
engine function that gives the program's.

A row whose answer differs from the text's by a decision names that decision's heading in
docs/decisions.md (`decision`); every other row must agree.  The answers are worded by
`answers.py`: cycle names, branches, 局 as 陽1 … 陰9, palaces by the 洛書 number.
"""

from __future__ import annotations

from functools import partial as p

from . import answers as a
from .claim import ARTS, Claim

#: The decisions the ledger's documented rows point at (headings of docs/decisions.md).
SHE_HAI = "涉害 depth of a candidate: the 剋 it wades through on the way home"
FAN_YIN_LIUREN = "反吟 in 六壬: 剛日 日沖, 柔日 辰沖, then 沖 and 刑"
CENTRE = "The centre palace lodges in 坤 (陽遁) and 艮 (陰遁)"
QI_YOU = "三奇游六儀"
JU_MISPRINT = "The 局 table, and one misprint in it"
YAO_BI = "七曜 of the mansions: 畢 is 大陰, though 004 lists it again under 水星"
TIAN_YI = "天乙持衡時: the hours 戊午 己未 庚申 辛酉 壬戌"
HE_GE = "合 when the 白奸 stands on 巳 or 亥, 格 on 寅 or 申 (None otherwise, which never happens)"

#: 003: the dated 局 narratives (李氏拆補, then 古法 置閏), on the 平氣 calendar of their dates
#: (`answers.ANCHOR_ISO`: 立春 at 2034-02-04 12:00 +08:00, the text's "辛卯日午時立春").
JU_003 = (
    Claim("ju-li-dahan", "003", 19, "辛卯日午時立春，是日癸巳時，猶用大寒下元", "qimen", "李氏: 2034-02-04 10:30, the 癸巳 hour",
          p(a.ju_at, "2034-02-04T10:30", "chaibu"), "辛卯 癸巳 大寒 下元 陽6"),
    Claim("ju-li-canju", "003", 19, "自甲午時起至癸巳日亥時止，共三十時，先用立春下元陽二局，謂之殘局", "qimen",
          "李氏: 2034-02-04 12:30, the 甲午 hour", p(a.ju_at, "2034-02-04T12:30", "chaibu"), "辛卯 甲午 立春 下元 陽2"),
    Claim("ju-li-upper", "003", 19, "自甲午日子時起至戊戌日亥時止，共六十時，後用立春上元陽八局", "qimen",
          "李氏: 2034-02-07 00:30, 甲午日子時", p(a.ju_at, "2034-02-07T00:30", "chaibu"), "甲午 甲子 立春 上元 陽8"),
    Claim("ju-li-middle", "003", 19, "己亥日子時起至癸卯日亥時止，共六十時，用立春中元陽五局", "qimen",
          "李氏: 2034-02-12 00:30, 己亥日子時", p(a.ju_at, "2034-02-12T00:30", "chaibu"), "己亥 甲子 立春 中元 陽5"),
    Claim("ju-li-buju", "003", 19, "又自甲辰日子時起，至丙午日申時止，共三十三時，仍用立春下元陽五局為補局", "qimen",
          "李氏: 2034-02-19 15:30, 丙午日申時 (the 補局)", p(a.ju_at, "2034-02-19T15:30", "chaibu"), "丙午 丙申 立春 下元 陽5",
          JU_MISPRINT),
    Claim("ju-li-yushui", "003", 23, "丙午日丁酉時交雨水節，亦如立春，先用下元補局", "qimen", "李氏: 2034-02-19 17:30, 丙午日丁酉時",
          p(a.ju_at, "2034-02-19T17:30", "chaibu"), "丙午 丁酉 雨水 下元 陽3"),
    Claim("ju-zr-jieqi", "003", 19, "辛卯日午時立春", "qimen", "置閏: the block from 甲午 2034-02-07 takes 立春 (辛卯), 接 3 days",
          p(a.zhirun_block, "2034-02-07"), "甲午 立春 辛卯 -3 接氣"),
    Claim("ju-zr-zhengshou", "003", 23, "直至甲午日子時交寒露節，三元順序始為正受", "qimen", "置閏: the block from 2034-10-05",
          p(a.zhirun_block, "2034-10-05"), "甲午 寒露 甲午 +0 正受"),
    Claim("ju-zr-shuangjiang", "003", 23, "至己酉日乃用霜降超起", "qimen", "置閏: the block from 2034-10-20",
          p(a.zhirun_block, "2034-10-20"), "己酉 霜降 庚戌 +1 超神"),
    Claim("ju-zr-four", "003", 23, "超至次年戊戌日芒種，超過四日", "qimen", "置閏: the block from 2035-06-02",
          p(a.zhirun_block, "2035-06-02"), "甲午 芒種 戊戌 +4 超神"),
    Claim("ju-zr-seven", "003", 23, "超至辛丑日大雪，超過七日", "qimen", "置閏: the block from 2035-11-29",
          p(a.zhirun_block, "2035-11-29"), "甲午 大雪 辛丑 +7 超神"),
    Claim("ju-zr-nine", "003", 23, "又超至次年癸卯日芒種，過九日", "qimen", "置閏: the block from 2036-05-27",
          p(a.zhirun_block, "2036-05-27"), "甲午 芒種 癸卯 +9 超神"),
    Claim("ju-zr-run", "003", 23, "餘無再超之理，即以己酉日疊作芒種閏奇", "qimen", "置閏: the block from 2036-06-11 is the 閏",
          p(a.zhirun_block, "2036-06-11"), "己酉 芒種 癸卯 -6 閏"),
)

#: 003: the 奇門 hours and lists the text enumerates (checked over all 1,080 轉盤 plates).
QIMEN_003 = (
    Claim("qm-xingfu", "003", 139, "星伏惟六時：甲子值符戊辰時，甲戌直符己卯時，甲申直符庚寅時，甲午直符辛丑時，甲辰直符壬子時，甲寅直符癸亥時",
          "qimen", "the hours of 星伏 (伏吟)", p(a.qimen_hours, "伏吟", "星伏"), "戊辰 己卯 庚寅 辛丑 壬子 癸亥"),
    Claim("qm-xingfu-all-ju", "003", 139, "此陰陽二局星伏之定時也", "qimen", "星伏 at those hours in all eighteen 局",
          p(a.qimen_hours_everywhere, "伏吟", "星伏"), "戊辰 己卯 庚寅 辛丑 壬子 癸亥"),
    Claim("qm-menfu-gui", "003", 139, "凡六癸時為門伏，陰陽二局皆同", "qimen", "門伏 on every 癸 hour in all eighteen 局",
          p(a.qimen_hours_everywhere, "伏吟", "門伏"), "癸酉 癸未 癸巳 癸卯 癸丑 癸亥"),
    Claim("qm-menfu-geng", "003", 143,
          "如禽星直符陽一局庚戌時、二局庚子時、三局庚寅時、四局庚辰時、五局庚午時、九局庚申時死門伏；陰九局庚戌時、八局庚子時、七局庚寅時、六局庚辰時、五局庚午時、一局庚申時，生門伏",
          "qimen", "the 庚 hours of 門伏", p(a.qimen_ju_hours, "伏吟", "門伏", "庚"),
          "陽1庚戌 陽2庚子 陽3庚寅 陽4庚辰 陽5庚午 陽9庚申 陰1庚申 陰5庚午 陰6庚辰 陰7庚寅 陰8庚子 陰9庚戌"),
    Claim("qm-menfu-ding", "003", 143,
          "芮星直符陽一局、任星直符陰九局、丁丑時；陽二、陰八丁卯時，陽六陰四丁巳時，陽七、陰三丁未時，陽八、陰二丁酉時，陽九、陰一丁亥時",
          "qimen", "the 丁 hours of 門伏", p(a.qimen_ju_hours, "伏吟", "門伏", "丁"),
          "陽1丁丑 陽2丁卯 陽6丁巳 陽7丁未 陽8丁酉 陽9丁亥 陰1丁亥 陰2丁酉 陰3丁未 陰4丁巳 陰8丁卯 陰9丁丑"),
    Claim("qm-yunu", "003", 83,
          "甲子直符庚午時、甲戌直符己卯時、甲申直符戊子時、甲午直符丁酉時、甲辰直符丙午時、甲寅直符乙卯時，值此六時則直使遁於丁奇所在之宮",
          "qimen", "the hours of 玉女守門", p(a.qimen_hours, "玉女守門"), "庚午 己卯 戊子 丁酉 丙午 乙卯"),
    Claim("qm-yunu-all-ju", "003", 83, "值此六時則直使遁於丁奇所在之宮", "qimen", "玉女守門 at those hours in all eighteen 局",
          p(a.qimen_hours_everywhere, "玉女守門"), "庚午 己卯 戊子 丁酉 丙午 乙卯"),
    Claim("qm-deshi-yujia-hours", "003", 91, "且得使遇甲，惟丙辰、丁酉二時有之", "qimen", "the hours of 得使遇甲",
          p(a.qimen_hours, "得使遇甲"), "丁酉 丙辰"),
    Claim("qm-deshi-yujia", "003", 91,
          "陽一局八宮，三局一宮，五局三宮，陰六局八宮，四局六宮，二局四宮，為丙奇得使遇甲；陽三局九宮，五局二宮，七局四宮，陰九局三宮，四局七宮，二局五宮，為丁奇得使遇甲",
          "qimen", "the 局 and palaces of 得使遇甲 (palace as the program reports it: 5 lodged)",
          p(a.qimen_palaces, "得使遇甲"),
          "陰2丁酉5 陰2丙辰4 陰4丁酉7 陰4丙辰6 陰6丙辰8 陰9丁酉3 陽1丙辰8 陽3丁酉9 陽3丙辰1 陽5丁酉2 陽5丙辰3 陽7丁酉4",
          CENTRE),
    Claim("qm-qiyou-count", "003", 99, "惟陽一局、陰九局九見", "qimen", "(局, 奇) sightings of 三奇游六儀 in each 遁",
          a.qimen_sightings, "陽 9 陰 9"),
    Claim("qm-qiyou-yi", "003", 99, "陽三六九局、陰七四一局，惟乙奇見", "qimen", "the 局 where 乙 travels (with 陽1, 陰9)",
          p(a.qimen_qi_you, "乙"), "陽1 陽3 陽6 陽9 陰1 陰4 陰7 陰9"),
    Claim("qm-qiyou-bing", "003", 99, "陽一四七局、陰八六三局惟丙奇見", "qimen",
          "the 局 where 丙 travels (with 陽1, 陰9); the program reads 陽二四七", p(a.qimen_qi_you, "丙"),
          "陽1 陽4 陽7 陰3 陰6 陰8 陰9", QI_YOU),
    Claim("qm-qiyou-ding", "003", 99, "惟陽一局、陰九局九見", "qimen", "丁 travels only in 陽1 and 陰9",
          p(a.qimen_qi_you, "丁"), "陽1 陰9"),
    Claim("qm-qiyou-hours", "003", 99, "乙逢犬馬、丙鼠猴，六丁玉女騎龍虎", "qimen", "the hours of 三奇游六儀",
          p(a.qimen_hours, "三奇游六儀"), "丙寅 乙亥 丙戌 乙未 丁未 丁巳"),
    Claim("qm-jixing", "003", 115, "甲子戊儀加三宮，甲戌己儀加二宮，甲申庚儀加八宮，甲午辛儀加九宮，甲辰壬儀、甲寅癸儀加四宮，為擊刑", "qimen",
          "擊刑: the 直符's 儀 and the palace of each 旬", p(a.qimen_details, "擊刑"),
          "甲子戊儀加3宮 直符，甲戌己儀加2宮 直符，甲申庚儀加8宮 直符，甲午辛儀加9宮 直符，甲辰壬儀加4宮 直符，甲寅癸儀加4宮 直符"),
    Claim("qm-tianfu", "003", 147, "天輔時者，甲子、甲戌、甲申、甲午、甲辰、甲寅時也", "qimen", "the hours of 天輔時",
          p(a.qimen_hours, "天輔時"), "甲子 甲戌 甲申 甲午 甲辰 甲寅"),
    Claim("qm-tianwang", "003", 155, "即癸酉、癸未、癸巳、癸卯、癸丑、癸亥六時也", "qimen", "the hours of 天網時",
          p(a.qimen_hours, "天網時"), "癸酉 癸未 癸巳 癸卯 癸丑 癸亥"),
    Claim("qm-tianwang-sizhang", "003", 159, "凡癸亥時為天網四張，東西南北，皆無路可出，惟陽九局、陰一局有之", "qimen",
          "the 局 of 天網四張", p(a.qimen_ju, "天網四張"), "陽9 陰1"),
    Claim("qm-tianwang-sizhang-hour", "003", 159, "凡癸亥時為天網四張", "qimen", "the hour of 天網四張",
          p(a.qimen_hours, "天網四張"), "癸亥"),
    Claim("qm-tianyi", "003", 163, "戊午、己未、庚申、辛酉、壬戌五時，直使同臨，為天乙持衡時", "qimen",
          "天乙持衡時 at those five hours in all eighteen 局", p(a.qimen_hours_everywhere, "天乙持衡時"), "戊午 己未 庚申 辛酉 壬戌"),
    Claim("qm-tianyi-only", "003", 163, "戊午、己未、庚申、辛酉、壬戌五時", "qimen", "天乙持衡時 at no other hour",
          p(a.qimen_hours, "天乙持衡時"), "戊午 己未 庚申 辛酉 壬戌"),
    Claim("qm-zhuniao-bingchen", "003", 163, "甲加丙為朱鳥跌穴時", "qimen", "朱鳥跌穴 at 甲寅旬's 丙辰 in all eighteen 局",
          p(a.qimen_ju_at_hour, "丙辰", "朱鳥跌穴"), "陽1 陽2 陽3 陽4 陽5 陽6 陽7 陽8 陽9 陰1 陰2 陰3 陰4 陰5 陰6 陰7 陰8 陰9"),
    Claim("qm-bingchen-six", "003", 163, "而陽一二三五局，陰二四六局，皆吉門直使；此六局丙辰時，又為丙奇得使，遇甲最為難得之時", "qimen",
          "the 局 whose 丙辰 is 三奇得使 and 得使遇甲", p(a.qimen_ju_at_hour, "丙辰", "三奇得使", "得使遇甲"),
          "陽1 陽2 陽3 陽5 陰2 陰4 陰6", TIAN_YI),
)

#: 004: the 六壬 lessons (月將 = the month's 合神, as the text fixes it).
LIUREN_004 = (
    Claim("lr-month-generals", "004", 135, "以正月合神登明為月將", "liuren", "the 月將 of months 1–12",
          a.month_generals, "亥戌酉申未午巳辰卯寅丑子"),
    Claim("lr-jiazi-lessons", "004", 139, "假令今甲子，先視甲上所見神為第一課", "liuren", "the 四課 of 正月甲子日寅時",
          p(a.liuren_lessons, "甲子", 1, "寅"), "亥甲 申亥 酉子 午酉"),
    Claim("lr-jiazi-yin", "004", 143, "凡四課之內，上克下者，正月甲子日寅時用勝光是也", "liuren", "用 of 正月甲子日寅時",
          p(a.liuren_first, "甲子", 1, "寅"), "勝光"),
    Claim("lr-dingsi-wu", "004", 143, "又有下克上者，二月丁巳日午時用從魁是也", "liuren", "用 of 二月丁巳日午時",
          p(a.liuren_first, "丁巳", 2, "午"), "從魁"),
    Claim("lr-gengwu-he-kui", "004", 143, "自兩上克下以此為用，三月庚午日河魁是也", "liuren",
          "the rule and 用 of 三月庚午 at 寅時 (the text names no hour; 河魁 is the 用 at 寅 and 申 only)",
          p(a.liuren_rule, "庚午", 3, "寅"), "比用 河魁"),
    Claim("lr-wuchen-chou", "004", 143, "自有俱此以淺害深者為用，四月戊辰日丑時勝光是也", "liuren", "用 of 四月戊辰日丑時",
          p(a.liuren_first, "戊辰", 4, "丑"), "勝光", SHE_HAI),
    Claim("lr-jiyou-xu", "004", 143, "自有涉害俱深以先見者為用，五月己酉日戌時用勝光是也", "liuren", "用 of 五月己酉日戌時",
          p(a.liuren_first, "己酉", 5, "戌"), "勝光"),
    Claim("lr-jiachen-yin", "004", 147, "甲日見登明，水木不相剋，辰上見大吉，二土不相剋，登明本位亥上見傳送是金遙見，甲木即以傳送",
          "liuren", "用 of 正月甲辰日寅時 (遙剋)", p(a.liuren_first, "甲辰", 1, "寅"), "傳送"),
    Claim("lr-jiayin-mao", "004", 159, "河魁本位上見勝光不相剋，即以河魁為用", "liuren", "用 of 正月甲寅日卯時",
          p(a.liuren_first, "甲寅", 1, "卯"), "河魁"),
    Claim("lr-gengshen-xu", "004", 163, "及三神到戌上登明，即以徵明為用也", "liuren", "用 of 正月庚申日戌時 (順數)",
          p(a.liuren_first, "庚申", 1, "戌"), "登明"),
    Claim("lr-jiwei-xu", "004", 163, "逆數到午上得小吉為用", "liuren", "用 of 正月己未日戌時 (逆數)",
          p(a.liuren_first, "己未", 1, "戌"), "小吉"),
    Claim("lr-fuyin-renzi", "004", 167, "何謂破？午無刑破子就卯，亥無刑破寅刑申之屬也", "liuren",
          "三傳 of 壬子 on a 伏吟 plate (子將 on 子): 亥, its 破 寅, 寅刑申", p(a.liuren_chain, "壬子", 1, "子", "子"), "亥寅申"),
    Claim("lr-chain", "004", 175, "假令小吉臨寅為用，即小吉為第一傳；小吉本位見神后，神后即第二傳；神后本位見太乙，太乙即為第三傳",
          "liuren", "三傳 from 小吉 on 寅", p(a.liuren_chain_from, "未寅"), "小吉 神后 太乙"),
    Claim("lr-fanyin-jiazi", "004", 171, "假令甲子日甲沖辛，辛上見天罡以為用，天罡而又反沖河魁", "liuren",
          "三傳 of 甲子 on a 反吟 plate (子將 on 午)", p(a.liuren_chain, "甲子", 1, "午", "子"), "辰戌未", FAN_YIN_LIUREN),
    Claim("lr-fanyin-yichou", "004", 171, "假令乙丑日丑沖丙，丙上見登明為用", "liuren",
          "三傳 of 乙丑 on a 反吟 plate (子將 on 午)", p(a.liuren_chain, "乙丑", 1, "午", "子"), "亥巳申", FAN_YIN_LIUREN),
)

#: 000: 貴人, the 天將 and 月將, 建除, 天馬, 亭亭/白奸, 十干神名.
GODS_000 = (
    Claim("gd-generals", "000", 11, "天將者，貴人、螣蛇、朱雀、六合、勾陳、青龍、天空、白虎、太常、元武、太陰、天后也", "gods",
          "the twelve 天將 in order", a.generals, "貴人螣蛇朱雀六合勾陳青龍天空白虎太常元武太陰天后"),
    Claim("gd-noble-yang", "000", 31, "陽貴立成歌曰：甲羊戊庚牛，己鼠乙尋猴，丙雞丁豬位，壬兔癸蛇游，辛從虎上起，陽貴順相求", "gods",
          "the 陽貴 of each day stem", p(a.noble_song, True), "甲未 乙申 丙酉 丁亥 戊丑 己子 庚丑 辛寅 壬卯 癸巳"),
    Claim("gd-noble-yin", "000", 31, "陰貴立成歌曰：甲牛戊庚羊，乙鼠己尋猴，丙豬丁雞位，壬蛇癸兔遊，辛從馬上起，陰貴逆推求", "gods",
          "the 陰貴 of each day stem", p(a.noble_song, False), "甲丑 乙子 丙亥 丁酉 戊未 己申 庚未 辛午 壬巳 癸卯"),
    Claim("gd-yue-jiang", "000", 35, "神后子起、登明亥止", "gods", "the 地將 names from 子 to 亥", a.yue_jiang_names,
          "神后大吉功曹太沖天罡太乙勝光小吉傳送從魁天魁登明"),
    Claim("gd-jianchu", "000", 39, "建寅加卯，滿辰、平巳、定午、執未、破申、危酉、成戌、收亥、開子、閉丑", "gods",
          "the 建除 officers of 正月 (建寅)", p(a.jianchu_row, "寅"), "建寅除卯滿辰平巳定午執未破申危酉成戌收亥開子閉丑"),
    Claim("gd-tian-ma", "000", 47, "以月將加月建，視太沖所臨之下", "gods", "天馬 of 正月 (登明亥 on 寅)",
          p(a.tian_ma, "亥", "寅"), "午"),
    Claim("gd-sanshi-tian-ma", "000", 55, "正月子起辰，二月子起巳順行，視每月月建下為天馬方", "gods",
          "三氏 月建天馬 of 正月 (寅) and 二月 (卯)", lambda: a.sanshi_tian_ma("寅") + a.sanshi_tian_ma("卯"), "午申"),
    Claim("gd-sanshi-di-hu", "000", 55, "月建四孟，則四仲時為地戶；月建四仲，則四季時為地戶；月建四季，則四孟時為地戶", "gods",
          "三氏 地戶 hours of a 孟 (寅), 仲 (子) and 季 (辰) month", p(a.sanshi_di_hu_hours, "寅子辰"),
          "寅子卯午酉 子丑辰未戌 辰寅巳申亥"),
    Claim("gd-tian-men", "000", 59, "小吉，未將也；太沖，卯將也；從魁，酉將也", "gods", "the 天三門 and their branches",
          a.tian_men_generals, "太沖卯 小吉未 從魁酉"),
    Claim("gd-ri-ting-ting", "000", 71, "火局亥，木局寅，水局巳，金局丑為日亭亭", "gods", "三氏 日亭亭 of each 三合 局",
          a.ri_ting_ting, "火局亥 木局寅 水局巳 金局丑"),
    Claim("gd-zi-jia-si", "000", 71, "凡子加巳，則寅加未、戌加卯、午加亥 … 三神貪合，不能為奸，故宜守", "gods",
          "子加巳: the 白奸's place, 合/格, the advice", p(a.ting_jian, "子", "巳"), "亥 合 宜守", HE_GE),
    Claim("gd-zi-jia-hai", "000", 71, "子加亥，則寅加丑，亭奸暨加其合神，亦謂之合", "gods", "子加亥: the 白奸's place and 合",
          p(a.ting_jian, "子", "亥"), "巳 合 宜戰"),
    Claim("gd-zi-jia-yin", "000", 71, "子加寅，則戌加子，奸來制亭", "gods", "子加寅: the 白奸's place, 格, 宜守",
          p(a.ting_jian, "子", "寅"), "申 格 宜守"),
    Claim("gd-shi-gan-shen", "000", 111,
          "甲為天輔青龍，乙為天德蓬星，丙為明堂天威，丁為太陰玉女，戊為天武天門，己為地戶六合，庚為天獄天伐，辛為天庭天尉，壬為天牢天廩，癸為天藏華蓋",
          "gods", "the 十干神名", a.shi_gan_shen,
          "甲天輔青龍 乙天德蓬星 丙明堂天威 丁太陰玉女 戊天武天門 己地戶六合 庚天獄天伐 辛天庭天尉 壬天牢天廩 癸天藏華蓋"),
)

#: 004: what it says of the 天將.
GODS_004 = (
    Claim("gd-tai-chang-troops", "004", 87, "用起大常以將兵，無功", "gods", "太常 leading the troops",
          p(a.general_note, "太常", "lead_troops"), "無功"),
    Claim("gd-teng-she-home", "004", 99, "凶神將騰蛇者，飄風之精也，居大陽之丁巳", "gods", "the home of 螣蛇",
          p(a.general_note, "螣蛇", "home"), "丁巳"),
    Claim("gd-liu-he", "004", 99, "六合者，大陰之精也，居少陽之乙卯，吉將也", "gods", "the home and label of 六合",
          lambda: a.general_note("六合", "home") + " " + a.general_note("六合", "label"), "乙卯 吉"),
)

#: 000: 氣應 and the stem pairs (checked over all 1,080 轉盤 plates).
QIMEN_000 = (
    Claim("qm-qiying-star", "000", 75, "如水星旺於寅卯月、相於亥子月、休於四五月、囚於辰戌丑未月、廢於申酉月是也", "qimen",
          "氣應: the state of 天蓬 (水) in each month, from 寅", p(a.star_states, "天蓬"), "旺寅卯 囚辰未戌丑 休巳午 廢申酉 相亥子"),
    Claim("qm-qiying-door", "000", 75, "如冬至三氣，以休門加旺，則生門絕，傷門胎，杜門沒，景門死，死門囚，驚門休，開門廢是也", "qimen",
          "氣應: the state of each door in the three 氣 from 冬至", p(a.door_states, "冬至"),
          "休門旺 生門絕 傷門胎 杜門沒 景門死 死門囚 驚門休 開門廢"),
    Claim("qm-bo-fei", "000", 87, "凡丙加庚為勃飛，亦名伏干", "qimen", "丙 over 庚", p(a.pair_pattern, "丙", "庚", "勃飛"), "勃飛 伏干"),
    Claim("qm-bo-fu", "000", 87, "庚加丙為勃伏，亦名飛干", "qimen", "庚 over 丙", p(a.pair_pattern, "庚", "丙", "勃伏"), "勃伏 飛干"),
    Claim("qm-xing-geng-gui", "000", 95, "庚加癸為刑", "qimen", "庚 over 癸", p(a.pair_pattern, "庚", "癸", "刑"), "刑"),
    Claim("qm-xing-bing-ji", "000", 95, "丙加己為刑", "qimen", "丙 over 己", p(a.pair_pattern, "丙", "己", "刑"), "刑"),
    Claim("qm-po-geng-ding", "000", 95, "庚丁相加為破", "qimen", "庚 and 丁, either over the other",
          lambda: a.pair_pattern("庚", "丁", "破") + " " + a.pair_pattern("丁", "庚", "破"), "破 破"),
    Claim("qm-po-bing-ren", "000", 95, "丙壬相加為破", "qimen", "丙 and 壬, either over the other",
          lambda: a.pair_pattern("丙", "壬", "破") + " " + a.pair_pattern("壬", "丙", "破"), "破 破"),
    Claim("qm-qige-zei", "000", 103, "庚丙相加為賊格", "qimen", "庚 over 丙", p(a.pair_pattern, "庚", "丙", "奇格"), "奇格 賊格"),
    Claim("qm-qige-po", "000", 103, "庚丁相加為破格", "qimen", "丁 over 庚", p(a.pair_pattern, "丁", "庚", "奇格"), "奇格 破格"),
    Claim("qm-qige-he", "000", 103, "庚乙相加為合格", "qimen", "乙 over 庚", p(a.pair_pattern, "乙", "庚", "奇格"), "奇格 合格"),
    Claim("qm-longfeng", "000", 107, "丁乙相加，為龍鳳呈祥", "qimen", "丁 and 乙, either over the other",
          lambda: a.pair_pattern("丁", "乙", "龍鳳呈祥") + " " + a.pair_pattern("乙", "丁", "龍鳳呈祥"), "龍鳳呈祥 龍鳳呈祥"),
)

#: 000: 安營 (the camp's posts in the 旬).
GUCU_000 = (
    Claim("gc-yunchou-yunu", "000", 147, "假令子日運籌，本日玉女在庚方", "gucu", "運籌: the 玉女 of a 子 day",
          p(a.yun_chou, "子", "yu_nu"), "庚"),
    Claim("gc-yunchou-tianmen", "000", 147, "則午與巳兩籌之中，先成天門於丙矣", "gucu", "運籌 of a 子 day: 天門",
          p(a.yun_chou, "子", "tian_men"), "丙"),
    Claim("gc-yunchou-dihu", "000", 151, "則辰與卯兩籌之中，後成地戶於乙矣", "gucu", "運籌 of a 子 day: 地戶",
          p(a.yun_chou, "子", "di_hu"), "乙"),
    Claim("gc-yunchou-lone", "000", 151, "此局二孤在丑申二方，丑對天門為天門開方，申對地戶為地戶閉方", "gucu",
          "運籌 of a 子 day: the two lone tallies", p(a.yun_chou, "子", "lone"), "開丑 閉申"),
    Claim("gc-yunchou-route", "000", 151, "即從丙方出天門，於局外左繞，又從乙方入地戶，由庚方乘玉女而去", "gucu",
          "運籌 of a 子 day: the way out", p(a.yun_chou, "子", "route"), "出丙 入乙 去庚"),
    Claim("gc-route-yang1", "000", 115, "如陽一局甲己之日甲子時出軍，戊在一宮、己在二宮、丁在七宮，即領兵從正北出天門，從西南入地戶，由正西過太陰，還於正北甲子上居青龍，擊其沖大勝",
          "gucu", "the 出軍 route of 陽一局 at 甲子時 (擊其沖: the south)", p(a.chu_jun_route, "陽", 1, "甲子"),
          "出天門正北 入地戶西南 過太陰正西 居青龍正北 擊正南"),
    Claim("gc-biwu-size", "000", 131, "如畫地六步，取土一石二斗，六十步、十二石之類", "gucu", "閉戊 with a ring of 60 步 (乙丑)",
          p(a.bi_wu, "乙丑", 60), "戊在辰 辰午申戌子寅辰 十二石"),
    Claim("gc-biwu-jiazi", "000", 139, "本旬戊在辰，即於辰方取土一石二斗，分作六股，堆於辰午申戌子寅六方畢", "gucu",
          "閉戊 in the 甲子 旬, a ring of 6 步", p(a.bi_wu, "甲子", 6), "戊在辰 辰午申戌子寅辰 一石二斗"),
    Claim("gc-anying-jiazi", "000", 159, "大將居青龍，旗鼓居蓬星，士卒居明堂，伏兵居太陰，奇兵居天門，裨將居地戶，斬斷居天獄，治事居天庭，蒭糧居天廩，兵器居天藏",
          "gucu", "the ten posts in the 甲子 旬 (大將 … 兵器) and its 空亡", p(a.an_ying, "丙寅"), "子丑寅卯辰巳午未申酉 空戌亥"),
    Claim("gc-anying-jiawu", "000", 159, "以旬中六甲加支，一旬一易", "gucu", "the ten posts in the 甲午 旬 and its 空亡",
          p(a.an_ying, "甲午"), "午未申酉戌亥子丑寅卯 空辰巳"),
)

#: 004: 虎鈐經's 出軍日 and 孤虛.
GUCU_004 = (
    Claim("gc-jiri-1", "004", 3, "正月戊辰、丙子、庚午、辛卯、戊子、壬辰、丙辰、丙申", "gucu", "the good 出軍 days of 正月",
          p(a.ji_ri, 1), "戊辰、丙子、庚午、辛卯、戊子、壬辰、丙辰、丙申"),
    Claim("gc-jiri-2", "004", 3, "二月丁卯、辛卯", "gucu", "the good 出軍 days of 二月", p(a.ji_ri, 2), "丁卯、辛卯"),
    Claim("gc-jiri-5", "004", 3, "五月丙申、戊戌、庚戌、庚申、壬戌", "gucu", "the good 出軍 days of 五月", p(a.ji_ri, 5), "丙申、戊戌、庚戌、庚申、壬戌"),
    Claim("gc-jiri-7", "004", 3, "七月乙丑、乙酉、己酉、丁巳、癸丑", "gucu", "the good 出軍 days of 七月", p(a.ji_ri, 7), "乙丑、乙酉、己酉、丁巳、癸丑"),
    Claim("gc-jiri-8", "004", 3, "八月庚午、癸酉、壬午、丙午、戊午", "gucu", "the good 出軍 days of 八月", p(a.ji_ri, 8), "庚午、癸酉、壬午、丙午、戊午"),
    Claim("gc-jiri-3", "004", 3, "三月甲子、乙丑、戊辰、己巳、丙辰、庚申", "gucu", "the good 出軍 days of 三月",
          p(a.ji_ri, 3), "甲子、乙丑、戊辰、己巳、丙辰、庚申"),
    Claim("gc-jiri-6", "004", 3, "六月辛未、己未、癸未、庚寅、丙申、辛卯、壬寅、庚申", "gucu", "the good 出軍 days of 六月",
          p(a.ji_ri, 6), "辛未、己未、癸未、庚寅、丙申、辛卯、壬寅、庚申"),
    Claim("gc-jiri-9", "004", 3, "九月癸酉、乙酉、丙申、丁酉、壬寅、己酉、甲寅", "gucu", "the good 出軍 days of 九月",
          p(a.ji_ri, 9), "癸酉、乙酉、丙申、丁酉、壬寅、己酉、甲寅"),
    Claim("gc-jiri-10", "004", 3, "十月己酉、甲寅，已上用皆吉", "gucu", "the good 出軍 days of 十月", p(a.ji_ri, 10), "己酉、甲寅"),
    Claim("gc-liu-qiong", "004", 7, "六窮日不可出軍：初九、十九、二十八", "gucu", "the days of 六窮", p(a.month_days, "liu_qiong"),
          "9 19 28"),
    Claim("gc-wang-wang", "004", 11,
          "正月初七日，二月十四日，三月二十一日，四月八日，五月十六日，六月二十四日，七月九日，八月十八日，九月二十七日，十月十四日，十一月二十一日，十二月三十日",
          "gucu", "the 往亡 day of each month", a.wang_wang_days, "7 14 21 8 16 24 9 18 27 14 21 30"),
    Claim("gc-po", "004", 19, "背建向破。假令卯為建，則酉為破是也", "gucu", "the 破 of 建 卯", p(a.po_of, "卯"), "酉"),
    Claim("gc-ri-guxu", "004", 23,
          "子日亥孤巳虛，丑日子孤午虛，寅日丑孤未虛，卯日寅孤申虛，辰日卯孤酉虛，巳日辰孤戌虛，午日巳孤亥虛，未日午孤子虛，申日未孤丑虛，酉日申孤寅虛，戌日酉孤卯虛，亥日戌孤辰虛",
          "gucu", "the day's 孤 and 虛 of each day branch", a.ri_gu_xu_table,
          "子亥巳 丑子午 寅丑未 卯寅申 辰卯酉 巳辰戌 午巳亥 未午子 申未丑 酉申寅 戌酉卯 亥戌辰"),
    Claim("gc-shi-guxu", "004", 23, "用時孤虛：以時為主，方位並同", "gucu", "the hour's 孤 and 虛: the day's table by the hour",
          a.shi_gu_xu_table, "子亥巳 丑子午 寅丑未 卯寅申 辰卯酉 巳辰戌 午巳亥 未午子 申未丑 酉申寅 戌酉卯 亥戌辰"),
    Claim("gc-xun-guxu", "004", 27, "甲子背戌亥擊辰巳，甲戌背申酉擊寅卯，甲申背午未擊子丑，甲午背辰巳擊戌亥，甲辰背寅卯擊申酉，甲寅背子丑擊午未",
          "gucu", "the 旬's 孤 (背) and 虛 (擊), on every day of each 旬", a.xun_gu_xu_table,
          "甲子背戌亥擊辰巳，甲戌背申酉擊寅卯，甲申背午未擊子丑，甲午背辰巳擊戌亥，甲辰背寅卯擊申酉，甲寅背子丑擊午未"),
    Claim("gc-tian-mu", "004", 35, "甲子旬天目在庚午，地耳在戊辰。甲戌旬天目在庚辰，地耳在戊寅。甲申旬天目在庚寅，地耳在戊子", "gucu",
          "天目 and 地耳 of each 旬, on every day of it", p(a.xun_table, "tian_mu"),
          "甲子旬天目在庚午，地耳在戊辰，甲戌旬天目在庚辰，地耳在戊寅，甲申旬天目在庚寅，地耳在戊子，"
          "甲午旬天目在庚子，地耳在戊戌，甲辰旬天目在庚戌，地耳在戊申，甲寅旬天目在庚申，地耳在戊午"),
    Claim("gc-di-bing", "004", 43, "甲子旬地兵在寅，甲戌旬地兵在子，甲申旬地兵在戌，甲午旬地兵在申，甲辰旬地兵在午，甲寅旬地兵在辰", "gucu",
          "地兵 of each 旬", p(a.xun_table, "di_bing"),
          "甲子旬地兵在寅，甲戌旬地兵在子，甲申旬地兵在戌，甲午旬地兵在申，甲辰旬地兵在午，甲寅旬地兵在辰"),
    Claim("gc-huang-fan", "004", 47, "午戌歲黃幡在戌，虎尾在辰；子辰歲黃幡在辰，虎尾在戌；卯未歲黃幡在未，虎尾在丑；酉丑歲黃幡在丑，虎尾在未也",
          "gucu", "黃幡 and 虎尾 of the eight years listed", p(a.huang_fan, "午戌子辰卯未酉丑"),
          "午黃幡在戌虎尾在辰 戌黃幡在戌虎尾在辰 子黃幡在辰虎尾在戌 辰黃幡在辰虎尾在戌 "
          "卯黃幡在未虎尾在丑 未黃幡在未虎尾在丑 酉黃幡在丑虎尾在未 丑黃幡在丑虎尾在未"),
    Claim("gc-you-men", "004", 51, "正月天門在申，百死在酉。二月天門在酉，百死在戌", "gucu", "天門 and 百死 of months 1–12",
          a.you_men_table, "申酉 酉戌 戌亥 亥子 子丑 丑寅 寅卯 卯辰 辰巳 巳午 午未 未申"),
    Claim("gc-attack", "004", 55, "一日從艮擊坤，二日從震擊兌，三日從巽擊乾，四日從離擊坎，五日從坤擊艮，六日從兌擊震，七日從乾擊巽，八日從坎擊離。一日、十一、二十一日同前例擊之",
          "gucu", "the attack of days 1–8, repeated on 11–18 and 21–28", a.attack_table,
          "艮坤 震兌 巽乾 離坎 坤艮 兌震 乾巽 坎離 repeated"),
    Claim("gc-wu-yin-jiao", "004", 59, "角德在巳，陽子陰午，生氣卯，死酉，刑禍申", "gucu", "the directions of the tone 角",
          p(a.wu_yin_row, "角"), "角德在巳，陽子陰午，生氣卯，死酉，刑禍申"),
    Claim("gc-wu-yin-zhi", "004", 59, "徵德在未，陽午陰子，生氣午，死子，刑禍未", "gucu", "the directions of the tone 徵",
          p(a.wu_yin_row, "徵"), "徵德在未，陽午陰子，生氣午，死子，刑禍未"),
    Claim("gc-wu-yin-yu", "004", 59, "羽德在申，陽子陰午，生氣子，死午，刑禍丑", "gucu", "the directions of the tone 羽",
          p(a.wu_yin_row, "羽"), "羽德在申，陽子陰午，生氣子，死午，刑禍丑"),
    Claim("gc-wu-yin-shang", "004", 59, "商德在亥，陽子陰午，生氣酉，死卯，刑禍午", "gucu", "the directions of the tone 商",
          p(a.wu_yin_row, "商"), "商德在亥，陽子陰午，生氣酉，死卯，刑禍午"),
    Claim("gc-wu-yin-gong", "004", 59, "宮德在巳，陽子陰午，生氣子，死午，刑禍亥", "gucu", "the directions of the tone 宮",
          p(a.wu_yin_row, "宮"), "宮德在巳，陽子陰午，生氣子，死午，刑禍亥"),
    Claim("gc-lei-gong", "004", 83, "甲子旬六庚在午，甲戌旬六庚在辰，甲申旬六庚在寅，甲午旬六庚在子，甲辰旬六庚在戌，甲寅旬六庚在申", "gucu",
          "雷公 (六庚) of each 旬", p(a.xun_table, "lei_gong"),
          "甲子旬六庚在午，甲戌旬六庚在辰，甲申旬六庚在寅，甲午旬六庚在子，甲辰旬六庚在戌，甲寅旬六庚在申"),
    Claim("gc-jun-ji", "004", 55, "每到十日、二十、三十日，並軍忌，不可用之", "gucu", "the days of 軍忌", p(a.month_days, "jun_ji"),
          "10 20 30"),
)

#: 004: the 28 宿, 七元甲子, 命宿 and 三九.
MANSIONS_004 = (
    Claim("gc-ming-xiu-firsts", "004", 115, "一室、二奎、三胃、四壁、五參、六鬼、七張、八角、九亢、十心、十一牛、十二虛", "gucu",
          "命宿 of the first day of each month", a.ming_xiu_firsts, "室奎胃壁參鬼張角亢心牛虛"),
    Claim("gc-san-jiu", "004", 115, "假令大將生於五月五日，胃宿為第一命宿，三昴為榮，三畢為衰，四觜為安，五參為怨，六井為成，七鬼為壞，八柳為友，九星為親",
          "gucu", "命宿 of 五月五日 and the first nine (and the 業宿)", p(a.san_jiu_first_nine, 5, 5),
          "胃命 昴榮 畢衰 觜安 參怨 井成 鬼壞 柳友 星親 張業"),
    Claim("gc-qi-yuan", "004", 127, "假令三月一日為五元甲子，即翼宿值火星受日，二日乙丑即軫宿值水星受日，三日丙寅即角宿值木星受日", "gucu",
          "the mansions of 甲子 乙丑 丙寅 in the fifth 元 (江元)", p(a.qi_yuan_days, "江元", "甲子乙丑丙寅"), "翼火星 軫水星 角木星"),
    Claim("gc-yao-dayin", "004", 123, "第三畢宿值大陰受日（危、心、張所值同）", "gucu", "the mansions of 大陰",
          p(a.yao_group, "大陰"), "心危畢張"),
    Claim("gc-yao-shuixing", "004", 127, "第七箕宿值水星受日（軫、參、畢、壁所值同）", "gucu", "the mansions of 水星",
          p(a.yao_group, "水星"), "箕壁畢參軫", YAO_BI),
)

#: 004: 天罡加 and what it reads.
TIANGANG_004 = (
    Claim("gc-tiangang-plate", "004", 135, "假令正月占，以正月合神登明為月將，卯時占以登明加卯", "gucu",
          "where 天罡 stands with 登明 on 卯", p(a.tian_gang_on, "亥", "卯"), "申"),
    Claim("gc-tiangang-groups", "004", 63, "天罡加孟神在內，加仲神在門，加季神在外", "gucu", "where 神 is, by 孟 仲 季",
          a.tian_gang_groups, "孟神在內 仲神在門 季神在外"),
    Claim("gc-tiangang-you-hide", "004", 63, "以天罡加酉，隨便伏匿，可以探敵事，他人不覺知", "gucu", "天罡 on 酉: hiding and spying",
          p(a.tian_gang_reading, "酉", "hide"), "隨便伏匿，可以探敵事，他人不覺知"),
    Claim("gc-tiangang-zi", "004", 67, "以天罡加子，天地所通，吉候也", "gucu", "天罡 on 子: 天地",
          p(a.tian_gang_reading, "子", "tian_di"), "天地所通，吉候也"),
    Claim("gc-tiangang-yin", "004", 67, "天罡加寅，天地慶悅，舉小事吉", "gucu", "天罡 on 寅: 天地",
          p(a.tian_gang_reading, "寅", "tian_di"), "天地慶悅，舉小事吉"),
    Claim("gc-tiangang-mao", "004", 67, "天罡加卯，天地開格，不可舉眾", "gucu", "天罡 on 卯: 天地",
          p(a.tian_gang_reading, "卯", "tian_di"), "天地開格，不可舉眾"),
    Claim("gc-tiangang-wu", "004", 71, "天罡加午，天地初起而縱橫之時，凶", "gucu", "天罡 on 午: 天地",
          p(a.tian_gang_reading, "午", "tian_di"), "天地初起而縱橫之時，凶"),
    Claim("gc-tiangang-wei", "004", 71, "天罡加未，天地小通，宜小心，行賞賜，撫將校，慎兵馬，如是吉，反是凶", "gucu", "天罡 on 未: 天地",
          p(a.tian_gang_reading, "未", "tian_di"), "天地小通，宜小心，行賞賜，撫將校，慎兵馬，如是吉，反是凶"),
    Claim("gc-tiangang-hai", "004", 71, "天罡加亥，天地迫無路，行者止", "gucu", "天罡 on 亥: 天地",
          p(a.tian_gang_reading, "亥", "tian_di"), "天地迫無路，行者止"),
    Claim("gc-tiangang-you", "004", 71, "天罡加酉，天地關無路，若出兵中道奔亡，遇敵即敗，大凶，宜守營自備", "gucu", "天罡 on 酉: 天地",
          p(a.tian_gang_reading, "酉", "tian_di"), "天地關無路，若出兵中道奔亡，遇敵即敗，大凶，宜守營自備"),
)

#: Every row, in the ledger's order: by text, art and line.
CLAIMS: tuple[Claim, ...] = tuple(sorted(
    GODS_000 + GODS_004 + GUCU_000 + QIMEN_000 + JU_003 + QIMEN_003 + GUCU_004 + TIANGANG_004 + MANSIONS_004 + LIUREN_004,
    key=lambda c: (c.text, ARTS.index(c.art), c.line),
))
