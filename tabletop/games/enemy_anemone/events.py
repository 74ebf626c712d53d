"""Events particular to Enemy Anemone (the shared ones live in ``tabletop.engine.events``)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Namer
from tabletop.engine.protocol import Event
from tabletop.games.enemy_anemone.cards import SeaCard

__all__ = [
    "AnemonesReturned", "CardDiscarded", "CardPlayed", "CardsDrawn", "LeadChosen", "TrickDecided",
]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: SeaCard
    ones: int = 0
    twos: int = 0

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        boost = self.ones + 2 * self.twos
        extra = f" with +{boost} in anemones" if boost else ""
        return f"{name(self.seat)} plays the {self.card}{extra}."


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A face-down discard into the player's own score pile; only they know the card."""

    seat: int
    card: SeaCard

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        if viewer == self.seat:
            return f"You cannot play a new suit: you discard the {self.card} face down."
        return f"{name(self.seat)} cannot play a new suit and discards face down."


@dataclass(frozen=True, slots=True)
class AnemonesReturned(Event):
    count: int

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        return None


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Two-player variant: ``seat`` drew ``cards`` from the draw deck."""

    seat: int
    cards: tuple[SeaCard, ...]

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        if viewer == self.seat:
            return f"You draw {' and '.join(str(c) for c in self.cards)}."
        return f"{name(self.seat)} draws {len(self.cards)}."


@dataclass(frozen=True, slots=True)
class LeadChosen(Event):
    """Who leads the next hand and why."""

    seat: int
    reason: str

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        return f"{name(self.seat)} {self.reason} and will lead the next hand."


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

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        return None
