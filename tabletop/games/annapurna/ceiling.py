"""The all-seeing team: what climbers who knew every card would win.

Each climber scores its steps as the ``hard`` climber does, but on the true
mountains instead of guesses, so its success rate over the same deals bounds what
honest climbers can hope for.  Used by ``tabletop simulate annapurna --ceiling``;
never offered as an opponent.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tabletop.engine.protocol import settle
from tabletop.engine.registry import GameEntry
from tabletop.engine.rng import game_seed

__all__ = ["ceiling", "seeing_ascent"]


def seeing_ascent(task: tuple[int, dict[str, Any], int]) -> bool:
    """Play the ascent of ``seed`` with every climber seeing every card; won or not."""
    from tabletop.games.annapurna.bot import decide
    from tabletop.games.annapurna.rules import AnnapurnaState
    from tabletop.games.annapurna.game import AnnapurnaGame

    players, options, seed = task
    state = AnnapurnaGame(players, str(options.get("level", "easy"))).new_state(seed)
    while not state.is_over:
        if settle(state):
            continue
        assert isinstance(state, AnnapurnaState)
        seat = state.current_player
        legal = list(state.legal_actions(seat))
        action = legal[0] if len(legal) == 1 else decide([state.clone()], seat, legal,
                                                         lookahead=True)
        state.apply(action, seat)
    return bool(state.outcome()[0])


def ceiling(entry: GameEntry, players: int, options: dict[str, Any], games: int, seed: int,
            jobs: int | None = None) -> dict[str, Any]:
    """The all-seeing team's success rate over the same ``games`` deals."""
    options = entry.check_options(players, options)
    tasks = [(players, options, game_seed(seed, i)) for i in range(games)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, games))
    if jobs == 1:
        won = [seeing_ascent(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            won = list(pool.map(seeing_ascent, tasks, chunksize=4))
    return {"ceiling": round(sum(won) / games, 4)}
