"""“Sort the year”: the rulebook's orientation game, as rules (no pygame).

The twelve Months lie in a column; the 49 primary cards come one by one from a
shuffled pile and each goes beside a month it matches: its Quarter, Days and
Season to the right of the month, its Zodiac to the left, between the two months
it spans (Capricorn between December and January).  A wrong place is explained;
when every card is placed, the table shows every plain match of the year.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tabletop.games.anno.cards import (
    DECK, MONTH_TABLE, ROMAN, SEASON_NAMES, ZODIAC_NAMES, AnnoCard, Kind,
)

__all__ = ["PRIMARY", "SortTheYear", "zodiac_gap"]

PRIMARY = (Kind.QUARTER, Kind.DAYS, Kind.SEASON, Kind.ZODIAC)


def zodiac_gap(zodiac: int) -> int:
    """The month a zodiac sits just above, between it and the month before: Capricorn
    spans December and January, so it sits above January (0)."""
    return (zodiac + 3) % 12


def _names(months: list[int]) -> str:
    words = [MONTH_TABLE[m].name for m in months]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


@dataclass
class SortTheYear:
    """The pile still to sort and where each placed card lies."""

    seed: int = 0
    pile: list[AnnoCard] = field(default_factory=list)
    #: Per month: the Quarter, Days and Season cards beside it (in the order placed).
    rows: list[list[AnnoCard]] = field(default_factory=lambda: [[] for _ in range(12)])
    #: Per gap (the month below it): the zodiac there, if placed.
    gaps: dict[int, AnnoCard] = field(default_factory=dict)
    mistakes: int = 0

    def __post_init__(self) -> None:
        if not self.pile:
            self.pile = [c for c in DECK if c.kind in PRIMARY]
            random.Random(self.seed).shuffle(self.pile)

    @property
    def current(self) -> AnnoCard | None:
        return self.pile[-1] if self.pile else None

    @property
    def done(self) -> bool:
        return not self.pile

    @property
    def placed(self) -> int:
        return sum(len(r) for r in self.rows) + len(self.gaps)

    def months_for(self, card: AnnoCard) -> list[int]:
        """Every month ``card`` matches (without weather or cusp)."""
        kind, value = card.kind, card.value
        if kind is Kind.ZODIAC:
            return sorted(m.index for m in MONTH_TABLE if value in m.zodiacs)
        if kind is Kind.QUARTER:
            return [m.index for m in MONTH_TABLE if m.quarter == value]
        if kind is Kind.DAYS:
            return [m.index for m in MONTH_TABLE if value in m.days]
        return [m.index for m in MONTH_TABLE if m.season == value]

    def check(self, card: AnnoCard, month: int) -> str | None:
        """Why ``card`` may not go beside ``month``; ``None`` if it may."""
        m = MONTH_TABLE[month]
        kind, value = card.kind, card.value
        fits = self.months_for(card)
        if kind is Kind.ZODIAC:
            if month not in fits:
                return (f"{ZODIAC_NAMES[value]} spans {_names(fits)}; {m.name}'s zodiacs are "
                        f"{ZODIAC_NAMES[m.zodiacs[0]]} and {ZODIAC_NAMES[m.zodiacs[1]]}.")
            return None
        if month not in fits:
            if kind is Kind.QUARTER:
                return (f"Quarter {ROMAN[value]} is {_names(fits)}; {m.name} is in quarter "
                        f"{ROMAN[m.quarter]}.")
            if kind is Kind.DAYS:
                if m.index == 1:
                    return f"February has 28 days, or 29 in a leap year: this card has {value}."
                return f"{value} days fits {_names(fits)}; {m.name} has {m.days[0]}."
            return (f"{SEASON_NAMES[value]} is {_names(fits)}; {m.name} is in "
                    f"{SEASON_NAMES[m.season]}.")
        if any(c.kind is kind for c in self.rows[month]) and not (
                kind is Kind.DAYS and m.index == 1):
            free = [f for f in fits if not any(c.kind is kind for c in self.rows[f])]
            where = f": try {_names(free)}" if free else ""
            return f"{m.name} already has its {kind.name.title()} card{where}."
        return None

    def place(self, month: int) -> str | None:
        """Put the current card beside ``month``; the reason if it does not go there."""
        card = self.current
        if card is None:
            return "Every card is sorted."
        reason = self.check(card, month)
        if reason is not None:
            self.mistakes += 1
            return reason
        self.pile.pop()
        if card.kind is Kind.ZODIAC:
            self.gaps[zodiac_gap(card.value)] = card
        else:
            self.rows[month].append(card)
            self.rows[month].sort(key=lambda c: (c.kind, c.value))
        return None
