"""`pacific.rules` is the engine's public face: a program plays a game with what it exports,
without knowing the modules inside."""

from __future__ import annotations

from pathlib import Path

import pacific.rules
from pacific.rules import Action, Game, GameState, History, IllegalAction, load_board

MINI = Path(__file__).resolve().parent / "maps" / "mini"


def test_the_rules_export_the_engine_its_state_history_actions_refusals_and_decisions() -> None:
    wanted = {"Game", "GameState", "History", "Action", "IllegalAction", "parse_action",
              "load_board", "Decision", "DiceRoll", "CasualtyChoice", "ConvoySplit",
              "RoundChoice", "KamikazeChoice", "InterceptChoice", "FighterLanding",
              "OwnerDecision", "DefenderSubmergeChoice"}
    assert wanted <= set(pacific.rules.__all__)
    for name in pacific.rules.__all__:
        assert getattr(pacific.rules, name) is not None, name


def test_a_game_is_played_through_the_public_names() -> None:
    """R-SETUP-8: a new game waits for the British convoy split, a `ConvoySplit` decision;
    an action of another phase is refused with its rule id."""
    game = Game(load_board(MINI))
    history = History(game, game.new_game(players=3, seed=7))
    state: GameState = history.state
    assert isinstance(state.pending, pacific.rules.ConvoySplit)
    action: Action = next(iter(game.legal_actions(state)))
    history.apply(action)
    wrong = pacific.rules.parse_action({"kind": "end_phase"})
    refusal = game.why_illegal(history.initial, wrong)
    assert isinstance(refusal, IllegalAction) and refusal.rule.startswith("R-")


def test_the_file_formats_old_paths_import_as_the_modules_at_their_new_ones() -> None:
    """Old paths: a program written against `pacific.rules.savefile` or `pacific.rules.board`
    still runs. The old path gives the module itself, so a patch through it reaches the game."""
    import importlib
    from unittest import mock

    from pacific.rules.files import old_paths

    for old, new in old_paths.OLD_PATHS.items():
        module = importlib.import_module(old)
        assert module is importlib.import_module(new), old
        assert module.__spec__ is not None and module.__spec__.name == new
    from pacific.rules.mapfile import load_board as load_board_at_old_path
    assert load_board_at_old_path is load_board
    with mock.patch("pacific.rules.savefile.save_game") as patched:   # the old path
        from pacific.rules.files import savefile
        assert savefile.save_game is patched
