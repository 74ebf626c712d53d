"""Enemy Anemone's cards: six sea-creature suits, ranks 1–10, and the deck per player count."""

from __future__ import annotations

from typing import ClassVar, Final

from tabletop.engine.cards import SuitedCard, rank_of

__all__ = [
    "BONUS_RANKS",
    "SUIT_NAMES",
    "EnemyAnemoneCard",
    "card_points",
    "deck_for",
    "hand_size_for",
    "suits_for",
]

SUIT_NAMES: Final = ("Crab", "Fish", "Starfish", "Octopus", "Turtle", "Jellyfish")
#: Cards of these ranks are worth one extra point in a score pile.
BONUS_RANKS: Final = frozenset((3, 5, 8))


class EnemyAnemoneCard(SuitedCard):
    """One creature card, e.g. ``EnemyAnemoneCard.of(0, 7)`` is the Crab 7."""

    __slots__ = ()
    SUITS: ClassVar[tuple[str, ...]] = SUIT_NAMES


def suits_for(players: int) -> int:
    """How many suits are in play: one per player, four in the two-player variant."""
    return 4 if players == 2 else players


def ranks_for(players: int) -> range:
    """Ranks in play: 2–9 with six players and in the two-player variant, else 1–10."""
    return range(2, 10) if players in (2, 6) else range(1, 11)


def hand_size_for(players: int) -> int:
    """Cards dealt to each player: 8 with two or six players, else 10."""
    return 8 if players in (2, 6) else 10


def deck_for(players: int) -> list[EnemyAnemoneCard]:
    """The full deck for a player count, in a fixed order (suit by suit)."""
    return [EnemyAnemoneCard.of(s, r) for s in range(suits_for(players)) for r in ranks_for(players)]


def card_points(card: int) -> int:
    """Points the card is worth in a score pile: 1, or 2 for a 3, 5 or 8."""
    return 2 if rank_of(card) in BONUS_RANKS else 1
