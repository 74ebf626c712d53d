"""What happened on the mountain: Annapurna's events (their log lines are in ``words``).

Moves name the zones a table animates: a climber's mountainside (``BOARD``), their
backpack (``HAND``) and cache (``WON``).  A face-down card of a mountainside comes to
light without leaving it (explored, struck by the Yeti, looked at) or on its way to a
cache (traded or hidden away): those events name it in ``reveals``, with the climbers
who knew it already (``known_to``), so take-backs stop there.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Move, Reveal
from tabletop.engine.protocol import Event, Zone, ZoneKind
from tabletop.games.annapurna.cards import Card

__all__ = [
    "AscentEnded", "BackpackFilled", "Explored", "FlagPlanted", "HandLeft", "HandTaken", "Looked",
    "MountainDealt", "Passed", "Peaked", "Skipped", "Swapped", "Swept", "Traded", "TurnStarted",
    "YetiStruck", "backpack", "cache", "mountain",
]


def mountain(seat: int) -> Zone:
    return Zone(ZoneKind.BOARD, seat)


def backpack(seat: int) -> Zone:
    return Zone(ZoneKind.HAND, seat)


def cache(seat: int) -> Zone:
    return Zone(ZoneKind.WON, seat)


@dataclass(frozen=True, slots=True)
class MountainDealt(Event):
    """Every climber's suit shuffled: fifteen cards face down, three in the backpack."""


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    extra: bool  # a Chocolate Bar's turn


@dataclass(frozen=True, slots=True)
class Explored(Event):
    seat: int
    place: int
    card: Card
    known_to: frozenset[int] = frozenset()   # who knew the card before it turned up

    def reveals(self) -> tuple[Reveal, ...]:
        return (Reveal(self.card, mountain(self.seat), None, self.known_to),)


@dataclass(frozen=True, slots=True)
class Traded(Event):
    """``seat`` put ``card`` face down at ``place`` of ``owner``'s mountainside and took
    ``removed`` into their cache (into their backpack after the peak: ``peaked``).  Who
    may see ``card`` is in ``seen``."""

    seat: int
    owner: int
    place: int
    card: Card
    removed: Card
    public: bool
    known_to: frozenset[int] = frozenset()   # who knew ``removed`` where it lay
    peaked: bool = False

    def visible_to(self) -> frozenset[int] | None:
        return None if self.public else frozenset((self.seat,))

    def reveals(self) -> tuple[Reveal, ...]:
        """The face-down card taken out, now in the taker's cache: seen by everyone
        where the climbers talk, else by the taker."""
        return (Reveal(self.removed, mountain(self.owner), self.visible_to(), self.known_to),)

    def moves(self) -> tuple[Move, ...]:
        private = None if self.public else self.seat
        taken = backpack(self.seat) if self.peaked else cache(self.seat)
        return (Move(self.card, backpack(self.seat), mountain(self.owner), False, private),
                Move(self.removed, mountain(self.owner), taken, False, self.seat))


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """Altitude Sickness: the turn is skipped."""

    seat: int


@dataclass(frozen=True, slots=True)
class Looked(Event):
    """The Spyglass: ``seat`` looked at a face-down card (only ``seen`` know it)."""

    seat: int
    owner: int
    place: int
    card: Card
    public: bool
    known_to: frozenset[int] = frozenset()   # who knew the card before the look

    def visible_to(self) -> frozenset[int] | None:
        return None if self.public else frozenset((self.seat,))

    def reveals(self) -> tuple[Reveal, ...]:
        return (Reveal(self.card, mountain(self.owner), self.visible_to(), self.known_to),)


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    """The Rockslide: two face-down cards changed places."""

    seat: int
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class YetiStruck(Event):
    """The Yeti turned up the card at ``place``; its effect is lost."""

    seat: int
    place: int
    card: Card

    def reveals(self) -> tuple[Reveal, ...]:
        """The Yeti picks at random: which card turns up is news to everyone."""
        return (Reveal(self.card, mountain(self.seat)),)


@dataclass(frozen=True, slots=True)
class Swept(Event):
    """A balanced set left the mountainside for the cache (``buried``: turned face down
    in place, after peaking)."""

    seat: int
    places: tuple[int, ...]
    cards: tuple[Card, ...]
    buried: bool

    def moves(self) -> tuple[Move, ...]:
        if self.buried:
            return ()
        return tuple(Move(c, mountain(self.seat), cache(self.seat), False) for c in self.cards)


@dataclass(frozen=True, slots=True)
class HandLeft(Event):
    """``seat`` left a balanced set for a Helping Hand."""

    seat: int
    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandTaken(Event):
    seat: int
    giver: int
    place: int
    card: Card

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, mountain(self.giver), backpack(self.seat), True),)


@dataclass(frozen=True, slots=True)
class BackpackFilled(Event):
    """At the peak, the cache joins the backpack."""

    seat: int
    cards: tuple[Card, ...]
    public: bool

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(c, cache(self.seat), backpack(self.seat), self.public, self.seat)
                     for c in self.cards)


@dataclass(frozen=True, slots=True)
class FlagPlanted(Event):
    """A protecting climber's prayer flag turned the card at ``place`` face down."""

    seat: int
    place: int
    card: Card


@dataclass(frozen=True, slots=True)
class Peaked(Event):
    seat: int
    token: int       # 1 for the first to arrive
    balanced: bool


@dataclass(frozen=True, slots=True)
class AscentEnded(Event):
    won: bool
    points: tuple[int, ...]   # per climber: summit points 0–3
    reason: str
