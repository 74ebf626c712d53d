"""Playing cards as small integers with names.

A card is an ``int`` subclass: comparing, hashing and storing it costs what an
integer costs (bots copy and compare cards millions of times), it serialises to
JSON as a plain number, and it still prints as ``Crab 7``.  Each game declares
its own subclass with its suit names.

>>> class Demo(SuitedCard):
...     SUITS = ("Red", "Blue")
>>> card = Demo.of(1, 7)
>>> card.suit, card.rank, str(card)
(1, 7, 'Blue 7')
>>> Demo(int(card)) == card
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, TypeVar

__all__ = ["RANK_BITS", "RANK_MASK", "SuitedCard", "rank_of", "suit_mask", "suit_of"]

C = TypeVar("C", bound="SuitedCard")

#: A card int is ``suit << RANK_BITS | rank`` (for loops that cannot afford a call per card).
RANK_BITS = _RANK_BITS = 5
RANK_MASK = _RANK_MASK = (1 << _RANK_BITS) - 1


class SuitedCard(int):
    """A card with a suit index and a rank, packed into one integer."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return type(self), (int(self),)  # as quick to pickle as the int it is
    SUITS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def of(cls: type[C], suit: int, rank: int) -> C:
        """The card of ``suit`` and ``rank``."""
        if not 0 <= suit < max(len(cls.SUITS), 1) or not 0 <= rank <= _RANK_MASK:
            raise ValueError(f"no such card: suit {suit}, rank {rank}")
        return cls((suit << _RANK_BITS) | rank)

    @classmethod
    def parse(cls: type[C], value: object) -> C:
        """A card from its JSON form (an integer); raises ``ValueError`` if invalid."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"a card must be an integer, got {value!r}")
        suit, rank = value >> _RANK_BITS, value & _RANK_MASK
        if value < 0 or suit >= len(cls.SUITS):
            raise ValueError(f"{value} is not a {cls.__name__}")
        return cls.of(suit, rank)

    @property
    def suit(self) -> int:
        """The card's suit, a number from 0."""
        return int(self) >> _RANK_BITS

    @property
    def rank(self) -> int:
        """The card's rank within its suit."""
        return int(self) & _RANK_MASK

    @property
    def suit_name(self) -> str:
        """The suit's name, as the game calls it."""
        return self.SUITS[self.suit]

    def __str__(self) -> str:
        return f"{self.suit_name} {self.rank}"

    def __repr__(self) -> str:
        return f"<{self}>"


def suit_of(card: int) -> int:
    """The suit index of a card (works on plain integers too)."""
    return card >> _RANK_BITS


def rank_of(card: int) -> int:
    """The rank of a card (works on plain integers too)."""
    return card & _RANK_MASK


def suit_mask(cards: Iterable[SuitedCard]) -> int:
    """A bit set of the suits present among ``cards`` (bit ``s`` for suit ``s``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.suit
    return mask
