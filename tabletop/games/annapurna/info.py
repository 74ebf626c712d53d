"""What is known of Annapurna before its rules load: its id, levels and kind."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from tabletop.engine.protocol import GameInfo, Secrets, TurnStyle

__all__ = ["BOT_LEVELS", "GAME_ID", "INFO", "LEVELS", "LEVEL_LABELS", "LEVEL_NAMES", "PARTNER_LEVELS",
           "PRIVATE_INFO"]

GAME_ID: Final = "annapurna"
BOT_LEVELS: Final = ("random", "easy", "normal", "hard")
#: Partners kept for measuring how a team does beside a player it was not built
#: against, never offered at the table: ``erratic`` (``normal``, a quarter of its moves
#: at random) and ``scripted`` (a plain style of its own: see :mod:`.bot`).
PARTNER_LEVELS: Final = ("erratic", "scripted")
LEVELS: Final = ("easy", "trace", "still")
LEVEL_LABELS: Final = ("Easy Trail", "Leave No Trace Behind", "Still Too Easy")
LEVEL_NAMES: Final = dict(zip(LEVELS, LEVEL_LABELS))
#: Climbers take turns and win or lose together.  The deal is hidden from everyone
#: alike; on Still Too Easy backpacks are private too (the game says so itself).
INFO: Final = GameInfo(TurnStyle.SEQUENTIAL, cooperative=True, secrets=Secrets.SHARED)
#: On Still Too Easy each backpack is private: humans at one screen need the curtain.
PRIVATE_INFO: Final = replace(INFO, secrets=Secrets.PER_SEAT)
