"""Enemy Anemone: trick-taking where you must not follow suit (2–6 players).

The entry below is all the shell needs to list the game; the rules, bots and
table load when a game is made (keeping the program's start quick).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.presenter import Deferred
from tabletop.engine.protocol import Bot, Game
from tabletop.engine.registry import GameEntry, OptionSpec, OptionValue
from tabletop.games.enemy_anemone.info import BOT_LEVELS, DEFAULT_HANDS, INFO
from tabletop.games.enemy_anemone.rules_text import RULES

__all__ = ["BOT_LEVELS", "DEFAULT_HANDS", "ENTRY", "INFO"]


def _make_game(players: int, options: Mapping[str, OptionValue]) -> Game[Any]:
    from tabletop.games.enemy_anemone.game import EnemyAnemoneGame

    return EnemyAnemoneGame(players, int(options.get("hands", DEFAULT_HANDS)))


def _make_bot(level: str) -> Bot:
    from tabletop.games.enemy_anemone.bot import make_bot

    return make_bot(level)


def _load_table() -> type:
    from tabletop.games.enemy_anemone.table.spec import EnemyAnemoneTableSpec

    return EnemyAnemoneTableSpec


ENTRY = GameEntry(
    id="enemy-anemone",
    title="Enemy Anemone",
    tagline="Trick-taking where you must never follow suit.",
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
    presenter=Deferred("tabletop.games.enemy_anemone.presenter", "EnemyAnemonePresenter"),
    load_table=_load_table,
    rules_text=RULES,
    summary=("Every card you add to a trick must be a creature that is not there yet. "
             "The highest card takes the trick; the lowest earns an anemone that lifts a later "
             "card. Four hands, and the most points wins."),
    duration="20–30 minutes",
)
