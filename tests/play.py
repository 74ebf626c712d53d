"""Finished matches for tests, played at random (each seat that may act, in turn), and
what a seat saw of a game played by bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import Observation, settle
from tabletop.engine.registry import GameEntry
from tabletop.engine.rng import Rng


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


def seen_by(entry: GameEntry, levels: Sequence[str], seed: int, options: dict[str, Any],
            seat: int = 0) -> list[Observation]:
    """``seat``'s observation at each of its turns in a game of ``entry`` played by bots of
    ``levels`` (seat ``s`` draws from ``Rng(seed * 2 + 1 + s)``)."""
    state = entry.new_game(len(levels), options).new_state(seed)
    bots = [entry.make_bot(level) for level in levels]
    rngs = [Rng(seed * 2 + 1 + s) for s in range(len(levels))]
    seen = []
    while not state.is_over:
        if settle(state):
            continue
        mover = state.current_player
        observation = state.observation(mover)
        if mover == seat:
            seen.append(observation)
        state.apply(bots[mover].choose(observation, state.legal_actions(mover), rngs[mover]),
                    mover)
    return seen
