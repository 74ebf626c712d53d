"""Anniversary: two partners, one storybook, and no talking (cooperative, 2 players).

One game is one attempt at a chapter; the campaign (unlocked chapters, Healthy
Communication cards, attempts) lives in :mod:`tabletop.games.anniversary.campaign`.
The entry below is what the engine needs; its listing on the shelf is in
:mod:`.catalogue`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.protocol import Bot, Game
from tabletop.engine.registry import GameEntry, OptionSpec, OptionValue
from tabletop.games.anniversary.content import CHAPTERS
from tabletop.games.anniversary.info import (
    BOT_LEVELS, INFO, MAX_HC, PARTNER_LEVELS, parse_gesture_list,
)

__all__ = ["BOT_LEVELS", "ENTRY", "INFO", "parse_gesture_list"]



def _gesture_list_ok(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 200:
        return False
    try:
        parse_gesture_list(value)
    except ValueError:
        return False
    return True


def _hc_ok(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_HC


def _make_game(players: int, options: Mapping[str, OptionValue]) -> Game[Any]:
    from tabletop.games.anniversary.game import make_game

    return make_game(options)


def _make_bot(level: str) -> Bot:
    from tabletop.games.anniversary.bot import make_bot

    return make_bot(level)


ENTRY = GameEntry(
    id="anniversary",
    title="Anniversary",
    min_players=2,
    max_players=2,
    default_players=2,
    make_game=_make_game,
    make_bot=_make_bot,
    bot_levels=BOT_LEVELS,
    partner_levels=PARTNER_LEVELS,
    default_bot_level="hard",
    info=INFO,
    options=(
        OptionSpec("bounty", "Bounty", (True, False), True,
                   "Draw a bounty gesture that earns Healthy Communication.",
                   labels=("Yes", "No")),
        OptionSpec("chapter", "Chapter", tuple(c.number for c in CHAPTERS), 1, hidden=True),
        OptionSpec("hc0", "Healthy Communication (seat 1)", (0, 5), 0, hidden=True,
                   accepts=_hc_ok),
        OptionSpec("hc1", "Healthy Communication (seat 2)", (0, 5), 0, hidden=True,
                   accepts=_hc_ok),
        OptionSpec("gestures", "Gestures kept from the last attempt", ("",), "", hidden=True,
                   accepts=_gesture_list_ok),
    ),
)
