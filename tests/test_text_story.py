"""What happened, what is asked and what a player may do, in words, in English and Italian:
names and owners, never ids."""

from __future__ import annotations

import re

from scenario import scenario, u

from pacific.rules.actions import Action
from pacific.rules.actions.combat import (
    CallOffAssault,
    ChooseCasualties,
    ConfirmCasualties,
    Intercept,
    Kamikaze,
    KamikazeTarget,
    LandFighter,
    PressOn,
    Retreat,
    RollDice,
    SelectBattle,
    SelectCasualty,
    Submerge,
)
from pacific.rules.actions.economy import ChooseOwner, EndPhase, Place, Purchase, SplitConvoyIncome
from pacific.rules.actions.edit import (
    EditAddUnits,
    EditBritishConvoy,
    EditControl,
    EditDamaged,
    EditHits,
    EditKamikazeTokens,
    EditMode,
    EditMoveUnits,
    EditProduction,
    EditPurchased,
    EditRemoveUnits,
    EditSubmerged,
    EditTreasury,
    EditTurn,
    EditVictoryPoints,
)
from pacific.rules.actions.movement import HoldConvoy, LandCap, Load, Move, StartCap, Unload
from pacific.rules.decisions import (
    CasualtyChoice,
    ConvoySplit,
    DecisionBase,
    DefenderSubmergeChoice,
    DiceGroup,
    DiceRoll,
    FighterLanding,
    InterceptChoice,
    KamikazeChoice,
    OwnerDecision,
    RoundChoice,
)
from pacific.rules.dice import FixedDice
from pacific.rules.events import DiceLabel, Event, UnitCount
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import describe_action, describe_decision, describe_event, using_language
from pacific.text.decisions import _ACTIONS
from pacific.text.events import _DESCRIBERS, registered_later

# An id left in a sentence: "#12", "sz_9", a snake_case space id.
_IDS = re.compile(r"#\d|\bsz_\d|\b[a-z]+_[a-z_]+\b")


def _first_turn_attack() -> tuple[list[str], list[str]]:
    """Japan's 6 infantry attack Suiyuan's 3 Chinese infantry from Manchuria (R-COMBAT-5:
    3 hits, the defenders miss): the lines of the move and of the battle, in both languages."""
    game, state = scenario(
        "pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
        units={"manchuria": "6 infantry japan", "suiyuan": "3 infantry china"})
    infantry = tuple(u(state, "manchuria", "infantry"))
    moves = Move(units=infantry, path=("manchuria", "suiyuan"))
    steps = [(moves, []), (EndPhase(), []),
             (SelectBattle(space="suiyuan"), [1, 1, 1, 6, 6, 6, 5, 5, 5])]
    records = []
    for action, dice in steps:
        before = state
        state, events = game.apply(state, action, FixedDice(dice) if dice else None)
        records.append((before, action, events))
    out = []
    for language in ("en", "it"):
        with using_language(language):
            out.append([describe_event(e, game.board, before)
                        for before, _action, events in records for e in events])
    return out[0], out[1]


def test_the_log_names_the_units_their_owner_and_the_places() -> None:
    english, italian = _first_turn_attack()
    assert "Japan moved 6 infantry Manchuria → Suiyuan" in english
    assert "Battle in Suiyuan: Japan attacks" in english
    assert "Attack in Suiyuan — Japan: 6 infantry hit on 1: rolled 1 1 1 6 6 6 → 3 hits" \
        in english
    assert "China lost 3 infantry in Suiyuan" in english
    assert "Japan wins the battle in Suiyuan and takes it" in english
    assert "Il Giappone ha spostato 6 unità di fanteria Manciuria → Suiyuan" in italian
    assert "La Cina ha perso 3 unità di fanteria nel Suiyuan" in italian
    assert any(line.startswith("Attacco nel Suiyuan — Giappone: 6 unità di fanteria, a segno "
                               "con 1: tirato 1 1 1 6 6 6 → 3 colpi") for line in italian)
    for line in english + italian:
        assert not _IDS.search(line), line
        assert "{" not in line


def _all_subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_all_subclasses(sub)}
    return found


def test_every_event_kind_has_its_sentence() -> None:
    """A new event class without a sentence would fall back to its English describe()."""
    import pacific.rules.editing  # (the edits' events, made on first use)
    import pacific.rules.engine  # noqa: F401  (registers every area's events)

    registered_later()  # the sentences that register on first use (the edits')
    assert _all_subclasses(Event) - set(_DESCRIBERS) == set()


def test_every_action_kind_has_its_sentence() -> None:
    union = {Purchase, Place, EndPhase, SplitConvoyIncome, ChooseOwner, Move, Load, Unload,
             HoldConvoy, StartCap, LandCap, SelectBattle, SelectCasualty, ConfirmCasualties,
             ChooseCasualties, PressOn, Retreat, Submerge, KamikazeTarget, Kamikaze,
             CallOffAssault, Intercept, LandFighter, RollDice, EditMode, EditAddUnits,
             EditRemoveUnits, EditMoveUnits, EditDamaged, EditSubmerged, EditControl,
             EditTreasury,
             EditProduction, EditBritishConvoy, EditVictoryPoints, EditKamikazeTokens,
             EditPurchased, EditTurn, EditHits}
    from typing import get_args

    kinds = {t for t in get_args(get_args(Action)[0])}
    registered_later()  # the sentences that register on first use (the edits')
    assert kinds == union and set(_ACTIONS) == union


def test_actions_in_both_languages() -> None:
    game, state = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                           units={"manchuria": "6 infantry japan, 1 armor japan"})
    ids = tuple(u(state, "manchuria", "infantry"))
    move = Move(units=ids, path=("manchuria", "anhwe"))
    buy = Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 2, UnitType.FIGHTER: 1})
    with using_language("en"):
        assert describe_action(move, game.board, state) == "Move 6 infantry Manchuria → Anhwe"
        assert describe_action(buy, game.board) == "Japan buys 2 infantry, 1 fighter"
        assert describe_action(Retreat(to="sz_9"), game.board) == "Retreat to Sea Zone 9"
    with using_language("it"):
        assert describe_action(move, game.board, state) == \
            "Sposta 6 unità di fanteria Manciuria → Anhwe"
        assert describe_action(buy, game.board) == \
            "Il Giappone compra 2 unità di fanteria, 1 caccia"
        assert describe_action(Retreat(to="sz_9"), game.board) == "Ritirata nella Zona marina 9"
        assert describe_action(EndPhase(), game.board) == "Termina la fase"


def test_pending_decisions_as_prompts() -> None:
    game, state = scenario("pacific", power=Power.US, phase=Phase.COMBAT)
    board = game.board
    label = DiceLabel(kind="attack", space="burma",
                      units=(UnitCount(nation=Nation.USA, unit_type=UnitType.FIGHTER,
                                       count=2),))
    decisions: list[DecisionBase] = [
        CasualtyChoice(power=Power.JAPAN, battle=1, side="defender", count=2),
        RoundChoice(power=Power.US, battle=1, retreat_to=("yunnan",)),
        DefenderSubmergeChoice(power=Power.JAPAN, battle=1, submarines=(3,)),
        KamikazeChoice(power=Power.JAPAN, zones=("sz_23",), tokens=6),
        InterceptChoice(power=Power.JAPAN, battle=1, fighters=(4, 5)),
        FighterLanding(power=Power.US, battle=1, unit=7, options=("sz_9",)),
        OwnerDecision(power=Power.UK, territory="siam",
                      options=(Nation.INDIA, Nation.AUSTRALIA)),
        ConvoySplit(power=Power.UK, amount=12),
        DiceRoll(power=Power.US, groups=(DiceGroup(count=2, purpose="Attack in burma",
                                                   hit_on=3, label=label),)),
    ]
    with using_language("en"):
        english = [describe_decision(d, board, state) for d in decisions]
    with using_language("it"):
        italian = [describe_decision(d, board, state) for d in decisions]
    assert english[1] == "United States: retreat or press on?"
    assert english[3] == \
        "Japan: declare kamikaze attacks in Sea Zone 23 (6 tokens left), or none"
    assert english[6] == "Great Britain: choose who takes Siam: India or Australia"
    assert english[8] == \
        "United States: roll 2 dice: Attack in Burma — United States: 2 fighters hit on 3"
    assert italian[0] == "Giappone: scegliete 2 perdite"
    assert italian[6] == "Gran Bretagna: scegliete chi prende il Siam: India o Australia"
    assert italian[8].startswith("Stati Uniti: tirate 2 dadi: Attacco in Birmania — ")
    for line in english + italian:
        assert not _IDS.search(line), line


def test_refusals_in_both_languages_with_rule_page_and_summary() -> None:
    """A refusal reads in the active language, its values (a place, a pending
    decision) by their names, then the rule's id, page and summary."""
    from pacific.text import refusal_text, rule_summary

    game, state = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT)
    no_battle = game.why_illegal(state, SelectBattle(space="burma"))
    new = game.new_game(seed=1)
    waiting = game.why_illegal(new, EndPhase())  # R-SETUP-8: the convoy split comes first
    assert no_battle is not None and waiting is not None
    with using_language("en"):
        summary = rule_summary("R-COMBAT-2")
        assert refusal_text(no_battle, game.board) == (
            f"There is no battle waiting in Burma. [R-COMBAT-2, {summary.page}: "
            f"{summary.summary}]")
        assert "Great Britain must first answer a decision (split the 12 IPC of British " \
               "convoy income between India and Australia)" in refusal_text(waiting, game.board)
    with using_language("it"):
        summary = rule_summary("R-COMBAT-2")
        assert refusal_text(no_battle, game.board) == (
            f"Non c'è nessuna battaglia da combattere in Birmania. [R-COMBAT-2, "
            f"{summary.page}: {summary.summary}]")
        assert "prima la Gran Bretagna deve prendere una decisione (ripartite i 12 IPC" in \
            refusal_text(waiting, game.board)


def test_movement_messages_in_italian() -> None:
    """The movement rules' refusals are templates in the catalogue (R-MOVE-2), and
    the AA fire over a territory crossed in combat movement says what it is for (R-AAFLY-1)."""
    from pacific.text import refusal_text

    game, state = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                           units={"siam": "2 fighter japan, 1 infantry japan",
                                  "yunnan": "1 infantry china, 1 aa_gun china",
                                  "burma": "2 infantry india"})
    fighters = tuple(u(state, "siam", "fighter"))
    _after, events = game.apply(state, Move(units=fighters, path=("siam", "yunnan", "burma")),
                                FixedDice([5, 5]))
    too_far = game.why_illegal(state, Move(units=tuple(u(state, "siam", "infantry")),
                                           path=("siam", "yunnan", "burma")))
    assert too_far is not None and too_far.rule == "R-MOVE-2"
    with using_language("it"):
        lines = [describe_event(e, game.board, state) for e in events]
        refusal = refusal_text(too_far, game.board)
    assert lines[0] == "Fuoco antiaereo sopra lo Yunnan — contro 2 caccia, a segno con 1: " \
        "tirato 5 5 → 0 colpi"
    assert refusal.startswith("Questa unità (fanteria) ora può muovere solo di 1 spazio, "
                              "questo percorso è lungo 2 [R-MOVE-2")


def test_the_log_names_the_attacking_nations_as_the_battle_board_does() -> None:
    """The American player's Chinese infantry attack as China (R-CHINA-1): the log says
    "China attacks", as the board's "China attacks, Japan defends"."""
    game, state = scenario(
        "pacific", power=Power.US, phase=Phase.COMBAT_MOVE,
        units={"kweichow": "2 infantry china", "kwangsi": "1 infantry japan"})
    infantry = tuple(u(state, "kweichow", "infantry"))
    before, _events = game.apply(state, Move(units=infantry, path=("kweichow", "kwangsi")))
    before, _events = game.apply(before, EndPhase())
    _after, events = game.apply(before, SelectBattle(space="kwangsi"), FixedDice([1, 1, 6]))
    started = [describe_event(e, game.board, before) for e in events
               if type(e).__name__ == "BattleStarted"]
    assert started == ["Battle in Kwangsi: China attacks"]
    with using_language("it"):
        italian = describe_event(next(e for e in events if type(e).__name__ == "BattleStarted"),
                                 game.board, before)
    assert "Cina" in italian
