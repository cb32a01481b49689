"""ΔT (TT − UT1): how uncertain a term instant is on the civil clock.

More precisely: a standard-error model of ΔT by year; an error of σ in ΔT moves a
term instant (computed on TT, stored on UT1) by σ on the civil clock.
"""

from __future__ import annotations

#: Year from which ΔT is extrapolated rather than measured (end of the IERS series
#: built into skyfield at the time the term table was made).
DELTA_T_MEASURED_UNTIL = 2025.0

#: Telescopic-era standard errors of ΔT (Stephenson & Houlden 1986, as tabulated by
#: Espenak & Meeus, NASA "Five Millennium Canon", Uncertainty in ΔT): (year, σ s).
_TELESCOPIC_SIGMA = ((1700.0, 5.0), (1800.0, 1.0), (1900.0, 0.1))

#: Growth of the error of ΔT predictions, seconds per year ahead (USNO's published
#: predictions: ±0.9 s at 2 years … ±8 s at 12 years).
DELTA_T_PREDICTION_GROWTH = 0.65


def delta_t_sigma(year: float) -> float:
    """A simple standard-error model of ΔT (TT − UT1) in seconds, growing away from today.

    * before 1700: Morrison & Stephenson (2004), σ = 0.8 t² s with t = (year − 1820)/100,
      not below the 5 s of 1700;
    * 1700–1900: the telescopic-era values of Stephenson & Houlden (1986) — 5 s (1700),
      1 s (1800), 0.1 s (1900) — interpolated geometrically;
    * 1900 to DELTA_T_MEASURED_UNTIL: 0.1 s (measured; since 1962 to the millisecond);
    * later: 0.1 s + 0.65 s per year ahead, the growth of USNO's prediction errors.

    Sources: Espenak & Meeus, "Uncertainty in Delta T", NASA eclipse web site (Five
    Millennium Canon), quoting Morrison & Stephenson 2004 and Stephenson & Houlden
    1986; USNO ``ser7/deltat.preds``.  An error of σ in ΔT moves a term instant by σ on
    the civil clock.
    """
    if year > DELTA_T_MEASURED_UNTIL:
        return 0.1 + DELTA_T_PREDICTION_GROWTH * (year - DELTA_T_MEASURED_UNTIL)
    if year >= 1900.0:
        return 0.1
    if year < 1700.0:
        return max(5.0, 0.8 * ((year - 1820.0) / 100.0) ** 2)
    for (y0, s0), (y1, s1) in zip(_TELESCOPIC_SIGMA, _TELESCOPIC_SIGMA[1:], strict=False):
        if y0 <= year <= y1:
            return float(s0 * (s1 / s0) ** ((year - y0) / (y1 - y0)))
    return 0.1  # pragma: no cover - the ranges above are exhaustive
