"""The palace annotations of `cast --annotate` (beyond the three texts), drawn below the chart:
one row a palace, one column an annotation asked for, then each annotation's source and reading.

Values stay in traditional characters; the headings, the plate marks (地 天 暗) and the source
lines are words of the store (zh/ko/en).  Every heading carries the extension mark `*`.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..calendar.compass import PALACE_NAMES
from .labels import labeller

t = labeller("cast")

#: The columns, in the order drawn: annotation key (and 入墓's rule) → the label key of the heading.
COLUMNS = (("an_gan", None, "ann_an_gan"), ("chang_sheng", None, "ann_chang_sheng"),
           ("wang_shuai", None, "ann_wang_shuai"), ("ru_mu", "shi_gan", "ann_ru_mu_shi_gan"),
           ("ru_mu", "san_qi", "ann_ru_mu_san_qi"), ("men_po", None, "ann_men_po"))


def _stem(item, lang: str) -> str:
    mark = t("ann_plate_" + item.plate, lang)
    stem = item.name if item.__class__.__name__ == "Strength" else item.stem
    return f"{mark}{stem}" + ("寄" if getattr(item, "lodged", False) else "")


def cells(annotation, lang: str) -> dict[int, str]:
    """Palace → the text of one annotation's cell."""
    out: dict[int, list[str]] = {p: [] for p in range(1, 10)}
    for item in annotation.items:
        p = item.palace
        if annotation.key == "an_gan":
            out[p].append(item.stem)
        elif annotation.key == "chang_sheng":
            if item.stages:
                out[p].append(_stem(item, lang) + "/".join(s.stage for s in item.stages))
        elif annotation.key == "wang_shuai":
            name = _stem(item, lang) if item.kind == "stem" else item.name
            out[p].append(f"{name}{item.by_palace}{item.by_month}")
        elif annotation.key == "ru_mu":
            if item.in_tomb:
                out[p].append(f"{_stem(item, lang)}({item.tomb})")
        elif annotation.key == "men_po":
            flags = [t(k, lang) for k, on in (("ann_po", item.men_po), ("ann_zhi", item.shou_zhi)) if on]
            if flags:
                out[p].append(item.door + "".join(flags))
    return {p: " ".join(v) for p, v in out.items()}


def annotations_table(chart, lang: str) -> Table:
    """The annotations of `chart` (chart.annotations) as one table, and their sources below it."""
    by_key = {(a.key, a.rule): a for a in chart.annotations}
    columns = [(key, rule, label) for key, rule, label in COLUMNS if (key, rule) in by_key]
    table = Table(title=t("ann_title", lang), box=None, padding=(0, 1), caption_justify="left",
                  caption=_sources(chart, lang))
    table.add_column(t("palace", lang), no_wrap=True)
    for _key, _rule, label in columns:
        table.add_column(t(label, lang) + "*", overflow="fold")
    texts = [cells(by_key[(key, rule)], lang) for key, rule, _label in columns]
    for p in (4, 9, 2, 3, 5, 7, 8, 1, 6):
        table.add_row(Text(f"{PALACE_NAMES[p]}{p}"), *(Text(c[p]) for c in texts))
    return table


def _sources(chart, lang: str) -> Text:
    keys = dict.fromkeys(a.key for a in chart.annotations)
    text = Text(t("ann_legend", lang), style="dim")
    for key in keys:
        text.append("\n* " + t("ann_source_" + key, lang), style="dim")
    return text
