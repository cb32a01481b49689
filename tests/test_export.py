"""--svg and --html save the terminal view through rich's export (issue: views a person reads)."""

import xml.etree.ElementTree as ET


def test_cast_svg_is_xml_with_the_nine_palaces(tmp_path, run_cli):
    svg, html = tmp_path / "chart.svg", tmp_path / "chart.html"
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--svg", str(svg),
                                 "--html", str(html))
    assert r.exit_code == 0, r.stderr
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    text = "".join(root.itertext()).replace("\xa0", " ")
    for palace in ("坎1", "坤2", "震3", "巽4", "中5", "乾6", "兌7", "艮8", "離9"):
        assert palace in text
    assert "開門" in text and "天心" in text
    page = html.read_text(encoding="utf-8")
    assert "<html" in page.lower() and "離9" in page


def test_export_refused_with_json_or_unwritable(tmp_path, run_cli):
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--json", "--svg", str(tmp_path / "x.svg"))
    assert r.exit_code == 2 and r.stdout == "" and "--svg" in r.stderr
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--svg", "/nonexistent/dir/x.svg")
    assert r.exit_code == 2 and r.stdout == "" and "/nonexistent/dir" in r.stderr


def test_every_view_exports(tmp_path, run_cli):
    for args in (["noble"], ["twelve-gods"], ["gucu"], ["liuren"], ["chaibu"], ["pillars"]):
        out = tmp_path / f"{args[0]}.svg"
        r = run_cli(*args, "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--svg", str(out))
        assert r.exit_code == 0, (args, r.stderr)
        ET.parse(out)
    out = tmp_path / "terms.svg"
    assert run_cli("terms", "--year", "2024", "--svg", str(out)).exit_code == 0
    assert "立春" in "".join(ET.parse(out).getroot().itertext())
