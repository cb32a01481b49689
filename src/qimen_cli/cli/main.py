"""The `qimen` click group; subcommands are imported only when invoked."""

from __future__ import annotations

import importlib

import click

#: Subcommand name → "module:attribute", loaded on demand so that start-up stays cheap.
SUBCOMMANDS = {
    "cast": "qimen_cli.cli.cast:cast",
    "chaibu": "qimen_cli.cli.chaibu:chaibu",
    "gucu": "qimen_cli.cli.gucu:gucu",
    "liuren": "qimen_cli.cli.liuren:liuren",
    "noble": "qimen_cli.cli.noble:noble",
    "pillars": "qimen_cli.cli.pillars:pillars",
    "terms": "qimen_cli.cli.terms:terms",
    "twelve-gods": "qimen_cli.cli.twelve_gods:twelve_gods",
}


class LazyGroup(click.Group):
    """A click group whose commands live in their own modules (click's lazy-loading pattern)."""

    def list_commands(self, ctx):
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx, name):
        target = SUBCOMMANDS.get(name)
        if target is None:
            return None
        module, attr = target.split(":")
        return getattr(importlib.import_module(module), attr)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="qimen-cli")
def main():
    """奇門遁甲 and its sister arts, from the classical texts."""
