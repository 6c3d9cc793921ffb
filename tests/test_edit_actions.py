"""Edit actions: the tabletop companion corrects a position. Edits are allowed only in
edit mode (EDIT-1), play waits while it is on (EDIT-2), every edit is checked against the
invariants of a position and refused with the rule and the space, goes into the history (undo,
saves) and is logged in plain words."""

from __future__ import annotations

import json

import pytest
from combat_helpers import begin_combat, came, japan_in_burma
from refusals import in_italian, refused
from scenario import board, scenario, snapshot, u

from pacific.rules.actions import Action
from pacific.rules.actions.combat import RollDice, SelectBattle
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.edit import (
    EditAddUnits,
    EditBritishConvoy,
    EditControl,
    EditDamaged,
    EditHits,
    EditKamikazeTokens,
    EditMode,
    EditProduction,
    EditPurchased,
    EditRemoveUnits,
    EditSubmerged,
    EditTreasury,
    EditTurn,
    EditVictoryPoints,
)
from pacific.rules.decisions import CasualtyChoice, DiceRoll
from pacific.rules.dice import ChanceDice, FixedDice
from pacific.rules.economy.control import british_convoy_level, production_level
from pacific.rules.engine import Game
from pacific.rules.errors import SaveFileError
from pacific.rules.events import Event
from pacific.rules.files.savefile import dumps, parse_save
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

J, IN, AU, US = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA
ON, OFF = EditMode(on=True), EditMode(on=False)


def _editing(**kw: object) -> tuple[Game, GameState]:
    game, st = scenario(**kw)  # type: ignore[arg-type]
    st, _ = game.apply(st, ON)
    return game, st


def _apply(game: Game, st: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        st, new = game.apply(st, action)
        events += new
    return st, events


def test_edit_1_edits_only_in_edit_mode_and_edit_2_play_waits_while_it_is_on() -> None:
    game, st = scenario()
    add = EditAddUnits(nation=J, unit_type=UnitType.INFANTRY, space="korea")
    refused(game, st, add, "EDIT-1")
    assert list(game.legal_actions(st))[-1] == ON     # listed last, after the game's choices
    assert ON not in list(game.play_actions(st))
    st, events = game.apply(st, ON)
    assert st.edit_mode and events[0].describe().startswith("Edit mode on")
    refused(game, st, EndPhase(), "EDIT-2")
    refused(game, st, ON, "EDIT-1")
    # Edits are corrections, not choices of the game: only turning edit mode off is listed.
    assert list(game.legal_actions(st)) == [OFF]
    assert list(game.play_actions(st)) == []
    st, _ = game.apply(st, add)
    st, events = game.apply(st, OFF)
    assert not st.edit_mode and events[0].describe() == "Edit mode off: play resumes"
    refused(game, st, add, "EDIT-1")


def test_edit_units_added_and_removed_are_logged_in_plain_words() -> None:
    game, st = _editing()
    st, events = _apply(game, st,
                        EditRemoveUnits(nation=IN, unit_type=UnitType.INFANTRY, space="burma",
                                        count=2),
                        EditControl(space="burma", nation=J),
                        EditAddUnits(nation=J, unit_type=UnitType.INFANTRY, space="burma",
                                     count=2))
    assert [e.describe() for e in events] == [
        "Edit: 2 Indian infantry removed from Burma",
        "Edit: Burma now held by Japan (was India)",
        "Edit: 2 Japanese infantry added to Burma",
    ]
    added = u(st, "burma", "infantry", J)
    assert len(added) == 2 and all(st.units[i].start_space == "burma" for i in added)
    assert not any(st.units[i].moves_used for i in added)   # as if there since the turn began


def test_r_trans_1_too_many_units_aboard_one_transport_is_refused_naming_the_space() -> None:
    game, st = _editing()
    transport = u(st, "sz_6", "transport", J)[0]
    refusal = refused(game, st, EditAddUnits(nation=J, unit_type=UnitType.INFANTRY,
                                             space="sz_6", count=3, aboard=transport),
                      "R-TRANS-1")
    assert f"3 infantry aboard one transport (#{transport}) in Sea Zone 6: room for 2" in \
        refusal.message
    # the problem itself reads in the player's language, not only the refusal.
    assert f"3 unità di fanteria a bordo della nave #{transport} (nave da trasporto) nella " \
        "Zona marina 6: c'è posto per 2" in in_italian(refusal, game)


def test_r_trans_1_land_units_added_at_sea_board_a_ship_with_room_and_sink_with_it() -> None:
    game, st = _editing()
    transport = u(st, "sz_6", "transport", J)[0]
    carrier = u(st, "sz_6", "carrier", J)[0]
    st, events = _apply(game, st,
                        EditAddUnits(nation=J, unit_type=UnitType.ARMOR, space="sz_6"),
                        EditAddUnits(nation=J, unit_type=UnitType.FIGHTER, space="sz_6",
                                     count=2))
    assert [x.carried_by for x in st.units.values() if x.type is UnitType.ARMOR
            and x.space == "sz_6"] == [transport]
    assert [x.carried_by for x in st.units.values() if x.type is UnitType.FIGHTER
            and x.space == "sz_6"] == [carrier, carrier]
    assert events[0].describe() == "Edit: 1 Japanese armor added aboard a transport to Sea Zone 6"
    # The transport is full: Japanese infantry rides the destroyer (R-JDD-1), then no room.
    st, _ = game.apply(st, EditAddUnits(nation=J, unit_type=UnitType.INFANTRY, space="sz_6"))
    refused(game, st, EditAddUnits(nation=J, unit_type=UnitType.INFANTRY, space="sz_6"),
            "R-TRANS-1")
    refused(game, st, EditAddUnits(nation=US, unit_type=UnitType.INFANTRY, space="sz_6",
                                   aboard=transport), "R-TRANS-13")
    st, events = game.apply(st, EditRemoveUnits(nation=J, unit_type=UnitType.TRANSPORT,
                                                space="sz_6"))
    assert transport not in st.units and not u(st, "sz_6", "armor")
    assert events[0].describe() == "Edit: 1 Japanese transport removed from Sea Zone 6, " \
                                   "with 1 armor aboard"


def test_edit_3_edits_name_what_exists_and_change_something() -> None:
    game, st = _editing()
    refused(game, st, EditAddUnits(nation=J, unit_type=UnitType.INFANTRY, space="atlantis"),
            "EDIT-3")
    refusal = refused(game, st, EditRemoveUnits(nation=J, unit_type=UnitType.INFANTRY,
                                                space="korea", count=3), "EDIT-3")
    assert "Korea holds 2 infantry of Japan (in all), not 3." in refusal.message
    refused(game, st, EditTreasury(nation=J, ipc=st.treasury[J]), "EDIT-3")
    refused(game, st, EditControl(space="korea", nation=J), "EDIT-3")
    refused(game, st, EditAddUnits(nation=J, unit_type=UnitType.INFANTRY, space="sz_6",
                                   aboard=999), "EDIT-3")


def test_r_reset_1_damage_and_submersion_exist_only_from_phase_4_to_phase_7() -> None:
    game, st = _editing()
    refused(game, st, EditDamaged(nation=J, space="sz_6", count=1), "R-RESET-1")
    refused(game, st, EditSubmerged(nation=J, space="sz_6", count=1), "R-RESET-1")
    game, st = _editing(phase=Phase.NONCOMBAT_MOVE)
    st, events = _apply(game, st, EditDamaged(nation=J, space="sz_6", count=1),
                        EditSubmerged(nation=J, space="sz_6", count=1))
    assert st.units[u(st, "sz_6", "battleship")[0]].damaged
    assert st.units[u(st, "sz_6", "submarine")[0]].submerged
    assert events[0].describe() == "Edit: 1 Japanese battleship damaged in Sea Zone 6"
    refused(game, st, EditDamaged(nation=J, space="sz_6", count=2), "EDIT-3")


def test_r_noncombat_1_aircraft_added_at_sea_without_a_carrier_are_refused_once_landed() -> None:
    game, st = _editing()
    refused(game, st, EditAddUnits(nation=J, unit_type=UnitType.BOMBER, space="sz_6"),
            "R-NONCOMBAT-1")
    game, st = _editing(phase=Phase.COMBAT_MOVE)
    st, _ = game.apply(st, EditAddUnits(nation=J, unit_type=UnitType.BOMBER, space="sz_6"))


def test_r_capture_5_control_edits_pass_the_complex_and_enemy_aa_guns_along() -> None:
    game, st = _editing(units={"yunnan": "1 aa_gun china", "india": "1 aa_gun india"})
    st, events = game.apply(st, EditControl(space="yunnan", nation=J))
    assert st.units[u(st, "yunnan", "aa_gun")[0]].owner is J
    assert st.owner_at_turn_start["yunnan"] is J
    assert events[0].describe() == "Edit: Yunnan now held by Japan (was China); 1 AA gun " \
                                   "passed with it"
    # An Ally's AA gun stays its owner's (R-SETUP-15).
    st, _ = game.apply(st, EditControl(space="india", nation=AU))
    assert st.units[u(st, "india", "aa_gun")[0]].owner is IN
    refused(game, st, EditControl(space="soviet_union", nation=J), "R-SETUP-12")
    # R-COMBAT-9: enemy land units left in the territory after combat.
    game, st = _editing(units={"burma": "2 infantry india"})
    refusal = refused(game, st, EditControl(space="burma", nation=J), "R-COMBAT-9")
    assert "Burma" in refusal.message


def test_r_convoy_7_convoy_zones_are_held_by_the_other_side_or_given_back() -> None:
    game, st = _editing()
    before = british_convoy_level(game.board, st)
    st, events = game.apply(st, EditControl(space="sz_1", nation=J))
    assert st.convoy_holder == {"sz_1": J}
    assert british_convoy_level(game.board, st) == before - 4
    assert events[0].describe() == "Edit: the convoy zone Sea Zone 1 now held by Japan " \
                                   "(was India)"
    refused(game, st, EditControl(space="sz_1", nation=AU), "R-CONVOY-7")
    st, _ = game.apply(st, EditControl(space="sz_1", nation=IN))
    assert st.convoy_holder == {}
    refused(game, st, EditControl(space="sz_4", nation=J), "R-CONTROL-4")


def test_r_income_2_an_edited_production_level_is_the_level_income_pays() -> None:
    """The level set by an edit is a correction to the level control gives: the chart and
    income read it, and a later capture moves it from there."""
    game, st = _editing(round=2, power=Power.JAPAN, phase=Phase.PLACE)
    assert production_level(game.board, st, J) == 14
    st, events = game.apply(st, EditProduction(nation=J, level=20))
    assert production_level(game.board, st, J) == 20 and st.production_corrections == {J: 6}
    assert events[0].describe() == "Edit: production level of Japan 20 (was 14)"
    st, _ = _apply(game, st, EditRemoveUnits(nation=IN, unit_type=UnitType.INFANTRY,
                                             space="burma", count=2),
                   EditControl(space="burma", nation=J))
    assert production_level(game.board, st, J) == 21      # Burma is worth 1
    treasury = st.treasury[J]
    st, _ = _apply(game, st, OFF, EndPhase(), EndPhase())  # phase 8, then 9: income
    assert st.phase is Phase.INCOME and st.treasury[J] == treasury + 21
    refused(game, st, EditProduction(nation=Nation.CHINA, level=3), "EDIT-1")
    st, _ = game.apply(st, ON)
    refused(game, st, EditProduction(nation=Nation.CHINA, level=3), "R-CHINA-1")
    st, _ = game.apply(st, EditBritishConvoy(level=9))
    assert british_convoy_level(game.board, st) == 9


def test_edit_books_victory_points_tokens_treasury_and_units_to_place() -> None:
    game, st = _editing()
    st, events = _apply(game, st, EditTreasury(nation=US, ipc=40),
                        EditVictoryPoints(points=12), EditKamikazeTokens(tokens=3),
                        EditPurchased(nation=J, unit_type=UnitType.TRANSPORT, count=2),
                        EditPurchased(nation=Nation.CHINA, unit_type=UnitType.INFANTRY, count=3))
    assert (st.treasury[US], st.victory_points, st.kamikaze_tokens) == (40, 12, 3)
    assert st.purchased == {J: {UnitType.TRANSPORT: 2}} and st.china_infantry_due == 3
    assert events[0].describe() == "Edit: treasury of United States 40 IPC (was 15)"
    refused(game, st, EditVictoryPoints(points=22), "R-VICTORY-2")
    refused(game, st, EditKamikazeTokens(tokens=7), "R-KAMI-1")
    refused(game, st, EditPurchased(nation=J, unit_type=UnitType.MARINE, count=1),
            "R-PURCH-5")


def test_edit_5_the_turn_moves_only_between_decisions_and_its_phase_begins() -> None:
    game = Game(board("mini"))
    st = game.new_game(players=3, seed=1)
    st, _ = game.apply(st, ON)
    go = EditTurn(round=3, power=Power.UK, phase=Phase.COMBAT_MOVE)
    refused(game, st, go, "EDIT-5")            # the British convoy split waits
    st, _ = _apply(game, st, OFF, SplitConvoyIncome(india=2, australia=2), ON)
    st, events = game.apply(st, go)
    assert (st.round, st.power, st.phase) == (3, Power.UK, Phase.COMBAT_MOVE)
    assert events[0].describe() == "Edit: the game goes to round 3, Great Britain, phase 3 " \
                                   "(Combat movement)"
    refused(game, st, go, "EDIT-3")
    # Phase 9 begins as in play: income is collected.
    treasury = dict(st.treasury)
    st, _ = game.apply(st, EditTurn(round=3, power=Power.UK, phase=Phase.INCOME))
    assert st.treasury[IN] == treasury[IN] + production_level(game.board, st, IN)
    assert st.treasury[AU] == treasury[AU] + production_level(game.board, st, AU)


def test_edit_battles_not_yet_fought_follow_unit_edits_in_phase_4() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"burma": "1 infantry india", "siam": "2 infantry japan",
                               "india": "1 infantry india"})
    for uid in u(st, "siam", "infantry", J):
        st.units[uid].space = "burma"
    came(st, u(st, "burma", "infantry", J), "siam", "burma")
    st = begin_combat(game, st)
    st, _ = _apply(game, st, ON,
                   EditAddUnits(nation=IN, unit_type=UnitType.ARTILLERY, space="burma"),
                   EditAddUnits(nation=J, unit_type=UnitType.INFANTRY, space="india"))
    burma = next(b for b in st.battles if b.space == "burma")
    assert set(u(st, "burma", "artillery", IN)) <= set(burma.defenders)
    india = next(b for b in st.battles if b.space == "india")    # the edit made a battle
    assert india.status == "waiting" and india.id == 2


def _battle_waiting_for_casualties() -> tuple[Game, GameState]:
    """Burma: 3 Japanese infantry attack 2 Indian infantry; the attacker rolled 2 hits."""
    game, st = japan_in_burma()
    st, _ = game.apply(st, SelectBattle(space="burma"), FixedDice([1, 1, 6]))
    assert isinstance(st.pending, CasualtyChoice) and st.pending.count == 2
    return game, st


def test_edit_hits_a_mistyped_die_is_corrected_while_the_battle_waits() -> None:
    game, st = _battle_waiting_for_casualties()
    st, _ = game.apply(st, ON)
    # EDIT-4: the units of a battle being fought change only by its dice and choices.
    refused(game, st, EditAddUnits(nation=IN, unit_type=UnitType.INFANTRY, space="burma"),
            "EDIT-4")
    refused(game, st, EditControl(space="burma", nation=J), "EDIT-4")
    refused(game, st, EditTurn(round=3, power=Power.UK, phase=Phase.PURCHASE), "EDIT-5")
    st, events = game.apply(st, EditHits(count=1))
    assert isinstance(st.pending, CasualtyChoice) and st.pending.count == 1
    assert events[0].describe() == "Edit: the defender in Burma takes 1 hit(s), not 2"
    refused(game, st, EditHits(count=4), "R-COMBAT-6")   # 3 units can take at most 3
    st, _ = game.apply(st, OFF)
    assert isinstance(st.pending, CasualtyChoice) and st.pending.count == 1


def test_edit_hits_zero_lets_the_battle_run_on_when_edit_mode_ends() -> None:
    game, st = _battle_waiting_for_casualties()
    st, _ = _apply(game, st, ON, EditHits(count=0))
    assert st.pending is None
    # Turning edit mode off resumes the battle; with dice as decisions it waits for the
    # defender's roll.
    st, _ = game.apply(st, OFF, ChanceDice())
    assert isinstance(st.pending, DiceRoll) and st.pending.count == 3
    refused(game, st, EditHits(count=1), "EDIT-1")
    st, _ = game.apply(st, ON)
    refused(game, st, RollDice(values=(1, 2, 3)), "EDIT-2")
    refused(game, st, EditHits(count=1), "EDIT-4")


def test_edits_are_undone_saved_and_replayed_like_any_action() -> None:
    game = Game(board("mini"))
    history = History(game, game.new_game(players=3, seed=4))
    history.apply(SplitConvoyIncome(india=2, australia=2))
    before = snapshot(history.state)
    history.apply(ON)
    history.apply(EditAddUnits(nation=J, unit_type=UnitType.ARMOR, space="korea", count=2))
    history.apply(EditTreasury(nation=J, ipc=50))
    history.undo()
    assert history.state.treasury[J] == 14
    history.apply(EditTreasury(nation=J, ipc=51))
    history.apply(OFF)
    loaded = parse_save(dumps(history).encode("utf-8"), lambda _id: game.board, "edited")
    assert loaded.state == history.state and not loaded.notes
    assert [r.action.kind for r in loaded.records][1:] == [
        "edit_mode", "edit_add_units", "edit_treasury", "edit_mode"]
    for _ in range(4):
        loaded.undo()
    assert snapshot(loaded.state) == before


def test_edits_are_logged_and_refused_in_the_players_language() -> None:
    """Edit events, edit actions and edit refusals are message ids
    with values, in Italian with the map's names, never ids (EDIT-1, EDIT-3)."""
    from pacific.text import describe_action, describe_event, refusal_text, using_language

    game, st = _editing(phase=Phase.NONCOMBAT_MOVE)   # marks stand in phase 6 (R-RESET-1)
    actions: list[Action] = [
        EditRemoveUnits(nation=IN, unit_type=UnitType.INFANTRY, space="burma", count=2),
        EditControl(space="burma", nation=J), EditTreasury(nation=J, ipc=41),
        EditDamaged(nation=J, space="sz_6", count=1)]
    lines = []
    for action in actions:
        before = st
        st, events = game.apply(st, action)
        with using_language("it"):
            lines.append(describe_action(action, game.board, before))
            lines += [describe_event(e, game.board, before) for e in events]
    assert lines[:4] == [
        "Correzione: togli 2 unità di fanteria dell'India dalla Birmania",
        "Correzione: rimozione di 2 unità di fanteria dell'India dalla Birmania",
        "Correzione: il Giappone tiene la Birmania",
        "Correzione: ora il Giappone tiene la Birmania (prima: l'India)"]
    assert lines[5].startswith("Correzione: tesoreria del Giappone 41 IPC (prima: ")
    assert lines[7] == "Correzione: 1 corazzata del Giappone danneggiata nella Zona marina 6"
    refusal = refused(game, st, EditRemoveUnits(nation=J, unit_type=UnitType.INFANTRY,
                                                space="korea", count=3), "EDIT-3")
    with using_language("it"):
        assert refusal_text(refusal, game.board) == \
            "In Corea ci sono 2 unità di fanteria del Giappone (in tutto), non 3. [EDIT-3]"


def test_r_trans_1_an_industrial_complex_never_boards_a_transport_by_an_edit() -> None:
    """An edit that adds a complex to a sea zone is refused, not put aboard a transport."""
    game, st = _editing(units={"sz_6": "1 transport usa"})
    refusal = refused(game, st, EditAddUnits(nation=Nation.CHINA,
                                             unit_type=UnitType.INDUSTRIAL_COMPLEX,
                                             space="sz_6"), "R-TRANS-1")
    assert "industrial complex" in refusal.message


def test_r_multi_3_control_given_away_under_the_units_of_a_power_not_playing_is_refused() \
        -> None:
    """In the US's combat movement an Indian unit cannot be an attacker: Burma cannot be
    Japan's while Indian infantry stand there."""
    game, st = _editing(power=Power.US, phase=Phase.COMBAT_MOVE,
                        units={"burma": "1 infantry india"})
    refusal = refused(game, st, EditControl(space="burma", nation=J), "R-MULTI-3")
    assert "India infantry" in refusal.message and "Burma" in refusal.message
    # In Japan's combat movement Japanese units there are attackers: a battle to fight.
    game, st = _editing(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"burma": "1 infantry japan"})
    st, _ = game.apply(st, EditControl(space="burma", nation=AU))
    assert st.territory_owner["burma"] is AU


def test_r_cap_a_save_whose_snapshot_has_a_patrol_on_land_is_never_taken_for_a_position() \
        -> None:
    """The position rules hold for a save's snapshot too: opened from its actions when they
    replay (the note names the rule), else refused naming it."""
    game, st = scenario(units={"korea": "1 fighter japan"})
    history = History(game, st)
    history.apply(EndPhase())
    data = json.loads(dumps(history))
    fighter = next(x for x in data["snapshot"]["units"].values() if x["type"] == "fighter")
    fighter["cap"] = True
    opened = parse_save(json.dumps(data).encode(), lambda _map: game.board, "game.json")
    assert opened.state == history.state
    assert "not aloft over a sea zone (R-CAP-2)" in str(opened.notes[0])
    data["actions"][0]["dice"] = [6]      # and a log that no longer replays
    with pytest.raises(SaveFileError, match=r"not aloft over a sea zone \(R-CAP-2\)"):
        parse_save(json.dumps(data).encode(), lambda _map: game.board, "game.json")


def test_docs_give_the_ranges_the_edits_accept() -> None:
    """docs/actions.md names each edit's range as the action model checks it."""
    import re
    from pathlib import Path

    from pacific.rules.actions.edit import EditBritishConvoy, EditProduction, EditTreasury

    text = (Path(__file__).parent.parent / "docs" / "actions.md").read_text(encoding="utf-8")
    for model, field in ((EditTreasury, "ipc"), (EditProduction, "level"),
                         (EditBritishConvoy, "level")):
        kind = model.model_fields["kind"].default
        row = next(line for line in text.splitlines() if line.startswith(f"| `{kind}` |"))
        low, high = map(int, re.search(rf"`{field}` \((\d+)–(\d+)\)", row).groups())  # type: ignore[union-attr]
        limits = {type(m).__name__: m for m in model.model_fields[field].metadata}
        assert (low, high) == (limits["Ge"].ge, limits["Le"].le), row  # type: ignore[attr-defined]


def test_an_aircraft_of_a_power_not_playing_is_never_put_aloft_at_sea_by_an_edit() -> None:
    """Only the power playing flies in its turn (R-NONCOMBAT-1): a Japanese fighter added to an
    empty sea zone in Britain's combat movement would be lost over nothing later."""
    game, st = _editing(power=Power.UK, phase=Phase.COMBAT_MOVE)
    refused(game, st, EditAddUnits(nation=J, unit_type=UnitType.FIGHTER, space="sz_8"),
            "R-NONCOMBAT-1")
    game, st = _editing(power=Power.JAPAN, phase=Phase.COMBAT_MOVE)
    st, _ = game.apply(st, EditAddUnits(nation=J, unit_type=UnitType.FIGHTER, space="sz_8"))
