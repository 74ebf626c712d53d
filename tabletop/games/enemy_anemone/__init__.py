"""Enemy Anemone: trick-taking where you must not follow suit (2–6 players).

The entry below is what the engine needs (its listing on the shelf is in
:mod:`.catalogue`); the rules and bots load when a game is made (keeping the
program's start quick).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.protocol import Bot, Game
from tabletop.engine.registry import GameEntry, OptionSpec, OptionValue
from tabletop.games.enemy_anemone.info import BOT_LEVELS, DEFAULT_HANDS, INFO

__all__ = ["BOT_LEVELS", "DEFAULT_HANDS", "ENTRY", "INFO"]


def _make_game(players: int, options: Mapping[str, OptionValue]) -> Game[Any]:
    from tabletop.games.enemy_anemone.game import EnemyAnemoneGame

    return EnemyAnemoneGame(players, int(options.get("hands", DEFAULT_HANDS)))


def _make_bot(level: str) -> Bot:
    from tabletop.games.enemy_anemone.bot import make_bot

    return make_bot(level)


ENTRY = GameEntry(
    id="enemy-anemone",
    title="Enemy Anemone",
    min_players=2,
    max_players=6,
    default_players=4,
    make_game=_make_game,
    make_bot=_make_bot,
    bot_levels=BOT_LEVELS,
    default_bot_level="normal",
    options=(
        OptionSpec("hands", "Hands", (1, 2, 3, 4), DEFAULT_HANDS,
                   "The rules play four hands; fewer make a quicker game."),
    ),
    info=INFO,
)
