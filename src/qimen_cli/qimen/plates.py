"""The 奇門 plates: earth plate, 直符/直使, nine stars, eight doors, heaven stems, 八神.

Two layouts:

* ``zhuan`` — 轉盤, the author's 古法 (003_fd1aa30e5b7f2d13.txt, 000_4b5dcee18d5e7425.txt):
  the eight ring palaces turn rigidly round the centre, the centre lodges in
  坤 (陽遁) or 艮 (陰遁).
* ``fei`` — 陶氏飛盤 (陶真人《遁甲神書》 as 003 describes it): the earth 五 stays in the
  centre and the heaven plate flies through the nine palaces in 洛書 order.

A plate depends only on (遁, 局, hour 干支, layout): 2 × 9 × 60 × 2 = 2,160 plates, each
built once (``build_plate`` is cached).

Palace lists follow CONVENTIONS.md ``palaces``: in 轉盤 the 寄宮 lists its own earth
stem, then the centre's; the palace where the 寄 star (天芮 陽 / 天任 陰) lands lists
that star then 天禽, and its heaven stems likewise; palace 5 keeps its earth stem and
has no heaven stem, star, door or god.  ``Plate.palaces`` is a tuple of 10 entries:
index 0 is None, indices 1–9 are the palaces (so ``plate.palaces[3]`` is 震).
"""

from __future__ import annotations

from ..errors import BadInput

from dataclasses import dataclass
from functools import lru_cache

from ..calendar.ganzhi import CYCLE, STEMS, XUN_YI, xun_shou

SOURCE_003 = "003_fd1aa30e5b7f2d13.txt"
SOURCE_000 = "000_4b5dcee18d5e7425.txt"

#: Palaces by the 洛書: 1 坎 N, 2 坤 SW, 3 震 E, 4 巽 SE, 5 中, 6 乾 NW, 7 兌 W, 8 艮 NE, 9 離 S.
PALACE_NAMES = {1: "坎", 2: "坤", 3: "震", 4: "巽", 5: "中", 6: "乾", 7: "兌", 8: "艮", 9: "離"}

#: The eight outer palaces clockwise from the north (south up: 坎 艮 震 巽 離 坤 兌 乾).
RING = (1, 8, 3, 4, 9, 2, 7, 6)
_RING_POS = {p: i for i, p in enumerate(RING)}

#: The nine palaces drawn south up.
GRID = ((4, 9, 2), (3, 5, 7), (8, 1, 6))

#: The nine stars by home palace.
STARS = {1: "天蓬", 2: "天芮", 3: "天沖", 4: "天輔", 5: "天禽", 6: "天心", 7: "天柱", 8: "天任", 9: "天英"}
_STAR_HOME = {name: p for p, name in STARS.items()}

#: The eight doors by home palace (the centre has none of its own).
DOORS = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "開門", 7: "驚門", 8: "生門", 9: "景門"}
_DOOR_HOME = {name: p for p, name in DOORS.items()}

#: The door the centre borrows when the 旬首's 儀 sits in 5: 陽 死門, 陰 生門 (CONVENTIONS.md;
#: forced by 003's 門伏 list: "禽星直符陽一局庚戌時 … 死門伏；陰九局庚戌時 … 生門伏").
CENTRE_DOOR = {"陽": "死門", "陰": "生門"}

#: 八神 in order from the 直符's palace (CONVENTIONS.md; the seeds do not give the order).
GODS = ("值符", "螣蛇", "太陰", "六合", "白虎", "玄武", "九地", "九天")

#: 三奇六儀 in earth-plate order: 戊己庚辛壬癸 then 丁丙乙.
EARTH_ORDER = tuple("戊己庚辛壬癸丁丙乙")

#: 寄宮: 陽遁 寄坤 (2), 陰遁 寄艮 (8) — 000, 貪合受制: 陽局 "乙庚合於西南", 陰局 "乙庚合於東北";
#: "何以不言禽任同宮，五八亦莫辨乎".
LODGE = {"陽": 2, "陰": 8}
#: The star 天禽 rides in 轉盤: 禽芮同宮 (陽), 禽任同宮 (陰).
LODGE_STAR = {"陽": "天芮", "陰": "天任"}

#: 陽星 (開) and 陰星 (闔): "蓬任沖輔禽之陽星 … 英芮柱心謂之陰星" (003).
YANG_STARS = frozenset(("天蓬", "天任", "天沖", "天輔", "天禽"))

LAYOUTS = ("zhuan", "fei")
SCHOOLS = {"zhuan": "古法轉盤", "fei": "陶氏飛盤"}

#: What each layout draws, as `cast --json` states it under `conventions` (lodge,
#: centre_door, ba_shen, ba_shen_direction; the 飛盤 adds centre).  The 飛盤 has no 寄宮 ("陶氏定圖，五還中宮",
#: 000_4b5dcee18d5e7425.txt) and no 八神 (every palace's god is None), so it names neither.
LAYOUT_CONVENTIONS = {
    "zhuan": {
        "lodge": "陽遁寄坤(2) 陰遁寄艮(8)",
        "centre_door": "陽遁死門 陰遁生門",
        "ba_shen": "".join(GODS),
        "ba_shen_direction": "陽遁順 陰遁逆",
    },
    "fei": {
        "lodge": None,
        "centre": "五還中宮: the earth 五 stays in the centre; nine stars fly in 洛書 order, 天禽 on its own",
        "centre_door": "陽遁死門 陰遁生門, drawn only when the 旬首's 儀 is in 5 (as the 直使); "
                       "otherwise the palace that receives the centre's slot has no door",
        "ba_shen": None,
        "ba_shen_direction": None,
    },
}
DUNS = ("陽", "陰")


@dataclass(frozen=True)
class Palace:
    """One palace of a plate; lists per CONVENTIONS.md ``palaces`` (see the module docstring)."""

    earth_stems: tuple[str, ...]
    heaven_stems: tuple[str, ...]
    stars: tuple[str, ...]
    door: str | None
    god: str | None


@dataclass(frozen=True)
class Plate:
    """One 奇門 plate.

    ``palaces``: tuple of 10, index 0 None, 1–9 the palaces.  ``zhi_fu_seat`` and
    ``zhi_shi_seat`` are the palaces the 直符 and the 直使 are sent to *before* lodging
    (5 allowed in 轉盤); ``zhi_fu_palace`` and ``zhi_shi_palace`` are where they are drawn.
    ``earth`` maps each of the nine stems to its earth palace (1–9, 5 allowed).
    ``star_turn``/``door_turn``: how many ring steps (轉盤, clockwise) or 洛書 steps
    (飛盤, forwards) the stars / doors moved.  ``steps``: the derivation, one short line each.
    """

    layout: str
    school: str
    dun: str
    ju: int
    hour: int
    xun_shou: str
    xun_yi: str
    zhi_fu: str
    zhi_fu_palace: int
    zhi_fu_seat: int
    zhi_shi: str
    zhi_shi_palace: int
    zhi_shi_seat: int
    palaces: tuple[Palace | None, ...]
    lodge: int | None
    earth: tuple[tuple[str, int], ...]
    star_turn: int
    door_turn: int
    steps: tuple[str, ...]

    @property
    def key(self) -> tuple[str, str, int, int]:
        """(layout, 遁, 局, hour): identifies the plate (cheap to hash)."""
        return (self.layout, self.dun, self.ju, self.hour)

    def earth_palace(self, stem: str) -> int:
        """Earth palace (1–9, 5 allowed) of one of the nine stems 戊…乙."""
        for s, p in self.earth:
            if s == stem:
                return p
        raise BadInput(f"{stem!r} is not one of the nine earth stems")


def earth_plate(dun: str, ju: int) -> dict[int, str]:
    """Earth stem of each palace: 戊己庚辛壬癸丁丙乙 from palace 局, 1→9 (陽) / 9→1 (陰), through 5.

    > 故陽局甲子起三宮 … 故陰局甲子起七宮 (000_4b5dcee18d5e7425.txt, 貪合受制)
    > 其法陽遁一局，一宮起甲子戊，二宮起甲戌己，三宮起甲申庚 … 七宮起丁奇，八宮起丙奇，九宮起乙奇
    > (003_fd1aa30e5b7f2d13.txt, 陶氏)
    """
    sign = 1 if dun == "陽" else -1
    return {(ju - 1 + sign * i) % 9 + 1: stem for i, stem in enumerate(EARTH_ORDER)}


def _walk(start: int, steps: int, dun: str) -> list[int]:
    """Palaces visited stepping through 1…9 (centre included) from `start`."""
    sign = 1 if dun == "陽" else -1
    return [(start - 1 + sign * i) % 9 + 1 for i in range(steps + 1)]


def _check(dun: str, ju: int, hour: int, layout: str) -> None:
    if dun not in DUNS:
        raise BadInput(f"unknown 遁: {dun!r} (expected 陽 or 陰)")
    if not (isinstance(ju, int) and 1 <= ju <= 9):
        raise BadInput(f"局 must be 1–9, got {ju!r}")
    if not (isinstance(hour, int) and 0 <= hour < 60):
        raise BadInput(f"hour must be a cycle index 0–59, got {hour!r}")
    if layout not in LAYOUTS:
        raise BadInput(f"unknown layout: {layout!r} (expected one of {', '.join(LAYOUTS)})")


@lru_cache(maxsize=None)
def build_plate(dun: str, ju: int, hour: int, layout: str = "zhuan") -> Plate:
    """The plate of (遁, 局, hour cycle index) in `layout` ("zhuan" or "fei"); cached."""
    _check(dun, ju, hour, layout)
    if layout == "zhuan":
        return _build_zhuan(dun, ju, hour)
    return _build_fei(dun, ju, hour)


def _earth_line(dun: str, ju: int, earth: dict[int, str]) -> str:
    order = "forwards 1→9" if dun == "陽" else "backwards 9→1"
    laid = " ".join(f"{earth[p]}{p}" for p in _walk(ju, 8, dun))
    return f"地盤 {dun}遁{ju}局: 戊己庚辛壬癸丁丙乙 from palace {ju} {order}: {laid}"


def _build_zhuan(dun: str, ju: int, hour: int) -> Plate:
    """轉盤 (古法).

    > 歌曰：「直符常以加時干，直使逆順時支去。」謂每甲用時，以當直之星符，臨奇儀本局之定位；
    > 以當直之門使，巡奇儀本元之遁宮也。 (003_fd1aa30e5b7f2d13.txt)
    > 故凡甲在之宮，即以直宮之星為符，以直宮之門為使也。 (003_fd1aa30e5b7f2d13.txt)

    * 直符 = home star of the 旬首儀's earth palace (5 → 天禽, riding 天芮 陽 / 天任 陰);
      it goes to the earth palace of the hour stem (a 甲 hour: its own 儀; 5 → the 寄宮).
    * 直使 = home door of that palace (5 → 死門 陽 / 生門 陰); it steps from there through
      1…9 (陽 forwards, 陰 backwards), centre included, by the hour's place in its 旬;
      landing on 5 means the 寄宮.
    * The eight ring stars and the eight doors turn rigidly; each star carries its home
      earth stem(s) to the heaven plate.
    * 八神 from the 直符's palace round the ring, clockwise (陽) / anticlockwise (陰).
    """
    earth = earth_plate(dun, ju)
    stem_palace = {s: p for p, s in earth.items()}
    lodge = LODGE[dun]

    def lodged(p: int) -> int:
        return lodge if p == 5 else p

    head = xun_shou(hour)
    yi = XUN_YI[head]
    yi_palace = stem_palace[yi]
    hour_stem = STEMS[hour % 10]
    n = hour - head  # place in the 旬, 0 on the 甲 hour

    zhi_fu = STARS[yi_palace]
    zhi_shi = DOORS[yi_palace] if yi_palace != 5 else CENTRE_DOOR[dun]
    fu_seat = yi_palace if hour_stem == "甲" else stem_palace[hour_stem]
    walk = _walk(yi_palace, n, dun)
    shi_seat = walk[-1]
    fu_palace, shi_palace = lodged(fu_seat), lodged(shi_seat)

    star_turn = (_RING_POS[fu_palace] - _RING_POS[lodged(yi_palace)]) % 8
    # The 直使's home on the ring: its own palace, or for the borrowed centre door the 寄宮
    # (死門's home is 2 = 寄坤, 生門's home is 8 = 寄艮).
    door_turn = (_RING_POS[shi_palace] - _RING_POS[_DOOR_HOME[zhi_shi]]) % 8

    def earth_list(p: int) -> tuple[str, ...]:
        return (earth[p], earth[5]) if p == lodge else (earth[p],)

    gods_dir = 1 if dun == "陽" else -1
    palaces: list[Palace | None] = [None] * 10
    for i, p in enumerate(RING):
        home = RING[(i - star_turn) % 8]  # the star now in p came from `home`
        door_home = RING[(i - door_turn) % 8]
        stars = (STARS[home], STARS[5]) if home == lodge else (STARS[home],)
        god_index = (gods_dir * (i - _RING_POS[fu_palace])) % 8
        palaces[p] = Palace(
            earth_stems=earth_list(p),
            heaven_stems=earth_list(home),
            stars=stars,
            door=DOORS[door_home],
            god=GODS[god_index],
        )
    palaces[5] = Palace(earth_stems=(earth[5],), heaven_stems=(), stars=(), door=None, god=None)

    lodge_name = f"{PALACE_NAMES[lodge]}({lodge})"
    steps = [
        _earth_line(dun, ju, earth),
        f"中五寄{lodge_name}: the centre stem {earth[5]} lodges in palace {lodge}; "
        f"天禽 rides {LODGE_STAR[dun]} (禽{LODGE_STAR[dun][1]}同宮)",
    ]
    if yi_palace == 5:
        steps.append(
            f"旬首 {CYCLE[head]} of hour {CYCLE[hour]} hides under 儀 {yi} in palace 5 (中五): "
            f"直符 天禽 (riding {LODGE_STAR[dun]}), 直使 {zhi_shi} (中五 rule: 陽 死門, 陰 生門)"
        )
    else:
        steps.append(
            f"旬首 {CYCLE[head]} of hour {CYCLE[hour]} hides under 儀 {yi} in palace {yi_palace}: "
            f"直符 {zhi_fu}, 直使 {zhi_shi}"
        )
    if hour_stem == "甲":
        steps.append(f"甲 hour: 直符 {zhi_fu} stays on its own 儀 {yi} (符使未分, 天輔時) → palace {fu_palace}")
    else:
        lodge_note = f" → 寄{lodge_name}" if fu_seat == 5 else ""
        steps.append(
            f"直符加時干: hour stem {hour_stem} in earth palace {fu_seat}{lodge_note}: "
            f"{zhi_fu} to palace {fu_palace}, the ring turns {star_turn} step(s) clockwise"
        )
    direction = "forwards" if dun == "陽" else "backwards"
    path = "→".join(str(p) for p in walk)
    lodge_note = f" → 寄{lodge_name}" if shi_seat == 5 else ""
    steps.append(
        f"直使 {zhi_shi} steps {n} from palace {yi_palace} {direction} ({path}){lodge_note}: "
        f"palace {shi_palace}, the doors turn {door_turn} step(s) clockwise"
    )
    steps.append(
        f"八神 from 值符 at palace {fu_palace}, "
        f"{'clockwise' if dun == '陽' else 'anticlockwise'} round the ring (1 8 3 4 9 2 7 6)"
    )

    return Plate(
        layout="zhuan",
        school=SCHOOLS["zhuan"],
        dun=dun,
        ju=ju,
        hour=hour,
        xun_shou=CYCLE[head],
        xun_yi=yi,
        zhi_fu=zhi_fu,
        zhi_fu_palace=fu_palace,
        zhi_fu_seat=fu_seat,
        zhi_shi=zhi_shi,
        zhi_shi_palace=shi_palace,
        zhi_shi_seat=shi_seat,
        palaces=tuple(palaces),
        lodge=lodge,
        earth=tuple((s, stem_palace[s]) for s in EARTH_ORDER),
        star_turn=star_turn,
        door_turn=door_turn,
        steps=tuple(steps),
    )


def _build_fei(dun: str, ju: int, hour: int) -> Plate:
    """陶氏飛盤, as 003 describes 陶真人's 162 圖.

    > 其法陽遁一局，一宮起甲子戊，二宮起甲戌己，三宮起甲申庚，四宮起甲午辛，五宮起甲辰壬，六宮起甲寅癸，
    > 七宮起丁奇，八宮起丙奇，九宮起乙奇，直符直使不載圖中。若甲子時用事，以直符天蓬、直使休門同加於坎一宮，
    > 天盤地盤相同。 … 如用乙丑時，本局地盤不動，以天盤甲子戊加乙於九宮，再加甲戌己於一宮、甲申庚於二宮 …
    > 加丁奇於六宮、加丙奇於七宮、加乙奇於八宮，以蓬休符使加於離九宮。凡甲己之乙丑甲戌時 … 七時六甲，
    > 各加其干，故同乙丑時者，共為一局第二圖 … 共為一百六十二圖。 (003_fd1aa30e5b7f2d13.txt)
    > 陶氏定圖，五還中宮，故陽三陰七，無乙庚之合。 (000_4b5dcee18d5e7425.txt)
    > 脫如其說，使九星可入中宮，禽芮亦不併混，不知直使僅有八門，又將何法以分九宮乎？ (003_fd1aa30e5b7f2d13.txt)

    * The earth plate is the 局's (5 stays in the centre, no 寄宮).
    * The heaven plate keeps the earth plate's 洛書 sequence and shifts as a whole so that
      the 旬首's 儀 sits on the hour stem's earth palace: heaven stem of palace q = earth
      stem of palace q − shift (counted round 1…9).  A 甲 hour counts as 甲 in 甲子戊's
      palace ("一宮起甲子戊"): the text files 甲戌時 under the second 圖 of 陽一局, which
      puts 己 (palace 2) on palace 1.
    * 直符 (star of the 儀's palace, 天禽 when 5) and 直使 both go to that palace.
    * Stars fly with their home stems, 天禽 on its own ("九星可入中宮，禽芮亦不併混").

    Open question: how the doors fly — the text only places the 直使 and asks how eight
    doors share nine palaces.  Here the eight doors shift with their home palaces like
    the stars; the palace that receives the centre's slot has no door, except when the
    旬首 is in 5: then the 直使 (死門 陽 / 生門 陰, the 轉盤 rule) is drawn there, and that
    door also shows at the palace its own home flew to.
    Open question: the 八神 — the texts give none for 陶氏's figures; ``god`` is None.
    Open question: 陰遁 — the text describes only 陽遁 一局; the same shift is used.
    """
    earth = earth_plate(dun, ju)
    stem_palace = {s: p for p, s in earth.items()}
    head = xun_shou(hour)
    yi = XUN_YI[head]
    yi_palace = stem_palace[yi]
    hour_stem = STEMS[hour % 10]
    target = stem_palace["戊"] if hour_stem == "甲" else stem_palace[hour_stem]
    shift = (target - yi_palace) % 9

    zhi_fu = STARS[yi_palace]
    zhi_shi = DOORS[yi_palace] if yi_palace != 5 else CENTRE_DOOR[dun]

    palaces: list[Palace | None] = [None] * 10
    for q in range(1, 10):
        home = (q - 1 - shift) % 9 + 1
        if home != 5:
            door = DOORS[home]
        elif yi_palace == 5:
            door = zhi_shi
        else:
            door = None
        palaces[q] = Palace(
            earth_stems=(earth[q],),
            heaven_stems=(earth[home],),
            stars=(STARS[home],),
            door=door,
            god=None,
        )

    steps = [
        _earth_line(dun, ju, earth),
        "陶氏飛盤: the earth 五 stays in the centre (五還中宮), no 寄宮; nine stars, 天禽 on its own",
        f"旬首 {CYCLE[head]} of hour {CYCLE[hour]} hides under 儀 {yi} in palace {yi_palace}: "
        f"直符 {zhi_fu}, 直使 {zhi_shi}" + (" (中五 rule: 陽 死門, 陰 生門)" if yi_palace == 5 else ""),
    ]
    if hour_stem == "甲":
        steps.append(f"甲 hour: 甲 counts as 甲子戊, earth palace {target} (一宮起甲子戊)")
    else:
        steps.append(f"hour stem {hour_stem} in earth palace {target}")
    steps.append(
        f"天盤 flies in 洛書 order: 儀 {yi} (palace {yi_palace}) onto palace {target}; "
        f"every stem, star and door moves {shift} palace(s) forwards round 1…9"
        + (f" (= {9 - shift} back)" if shift > 4 else "")
    )
    steps.append(f"直符 {zhi_fu} and 直使 {zhi_shi} both to palace {target} (符使同加)")

    return Plate(
        layout="fei",
        school=SCHOOLS["fei"],
        dun=dun,
        ju=ju,
        hour=hour,
        xun_shou=CYCLE[head],
        xun_yi=yi,
        zhi_fu=zhi_fu,
        zhi_fu_palace=target,
        zhi_fu_seat=target,
        zhi_shi=zhi_shi,
        zhi_shi_palace=target,
        zhi_shi_seat=target,
        palaces=tuple(palaces),
        lodge=None,
        earth=tuple((s, stem_palace[s]) for s in EARTH_ORDER),
        star_turn=shift,
        door_turn=shift,
        steps=tuple(steps),
    )
