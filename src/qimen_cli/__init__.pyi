"""The public names of `qimen_cli` for type checkers (written by scripts/make_api_stub.py from the
arts' records: do not edit)."""

import datetime
from collections.abc import Sequence
from typing import Any, Literal

from .calendar.moment import Moment
from .calendar.terms import Term
from .errors import BadInput as BadInput
from .errors import DataError as DataError
from .errors import OutOfSpan as OutOfSpan
from .errors import QimenError as QimenError
from .find.search import Window
from .gods.report import NobleReport, TwelveGodsReport
from .gucu.report import GucuReport
from .liuren.report import Liuren
from .qimen.chart import Chart
from .qimen.ledger import ChaibuRecord, ChaibuReport
from .result import Result as Result
from .result import Stream as Stream

__all__: list[str]
__version__: str
SCHEMA_VERSION: int


def cast(
    at: str | datetime.datetime | None = None,
    *,
    tz: str | datetime.tzinfo | None = None,
    lon: float | None = None,
    solar_time: Literal['mean', 'apparent'] = 'mean',
    day_change: Literal[23, 0, '23', '0'] = 23,
    start: str | datetime.datetime | datetime.date | None = None,
    end: str | datetime.datetime | datetime.date | None = None,
    every: str | None = None,
    ephemeris: str | None = None,
    method: Literal['zhirun', 'chaibu', 'maoshan'] = 'zhirun',
    layout: Literal['zhuan', 'fei'] = 'zhuan',
    switch: Literal['shichen', 'instant'] | None = None,
    where: str | Sequence[str] = (),
    explain: bool = False,
    school: Literal['gu', 'li', 'lin', 'tao', 'sanshi', 'zhushu', 'yiben', 'huoju'] = 'gu',
    annotate: str | Sequence[str] | None = None,
    lodge: Literal['kungen', 'kun', 'bajie'] = 'kungen',
    qin: Literal['with', 'apart'] = 'with',
    scope: Literal['hour', 'year', 'month', 'day'] = 'hour',
) -> Result[Chart] | Stream[Chart]: ...


def twelve_gods(
    at: str | datetime.datetime | None = None,
    *,
    tz: str | datetime.tzinfo | None = None,
    lon: float | None = None,
    solar_time: Literal['mean', 'apparent'] = 'mean',
    day_change: Literal[23, 0, '23', '0'] = 23,
    start: str | datetime.datetime | datetime.date | None = None,
    end: str | datetime.datetime | datetime.date | None = None,
    every: str | None = None,
    ephemeris: str | None = None,
    school: Literal['gu', 'sanshi'] = 'gu',
) -> Result[TwelveGodsReport] | Stream[TwelveGodsReport]: ...


def noble(
    at: str | datetime.datetime | None = None,
    *,
    tz: str | datetime.tzinfo | None = None,
    lon: float | None = None,
    solar_time: Literal['mean', 'apparent'] = 'mean',
    day_change: Literal[23, 0, '23', '0'] = 23,
    start: str | datetime.datetime | datetime.date | None = None,
    end: str | datetime.datetime | datetime.date | None = None,
    every: str | None = None,
    ephemeris: str | None = None,
    method: Literal['zhirun', 'chaibu', 'maoshan'] | None = None,
    layout: Literal['zhuan', 'fei'] | None = None,
    no_chart: bool = False,
) -> Result[NobleReport] | Stream[NobleReport]: ...


def gucu(
    at: str | datetime.datetime | None = None,
    *,
    tz: str | datetime.tzinfo | None = None,
    lon: float | None = None,
    solar_time: Literal['mean', 'apparent'] = 'mean',
    day_change: Literal[23, 0, '23', '0'] = 23,
    start: str | datetime.datetime | datetime.date | None = None,
    end: str | datetime.datetime | datetime.date | None = None,
    every: str | None = None,
    ephemeris: str | None = None,
    size: int | None = None,
    tone: Literal['角', '徵', '宮', '商', '羽'] | None = None,
    born: str | datetime.date | None = None,
    month_basis: Literal['lunar', 'jie'] = 'lunar',
    steps: int = 6,
    lunar_zone: str = 'china',
    method: Literal['zhirun', 'chaibu', 'maoshan'] | None = None,
    layout: Literal['zhuan', 'fei'] | None = None,
    no_chart: bool = False,
    tian_men: Literal['liuren', 'youmen', 'sanmen'] | None = None,
) -> Result[GucuReport] | Stream[GucuReport]: ...


def liuren(
    at: str | datetime.datetime | None = None,
    *,
    tz: str | datetime.tzinfo | None = None,
    lon: float | None = None,
    solar_time: Literal['mean', 'apparent'] = 'mean',
    day_change: Literal[23, 0, '23', '0'] = 23,
    start: str | datetime.datetime | datetime.date | None = None,
    end: str | datetime.datetime | datetime.date | None = None,
    every: str | None = None,
    ephemeris: str | None = None,
    yuejiang: str | int | None = None,
    month: int | str | None = None,
    day: str | int | None = None,
    hour: str | int | None = None,
    half: Literal['yang', 'yin'] | None = None,
    noble_rule: Literal['najia', 'day-night', 'day-night-almanac'] = 'najia',
    lat: float | None = None,
    fan_yin: Literal['chong', 'najia'] = 'chong',
    tian_men: Literal['liuren', 'youmen', 'sanmen'] = 'liuren',
) -> Result[Liuren] | Stream[Liuren]: ...


def pillars(
    at: str | datetime.datetime | None = None,
    *,
    tz: str | datetime.tzinfo | None = None,
    lon: float | None = None,
    solar_time: Literal['mean', 'apparent'] = 'mean',
    day_change: Literal[23, 0, '23', '0'] = 23,
    start: str | datetime.datetime | datetime.date | None = None,
    end: str | datetime.datetime | datetime.date | None = None,
    every: str | None = None,
    ephemeris: str | None = None,
    lunar_zone: str = 'china',
) -> Result[Moment] | Stream[Moment]: ...


def chaibu(
    at: str | datetime.datetime | None = None,
    *,
    tz: str | datetime.tzinfo | None = None,
    lon: float | None = None,
    solar_time: Literal['mean', 'apparent'] = 'mean',
    day_change: Literal[23, 0, '23', '0'] = 23,
    start: str | datetime.datetime | datetime.date | None = None,
    end: str | datetime.datetime | datetime.date | None = None,
    every: str | None = None,
    ephemeris: str | None = None,
    terms: Literal['true', 'mean'] | None = None,
    anchor: str | datetime.datetime | datetime.date | None = None,
    switch: Literal['shichen', 'instant'] = 'shichen',
    alternatives: bool = False,
    within: str = '2h',
    year: int | None = None,
    explain: bool = False,
    method: Literal['maoshan'] | None = None,
    stats: bool = False,
) -> Result[ChaibuReport] | Stream[ChaibuRecord]: ...


def terms(
    year: int | None = None,
    *,
    first: int | None = None,
    last: int | None = None,
    tz: str | datetime.tzinfo | None = None,
    ephemeris: str | None = None,
) -> Stream[Term]: ...


def find(
    start: str | datetime.datetime | datetime.date,
    end: str | datetime.datetime | datetime.date,
    where: str | Sequence[str] = (),
    *,
    any_of: str | Sequence[str] = (),
    tz: str | datetime.tzinfo | None = None,
    lon: float | None = None,
    solar_time: Literal['mean', 'apparent'] = 'mean',
    day_change: Literal[23, 0, '23', '0'] = 23,
    ephemeris: str | None = None,
    first: int | None = None,
    method: Literal['zhirun', 'chaibu', 'maoshan'] = 'zhirun',
    layout: Literal['zhuan', 'fei'] = 'zhuan',
    switch: Literal['shichen', 'instant'] | None = None,
    school: Literal['gu', 'li', 'lin', 'tao', 'sanshi', 'zhushu', 'yiben'] = 'gu',
    noble_rule: Literal['najia', 'day-night', 'day-night-almanac'] = 'najia',
    month_basis: Literal['lunar', 'jie'] = 'lunar',
    size: int | None = None,
    tone: str | None = None,
    born: str | datetime.date | None = None,
    lat: float | None = None,
    steps: int = 6,
    lunar_zone: str = 'china',
    fan_yin: Literal['chong', 'najia'] = 'chong',
    tian_men: Literal['liuren', 'youmen', 'sanmen'] | None = None,
    lodge: Literal['kungen', 'kun', 'bajie'] = 'kungen',
    scope: Literal['hour', 'year', 'month', 'day'] = 'hour',
) -> Stream[Window]: ...


def patterns(
    art: str | None = None,
) -> Stream[dict[str, Any]]: ...
