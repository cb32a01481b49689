"""Shell completion of option values: zone names for --tz, pattern names for --where.

click completes commands and options by itself (`_QIMEN_COMPLETE=bash_source qimen`);
these functions add the values.
"""

from __future__ import annotations


def complete_zone(ctx, param, incomplete: str):
    """IANA zone names starting with `incomplete` (case-insensitive), e.g. Asia/Se → Asia/Seoul."""
    import zoneinfo

    low = incomplete.lower()
    return sorted(z for z in zoneinfo.available_timezones() if z.lower().startswith(low))


def complete_pattern(ctx, param, incomplete: str):
    """Pattern names for --where starting with `incomplete`."""
    from ..qimen.patterns import PATTERN_NAMES

    return [n for n in PATTERN_NAMES if n.startswith(incomplete)]
