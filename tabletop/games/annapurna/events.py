"""What happened on the mountain: Annapurna's events, each with its log line.

Moves name the zones a table animates: a climber's mountainside (``BOARD``), their
backpack (``HAND``) and cache (``WON``).  A face-down card of a mountainside comes to
light without leaving it (explored, struck by the Yeti, looked at) or on its way to a
cache (traded or hidden away): those events name it in ``reveals``, with the climbers
who knew it already (``known_to``), so take-backs stop there.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Move, Reveal, Teller
from tabletop.engine.protocol import Event, Zone, ZoneKind
from tabletop.games.annapurna.cards import Card
from tabletop.games.annapurna.mountain import PEAK, row_of

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


def _place(place: int) -> str:
    if place == PEAK:
        return "the peak"
    return ("base camp", "the second row", "the middle row", "the fourth row")[row_of(place)]


@dataclass(frozen=True, slots=True)
class MountainDealt(Event):
    """Every climber's suit shuffled: fifteen cards face down, three in the backpack."""

    def describe(self, tell: Teller) -> str | None:
        return "The climbers lay out their mountainsides and pack their backpacks."


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    extra: bool  # a Chocolate Bar's turn

    def describe(self, tell: Teller) -> str | None:
        return None


@dataclass(frozen=True, slots=True)
class Explored(Event):
    seat: int
    place: int
    card: Card
    known_to: frozenset[int] = frozenset()   # who knew the card before it turned up

    def reveals(self) -> tuple[Reveal, ...]:
        return (Reveal(self.card, mountain(self.seat), None, self.known_to),)

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'explores', 'explore')} {_place(self.place)}: {self.card.type.name}."


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

    def describe(self, tell: Teller) -> str | None:
        where = _place(self.place)
        shown = self.public or tell.viewer == self.seat
        what = self.card.type.name if shown else "a card"
        knows = shown or tell.viewer in self.known_to
        taken = self.removed.type.name if knows else "the card it replaces"
        pile = "backpack" if self.peaked else "cache"
        goes = f"{taken} goes to {tell.their(self.seat)} {pile}."
        if self.owner == self.seat:
            return f"{tell.act(self.seat, 'trades', 'trade')} {what} into {where}; {goes}"
        return (f"{tell.act(self.seat, 'hides', 'hide')} {what} at {where} of "
                f"{tell.their(self.owner)} mountainside; {goes}")


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'has', 'have')} nothing to do and {('pass' if self.seat == tell.you else 'passes')}."


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """Altitude Sickness: the turn is skipped."""

    seat: int

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'rests', 'rest')} off the altitude sickness."


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

    def describe(self, tell: Teller) -> str | None:
        where = f"{_place(self.place)} of {tell.their(self.owner)} mountainside"
        if self.public or tell.viewer == self.seat:
            return f"{tell.act(self.seat, 'looks', 'look')} at {where}: {self.card.type.name}."
        return f"{tell.act(self.seat, 'looks', 'look')} at {where}."


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    """The Rockslide: two face-down cards changed places."""

    seat: int
    a: int
    b: int

    def describe(self, tell: Teller) -> str | None:
        return f"A rockslide swaps two of {tell.their(self.seat)} face-down cards."


@dataclass(frozen=True, slots=True)
class YetiStruck(Event):
    """The Yeti turned up the card at ``place``; its effect is lost."""

    seat: int
    place: int
    card: Card

    def reveals(self) -> tuple[Reveal, ...]:
        """The Yeti picks at random: which card turns up is news to everyone."""
        return (Reveal(self.card, mountain(self.seat)),)

    def describe(self, tell: Teller) -> str | None:
        return f"The yeti turns up {tell.their(self.seat)} {self.card.type.name} at {_place(self.place)}."


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

    def describe(self, tell: Teller) -> str | None:
        count = len(self.cards)
        cards = f"{count} balanced card{'s' if count != 1 else ''}"
        if self.buried:
            return f"{tell.act(self.seat, 'buries', 'bury')} {cards} where they lie."
        return f"{tell.act(self.seat, 'sweeps', 'sweep')} {cards} into {tell.their(self.seat)} cache."


@dataclass(frozen=True, slots=True)
class HandLeft(Event):
    """``seat`` left a balanced set for a Helping Hand."""

    seat: int
    places: tuple[int, ...]

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'offers', 'offer')} a Helping Hand."


@dataclass(frozen=True, slots=True)
class HandTaken(Event):
    seat: int
    giver: int
    place: int
    card: Card

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, mountain(self.giver), backpack(self.seat), True),)

    def describe(self, tell: Teller) -> str | None:
        return (f"{tell.act(self.seat, 'takes', 'take')} {self.card.type.name} from "
                f"{tell.their(self.giver)} mountainside.")


@dataclass(frozen=True, slots=True)
class BackpackFilled(Event):
    """At the peak, the cache joins the backpack."""

    seat: int
    cards: tuple[Card, ...]
    public: bool

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(c, cache(self.seat), backpack(self.seat), self.public, self.seat)
                     for c in self.cards)

    def describe(self, tell: Teller) -> str | None:
        count = len(self.cards)
        if not count:
            return None
        whose = tell.their(self.seat)
        return (f"{whose[0].upper()}{whose[1:]} cache ({count} card{'s' if count != 1 else ''}) "
                f"joins the backpack.")


@dataclass(frozen=True, slots=True)
class FlagPlanted(Event):
    """A protecting climber's prayer flag turned the card at ``place`` face down."""

    seat: int
    place: int
    card: Card

    def describe(self, tell: Teller) -> str | None:
        return (f"{tell.act(self.seat, 'plants', 'plant')} a prayer flag on "
                f"{tell.their(self.seat)} {self.card.type.name}.")


@dataclass(frozen=True, slots=True)
class Peaked(Event):
    seat: int
    token: int       # 1 for the first to arrive
    balanced: bool

    def describe(self, tell: Teller) -> str | None:
        state = "balanced" if self.balanced else "out of balance"
        order = ("first", "second", "third", "fourth")[self.token - 1]
        return f"{tell.act(self.seat, 'reaches', 'reach')} the peak {order}, {state}."


@dataclass(frozen=True, slots=True)
class AscentEnded(Event):
    won: bool
    points: tuple[int, ...]   # per climber: summit points 0–3
    reason: str

    def describe(self, tell: Teller) -> str | None:
        return self.reason
