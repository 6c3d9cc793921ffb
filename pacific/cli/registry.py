"""Every headless subcommand, in the order `pacific --help` lists them."""

from __future__ import annotations

from pacific.cli.main import Command

COMMANDS: list[Command] = []
