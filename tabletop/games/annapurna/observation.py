"""What one climber may know in Annapurna.

Open: every face-up card, where everyone stands, peaks, shenpa, what is on offer
for a Helping Hand.  On the Easy Trail and Leave No Trace Behind the climbers talk,
so backpacks, caches, trades, hides and Spyglass looks are open to all; on Still
Too Easy each climber knows only their own backpack and cache and what they
themselves traded, hid or saw.  Nobody knows a face-down card they were not shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.protocol import Observation

__all__ = ["UNKNOWN", "EMPTY", "AnnapurnaObservation"]

#: A face-down card this seat does not know.
UNKNOWN = -2
#: An emptied place.
EMPTY = -1


@dataclass(frozen=True, slots=True)
class AnnapurnaObservation(Observation):
    """``cards[m][p]``: the card at place ``p`` of climber ``m``'s mountainside when
    this seat knows it (face up, or face down but shown to it), ``UNKNOWN`` or
    ``EMPTY``; ``up[m][p]``: whether it lies face up.  ``backpacks[m]`` is ``None``
    where this seat may not see it (the sizes are always open)."""

    seat: int
    players: int
    level: str
    current_player: int
    phase: str                     # "act", "look", "swap", "sweep", "offer", "over"
    cards: tuple[tuple[int, ...], ...]
    up: tuple[tuple[bool, ...], ...]
    backpacks: tuple[tuple[int, ...] | None, ...]
    backpack_sizes: tuple[int, ...]
    caches: tuple[tuple[int, ...] | None, ...]
    cache_sizes: tuple[int, ...]
    locations: tuple[int, ...]     # -1 before base camp
    peaks: tuple[int, ...]         # peak token, 0 before the peak
    peak_balanced: tuple[bool, ...]
    shenpa: tuple[str, ...]        # "", "altitude" or "rope": what binds the next turn
    planted: tuple[tuple[int, ...], ...]  # where each one's single and double flag stand
    pending: tuple[int, ...]       # the place of a card whose effect still waits, or -1
    rope: bool                     # the climber to act has a Fixed Rope this turn
    extra_turn: bool               # a Chocolate Bar's turn follows
    explored_this_turn: int        # place explored this turn, or -1
    offer_from: int                # the climber whose balanced cards are on offer, or -1
    offer: tuple[int, ...]         # their places
    sweepable: tuple[int, ...]     # the balanced set the sweep would take now
    turns: int
    over: bool
    won: bool
    points: tuple[int, ...]

    def balance(self, seat: int) -> int:
        """The symbols of ``seat``'s face-up cards: yang counts up, yin down."""
        from tabletop.games.annapurna.cards import value

        return sum(value(c) for c, u in zip(self.cards[seat], self.up[seat]) if u and c >= 0)
