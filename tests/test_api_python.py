"""What a Python user reaches for (issue 32 item 5): a Stream as a list of dicts or a DataFrame,
datetimes aware and naive, keywords in the errors of every function."""

from __future__ import annotations

import datetime as _dt
import json
from zoneinfo import ZoneInfo

import pytest

import qimen_cli

RANGE = {"start": "2024-03-05T09:00", "end": "2024-03-05T15:00", "tz": "Asia/Shanghai"}


def test_to_list_is_the_json_lines_read_back():
    lines = [json.loads(line) for line in qimen_cli.cast(**RANGE).lines()]
    assert qimen_cli.cast(**RANGE).to_list() == lines and len(lines) == 4
    results = list(qimen_cli.pillars(**RANGE))
    assert all(isinstance(r, qimen_cli.Result) for r in results)


def test_to_list_reads_what_is_left():
    stream = qimen_cli.pillars(**RANGE)
    first = next(stream)
    rest = stream.to_list()
    assert [first.to_dict(), *rest] == qimen_cli.pillars(**RANGE).to_list()
    assert stream.to_list() == []


def test_to_pandas_one_row_an_answer_columns_by_path():
    pd = pytest.importorskip("pandas")
    frame = qimen_cli.pillars(**RANGE).to_pandas()
    dicts = qimen_cli.pillars(**RANGE).to_list()
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(dicts) == 4
    assert frame["pillars.hour"].tolist() == [d["pillars"]["hour"] for d in dicts]
    assert frame["input.local"].tolist() == [d["input"]["local"] for d in dicts]
    utc = pd.to_datetime(frame["instant_utc"], utc=True)
    assert (pd.to_datetime(frame["input.local"], utc=True) == utc).all()


def test_to_pandas_without_pandas_says_how(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("No module named 'pandas'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(ImportError, match="pip install pandas"):
        qimen_cli.pillars(**RANGE).to_pandas()


def test_pandas_is_no_dependency():
    from importlib.metadata import requires

    plain = [r for r in requires("qimen-cli") if "extra ==" not in r]
    assert not any(r.lower().startswith("pandas") for r in plain)


def test_aware_and_naive_datetimes():
    """An aware datetime is its own instant; a naive one is read on `tz`, refused without it."""
    seoul = ZoneInfo("Asia/Seoul")
    aware = qimen_cli.cast(_dt.datetime(2024, 3, 5, 11, tzinfo=seoul)).to_dict()
    naive = qimen_cli.cast(_dt.datetime(2024, 3, 5, 11), tz="Asia/Seoul").to_dict()
    text = qimen_cli.cast("2024-03-05T11:00", tz="Asia/Seoul").to_dict()
    assert aware["instant_utc"] == naive["instant_utc"] == text["instant_utc"] == "2024-03-05T02:00:00Z"
    assert naive["input"].pop("at") == "2024-03-05T11:00:00+09:00" and text["input"].pop("at") == "2024-03-05T11:00"
    assert naive == text
    # aware on one zone, charted on another clock: the same instant
    other = qimen_cli.cast(_dt.datetime(2024, 3, 5, 11, tzinfo=seoul), tz="Asia/Shanghai").to_dict()
    assert other["instant_utc"] == aware["instant_utc"] and other["input"]["local"] == "2024-03-05T10:00:00+08:00"
    for call in (lambda: qimen_cli.cast(_dt.datetime(2024, 3, 5, 11)),
                 lambda: qimen_cli.find(_dt.datetime(2024, 3, 1), _dt.datetime(2024, 3, 2), ["cast:三奇得使"])):
        with pytest.raises(qimen_cli.BadInput, match=r"=: the datetime .* has no zone: give tz"):
            call()
    hours = qimen_cli.pillars(start=_dt.datetime(2024, 3, 5, 9), end=_dt.datetime(2024, 3, 5, 11), tz="Asia/Seoul")
    assert [h.to_dict()["instant_utc"] for h in hours] == ["2024-03-05T00:00:00Z", "2024-03-05T02:00:00Z"]


@pytest.mark.parametrize("call, keyword, flag", [
    (lambda: qimen_cli.pillars(start="2024-03-06", end="2024-03-05", tz="UTC"), "end=", "--to"),
    (lambda: qimen_cli.find("2024-03-01", "nope", ["cast:三奇得使"], tz="UTC"), "end=", "--to"),
    (lambda: qimen_cli.terms(first=2024, last=2020), "last=", "--last"),
    (lambda: qimen_cli.patterns("nope"), "art=", "--art"),
    (lambda: qimen_cli.liuren(day="甲子"), "hour=", "--hour"),
    (lambda: qimen_cli.chaibu("2024-03-05T11:00+08:00", switch="x"), "switch=", "--switch"),
    (lambda: qimen_cli.cast("1700-01-01T00:00Z"), "ephemeris=", "--ephemeris"),
])
def test_errors_name_the_keyword(call, keyword, flag):
    with pytest.raises(qimen_cli.QimenError) as caught:
        call()
    assert keyword in str(caught.value) and flag not in str(caught.value), str(caught.value)
