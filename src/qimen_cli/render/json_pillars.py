"""JSON of `qimen pillars`: the Moment's keys, the next term, 旬 and 空亡 of day and hour, the lunar date."""

from __future__ import annotations

from functools import lru_cache

from ..calendar.ganzhi import BRANCHES, ganzhi, kong_wang, xun_shou
from .jsonout import _esc, moment_fields, object_text, term_text


@lru_cache(maxsize=64)
def _xun(position: int) -> str:
    """{"xun_shou", "kong_wang"} of a sexagenary position (60 of them)."""
    kong = ",".join(_esc(BRANCHES[b]) for b in kong_wang(position))
    return f'{{"xun_shou":{_esc(ganzhi(xun_shou(position)))},"kong_wang":[{kong}]}}'


def pillars_text(m) -> str:
    fields = moment_fields(m)
    fields["next_term"] = term_text(m.next_term, m.civil.tzinfo)
    fields["xun"] = f'{{"day":{_xun(m.pillars.day)},"hour":{_xun(m.pillars.hour)}}}'
    lunar = m.lunar
    if lunar is not None:
        fields["lunar"] = (
            f'{{"year":{_esc(ganzhi(lunar.year))},"month":{lunar.month!r},"day":{lunar.day!r},'
            f'"leap":{"true" if lunar.leap else "false"},"zone":{_esc(lunar.zone)}}}'
        )
    return object_text(fields)
