"""Readings of the names the views print: pinyin and English (`--lang en`), 한글 (`--lang ko`).

JSON stays in characters; these tables only add a reading beside a name in the
terminal views.  English names are the usual renderings in English-language
奇門 and 六壬 books; they are glosses, not translations of a rule.
"""

from __future__ import annotations

#: name → (pinyin, English, 한글)
NAMES: dict[str, tuple[str, str, str]] = {
    # 九星
    "天蓬": ("Tianpeng", "Canopy", "천봉"),
    "天芮": ("Tianrui", "Grain", "천예"),
    "天沖": ("Tianchong", "Impulse", "천충"),
    "天輔": ("Tianfu", "Assistant", "천보"),
    "天禽": ("Tianqin", "Bird", "천금"),
    "天心": ("Tianxin", "Heart", "천심"),
    "天柱": ("Tianzhu", "Pillar", "천주"),
    "天任": ("Tianren", "Support", "천임"),
    "天英": ("Tianying", "Hero", "천영"),
    # 八門
    "休門": ("Xiumen", "Rest door", "휴문"),
    "死門": ("Simen", "Death door", "사문"),
    "傷門": ("Shangmen", "Harm door", "상문"),
    "杜門": ("Dumen", "Block door", "두문"),
    "開門": ("Kaimen", "Open door", "개문"),
    "驚門": ("Jingmen", "Fear door", "경문"),
    "生門": ("Shengmen", "Life door", "생문"),
    "景門": ("Jingmen", "View door", "경문"),
    # 八神 (and the twelve 天將 of 六壬 / 貴人)
    "值符": ("Zhifu", "Chief", "치부"),
    "直符": ("Zhifu", "Chief", "직부"),
    "直使": ("Zhishi", "Envoy", "직사"),
    "螣蛇": ("Tengshe", "Snake", "등사"),
    "太陰": ("Taiyin", "Moon", "태음"),
    "六合": ("Liuhe", "Harmony", "육합"),
    "白虎": ("Baihu", "White Tiger", "백호"),
    "玄武": ("Xuanwu", "Black Tortoise", "현무"),
    "元武": ("Yuanwu", "Black Tortoise", "원무"),
    "九地": ("Jiudi", "Nine Earth", "구지"),
    "九天": ("Jiutian", "Nine Heaven", "구천"),
    "貴人": ("Guiren", "Noble", "귀인"),
    "朱雀": ("Zhuque", "Vermilion Bird", "주작"),
    "勾陳": ("Gouchen", "Hook", "구진"),
    "青龍": ("Qinglong", "Green Dragon", "청룡"),
    "天空": ("Tiankong", "Void", "천공"),
    "太常": ("Taichang", "Constant", "태상"),
    "天后": ("Tianhou", "Empress", "천후"),
    # 格局
    "天輔時": ("Tianfu shi", "Heaven-assist hour", "천보시"),
    "伏吟": ("Fuyin", "Hidden chant", "복음"),
    "反吟": ("Fanyin", "Reversed chant", "반음"),
    "五合時": ("Wuhe shi", "Five-union hour", "오합시"),
    "五不遇時": ("Wubuyu shi", "Five-misfortune hour", "오불우시"),
    "七殺": ("Qisha", "Seven killings", "칠살"),
    "時干入墓": ("Shigan rumu", "Hour stem in its tomb", "시간입묘"),
    "日時干三奇入墓": ("Rishigan sanqi rumu", "Day/hour wonder in its tomb", "일시간삼기입묘"),
    "天網時": ("Tianwang shi", "Heaven's-net hour", "천망시"),
    "天網四張": ("Tianwang sizhang", "Heaven's net spread", "천망사장"),
    "天乙持衡時": ("Tianyi chiheng shi", "Tianyi holds the balance", "천을지형시"),
    "朱鳥跌穴": ("Zhuniao diexue", "Vermilion bird drops into its nest", "주조질혈"),
    "三奇得使": ("Sanqi deshi", "Wonder meets the envoy", "삼기득사"),
    "得使遇甲": ("Deshi yujia", "Envoy meets 甲", "득사우갑"),
    "三奇游六儀": ("Sanqi you liuyi", "Wonder roams the instruments", "삼기유육의"),
    "玉女守門": ("Yunü shoumen", "Jade maiden guards the door", "옥녀수문"),
    "迫": ("Po", "Pressed", "박"),
    "奇墓": ("Qimu", "Wonder in its tomb", "기묘"),
    "奇制": ("Qizhi", "Wonder restrained", "기제"),
    "擊刑": ("Jixing", "Striking punishment", "격형"),
    "勃飛": ("Bofei", "Rebel flies", "발비"),
    "勃伏": ("Bofu", "Rebel hides", "발복"),
    "格飛": ("Gefei", "Obstruction flies", "격비"),
    "格伏": ("Gefu", "Obstruction hides", "격복"),
    "反首": ("Fanshou", "Head turned back", "반수"),
    "刑": ("Xing", "Punishment", "형"),
    "破": ("Po", "Break", "파"),
    "奇格": ("Qige", "Wonder obstructed", "기격"),
    # 諸書's 格 and 三氏's 刑門 (cast --school, qimen/patterns/schools.py)
    "大格": ("Dage", "Great obstruction", "대격"),
    "小格": ("Xiaoge", "Lesser obstruction", "소격"),
    "刑格": ("Xingge", "Punishing obstruction", "형격"),
    "刑門": ("Xingmen", "Punishment door", "형문"),
    "陰陽化氣": ("Yinyang huaqi", "Yin-yang transformation", "음양화기"),
    "龍鳳呈祥": ("Longfeng chengxiang", "Dragon and phoenix", "용봉정상"),
    "二龍戰野": ("Erlong zhanye", "Two dragons fight", "이룡전야"),
    "二虎爭雄": ("Erhu zhengxiong", "Two tigers contend", "이호쟁웅"),
    "青龍困頓": ("Qinglong kundun", "Green dragon trapped", "청룡곤돈"),
    "白虎迍邅": ("Baihu zhunzhan", "White tiger stalled", "백호둔전"),
    "刑德開闔": ("Xingde kaihe", "Punishment and virtue open/close", "형덕개합"),
    "三甲": ("Sanjia", "Three 甲", "삼갑"),
    "遊三避五": ("Yousan biwu", "Roam three, avoid five", "유삼피오"),
    "氣應": ("Qiying", "Seasonal response", "기응"),
    "十干神名": ("Shigan shenming", "Spirit names of the ten stems", "십간신명"),
    # 六壬 三傳: how the first transmission is found, and the two common lesson names
    "賊剋": ("Zeike", "Rebellion and restraint", "적극"),
    "上克下": ("Shang ke xia", "Upper restrains lower", "상극하"),
    "下克上": ("Xia ke shang", "Lower rebels against upper", "하극상"),
    "比用": ("Biyong", "Matching use", "비용"),
    "涉害": ("Shehai", "Wading through harm", "섭해"),
    "遙剋": ("Yaoke", "Distant restraint", "요극"),
    "昴星": ("Maoxing", "Pleiades", "묘성"),
    "別責": ("Bieze", "Borrowed duty", "별책"),
    "八專": ("Bazhuan", "Eight sole days", "팔전"),
    "元首": ("Yuanshou", "Chief head", "원수"),
    "重審": ("Chongshen", "Retrial", "중심"),
    # 集靈經 and 天罡 on the 六壬 plate (liuren)
    "不可占": ("Buke zhan", "Not to divine", "불가점"),
    "向建": ("Xiang jian", "Facing a founding", "향건"),
    "天罡加之": ("Tiangang jia zhi", "Tiangang on the month's place", "천강가지"),
    "天罡加天門": ("Tiangang jia tianmen", "Tiangang on Heaven's Gate", "천강가천문"),
    "天罡加地戶": ("Tiangang jia dihu", "Tiangang on Earth's Door", "천강가지호"),
    "天罡加酉": ("Tiangang jia you", "Tiangang on You", "천강가유"),
    "天門": ("Tianmen", "Heaven's Gate", "천문"),
    "地戶": ("Dihu", "Earth's Door", "지호"),
    # 孤虛 and the military rules (gucu)
    "時孤虛": ("Shi guxu", "Hour orphan and void", "시고허"),
    "日孤虛": ("Ri guxu", "Day orphan and void", "일고허"),
    "旬孤虛": ("Xun guxu", "Decade orphan and void", "순고허"),
    "背建向破": ("Beijian xiangpo", "Back to the founding, face the breaking", "배건향파"),
    "天目": ("Tianmu", "Heaven's eye", "천목"),
    "地耳": ("Di'er", "Earth's ear", "지이"),
    "虎尾": ("Huwei", "Tiger's tail", "호미"),
    "黃幡": ("Huangfan", "Yellow banner", "황번"),
    "地兵": ("Dibing", "Earth soldiers", "지병"),
    "雷公": ("Leigong", "Thunder lord", "뇌공"),
    "遊門": ("Youmen", "Roaming gate", "유문"),
    "吉日": ("Jiri", "Good day", "길일"),
    "出軍吉日": ("Chujun jiri", "Good day to send out troops", "출군길일"),
    "往亡": ("Wangwang", "Going to ruin", "왕망"),
    "六窮": ("Liuqiong", "Six exhaustions", "육궁"),
    "軍忌": ("Junji", "Army's taboo", "군기"),
    "天乙絕氣": ("Tianyi jueqi", "Tianyi's breath cut off", "천을절기"),
    "不可出軍": ("Buke chujun", "Troops must not go out", "불가출군"),
    "時孤": ("Shi gu", "Hour orphan", "시고"),
    "時虛": ("Shi xu", "Hour void", "시허"),
    "日孤": ("Ri gu", "Day orphan", "일고"),
    "日虛": ("Ri xu", "Day void", "일허"),
    "旬孤": ("Xun gu", "Decade orphans", "순고"),
    "旬虛": ("Xun xu", "Decade voids", "순허"),
    "背建": ("Beijian", "Founding at the back", "배건"),
    "向破": ("Xiangpo", "Facing the breaking", "향파"),
    "百死": ("Baisi", "Hundred deaths", "백사"),
    "從方": ("Congfang", "Side to attack from", "종방"),
    "擊方": ("Jifang", "Side to strike", "격방"),
    "天罡": ("Tiangang", "Heaven's Dipper", "천강"),
    "五音德": ("Wuyin de", "Tone's virtue", "오음덕"),
    "五音陽": ("Wuyin yang", "Tone's yang", "오음양"),
    "五音陰": ("Wuyin yin", "Tone's yin", "오음음"),
    "五音生氣": ("Wuyin shengqi", "Tone's living breath", "오음생기"),
    "五音死氣": ("Wuyin siqi", "Tone's dead breath", "오음사기"),
    "五音刑禍": ("Wuyin xinghuo", "Tone's punishment", "오음형화"),
    # 私門 of the noble (noble)
    "私門吉門": ("Simen jimen", "Private gate on a good door", "사문길문"),
    "私門奇門": ("Simen qimen", "Private gate with wonder and good door", "사문기문"),
    # the emergency directions (twelve-gods, noble), 亭亭 and 白奸, the twelve 建除 officers
    "天三門": ("Tian sanmen", "Three heaven gates", "천삼문"),
    "地四戶": ("Di sihu", "Four earth doors", "지사호"),
    "天馬": ("Tianma", "Heaven's horse", "천마"),
    "私門": ("Simen", "Private gate", "사문"),
    "地私門": ("Di simen", "Earth private gate", "지사문"),
    "亭亭": ("Tingting", "Noble spirit", "정정"),
    "白奸": ("Baijian", "Treacherous spirit", "백간"),
    "直辰": ("Zhichen", "Day officer", "직진"),
    "合": ("He", "Joined", "합"),
    "格": ("Ge", "Opposed", "격"),
    "建": ("Jian", "Establish", "건"),
    "除": ("Chu", "Remove", "제"),
    "滿": ("Man", "Full", "만"),
    "平": ("Ping", "Level", "평"),
    "定": ("Ding", "Settle", "정"),
    "執": ("Zhi", "Hold", "집"),
    "危": ("Wei", "Danger", "위"),
    "成": ("Cheng", "Accomplish", "성"),
    "收": ("Shou", "Harvest", "수"),
    "開": ("Kai", "Open", "개"),
    "閉": ("Bi", "Close", "폐"),
    "古法轉盤": ("Gufa zhuanpan", "old rotating plate", "고법전반"),
    "陶氏飛盤": ("Taoshi feipan", "Tao's flying plate", "도씨비반"),
    "十八圖活局五專寄坤": ("Shibatu huoju wuzhuan jikun", "eighteen-figure live plate, centre lodged in Kun",
                   "십팔도활국 오전기곤"),
}


#: The prefix of a 六壬 name that holds on the lesson whether or not it decided (有賊剋: 賊剋 holds).
HOLDS = ("有", "You", "holds", "유")


def _row(name: str) -> tuple[str, str, str] | None:
    """The reading row of `name`; 有X from X's (`HOLDS`)."""
    row = NAMES.get(name)
    if row is None and name.startswith(HOLDS[0]) and name[1:] in NAMES:
        base = NAMES[name[1:]]
        return (f"{HOLDS[1]} {base[0][0].lower()}{base[0][1:]}", f"{base[1]} {HOLDS[2]}", f"{HOLDS[3]}{base[2]}")
    return row


def gloss_all(text: str, lang: str, separator: str = " / ") -> str:
    """Each name of `text` joined by `separator` glossed (`gloss`): "天目 / 地耳" → both read."""
    return separator.join(gloss(part, lang) for part in text.split(separator))


def reading(name: str, lang: str) -> str:
    """The short reading of `name` in `lang`: pinyin (en), 한글 (ko), nothing (zh or unknown)."""
    row = _row(name)
    if row is None or lang == "zh":
        return ""
    return row[0] if lang == "en" else row[2]


def english(name: str) -> str:
    """The usual English name of `name`, or ''."""
    row = _row(name)
    return row[1] if row else ""


def gloss(name: str, lang: str) -> str:
    """`name` with its reading: 天心 (zh), 天心 천심 (ko), 天心 Tianxin "Heart" (en)."""
    row = _row(name)
    if row is None or lang == "zh":
        return name
    if lang == "en":
        return f'{name} {row[0]} "{row[1]}"'
    return f"{name} {row[2]}"


def named(name: str, lang: str) -> str:
    """`name` followed by its short reading (pinyin or 한글), for narrow places such as grid cells."""
    r = reading(name, lang)
    return f"{name} {r}" if r else name
