"""The ceiling of a chapter: the share of deals the all-cards-visible solver proves
winnable (drafting included), for ``tabletop simulate anniversary --ceiling``.

The deals are the very ones ``simulate`` plays (same seeds), so a success rate and
its ceiling compare like with like.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tabletop.engine.registry import GameEntry
from tabletop.engine.rng import game_seed
from tabletop.games.anniversary.game import make_game
from tabletop.games.anniversary.solver import solve

__all__ = ["ceiling", "verdict_for_seed"]

NODES = 150_000
SECONDS = 3.0


def verdict_for_seed(args: tuple[dict[str, Any], int]) -> bool | None:
    options, seed = args
    return solve(make_game(options).start(seed), NODES, SECONDS)


def ceiling(entry: GameEntry, options: dict[str, Any], games: int, seed: int,
            jobs: int | None = None) -> dict[str, Any]:
    """``ceiling`` (proven winnable) and ``undecided`` shares over ``games`` deals."""
    options = entry.check_options(2, options)
    tasks = [(options, game_seed(seed, i)) for i in range(games)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, games))
    if jobs == 1:
        verdicts = [verdict_for_seed(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            verdicts = list(pool.map(verdict_for_seed, tasks, chunksize=4))
    won = sum(1 for v in verdicts if v is True)
    unknown = sum(1 for v in verdicts if v is None)
    return {
        "ceiling": round(won / games, 4),
        "undecided": round(unknown / games, 4),
        "solver_budget": {"nodes": NODES, "seconds": SECONDS},
    }
