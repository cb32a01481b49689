"""Patterns of 000_4b5dcee18d5e7425.txt on the whole plate: 氣應 (旺相休囚) and 十干神名."""

from __future__ import annotations

from functools import cache

from ...calendar.ganzhi import BRANCH_PHASE, PHASES
from ...texts import SOURCE_000
from ..names import SHI_GAN_SHEN
from ..plates import DOORS, RING, Plate
from .core import NEUTRAL, XING_DE_GROUPS, Cells, Palaces, Pattern, PatternContext, Rule, _view, qi_group, rule

#: Phase of each star: "九星蓬水、英火、沖輔木、任芮禽土、柱心金".
STAR_PHASE = {"天蓬": "水", "天英": "火", "天沖": "木", "天輔": "木", "天任": "土", "天芮": "土", "天禽": "土",
              "天心": "金", "天柱": "金"}
#: Star state by (phase of the month − phase of the star) in generating steps.
STAR_STATE = {1: "旺", 0: "相", 2: "休", 3: "囚", 4: "廢"}
#: Door states round the ring (休 生 傷 杜 景 死 驚 開) from the 旺 door.
DOOR_STATES = ("旺", "絕", "胎", "沒", "死", "囚", "休", "廢")
#: The eight doors round the ring from 坎1 (休 生 傷 杜 景 死 驚 開).
RING_DOORS = tuple(DOORS[p] for p in RING)


def star_state(star: str, month_branch: int) -> str:
    """旺相休囚廢 of a star in the month of `month_branch` (我生旺, 同相, 我克休, 克我囚, 生我廢)."""
    diff = (PHASES.index(BRANCH_PHASE[month_branch]) - PHASES.index(STAR_PHASE[star])) % 5
    return STAR_STATE[diff]


def door_state(door: str, ju_term: int) -> str:
    """旺絕胎沒死囚休廢 of a door in the 八節 group of the term `ju_term` (冬至 三氣 休門旺 …)."""
    start = XING_DE_GROUPS.index(qi_group(ju_term))
    return DOOR_STATES[(RING_DOORS.index(door) - start) % 8]


#: The same two rules as tables, for the per-chart path: (star, month branch) and (door, term).
STAR_STATES = {(s, b): star_state(s, b) for s in STAR_PHASE for b in range(12)}
DOOR_STATES_BY_GROUP = {(d, qi_group(k)): door_state(d, k) for d in RING_DOORS for k in range(24)}


def _cells(plate: Plate) -> Cells:
    """The plate facts 氣應 reads: (palace, stars, door) of each palace holding a star or door."""
    return _view(plate).cells


@rule("氣應", verdict=NEUTRAL, source=SOURCE_000, line=75, inputs=("month_branch", "term_group"),
      part=_cells, palaces=lambda part, c: _qi_ying(part, c))
def qi_ying(ctx: PatternContext) -> tuple[Pattern, ...]:
    """氣應: per palace, the state of its star(s) by the month and of its door by the 節.

    > 氣應者，符使之行，旺相休囚，與氣相應也。九星蓬水、英火、沖輔木、任芮禽土、柱心金，皆以我生之月為旺，
    > 我同之月為相，我克之月為休，克我之月為囚，生我之月為廢。如水星旺於寅卯月、相於亥子月、休於四五月、
    > 囚於辰戌丑未月、廢於申酉月是也 … 八門氣應法，以旺、絕、胎、沒、死、囚、休、廢環列，逐節以本門
    > 加於旺地審之。如冬至三氣，以休門加旺，則生門絕，傷門胎，杜門沒，景門死，死門囚，驚門休，開門廢是也
    > (000_4b5dcee18d5e7425.txt)

    Stars by the month pillar's branch; doors by the three-氣 group of the governing term
    (冬至 休 旺, 立春 生, 春分 傷, 立夏 杜, 夏至 景, 立秋 死, 秋分 驚, 立冬 開).
    Open question: "逐節" could mean the 節 in force rather than the term whose 局 is used.
    """
    record: Rule = qi_ying.rule  # type: ignore[attr-defined]  # (set by `rule`)
    return record.patterns_of(_qi_ying(_cells(ctx.plate), ctx))


def _qi_ying(cells: Cells, ctx: PatternContext) -> Palaces:
    """氣應 of the plate's cells in the context's month and term, as (palace, detail) pairs."""
    month_branch, group = ctx.month % 12, qi_group(ctx.ju_term)
    return tuple([(p, _qi_ying_detail(stars, door, month_branch, group)) for p, stars, door in cells])


@cache
def _qi_ying_detail(stars: tuple[str, ...], door: str | None, month_branch: int, group: str) -> str:
    """氣應 of one palace's star(s) by the month branch and its door by the 三氣 group ("天芮囚 天禽囚 死門旺")."""
    detail = _stars_text(stars, month_branch)
    if door is not None:
        door_text = DOOR_STATES_BY_GROUP[door, group]
        detail = f"{detail} {door}{door_text}" if detail else door + door_text
    return detail


@cache
def _stars_text(stars: tuple[str, ...], month_branch: int) -> str:
    """The stars of a palace with their states, space-separated ("天芮囚 天禽囚")."""
    return " ".join([s + STAR_STATES[s, month_branch] for s in stars])


#: The rules of this module that name something on every chart (not a condition a chart meets):
#: what each reads, for the refusal of `--where NAME` (it would keep every 時辰).
ON_EVERY_CHART: dict[str, str] = {
    "氣應": "the state (旺相休囚) of every palace's star and door",
    "十干神名": "the name of every palace's earth stem",
}


@rule("十干神名", verdict=NEUTRAL, source=SOURCE_000, line=111)
def shi_gan_shen_ming(plate: Plate) -> tuple[Pattern, ...]:
    """十干神名: the name of each earth stem of a palace, and 甲 (天輔青龍) where the 旬首's 儀 is.

    > 甲為天輔青龍，乙為天德蓬星，丙為明堂天威，丁為太陰玉女，戊為天武天門，己為地戶六合，庚為天獄天伐，
    > 辛為天庭天尉，壬為天牢天廩，癸為天藏華蓋。 (000_4b5dcee18d5e7425.txt)
    > 如陽一局甲己之日甲子時出軍，戊在一宮、己在二宮、丁在七宮 … 還於正北甲子上居青龍
    > (000_4b5dcee18d5e7425.txt)
    """
    return _shen_ming(tuple(plate.palace(p).earth_stems for p in range(1, 10)), plate.xun_yi)


@cache
def _shen_ming(earth: tuple[tuple[str, ...], ...], xun_yi: str) -> tuple[Pattern, ...]:
    """十干神名 of an earth plate (per palace 1–9) with 甲 hidden under `xun_yi`."""
    out = []
    for p, stems in enumerate(earth, 1):
        parts = [f"{s} {SHI_GAN_SHEN[s]}" for s in stems]
        if xun_yi in stems:
            parts.append(f"甲 {SHI_GAN_SHEN['甲']}")
        out.append(Pattern("十干神名", p, "；".join(parts), SOURCE_000, NEUTRAL))
    return tuple(out)

