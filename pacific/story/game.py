"""`read_story`: the whole story of one game's history."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from pacific.rules.board_map import BoardMap
from pacific.rules.history import History, Record
from pacific.rules.nations import Power
from pacific.rules.state import GameState
from pacific.story.luck import (
    BattleLuck,
    Odds,
    PowerLuck,
    Roll,
    power_luck,
    read_battles,
)
from pacific.story.odds_of import exact_odds
from pacific.story.turns import TurnSample, sample_turns


@dataclass(frozen=True)
class GameStory:
    """What a game's log tells: the samples for the charts, the battles, the luck."""

    board: BoardMap
    initial: GameState
    records: tuple[Record, ...]
    samples: tuple[TurnSample, ...]
    battles: tuple[BattleLuck, ...]
    loose_rolls: tuple[Roll, ...]
    luck: dict[Power, PowerLuck]

    @property
    def final(self) -> GameState:
        return self.records[-1].state if self.records else self.initial


def read_story(history: History, odds: Odds = exact_odds) -> GameStory:
    """The story of ``history`` (its whole log is read first). ``odds`` gives each battle's
    odds before its first roll (the exact odds by default)."""
    with collector_paused():
        board = history.game.board
        initial, records = history.initial, tuple(history.records)
        battles, loose = read_battles(board, initial, records, odds)
        samples = sample_turns(board, initial, records, battles)
        return GameStory(board=board, initial=initial, records=records,
                         samples=tuple(samples), battles=tuple(battles),
                         loose_rolls=tuple(loose), luck=power_luck(battles, loose))


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a story is read. Replaying a long game's actions
    (a history opened from a file is replayed when first read) and working out its battles'
    odds make hundreds of thousands of objects, nearly all of them kept: the collector
    walked over them again and again, a fifth of the time `pacific luck` took on a
    3,000-action game, for next to no garbage. It runs again as before afterwards."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
