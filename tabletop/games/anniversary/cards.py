"""Anniversary's 26 cards: four colours ranked 1–6 and the two position cards.

The position cards form their own suit: the Top card outranks everything, the
Bottom card every colour card.

>>> str(AnniversaryCard.of(TEAL, 6)), str(TOP), TOP > BOTTOM
('Teal 6', 'Top card', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import ClassVar, Final

from tabletop.engine.cards import SuitedCard, rank_of, suit_of

__all__ = [
    "BOTTOM", "COLOURS", "COLOUR_NAMES", "DECK", "EMBLEMS", "AnniversaryCard", "Gem", "PINK",
    "POSITION",
    "PURPLE", "RANKS", "RED", "TEAL", "TOP", "colour_cards", "is_position",
]

COLOUR_NAMES: Final = ("Teal", "Pink", "Red", "Purple")
#: What each colour shows, for rules text and card faces.
EMBLEMS: Final = ("butterfly", "lollipop", "strawberry", "skull")
TEAL, PINK, RED, PURPLE = range(4)
COLOURS: Final = (TEAL, PINK, RED, PURPLE)
POSITION: Final = 4
RANKS: Final = range(1, 7)


class AnniversaryCard(SuitedCard):
    """A playing card of Anniversary."""

    __slots__ = ()
    SUITS: ClassVar[tuple[str, ...]] = (*COLOUR_NAMES, "Position")

    @classmethod
    def parse(cls, value: object) -> AnniversaryCard:
        card = super().parse(value)
        if card not in _ALL:
            raise ValueError(f"{value!r} is not an Anniversary card")
        return card

    def __str__(self) -> str:
        if self.suit == POSITION:
            return "Top card" if self.rank == 2 else "Bottom card"
        return f"{COLOUR_NAMES[self.suit]} {self.rank}"


BOTTOM: Final = AnniversaryCard.of(POSITION, 1)
TOP: Final = AnniversaryCard.of(POSITION, 2)
DECK: Final = tuple([AnniversaryCard.of(c, r) for c in COLOURS for r in RANKS] + [BOTTOM, TOP])
_ALL: Final = frozenset(DECK)


def is_position(card: int) -> bool:
    """Whether card number ``card`` is the Top or the Bottom card."""
    return suit_of(card) == POSITION


def colour_cards(cards: Iterable[int], colour: int) -> list[int]:
    """The cards of ``colour`` among ``cards``, lowest first."""
    return sorted((c for c in cards if suit_of(c) == colour), key=rank_of)


class Gem(Enum):
    """Where the gem sits on a shared card, and what that tells the partner."""

    TOP = "top"        # the highest card of its colour in the sharer's hand
    MIDDLE = "middle"  # the only card of its colour in the sharer's hand
    BOTTOM = "bottom"  # the lowest card of its colour in the sharer's hand

    @property
    def meaning(self) -> str:
        """What the gem tells the partner of the card in the sharer's hand."""
        return {Gem.TOP: "highest", Gem.MIDDLE: "only", Gem.BOTTOM: "lowest"}[self]
