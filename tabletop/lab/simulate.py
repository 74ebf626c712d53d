"""Engine-only matches between bot levels, for measuring strength and speed.

No window and no pygame: each game is played through the protocol, each bot sees
only its own observation, and every decision is timed.  Games are spread over
worker processes; the result is the same whatever the number of workers.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tabletop.engine.protocol import NATURE, Action, Bot, GameState, TurnStyle, settle, stamp
from tabletop.engine.registry import GameEntry
from tabletop.engine.rng import Rng, game_seed

__all__ = ["GameResult", "play_bot_game", "simulate", "percentile"]


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    shares: tuple[float, ...]
    scores: tuple[int, ...]
    decision_ms: tuple[tuple[float, ...], ...]
    moves: int
    #: Real-time games: how long after a race began each seat's applied action came
    #: (game clock, ms), e.g. a face-off answer.
    reaction_ms: tuple[tuple[int, ...], ...] = ()


def play_bot_game(entry: GameEntry, players: int, levels: Sequence[str], seed: int,
                  options: dict[str, Any] | None = None, max_moves: int = 100_000,
                  clock: Callable[[], float] | None = None) -> GameResult:
    """Play one full game between bots; each decision sees only the bot's observation.

    ``clock``, if given, is the clock the search bots' time budgets run on instead of
    the wall clock (a counting clock plays the same game on any machine).
    """
    game = entry.new_game(players, options or {})
    state = game.new_state(seed)
    bots = [entry.make_bot(level) for level in levels]
    if clock is not None:
        for bot in bots:
            if hasattr(bot, "clock"):  # the search bots, and any bot with a time budget
                bot.clock = clock
    rngs = [Rng(seed ^ (0x5EED << seat) ^ (seat + 1)) for seat in range(players)]
    times: list[list[float]] = [[] for _ in range(players)]
    moves = 0
    reactions: list[list[int]] = [[] for _ in range(players)]
    planned: set[tuple[int, Any]] = set()
    real_time = game.info.turns is TurnStyle.REAL_TIME
    while not state.is_over:
        if moves >= max_moves:
            raise RuntimeError(f"game with seed {seed} did not end within {max_moves} moves")
        if settle(state):
            continue
        if real_time:
            _race_step(state, bots, rngs, times, reactions, planned)
            moves += 1
            continue
        seat = state.current_player
        legal = state.legal_actions(seat)
        observation = state.observation(seat)
        started = time.perf_counter()
        action = bots[seat].choose(observation, legal, rngs[seat])
        times[seat].append((time.perf_counter() - started) * 1000.0)
        state.apply(action, seat)
        moves += 1
    return GameResult(seed, tuple(state.outcome()), tuple(state.scores()),
                      tuple(tuple(t) for t in times), moves,
                      tuple(tuple(r) for r in reactions) if real_time else ())


def _race_step(state: GameState, bots: Sequence[Bot], rngs: Sequence[Rng],
               times: list[list[float]], reactions: list[list[int]],
               planned: set[tuple[int, Any]]) -> None:
    """One step of a real-time game, as its table driver takes it: every seat that may
    act plans an action stamped with its moment; the earliest is applied, unless a
    timeout falls due first (ties go to the lower seat).  Each seat's first plan in a
    race (``race`` and ``race_began`` of its observation) is its reaction time, unless
    it would come after the timeout (a blank)."""
    due = state.deadline()
    plans: list[tuple[int, int, Action]] = []
    for seat in sorted(state.acting_seats()):
        legal = state.legal_actions(seat)
        observation = state.observation(seat)
        started = time.perf_counter()
        action = bots[seat].choose(observation, legal, rngs[seat])
        times[seat].append((time.perf_counter() - started) * 1000.0)
        at = max(getattr(action, "at", 0), getattr(observation, "now", 0))
        plans.append((at, seat, stamp(action, at)))
        race = getattr(observation, "race", None)
        if race is not None and (seat, race) not in planned:
            planned.add((seat, race))
            if due is None or at <= due.at:
                reactions[seat].append(at - observation.race_began)  # type: ignore[attr-defined]
    plans.sort(key=lambda plan: (plan[0], plan[1]))
    if due is not None and (not plans or due.at < plans[0][0]):
        state.apply(due.action, NATURE)
        return
    if not plans:
        raise RuntimeError("nobody may act and no timeout is due")
    state.apply(plans[0][2], plans[0][1])


def _play_indexed(args: tuple[str, int, tuple[str, ...], int, dict[str, Any]]) -> GameResult:
    game_id, players, levels, seed, options = args
    from tabletop.games import REGISTRY

    return play_bot_game(REGISTRY.get(game_id), players, levels, seed, options)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0–100) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    position = (len(ordered) - 1) * q / 100.0
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def simulate(entry: GameEntry, players: int, games: int, levels: Sequence[str], seed: int,
             options: dict[str, Any] | None = None, jobs: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` bot games and summarise win shares and decision times per seat."""
    if len(levels) != players:
        raise ValueError(f"give one bot level per seat: {players} seats, {len(levels)} levels")
    for level in levels:
        try:  # the table's levels, and any a game keeps for measuring (Anomia's "person")
            entry.make_bot(level)
        except ValueError:
            raise ValueError(f"{entry.title} has no bot level {level!r} (choose from "
                             f"{', '.join(entry.bot_levels + entry.partner_levels)})") from None
    options = entry.check_options(players, options or {})
    jobs = max(1, min(jobs or os.cpu_count() or 1, games))
    tasks = [(entry.id, players, tuple(levels), game_seed(seed, i), options)
             for i in range(games)]
    started = time.perf_counter()
    results: list[GameResult] = []
    if jobs == 1:
        for task in tasks:
            results.append(_play_indexed(task))
            if progress is not None:
                progress(len(results), games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(_play_indexed, tasks, chunksize=1):
                results.append(result)
                if progress is not None:
                    progress(len(results), games)
    elapsed = time.perf_counter() - started
    return summarise(entry.id, players, levels, seed, results, elapsed, entry.cooperative)


def summarise(game_id: str, players: int, levels: Sequence[str], seed: int,
              results: Sequence[GameResult], elapsed: float,
              cooperative: bool = False) -> dict[str, Any]:
    shares = [sum(r.shares[s] for r in results) / max(len(results), 1) for s in range(players)]
    decisions = []
    for seat in range(players):
        ms = [t for r in results for t in r.decision_ms[seat]]
        decisions.append({
            "p50": round(percentile(ms, 50), 3),
            "p95": round(percentile(ms, 95), 3),
            "max": round(max(ms, default=0.0), 3),
            "count": len(ms),
        })
    reactions = []
    if any(r.reaction_ms for r in results):
        for seat in range(players):
            ms_ = [float(t) for r in results for t in r.reaction_ms[seat]]
            reactions.append({"p25": round(percentile(ms_, 25)), "p50": round(percentile(ms_, 50)),
                              "p75": round(percentile(ms_, 75)), "p90": round(percentile(ms_, 90)),
                              "count": len(ms_)})
    return {
        "game": game_id,
        "players": players,
        "games": len(results),
        "seats": list(levels),
        "seed": seed,
        "win_share": [round(s, 4) for s in shares],
        "decision_ms": decisions,
        **({"success_rate": round(shares[0], 4)} if cooperative else {}),
        "mean_score": [round(statistics.fmean(r.scores[s] for r in results), 2)
                       if results else 0.0 for s in range(players)],
        # Each seat's share of all points scored (Anomia: of the face-offs won).
        "score_share": [round(sum(r.scores[s] for r in results)
                              / max(1, sum(sum(r.scores) for r in results)), 4)
                        for s in range(players)],
        **({"reaction_ms": reactions} if reactions else {}),
        "seconds": round(elapsed, 2),
    }
