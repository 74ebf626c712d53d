"""What one seat may know in Anno: everything open on the table, its own hand and burns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tabletop.engine.protocol import Observation
from tabletop.games.anno.cards import AnnoCard

if TYPE_CHECKING:
    from tabletop.games.anno.rules import AnnoState

__all__ = ["EMPTY", "AnnoObservation", "Board", "observe"]

#: A Community Eight place with no card.
EMPTY: Final = -1

#: A seat's board: each month laid down (in the order laid) with the cards matched to it.
Board = tuple[tuple[AnnoCard, tuple[AnnoCard, ...]], ...]


@dataclass(frozen=True, slots=True)
class AnnoObservation(Observation):
    """The open table plus ``seat``'s own hand and own burned cards.

    The half-built match of the seat to act is open too: its declared month and the
    staged cards lie on its board for everyone to see.  ``community[i]`` is the card
    in Community Eight place ``i`` (row by row), ``None`` if the deck could not fill it.
    """

    seat: int
    players: int
    rounds: int
    round_number: int  # 1-based
    dealer: int        # -1 before the first dealer is found
    current_player: int
    dealt: bool
    hand: tuple[AnnoCard, ...]
    hand_sizes: tuple[int, ...]
    own_burned: tuple[AnnoCard, ...]
    burned_counts: tuple[int, ...]  # per seat, this round
    deck_size: int
    community: tuple[AnnoCard | None, ...]
    boards: tuple[Board, ...]
    exchanged: bool
    declared: AnnoCard | None
    declared_new: bool
    staged: tuple[AnnoCard, ...]
    staged_places: tuple[int, ...]  # each staged card's Community Eight place, or -1 (hand)
    staged_from_community: bool
    withdrawn: AnnoCard | None  # the month declared and taken back this turn (only a burn left)
    matched: bool
    totals: tuple[int, ...]
    round_plus: tuple[tuple[int, ...], ...]   # per finished round, per seat
    round_minus: tuple[tuple[int, ...], ...]
    over: bool
    shares: tuple[float, ...]

    def board_cards(self, seat: int) -> int:
        """Cards on ``seat``'s board, months included (5 points each)."""
        return sum(1 + len(cards) for _, cards in self.boards[seat])

    def month_cards(self, seat: int, month: int) -> tuple[AnnoCard, ...]:
        """The cards matched to ``month`` on ``seat``'s board (none if it is not there)."""
        for laid, cards in self.boards[seat]:
            if laid == month:
                return cards
        return ()

    def live_points(self, seat: int) -> int:
        """What ``seat`` would score if the round ended now."""
        return 5 * self.board_cards(seat) - 5 * self.hand_sizes[seat]


def observe(state: AnnoState, seat: int) -> AnnoObservation:
    """Exactly what ``seat`` may know of ``state``."""
    return AnnoObservation(
        seat=seat,
        players=state.n,
        rounds=state.game.rounds,
        round_number=state.round_no + 1,
        dealer=state.dealer,
        current_player=state.current_player,
        dealt=state.dealt,
        hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        own_burned=tuple(state.burned[seat]),
        burned_counts=tuple(len(b) for b in state.burned),
        deck_size=len(state.deck),
        community=tuple(None if c == EMPTY else AnnoCard(c) for c in state.community),
        boards=tuple(tuple((m, tuple(cards)) for m, cards in b.items()) for b in state.boards),
        exchanged=state.exchanged,
        declared=state.declared,
        declared_new=state.declared_new,
        staged=tuple(state.staged),
        staged_places=tuple(state.staged_places),
        staged_from_community=state.staged_from_community,
        withdrawn=state.withdrawn,
        matched=state.matched,
        totals=tuple(state.totals),
        round_plus=tuple(tuple(p) for p in state.round_plus),
        round_minus=tuple(tuple(m) for m in state.round_minus),
        over=state.over,
        shares=tuple(state.outcome()) if state.over else (),
    )
