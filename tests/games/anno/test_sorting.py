"""“Sort the year”: every card finds a month, wrong places are explained."""

from __future__ import annotations

from tabletop.games.anno.cards import MONTH_TABLE, Kind
from tabletop.games.anno.sorting import SortTheYear, zodiac_gap


def test_capricorn_sits_between_december_and_january():
    capricorn = 9
    assert zodiac_gap(capricorn) == 0
    assert all(zodiac_gap(z) in (m.index for m in MONTH_TABLE if z in m.zodiacs)
               for z in range(12))


def test_placing_every_card_at_its_first_free_month_fills_the_year():
    game = SortTheYear(seed=3)
    assert len(game.pile) == 49
    while not game.done:
        card = game.current
        free = [m for m in game.months_for(card) if game.check(card, m) is None]
        assert free, f"{card} has nowhere to go"
        assert game.place(free[0]) is None
    assert game.placed == 49 and game.mistakes == 0
    for m in MONTH_TABLE:
        kinds = sorted(c.kind for c in game.rows[m.index])
        expected = [Kind.QUARTER, Kind.DAYS, Kind.SEASON]
        if m.index == 1:
            expected.insert(1, Kind.DAYS)
        assert kinds == expected, m.name
        assert all(c.value == m.quarter for c in game.rows[m.index] if c.kind is Kind.QUARTER)
    assert len(game.gaps) == 12


def test_wrong_places_are_explained_and_counted():
    game = SortTheYear(seed=1)
    game.pile = [c for c in game.pile if c.kind is Kind.QUARTER and c.value == 2][:1]
    assert game.place(2) == "Quarter II is April, May and June; March is in quarter I."
    assert game.mistakes == 1 and not game.done
    assert game.place(4) is None and game.done


def test_a_full_month_says_where_the_card_can_still_go():
    game = SortTheYear(seed=1)
    seasons = [c for c in game.pile if c.kind is Kind.SEASON and c.value == 1]  # Spring
    game.pile = seasons[:2]
    assert game.place(2) is None
    assert game.place(2) == "March already has its Season card: try April and May."
