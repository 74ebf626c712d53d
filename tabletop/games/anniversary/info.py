"""What is known of Anniversary before its rules load: its id, levels and kind."""

from __future__ import annotations

from typing import Final

from tabletop.engine.protocol import GameInfo, Secrets, TurnStyle
from tabletop.games.anniversary.content import GESTURE_BY_ID

__all__ = ["BOT_LEVELS", "GAME_ID", "INFO", "MAX_HC", "PARTNER_LEVELS", "parse_gesture_list"]

GAME_ID: Final = "anniversary"
BOT_LEVELS: Final = ("random", "easy", "normal", "hard")
#: Partners kept for measuring how a team does beside a player it was not built
#: against, never offered at the table: ``erratic`` (``normal``, a quarter of its moves
#: at random) and ``scripted`` (a plain style of its own: see :mod:`.bot`).
PARTNER_LEVELS: Final = ("erratic", "scripted")
#: The most Healthy Communication cards a partner may hold.
MAX_HC: Final = 999
#: Partners take turns, win or lose together, and never see each other's hand.
INFO: Final = GameInfo(TurnStyle.SEQUENTIAL, cooperative=True, secrets=Secrets.PER_SEAT)


def parse_gesture_list(text: str) -> tuple[int, ...]:
    """Gesture ids from the ``gestures`` option ("" = draw new ones)."""
    if not text:
        return ()
    ids = tuple(int(part) for part in text.split(","))
    if any(i not in GESTURE_BY_ID for i in ids) or len(set(ids)) != len(ids):
        raise ValueError(f"not a list of gestures: {text!r}")
    return ids
