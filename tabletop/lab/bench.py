"""``tabletop bench``: one report on speed, bot strength and robustness, per game.

For every registered game (or those named):

* engine — random full games per second per player count; ``clone`` and ``apply`` in µs;
* bots — search iterations per second; decision time per level (p50/p95 ms);
* fuzz — random games over every player count and variant, all invariants checked;
* table — frame times at 1920×1080 during an animated bots-only game through the real
  table scene (headless), and the longest frame in which the UI thread waited;
* crash — the real app killed mid-game, Continue checked against the save.

and for the app as a whole: cold start to the first interactive menu frame (median of
five fresh processes), peak memory, and the UI monkey.  ``--quick`` trims every count
(under two minutes in all); the full run meets the counts the project promises.
Figures are medians and percentiles: these machines are shared and noisy.

A section that fails does not lose the others: it is reported in ``problems`` (its
name and the exception's last line) and in its own place, and the rest still run.
"""

from __future__ import annotations

import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from tabletop import __version__
from tabletop.engine.protocol import GameState, settle
from tabletop.engine.registry import GameEntry
from tabletop.engine.rng import Rng
from tabletop.lab.fuzz import fuzz_entry, variants
from tabletop.lab.simulate import percentile

__all__ = ["run_bench"]

Progress = Callable[[str], None]


class Plan:
    """How much of everything to do."""

    def __init__(self, quick: bool) -> None:
        self.quick = quick
        self.engine_seconds = 0.4 if quick else 3.0
        self.bot_positions = 3 if quick else 24
        self.fuzz_games = 200 if quick else 10_000  # per game, over all its variants
        self.table_hands = 1 if quick else None
        self.crash_kills = 2 if quick else 50  # across all games
        self.monkey_events = 2000 if quick else 50_000
        self.cold_starts = 5


# -- engine --------------------------------------------------------------------------------
def _random_game(entry: GameEntry, players: int, seed: int) -> int:
    state = entry.new_game(players).new_state(seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        settle(state)
        if state.is_over:
            break
        seat = rng.choice(sorted(state.acting_seats()))
        state.apply_unchecked(rng.choice(state.generate_legal(seat)), seat)
        moves += 1
    return moves


def _mid_game_states(entry: GameEntry, players: int, count: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        state = entry.new_game(players).start(rng.randrange(2**31))
        for _ in range(rng.randrange(0, 60)):
            if state.is_over:
                break
            seat = rng.choice(sorted(state.acting_seats()))
            state.apply_unchecked(rng.choice(state.generate_legal(seat)), seat)
            settle(state)
        if not state.is_over:
            states.append(state)
    return states


def engine_bench(entry: GameEntry, plan: Plan) -> dict[str, Any]:
    games_per_second: dict[str, float] = {}
    for players in range(entry.min_players, entry.max_players + 1):
        started = time.perf_counter()
        games = 0
        while time.perf_counter() - started < plan.engine_seconds or games < 3:
            _random_game(entry, players, games)
            games += 1
        games_per_second[str(players)] = round(games / (time.perf_counter() - started), 1)
    states = _mid_game_states(entry, entry.default_players, 200, 5)
    clone_us = []
    for state in states:
        begin = time.perf_counter()
        state.clone()
        clone_us.append((time.perf_counter() - begin) * 1e6)
    apply_us = []
    rng = random.Random(9)
    for state in states:
        twin = state.clone()
        seat = min(twin.acting_seats())
        action = rng.choice(twin.generate_legal(seat))
        begin = time.perf_counter()
        twin.apply(action, seat)
        apply_us.append((time.perf_counter() - begin) * 1e6)
    return {
        "random_games_per_second": games_per_second,
        "clone_us": round(statistics.median(clone_us), 2),
        "apply_us": round(statistics.median(apply_us), 2),
    }


# -- bots ------------------------------------------------------------------------------------
def bot_bench(entry: GameEntry, plan: Plan) -> dict[str, Any]:
    states = _mid_game_states(entry, entry.default_players, plan.bot_positions, 11)
    decision: dict[str, dict[str, float]] = {}
    rates = []
    for level in entry.bot_levels:
        bot = entry.make_bot(level)
        times = []
        for i, state in enumerate(states):
            seat = min(state.acting_seats())
            observation = state.observation(seat)
            legal = state.legal_actions(seat)
            begin = time.perf_counter()
            bot.choose(observation, legal, Rng(i))
            times.append((time.perf_counter() - begin) * 1000.0)
            stats = getattr(bot, "last", None)
            if stats is not None and stats.seconds > 0 and stats.iterations:
                rates.append(stats.iterations / stats.seconds)
        decision[level] = {"p50": round(percentile(times, 50), 2),
                           "p95": round(percentile(times, 95), 2)}
    return {
        "positions": len(states),
        "players": entry.default_players,
        "search_iterations_per_second": round(statistics.median(rates), 1) if rates else None,
        "decision_ms": decision,
    }


# -- fuzz ------------------------------------------------------------------------------------
def fuzz_bench(entry: GameEntry, plan: Plan) -> dict[str, Any]:
    count = len(list(variants(entry)))
    per_variant = max(1, math.ceil(plan.fuzz_games / count))
    started = time.perf_counter()
    reports = fuzz_entry(entry, per_variant, seed=2026)
    games = sum(r.games for r in reports)
    failures = [f for r in reports for f in r.failures]
    return {
        "variants": count,
        "games": games,
        "moves": sum(r.moves for r in reports),
        "seconds": round(time.perf_counter() - started, 1),
        "failures": len(failures),
        "first_failures": failures[:3],
    }


# -- table (a subprocess, so its memory is its own) ------------------------------------------
def _tabletop(*args: str, env: dict[str, str] | None = None,
              timeout: float = 1800) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   **(env or {})}
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True,
                          text=True, timeout=timeout, env=environment)


def has_table(entry: GameEntry) -> bool:
    """Whether the game can be played at a table (it is on the shelf)."""
    from tabletop.games import CATALOGUE

    return entry.id in CATALOGUE and CATALOGUE.get(entry.id).load_table is not None


def table_bench(entry: GameEntry, plan: Plan) -> dict[str, Any]:
    if not has_table(entry):
        return {"skipped": "no table yet"}
    args = ["autoplay", entry.id, "--players", str(entry.max_players), "--seed", "2026",
            "--size", "1920x1080", "--json"]
    if plan.table_hands is not None and "hands" in entry.default_options():
        args += ["--hands", str(plan.table_hands)]
    result = _tabletop(*args)
    if result.returncode != 0:
        return {"error": result.stderr[-1500:]}
    report = json.loads(result.stdout)
    return {
        "players": entry.max_players,
        "frames": report["frames"],
        "frame_ms": report["frame_ms"],
        "wait_ms": report["wait_ms"],
        "over": report["over"],
        "drift": report["drift"],
        "bot_failures": report["bot_failures"],
        "peak_rss_mb": _children_peak_rss_mb(),
    }


def _children_peak_rss_mb() -> float | None:
    """The largest resident memory of any finished child process (Unix only)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return round(peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024, 1)


# -- crash and resume ------------------------------------------------------------------------
def crash_bench(entries: Sequence[GameEntry], plan: Plan) -> dict[str, Any]:
    from tabletop.lab.endurance import kill_and_resume

    rng = random.Random(50)
    kills, failures = 0, []
    started = time.perf_counter()
    for i in range(plan.crash_kills):
        entry = entries[i % len(entries)]
        players = rng.randint(entry.min_players, entry.max_players)
        with tempfile.TemporaryDirectory(prefix="tabletop-crash-") as home:
            try:
                kill_and_resume(entry.id, players, 1000 + i, Path(home) / "home", rng)
            except AssertionError as error:
                failures.append(f"{entry.id} players={players} seed={1000 + i}: {error}")
        kills += 1
    return {"kills": kills, "failures": len(failures), "first_failures": failures[:3],
            "seconds": round(time.perf_counter() - started, 1)}


# -- the app -----------------------------------------------------------------------------------
def cold_start(plan: Plan) -> dict[str, Any]:
    """Process start to the first interactive menu frame, in fresh processes."""
    times = []
    with tempfile.TemporaryDirectory(prefix="tabletop-start-") as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "TABLETOP_STARTUP_PROBE": "1", "TABLETOP_HOME": home}
        for run in range(plan.cold_starts + 1):  # the first run fills the render cache
            begin = time.perf_counter()
            process = subprocess.Popen([sys.executable, "-m", "tabletop"], env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            assert process.stdout is not None
            for line in process.stdout:
                if b"tabletop-first-frame" in line:
                    if run:
                        times.append((time.perf_counter() - begin) * 1000.0)
                    break
            process.wait(timeout=60)
    return {"runs": len(times), "median_ms": round(statistics.median(times), 1) if times else None,
            "all_ms": [round(t) for t in times]}


def monkey_bench(plan: Plan) -> dict[str, Any]:
    from tabletop.lab.monkey import SCENE_KINDS, run_monkey

    per_scene = max(50, min(400, plan.monkey_events // len(SCENE_KINDS)))
    with tempfile.TemporaryDirectory(prefix="tabletop-monkey-") as home:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        report = run_monkey(plan.monkey_events, seed=2026, home=Path(home), per_scene=per_scene)
    return report.to_json()


class _Sections:
    """Runs the sections one after another; one that fails is kept as a problem (its
    name and the exception's last line) and the next one still runs."""

    def __init__(self, say: Progress) -> None:
        self.say = say
        self.problems: list[dict[str, str]] = []

    def run(self, name: str, work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        self.say(name)
        try:
            return work()
        except Exception as error:
            last = "".join(traceback.format_exception_only(error)).strip().splitlines()[-1]
            self.problems.append({"section": name, "error": last})
            self.say(f"{name} failed: {last}")
            return {"failed": last}


def net_bench(plan: Plan) -> dict[str, Any]:
    """A move's way to the other computers over loopback (Enemy Anemone, two remote
    seats): :func:`tabletop.lab.netbench.network_bench`; and from a click at a host's
    window to a joined window's screen, with the host's frame times against one screen's
    (:func:`tabletop.lab.netwindow.click_to_screen`)."""
    from tabletop.games import REGISTRY
    from tabletop.lab.netbench import network_bench
    from tabletop.lab.netwindow import click_to_screen

    entry = REGISTRY.get("enemy-anemone")
    report = network_bench(entry, {"hands": 2}, games=1 if plan.quick else 5)
    report["windows"] = click_to_screen(entry, {"hands": 1}, games=1 if plan.quick else 3)
    return report


def run_bench(entries: Sequence[GameEntry], quick: bool,
              progress: Progress | None = None) -> dict[str, Any]:
    plan = Plan(quick)
    sections = _Sections(progress or (lambda message: None))
    started = time.perf_counter()
    report: dict[str, Any] = {
        "tabletop": __version__,
        "quick": quick,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
        "games": {},
        "problems": sections.problems,
    }
    parts: dict[str, Callable[[GameEntry, Plan], dict[str, Any]]] = {
        "engine": engine_bench, "bots": bot_bench, "fuzz": fuzz_bench, "table": table_bench}
    for entry in entries:
        game: dict[str, Any] = {}
        for part, bench in parts.items():
            game[part] = sections.run(f"{entry.id}: {part}", partial(bench, entry, plan))
        report["games"][entry.id] = game
    with_tables = [e for e in entries if has_table(e)]
    report["crash"] = (sections.run("crash and resume", partial(crash_bench, with_tables, plan))
                       if with_tables else {"skipped": "none of these games has a table yet"})
    app: dict[str, Any] = {"cold_start": sections.run("cold start", partial(cold_start, plan))}
    app["monkey"] = sections.run("monkey", partial(monkey_bench, plan))
    app["network"] = sections.run("network", partial(net_bench, plan))
    app["peak_rss_mb"] = max((g["table"].get("peak_rss_mb") or 0
                              for g in report["games"].values()), default=None)
    report["app"] = app
    report["seconds"] = round(time.perf_counter() - started, 1)
    sections.problems.extend(found_problems(report))
    return report


def found_problems(report: dict[str, Any]) -> list[dict[str, str]]:
    """What the finished sections found wrong (a fuzzed game that broke a rule or never
    ended, a resume that failed, a monkey crash, a table that drifted from its match):
    problems too, so that an empty list means a clean run."""
    found: list[dict[str, str]] = []
    for game_id, game in report["games"].items():
        fuzz, table = game.get("fuzz", {}), game.get("table", {})
        if fuzz.get("failures"):
            found.append({"section": f"{game_id}: fuzz", "error": fuzz["first_failures"][0]})
        if table.get("drift") or table.get("bot_failures") or table.get("over") is False:
            found.append({"section": f"{game_id}: table",
                          "error": f"drift {table.get('drift')}, bot failures "
                                   f"{table.get('bot_failures')}, over {table.get('over')}"})
    crash = report.get("crash", {})
    if crash.get("failures"):
        found.append({"section": "crash and resume", "error": crash["first_failures"][0]})
    monkey = report.get("app", {}).get("monkey", {})
    for problem in (monkey.get("problems") or [])[:3]:
        found.append({"section": "monkey", "error": str(problem)})
    return found
