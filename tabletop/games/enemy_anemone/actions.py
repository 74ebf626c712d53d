"""What a player can do on their turn, and the public record of a play.

A turn is one or two steps: ready some anemones (``Arm``), then play a card (they
go with it); or, with no creature new to the trick, discard a card face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.protocol import Action, Record, SnapshotError
from tabletop.games.enemy_anemone.cards import EnemyAnemoneCard

__all__ = ["Arm", "Discard", "Play", "TrickPlay", "action_from_json"]


@dataclass(frozen=True, slots=True)
class Arm(Action):
    """Ready ``ones`` +1 and ``twos`` +2 anemones to go with the card you play next."""

    ones: int
    twos: int

    @property
    def boost(self) -> int:
        return self.ones + 2 * self.twos

    def to_json(self) -> dict[str, list[int]]:
        return {"arm": [self.ones, self.twos]}

    def __str__(self) -> str:
        return f"ready +{self.boost} in anemones" if self.boost else "take the anemones back"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` into the trick, with the anemones readied (see :class:`Arm`)."""

    card: EnemyAnemoneCard

    def to_json(self) -> dict[str, int]:
        return {"play": int(self.card)}

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put ``card`` face down on your own score pile (only when no new suit can be played)."""

    card: EnemyAnemoneCard

    def to_json(self) -> dict[str, int]:
        return {"discard": int(self.card)}

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class TrickPlay(Record):
    """A card in the trick: who played it and what is attached."""

    seat: int
    card: EnemyAnemoneCard
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
        return cls(seat, EnemyAnemoneCard.parse(card), ones, twos)


def action_from_json(data: Any) -> Arm | Play | Discard:
    try:
        if isinstance(data, dict) and "play" in data:
            return Play(EnemyAnemoneCard.parse(data["play"]))
        if isinstance(data, dict) and "discard" in data:
            return Discard(EnemyAnemoneCard.parse(data["discard"]))
        if isinstance(data, dict) and "arm" in data:
            counts = data["arm"]
            if not (isinstance(counts, list) and len(counts) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9
                    for v in counts)):
                raise ValueError("bad anemone count")
            return Arm(counts[0], counts[1])
    except ValueError as error:
        raise SnapshotError(f"a saved move is malformed: {error}") from None
    raise SnapshotError(f"a saved move is malformed: {data!r}")
