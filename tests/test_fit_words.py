"""No word, number or timestamp is broken at 60 columns or wider: lines fold at spaces and
between CJK characters only (render/fit.py: `keep_words`, `stacked`).

A view is drawn narrow and very wide; every run of Latin letters, digits and the joiners of a
timestamp or file name (`-:.+'/_`) in the narrow drawing must be one of the wide drawing's: a
word cut at the end of a line leaves a piece (`gener`, `2024-03-0`) the wide drawing never has.
"""

import re

import pytest

from conftest import invoke
from test_languages import VIEWS

RUN = re.compile(r"[A-Za-z0-9]+(?:[-:.+'/_][A-Za-z0-9]+)*")


def runs(name: str, lang: str, width: int) -> set[str]:
    """The runs of the view `name` in `lang` drawn `width` columns wide."""
    result = invoke(*VIEWS[name], "--lang", lang, env={"COLUMNS": str(width), "NO_COLOR": "1", "QIMEN_WORKERS": "1"})
    assert result.exit_code == 0, result.output
    return set(RUN.findall(result.output))


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_no_word_is_broken_at_60_columns(name):
    for lang in ("zh", "ko", "en"):
        broken = runs(name, lang, 60) - runs(name, lang, 1000)
        assert not broken, f"{name} --lang {lang} at 60 columns breaks: {sorted(broken)[:10]}"


@pytest.mark.parametrize("name", ["noble", "twelve-gods", "chaibu", "find", "patterns"])
def test_no_word_is_broken_at_80_columns(name):
    assert not runs(name, "en", 80) - runs(name, "en", 1000)


def test_longest_unit_folds_only_between_cjk():
    from qimen_cli.render.fit import longest_unit

    assert longest_unit("general 2024-03-05T11:00:00+08:00") == 25
    assert longest_unit("三奇吉門直使 甲子") == 2 and longest_unit("三奇吉門直使", whole=True) == 12
    assert longest_unit("子初：--day-change 23") == 18
