"""Anno: match primary cards to Month cards from your hand or the Community Eight (2–4 players).

The entry below is what the engine needs (its listing on the shelf is in
:mod:`.catalogue`); the rules and bots load when a game is made (keeping the
program's start quick).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.protocol import Bot, Game
from tabletop.engine.registry import GameEntry, OptionSpec, OptionValue
from tabletop.games.anno.info import BOT_LEVELS, DEFAULT_ROUNDS, INFO

__all__ = ["BOT_LEVELS", "DEFAULT_ROUNDS", "ENTRY", "INFO"]


def _make_game(players: int, options: Mapping[str, OptionValue]) -> Game[Any]:
    from tabletop.games.anno.game import AnnoGame

    return AnnoGame(players, int(options.get("rounds", DEFAULT_ROUNDS)))


def _make_bot(level: str) -> Bot:
    from tabletop.games.anno.bot import make_bot

    return make_bot(level)


ENTRY = GameEntry(
    id="anno",
    title="Anno",
    min_players=2,
    max_players=4,
    default_players=3,
    make_game=_make_game,
    make_bot=_make_bot,
    bot_levels=BOT_LEVELS,
    default_bot_level="normal",
    options=(
        OptionSpec("rounds", "Rounds", tuple(range(1, 13)), DEFAULT_ROUNDS,
                   "Twelve by the rules, one per month; fewer play quicker."),
    ),
    info=INFO,
)
