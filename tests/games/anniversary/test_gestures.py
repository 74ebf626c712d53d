"""Every kind of Sweet Gesture: when it is performed and when it becomes impossible.

Each case is a public record (who footed which Date, with which cards) and the
status the gesture must have for its owner, seat 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tabletop.games.anniversary.cards import DECK, TOP
from tabletop.games.anniversary.content import GESTURES
from tabletop.games.anniversary.gestures import Kind, Status, mask_of, status
from tabletop.games.anniversary.rules import winning_play

from .helpers import cards, gesture

ALL = mask_of(DECK)


@dataclass
class Record:
    """Finished Dates as (footer, "four cards in play order")."""

    dates: list[tuple[int, str]]
    total: int = 6
    top: int = 0
    footers: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    date_masks: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])
    unplayed: int = ALL
    barred: list[int] = field(default_factory=lambda: [0, 0])

    def __post_init__(self) -> None:
        for footer, text in self.dates:
            played = cards(text)
            winner = played[winning_play([(0, c) for c in played])]
            self.footers.append(footer)
            self.winners.append(winner)
            mask = mask_of(played)
            self.date_masks.append(mask)
            self.won[footer] |= mask
            self.unplayed &= ~mask

    @property
    def dates_left(self) -> int:
        return self.total - len(self.footers)


P, D, F = Status.PENDING, Status.DONE, Status.FAILED
D1 = "Teal 6, Teal 1, Teal 2, Teal 3"      # won by the Teal 6
D2 = "Red 4, Red 1, Pink 6, Purple 6"      # won by the Red 4
D3 = "Pink 1, Teal 4, Red 2, Purple 1"     # won by the Pink 1
D4 = "Purple 3, Bottom, Purple 2, Red 3"   # won by the Bottom card
D5 = "Pink 5, Pink 2, Pink 3, Pink 4"      # won by the Pink 5
D6 = "Red 6, Red 5, Purple 4, Teal 5"      # won by the Red 6

CASES = [
    # foot a Date with a given card
    ("Strawberry Picking", [], 6, P),
    ("Strawberry Picking", [(0, D2)], 6, D),
    ("Strawberry Picking", [(1, D2)], 6, F),                      # it won, for the partner
    ("Strawberry Picking", [(0, "Red 6, Red 4, Teal 1, Teal 2")], 6, F),  # played, did not win
    ("Breakfast in Bed", [], 6, P),                                # the top holds the Top card
    # foot a Date with a rank
    ("Third Time Lucky", [(0, "Red 3, Red 1, Teal 1, Teal 2")], 6, D),
    ("Third Time Lucky", [(1, "Red 3, Red 1, Teal 1, Teal 2")], 6, P),  # other 3s are out
    ("Third Time Lucky", [(1, "Red 3, Pink 3, Teal 3, Purple 3")], 6, F),  # every 3 is gone
    ("Third Time Lucky", [(0, D4)], 6, P),                         # a Bottom win is no rank
    # foot the Date where a card is played
    ("Jam Session", [(0, D2)], 6, D),
    ("Jam Session", [(1, D2)], 6, F),
    ("Jam Session", [(0, D1)] * 1 + [(0, D5)], 2, F),              # Dates over, never played
    # foot no cards of a colour
    ("Allergic to Strawberries", [(0, D1), (0, D5)], 6, P),
    ("Allergic to Strawberries", [(0, D2)], 6, F),
    ("Allergic to Strawberries", [(1, D2), (1, D6), (1, "Red 3, Red 2, Teal 1, Teal 2")], 6, D),
    ("Allergic to Strawberries", [(0, D1)], 1, D),                 # the chapter ended clean
    # foot at least N cards of a colour
    ("A Bag of Lollipops", [(0, D5)], 6, D),
    ("A Bag of Lollipops", [(0, D3)], 6, P),
    ("A Bag of Lollipops", [(1, D5), (1, "Pink 6, Teal 1, Teal 2, Teal 3")], 6, F),  # 1 left
    # foot exactly N Dates
    ("Taking Turns", [(0, D1), (0, D2)], 6, P),                    # could still foot more
    ("Taking Turns", [(0, D1), (0, D2), (0, D3)], 6, F),
    ("Taking Turns", [(0, D1), (1, D2), (0, D3), (1, D4), (1, D5), (1, D6)], 6, D),
    ("Taking Turns", [(1, D1), (1, D2), (1, D3), (1, D4), (1, D5)], 6, F),  # one Date left
    # foot the first Date / the last Date
    ("First Impressions", [], 6, P),
    ("First Impressions", [(0, D1)], 6, D),
    ("First Impressions", [(1, D1)], 6, F),
    ("The Last Word", [(0, D1)], 6, P),
    ("The Last Word", [(1, D1), (0, D2)], 2, D),
    ("The Last Word", [(0, D1), (1, D2)], 2, F),
    # foot no Date
    ("Let Me Treat You", [(1, D1), (1, D2)], 6, P),
    ("Let Me Treat You", [(1, D1), (0, D2)], 6, F),
    ("Let Me Treat You", [(1, D1), (1, D2)], 2, D),
    # foot two Dates in a row
    ("On a Roll", [(0, D1), (1, D2), (0, D3)], 6, P),
    ("On a Roll", [(0, D1), (0, D2)], 6, D),
    ("On a Roll", [(0, D1), (1, D2), (1, D3), (1, D4), (1, D5)], 6, F),  # one Date cannot pair
    ("On a Roll", [(1, D1), (1, D2), (1, D3), (1, D4), (0, D5)], 6, P),  # Date 6 would pair
]


@pytest.mark.parametrize(("title", "dates", "total", "expected"), [
    pytest.param(t, d, n, e, id=f"{t}-{i}") for i, (t, d, n, e) in enumerate(CASES)])
def test_gesture_status(title, dates, total, expected):
    g = GESTURES[gesture(title)]
    assert status(g, 0, Record(dates, total)) is expected


def test_every_kind_is_covered_by_the_cases():
    kinds = {GESTURES[gesture(t)].kind for t, *_ in CASES}
    assert kinds == set(Kind)


def test_the_bottom_can_never_win_with_the_top_card():
    g = GESTURES[gesture("Breakfast in Bed")]
    assert status(g, 1, Record([], top=0)) is Status.FAILED
    g = GESTURES[gesture("The Grand Gesture")]
    assert status(g, 1, Record([], top=0)) is Status.FAILED
    assert status(g, 0, Record([(0, "Top, Teal 1, Teal 2, Teal 3")])) is Status.DONE
    assert TOP in cards("Top")


def test_the_deck_has_at_least_36_gestures_of_every_sweetness():
    assert len(GESTURES) >= 36
    assert {g.sweetness for g in GESTURES} == {1, 2, 3, 4, 5}
