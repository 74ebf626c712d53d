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


def test_the_page_says_a_declaration_is_final_the_exchange_first_and_what_staging_takes():
    for words in ("Choosing the month is final",
                  "you cannot switch to another month this turn",
                  "the Blue Moon exchange is over too, because it only ever comes first",
                  "you give up matching for this turn",
                  "a Weather card can be added once the Season card it brings",
                  "a second card only if a third can still join them",
                  "Whatever lies on the month can always be completed and confirmed"):
        assert words in RULES, words
