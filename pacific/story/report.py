"""The report of a game to share: one self-contained HTML file (no script, no outside file)
with the summary (winner, reason, rounds), the charts (SVG, painted by the caller: the GUI's
chart code), the luck table, every battle against its odds, and the story turn by turn, all
in the active language."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from html import escape

from pacific import APP_NAME
from pacific.rules.economy.events import ConvoyZoneCaptured, GameWon, VictoryPointsChanged
from pacific.rules.events import Event, IpcChanged, TerritoryCaptured
from pacific.rules.nations import Power
from pacific.story.game import GameStory
from pacific.story.luck import BattleLuck
from pacific.story.turns import turn_ends
from pacific.story.words import battle_line, luck_note, signed
from pacific.text import _, active_language, describe_event, power_name

_STYLE = """
body { font-family: sans-serif; max-width: 1400px; margin: 1em auto; padding: 0 1em;
       color: #202020; }
h1 { font-size: 1.6em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; }
h3 { margin: 1em 0 0.3em; font-size: 1.05em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
.charts svg { border: 1px solid #ddd; width: calc(50% - 8px); min-width: 480px;
              height: auto; }
.good { color: #1d6b2a; } .bad { color: #a02020; }
ul { margin: 0.2em 0; } li { margin: 0.1em 0; }
"""

# The events the story tells, besides the battles: who took what, Japan's points, the end.
_TOLD = (TerritoryCaptured, ConvoyZoneCaptured, VictoryPointsChanged, GameWon)


def _told(event: Event) -> bool:
    return isinstance(event, _TOLD) or (isinstance(event, IpcChanged)
                                        and event.cause in ("income", "purchase"))


def summary(story: GameStory) -> str:
    """Who won and why, or where the game stands."""
    final = story.final
    if final.winner is not None:
        for record in reversed(story.records):
            for event in record.events:
                if isinstance(event, GameWon):
                    return describe_event(event, story.board)
        return final.win_reason or final.winner.value
    return _("The game goes on: round {round}, {power} to play.").format(
        round=final.round, power=power_name(final.power))


def _luck_class(value: float) -> str:
    return "good" if value > 0.05 else "bad" if value < -0.05 else ""


def luck_table(story: GameStory) -> str:
    head = (_("Power"), _("Dice"), _("Hits"), _("Expected hits"), _("Luck (hits)"),
            _("IPC lost"), _("Expected IPC lost"), _("Luck (IPC)"), _("Battles won"),
            _("Battles lost"))
    rows = ["<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for power, luck in story.luck.items():
        cells = [
            f"<td>{escape(power_name(power))}</td>",
            f'<td class="n">{luck.dice}</td>', f'<td class="n">{luck.hits}</td>',
            f'<td class="n">{luck.expected_hits:.1f}</td>',
            f'<td class="n {_luck_class(luck.hit_luck)}">{signed(luck.hit_luck)}</td>',
            f'<td class="n">{luck.ipc_lost}</td>',
            f'<td class="n">{luck.expected_ipc_lost:.1f}</td>',
            f'<td class="n {_luck_class(luck.ipc_luck)}">{signed(luck.ipc_luck)}</td>',
            f'<td class="n">{luck.battles_won}</td>', f'<td class="n">{luck.battles_lost}</td>',
        ]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table>" + "\n".join(rows) + "</table>"


def _turns(story: GameStory) -> Iterator[tuple[int, Power, int, int]]:
    """(round, power, first record, end) of each power's turn."""
    first = 0
    for end, round_, power in turn_ends(story.initial, story.records):
        yield round_, power, first, end
        first = end


def story_html(story: GameStory) -> str:
    """The game turn by turn: each power's turn with its battles and what changed."""
    board = story.board
    by_start: dict[int, BattleLuck] = {b.start: b for b in story.battles}
    parts: list[str] = []
    for round_, power, first, end in _turns(story):
        lines: list[str] = []
        for index in range(first, end):
            battle = by_start.get(index)
            if battle is not None:
                lines.append(battle_line(battle, board))
            before = story.records[index - 1].state if index else story.initial
            lines.extend(describe_event(e, board, before)
                         for e in story.records[index].events if _told(e))
        title = _("Round {round}: {power}").format(round=round_, power=power_name(power))
        parts.append(f"<h3>{escape(title)}</h3>")
        if lines:
            parts.append("<ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines)
                         + "</ul>")
        else:
            quiet = _("Nothing to tell.")
            parts.append(f"<p>{escape(quiet)}</p>")
    return "\n".join(parts)


def report(story: GameStory, charts_svg: Sequence[str]) -> str:
    """The whole report as one HTML document; ``charts_svg`` are the charts as inline SVG."""
    final = story.final
    title = _("{app}: the story of a game").format(app=APP_NAME)
    facts = _("{rounds} rounds, {actions} actions, {players} players, {battles} battles.")\
        .format(rounds=final.round, actions=len(story.records), players=final.players,
                battles=len(story.battles))
    note = luck_note()
    headings = (_("Summary"), _("Charts"), _("Luck"), _("The game turn by turn"))
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<h2>{escape(headings[0])}</h2>",
        f"<p><strong>{escape(summary(story))}</strong></p>",
        f"<p>{escape(facts)}</p>",
        f"<h2>{escape(headings[1])}</h2>",
        '<div class="charts">' + "\n".join(charts_svg) + "</div>",
        f"<h2>{escape(headings[2])}</h2>",
        luck_table(story),
        f"<p>{escape(note)}</p>",
        f"<h2>{escape(headings[3])}</h2>",
        story_html(story),
    ]
    return (f'<!DOCTYPE html>\n<html lang="{active_language()}">\n<head>\n'
            f'<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
            f"<style>{_STYLE}</style>\n</head>\n<body>\n" + "\n".join(body)
            + "\n</body>\n</html>\n")
