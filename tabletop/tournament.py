"""A seeded round-robin of bot levels over every game, on all cores.

Competitive games pit every pair of levels heads-up.  Each deal is played twice,
the seats swapped, so both levels meet the same cards from both chairs (the
duplicate format, which halves the luck of the deal).  Cooperative games seat a
team of one level and count its successes.  Every figure comes with a 95 %
confidence interval, so a difference smaller than the noise reads as one.

Built on :func:`tabletop.simulate.play_bot_game`: no window, no pygame, each bot
sees only its own observation; the result does not depend on the number of workers.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tabletop.engine.registry import GameEntry
from tabletop.simulate import GameResult, game_seed, percentile, play_bot_game

__all__ = ["Pairing", "mean_interval", "plan", "tournament", "wilson_interval"]

#: z for a two-sided 95 % interval.
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Pairing:
    """One line of the table: ``levels[0]`` against ``levels[1]`` heads-up, or (one
    level) a cooperative team of it."""

    game: str
    levels: tuple[str, ...]
    players: int
    options: tuple[tuple[str, Any], ...]


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 % and 100 %)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """A normal interval of the mean of ``values`` in [0, 1] (win shares, a tie 0.5),
    clamped to [0, 1]; the Wilson interval where every value is the same."""
    n = len(values)
    if n == 0:
        return (0.0, 1.0)
    mean = sum(values) / n
    if n < 2 or all(v == values[0] for v in values):
        return wilson_interval(mean * n, n, z)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (max(0.0, mean - half), min(1.0, mean + half))


def plan(entries: Sequence[GameEntry], levels: Sequence[str] | None,
         options: Mapping[str, Mapping[str, Any]] | None = None) -> list[Pairing]:
    """Every pairing of the round-robin: each pair of ``levels`` (default: every level
    the game has) in a competitive game, each level's team in a cooperative one."""
    pairings = []
    for entry in entries:
        chosen = [lv for lv in (levels or entry.bot_levels) if lv in entry.bot_levels]
        opts = dict((options or {}).get(entry.id, {}))
        players = max(2, entry.min_players)
        frozen = tuple(sorted(entry.check_options(players, opts).items()))
        if entry.cooperative:
            pairings += [Pairing(entry.id, (lv,), players, frozen) for lv in chosen]
        else:
            # Stronger level first (the order the game lists them), so a line reads
            # "hard vs normal".
            ranked = sorted(chosen, key=entry.bot_levels.index, reverse=True)
            pairings += [Pairing(entry.id, (a, b), players, frozen)
                         for a, b in combinations(ranked, 2)]
    return pairings


def _seats(pairing: Pairing, index: int) -> tuple[str, ...]:
    """The levels by seat in game ``index``: one level's team, or the pair with the
    seats swapped on every odd game (the same deal as the game before)."""
    if len(pairing.levels) == 1:
        return pairing.levels * pairing.players
    a, b = pairing.levels
    first = (a, b) if index % 2 == 0 else (b, a)
    return first + (b,) * (pairing.players - 2)


def _deal(seed: int, index: int, duplicate: bool) -> int:
    return game_seed(seed, index // 2 if duplicate else index)


def _play(task: tuple[Pairing, int, int]) -> tuple[Pairing, int, GameResult]:
    pairing, seed, index = task
    from tabletop.games import REGISTRY

    entry = REGISTRY.get(pairing.game)
    result = play_bot_game(entry, pairing.players, _seats(pairing, index),
                           _deal(seed, index, len(pairing.levels) == 2), dict(pairing.options))
    return pairing, index, result


def tournament(entries: Sequence[GameEntry], games: int, seed: int = 1,
               levels: Sequence[str] | None = None,
               options: Mapping[str, Mapping[str, Any]] | None = None,
               jobs: int | None = None,
               progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games for every pairing of :func:`plan` (rounded up to an even
    number in competitive games, each deal from both seats) and report them."""
    pairings = plan(entries, levels, options)
    tasks = []
    for pairing in pairings:
        count = games + (games % 2 if len(pairing.levels) == 2 else 0)
        tasks += [(pairing, seed, i) for i in range(count)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))
    started = time.perf_counter()
    results: dict[Pairing, list[tuple[int, GameResult]]] = {p: [] for p in pairings}
    done = 0
    if jobs == 1:
        outcomes: Any = map(_play, tasks)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        outcomes = pool.map(_play, tasks, chunksize=1)
    try:
        for pairing, index, result in outcomes:
            results[pairing].append((index, result))
            done += 1
            if progress is not None:
                progress(done, len(tasks))
    finally:
        if pool is not None:
            pool.shutdown()
    rows = [_row(pairing, sorted(results[pairing], key=lambda r: r[0])) for pairing in pairings]
    return {"seed": seed, "games": games, "rows": rows,
            "seconds": round(time.perf_counter() - started, 2)}


def _row(pairing: Pairing, played: Sequence[tuple[int, GameResult]]) -> dict[str, Any]:
    row: dict[str, Any] = {"game": pairing.game, "levels": list(pairing.levels),
                           "players": pairing.players, "options": dict(pairing.options),
                           "games": len(played)}
    times: dict[str, list[float]] = {}
    for index, result in played:
        for seat, level in enumerate(_seats(pairing, index)):
            times.setdefault(level, []).extend(result.decision_ms[seat])
    row["decision_ms"] = {level: {"p50": round(percentile(ms, 50), 2),
                                  "p95": round(percentile(ms, 95), 2)}
                          for level, ms in times.items()}
    if len(pairing.levels) == 1:
        wins = sum(1 for _, r in played if r.shares[0] > 0)
        low, high = wilson_interval(wins, len(played))
        row.update(success=round(wins / max(1, len(played)), 4), low=round(low, 4),
                   high=round(high, 4))
        return row
    shares = []  # the first level's share of each game
    for index, result in played:
        seat = 0 if index % 2 == 0 else 1
        shares.append(result.shares[seat])
    low, high = mean_interval(shares)
    row.update(share=round(sum(shares) / max(1, len(shares)), 4), low=round(low, 4),
               high=round(high, 4))
    return row


def format_table(report: Mapping[str, Any], titles: Mapping[str, str]) -> list[str]:
    """The report as lines of text, one per pairing."""
    lines = [f"Tournament: seed {report['seed']}, {report['games']} games per line, "
             f"{report['seconds']:.0f} s"]
    for row in report["rows"]:
        title = titles.get(row["game"], row["game"])
        if len(row["levels"]) == 1:
            what = f"{row['levels'][0]} team"
            figure = row["success"]
            word = "success"
        else:
            what = f"{row['levels'][0]} vs {row['levels'][1]}"
            figure = row["share"]
            word = "win share"
        p95 = "  ".join(f"{lv} p95 {ms['p95']:.0f} ms" for lv, ms in row["decision_ms"].items())
        lines.append(f"  {title:<14} {what:<17} {word:>9} {figure:6.1%}  "
                     f"95% CI [{row['low']:6.1%}, {row['high']:6.1%}]  n={row['games']:<5} "
                     f"{p95}")
    return lines
