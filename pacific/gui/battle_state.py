"""What the battle board shows, derived on every state change from the game's history alone:
the battle being fought, or the one that has just ended with its result in words; the choice
the rules give now, as the engine lists it; the dice of the last roll in that battle (against
the computer, with the person's own roll that its answers followed). Nothing is remembered
between two state changes, so undo, redo, Open and a restored autosave all show what the
position says, never a battle of another turn or one that no longer exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from pacific.rules.actions import Action
from pacific.rules.actions.combat import Retreat
from pacific.rules.battle_choices import CasualtyOptions, KamikazeOptions, RetreatLanding
from pacific.rules.battle_views import BattleView, current_battle
from pacific.rules.decisions import Decision
from pacific.rules.engine import Game
from pacific.rules.errors import Message
from pacific.rules.events import DiceRolled, corrected_hits, firing_side
from pacific.rules.history import History, Record
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

if TYPE_CHECKING:
    # (its module is the edits' area, which a first paint does not load)
    from pacific.rules.editing.events import HitsEdited

# Decisions the battle board answers (the others have dialogs of their own: the convoy split).
BOARD_DECISIONS = frozenset({"casualties", "round", "defender_submerge", "kamikaze",
                             "intercept", "land_fighter", "choose_owner", "dice"})


@dataclass(frozen=True)
class BattleScreen:
    """Everything the battle board shows for one position."""

    view: BattleView | None               # the battle fought now, or the one just over
    pending: Decision | None              # the decision awaited (any kind)
    legal: tuple[Action, ...]             # the engine's answers to it (or phase 4's actions)
    casualties: CasualtyOptions | None
    kamikaze: KamikazeOptions | None
    rolls: tuple[DiceRolled, ...]         # the last rolls of the battle shown (last_roll)
    results: tuple[Message, ...]          # this turn's other battles over, latest first
    combat_phase: bool                    # phase 4 of the turn shown
    # Where each retreat offered would take the aircraft (a territory, a zone's carriers).
    landings: tuple[tuple[Retreat, tuple[RetreatLanding, ...]], ...] = ()

    @property
    def wanted(self) -> bool:
        """Does the position call for the battle board? In phase 4 while there are battles,
        and whenever one of the board's decisions is awaited."""
        if self.pending is not None:
            return self.pending.decision in BOARD_DECISIONS
        return self.combat_phase and (self.view is not None or bool(self.results)
                                      or any(a.kind == "select_battle" for a in self.legal))


def _turn(state: GameState) -> tuple[int, object]:
    return state.round, state.power


def _ended(before: GameState | None, after: GameState) -> list[int]:
    """The battles that went over between two positions (or were fought at once, e.g. a
    kamikaze attack at the start of an Allied phase 4)."""
    status = {b.id: b.status for b in before.battles} if before is not None else {}
    return [b.id for b in after.battles if b.status == "over" and status.get(b.id) != "over"]


def _fought_in(before: GameState | None, after: GameState) -> set[int]:
    """The battles an action worked on: the one being fought (or decided about) after it, and
    those it ended."""
    battle = current_battle(after)
    return {*_ended(before, after), *([battle.id] if battle is not None else [])}


def _records(history: History) -> list[Record]:
    """The history's records; none while the story of a game opened from its position is still
    being read: the board then shows the position alone, and never waits for it."""
    return [] if history.rebuilding else history.records


def battles_over(history: History) -> list[int]:
    """This turn's battles over, most recent first: in the order the history ended them (back
    to the start of the turn), then any other (a game opened from its position alone)."""
    records = _records(history)
    state = history.state
    ended: list[int] = []
    for k in range(len(records) - 1, -1, -1):
        after = records[k].state
        if _turn(after) != _turn(state):
            break
        before = records[k - 1].state if k > 0 else history.initial
        ended.extend(i for i in reversed(_ended(before, after)) if i not in ended)
    over = {b.id for b in state.battles if b.status == "over"}
    ended = [i for i in ended if i in over]
    return ended + [b.id for b in reversed(state.battles) if b.id in over and b.id not in ended]


def last_roll(history: History, battle_id: int,
              attacker: Power | None = None) -> tuple[DiceRolled, ...]:
    """The dice of the latest action of this turn that rolled in battle ``battle_id``; and when
    the computer's answers rolled after a person's action in it, that action's dice and theirs,
    oldest first. A person who pressed on sees their attack beside the defence the computer
    rolled once it chose its casualties (R-COMBAT-6); a defender, their defence beside the
    computer's next attack: never the computer's roll alone. Hits corrected since (an
    `edit_hits` of the battle's ``attacker`` or defender) are the rolls' hits."""
    records = _records(history)
    state = history.state
    since: list[DiceRolled] = []     # rolled by the computer's answers, oldest first
    newest: list[DiceRolled] = []
    edits: list[HitsEdited] = []     # hits corrected after the rolls, newest first
    for k in range(len(records) - 1, -1, -1):
        record = records[k]
        if _turn(record.state) != _turn(state):
            break
        before = records[k - 1].state if k > 0 else history.initial
        if battle_id not in _fought_in(before, record.state):
            continue
        rolls = [e for e in record.events if isinstance(e, DiceRolled)]
        if not rolls:
            edits += reversed([cast("HitsEdited", e) for e in record.events
                               if e.kind == "hits_edited"])
        if Game.current_power(before) not in history.computer:
            if rolls or since:
                return _corrected((*rolls, *since), edits, attacker)
            continue     # a person's answer that rolled nothing: the rolls before it
        since = rolls + since
        newest = newest or rolls
    return _corrected(tuple(newest), edits, attacker)   # no person acted: the computer's


def _corrected(rolls: tuple[DiceRolled, ...], edits: list[HitsEdited],
               attacker: Power | None) -> tuple[DiceRolled, ...]:
    """``rolls`` with the hits ``edits`` corrected (`corrected_hits`, the rules' own reading:
    the rolls thrown at the side whose hits were corrected)."""
    if attacker is None:
        return rolls
    out = list(rolls)
    for edit in reversed(edits):    # oldest first
        fired = [i for i, roll in enumerate(out) if roll.label is not None
                 and roll.hits is not None and firing_side(roll.label, attacker) != edit.side]
        hits = corrected_hits([out[i].hits or 0 for i in fired],
                              [len(out[i].values) for i in fired], edit.old, edit.new)
        for i, count in zip(fired, hits, strict=True):
            if count != out[i].hits:
                out[i] = out[i].model_copy(update={"hits": count})
    return tuple(out)


def battle_screen(history: History, legal: list[Action]) -> BattleScreen:
    """What the battle board shows for the history's current position. ``legal``: the legal
    actions now (the pending decision's answers, or phase 4's choice of battle)."""
    game, state = history.game, history.state
    view = game.battle_view(state)
    ended = battles_over(history)
    if view is None and ended and state.phase is Phase.COMBAT:
        view = game.battle_view(state, ended[0])   # the battle that has just ended
    results = []
    for battle_id in ended:
        if view is not None and battle_id == view.battle:
            continue
        other = game.battle_view(state, battle_id)
        if other is not None and other.result:
            results.append(other.result)
    return BattleScreen(
        view=view, pending=state.pending, legal=tuple(legal),
        casualties=game.casualty_options(state), kamikaze=game.kamikaze_options(state),
        rolls=last_roll(history, view.battle, view.attacker) if view is not None else (),
        results=tuple(results), combat_phase=state.phase is Phase.COMBAT,
        landings=tuple((a, game.retreat_landings(state, a)) for a in legal
                       if isinstance(a, Retreat)))


__all__ = ["BOARD_DECISIONS", "BattleScreen", "battle_screen", "battles_over", "last_roll"]
