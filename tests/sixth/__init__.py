"""Pigpile, a toy sixth game: its engine entry (its listing on the shelf: ``catalogue``)."""

from tabletop.engine.registry import GameEntry
from tests.sixth.pigpile import PigGame, make_bot

ENTRY = GameEntry("pigpile", "Pigpile", min_players=2, max_players=4, default_players=3,
                  make_game=lambda players, options: PigGame(players), make_bot=make_bot,
                  bot_levels=("random", "easy"), default_bot_level="easy")
