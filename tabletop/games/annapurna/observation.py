"""What one climber may know in Annapurna.

Open: every face-up card, where everyone stands, peaks, shenpa, what is on offer
for a Helping Hand.  On the Easy Trail and Leave No Trace Behind the climbers talk,
so backpacks, caches, trades, hides and Spyglass looks are open to all; on Still
Too Easy each climber knows only their own backpack and cache and what they
themselves traded, hid or saw.  Nobody knows a face-down card they were not shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from tabletop.engine.protocol import Observation

if TYPE_CHECKING:
    from tabletop.games.annapurna.rules import AnnapurnaState

__all__ = ["ACT", "EMPTY", "LOOK", "OFFER", "OVER", "SWAP", "SWEEP", "UNKNOWN",
           "AnnapurnaObservation", "Phase", "observe"]

#: A face-down card this seat does not know.
UNKNOWN = -2
#: An emptied place.
EMPTY = -1


class Phase(StrEnum):
    """What the climber to act is doing (saved and shown as its word)."""

    DEAL = "deal"    # nature has yet to lay out the mountains (only ever shown)
    ACT = "act"      # the turn's action: explore, trade, pass, plant a flag
    LOOK = "look"    # a Spyglass: choose a face-down card to look at
    SWAP = "swap"    # a Trade Winds: choose two cards to swap
    SWEEP = "sweep"  # an Avalanche: sweep cards into the cache, or leave it
    OFFER = "offer"  # a Helping Hand on offer: take a card, or decline
    OVER = "over"    # the ascent has ended


ACT, LOOK, SWAP, SWEEP, OFFER, OVER = (Phase.ACT, Phase.LOOK, Phase.SWAP, Phase.SWEEP,
                                       Phase.OFFER, Phase.OVER)


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
    phase: Phase
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
    #: Why the ascent ended (said to everyone), "" while it goes on.
    reason: str = ""

    def balance(self, seat: int) -> int:
        """The symbols of ``seat``'s face-up cards: yang counts up, yin down."""
        from tabletop.games.annapurna.cards import value

        return sum(value(c) for c, u in zip(self.cards[seat], self.up[seat]) if u and c >= 0)


def observe(state: AnnapurnaState, seat: int) -> AnnapurnaObservation:
    """Exactly what ``seat`` may know of ``state``."""
    bit = 1 << seat
    public = state.game.public
    cards = tuple(
        tuple(c if c == EMPTY or up or know & bit else UNKNOWN
              for c, up, know in zip(state.cards[m], state.up[m], state.know[m]))
        for m in range(state.n))
    return AnnapurnaObservation(
        seat=seat,
        players=state.n,
        level=state.game.level,
        current_player=state.current_player,
        phase=state.phase if state.dealt else Phase.DEAL,
        cards=cards,
        up=tuple(tuple(u) for u in state.up),
        backpacks=tuple(tuple(b) if public or m == seat else None
                        for m, b in enumerate(state.backpack)),
        backpack_sizes=tuple(len(b) for b in state.backpack),
        caches=tuple(tuple(c) if public or m == seat else None
                     for m, c in enumerate(state.cache)),
        cache_sizes=tuple(len(c) for c in state.cache),
        locations=tuple(state.location),
        peaks=tuple(state.peak),
        peak_balanced=tuple(state.peak_balanced),
        shenpa=tuple(state.shenpa),
        planted=tuple(tuple(flags) for flags in state.planted),
        pending=tuple(state.pending),
        rope=state.rope,
        extra_turn=state.extra,
        explored_this_turn=state.explored,
        offer_from=state.offer_from,
        offer=state.offer,
        sweepable=state.sweepable(state.player) if state.phase == SWEEP else (),
        turns=state.turns,
        over=state.over,
        won=state.won,
        points=state.points,
        reason=state.reason,
    )
