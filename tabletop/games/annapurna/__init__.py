"""Annapurna: climb your mountainsides together, balancing yin and yang (2–4 climbers).

The entry below is what the engine needs (its listing on the shelf is in
:mod:`.catalogue`); the rules and bots load when a game is made (keeping the
program's start quick).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.protocol import Bot, Game
from tabletop.engine.registry import GameEntry, OptionSpec, OptionValue
from tabletop.games.annapurna.info import (
    BOT_LEVELS, INFO, LEVEL_LABELS, LEVELS, PARTNER_LEVELS,
)

__all__ = ["BOT_LEVELS", "ENTRY", "INFO", "LEVELS"]


def _make_game(players: int, options: Mapping[str, OptionValue]) -> Game[Any]:
    from tabletop.games.annapurna.game import AnnapurnaGame

    return AnnapurnaGame(players, str(options.get("level", "easy")))


def _make_bot(level: str) -> Bot:
    from tabletop.games.annapurna.bot import make_bot

    return make_bot(level)


ENTRY = GameEntry(
    id="annapurna",
    title="Annapurna",
    min_players=2,
    max_players=4,
    default_players=2,
    make_game=_make_game,
    make_bot=_make_bot,
    bot_levels=BOT_LEVELS,
    partner_levels=PARTNER_LEVELS,
    default_bot_level="normal",
    options=(
        OptionSpec("level", "Level", LEVELS, "easy",
                   "Leave No Trace Behind: balanced at every peak. Still Too Easy: "
                   "backpacks are private too.", labels=LEVEL_LABELS),
    ),
    info=INFO,
)
