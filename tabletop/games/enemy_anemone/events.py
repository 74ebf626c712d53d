"""Events particular to Enemy Anemone (the shared ones live in ``tabletop.engine.events``)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Move
from tabletop.engine.protocol import Event, Zone, ZoneKind
from tabletop.games.enemy_anemone.cards import EnemyAnemoneCard

__all__ = [
    "AnemonesArmed", "AnemonesReturned", "CardDiscarded", "CardPlayed", "CardsDrawn",
    "CardsGathered", "LeadChosen", "TrickDecided",
]

DECK = Zone(ZoneKind.DECK)
TRICK = Zone(ZoneKind.TRICK)


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: EnemyAnemoneCard
    ones: int = 0
    twos: int = 0

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.HAND, self.seat), TRICK),)


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A face-down discard into the player's own score pile; only they know the card."""

    seat: int
    card: EnemyAnemoneCard

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.HAND, self.seat), Zone(ZoneKind.WON, self.seat),
                     False, self.seat),)


@dataclass(frozen=True, slots=True)
class CardsGathered(Event):
    """Before a new hand every score pile goes back into the deck, face down."""

    piles: tuple[tuple[EnemyAnemoneCard, ...], ...]  # per seat

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(card, Zone(ZoneKind.WON, seat), DECK, False)
                     for seat, pile in enumerate(self.piles) for card in pile)


@dataclass(frozen=True, slots=True)
class AnemonesArmed(Event):
    """``seat`` readied ``ones`` +1 and ``twos`` +2 anemones for the card it plays next."""

    seat: int
    ones: int
    twos: int


@dataclass(frozen=True, slots=True)
class AnemonesReturned(Event):
    count: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Two-player variant: ``seat`` drew ``cards`` from the draw deck."""

    seat: int
    cards: tuple[EnemyAnemoneCard, ...]

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def moves(self) -> tuple[Move, ...]:
        hand = Zone(ZoneKind.HAND, self.seat)
        return tuple(Move(card, DECK, hand, False, self.seat) for card in self.cards)


@dataclass(frozen=True, slots=True)
class LeadChosen(Event):
    """Who leads the next hand and why."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class TrickDecided(Event):
    """Which played card won (``winner_index`` among the played cards, in order) and which
    was lowest (``None`` when only one card was played)."""

    winner: int
    winner_index: int
    winner_value: int
    lowest: int | None
    lowest_index: int | None
    lowest_value: int
