"""What one seat may know in Anno: everything open on the table, its own hand and burns."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.protocol import Observation
from tabletop.games.anno.cards import AnnoCard

__all__ = ["AnnoObservation", "Board"]

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
        for laid, cards in self.boards[seat]:
            if laid == month:
                return cards
        return ()

    def live_points(self, seat: int) -> int:
        """What ``seat`` would score if the round ended now."""
        return 5 * self.board_cards(seat) - 5 * self.hand_sizes[seat]
