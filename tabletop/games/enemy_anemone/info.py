"""What is known of Enemy Anemone before its rules load: its id, defaults and kind."""

from __future__ import annotations

from typing import Final

from tabletop.engine.protocol import GameInfo, Secrets, TurnStyle

__all__ = ["BOT_LEVELS", "DEFAULT_HANDS", "GAME_ID", "INFO"]

GAME_ID: Final = "enemy-anemone"
BOT_LEVELS: Final = ("random", "easy", "normal", "hard")
DEFAULT_HANDS: Final = 4
#: Turns go round the table; each hand is private.
INFO: Final = GameInfo(TurnStyle.SEQUENTIAL, cooperative=False, secrets=Secrets.PER_SEAT)
