"""What landed for issues 31-34, seen in the views (the qa pass): every `*` a view prints has
its legend line in every language, and a third method's row is not left out of the verdict.

A `*` marks what the three texts do not give (render/grid.EXTENSION_MARK); the legend says what
each one is.  The variants beyond the texts (--lodge kun, --qin apart, --method maoshan) mark
the 局 line of the cast header, and chaibu --method maoshan marks its row.
"""

from __future__ import annotations

import pytest

from qimen_cli.render.labels import labeller
from qimen_cli.words import LANGS

AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
PLAIN = {"COLUMNS": "200", "NO_COLOR": "1", "QIMEN_WORKERS": "1"}

#: option → (its label in the 局 line, the key of its legend line)
VARIANTS = {
    ("--lodge", "kun"): ("lodge_kun", "extension_lodge_kun"),
    ("--qin", "apart"): ("qin_apart", "extension_qin_apart"),
    ("--method", "maoshan"): ("method_maoshan", "extension_maoshan"),
}


def _legend_marks(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("* ")]


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("option", sorted(VARIANTS), ids=lambda o: "-".join(o).strip("-"))
def test_each_variant_mark_has_its_legend_line(option, lang, run_cli):
    label, line = VARIANTS[option]
    t = labeller("cast")
    r = run_cli("cast", *AT, *option, "--lang", lang, env=PLAIN)
    assert r.exit_code == 0, r.stderr
    assert f"{t(label, lang)} *" in r.stdout
    assert t(line, lang) in _legend_marks(r.stdout)
    plain = run_cli("cast", *AT, "--lang", lang, env=PLAIN).stdout
    assert t(line, lang) not in plain  # only where the variant is drawn


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_three_variants_three_lines(lang, run_cli):
    r = run_cli("cast", *AT, "--lodge", "kun", "--qin", "apart", "--method", "maoshan", "--lang", lang, env=PLAIN)
    assert r.exit_code == 0, r.stderr
    t = labeller("cast")
    marks = _legend_marks(r.stdout)
    assert marks[1:] == [t(VARIANTS[o][1], lang) for o in (("--lodge", "kun"), ("--qin", "apart"),
                                                          ("--method", "maoshan"))]


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_chaibu_maoshan_row_has_its_legend_and_its_verdict(lang, run_cli):
    t = labeller("chaibu")
    # 2024-03-21 11:00: 置閏 and 拆補 give 陽遁9局, 茅山 陽遁3局; 2024-03-05 11:00: all three 陽遁1局
    differs = run_cli("chaibu", "--at", "2024-03-21T11:00", "--tz", "Asia/Shanghai", "--method", "maoshan",
                      "--lang", lang, env=PLAIN)
    agrees = run_cli("chaibu", *AT, "--method", "maoshan", "--lang", lang, env=PLAIN)
    assert differs.exit_code == 0 and agrees.exit_code == 0, (differs.stderr, agrees.stderr)
    for r in (differs, agrees):
        assert f"{t('maoshan', lang)} *" in r.stdout
        assert f"* {t('maoshan_note', lang)}" in _legend_marks(r.stdout)
    assert t("maoshan_gives", lang).format(ju="陽遁3局") in differs.stdout
    assert t("maoshan_same", lang) in agrees.stdout
    two = run_cli("chaibu", *AT, "--lang", lang, env=PLAIN).stdout
    assert not _legend_marks(two) and t("maoshan_same", lang) not in two


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_stacked_annotations_keep_one_column(lang, run_cli):
    """At 60 columns the annotations table is stacked, a block per palace: every block's cells
    start in one column (中5, without 十二長生, had its own narrower headings before)."""
    from rich.cells import cell_len

    from qimen_cli.calendar.compass import PALACE_NAMES

    r = run_cli("cast", *AT, "--annotate", "all", "--lang", lang, env={**PLAIN, "COLUMNS": "60"})
    assert r.exit_code == 0, r.stderr
    head = labeller("cast")("palace", lang)
    names = {f"{PALACE_NAMES[p]}{p}" for p in range(1, 10)}
    starts = set()
    for line in r.stdout.split(labeller("cast")("ann_title", lang))[1].splitlines():
        rest = line[len(head):].lstrip(" ")
        if line.startswith(head + " ") and rest.split(" ")[0] in names:
            starts.add(cell_len(line[:len(line) - len(rest)]))
    assert len(starts) == 1, starts


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("width", ["60", "80"])
def test_no_legend_mark_left_alone_on_its_line(lang, width, run_cli):
    """A legend line '* WORDS' whose first run (up to a space) does not fit beside the mark
    wrapped as a lone '*' and its words below it (zh: a clause of CJK with no space)."""
    for args in (("cast", *AT, "--lodge", "kun", "--qin", "apart", "--method", "maoshan", "--annotate", "all"),
                 ("chaibu", *AT, "--method", "maoshan"), ("chaibu", "--stats", "--year", "2024")):
        r = run_cli(*args, "--lang", lang, env={**PLAIN, "COLUMNS": width})
        assert r.exit_code == 0, r.stderr
        assert "*" not in [line.strip() for line in r.stdout.splitlines()], (args, width)


def test_every_annotation_heading_has_an_english_word():
    """An en heading was the Chinese alone (門迫 / 受制; 入墓 with only its rule's name)."""
    import re

    from qimen_cli.render.annotations import COLUMNS

    t = labeller("cast")
    for _key, _rule, label in COLUMNS:
        words = set(re.findall(r"[A-Za-z]{3,}", t(label, "en"))) - {"rule"}
        assert words, label
