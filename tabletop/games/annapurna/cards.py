"""Annapurna's mountain cards: four climbers' suits of eighteen cards each.

A card is a small integer: ``suit * 18 + index``.  Every suit has the same
eighteen cards (the fairest way to share a mountain): twelve with symbols — yin
1, 2, 3, 3, 4, 4 and yang 1, 2, 3, 3, 4, 4, so a whole suit balances — and six
effect cards with no symbols.  Yin counts negative and yang positive: a
mountainside is balanced when the symbols of its face-up cards add up to zero.

>>> str(Card(0)), str(Card(18 + 6)), str(Card(3 * 18 + 12))
('Yin 1 (blue)', 'Yang 1 (red)', 'Chocolate Bar (green)')
>>> value(2), value(11), value(12)
(-3, 4, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

__all__ = [
    "CARDS_PER_SUIT", "EFFECT_TEXT", "SUIT_NAMES", "SYMBOLS", "TYPES", "Card", "CardType", "Effect",
    "card_of", "effect", "index_of", "suit_of", "suit_cards", "value",
]

CARDS_PER_SUIT: Final = 18
#: The climbers' colours, in seat order.
SUIT_NAMES: Final = ("blue", "red", "amber", "green")


class Effect(Enum):
    """What an effect card does when it is explored."""

    CHOCOLATE = "chocolate"   # take another turn
    ALTITUDE = "altitude"     # shenpa: skip your next turn
    SPYGLASS = "spyglass"     # look at one face-down card on any mountainside
    ROCKSLIDE = "rockslide"   # swap two face-down cards of your mountainside
    ROPE = "rope"             # shenpa: next turn, explore anywhere in this row or the next
    YETI = "yeti"             # a random face-down neighbour turns face up, effect lost


@dataclass(frozen=True, slots=True)
class CardType:
    """One of a suit's eighteen cards: its symbols (yin < 0 < yang) or its effect."""

    value: int               # -4..4; 0 for an effect card
    effect: Effect | None
    name: str

    @property
    def binds_next_turn(self) -> bool:
        """A shenpa card: its effect waits for the climber's next turn."""
        return self.effect in (Effect.ALTITUDE, Effect.ROPE)


#: The symbol cards of each side: big cards outnumber small ones, so a climber who
#: turns up a 4 has to work to cancel it (tuned by simulation: see the rules page).
SIDE: Final = (1, 2, 3, 3, 4, 4)


def _symbol(value: int) -> CardType:
    return CardType(value, None, f"{'Yin' if value < 0 else 'Yang'} {abs(value)}")


TYPES: Final[tuple[CardType, ...]] = (
    *(_symbol(-v) for v in SIDE),
    *(_symbol(v) for v in SIDE),
    CardType(0, Effect.CHOCOLATE, "Chocolate Bar"),
    CardType(0, Effect.ALTITUDE, "Altitude Sickness"),
    CardType(0, Effect.SPYGLASS, "Spyglass"),
    CardType(0, Effect.ROCKSLIDE, "Rockslide"),
    CardType(0, Effect.ROPE, "Fixed Rope"),
    CardType(0, Effect.YETI, "Yeti"),
)
assert len(TYPES) == CARDS_PER_SUIT
assert sum(t.value for t in TYPES) == 0

#: What each effect does, in a player's words (card faces, hover text, the rules page).
EFFECT_TEXT: Final[dict[Effect, str]] = {
    Effect.CHOCOLATE: "Take another turn.",
    Effect.ALTITUDE: "Shenpa: skip your next turn.",
    Effect.SPYGLASS: "Look at one face-down card on any mountainside.",
    Effect.ROCKSLIDE: "Swap two face-down cards of your mountainside, unseen.",
    Effect.ROPE: "Shenpa: next turn, explore any face-down card in your row or the row above.",
    Effect.YETI: ("A face-down card beside or above you (never your peak) turns face up; its "
                  "effect is lost."),
}


class Card(int):
    """A mountain card: an int with a name."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return type(self), (int(self),)  # as quick to pickle as the int it is

    @property
    def suit(self) -> int:
        """The climber whose suit the card is of."""
        return int(self) // CARDS_PER_SUIT

    @property
    def index(self) -> int:
        """The card's place within its suit (0–17)."""
        return int(self) % CARDS_PER_SUIT

    @property
    def type(self) -> CardType:
        """What the card is: its symbols, yin or yang, its effect."""
        return TYPES[int(self) % CARDS_PER_SUIT]

    def __str__(self) -> str:
        return f"{self.type.name} ({SUIT_NAMES[self.suit]})"

    def __repr__(self) -> str:
        return f"Card({int(self)})"


def card_of(suit: int, index: int) -> Card:
    """The card at ``index`` of ``suit``."""
    return Card(suit * CARDS_PER_SUIT + index)


def suit_of(card: int) -> int:
    """The suit of card number ``card``."""
    return card // CARDS_PER_SUIT


def index_of(card: int) -> int:
    """The place of card number ``card`` within its suit."""
    return card % CARDS_PER_SUIT


def value(card: int) -> int:
    """The card's symbols: yin negative, yang positive, 0 for an effect card."""
    return SYMBOLS[card % CARDS_PER_SUIT]


def effect(card: int) -> Effect | None:
    """The effect card number ``card`` has when explored (``None``: none)."""
    return TYPES[card % CARDS_PER_SUIT].effect


def suit_cards(suit: int) -> list[Card]:
    """Every card of ``suit``, in order."""
    return [card_of(suit, i) for i in range(CARDS_PER_SUIT)]


#: Each index's symbols (yin negative), for hot loops: ``SYMBOLS[card % CARDS_PER_SUIT]``.
SYMBOLS: Final = tuple(t.value for t in TYPES)
