"""Every headless subcommand, in the order `pacific --help` lists them."""

from __future__ import annotations

from pacific.cli.check_map import COMMAND as CHECK_MAP
from pacific.cli.game_commands import COMMANDS as GAME_COMMANDS
from pacific.cli.main import Command
from pacific.cli.odds import COMMAND as ODDS
from pacific.cli.play import COMMAND as PLAY
from pacific.cli.rule import COMMAND as RULE
from pacific.cli.story import COMMANDS as STORY_COMMANDS

COMMANDS: list[Command] = []
COMMANDS.append(CHECK_MAP)
COMMANDS.extend(GAME_COMMANDS)
COMMANDS.append(ODDS)
COMMANDS.append(RULE)
COMMANDS.extend(STORY_COMMANDS)
COMMANDS.append(PLAY)
