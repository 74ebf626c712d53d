"""What a player can do on their turn, and the public record of a play.

A turn is one or two steps: ready some anemones (``Arm``), then play a card (they
go with it); or, with no creature new to the trick, discard a card face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.codec import Actions
from tabletop.engine.protocol import Action, Record
from tabletop.engine.schema import Card, Int
from tabletop.games.enemy_anemone.cards import EnemyAnemoneCard

__all__ = ["ACTIONS", "Arm", "Discard", "Play", "TrickPlay", "action_from_json"]

ACTIONS = Actions("Enemy Anemone")


@ACTIONS.tag("arm", Int(0, 9), Int(0, 9))
@dataclass(frozen=True, slots=True)
class Arm(Action):
    """Ready ``ones`` +1 and ``twos`` +2 anemones to go with the card you play next."""

    ones: int
    twos: int

    @property
    def boost(self) -> int:
        """What the readied anemones add to the card: +1 each, +2 each."""
        return self.ones + 2 * self.twos

    def __str__(self) -> str:
        return f"ready +{self.boost} in anemones" if self.boost else "take the anemones back"


@ACTIONS.tag("play", Card(EnemyAnemoneCard.parse))
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` into the trick, with the anemones readied (see :class:`Arm`)."""

    card: EnemyAnemoneCard

    def __str__(self) -> str:
        return f"play {self.card}"


@ACTIONS.tag("discard", Card(EnemyAnemoneCard.parse))
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put ``card`` face down on your own score pile (only when no new suit can be played)."""

    card: EnemyAnemoneCard

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
        """The card's rank with its anemones added."""
        return self.card.rank + self.ones + 2 * self.twos

    def to_json(self) -> list[int]:
        """The play as a save holds it: seat, card, +1s and +2s."""
        return [self.seat, int(self.card), self.ones, self.twos]

    @classmethod
    def from_json(cls, data: Any) -> TrickPlay:
        """A play read from a save (``ValueError`` if malformed)."""
        seat, card, ones, twos = data
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                   for v in (seat, ones, twos)):
            raise ValueError("a trick entry is malformed")
        return cls(seat, EnemyAnemoneCard.parse(card), ones, twos)


action_from_json = ACTIONS.decode
