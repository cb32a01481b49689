"""`qimen verify`: the ledger of the texts' claims runs clean, and its rows are what they say.

Each row's quote must stand on its seed file's line (when the seeds are beside the repository,
as tests/test_quotes.py finds them; skipped otherwise), each decision it names must be a
heading of docs/decisions.md, and the command must exit 0 (every row ✔ or documented).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path

import pytest

from qimen_cli.verify.claim import AGREES, ARTS, DIFFERS, DOCUMENTED, TEXTS, Claim, check, counts, passed, run, select
from qimen_cli.verify.rows import CLAIMS

ROOT = Path(__file__).resolve().parents[1]
#: The seeds, where tests/test_quotes.py looks for them.
SEEDS = next(
    (p for p in (Path(os.environ.get("QIMEN_SEEDS", ROOT / "seeds-not-set")), ROOT.parent / "shared" / "seeds",
                 ROOT.parent.parent / "shared" / "seeds") if p.is_dir()),
    ROOT.parent / "shared" / "seeds",
)


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_the_whole_ledger_runs_clean(run_cli):
    result = run_cli("verify")
    assert result.exit_code == 0, result.stdout
    assert "✘ 不合 0" in result.stdout


def test_every_row_agrees_or_differs_as_documented():
    checked = run(CLAIMS)
    wrong = [(c.claim.id, c.answer) for c in checked if c.verdict == DIFFERS]
    assert not wrong
    assert counts(checked)[DOCUMENTED] >= 3


def test_a_documented_row_really_differs():
    """A decision is named only where the answer differs: an agreeing row needs none."""
    for c in run(CLAIMS):
        assert (c.verdict == DOCUMENTED) == bool(c.claim.decision), c.claim.id


def test_ids_unique_and_fields_known():
    assert len({c.id for c in CLAIMS}) == len(CLAIMS)
    assert all(c.text in TEXTS and c.art in ARTS and c.line > 0 and c.quote for c in CLAIMS)


def test_decisions_are_headings_of_the_decisions_file():
    headings = {line[4:].strip() for line in (ROOT / "docs" / "decisions.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("### ")}
    missing = {c.decision for c in CLAIMS if c.decision} - headings
    assert not missing


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not beside the repository")
@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_quote_stands_on_its_line(claim):
    """The quote is on its line: verbatim, or passages joined by … in the line's order."""
    line = _norm((SEEDS / TEXTS[claim.text]).read_text(encoding="utf-8").splitlines()[claim.line - 1])
    at = 0
    for passage in claim.quote.split("…"):
        at = line.find(_norm(passage), at)
        assert at >= 0, passage
        at += len(_norm(passage))


def test_a_wrong_answer_fails_the_run():
    bad = Claim("x", "004", 1, "q", "liuren", "c", lambda: "甲", "乙")
    assert check(bad).verdict == DIFFERS and not passed([check(bad)])
    documented = Claim("y", "004", 1, "q", "liuren", "c", lambda: "甲", "乙", "some heading", "甲")
    assert check(documented).verdict == DOCUMENTED and passed([check(documented)])
    moved = Claim("y", "004", 1, "q", "liuren", "c", lambda: "丙", "乙", "some heading", "甲")
    assert check(moved).verdict == DIFFERS and not passed([check(moved)])
    unpinned = Claim("y", "004", 1, "q", "liuren", "c", lambda: "甲", "乙", "some heading")
    assert check(unpinned).verdict == DIFFERS
    assert check(Claim("z", "004", 1, "q", "liuren", "c", lambda: "甲", "甲")).verdict == AGREES


def test_exit_1_when_a_row_differs(run_cli, monkeypatch):
    from qimen_cli.verify import rows

    bad = Claim("x", "004", 1, "q", "liuren", "c", lambda: "甲", "乙")
    monkeypatch.setattr(rows, "CLAIMS", (*rows.CLAIMS[:1], bad))
    result = run_cli("verify", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout.splitlines()[-1])["mark"] == "✘"


def test_every_documented_row_pins_its_answer():
    """A row with a decision stores the program's documented answer, which differs from the text's."""
    for c in CLAIMS:
        assert bool(c.decision) == bool(c.documented), c.id
        assert c.documented != c.expected, c.id


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.decision][:3] + [c for c in CLAIMS if c.decision][-2:],
                         ids=lambda c: c.id)
def test_a_documented_answer_that_moves_exits_1(run_cli, monkeypatch, claim):
    """The engine's documented answer turned (as a broken engine would turn it): verify exits 1, the row ✘."""
    from qimen_cli.verify import rows

    turned = dataclasses.replace(claim, compute=lambda: claim.documented + "?")
    monkeypatch.setattr(rows, "CLAIMS", tuple(turned if c.id == claim.id else c for c in rows.CLAIMS))
    result = run_cli("verify", "--json", "--art", claim.art)
    assert result.exit_code == 1
    row = next(json.loads(line) for line in result.stdout.splitlines() if json.loads(line)["id"] == claim.id)
    assert (row["mark"], row["verdict"], row["documented"]) == ("✘", DIFFERS, claim.documented)


def test_json_lines_and_narrowing(run_cli):
    result = run_cli("verify", "--json", "--text", "004", "--art", "liuren")
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records == [r for r in records if r["text"] == TEXTS["004"] and r["art"] == "liuren"]
    assert len(records) == len(select(CLAIMS, "004", "liuren")) > 0
    assert all(line.startswith('{"schema_version":') for line in result.stdout.splitlines())
    she_hai = next(r for r in records if r["id"] == "lr-wuchen-chou")
    assert (she_hai["expected"], she_hai["answer"], she_hai["verdict"]) == ("涉害深 勝光", "涉害俱深先見 神后", DOCUMENTED)
    assert she_hai["decision"].startswith("docs/decisions.md: ")


@pytest.mark.parametrize(("lang", "word"), [("zh", "原文之答"), ("ko", "원문의 답"), ("en", "text's answer")])
def test_labels_by_language(run_cli, lang, word):
    result = run_cli("verify", "--art", "liuren", "--lang", lang)
    assert result.exit_code == 0 and word in result.stdout


def test_every_text_and_art_has_rows():
    assert len(CLAIMS) >= 40
    assert {c.art for c in CLAIMS} == set(ARTS)
    assert {c.text for c in CLAIMS} == set(TEXTS)


def test_a_selection_without_claims_is_refused(run_cli):
    result = run_cli("verify", "--text", "000", "--art", "liuren")
    assert result.exit_code == 2
    assert "no claim of text 000 in the art liuren" in result.stderr


def test_unknown_text_is_refused(run_cli):
    assert run_cli("verify", "--text", "005").exit_code == 2


#: Every row id the ledger has had (JSON consumers key rows by it): none may disappear or be renamed.
RECORDED_IDS = """
    gc-anying-camp gc-anying-jiawu gc-anying-jiazi gc-attack gc-biwu-jiazi gc-biwu-size gc-biwu-verses gc-di-bing
    gc-guxu-size gc-huang-fan gc-jiri-1 gc-jiri-10 gc-jiri-2 gc-jiri-3 gc-jiri-5 gc-jiri-6 gc-jiri-7 gc-jiri-8
    gc-jiri-9 gc-jun-ji gc-lei-gong gc-liu-qiong gc-ming-xiu-firsts gc-po gc-qi-yuan gc-qi-yuan-heads gc-ri-guxu
    gc-route-yang1 gc-san-jiu gc-shi-guxu gc-tian-mu gc-tiangang-groups gc-tiangang-hai gc-tiangang-mao
    gc-tiangang-plate gc-tiangang-wei gc-tiangang-wu gc-tiangang-yin gc-tiangang-you gc-tiangang-you-hide
    gc-tiangang-zi gc-wang-wang gc-wu-yin-gong gc-wu-yin-jiao gc-wu-yin-shang gc-wu-yin-yu gc-wu-yin-zhi
    gc-xun-guxu gc-yao-dayin gc-yao-shuixing gc-you-men gc-yunchou-dihu gc-yunchou-lone gc-yunchou-route
    gc-yunchou-tianmen gc-yunchou-yunu gd-generals gd-jianchu gd-liu-he gd-nine-branches gd-noble-jia-wu-geng-yang
    gd-noble-jia-wu-geng-yin gd-noble-yang gd-noble-yin gd-ri-ting-ting gd-sanshi-di-hu gd-sanshi-tian-ma
    gd-shi-gan-shen gd-tai-chang-troops gd-teng-she-home gd-tian-ma gd-tian-men gd-yue-jiang gd-zi-jia-hai
    gd-zi-jia-si gd-zi-jia-yin ju-dun ju-fu-tou ju-li-buju ju-li-canju ju-li-dahan ju-li-middle ju-li-thirty
    ju-li-thirtythree ju-li-upper ju-li-yushui ju-zhi-shang ju-zr-four ju-zr-jieqi ju-zr-nine ju-zr-run
    ju-zr-seven ju-zr-shuangjiang ju-zr-zhengshou lr-chain lr-dingsi-wu lr-fanyin-chain-chen lr-fanyin-chain-hai
    lr-fanyin-jiazi lr-fanyin-jiazi-najia lr-fanyin-jiazi-shown lr-fanyin-yichou lr-fanyin-yichou-najia
    lr-fanyin-yichou-shown lr-fuyin-renzi lr-fuyin-wu lr-fuyin-xing lr-gengshen-xu lr-gengwu-he-kui lr-jiachen-yin
    lr-jiayin-mao lr-jiazi-lessons lr-jiazi-yin lr-jiling-facing lr-jiling-hours lr-jiling-months lr-jiwei-xu
    lr-jiyou-xu lr-month-generals lr-wuchen-chou lr-wuchen-chou-shown qm-bingchen-six qm-bo-fei qm-bo-fu qm-boge
    qm-deshi-doors qm-deshi-yujia qm-deshi-yujia-hours qm-door-ring qm-erji qm-erjin-cover qm-fanfu-examples
    qm-fanshou qm-huoju qm-jixing qm-kaihe qm-kaihe-zaimen qm-li-youbi qm-li-youyi qm-lin-shoumen qm-lin-tianfu
    qm-lin-youbi qm-longfeng qm-menfu-ding qm-menfu-ding-zhi qm-menfu-geng qm-menfu-geng-zhi qm-menfu-gui qm-po
    qm-po-bing-ren qm-po-geng-ding qm-qige qm-qige-he qm-qige-po qm-qige-zei qm-qimu qm-qin-lodge qm-qisha
    qm-qisha-wubuyu qm-qiying-door qm-qiying-star qm-qiyou-bing qm-qiyou-count qm-qiyou-ding qm-qiyou-hours
    qm-qiyou-yi qm-qiyou-yi-hai qm-qiyou-yi-wei qm-qizhi qm-rest qm-rishi-rumu qm-sanjia qm-sanshi-deshi
    qm-sanshi-sanjia qm-sanshi-tianwang qm-sanshi-xingmen qm-shenming qm-shigan-rumu qm-sixiong qm-sixiong-cover
    qm-star-ring qm-tanhe-yang qm-tanhe-yin qm-tao-162 qm-tao-centre qm-tao-figure-one qm-tao-figure-two
    qm-tao-jiazi qm-tao-no-he qm-tao-tianfu qm-tao-yichou qm-tao-youbi qm-tianfu qm-tianwang qm-tianwang-grades
    qm-tianwang-sizhang qm-tianwang-sizhang-hour qm-tianwang-ways qm-tianyi qm-tianyi-meet qm-tianyi-only qm-walk
    qm-wubuyu qm-wuhe qm-xing-bing-ji qm-xing-geng-gui qm-xing-po qm-xingde-540 qm-xingde-jijia qm-xingde-lichun
    qm-xingde-mengjia qm-xingde-table qm-xingde-xiazhi qm-xingde-zhongjia qm-xingfu qm-xingfu-all-ju qm-youbi-fu
    qm-youbi-ri qm-yunu qm-yunu-all-ju qm-yunu-modifiers qm-zhifu-yihai qm-zhuniao qm-zhuniao-bingchen qm-zhushu
""".split()


def test_recorded_ids_are_stable():
    """Each recorded id is still a row (new rows may be added, none renamed or removed)."""
    assert len(RECORDED_IDS) >= 225
    assert not set(RECORDED_IDS) - {c.id for c in CLAIMS}


def test_every_row_is_worded_in_zh_and_ko():
    """Every row (rows.py's, rows_qimen's and rows_arts') has its claim in zh and ko, and no word for a row
    that does not exist."""
    from qimen_cli.verify.rows import CLAIM_WORDS

    missing = [c.id for c in CLAIMS if c.id not in CLAIM_WORDS or not all(w.strip() for w in CLAIM_WORDS[c.id])]
    assert not missing
    assert set(CLAIM_WORDS) <= {c.id for c in CLAIMS}


#: What a claim names of its computation, in ASCII: a date, a clock time, an option, a year.
NAMED_RUNS = re.compile(r"\d{4}-\d{2}-\d{2}|\d{2}:\d{2}|--[a-z][a-z-]*|(?<![\d-])\d{4}(?![\d-])")


def test_zh_and_ko_name_what_the_en_claim_goes_through():
    """A row's zh and ko say what its en claim says it goes through (issue 34 item 3: 62 rows' en
    named the real dates, reports and options after their zh and ko were written): every date,
    clock time, option and year of the en claim stands in both, spaced from the CJK beside it in
    zh (render/fit.py keeps a word mixing ASCII and CJK on one line)."""
    from qimen_cli.verify.rows import CLAIM_WORDS

    missing = [(c.id, lang, run) for c in CLAIMS for run in NAMED_RUNS.findall(c.claim)
               for lang, words in zip(("zh", "ko"), CLAIM_WORDS[c.id], strict=True) if run not in words]
    assert missing == []
    glued = [(c.id, w) for c in CLAIMS for w in CLAIM_WORDS[c.id][0].split()
             if re.search(r"[\x21-\x7e]", w) and re.search(r"[\u3000-\u9fff\uff00-\uffef]", w) and len(w) > 12]
    assert glued == []


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "index"), [("zh", 0), ("ko", 1), ("en", None)])
def test_the_view_shows_the_claim_in_its_language(run_cli, lang, index):
    """The table's claim column is the row's wording in the view's language (the en one is the Claim's)."""
    from qimen_cli.render.verify import table
    from qimen_cli.verify.rows import CLAIM_WORDS

    chosen = select(CLAIMS, "003", "qimen")
    t = table(run(chosen), lang)
    column = next(c for c in t.columns if c.header == {"zh": "所驗", "ko": "검증 내용", "en": "claim"}[lang])
    assert list(column._cells) == [c.claim if index is None else CLAIM_WORDS[c.id][index] for c in chosen]
    result = run_cli("verify", "--art", "qimen", "--text", "003", "--lang", lang)
    assert result.exit_code == 0 and column.header in result.stdout


def test_json_carries_every_wording_whatever_the_lang(run_cli):
    from qimen_cli.verify.rows import CLAIM_WORDS

    for lang in ("zh", "en"):
        records = [json.loads(line) for line in run_cli("verify", "--json", "--lang", lang, "--art", "qimen").stdout.splitlines()]
        assert records and all((r["claim_zh"], r["claim_ko"]) == CLAIM_WORDS[r["id"]] for r in records)
        assert all(r["claim"] == next(c.claim for c in CLAIMS if c.id == r["id"]) for r in records)
