"""What is known of Anno before its rules load: its id, defaults and kind."""

from __future__ import annotations

from typing import Final

from tabletop.engine.protocol import GameInfo, Secrets, TurnStyle

__all__ = ["BOT_LEVELS", "DEFAULT_ROUNDS", "GAME_ID", "INFO"]

GAME_ID: Final = "anno"
BOT_LEVELS: Final = ("random", "easy", "normal", "hard")
DEFAULT_ROUNDS: Final = 12
#: Turns go round the table; hands, burned cards and the deck are hidden.
INFO: Final = GameInfo(TurnStyle.SEQUENTIAL, cooperative=False, secrets=Secrets.PER_SEAT)
