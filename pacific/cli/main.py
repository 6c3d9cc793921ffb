"""The `pacific` command: with no subcommand it starts the GUI.

Subcommands live in their own modules and register themselves in `COMMANDS`; each one is a
`Command` with a name, a help line (English, marked for the catalogue with ``N_``), a function
that adds its arguments and a function that runs it and returns the exit status.

Everything the command prints for a person is in the active language: the language
is chosen (``--lang``, else the system locale) before the parser is built, so that the help is
translated too.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pacific import APP_NAME, __version__
from pacific.startup import (
    collector_paused,
    quicker_pyside_feature_check,
    without_pydantic_plugins,
)


@dataclass(frozen=True)
class Command:
    name: str
    help: str  # English, marked with N_; shown through gettext
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _commands() -> list[Command]:
    # Imported here so that `pacific --version` stays fast and a broken subcommand
    # cannot stop the GUI from starting.
    from pacific.cli.registry import COMMANDS

    return COMMANDS


USAGE = ("pacific [-h] [--version] [--offscreen] [--screenshot PNG] [SAVE.json]\n"
         "       pacific COMMAND [ARGS ...]")


def build_parser(with_game: bool = True, with_commands: bool = True) -> argparse.ArgumentParser:
    """The command line. A saved game to open and a subcommand are both positional, and
    argparse cannot tell one from the other in one parser (it would take SAVE.json for an
    unknown command), so `main` builds the parser for what the arguments hold: the game
    (``with_game``), the subcommands (``with_commands``), or both for --help. Its help is in
    the active language."""
    from pacific.text import _

    parser = argparse.ArgumentParser(
        prog="pacific",
        usage=USAGE,
        description=_("{app}: Axis & Allies Pacific (2001). With no command, starts the "
                      "desktop game (with SAVE.json: opens that saved game).").format(
                          app=APP_NAME),
    )
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    parser.add_argument(
        "--offscreen",
        action="store_true",
        help=_("run the GUI without a display (Qt's offscreen platform); the same as "
               "PACIFIC_OFFSCREEN=1"),
    )
    parser.add_argument(
        "--lang",
        choices=("en", "it"),
        help=_("the language of the text: en (English) or it (Italian); default: the system "
               "locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"),
    )
    parser.add_argument(
        "--screenshot",
        metavar="PNG",
        help=_("start the GUI, save the main window as a PNG and quit"),
    )
    if with_game:
        parser.add_argument("game", nargs="?", metavar="SAVE.json",
                            help=_("a saved game to open in the GUI"))
    if with_commands:
        sub = parser.add_subparsers(dest="command", metavar="COMMAND", prog="pacific")
        for command in _commands():
            p = sub.add_parser(command.name, help=_(command.help), description=_(command.help))
            command.add_arguments(p)
            p.set_defaults(_run=command.run)
    return parser


def _display_available() -> bool:
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _language_asked(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the arguments, read before parsing (the help must be in
    that language); argparse checks it properly afterwards."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    without_pydantic_plugins()
    quicker_pyside_feature_check()   # (when a program imported PySide6 before the rules)
    with collector_paused():
        from pacific.text import _, set_language

    try:
        set_language(_language_asked(args_list))  # None: follow the system locale
    except ValueError:
        set_language(None)  # argparse names the bad choice below
    except FileNotFoundError as error:
        print(f"pacific: {error}", file=sys.stderr)
        return 2
    # A subcommand's name among the arguments: a subcommand runs. Otherwise a bare word is
    # a saved game to open; only --help shows both. Without a bare word (the desktop game
    # started from its menu entry) no subcommand module is imported.
    words = {arg for arg in args_list if not arg.startswith("-")}
    command = bool(words) and any(c.name in words for c in _commands())
    wants_help = any(arg in ("-h", "--help") for arg in args_list)
    parser = build_parser(with_game=not command, with_commands=command or wants_help)
    args = parser.parse_args(args_list)
    run = getattr(args, "_run", None)
    if run is not None:
        try:
            return int(run(args))
        except BrokenPipeError:
            # The reader went away (`pacific show game.json | head`): not an error to report.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if args.game is not None and not os.path.isfile(args.game):
        print(_("pacific: no saved game at {path}").format(path=args.game), file=sys.stderr)
        return 2
    offscreen = args.offscreen or os.environ.get("PACIFIC_OFFSCREEN") == "1"
    if offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        # The offscreen platform warns about window hints it cannot honour; nothing to act on.
        os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
    # ("offscreen:configfile=screens.json": the offscreen platform with options.)
    elif not os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen") \
            and not _display_available():
        print(
            _("pacific: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
              "  Run it from a desktop session, or headless with: pacific --offscreen "
              "--screenshot window.png"),
            file=sys.stderr,
        )
        return 2
    with collector_paused():
        from pacific.gui.app import run_gui

    return run_gui(game_path=args.game, screenshot=args.screenshot, language=args.lang)
