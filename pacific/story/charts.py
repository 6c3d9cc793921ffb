"""The charts of a game as data (no Qt): per power and per turn, what `GameStory.samples`
holds. The GUI paints them (`pacific.gui.chart_paint`), into a window or into SVG for the
report: one drawing code for both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pacific.rules.nations import Power
from pacific.story.game import GameStory
from pacific.story.turns import TurnSample
from pacific.text import _, power_name

# The powers' colours, those of their pieces on the board (Japan's brown, Great Britain's
# green, the United States' blue).
POWER_COLOURS: dict[Power, str] = {
    Power.JAPAN: "#b0602a",
    Power.UK: "#3f7a48",
    Power.US: "#2f5fa8",
}
GOAL_COLOUR = "#b02020"


@dataclass(frozen=True)
class Series:
    name: str
    colour: str
    values: tuple[float, ...]
    dashed: bool = False


@dataclass(frozen=True)
class Chart:
    """A line chart: one value per sample (``x_labels`` names each sample's round, or "" where
    the round goes on), and a goal line at ``goal`` if not None."""

    key: str
    title: str
    x_labels: tuple[str, ...]
    series: tuple[Series, ...]
    goal: float | None = None
    goal_label: str = ""

    @property
    def top(self) -> float:
        values = [v for s in self.series for v in s.values]
        if self.goal is not None:
            values.append(self.goal)
        return max(values, default=0.0)


def _x_labels(samples: tuple[TurnSample, ...]) -> tuple[str, ...]:
    labels = []
    seen: set[int] = set()
    for i, sample in enumerate(samples):
        if i == 0:
            labels.append("")
            continue   # the start: round 1 is named where Japan's first turn ends
        if sample.round not in seen:
            labels.append(str(sample.round))
        else:
            labels.append("")
        seen.add(sample.round)
    return tuple(labels)


def _per_power(samples: tuple[TurnSample, ...], read: Callable[[TurnSample], dict[Power, int]],
               dashed: bool = False, suffix: str = "") -> list[Series]:
    return [Series(power_name(p) + suffix, POWER_COLOURS[p],
                   tuple(float(read(s)[p]) for s in samples), dashed) for p in Power]


def game_charts(story: GameStory) -> list[Chart]:
    """The charts of ``story``, titled in the active language."""
    samples = story.samples
    x = _x_labels(samples)
    points = Series(_("Japan's victory points"), POWER_COLOURS[Power.JAPAN],
                    tuple(float(s.victory_points) for s in samples))
    won = _per_power(samples, lambda s: s.battles_won, suffix=" " + _("(won)"))
    lost = _per_power(samples, lambda s: s.battles_lost, dashed=True, suffix=" " + _("(lost)"))
    goal = story.board.victory_points_to_win
    return [
        Chart("production", _("Production (IPC)"), x,
              tuple(_per_power(samples, lambda s: s.production))),
        Chart("treasury", _("Treasury (IPC)"), x,
              tuple(_per_power(samples, lambda s: s.treasury))),
        Chart("victory_points", _("Japan's victory points"), x, (points,), goal=float(goal),
              goal_label=_("{points} to win").format(points=goal)),
        Chart("board_value", _("Units on the board (IPC at cost)"), x,
              tuple(_per_power(samples, lambda s: s.board_value))),
        Chart("territories", _("Territories held"), x,
              tuple(_per_power(samples, lambda s: s.territories))),
        Chart("battles", _("Battles won and lost"), x, tuple(won + lost)),
    ]
