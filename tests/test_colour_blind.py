"""Colour is never the only sign (issue 34 item 2): a colour-blind reader, a pipe and NO_COLOR lose nothing.

Each view is drawn in colour and without it.  With the colour taken out of the coloured view
(its escape codes removed), it is the plain view line for line, but for the legend's colour lines
(which the plain view leaves out): so every colour repeats a word or a mark the view prints
anyway.  Then each art's own signs are looked for in the uncoloured text: 吉/凶 after every star
and door of the cast grid (and 〔奇〕 after every wonder), after every general of the noble and
twelve-gods ring, the 〔初〕〔中〕〔末〕 marks of liuren's 三傳 on its plate, gucu's ring marks
named under their kind (背, 擊/向, 避); each legend has its words line in every language.
"""

from __future__ import annotations

import re

import pytest

from qimen_cli import cast, liuren, noble, twelve_gods
from qimen_cli.gucu.report import RING_MARKS
from qimen_cli.qimen.names import SAN_QI
from qimen_cli.render.glossary import named
from qimen_cli.render.grid import DOOR_VERDICT, STAR_VERDICT
from qimen_cli.render.labels import labeller
from qimen_cli.words import LANGS

AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
WIDTH = "200"  # wide enough that no legend line wraps: the lines compare one to one
ANSI = re.compile(r"\x1b\[[0-9;]*m")
COLOUR = {"COLUMNS": WIDTH, "NO_COLOR": "", "FORCE_COLOR": "1", "QIMEN_WORKERS": "1"}
PLAIN = {"COLUMNS": WIDTH, "NO_COLOR": "1", "QIMEN_WORKERS": "1"}

#: Each view with the label of its legend's colour line ("VIEW:colours"), if it has one.
VIEWS = {
    "cast": (("cast", *AT), "cast"),
    "cast-range": (("cast", "--from", "2024-03-05T09:00", "--to", "2024-03-05T15:00", "--tz", "Asia/Shanghai"), None),
    "noble": (("noble", *AT), "gods"),
    "twelve-gods": (("twelve-gods", *AT), "gods"),
    "gucu": (("gucu", *AT), "gucu"),
    "liuren": (("liuren", *AT), "liuren"),
    "chaibu": (("chaibu", *AT), None),
    "find": (("find", "--from", "2024-03-01", "--to", "2024-03-10", "--tz", "Asia/Shanghai", "--where", "cast:玉女守門"),
             None),
}


def views(run_cli, name: str, lang: str) -> tuple[str, str]:
    """(the view drawn in colour with its colour taken out, the plain view) of `name` in `lang`."""
    args, _legend = VIEWS[name]
    coloured = run_cli(*args, "--lang", lang, env=COLOUR)
    plain = run_cli(*args, "--lang", lang, env=PLAIN)
    assert coloured.exit_code == 0 and plain.exit_code == 0, (coloured.stderr, plain.stderr)
    assert "\x1b[" in coloured.stdout and "\x1b[" not in plain.stdout
    return ANSI.sub("", coloured.stdout), plain.stdout


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("name", sorted(VIEWS))
def test_colour_taken_out_leaves_the_plain_view(name, lang, run_cli):
    """Without its colour the coloured view is the plain one, but for the legend's colour line."""
    uncoloured, plain = views(run_cli, name, lang)
    _args, legend = VIEWS[name]
    lines = uncoloured.splitlines()
    if legend is not None:
        colours = labeller(legend)("colours", lang)
        kept = [line for line in lines if line.rstrip() != colours]
        assert len(kept) == len(lines) - 1, f"the colour line of {name} is drawn once in colour"
        assert colours not in plain
        lines = kept
    assert lines == plain.splitlines()


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_cast_grid_says_ji_and_xiong_without_colour(lang, run_cli):
    uncoloured, _plain = views(run_cli, "cast", lang)
    chart = cast("2024-03-05T11:00", tz="Asia/Shanghai").value
    said = 0
    for cell in chart.plate.palaces[1:]:
        for name, verdict in [(s, STAR_VERDICT.get(s, "")) for s in cell.stars] + [(cell.door, DOOR_VERDICT.get(cell.door, ""))]:
            if name and verdict:
                assert f"{named(name, lang)} {verdict}" in uncoloured, (name, verdict)
                said += 1
        for stem in cell.heaven_stems + cell.earth_stems:
            if stem in SAN_QI:
                assert f"{stem}〔奇〕" in uncoloured
    assert said >= 10
    assert labeller("cast")("words", lang) in uncoloured


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("art", ["noble", "twelve-gods"])
def test_the_ring_says_each_generals_omen_without_colour(art, lang, run_cli):
    uncoloured, _plain = views(run_cli, art, lang)
    report = (noble if art == "noble" else twelve_gods)("2024-03-05T11:00", tz="Asia/Shanghai").value
    ring = uncoloured.split(labeller("gods")("legend", lang))[0]
    labelled = [g for g in report.generals if g.label]
    assert len(labelled) == 11
    for g in labelled:
        assert f"{g.name} {g.label}" in ring, g.name
    assert labeller("gods")("legend", lang) in uncoloured


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_liuren_plate_marks_the_transmissions_without_colour(lang, run_cli):
    uncoloured, _plain = views(run_cli, "liuren", lang)
    lesson = liuren("2024-03-05T11:00", tz="Asia/Shanghai").value
    plate = uncoloured.split(labeller("liuren")("legend", lang))[0]
    for mark, branch in zip("初中末", lesson.transmissions, strict=True):
        assert re.search(rf"{branch}〔[初中末]*{mark}[初中末]*〕", plate), (mark, branch)
    assert plate.count("〔") == 3


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_gucu_ring_names_its_marks_by_kind_without_colour(lang, run_cli):
    uncoloured, _plain = views(run_cli, "gucu", lang)
    label = labeller("gucu")
    text = re.sub(r"\s*\n", " ", uncoloured)  # the legend's words, wrapped at spaces, put back on one line
    start = text.index(label("back", lang) + ": ")
    parts = dict(part.split(": ", 1) for part in text[start:text.index(label("colours", lang), start)].split(" · "))
    kinds = {label(kind, lang): kind for kind in ("back", "strike", "shun", "other")}
    for _path, tag, kind in RING_MARKS[:14]:  # 孤虛, 建/破, 天目/地耳, 虎尾/黃幡, 地兵, 雷公: on every ring
        head = next(h for h, k in kinds.items() if k == kind)
        assert tag in parts[head], (tag, kind)
