"""What a player can do on their turn, and the public record of a play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.protocol import Action, SnapshotError
from tabletop.games.enemy_anemone.cards import SeaCard

__all__ = ["Discard", "Play", "TrickPlay", "action_from_json"]


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` into the trick with ``ones`` +1 and ``twos`` +2 anemones attached."""

    card: SeaCard
    ones: int = 0
    twos: int = 0

    @property
    def boost(self) -> int:
        return self.ones + 2 * self.twos

    def to_json(self) -> dict[str, int]:
        return {"play": int(self.card), "ones": self.ones, "twos": self.twos}

    def __str__(self) -> str:
        extra = f" +{self.boost}" if self.boost else ""
        return f"play {self.card}{extra}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put ``card`` face down on your own score pile (only when no new suit can be played)."""

    card: SeaCard

    def to_json(self) -> dict[str, int]:
        return {"discard": int(self.card)}

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """A card in the trick: who played it and what is attached."""

    seat: int
    card: SeaCard
    ones: int = 0
    twos: int = 0

    @property
    def value(self) -> int:
        return self.card.rank + self.ones + 2 * self.twos

    def to_json(self) -> list[int]:
        return [self.seat, int(self.card), self.ones, self.twos]

    @classmethod
    def from_json(cls, data: Any) -> TrickPlay:
        seat, card, ones, twos = data
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                   for v in (seat, ones, twos)):
            raise ValueError("a trick entry is malformed")
        return cls(seat, SeaCard.parse(card), ones, twos)


def action_from_json(data: Any) -> Play | Discard:
    try:
        if isinstance(data, dict) and "play" in data:
            ones, twos = data.get("ones", 0), data.get("twos", 0)
            if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9
                       for v in (ones, twos)):
                raise ValueError("bad anemone count")
            return Play(SeaCard.parse(data["play"]), ones, twos)
        if isinstance(data, dict) and "discard" in data:
            return Discard(SeaCard.parse(data["discard"]))
    except ValueError as error:
        raise SnapshotError(f"a saved move is malformed: {error}") from None
    raise SnapshotError(f"a saved move is malformed: {data!r}")
