"""What a newcomer read (issue 34 item 3): `find --list` fitted to the terminal, the progress bar and
`true` in every language, the English glosses a reader of en lacked, `serve --help`'s example and
the out-of-span message of a year no ephemeris reaches."""

from __future__ import annotations

import json
import re

import pytest
from rich.cells import cell_len

from qimen_cli.gucu.anying import ROLES
from qimen_cli.gucu.report import RING_MARKS
from qimen_cli.gucu.tiangang import BATTLE, ENEMY_OUT, ENEMY_RETREAT, GATES, ON_YOU, SHEN, TIAN_DI, WORRY
from qimen_cli.render.labels import label, labeller
from qimen_cli.words import LANGS, column

AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
EN = column("en")


# --- find --list ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("width", [60, 80, 120])
def test_find_list_fits_the_terminal_and_breaks_no_word(width, lang, run_cli):
    """No line of `find --list` runs past the terminal (they ran to 449 columns, which the terminal
    broke anywhere), and every ASCII word of it stays whole on one line."""
    r = run_cli("find", "--list", "--lang", lang, env={"COLUMNS": str(width)})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert max(cell_len(line) for line in lines) <= width
    words = {w for line in lines for w in line.split()}
    whole = run_cli("find", "--list", "--lang", lang, env={"COLUMNS": "1000"}).stdout  # nothing wraps
    for line in whole.splitlines():
        for w in line.split():
            if w.isascii() and cell_len(w) < width - 30:
                assert w in words, (w, line)


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_find_list_says_what_true_is_in_every_language(lang, run_cli):
    """The path example `noble:si_men_qimen.ji_men=true` is explained in the reader's language."""
    out = run_cli("find", "--list", "--lang", lang, env={"COLUMNS": "200"}).stdout
    assert "noble:si_men_qimen.ji_men=true" in out
    paths = labeller("find")("list_paths", lang)
    assert "true" in paths and "false" in paths and paths in out


# --- the progress bar -------------------------------------------------------------------------

@pytest.mark.parametrize("lang, want", [("zh", "排盤"), ("ko", "포국"), ("en", "charts")])
def test_the_progress_bar_is_worded_in_the_language(lang, want):
    from qimen_cli.cli.stream import progress_bar

    progress, task = progress_bar(10, lang)
    try:
        assert progress.tasks[0].description == want == label("progress", lang)
    finally:
        progress.stop()


def test_a_stream_words_its_progress_bar_in_lang(run_cli, monkeypatch):
    from qimen_cli.cli import stream

    seen = []
    monkeypatch.setattr(stream, "start_progress", lambda total, cleanup, lang="zh": seen.append(lang))
    r = run_cli("cast", "--from", "2024-03-05T09:00", "--to", "2024-03-05T13:00", "--tz", "+08:00", "--json",
                "--lang", "ko", env={"QIMEN_WORKERS": "1"})
    assert r.exit_code == 0, r.stderr
    assert seen == ["ko"]


# --- the English glosses ----------------------------------------------------------------------

def test_every_gucu_ring_mark_post_and_route_leg_is_glossed_in_en():
    """The names the gucu view prints bare in its cells (遊天門, 從此, 籌地戶 …), the 安營 posts and
    the 出軍 route: each with a reading and a meaning in en and a reading in ko."""
    names = {tag for _path, tag, _kind in RING_MARKS} | {name for _k, name, _g in ROLES}
    names |= {"出天門", "入地戶", "過太陰", "居青龍甲", "擊其沖", "孤虛", "孟", "仲", "季"}
    ko = column("ko")
    for name in names:
        assert f"reading:{name}" in EN and f"meaning:{name}" in EN and f"reading:{name}" in ko, name


def test_the_gucu_view_in_en_glosses_its_names(run_cli):
    out = run_cli("gucu", *AT, "--lang", "en", env={"COLUMNS": "200"}).stdout
    text = re.sub(r"\s+", " ", out)
    for name in ("遊天門", "從此", "籌地戶", "戊土", "大將", "出天門"):
        assert f'{name} {EN["reading:" + name]} "{EN["meaning:" + name]}"' in text, name
    assert '孤虛 Guxu "Orphan and void"' in text
    assert "day 25" in text and "25日" not in text and "month 1, day 25" in text
    assert "the spirit (神)" in text and '神在內 "the spirit is within"' in text


def test_every_reading_of_tian_gang_has_its_english():
    """004's readings of 天罡 (the class's, the twelve 天地, 加酉, the gates'): each a says: in en."""
    texts = {*SHEN.values(), *BATTLE.values(), *ENEMY_OUT.values(), *ENEMY_RETREAT.values(), *WORRY.values(),
             *TIAN_DI, ON_YOU, *(reading for _name, reading in GATES.values())}
    assert len(texts) == 29  # 3 + 3 + 3 + 2 + 3 + 12 + 1, and the two gates' own
    for text in texts:
        assert f"says:{text}" in EN, text
    assert not {k for code in ("zh", "ko") for k in column(code) if k.startswith("says:")}


def test_the_cast_header_and_range_in_en_gloss_their_names(run_cli):
    out = run_cli("cast", *AT, "--lang", "en", env={"COLUMNS": "200"}).stdout
    assert "Term of the 局" not in out and "the ju's term 驚蟄" in out
    assert '超神 Chaoshen "Arriving early" 4 days' in out and "超神 4日" not in out
    assert "吉 good / 凶 bad" in out
    rng = run_cli("cast", "--from", "2024-03-05T09:00", "--to", "2024-03-05T11:00", "--tz", "Asia/Shanghai",
                  "--lang", "en", env={"COLUMNS": "200"}).stdout
    assert "dun, ju, yuan (遁局元)" in rng and "遁 局 元" not in rng
    zh = run_cli("cast", *AT, env={"COLUMNS": "200"}).stdout
    assert "超神 4日" in zh  # zh as it was


def test_find_names_its_conditions_with_their_readings(run_cli):
    """迫, 地四戶, 合, 格 and the other named conditions are read once under find's table in en and ko
    (its headings and cells give them bare); zh reads the characters."""
    args = ("find", "--from", "2024-03-01", "--to", "2024-03-10", "--tz", "Asia/Shanghai", "--where", "cast:玉女守門",
            "--where", "twelve-gods:合 | twelve-gods:格", "--where", "!cast:迫",
            "--where", "twelve-gods:地四戶 in 子 丑 寅 卯 辰 巳 午 未 申 酉 戌 亥")
    en = re.sub(r"\s+", " ", run_cli(*args, "--lang", "en", env={"COLUMNS": "200"}).stdout)
    for name in ("玉女守門", "合", "格", "迫", "地四戶"):
        assert f'{name} {EN["reading:" + name]} "{EN["meaning:" + name]}"' in en, name
    assert "names: " in en
    ko = run_cli(*args, "--lang", "ko", env={"COLUMNS": "200"}).stdout
    assert "이름: 玉女守門 옥녀수문" in ko
    zh = run_cli(*args, env={"COLUMNS": "200"}).stdout
    assert "名:" not in zh


# --- serve --help, the out-of-span message ----------------------------------------------------

def test_serve_help_has_an_example_call_that_answers_as_the_command_line(run_cli):
    from qimen_cli.cli.serve import EXAMPLE_CALL, EXAMPLE_TOOL
    from qimen_cli.mcp_server import answer

    r = run_cli("serve", "--help")
    assert r.exit_code == 0 and "Examples:" in r.stdout
    assert "qimen serve" in r.stdout.split("Examples:")[1]
    assert json.dumps(EXAMPLE_CALL) in r.stdout
    line = re.search(r"what (qimen [^\n]+) prints", r.stdout).group(1)
    args = line.split()[1:]
    cli = run_cli(*args)
    assert cli.exit_code == 0, cli.stderr
    _text, data = answer(EXAMPLE_TOOL, EXAMPLE_CALL)
    assert data == json.loads(cli.stdout)


@pytest.mark.parametrize("command", ["noble", "cast", "twelve-gods", "gucu", "liuren", "pillars", "chaibu"])
def test_a_year_no_ephemeris_reaches_names_ephemeris(command, run_cli):
    """`noble --at 9999-…` names --ephemeris as the other out-of-span messages do."""
    r = run_cli(command, "--at", "9999-01-01T00:00")
    assert r.exit_code == 2 and "--ephemeris FILE" in r.stderr and "outside every ephemeris span" in r.stderr
    r = run_cli("terms", "--year", "9999")
    assert r.exit_code == 2 and "--ephemeris FILE" in r.stderr
