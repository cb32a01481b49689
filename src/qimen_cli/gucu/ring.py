"""The 24-point ring (二十四方) and the compass names the 孤虛 rules speak in.

More precisely: the ring of 000's 運籌 — twelve branches, eight stems and the four
corners (四維), laid from 正北 子 turning left (clockwise seen from above, south up
on the drawing): 子癸丑艮寅甲卯乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬.  A branch's
direction is its place on this ring; the eight trigrams of 004's day rule sit on
their 四正/四維 points.

> 畫地一周，以六為數，分為二十四方，從正北子地起左旋，一方記一字，分四維八干二十支，即子癸丑艮寅甲
> 昴乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬二十四字，環列為記也。 (000_4b5dcee18d5e7425.txt)

The text writes 昴 for 卯 (a graphic slip: the point between 甲 and 乙 is the
branch 卯); the ring below has 卯.
"""

from __future__ import annotations

#: The 24 points from 正北, clockwise (子 at 0, 午 at 12).
RING24 = tuple("子癸丑艮寅甲卯乙辰巽巳丙午丁未坤申庚酉辛戌乾亥壬")
RING_INDEX = {name: i for i, name in enumerate(RING24)}

#: Position of branch b (0 = 子) on the 24-ring: every second point.
BRANCH_POINT = tuple(2 * b for b in range(12))

#: The eight stems that sit on the ring (戊己 belong to the centre).
RING_STEMS = tuple("癸甲乙丙丁庚辛壬")
#: Trigram → its point on the ring (坎 子, 艮 艮, 震 卯, 巽 巽, 離 午, 坤 坤, 兌 酉, 乾 乾).
TRIGRAM_POINT = {"坎": 0, "艮": 3, "震": 6, "巽": 9, "離": 12, "坤": 15, "兌": 18, "乾": 21}
