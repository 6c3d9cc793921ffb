"""The dice the battle board draws against the computer: a person sees their own side's dice
too, not only those the computer rolled after answering its question (R-COMBAT-6)."""

from __future__ import annotations

from scenario import scenario, u

from pacific.gui.battle_state import battle_screen
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase


def _india_attacks_siam(computer: dict[Power, str]) -> History:
    """India's 3 infantry attack Siam's Japanese infantry and artillery: one hit (the dice
    1, 6, 6), which Japan assigns, then Japan's defence misses (6, 6); India is asked to
    retreat or press on."""
    game, state = scenario(power=Power.UK, phase=Phase.COMBAT_MOVE,
                           units={"burma": "3 infantry india",
                                  "siam": "1 infantry japan, 1 artillery japan"},
                           owners={"siam": Nation.JAPAN, "burma": Nation.INDIA})
    history = History(game, state)
    history.computer = dict(computer)
    history.apply(Move(units=tuple(u(state, "burma", "infantry")), path=("burma", "siam")))
    history.apply(EndPhase())
    dice = FixedDice([1, 6, 6, 6, 6])
    history.apply(SelectBattle(space="siam"), dice)
    assert history.state.pending is not None
    assert history.state.pending.decision == "casualties"
    assert history.state.pending.power is Power.JAPAN
    # Japan's answer: the first casualty the engine offers (the computer's own choice).
    history.apply(next(a for a in game.legal_actions(history.state)
                       if a.kind == "choose_casualties"), dice)
    assert Game.current_power(history.state) is Power.UK
    return history


def _drawn(history: History) -> list[tuple[int, ...]]:
    return [r.values for r in battle_screen(history, []).rolls]


def test_against_the_computer_the_board_shows_the_persons_attack_and_its_defence() -> None:
    """India attacks, the computer plays Japan: the board draws India's attack (one hit), then
    Japan's defence rolled after the computer chose its casualty."""
    history = _india_attacks_siam({Power.JAPAN: "normal"})
    assert _drawn(history) == [(1, 6, 6), (6, 6)]


def test_between_people_the_board_shows_the_last_roll() -> None:
    """Hot seat: Japan's player saw India's attack while choosing; the board then shows the
    roll that followed that choice."""
    history = _india_attacks_siam({})
    assert _drawn(history) == [(6, 6)]
