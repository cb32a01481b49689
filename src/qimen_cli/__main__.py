"""`python -m qimen_cli`: the `qimen` command (the console script's entry point)."""

from qimen_cli.cli.entry import console

if __name__ == "__main__":
    console()
