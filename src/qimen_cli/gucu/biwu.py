"""閉戊: closing the night camp with soil taken at the 旬's 戊 (000).

More precisely: a ring of N 步 (N a multiple of six) is drawn from 艮; soil of 2N 斗
is dug at the branch of the 旬's 戊, split into six heaps on the six yang branches,
and joined heap to heap, verse by verse, starting at the 戊 branch and going round
(+2 branches a verse) back to it; the knife is buried where the soil was dug.
Source: 000_4b5dcee18d5e7425.txt.
"""

from __future__ import annotations

from functools import lru_cache

from ..calendar.ganzhi import BRANCHES, xun_shou
from ..errors import BadInput
from ..records import frozen

#: Verse said at each yang branch when its heap is joined to the next.
#: > 閉戊訣：鼠穴土塞、均接虎穴，虎穴土盈、均接龍門，龍門土坰，均接馬嶺，馬嶺土寬，均接猴山，
#: > 猴山土靈、均接狗城，狗城土足、均接鼠窟。 (000_4b5dcee18d5e7425.txt)
#: (The text spells 鼠穴/鼠窟 both ways; immaterial.)
VERSES = {0: "鼠穴土塞、均接虎穴", 2: "虎穴土盈、均接龍門", 4: "龍門土坰，均接馬嶺",
          6: "馬嶺土寬，均接猴山", 8: "猴山土靈、均接狗城", 10: "狗城土足、均接鼠窟"}

#: The ring is drawn from 艮: > 其法用刀從艮上起，畫地一周 … (000_4b5dcee18d5e7425.txt)
DRAW_FROM = "艮"

_DIGITS = "零一二三四五六七八九"


def chinese_number(n: int) -> str:
    """A positive integer below 10⁸ in Chinese numerals (12 → 十二, 120 → 一百二十, 10000 → 一萬)."""
    if not 0 < n < 10 ** 8:
        raise BadInput(f"out of range: {n}")
    high, low = divmod(n, 10000)
    if high:
        rest = _below_10000(low, leading=False) if low else ""
        zero = "零" if 0 < low < 1000 else ""
        return _below_10000(high) + "萬" + zero + rest
    return _below_10000(low)


def _below_10000(n: int, leading: bool = True) -> str:
    out, zero = [], False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit, n = divmod(n, value)
        if digit:
            if zero:
                out.append("零")
            out.append(_DIGITS[digit] + unit)
            zero = False
        elif out:
            zero = True
    text = "".join(out)
    return text[1:] if leading and text.startswith("一十") else text


def soil_dou(steps: int) -> int:
    """Soil in 斗 for a ring of `steps` 步: twice the steps (10 斗 = 1 石).

    > 於旬中戊上取土，以倍六為率。如畫地六步，取土一石二斗，六十步、十二石之類。 (000_4b5dcee18d5e7425.txt)
    """
    if steps <= 0 or steps % 6:
        raise BadInput(f"the ring is measured by sixes (以六為率): {steps} 步")
    return 2 * steps


def soil_text(dou: int) -> str:
    """斗 as the text writes an amount: 12 → 一石二斗, 120 → 十二石."""
    shi, rest = divmod(dou, 10)
    return (chinese_number(shi) + "石" if shi else "") + (chinese_number(rest) + "斗" if rest else "")


def wu_branch(cycle_index: int) -> int:
    """Branch of the 旬's 戊 (甲子旬 戊辰 → 辰, 甲戌 → 寅, 甲申 → 子, 甲午 → 戌, 甲辰 → 申, 甲寅 → 午).

    > 畫畢，於旬中戊上取土 … 堆於六戊之上，從本旬戊上起，依訣均之 (000_4b5dcee18d5e7425.txt)
    > 假令甲子旬野宿閉戊 … 本旬戊在辰，即於辰方取土一石二斗 (000_4b5dcee18d5e7425.txt)
    """
    return (xun_shou(cycle_index % 60) + 4) % 12


def join_order(wu: int) -> tuple[int, ...]:
    """Heaps joined from the 戊 branch round the six yang branches and back (甲子旬: 辰午申戌子寅辰).

    > 本旬戊在辰，即於辰方取土一石二斗，分作六股，堆於辰午申戌子寅六方畢，持刀於辰上念：龍門土坰，
    > 均接馬嶺，即將辰上土，用刀運連午上 … 又將寅上土，運連辰上，周遭成一壁壘矣。 (000_4b5dcee18d5e7425.txt)
    """
    return tuple((wu + 2 * i) % 12 for i in range(7))


@frozen
class BiWu:
    """閉戊 of the 旬: the 戊 branch (`wu`), the heaps in joining `order`, the soil, the verses."""

    xun: str
    wu: str
    order: tuple[str, ...]
    verses: tuple[str, ...]
    steps: int
    soil_dou: int
    soil: str
    draw_from: str
    knife: str


@lru_cache(maxsize=1024)
def bi_wu(cycle_index: int, steps: int = 6) -> BiWu:
    """閉戊 for the 旬 of `cycle_index` and a ring of `steps` 步 (default 六步, 在庭).

    > 凡軍行野宿，及避難止息，皆用閉戊之法，攝伏群凶，無有恐怖。其法用刀從艮上起，畫地一周，以六為率，畫畢，
    > 於旬中戊上取土，以倍六為率 … 以土分為六股，堆於六戊之上，從本旬戊上起，依訣均之，互相接續，佈滿周匝。
    > 然後刀埋於取土之方，回身入中央祝之，遂宿於中。 (000_4b5dcee18d5e7425.txt)
    > 假令甲子旬野宿閉戊，用六步為率 (000_4b5dcee18d5e7425.txt)

    The ring sizes are those the 運籌 passage gives:
    > 在庭六步，在野六十步，或六百步，或三百六十步，俱以六為率 (000_4b5dcee18d5e7425.txt)
    """
    wu = wu_branch(cycle_index)
    order = join_order(wu)
    dou = soil_dou(steps)
    head = xun_shou(cycle_index % 60)
    return BiWu(
        xun="甲" + BRANCHES[head % 12],
        wu=BRANCHES[wu],
        order=tuple(BRANCHES[b] for b in order),
        verses=tuple(VERSES[b] for b in order[:-1]),
        steps=steps,
        soil_dou=dou,
        soil=soil_text(dou),
        draw_from=DRAW_FROM,
        knife=BRANCHES[wu],
    )
