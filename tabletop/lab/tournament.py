"""A seeded round-robin of bot levels over every game, on all cores.

Competitive games pit every pair of levels heads-up.  Each deal is played twice,
the seats swapped, so both levels meet the same cards from both chairs (the
duplicate format, which halves the luck of the deal).  Cooperative games seat a
team of one level and count its successes.  Every figure comes with a 95 %
confidence interval, so a difference smaller than the noise reads as one.

Cross-play (``partners``): in a cooperative game each level also plays beside each
partner named, one partner in a team of that level (the partner takes each chair in
turn), on the same deals whatever the level.  Two levels beside the same partner are
then compared deal by deal, with a paired interval (:func:`paired_interval`): what a
level is worth to a team that is not all its twins.

Built on :func:`tabletop.lab.simulate.play_bot_game`: no window, no pygame, each bot
sees only its own observation; the result does not depend on the number of workers.

A long tournament (whole twelve-round Anno games take about forty seconds each) can
keep a record: every finished game is appended to a file as one JSON line, and a run
with the same record skips the games already in it, so a stopped tournament resumes.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, TextIO

from tabletop.engine.registry import GameEntry
from tabletop.engine.rng import game_seed
from tabletop.lab.simulate import GameResult, percentile, play_bot_game

__all__ = ["Pairing", "mean_interval", "paired_interval", "plan", "read_record", "tournament",
           "wilson_interval"]

#: z for a two-sided 95 % interval.
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Pairing:
    """One line of the table: ``levels[0]`` against ``levels[1]`` heads-up, or (one
    level) a cooperative team of it, with one ``partner`` of another level in it if
    that is given."""

    game: str
    levels: tuple[str, ...]
    players: int
    options: tuple[tuple[str, Any], ...]
    partner: str = ""


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


def paired_interval(first: Sequence[bool], second: Sequence[bool], z: float = Z95,
                    ) -> tuple[float, float, float]:
    """The difference of two success rates measured on the same deals (``first[i]`` and
    ``second[i]`` on deal ``i``), with its interval: ``(difference, low, high)``.

    Agresti and Min's interval for paired proportions: only the deals where the two
    differ carry information, and half a deal is added to each cell of the 2×2 table,
    which keeps the interval honest when few deals differ."""
    if len(first) != len(second):
        raise ValueError("paired results need the same deals")
    n = len(first)
    gained = sum(1 for a, b in zip(first, second) if a and not b)
    lost = sum(1 for a, b in zip(first, second) if b and not a)
    difference = (gained - lost) / n if n else 0.0
    up, down, m = gained + 0.5, lost + 0.5, n + 2
    centre = (up - down) / m
    half = z * math.sqrt(max(0.0, ((up + down) / m - centre * centre) / m))
    return difference, max(-1.0, centre - half), min(1.0, centre + half)


def plan(entries: Sequence[GameEntry], levels: Sequence[str] | None,
         options: Mapping[str, Mapping[str, Any]] | None = None,
         partners: Sequence[str] | None = None, players: int | None = None) -> list[Pairing]:
    """Every pairing of the round-robin: each pair of ``levels`` (default: every level
    the game has) in a competitive game, each level's team in a cooperative one, and
    with ``partners`` each level beside each partner the game has (its own levels and
    its measuring partners, :attr:`GameEntry.partner_levels`).  ``players``: that many
    seats where the game allows it (default: as few as it allows, two at least)."""
    pairings = []
    for entry in entries:
        chosen = [lv for lv in (levels or entry.bot_levels) if lv in entry.bot_levels]
        opts = dict((options or {}).get(entry.id, {}))
        seats = max(2, entry.min_players)
        if players is not None and entry.min_players <= players <= entry.max_players:
            seats = players
        frozen = tuple(sorted(entry.check_options(seats, opts).items()))
        known = entry.bot_levels + entry.partner_levels
        if entry.cooperative and partners:
            pairings += [Pairing(entry.id, (lv,), seats, frozen, "" if x == lv else x)
                         for x in partners if x in known for lv in chosen]
        elif entry.cooperative:
            pairings += [Pairing(entry.id, (lv,), seats, frozen) for lv in chosen]
        else:
            # Stronger level first (the order the game lists them), so a line reads
            # "hard vs normal".
            ranked = sorted(chosen, key=entry.bot_levels.index, reverse=True)
            pairings += [Pairing(entry.id, (a, b), seats, frozen)
                         for a, b in combinations(ranked, 2)]
    return pairings


def _seats(pairing: Pairing, index: int) -> tuple[str, ...]:
    """The levels by seat in game ``index``: one level's team (its partner, if it has
    one, in chair ``index`` modulo the seats), or the pair with the seats swapped on
    every odd game (the same deal as the game before)."""
    if len(pairing.levels) == 1:
        team = list(pairing.levels * pairing.players)
        if pairing.partner:
            team[index % pairing.players] = pairing.partner
        return tuple(team)
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
               progress: Callable[[int, int], None] | None = None,
               record: Path | None = None, partners: Sequence[str] | None = None,
               players: int | None = None) -> dict[str, Any]:
    """Play ``games`` games for every pairing of :func:`plan` (rounded up to an even
    number in competitive games, each deal from both seats) and report them; with
    ``partners``, the report's ``paired`` lines compare the levels beside each partner
    on the same deals.

    ``record``: a file that every finished game is appended to; the games it already
    holds (of this seed and these pairings) are not played again but reported."""
    pairings = plan(entries, levels, options, partners, players)
    results: dict[Pairing, list[tuple[int, GameResult]]] = {p: [] for p in pairings}
    if record is not None:
        for pairing, index, result in read_record(record, seed, pairings):
            results[pairing].append((index, result))
    tasks = []
    for pairing in pairings:
        count = games + (games % 2 if len(pairing.levels) == 2 else 0)
        have = {index for index, _ in results[pairing]}
        results[pairing] = [(i, r) for i, r in results[pairing] if i < count]
        tasks += [(pairing, seed, i) for i in range(count) if i not in have]
    total = len(tasks) + sum(len(r) for r in results.values())
    done = total - len(tasks)
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(tasks) or 1))
    started = time.perf_counter()
    out = _append_to(record) if record is not None else None
    if jobs == 1:
        outcomes: Any = map(_play, tasks)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        outcomes = pool.map(_play, tasks, chunksize=1)
    try:
        for pairing, index, result in outcomes:
            results[pairing].append((index, result))
            if out is not None:
                _write(out, seed, pairing, index, result)
            done += 1
            if progress is not None:
                progress(done, total)
    finally:
        if out is not None:
            out.close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    rows = [_row(pairing, sorted(results[pairing], key=lambda r: r[0])) for pairing in pairings]
    report: dict[str, Any] = {"seed": seed, "games": games, "rows": rows,
                              "seconds": round(time.perf_counter() - started, 2)}
    if partners:
        report["paired"] = _paired(entries, pairings, results)
    return report


def _paired(entries: Sequence[GameEntry], pairings: Sequence[Pairing],
            results: Mapping[Pairing, Sequence[tuple[int, GameResult]]]) -> list[dict[str, Any]]:
    """Each two levels beside the same partner (the stronger first), on the deals both
    played: the difference of their success rates with :func:`paired_interval`."""
    order = {e.id: e.bot_levels for e in entries}
    teams: dict[tuple[str, int, tuple[tuple[str, Any], ...], str], list[Pairing]] = {}
    for pairing in pairings:
        if len(pairing.levels) == 1:
            partner = pairing.partner or pairing.levels[0]
            teams.setdefault((pairing.game, pairing.players, pairing.options, partner),
                             []).append(pairing)
    lines = []
    for (game, players, options, partner), group in teams.items():
        ranked = sorted(group, key=lambda p: order[game].index(p.levels[0]), reverse=True)
        for a, b in combinations(ranked, 2):
            won_a = {i: r.shares[0] > 0 for i, r in results[a]}
            won_b = {i: r.shares[0] > 0 for i, r in results[b]}
            common = sorted(set(won_a) & set(won_b))
            difference, low, high = paired_interval([won_a[i] for i in common],
                                                    [won_b[i] for i in common])
            lines.append({"game": game, "players": players, "options": dict(options),
                          "partner": partner, "levels": [a.levels[0], b.levels[0]],
                          "games": len(common), "difference": round(difference, 4),
                          "low": round(low, 4), "high": round(high, 4)})
    return lines


def _key(seed: int, pairing: Pairing) -> dict[str, Any]:
    key: dict[str, Any] = {"seed": seed, "game": pairing.game, "levels": list(pairing.levels),
           "players": pairing.players, "options": dict(pairing.options)}
    if pairing.partner:
        key["partner"] = pairing.partner
    return key


def _append_to(path: Path) -> TextIO:
    """``path`` open for appending lines, on a line of its own (a run stopped while
    writing may have left half a line)."""
    ends_a_line = True
    try:
        with path.open("rb") as tail:
            if tail.seek(0, os.SEEK_END) > 0:
                tail.seek(-1, os.SEEK_END)
                ends_a_line = tail.read(1) == b"\n"
    except FileNotFoundError:
        pass
    out = path.open("a", encoding="utf-8")
    if not ends_a_line:
        out.write("\n")
    return out


def _write(out: TextIO, seed: int, pairing: Pairing, index: int, result: GameResult) -> None:
    """One finished game as a line of the record, flushed at once (a run may be stopped
    at any moment)."""
    out.write(json.dumps({**_key(seed, pairing), "index": index, "result": asdict(result)})
              + "\n")
    out.flush()


def read_record(path: Path, seed: int, pairings: Sequence[Pairing],
                ) -> list[tuple[Pairing, int, GameResult]]:
    """The games of ``path`` that belong to this seed and these pairings (the first of
    any game recorded twice).  Lines that cannot be read (a run stopped while writing
    one) are skipped with a word on standard error; other tournaments' lines are left."""
    keys = {json.dumps(_key(seed, p), sort_keys=True): p for p in pairings}
    found: dict[tuple[Pairing, int], GameResult] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            index = data.pop("index")
            raw = data.pop("result")
            pairing = keys.get(json.dumps(data, sort_keys=True))
            if pairing is None:
                continue
            result = GameResult(
                seed=raw["seed"], shares=tuple(raw["shares"]), scores=tuple(raw["scores"]),
                decision_ms=tuple(tuple(ms) for ms in raw["decision_ms"]), moves=raw["moves"],
                reaction_ms=tuple(tuple(ms) for ms in raw.get("reaction_ms", ())))
            if not isinstance(index, int) or index < 0:
                raise ValueError(f"index {index!r}")
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            print(f"tournament: {path}, line {number} could not be read ({error}); "
                  f"that game is played again", file=sys.stderr)
            continue
        found.setdefault((pairing, index), result)
    return [(pairing, index, result) for (pairing, index), result in found.items()]


def _row(pairing: Pairing, played: Sequence[tuple[int, GameResult]]) -> dict[str, Any]:
    row: dict[str, Any] = {"game": pairing.game, "levels": list(pairing.levels),
                           "players": pairing.players, "options": dict(pairing.options),
                           "games": len(played)}
    if pairing.partner:
        row["partner"] = pairing.partner
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
        if len(row["levels"]) == 1 and row.get("partner"):
            what = f"{row['levels'][0]} + {row['partner']}"
            figure = row["success"]
            word = "success"
        elif len(row["levels"]) == 1:
            what = f"{row['levels'][0]} team"
            figure = row["success"]
            word = "success"
        else:
            what = f"{row['levels'][0]} vs {row['levels'][1]}"
            figure = row["share"]
            word = "win share"
        p95 = "  ".join(f"{lv} p95 {ms['p95']:.0f} ms" for lv, ms in row["decision_ms"].items())
        lines.append(f"  {title:<14} {row['players']}p {what:<17} {word:>9} {figure:6.1%}  "
                     f"95% CI [{row['low']:6.1%}, {row['high']:6.1%}]  n={row['games']:<5} "
                     f"{p95}")
    if report.get("paired"):
        lines.append("Beside the same partner, on the same deals (difference in success):")
    for line in report.get("paired", ()):
        title = titles.get(line["game"], line["game"])
        a, b = line["levels"]
        what = f"{a} vs {b} beside {line['partner']}"
        lines.append(f"  {title:<14} {line['players']}p {what:<30} {line['difference']:+7.1%}  "
                     f"95% CI [{line['low']:+7.1%}, {line['high']:+7.1%}]  n={line['games']}")
    return lines
