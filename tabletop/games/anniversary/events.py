"""Events particular to Anniversary (shared ones live in ``tabletop.engine.events``)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Move
from tabletop.engine.protocol import Event, Zone, ZoneKind
from tabletop.games.anniversary.actions import Gem
from tabletop.games.anniversary.cards import AnniversaryCard
from tabletop.games.anniversary.gestures import Status

__all__ = [
    "BountySettled", "CardDrawn", "CardPicked", "CardPlayed", "CardShared", "CardUnpicked",
    "ChapterEnded", "DateFooted", "DateStarted", "GesturePassed", "GestureSettled", "GestureTaken",
    "GesturesDrawn", "TopFound", "gesture_piece",
]

DATE = Zone(ZoneKind.TRICK)
OFFER = Zone(ZoneKind.COMMUNITY)
PILE = Zone(ZoneKind.DECK)


def gesture_piece(gesture: int) -> tuple[str, int]:
    """How a Sweet Gesture card is named among the pieces a table moves."""
    return ("gesture", gesture)


@dataclass(frozen=True, slots=True)
class TopFound(Event):
    """The deal is final: ``seat`` holds the Top card (after ``redeals`` redeals)."""

    seat: int
    redeals: int


@dataclass(frozen=True, slots=True)
class GesturesDrawn(Event):
    gestures: tuple[int, ...]
    bounty: int | None

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(gesture_piece(g), Zone(ZoneKind.SUPPLY), OFFER) for g in self.gestures)


@dataclass(frozen=True, slots=True)
class GestureTaken(Event):
    seat: int
    gesture: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(gesture_piece(self.gesture), OFFER, Zone(ZoneKind.BOARD, self.seat)),)


@dataclass(frozen=True, slots=True)
class GesturePassed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DateStarted(Event):
    number: int  # 1-based
    of: int
    leader: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    card: AnniversaryCard

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, PILE, Zone(ZoneKind.HAND, self.seat), False, self.seat),)


@dataclass(frozen=True, slots=True)
class CardPicked(Event):
    """``seat`` put ``card`` on the gem spot; the gem comes next."""

    seat: int
    card: AnniversaryCard

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.HAND, self.seat), Zone(ZoneKind.SPOT, self.seat)),)


@dataclass(frozen=True, slots=True)
class CardUnpicked(Event):
    """``seat`` took ``card`` back from the gem spot, unshown."""

    seat: int
    card: AnniversaryCard

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.SPOT, self.seat), Zone(ZoneKind.HAND, self.seat)),)


@dataclass(frozen=True, slots=True)
class CardShared(Event):
    seat: int
    card: AnniversaryCard
    gem: Gem

    def moves(self) -> tuple[Move, ...]:
        """From the gem spot to the cards shown (it stays in its owner's hand)."""
        return (Move(self.card, Zone(ZoneKind.SPOT, self.seat), Zone(ZoneKind.SHOWN, self.seat)),)


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: AnniversaryCard

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.HAND, self.seat), DATE),)


@dataclass(frozen=True, slots=True)
class DateFooted(Event):
    """``seat`` foots the bill for Date ``number``: ``winner`` won, ``cards`` in play order."""

    number: int
    seat: int
    winner: AnniversaryCard
    cards: tuple[AnniversaryCard, ...]

    def moves(self) -> tuple[Move, ...]:
        won = Zone(ZoneKind.WON, self.seat)
        return tuple(Move(card, DATE, won) for card in self.cards)


@dataclass(frozen=True, slots=True)
class GestureSettled(Event):
    seat: int
    gesture: int
    status: Status


@dataclass(frozen=True, slots=True)
class BountySettled(Event):
    """The bounty was performed by ``seats`` (each earning ``cards`` HC) or lost (no seats)."""

    gesture: int
    seats: tuple[int, ...]
    cards: int


@dataclass(frozen=True, slots=True)
class ChapterEnded(Event):
    success: bool
    reason: str
