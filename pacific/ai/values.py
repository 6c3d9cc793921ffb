"""What a space is worth to a side: the swing in production if it changes hands, with extra
weight for what decides the game (capitals, Japan's victory points, the Allies' aim of
starving Japan below one victory point a turn, R-VICTORY-1..4).

The production swing is asked of the engine: the production report (`Game.production_report`)
of the position with the space's control changed, so convoy routes and centres count exactly
as the rules count them (R-CONVOY-8..13, R-CHINA-7)."""

from __future__ import annotations

from pacific.ai.view import View
from pacific.rules.engine import Game
from pacific.rules.nations import POWER_NATIONS, Nation, Power, Side, side_of
from pacific.rules.queries import ProductionReport
from pacific.rules.state import GameState

# Japan's production is also its victory points (R-VP-2): one more IPC of Japanese income is
# worth more than one IPC of Allied income to both sides.
JAPAN_WEIGHT = 1.5
# A capital decides the game when held until the captor's next turn (R-VICTORY-1/3).
CAPITAL_BONUS = 60.0
# R-VICTORY-4: the Allies win when Japan's turn income falls below 10 IPC.
STARVE_LINE = 10
STARVE_BONUS = 40.0
# R-VP-2: one victory point per full 10 IPC of Japan's income in its Phase 9; R-VP-3/R-SBR-5:
# one lost per full 10 IPC a raid makes Japan pay.
IPC_PER_VP = 10


def vp_worth(victory_points: int, to_win: int) -> float:
    """What one of Japan's victory points is worth (IPC) to either side: the weight of a decided
    game (CAPITAL_BONUS) shared among the points Japan still needs to win (R-VICTORY-2), and
    never less than the IPC_PER_VP of income it takes to earn one (R-VP-2). A point counts
    more as Japan nears the line."""
    needed = max(to_win - victory_points, 1)
    return max(CAPITAL_BONUS / needed, float(IPC_PER_VP))


def weighted_production(game: Game, state: GameState,
                        report: ProductionReport | None = None) -> dict[Side, float]:
    """Each side's production, Japan's weighted by JAPAN_WEIGHT."""
    report = report or game.production_report(state)
    out = {Side.AXIS: 0.0, Side.ALLIES: float(report.british_convoys)}
    for nation, level in report.levels.items():
        out[side_of(nation)] += level * (JAPAN_WEIGHT if nation is Nation.JAPAN else 1.0)
    return out


def captor_nation(view: View, power: Power) -> Nation:
    if view.side is Side.AXIS:
        return Nation.JAPAN
    return Nation.USA if power is Power.US else Nation.INDIA


class Economy:
    """Production swings for one side, computed once per space and position."""

    def __init__(self, game: Game, view: View, power: Power, *, starve_margin: int = 0) -> None:
        self.game = game
        self.view = view
        self.power = power
        # Only the Allies' worth: how far under the line Japan's income ends (`Level`).
        self.starve_margin = starve_margin if view.side is Side.ALLIES else 0
        self._report = game.production_report(view.state)
        self._base = weighted_production(game, view.state, self._report)
        self._japan = self._report.levels.get(Nation.JAPAN, 0)
        self._cache: dict[tuple[str, Side], float] = {}
        self._japan_cache: dict[tuple[str, Side], int] = {}

    def swing(self, space: str, taker: Side | None = None) -> float:
        """How much better off this side is (weighted production, this side minus the other)
        if ``taker`` (default: this side) takes ``space``. 0 for a space that changes
        nothing."""
        taker = taker or self.view.side
        key = (space, taker)
        if key not in self._cache:
            self._cache[key] = self._swing(space, taker)
        return self._cache[key]

    def income(self, space: str) -> int:
        """The production this power gains a turn if it takes ``space`` (0: none), asked of
        the engine's production report like the swing."""
        changed = self._taken(space, self.view.side)
        if changed is None:
            return 0
        nations = set(POWER_NATIONS[self.power])
        after = self.game.production_report(changed).levels
        return sum(after.get(n, 0) - self._report.levels.get(n, 0) for n in nations)

    def _taken(self, space: str, taker: Side) -> GameState | None:
        """The position with ``space`` taken by ``taker`` (None: it changes nothing)."""
        view, state = self.view, self.view.state
        board = view.board
        if board.is_land(space):
            owner = state.territory_owner.get(space)
            if owner is None or side_of(owner) is taker:
                return None
            original = board.territory_by_id[space].original_owner
            new = original if original is not None and side_of(original) is taker \
                else (captor_nation(view, self.power) if taker is view.side
                      else _enemy_captor(taker))
            return state.model_copy(update={
                "territory_owner": {**state.territory_owner, space: new}})
        if not board.is_convoy_zone(space):
            return None
        entry = next(c for c in self._report.convoys if c.zone == space)
        if side_of(entry.holder) is taker:
            return None
        holders = dict(state.convoy_holder)
        if side_of(entry.original) is taker:
            holders.pop(space, None)
        else:
            holders[space] = Nation.JAPAN if taker is Side.AXIS else Nation.USA
        return state.model_copy(update={"convoy_holder": holders})

    def _swing(self, space: str, taker: Side) -> float:
        view = self.view
        changed = self._taken(space, taker)
        if changed is None:
            return 0.0
        report = self.game.production_report(changed)
        after = weighted_production(self.game, changed, report)
        mine, theirs = view.side, _other(view.side)
        delta = (after[mine] - self._base[mine]) - (after[theirs] - self._base[theirs])
        japan_after = report.levels.get(Nation.JAPAN, 0)
        if self._japan >= STARVE_LINE > japan_after:
            delta += STARVE_BONUS if view.side is Side.ALLIES else -STARVE_BONUS
        elif japan_after >= STARVE_LINE > self._japan:
            delta += STARVE_BONUS if view.side is Side.AXIS else -STARVE_BONUS
        if self.starve_margin:
            delta += STARVE_BONUS / self.starve_margin * (
                self._under(japan_after) - self._under(self._japan))
        return delta

    def _under(self, japan: int) -> int:
        """How many IPC Japan's income is under the highest that starves it (R-VICTORY-4),
        counted to `starve_margin` at most: what Japan must take back in its own turn, before
        its Phase 9, to score again."""
        return min(max(STARVE_LINE - 1 - japan, 0), self.starve_margin)

    def japan_income(self, space: str, taker: Side | None = None) -> int:
        """Japan's production level (its Phase 9 income, R-VP-2) once ``taker`` (default: this
        side) takes ``space``."""
        changed = self._taken(space, taker or self.view.side)
        if changed is None:
            return self._japan
        key = (space, taker or self.view.side)
        if key not in self._japan_cache:
            self._japan_cache[key] = self.game.production_report(changed).levels.get(
                Nation.JAPAN, 0)
        return self._japan_cache[key]

    @property
    def japan_now(self) -> int:
        """Japan's production level in the position the economy was built for."""
        return self._japan

    def capital_bonus(self, space: str) -> float:
        """Extra worth of a capital that decides the game, with the IPCs its fall hands over
        (R-CAPITAL-3)."""
        nation = self.view.board.capital_nation.get(space)
        if nation is None or nation is Nation.CHINA:
            return 0.0
        return CAPITAL_BONUS + self.view.state.treasury.get(nation, 0)


def _other(side: Side) -> Side:
    return Side.ALLIES if side is Side.AXIS else Side.AXIS


def _enemy_captor(side: Side) -> Nation:
    return Nation.JAPAN if side is Side.AXIS else Nation.USA
