"""Anomia's cards: eight symbols, category cards and wild cards.

A deck is the categories of one ``@deck`` of the lexicon, the n-th taking symbol
``n % 8``, and eight wild cards each showing two symbols (every symbol on two of
them).  Custom categories join the deck in play, their symbols dealt round the same
way.  Card ids index :class:`Box`, which holds every card of the game's box, so a
tie-breaker can be drawn from a deck that is not in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from tabletop.games.anomia.lexicon import Category

__all__ = ["Box", "Card", "Symbol", "WILD_PAIRS", "build_box"]


class Symbol(IntEnum):
    """Told apart by shape first, colour second (the art follows the same order)."""

    CIRCLE = 0
    TRIANGLE = 1
    SQUARE = 2
    STAR = 3
    CROSS = 4
    WAVE = 5
    MOON = 6
    BOLT = 7

    @property
    def label(self) -> str:
        """The symbol's name as the table shows it."""
        return self.name.capitalize()


SYMBOLS: Final = tuple(Symbol)

#: The wild cards of each deck: deck 1 pairs neighbours, deck 2 symbols three apart.
WILD_PAIRS: Final[dict[int, tuple[tuple[Symbol, Symbol], ...]]] = {
    1: tuple((Symbol(i), Symbol((i + 1) % 8)) for i in range(0, 8, 2))
       + tuple((Symbol(i), Symbol((i + 1) % 8)) for i in range(1, 8, 2)),
    2: tuple((Symbol(i), Symbol((i + 3) % 8)) for i in range(8)),
}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    deck: int
    symbols: tuple[Symbol, ...]
    #: The category's name; ``None`` on a wild card.
    category: str | None

    @property
    def wild(self) -> bool:
        """Whether this is a wild card (two symbols, no category)."""
        return self.category is None

    @property
    def symbol(self) -> Symbol:
        """The card's symbol (a wild card's first)."""
        return self.symbols[0]

    def __str__(self) -> str:
        if self.category is None:
            return "wild card " + " & ".join(s.label for s in self.symbols)
        return f"{self.category} ({self.symbol.label})"


@dataclass(frozen=True, slots=True)
class Box:
    """Every card the game knows of, by id; ``in_play`` are the ids shuffled into the
    draw piles, ``spare`` the category cards left in the box."""

    cards: tuple[Card, ...]
    in_play: tuple[int, ...]
    spare: tuple[int, ...]

    def __getitem__(self, card: int) -> Card:
        return self.cards[card]

    def __len__(self) -> int:
        return len(self.cards)


def build_box(categories: Sequence[Category], decks: Sequence[int],
              custom: Sequence[Category] = ()) -> Box:
    """The box: each lexicon deck's categories and wild cards, then ``custom`` categories
    (which join the first deck in play)."""
    cards: list[Card] = []
    in_play: list[int] = []
    spare: list[int] = []
    numbers = sorted({c.deck for c in categories} | set(WILD_PAIRS))
    for number in numbers:
        mine = [c for c in categories if c.deck == number]
        extra = list(custom) if number == decks[0] else []
        playing = number in decks
        for n, category in enumerate([*mine, *extra]):
            card = Card(len(cards), number, (Symbol(n % 8),), category.name)
            cards.append(card)
            (in_play if playing else spare).append(card.id)
        for pair in WILD_PAIRS.get(number, ()):
            card = Card(len(cards), number, pair, None)
            cards.append(card)
            if playing:
                in_play.append(card.id)
    return Box(tuple(cards), tuple(in_play), tuple(spare))
