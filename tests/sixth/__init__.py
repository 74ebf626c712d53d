"""Pigpile, a toy sixth game: its catalogue entry (the last step of the checklist)."""

from __future__ import annotations

from tabletop.engine.registry import GameEntry
from tests.sixth.pigpile import PigGame, make_bot


def _load_table() -> type:
    from tests.sixth.table import PigpileTableSpec

    return PigpileTableSpec


ENTRY = GameEntry(
    id="pigpile", title="Pigpile", tagline="Play higher, or take the pile.", min_players=2,
    max_players=4, default_players=3, make_game=lambda players, options: PigGame(players),
    make_bot=make_bot, bot_levels=("random", "easy"), default_bot_level="easy",
    load_table=_load_table, rules_text="# Pigpile\nPlay higher than the pile, or take it.",
    summary="Play a higher card on the pile, or take the pile: the fewest taken wins.")
