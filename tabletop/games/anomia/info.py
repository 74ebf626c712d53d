"""What is known of Anomia before its rules load: its id, levels and kind."""

from __future__ import annotations

from typing import Final

from tabletop.engine.protocol import GameInfo, Secrets, TurnStyle

__all__ = ["BOT_LEVELS", "DECKS", "GAME_ID", "INFO", "LEARNED", "MY_CATEGORIES", "PACES"]

GAME_ID: Final = "anomia"
BOT_LEVELS: Final = ("easy", "normal", "hard")
#: Everything lies open on the table; face-offs are races.
INFO: Final = GameInfo(TurnStyle.REAL_TIME, cooperative=False, secrets=Secrets.NONE)
#: The decks a game can play with.
DECKS: Final = {"1": (1,), "2": (2,), "both": (1, 2)}
#: The bots' pace: their own level's, or the people's at the table ("match my pace").
PACES: Final = ("level", "yours")
#: The player's own categories, and the answers their table voted in, beside the saves.
MY_CATEGORIES: Final = "anomia/my-categories.txt"
LEARNED: Final = "anomia/learned-answers.txt"
