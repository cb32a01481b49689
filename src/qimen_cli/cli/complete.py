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


#: What the shell gives a completion request, by shell (click reads them; a missing one was a traceback).
COMPLETION_NEEDS = {"bash": ("COMP_WORDS", "COMP_CWORD"), "zsh": ("COMP_WORDS", "COMP_CWORD"),
                    "fish": ("COMP_WORDS", "COMP_CWORD")}


def run_completion(cli, ctx_args, prog_name: str, variable: str, instruction: str) -> int:
    """A shell's completion request (`variable`=SHELL_source or SHELL_complete): click's answer and
    its status; anything else in `variable`, or a request without what its shell gives, is one
    line on stderr and exit 2 (junk exited 1 in silence, a bare bash_complete with a traceback)."""
    import os

    import click
    from click.shell_completion import get_completion_class, shell_complete

    shell, _, action = instruction.partition("_")
    how = f'eval "$({variable}=bash_source {prog_name})" in ~/.bashrc (zsh_source, fish_source alike)'
    if get_completion_class(shell) is None or action not in ("source", "complete"):
        from ..errors import one_line

        shells = ", ".join(f"{s}_source" for s in COMPLETION_NEEDS)
        click.echo(f"qimen: error: {one_line(f'{variable}={instruction!r}')} is not a completion request "
                   f"(expected {shells}): {how}", err=True)
        return 2
    missing = [name for name in COMPLETION_NEEDS.get(shell, ()) if action == "complete" and name not in os.environ]
    try:
        if missing:
            raise KeyError(missing[0])
        return shell_complete(cli, ctx_args, prog_name, variable, instruction)
    except (KeyError, ValueError, IndexError) as exc:
        why = f"{exc.args[0]} is not set" if isinstance(exc, KeyError) else f"what the shell gave cannot be read ({exc})"
        click.echo(f"qimen: error: {variable}={instruction}: {why}; the shell's completion script sends it: {how}",
                   err=True)
        return 2
