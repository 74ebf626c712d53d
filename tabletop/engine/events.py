"""Events shared by many games.

Every event says what moved where or what was scored.  The table scene turns them
into animations, the match log into sentences.  ``describe`` returns the log line
as the seat ``viewer`` may read it (``None``: a spectator who sees only public
information), or ``None`` when the event is not worth a line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.engine.protocol import Event, Zone

__all__ = [
    "CardMoved",
    "Dealt",
    "GameOver",
    "HandEnded",
    "HandStarted",
    "Namer",
    "Scored",
    "TrickWon",
]

#: Turns a seat number into a player's name.
Namer = Callable[[int], str]


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    """One card moved between zones; ``private_to`` sees its face when ``face_up`` is false."""

    card: int
    src: Zone
    dst: Zone
    face_up: bool = True
    private_to: int | None = None

    def visible_to(self) -> frozenset[int] | None:
        if self.face_up:
            return None
        return frozenset() if self.private_to is None else frozenset((self.private_to,))


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """``seat`` received ``cards`` (only that seat sees which)."""

    seat: int
    cards: tuple[int, ...]
    src: Zone

    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    seat: int
    cards: tuple[int, ...]

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        return f"{name(self.seat)} took the trick ({len(self.cards)} cards)."


@dataclass(frozen=True, slots=True)
class Scored(Event):
    seat: int
    points: int
    total: int

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        return f"{name(self.seat)} scored {self.points} (total {self.total})."


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    number: int  # 1-based
    of: int
    leader: int

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        return f"Hand {self.number} of {self.of}: {name(self.leader)} leads."


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        return f"Hand {self.number} is over."


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    shares: tuple[float, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, share in enumerate(self.shares) if share > 0)

    def describe(self, name: Namer, viewer: int | None) -> str | None:
        names = [name(seat) for seat in self.winners]
        if not names:
            return "The game is over."
        if len(names) == 1:
            return f"{names[0]} wins the game!"
        return f"{', '.join(names[:-1])} and {names[-1]} share the win!"
