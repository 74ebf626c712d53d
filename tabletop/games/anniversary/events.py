"""Events particular to Anniversary (shared ones live in ``tabletop.engine.events``)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Move, Teller
from tabletop.engine.protocol import Event, Zone, ZoneKind
from tabletop.games.anniversary.actions import Gem
from tabletop.games.anniversary.cards import AnniversaryCard
from tabletop.games.anniversary.content import GESTURE_BY_ID
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

    def describe(self, tell: Teller) -> str | None:
        again = f" after {self.redeals} redeal{'s' if self.redeals > 1 else ''}" if self.redeals else ""
        holds = tell.act(self.seat, "holds", "hold")
        return f"{holds} the Top card{again}: {tell.whom(self.seat)} {'are' if self.seat == tell.you else 'is'} the top."


@dataclass(frozen=True, slots=True)
class GesturesDrawn(Event):
    gestures: tuple[int, ...]
    bounty: int | None

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(gesture_piece(g), Zone(ZoneKind.SUPPLY), OFFER) for g in self.gestures)

    def describe(self, tell: Teller) -> str | None:
        titles = ", ".join(GESTURE_BY_ID[g].title for g in self.gestures)
        text = f"Sweet Gestures on the table: {titles}."
        if self.bounty is not None:
            text += f" Bounty: {GESTURE_BY_ID[self.bounty].title}."
        return text


@dataclass(frozen=True, slots=True)
class GestureTaken(Event):
    seat: int
    gesture: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(gesture_piece(self.gesture), OFFER, Zone(ZoneKind.BOARD, self.seat)),)

    def describe(self, tell: Teller) -> str | None:
        g = GESTURE_BY_ID[self.gesture]
        return f"{tell.act(self.seat, 'takes', 'take')} “{g.title}”: {g.text}"


@dataclass(frozen=True, slots=True)
class GesturePassed(Event):
    seat: int

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'passes', 'pass')} the gesture to {tell.whom(1 - self.seat)}."


@dataclass(frozen=True, slots=True)
class DateStarted(Event):
    number: int  # 1-based
    of: int
    leader: int

    def describe(self, tell: Teller) -> str | None:
        return f"Date {self.number} of {self.of}: {tell.act(self.leader, 'leads', 'lead')}."


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    card: AnniversaryCard

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, PILE, Zone(ZoneKind.HAND, self.seat), False, self.seat),)

    def describe(self, tell: Teller) -> str | None:
        draws = tell.act(self.seat, "draws", "draw")
        if tell.viewer == self.seat:
            return f"{draws} the {self.card}."
        return f"{draws} a card."


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

    def describe(self, tell: Teller) -> str | None:
        shows = tell.act(self.seat, "shows", "show")
        return (f"{shows} the {self.card} with the gem at the {self.gem.value}: "
                f"{'your' if self.seat == tell.you else 'their'} {self.gem.meaning} "
                f"{self.card.suit_name}.")


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: AnniversaryCard

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.HAND, self.seat), DATE),)

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'plays', 'play')} the {self.card}."


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

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'foots', 'foot')} the bill for Date {self.number} with the {self.winner}."


@dataclass(frozen=True, slots=True)
class GestureSettled(Event):
    seat: int
    gesture: int
    status: Status

    def describe(self, tell: Teller) -> str | None:
        g = GESTURE_BY_ID[self.gesture]
        if self.status is Status.DONE:
            return f"{tell.who(self.seat)} performed “{g.title}”."
        return f"“{g.title}” can no longer be performed."


@dataclass(frozen=True, slots=True)
class BountySettled(Event):
    """The bounty was performed by ``seats`` (each earning ``cards`` HC) or lost (no seats)."""

    gesture: int
    seats: tuple[int, ...]
    cards: int

    def describe(self, tell: Teller) -> str | None:
        g = GESTURE_BY_ID[self.gesture]
        if not self.seats:
            return f"The bounty “{g.title}” is out of reach and is discarded."
        who = " and ".join(tell.who(s) for s in self.seats)
        verb = "earn" if len(self.seats) > 1 or self.seats[0] == tell.you else "earns"
        return f"{who} {verb} {self.cards} Healthy Communication for the bounty “{g.title}”."


@dataclass(frozen=True, slots=True)
class ChapterEnded(Event):
    success: bool
    reason: str

    def describe(self, tell: Teller) -> str | None:
        return ("Chapter complete! " if self.success else "The chapter is lost: ") + self.reason
