"""The written content: sweetness measures difficulty, the storybook rises in sweetness."""

from __future__ import annotations

from collections import defaultdict

from tabletop.games.anniversary import ENTRY
from tabletop.games.anniversary.content import CHAPTERS, GESTURES
from tabletop.simulate import play_bot_game

DEALS = 40


def test_sweeter_gestures_are_harder_to_perform():
    """Each gesture alone, two easy partners, the same deals: mean success falls with
    every candy."""
    rates: dict[int, list[float]] = defaultdict(list)
    for g in GESTURES:
        wins = sum(play_bot_game(ENTRY, 2, ("easy", "easy"), 7000 + i,
                                 {"gestures": str(g.id), "bounty": False}).shares[0] > 0
                   for i in range(DEALS))
        rates[g.sweetness].append(wins / DEALS)
    means = [sum(rates[s]) / len(rates[s]) for s in sorted(rates)]
    assert sorted(rates) == [1, 2, 3, 4, 5]
    assert all(a > b for a, b in zip(means, means[1:])), means


def test_the_storybook_rises_in_sweetness_and_has_special_rules():
    assert len(CHAPTERS) >= 12
    sweetness = [c.sweetness for c in CHAPTERS]
    assert sweetness[0] == 1 and sweetness == sorted(sweetness)
    assert sum(1 for c in CHAPTERS if c.special_rules) >= 4
    assert all(len(c.story) > 80 for c in CHAPTERS)
