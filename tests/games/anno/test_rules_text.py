"""Anno's rules page covers the month table, the weather and the table's controls."""

from __future__ import annotations

from tabletop.games.anno.cards import MONTH_NAMES, WEATHER_NAMES, ZODIAC_NAMES
from tabletop.games.anno.rules_text import RULES


def test_the_page_names_every_month_weather_and_zodiac():
    for name in (*MONTH_NAMES, *WEATHER_NAMES, *ZODIAC_NAMES):
        assert name in RULES, name
    for words in ("Community Eight", "Blue Moon", "Cusp", "never exactly 2", "Sort the year"):
        assert words in RULES


def test_headings_are_not_empty():
    headings = [line[1:].strip() for line in RULES.splitlines() if line.startswith("#")]
    assert len(headings) >= 8 and all(headings)
