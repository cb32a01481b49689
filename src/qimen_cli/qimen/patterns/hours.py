"""The hour patterns of 003_fd1aa30e5b7f2d13.txt: 天輔時 … 擊刑 (report order).

Conventions: see ``patterns/__init__.py``.  A pattern of a 加臨 (a star, door or heaven stem
moved onto a palace or an earth stem) does not arise at a 六甲 hour (`core.at_rest`); the
texts' modifiers (太陰合奇門蓋之 of 二吟, 吉門/凶門被迫, 玉女守門's 三奇吉門直使 and 太陰臨合地戶)
are worded into the detail of the pattern they modify.
"""

from __future__ import annotations

from ...calendar.compass import PALACE_NAMES
from ...calendar.ganzhi import CYCLE, STEMS, stems_combine
from ...texts import SOURCE_003
from ..names import DI_HU, JI_DOORS, SAN_QI, TAI_YIN
from ..plates import EARTH_ORDER, Plate, build_plate
from .core import JI, XIONG, Pattern, PatternContext, _pair_rule, _view, at_rest, rule, tai_yin_qi_men


@rule("天輔時", verdict=JI, source=SOURCE_003, line=147)
def tian_fu_shi(plate: Plate) -> Pattern | None:
    """天輔時: a 六甲 hour.

    > 天輔時者，甲子、甲戌、甲申、甲午、甲辰、甲寅時也。此六時符使未分、奇儀安位 …
    > 凡值此時，宜雪冤理枉，解紛釋難，諸事皆吉。 (003_fd1aa30e5b7f2d13.txt)
    """
    if plate.hour % 10 == 0:
        return Pattern("天輔時", None, CYCLE[plate.hour], SOURCE_003, JI)
    return None


#: What 二吟 become when 太陰 joins a 奇門 on the plate: "如值二吟，若得太陰合奇門蓋之，其凶減半".
ER_YIN_COVER = " 太陰合奇門蓋之 其凶減半"


@rule("伏吟", verdict=XIONG, source=SOURCE_003, line=131)
def fu_yin(plate: Plate) -> list[Pattern] | None:
    """伏吟: 星伏 (the 直符 sent onto its own 儀) and 門伏 (the doors back in their own
    palaces); never on a 六甲 hour.

    > 凡星門各加臨於本位，即為伏吟，如蓬加蓬、休加休是也。 … 凡值二吟，不利舉動。 …
    > 是以六甲之時，符使各安其位，定而能靜，謂之遁甲，不為伏吟。 …
    > 嘗考六十時中，星伏惟六時：甲子值符戊辰時，甲戌直符己卯時 … 甲寅直符癸亥時 …
    > 凡六癸時為門伏 … 惟禽星直符多一庚時，任星、芮星直符多一丁時。 (003_fd1aa30e5b7f2d13.txt)

    星伏 is read as 時干 = 旬首儀 (the text's six hours); 門伏 physically (the door ring
    at home), which gives the six 癸 hours and exactly the text's 庚/丁 hours.
    Open question: in 轉盤 the star ring is also physically at home in 24 (遁, 局, 時)
    where the 儀 and the hour stem sit one in 5 and one in its 寄宮 (e.g. 陽1局 壬午);
    the text's count excludes them, and so does this rule.

    The detail adds "太陰合奇門蓋之 其凶減半" when 太陰 (the heaven 丁) stands with a 吉門
    anywhere on the plate (`core.tai_yin_qi_men`; see `ER_YIN_COVER`).
    """
    if at_rest(plate):
        return None
    out = []
    cover = ER_YIN_COVER if tai_yin_qi_men(plate) else ""
    if STEMS[plate.hour % 10] == plate.xun_yi:
        out.append(Pattern("伏吟", None, "星伏" + cover, SOURCE_003, XIONG))
    if plate.door_turn == 0:
        out.append(Pattern("伏吟", None, "門伏" + cover, SOURCE_003, XIONG))
    return out or None


@rule("反吟", verdict=XIONG, source=SOURCE_003, line=131)
def fan_yin(plate: Plate) -> list[Pattern] | None:
    """反吟: stars (星反) or doors (門反) in the palaces opposite their own.

    > 凡星門各有定位，若加臨於對沖之位，即為反吟，如蓬加英、休臨景是也。 … 凡值二吟，不利舉動。 …
    > 反吟取沖，頭緒煩多，不能悉載，故未考定，於局中見之。 (003_fd1aa30e5b7f2d13.txt)

    轉盤 only: the ring turned by four.  Open question: 陶氏's flying plate never puts
    every star opposite its home ("陶氏圖中，有時干而無遁宮，故反伏二吟，支離舛謬"), so
    nothing is reported for `fei`.  The detail adds "太陰合奇門蓋之 其凶減半" as for 伏吟.
    """
    if at_rest(plate) or plate.layout == "fei":
        return None
    out = []
    cover = ER_YIN_COVER if tai_yin_qi_men(plate) else ""
    if plate.star_turn == 4:
        out.append(Pattern("反吟", None, "星反" + cover, SOURCE_003, XIONG))
    if plate.door_turn == 4:
        out.append(Pattern("反吟", None, "門反" + cover, SOURCE_003, XIONG))
    return out or None


@rule("五合時", verdict=JI, source=SOURCE_003, line=147, inputs=("day_stem", "hour_stem"))
def wu_he_shi(ctx: PatternContext) -> Pattern | None:
    """五合時: the hour stem combines with the (reported) day stem.

    > 五合時者，時與日之干相合也。甲己相合、乙庚相合、丙辛相合、丁壬相合、戊癸相合為五合。
    > 凡值此時，吉神用事，凶煞退藏，故其吉與天輔時同。 (003_fd1aa30e5b7f2d13.txt)
    """
    d, h = ctx.day % 10, ctx.hour % 10
    if stems_combine(d, h):
        return Pattern("五合時", None, f"{STEMS[d]}日{STEMS[h]}時 {STEMS[min(d, h)]}{STEMS[max(d, h)]}相合",
                       SOURCE_003, JI)
    return None


#: 五不遇時 by day stem: "以庚加午逆行，越過戌亥 … 次以日干甲從庚上逆數其下".
WU_BU_YU = dict(zip(STEMS, ("庚午", "辛巳", "壬辰", "癸卯", "甲寅", "乙丑", "丙子", "丁酉", "戊申", "己未"), strict=True))


@rule("五不遇時", verdict=XIONG, source=SOURCE_003, line=107, inputs=("day_stem", "hour"))
def wu_bu_yu_shi(ctx: PatternContext) -> Pattern | None:
    """五不遇時: the table of the song (day stem → hour 干支; the hour stem overcomes the day's).

    > 五不遇時者，時干剋日干也。凡值此時，諸事不利。經曰：時干剋日有災厄，甲日從午逆數之，
    > 若到戌亥便越過，萬事如逢俱不宜。其法以庚加午逆行，越過戌亥，為時之定局。次以日干甲從
    > 庚上逆數其下，即本日五不遇時也。 … 逆數者，合論其干支，故曰：五不遇時。 (003_fd1aa30e5b7f2d13.txt)
    """
    day_stem = STEMS[ctx.day % 10]
    if WU_BU_YU[day_stem] == CYCLE[ctx.hour % 60]:
        return Pattern("五不遇時", None, f"{day_stem}日{CYCLE[ctx.hour % 60]}時", SOURCE_003, XIONG)
    return None


@rule("七殺", verdict=XIONG, source=SOURCE_003, line=107, inputs=("day_stem", "hour_stem"))
def qi_sha(ctx: PatternContext) -> Pattern | None:
    """七殺: the hour stem is the seventh stem counted forwards from the day stem (the day's
    own stem the first), which overcomes it; the stem alone, whatever the hour's branch.

    > 凡十干環列，順數七干，逆數五干，皆克第一干。順數者，止論其干，故名七殺；逆數者，合論其干支，故曰：五不遇時。
    > (003_fd1aa30e5b7f2d13.txt)
    > 五不遇時者，時干剋日干也。凡值此時，諸事不利。 (003_fd1aa30e5b7f2d13.txt)

    Counting seven forwards and five backwards from a stem reach the same stem (甲 … 庚, 甲 癸
    壬 辛 庚), so the 五不遇時 hour of a day (its 干支) is always one of its 七殺 hours (its 干):
    both are reported.  Uses the reported day pillar, as 五不遇時.
    """
    d, h = ctx.day % 10, ctx.hour % 10
    if h == (d + 6) % 10:
        return Pattern("七殺", None, f"{STEMS[d]}日{STEMS[h]}時 {STEMS[h]}剋{STEMS[d]}", SOURCE_003, XIONG)
    return None


#: "凡戊辰、壬辰、己未、癸未、辛丑五時，為時干入墓".
SHI_GAN_RU_MU = ("戊辰", "壬辰", "己未", "癸未", "辛丑")


@rule("時干入墓", verdict=XIONG, source=SOURCE_003, line=111)
def shi_gan_ru_mu(plate: Plate) -> Pattern | None:
    """時干入墓: the hours 戊辰 壬辰 己未 癸未 辛丑.

    > 凡戊辰、壬辰、己未、癸未、辛丑五時，為時干入墓，不可用，以干囚於支也。舊本有戊、丙戌、丁、
    > 己丑四時，無戊辰、己未、辛丑三時，今改正之。 (003_fd1aa30e5b7f2d13.txt)
    """
    name = CYCLE[plate.hour]
    if name in SHI_GAN_RU_MU:
        return Pattern("時干入墓", None, name, SOURCE_003, XIONG)
    return None


#: "乙未、丙戌、丁丑三日時，謂之日時干三奇入墓".
SAN_QI_RU_MU = ("乙未", "丙戌", "丁丑")


@rule("日時干三奇入墓", verdict=XIONG, source=SOURCE_003, line=111, inputs=("day", "hour"))
def ri_shi_gan_san_qi_ru_mu(ctx: PatternContext) -> list[Pattern] | None:
    """日時干三奇入墓: the day or the hour is 乙未, 丙戌 or 丁丑 (reported for each).

    > 乙未、丙戌、丁丑三日時，謂之日時干三奇入墓，其凶與墓制同。 (003_fd1aa30e5b7f2d13.txt)
    """
    out = []
    for label, index in (("日", ctx.day), ("時", ctx.hour)):
        name = CYCLE[index % 60]
        if name in SAN_QI_RU_MU:
            out.append(Pattern("日時干三奇入墓", None, f"{name}{label}", SOURCE_003, XIONG))
    return out or None


#: 天網時 grade by the palace of the heaven 癸.
TIAN_WANG_GRADE = {4: "入墓 不宜出", 1: "低", 2: "低", 3: "低", 6: "觸冠 不宜出", 7: "高", 8: "高", 9: "高"}

#: How one gets out under a 高 or a 低 net, in the text's words, and how far:
#: > 高時以左手食指掩人中，仰面踽步而去；低時以兩臂負刀，俯身匍匐而去，俱至六十步外，坦行無疑。
#: > (003_fd1aa30e5b7f2d13.txt)
TIAN_WANG_POSTURE = {"高": "掩人中 仰面踽步而去", "低": "兩臂負刀 俯身匍匐而去"}
TIAN_WANG_DISTANCE = "至六十步外"
#: The 天網四張 hour: no way out.  > 東西南北，皆無路可出 (003_fd1aa30e5b7f2d13.txt)
SI_ZHANG_NO_WAY = "四張 無路可出"


def is_si_zhang(plate: Plate) -> bool:
    """天網四張: the 癸亥 hour with the earth 癸 in 中五 (陽九局, 陰一局).

    > 凡癸亥時為天網四張，東西南北，皆無路可出，惟陽九局、陰一局有之。 (003_fd1aa30e5b7f2d13.txt)
    """
    return CYCLE[plate.hour] == "癸亥" and plate.earth_palace("癸") == 5


def tian_wang_escape(palace: int, grade: str) -> str:
    """The way out of a 天網時 net graded `grade` (高 or 低) over `palace`: go out by its
    direction (出X方, the palace's trigram), in the posture the text gives, for sixty 步
    ("" for 入墓, 觸冠 and an ungraded palace: no way out is given).

    > 惟逃亡隱伏，出其方，人不能獲。然網有高低，出有俯仰，非可造次。 … 高時以左手食指掩人中，仰面踽步而去；
    > 低時以兩臂負刀，俯身匍匐而去，俱至六十步外，坦行無疑。 (003_fd1aa30e5b7f2d13.txt)

    Open question: "出其方" names no palace; "其方" is read as the direction of the net, the
    palace of the heaven 癸 whose height the text measures ("視天上癸臨何宮").
    """
    posture = TIAN_WANG_POSTURE.get(grade)
    return f"出{PALACE_NAMES[palace]}方 {posture} {TIAN_WANG_DISTANCE}" if posture else ""


@rule("天網時", verdict=XIONG, source=SOURCE_003, line=155)
def tian_wang_shi(plate: Plate) -> Pattern | None:
    """天網時: a 癸 hour; graded by the palace of the heaven 癸, with the way out (`tian_wang_escape`).

    > 天網時者，八門臨伏之時，即癸酉、癸未、癸巳、癸卯、癸丑、癸亥六時也。 … 如值此時，諸事不利 …
    > 視天上癸臨何宮：臨四宮為入墓，不宜出；臨一二三宮為低，臨六宮為觸冠，不宜出；臨七八九宮為高。
    > (003_fd1aa30e5b7f2d13.txt)

    At the 天網四張 hour (`is_si_zhang`) the grade is kept and no way out is given: "東西南北，
    皆無路可出".  Open question: in 陶氏飛盤 the heaven 癸 can stand in 5, which the text does
    not grade.
    """
    if plate.hour % 10 != 9:
        return None
    palace = next(p for p in range(1, 10) if "癸" in plate.palace(p).heaven_stems)
    grade = TIAN_WANG_GRADE.get(palace, "")
    way = SI_ZHANG_NO_WAY if is_si_zhang(plate) else tian_wang_escape(palace, grade)
    return Pattern("天網時", palace, " ".join(w for w in (f"天上癸臨{palace}宮", grade, way) if w),
                   SOURCE_003, XIONG)


@rule("天網四張", verdict=XIONG, source=SOURCE_003, line=159)
def tian_wang_si_zhang(plate: Plate) -> Pattern | None:
    """天網四張: the 癸亥 hour with the earth 癸 in 中五 (陽九局, 陰一局); no way out.

    > 凡癸亥時為天網四張，東西南北，皆無路可出，惟陽九局、陰一局有之。經曰：天網四張，萬物盡傷，
    > 強有出者，必罹其殃。 (003_fd1aa30e5b7f2d13.txt)
    """
    if is_si_zhang(plate):
        return Pattern("天網四張", None, "癸亥時 癸在中五 無路可出", SOURCE_003, XIONG)
    return None


#: "戊午、己未、庚申、辛酉、壬戌五時，直使同臨，為天乙持衡時": the text's five hours (the rule below
#: finds them from the meeting; tests compare the two).
TIAN_YI_CHI_HENG = ("戊午", "己未", "庚申", "辛酉", "壬戌")
#: The six 儀, in which the six 甲 hide (戊己庚辛壬癸, the earth plate's first six).
LIU_YI = EARTH_ORDER[:6]


@rule("天乙持衡時", verdict=JI, source=SOURCE_003, line=163)
def tian_yi_chi_heng_shi(plate: Plate) -> Pattern | None:
    """天乙持衡時: the 直使 walked onto the very seat the 直符 (天乙) is sent to, on a 儀 other than
    the 旬首's own: the hours 戊午 己未 庚申 辛酉 壬戌 (甲寅旬).

    > 且甲寅為天輔時，甲加丙為朱鳥跌穴時，戊午、己未、庚申、辛酉、壬戌五時，直使同臨，為天乙持衡時。
    > (003_fd1aa30e5b7f2d13.txt)
    > 不言直符而言天乙者，天乙隨六甲加時，言天乙即言直符也。 (000_4b5dcee18d5e7425.txt)

    In 轉盤 the 直符 and the 直使 meet on one seat only at these five hours, 丙辰 and 癸亥 of
    甲寅旬 and 丁酉 of 甲午旬: the five are the meetings on a 儀 other than the 旬首's own (癸亥
    is 伏吟, 丙辰 the text's 朱鳥跌穴).  The palace is theirs.
    Open question: 丁酉 (甲午旬, 直符 and 直使 on 丁: 玉女守門, 得使遇甲 in six 局) is a meeting
    too; the text, speaking of 甲寅旬, names the five hours and gives 丙辰's meeting on a 奇
    another name, so meetings on a 奇 are not counted.  In 陶氏飛盤 the 直符 and 直使 always
    share the hour stem's palace; the meeting is read on the 轉盤 seats of the same earth plate
    (the 直使 walked by the hour's place in its 旬), so the same five hours are reported.
    """
    if at_rest(plate):
        return None
    stem = STEMS[plate.hour % 10]
    if stem not in LIU_YI or stem == plate.xun_yi:
        return None
    seats = build_plate(plate.dun, plate.ju, plate.hour) if plate.layout == "fei" else plate
    if seats.zhi_fu_seat != seats.zhi_shi_seat:
        return None
    return Pattern("天乙持衡時", plate.zhi_fu_palace, f"{plate.zhi_fu}直符 {plate.zhi_shi}直使同臨",
                   SOURCE_003, JI)


#: 朱鳥跌穴: "甲加丙" (甲 = the 旬首's 儀, the stem the 直符 carries).
ZHU_NIAO_DIE_XUE = (("甲", "丙", "朱鳥跌穴", "", JI),)


@rule("朱鳥跌穴", verdict=JI, source=SOURCE_003, line=163)
def zhu_niao_die_xue(plate: Plate) -> list[Pattern] | None:
    """朱鳥跌穴: 甲加丙, the 旬首's 儀 (甲 hidden under it) over the earth 丙: the 直符 sent onto
    丙 at a 丙 hour (甲寅旬's 丙辰 in the text), or lodged with it.

    > 且甲寅為天輔時，甲加丙為朱鳥跌穴時 (003_fd1aa30e5b7f2d13.txt)
    > 若渾言歲月日時干，是以反首跌穴，亦為勃伏勃飛矣！ (000_4b5dcee18d5e7425.txt)

    Its counter-case 丙加甲 is 000's 反首 (pairs.py).  Open question: 000's "反首跌穴 … 勃伏
    勃飛", read term by term against its own 勃伏 (庚加丙, 丙 below) and 勃飛 (丙加庚, 丙
    above), would make 跌穴 丙加甲 (the usual 飛鳥跌穴 of later books); 003 says "甲加丙" of
    甲寅旬's 丙辰 hour, where the 直符 is sent onto 丙, and that explicit line is followed.
    """
    return _pair_rule(_view(plate), ZHU_NIAO_DIE_XUE, SOURCE_003) or None


@rule("三奇得使", "得使遇甲", verdict=JI, source=SOURCE_003, line=75)
def san_qi_de_shi(plate: Plate) -> list[Pattern] | None:
    """三奇得使: the 直使 is a 吉門 (開 休 生) of its own palace and is walked onto an earth 奇;
    得使遇甲: the 直符 is sent to that same seat.

    > 三奇得使者，謂得三吉門、直使加奇也。凡開、休、生加乙、丙。丁為吉門合三奇，利為百事。
    > 更得吉門作直使為得使，謀為尤利。 (003_fd1aa30e5b7f2d13.txt)
    > 甲遇者，謂得使之時，復遇直使之甲加之，其吉更倍 … 且得使遇甲，惟丙辰、丁酉二時有之，陰陽二局
    > 僅各三見 (003_fd1aa30e5b7f2d13.txt)

    Judged at the seats (before lodging; 5 is its own seat, holding the centre stem): the
    text's "二局五宮" (陰二局 丁酉, 丁 in 5) needs it.  The door the centre borrows (旬首
    in 5) is not "吉門作直使": the text's twelve 遇甲 cases need that too.
    """
    if plate.hour % 10 == 0 or plate.zhi_shi not in JI_DOORS:
        return None
    view = _view(plate)
    if view.earth[plate.xun_yi] == 5:
        return None
    seat = plate.zhi_shi_seat
    qi = next((q for q in SAN_QI if view.earth[q] == seat), None)
    if qi is None:
        return None
    where = f" (中五寄{plate.zhi_shi_palace})" if seat != plate.zhi_shi_palace else ""
    out = [Pattern("三奇得使", plate.zhi_shi_palace, f"{plate.zhi_shi}加{qi}{where}", SOURCE_003, JI)]
    if plate.zhi_fu_seat == seat:
        out.append(Pattern("得使遇甲", plate.zhi_shi_palace, f"{qi}奇得使 {plate.zhi_fu}直符同臨{where}",
                           SOURCE_003, JI))
    return out


#: The two 儀 each 奇 travels between: "乙遊己辛，丙遊戊庚，丁遊壬癸".
QI_YI = {"乙": ("己", "辛"), "丙": ("戊", "庚"), "丁": ("壬", "癸")}


@rule("三奇游六儀", verdict=JI, source=SOURCE_003, line=79)
def san_qi_you_liu_yi(plate: Plate) -> Pattern | None:
    """三奇游六儀: the hour stem is a 奇, the 旬首's 儀 is one of its two 儀, and on the earth
    plate the 奇 sits between those two 儀 at equal ring distance (1, or 2).

    > 三奇游六儀者，謂奇間於儀中，儀加奇、而奇復遊其儀也。左儀加奇，則奇游於右儀；右儀加奇，則奇游
    > 於左儀。乙遊己辛，丙遊戊庚，丁遊壬癸，必為當旬直符來加方是。假如陽一局，乙奇在九宮、甲午辛在
    > 四宮居右，甲戌己在二宮居左。若乙亥時，甲戌直符來加乙於九宮，則乙遊於右儀之辛 … 丙丁仿此，
    > 左右間一宮者亦是，如陽三局乙奇是也。 (003_fd1aa30e5b7f2d13.txt)

    The ring positions are taken with the centre lodged (the earth plate is the same in both
    layouts).  Unequal distances do not count: "陽七局 … 惟丙奇見" needs that (丁 has 壬 at
    two steps and 癸 at one).
    Open question: the text's "陽一四七局 … 惟丙奇見" is read 陽二四七 (its mirror 陰八六三).
    """
    qi = STEMS[plate.hour % 10]
    if qi not in QI_YI or plate.xun_yi not in QI_YI[qi]:
        return None
    view = _view(plate)
    a, b = QI_YI[qi]
    pos = {s: view.ring_pos(s) for s in (qi, a, b)}
    da, db = (pos[a] - pos[qi]) % 8, (pos[b] - pos[qi]) % 8
    if da + db == 8 and min(da, db) in (1, 2):
        other = b if plate.xun_yi == a else a
        return Pattern("三奇游六儀", view.lodged(view.earth[qi]), f"{plate.xun_yi}加{qi} {qi}遊{other}",
                       SOURCE_003, JI)
    return None


@rule("玉女守門", verdict=JI, source=SOURCE_003, line=83)
def yu_nu_shou_men(plate: Plate) -> Pattern | None:
    """玉女守門: the 直使 is walked onto the earth 丁's own palace (seat, before lodging).

    > 玉女守門者，地盤六丁守直使之門也。甲子直符庚午時、甲戌直符己卯時、甲申直符戊子時、甲午直符丁酉時、
    > 甲辰直符丙午時、甲寅直符乙卯時，值此六時則直使遁於丁奇所在之宮 … 此時利謀秘密、陰私之事
    > (003_fd1aa30e5b7f2d13.txt)
    > 若遇三奇吉門直使，又得太陰臨合地戶，宜福食遠行、出入皆吉。 (003_fd1aa30e5b7f2d13.txt)

    The detail adds the text's two conditions when they hold: "三奇吉門直使", the 直使 a 吉門
    of its own palace walked onto the 奇 丁 (三奇得使's reading: "三奇得使者，謂得三吉門、
    直使加奇也"), and "太陰臨合地戶", 太陰 (丁, "太陰玉女") over 地戶 (己, "地戶六合") on the
    heaven and earth plates, with its palace; with both, "出入皆吉".
    Open question: 太陰 and 地戶 are read by 000's 十干神名; the 八神 太陰 (a convention the texts
    do not state) and 000's 四戶 (除危定開 under the 月建) are not used.
    """
    view = _view(plate)
    if at_rest(plate) or plate.zhi_shi_seat != view.earth["丁"]:
        return None
    where = f" (中五寄{plate.zhi_shi_palace})" if plate.zhi_shi_seat != plate.zhi_shi_palace else ""
    de_shi = plate.zhi_shi in JI_DOORS and view.earth[plate.xun_yi] != 5
    di_hu = sorted({p for p, h, e, _label in view.pairs if h == TAI_YIN and e == DI_HU})
    detail = f"{plate.zhi_shi}臨丁{where}"
    if de_shi:
        detail += " 三奇吉門直使"
    if di_hu:
        detail += " 太陰臨合地戶" + "".join(f"{p}宮" for p in di_hu)
    if de_shi and di_hu:
        detail += " 出入皆吉"
    return Pattern("玉女守門", plate.zhi_shi_palace, detail, SOURCE_003, JI)


#: 迫: the palaces whose phase each door overcomes.
PO_PALACES = {"開門": (3, 4), "休門": (9,), "生門": (1,), "景門": (6, 7), "傷門": (2, 8), "杜門": (2, 8),
              "死門": (1,), "驚門": (3, 4)}


#: The two kinds of 迫: "吉門被迫，吉事成凶；凶門被迫，凶災愈甚".
PO_KIND = {True: "吉門被迫 吉事成凶", False: "凶門被迫 凶災愈甚"}


@rule("迫", verdict=XIONG, source=SOURCE_003, line=103)
def po_men(plate: Plate) -> list[Pattern] | None:
    """迫: a door in a palace whose phase it overcomes; the detail says 吉門被迫 (開 休 生) or
    凶門被迫 (the other five).

    > 迫者，門制其宮也。開門臨三、四宮，休門臨九宮，生門臨一宮，景門臨六、七宮，傷、杜二門臨二、八宮，
    > 死門臨一宮，驚門臨三、四宮，凡此為迫，不利諸事。經云：吉門被迫，吉事成凶；凶門被迫，凶災愈甚。
    > (003_fd1aa30e5b7f2d13.txt)

    Open question: the texts name only the three 吉門; every other door (景門 and 杜門
    included, which some books hold 平) is read as a 凶門.
    """
    if at_rest(plate):
        return None
    out = [Pattern("迫", p, f"{door}臨{p}宮 {PO_KIND[door in JI_DOORS]}", SOURCE_003, XIONG)
           for p in range(1, 10)
           if (door := plate.palace(p).door) is not None and p in PO_PALACES[door]]
    return out or None


#: 奇墓 and 奇制 palaces of the heaven 奇.
QI_MU = {"乙": (2,), "丙": (6,), "丁": (6,)}
QI_ZHI = {"乙": (6, 7), "丙": (1,), "丁": (1,)}


@rule("奇墓", verdict=XIONG, source=SOURCE_003, line=111)
def qi_mu(plate: Plate) -> list[Pattern] | None:
    """奇墓: heaven 乙 in 2, heaven 丙 or 丁 in 6.

    > 奇墓者，乙奇臨二宮，丙奇、丁奇臨六宮也。二宮藏未，六宮藏戌，乙木墓於未，丙丁火墓於戌 …
    > 墓則氣絕，不利舉動，動即有凶 (003_fd1aa30e5b7f2d13.txt)

    None at a 六甲 hour: the 奇 rest in their places there, none 臨 (`core.at_rest`).
    """
    if at_rest(plate):
        return None
    view = _view(plate)
    out = [Pattern("奇墓", p, f"{q}奇臨{p}宮", SOURCE_003, XIONG)
           for q in SAN_QI for p in view.heaven.get(q, ()) if p in QI_MU[q]]
    return out or None


@rule("奇制", verdict=XIONG, source=SOURCE_003, line=111)
def qi_zhi(plate: Plate) -> list[Pattern] | None:
    """奇制: heaven 乙 in 6 or 7 (木制於金), heaven 丙 or 丁 in 1 (火制於水).

    > 奇制者，乙奇臨六、七宮，木制於金；丙丁奇臨一宮，火制於水也。三奇受制，占與墓同。
    > (003_fd1aa30e5b7f2d13.txt)

    None at a 六甲 hour, as 奇墓.
    """
    if at_rest(plate):
        return None
    view = _view(plate)
    out = [Pattern("奇制", p, f"{q}奇臨{p}宮", SOURCE_003, XIONG)
           for q in SAN_QI for p in view.heaven.get(q, ()) if p in QI_ZHI[q]]
    return out or None


#: 擊刑: the palace each heaven 儀 must stand in.
JI_XING = {"戊": 3, "己": 2, "庚": 8, "辛": 9, "壬": 4, "癸": 4}
#: The 旬首 each 儀 hides.


@rule("擊刑", verdict=XIONG, source=SOURCE_003, line=115)
def ji_xing(plate: Plate) -> Pattern | None:
    """擊刑: the 直符's 儀 (the 旬首's, with its 甲) sent to the palace its 旬首 punishes: 戊 (甲子)
    in 3, 己 (甲戌) in 2, 庚 (甲申) in 8, 辛 (甲午) in 9, 壬 (甲辰) or 癸 (甲寅) in 4.

    > 刑者，子刑卯、戌刑未、申刑寅、午刑午、辰刑辰、寅刑巳也。甲子戊儀加三宮，甲戌己儀加二宮，甲申庚儀加八宮，
    > 甲午辛儀加九宮，甲辰壬儀、甲寅癸儀加四宮，為擊刑。 … 凡值此時最凶，不宜舉動百事 …
    > 一本甲戌加八宮，甲申加四宮，甲寅加二宮亦是。 (003_fd1aa30e5b7f2d13.txt)
    > 且甲子直符臨震宮名擊刑 (003_fd1aa30e5b7f2d13.txt)

    Only the 直符's 儀: each 儀 is named by its 旬首, whose branch does the punishing (子刑卯 …),
    and a 甲 hides in a 儀 only while its 旬 is current; the text names the case by the 直符
    ("甲子直符臨震宮") and "此時", an hour.  None at a 六甲 hour: the 直符 rests on its own 儀,
    sent nowhere (`core.at_rest`).  The detail still ends in "直符".  The 一本's three places
    ("亦是": the author accepts them) are not this table's: `cast --school yiben` adds them
    (patterns/schools.yiben_ji_xing).
    """
    if at_rest(plate):
        return None
    yi = plate.xun_yi
    palace = JI_XING[yi]
    if palace not in _view(plate).heaven.get(yi, ()):
        return None
    return Pattern("擊刑", palace, f"{plate.xun_shou}{yi}儀加{palace}宮 直符", SOURCE_003, XIONG)


