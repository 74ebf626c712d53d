"""Reading the friends: how each climber at the table seems to climb.

``hard`` imagines the next friend's turn before it scores a step
(:func:`~.bot.decide`), and does not take it for granted that the friend climbs as it
would.  A friend may be a ``climber`` (each step weighed for the team, as the bots and
most people do), an ``explorer`` (turns up the lowest card in reach, row by row, and
never trades, hides or plants) or ``wild`` (any step at all).

The evidence is what the table shows of each friend, on the friend's own mountainside
and backpack (:func:`read_friends`), never a face-down card:

* an explorer clears each row before it climbs to the next: a friend standing above
  the bottom row with face-down cards left in a row below has climbed past them;
* an explorer never trades, hides or plants: a friend who has not yet peaked and
  carries fewer than the three cards every backpack starts with, or has planted a flag,
  has done one of those.

Each clue multiplies the prior by how likely it is under each style (:data:`CLUES`).
"""

from __future__ import annotations

from typing import Final

from tabletop.games.annapurna.mountain import PEAK, row_of, row_places
from tabletop.games.annapurna.observation import EMPTY, AnnapurnaObservation

__all__ = ["CLIMBER", "EXPLORER", "FRIEND_STYLES", "PRIOR", "WILD", "read_friends"]

FRIEND_STYLES: Final = ("climber", "explorer", "wild")
CLIMBER: Final = 0
EXPLORER: Final = 1
WILD: Final = 2
#: Before any clue: most friends weigh their steps.
PRIOR: Final = (0.7, 0.2, 0.1)
#: How likely each clue is under each style (climber, explorer, wild): a climber who
#: left face-down cards below it; one who kept every row below it clear; a trade, hide
#: or flag seen; none seen after several explores.
CLUES: Final = {
    "climbed_past": (0.85, 0.03, 0.7),
    "rows_cleared": (0.15, 0.97, 0.3),
    "traded": (0.6, 0.02, 0.8),
    "never_traded": (0.4, 0.98, 0.2),
}
#: How many places a friend must have turned up before "never traded" counts.
SETTLED = 4
BACKPACK = 3


def read_friends(obs: AnnapurnaObservation) -> tuple[tuple[float, ...], ...]:
    """For each seat, weights over :data:`FRIEND_STYLES` (the bot's own seat: the
    prior, unread)."""
    found = []
    for seat in range(obs.players):
        weights = list(PRIOR)
        if seat != obs.seat:
            for clue in clues(obs, seat):
                weights = [w * p for w, p in zip(weights, CLUES[clue])]
        total = sum(weights)
        found.append(tuple(w / total for w in weights))
    return tuple(found)


def clues(obs: AnnapurnaObservation, seat: int) -> list[str]:
    """What the table shows of how ``seat`` climbs (keys of :data:`CLUES`)."""
    where = obs.locations[seat]
    if where < 0:
        return []
    found = []
    cards, up = obs.cards[seat], obs.up[seat]
    down = [c != EMPTY and not u for c, u in zip(cards, up)]  # face down, known or not
    peaked = obs.peaks[seat] > 0 or where == PEAK
    row = row_of(where)
    if row >= 1 and not peaked:
        below = any(down[p] for r in range(row) for p in row_places(r))
        found.append("climbed_past" if below else "rows_cleared")
    turned = sum(1 for c, u in zip(cards, up) if u or c == EMPTY)
    if not peaked:
        if obs.backpack_sizes[seat] < BACKPACK or any(f >= 0 for f in obs.planted[seat]):
            found.append("traded")
        elif turned >= SETTLED:
            found.append("never_traded")
    return found

