"""Crash and resume: kill the real app mid-game and prove Continue restores it exactly.

``python -m tabletop.lab.endurance GAME PLAYERS SEED`` runs a real table headless
(seat 0 a human whose moves the script makes, the rest bots thinking in their
worker process) with saves in ``$TABLETOP_HOME``, until it is killed.
:func:`kill_and_resume` starts that, kills it with SIGKILL at a random moment —
while cards fly, while a bot thinks, while a save is written — and checks the save:
it loads, it replays from the seed to the same state, and the table that Continue
opens shows exactly that state.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["kill_and_resume"]

#: The child leaves this file in its home once its game is over.
OVER_MARK = "game-over.mark"


def serve(game_id: str, players: int, seed: int) -> None:
    """Play a game at a real table until killed (the child process)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tabletop.engine.match import Match, Seat, SeatKind
    from tabletop.games import CATALOGUE, REGISTRY
    from tabletop.storage import Storage
    from tabletop.ui.app import App, init_pygame
    from tabletop.ui.context import Context
    from tabletop.ui.flow import Open, Route
    from tabletop.ui.scenes.menu import MainMenu
    from tabletop.ui.table.scene import Table

    init_pygame()
    ctx = Context.create(CATALOGUE.playable(REGISTRY), CATALOGUE, Storage())
    ctx.settings.animation_speed = "fast"
    app = App(ctx, (1280, 720))
    entry = REGISTRY.get(game_id)
    level = "normal" if "normal" in entry.bot_levels else entry.bot_levels[-1]
    seats = [Seat("Ada", SeatKind.HUMAN)] + [
        Seat(f"Bot {i}", SeatKind.BOT, level) for i in range(1, players)]
    match = Match(entry, seats, seed)
    ctx.storage.save_match(match)
    app.scenes.push(MainMenu(ctx))
    app.frame(1 / 60)
    app.follow(Open(Route.TABLE, match=match))
    print("started", flush=True)
    while True:
        app.frame(1 / 60)
        table = app.scenes.find(Table)
        if isinstance(table, Table) and table is app.scenes.top and table.my_turn():
            viewer = table.session.viewer
            assert viewer is not None
            table.session.apply(match.state.legal_actions(viewer)[0], viewer)
        if match.is_over:
            # Short games (a chapter can end after one Date) may finish before the kill.
            (ctx.storage.root / OVER_MARK).touch()
            time.sleep(0.05)


def _saved_actions(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["actions"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def kill_and_resume(game_id: str, players: int, seed: int, home: Path,
                    rng: random.Random, timeout: float = 90.0) -> dict[str, int]:
    """One trial; raises ``AssertionError`` describing any difference."""
    from tabletop.storage import Storage

    env = {**os.environ, "TABLETOP_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tabletop.lab.endurance", game_id, str(players), str(seed)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    save = Storage(home).path(Storage(home).save_name(game_id))
    want = rng.randrange(1, 14)
    try:
        deadline = time.monotonic() + timeout
        while _saved_actions(save) < want and not (home / OVER_MARK).exists():
            if process.poll() is not None:
                error = process.stderr.read().decode(errors="replace") if process.stderr else ""
                raise AssertionError(f"the table stopped early: {error[-1500:]}")
            if time.monotonic() > deadline:
                raise AssertionError("the game did not progress")
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.9))  # land anywhere: animating, thinking, saving
    finally:
        process.kill()  # SIGKILL on Unix: no chance to save or clean up
        process.wait(timeout=10)
        if process.stderr:
            process.stderr.close()
    raw = json.loads(save.read_text())
    return {"actions": _check_resume(home, raw)}


def _check_resume(home: Path, raw: dict[str, object]) -> int:
    import pygame

    from tabletop.engine.match import Match, SeatKind, position_hash
    from tabletop.games import CATALOGUE, REGISTRY
    from tabletop.storage import Storage
    from tabletop.ui.app import App, init_pygame
    from tabletop.ui.context import Context
    from tabletop.ui.scenes.curtain import Curtain
    from tabletop.ui.scenes.menu import MainMenu
    from tabletop.ui.table.scene import Table

    match, problem = Storage(home).load_match(REGISTRY, str(raw["game"]))
    assert problem is None and match is not None, f"the save did not load: {problem}"
    assert position_hash(match.state) == raw["position"], "the loaded state differs from the save"
    replay = Match(match.entry, match.seats, match.seed, match.options)
    for seat, action in match.history:
        replay.apply(action, seat)
    saved = replay.state.to_json()
    assert position_hash(replay.state) == raw["position"], (
        "seed + actions do not give the saved state")

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    init_pygame()
    ctx = Context.create(CATALOGUE.playable(REGISTRY), CATALOGUE, Storage(home))
    ctx.bot_processes = False
    app = App(ctx, (1280, 720))
    try:
        app.scenes.push(MainMenu(ctx))
        app.frame(1 / 60)
        menu = app.scenes.top
        assert isinstance(menu, MainMenu) and menu.saved, "Continue is not offered"
        app.follow(menu.resume_game(menu.saved[0]))
        app.frame(1 / 60)
        table = app.scenes.find(Table)
        assert isinstance(table, Table)
        if len(match.humans()) > 1:
            assert isinstance(app.scenes.top, Curtain), "no curtain after loading the save"
        elif not match.is_over:  # (a finished game goes on to its results)
            assert app.scenes.top is table, (
                f"a solo game should resume straight at the table, not {type(app.scenes.top).__name__}")
        # The table resumes the saved game; within its first frame a bot whose turn it
        # is may already have moved on from it (a human cannot have).
        shown = table.match
        later = shown.history[len(match.history):]
        assert shown.history[:len(match.history)] == match.history, "Continue shows another game"
        assert all(shown.seats[seat].kind is SeatKind.BOT for seat, _ in later), (
            f"moves were made for a person after Continue: {later}")
        if not later:
            assert shown.state.to_json() == saved, "Continue shows another state"
    finally:
        for scene in list(app.scenes):
            scene.exit()
        ctx.close()
        pygame.display.quit()
    return len(match.history)


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
