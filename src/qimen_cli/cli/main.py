"""The `qimen` click group; subcommands are imported only when invoked."""

from __future__ import annotations

import importlib

import click

#: The commands that are not arts, name → "module:attribute", loaded on demand so that start-up
#: stays cheap.  Every art's subcommand is made from its record (`arts.records`, `cli/arts.py`).
SUBCOMMANDS = {
    "find": "qimen_cli.cli.find:find",
    "patterns": "qimen_cli.cli.patterns:patterns",
    "serve": "qimen_cli.cli.serve:serve",
    "terms": "qimen_cli.cli.terms:terms",
    "verify": "qimen_cli.cli.verify:verify",
    "web": "qimen_cli.cli.web:web",
}


def command_names() -> list[str]:
    """Every subcommand's name, sorted: the commands above and every art's."""
    from ..arts import names

    return sorted([*SUBCOMMANDS, *names()])


def is_command(name: str) -> bool:
    """Whether `name` is a subcommand (an art's is looked up by its name alone)."""
    from ..arts import find_art

    return name in SUBCOMMANDS or find_art(name) is not None


def summary(name: str) -> str:
    """The one line on a subcommand in `qimen --help`: an art's record's, else `options.SUMMARIES`."""
    from ..arts import find_art
    from ..options import SUMMARIES

    record = find_art(name)
    return record.summary if record is not None else SUMMARIES.get(name, "")


def unknown_command(name: str) -> str:
    """The one line refusing an unknown subcommand, with up to three close names (difflib)."""
    import difflib

    known = command_names()
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
    if not close:
        return f"No such command {name!r}; the commands are {', '.join(known)}."
    return f"No such command {name!r}. Did you mean {' or '.join(repr(c) for c in close)}?"


#: Options of one command that others lack, and where to go for them (click's "Did you mean
#: '--help'?" said nothing useful).
ELSEWHERE = {
    "--where": "the hours where a rule holds are found by `qimen find --where {art}:NAME` "
               "(the names: qimen find --list --art {art})",
    "--any": "the hours where one of several rules holds are found by `qimen find --any {art}:NAME …`",
}


def no_such_option(exc, command: str) -> tuple[str, str] | None:
    """(message, hint) for an option `command` lacks that `ELSEWHERE` knows, else None."""
    where = ELSEWHERE.get(exc.option_name)
    if where is None:
        return None
    from ..find.arts import art_order

    if command not in art_order():
        return None
    return f"qimen {command} has no {exc.option_name}: {where.format(art=command)}", ""


class Failure(click.ClickException):
    """Bad input reported by a command or the engine: exit status 2, one line on stderr."""

    exit_code = 2

    def show(self, file=None):
        from ..errors import one_line

        click.echo(f"qimen: error: {one_line(self.format_message())}", err=True)


class LazyGroup(click.Group):
    """A click group whose commands live in their own modules (click's lazy-loading pattern)."""

    def list_commands(self, ctx):
        return command_names()

    def get_command(self, ctx, name):
        target = SUBCOMMANDS.get(name)
        if target is None:
            from ..arts import find_art

            record = find_art(name)
            if record is None:
                return None
            from .arts import art_command

            return art_command(record)
        module, attr = target.split(":")
        return getattr(importlib.import_module(module), attr)

    def resolve_command(self, ctx, args):
        """The subcommand to run; from here SIGTERM stops it as Ctrl-C does (exit 130, one line),
        except `serve`, which its MCP client ends.  An unknown name is refused with the close
        ones (`qimen cats` → "Did you mean 'cast'?")."""
        if args and not args[0].startswith("-") and not ctx.resilient_parsing and not is_command(args[0]):
            ctx.fail(unknown_command(args[0]))
        name, cmd, rest = super().resolve_command(ctx, args)
        if name not in ("serve", "web"):
            from .stopping import terminate_interrupts

            terminate_interrupts()
        return name, cmd, rest

    def _main_shell_completion(self, ctx_args, prog_name, complete_var=None):
        """A shell's completion request (click's, `complete.run_completion`: junk in the variable
        or a request the shell did not fill is one line, exit 2)."""
        import os
        import sys

        variable = complete_var or f"_{prog_name.replace('-', '_').replace('.', '_')}_COMPLETE".upper()
        instruction = os.environ.get(variable)
        if not instruction:
            return
        from .complete import run_completion

        sys.exit(run_completion(self, ctx_args, prog_name, variable, instruction))

    def invoke(self, ctx):
        """Run the subcommand; the engine's errors (errors.QimenError) become exit 2 here, the one
        place; a closed pipe ends the run by `stopping.stop` before click makes it exit 1."""
        from ..errors import QimenError

        try:
            return super().invoke(ctx)
        except QimenError as exc:
            raise Failure(str(exc)) from None
        except KeyboardInterrupt:
            # Not click's Abort: that prints a blank line first.
            from .stopping import Interrupted

            raise Interrupted() from None
        except BrokenPipeError as exc:
            from .stopping import stop

            stop(exc)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Run; every error the user caused is one line on stderr, exit 2 (click's usage
        block is not printed); bare `qimen` prints the help on stdout and exits 0."""
        import sys

        if sys.stdout is None:
            from .stopping import stdout_closed

            stdout_closed()
        argv = list(sys.argv[1:] if args is None else args)
        if not argv:
            argv = ["--help"]
        try:
            rv = super().main(args=argv, prog_name=prog_name or "qimen", complete_var=complete_var,
                              standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            ctx = exc.ctx
            hint = f" (see 'qimen {ctx.info_name} --help')" if ctx is not None and ctx.parent is not None else ""
            from ..errors import one_line

            message = exc.format_message()
            if isinstance(exc, click.NoSuchOption) and ctx is not None:
                message, hint = no_such_option(exc, ctx.info_name) or (message, hint)
            click.echo(f"qimen: error: {one_line(message)}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except (click.Abort, Exception, KeyboardInterrupt) as exc:
            from .stopping import is_stop, stop

            if not is_stop(exc):
                raise
            stop(exc)  # an interruption, a closed pipe, a refused write (cli/stopping.py)
        if not standalone_mode:
            return rv
        sys.exit(0)

    def format_commands(self, ctx, formatter):
        rows = [(name, summary(name)) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


#: Examples under `qimen --help` (\b: click keeps the lines as written).
EPILOG = """\b
Examples:
  qimen cast --at 2024-03-05T11:00 --tz Asia/Seoul      the chart of one hour
  qimen cast --at now --lang en                          now, in English
  qimen pillars --at "2024-03-05 11:00+09:00" --json     four pillars as JSON
  qimen find --from 2024-03-01 --to 2024-03-31 --tz Asia/Seoul --where cast:三奇得使
                                                         the hours of March with 三奇得使
  qimen terms --year 2024 --tz Asia/Shanghai             the 24 solar terms of a year
  echo 2024-03-05T11:00 | qimen pillars --at - --tz +08:00 --json
                                                         instants from stdin, one a line
  qimen verify                                           the texts' examples, checked

'qimen COMMAND --help' shows a command's options.

\b
Shell completion (commands, options, zones, pattern names): add
  eval "$(_QIMEN_COMPLETE=bash_source qimen)"            to ~/.bashrc
  eval "$(_QIMEN_COMPLETE=zsh_source qimen)"             to ~/.zshrc
  _QIMEN_COMPLETE=fish_source qimen | source   to ~/.config/fish/completions/qimen.fish"""


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EPILOG)
@click.version_option(package_name="qimen-cli")
def cli():
    """奇門遁甲 and its sister arts, from the classical texts."""


def main(argv=None):
    """Entry point: see `LazyGroup.main` (usage errors exit 2 with one line on stderr)."""
    cli.main(args=argv, prog_name="qimen")


def console() -> None:
    """The `qimen` console script: `main` with the garbage collector seldom run, then leave
    without tearing down the caches.

    A long range fills the plate and pattern caches with hundreds of thousands of
    objects; freeing them one by one at interpreter exit costs a noticeable part of
    a second.  Output is flushed first, so nothing is lost.
    """
    import gc
    import os
    import sys

    from .. import cli as shell
    from . import GC_THRESHOLDS

    gc.set_threshold(*GC_THRESHOLDS)
    shell.KEPT = []
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if exc.code is not None and not isinstance(exc.code, int):
            print(exc.code, file=sys.stderr)
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError) as exc:
        from .stopping import after_failed_flush

        code = after_failed_flush(exc, code)
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)
