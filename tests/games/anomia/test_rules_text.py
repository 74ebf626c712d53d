"""Anomia's rules page covers every rule the game enforces, and the options."""

from __future__ import annotations

from tabletop.games.anomia.cards import Symbol
from tabletop.games.anomia.rules import FACEOFF_MS, TIE_MS
from tabletop.games.anomia.rules_text import RULES


def test_the_page_names_the_symbols_and_every_rule():
    for symbol in Symbol:
        assert symbol.name.lower() in RULES
    for words in ("draw piles", "play pile", "winning pile", "cascade", "wild card",
                  f"{TIE_MS} milliseconds", f"{FACEOFF_MS // 1000} seconds", "No repeats",
                  "Younger players", "buzzer", "vote", "two play piles"):
        assert words in RULES, words


def test_headings_are_not_empty():
    headings = [line[1:].strip() for line in RULES.splitlines() if line.startswith("#")]
    assert len(headings) >= 10 and all(headings)
