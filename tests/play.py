"""Finished matches for tests, played at random (each seat that may act, in turn)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.registry import GameEntry


def solo(players: int, level: str = "easy") -> list[Seat]:
    """Ada at the screen, and bots."""
    return [Seat("Ada", SeatKind.HUMAN)] + [Seat(f"Bot {i}", SeatKind.BOT, level)
                                            for i in range(1, players)]


def solo_for(entry: GameEntry, players: int) -> list[Seat]:
    """Ada at the screen, and ``normal`` bots (the game's default level if it has none)."""
    level = "normal" if "normal" in entry.bot_levels else entry.default_bot_level
    return solo(players, level)


def finished(entry: GameEntry, seats: Sequence[Seat], seed: int = 3, **options: Any) -> Match:
    """A match of ``entry`` played to its end with random legal moves."""
    match = Match(entry, seats, seed, options)
    rng = random.Random(seed)
    while not match.is_over:
        match.settle()
        if match.is_over:
            break
        seat = rng.choice(sorted(match.state.acting_seats()))
        match.apply(rng.choice(match.state.generate_legal(seat)), seat)
    return match
