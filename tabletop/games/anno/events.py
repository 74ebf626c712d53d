"""Events particular to Anno (the shared ones live in ``tabletop.engine.events``)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Move
from tabletop.engine.protocol import Event, Zone, ZoneKind
from tabletop.games.anno.cards import AnnoCard

__all__ = [
    "BURN", "COMMUNITY", "DECK", "CardBurned", "CardDrawn", "CardStaged", "CardUnstaged",
    "CardsGathered", "CommunityDealt", "CommunityRefilled", "DealerFound", "Declared",
    "Exchanged", "Matched", "RoundEnded", "RoundStarted", "Withdrawn",
]

DECK = Zone(ZoneKind.DECK)
COMMUNITY = Zone(ZoneKind.COMMUNITY)
BURN = Zone(ZoneKind.DISCARD)


def hand(seat: int) -> Zone:
    return Zone(ZoneKind.HAND, seat)


def board(seat: int) -> Zone:
    return Zone(ZoneKind.BOARD, seat)


@dataclass(frozen=True, slots=True)
class DealerFound(Event):
    """One card each, round after round, until a Month turned up; its holder deals
    (the latest month in the year if several did)."""

    draws: tuple[tuple[AnnoCard, ...], ...]  # per seat, in the order dealt
    dealer: int
    month: AnnoCard


@dataclass(frozen=True, slots=True)
class CardsGathered(Event):
    """Every card goes back to the deck before a new round is dealt."""

    cards: tuple[tuple[Zone, AnnoCard], ...]

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(card, zone, DECK, False) for zone, card in self.cards)


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    number: int  # 1-based
    of: int
    dealer: int
    first: int


@dataclass(frozen=True, slots=True)
class CommunityDealt(Event):
    cards: tuple[AnnoCard, ...]

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(card, DECK, COMMUNITY) for card in self.cards)


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    seat: int
    blue_moon: AnnoCard
    position: int
    taken: AnnoCard

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.blue_moon, hand(self.seat), COMMUNITY),
                Move(self.taken, COMMUNITY, hand(self.seat), False, self.seat))


@dataclass(frozen=True, slots=True)
class Declared(Event):
    seat: int
    month: AnnoCard
    new: bool  # laid down from hand

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.month, hand(self.seat), board(self.seat)),) if self.new else ()


@dataclass(frozen=True, slots=True)
class CardStaged(Event):
    seat: int
    card: AnnoCard
    from_community: bool

    def moves(self) -> tuple[Move, ...]:
        src = COMMUNITY if self.from_community else hand(self.seat)
        return (Move(self.card, src, board(self.seat)),)


@dataclass(frozen=True, slots=True)
class CardUnstaged(Event):
    seat: int
    card: AnnoCard
    to_community: bool

    def moves(self) -> tuple[Move, ...]:
        dst = COMMUNITY if self.to_community else hand(self.seat)
        return (Move(self.card, board(self.seat), dst),)


@dataclass(frozen=True, slots=True)
class Withdrawn(Event):
    """The declaration is taken back: staged cards return, a new month goes back to hand,
    and the player makes no match this turn."""

    seat: int
    month: AnnoCard
    new: bool
    cards: tuple[AnnoCard, ...]
    from_community: bool

    def moves(self) -> tuple[Move, ...]:
        dst = COMMUNITY if self.from_community else hand(self.seat)
        moves = [Move(card, board(self.seat), dst) for card in self.cards]
        if self.new:
            moves.append(Move(self.month, board(self.seat), hand(self.seat)))
        return tuple(moves)


@dataclass(frozen=True, slots=True)
class Matched(Event):
    """``cards`` are now on ``month`` for good.  ``moved`` is False when they were
    staged there already (the table has nothing to carry)."""

    seat: int
    month: AnnoCard
    cards: tuple[AnnoCard, ...]
    from_community: bool
    laid: bool      # the month was laid down this turn
    moved: bool

    def moves(self) -> tuple[Move, ...]:
        if not self.moved:
            return ()
        src = COMMUNITY if self.from_community else hand(self.seat)
        moves = [Move(self.month, hand(self.seat), board(self.seat))] if self.laid else []
        moves += [Move(card, src, board(self.seat)) for card in self.cards]
        return tuple(moves)

    @property
    def points(self) -> int:
        return 5 * (len(self.cards) + (1 if self.laid else 0))


@dataclass(frozen=True, slots=True)
class CommunityRefilled(Event):
    positions: tuple[int, ...]
    cards: tuple[AnnoCard, ...]

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(card, DECK, COMMUNITY) for card in self.cards)


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """Face down on the burn pile: only its owner knows the card."""

    seat: int
    card: AnnoCard

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, hand(self.seat), BURN, False, self.seat),)


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    card: AnnoCard

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, DECK, hand(self.seat), False, self.seat),)


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    number: int
    plus: tuple[int, ...]
    minus: tuple[int, ...]
    totals: tuple[int, ...]
    cleared_by: int  # the seat whose match emptied its hand, or -1: the deck ran out

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(p - m for p, m in zip(self.plus, self.minus))
