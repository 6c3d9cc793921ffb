"""The story of a game, read from its log (no Qt): the position turn by turn for the charts,
every battle with its luck, each power's luck over the game, and a report to share.

    story = read_story(history)
    story.samples, story.battles, story.luck

It depends downward only: on the rules (the history, its records and events), the odds (the
exact odds of each battle before its first roll) and the text layer (the report's words).
"""

from pacific.story.game import GameStory, read_story
from pacific.story.luck import BattleLuck, PowerLuck, Roll, exact_odds
from pacific.story.turns import TurnSample

__all__ = ["BattleLuck", "GameStory", "PowerLuck", "Roll", "TurnSample", "exact_odds",
           "read_story"]
