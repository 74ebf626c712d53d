"""Kill the real app at random moments; Continue must restore the exact saved state."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tabletop.engine.match import Match
from tabletop.games import REGISTRY
from tabletop.storage import Storage
from tabletop.ui.app import App, init_pygame
from tabletop.ui.context import Context
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.table_scene import TableScene

ROOT = Path(__file__).resolve().parents[1]


def saved_actions(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return 0


@pytest.mark.parametrize("trial", range(4))
def test_killed_mid_game_resumes_exactly(tmp_path, trial):
    rng = random.Random(trial)
    home = tmp_path / "home"
    env = {**os.environ, "TABLETOP_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "tests.helpers.run_table", str(40 + trial)],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    save = home / Storage.SAVE
    try:
        deadline = time.monotonic() + 90
        want = rng.randrange(2, 12)
        while saved_actions(save) < want:
            assert process.poll() is None, process.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, "the game did not progress"
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.8))  # land anywhere: animating, thinking, saving
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    raw = json.loads(save.read_text())
    match, problem = Storage(home).load_match(REGISTRY)
    assert problem is None and match is not None
    assert match.state.to_json() == raw["snapshot"]
    assert len(match.history) == len(raw["actions"]) >= want
    # Seed + recorded actions reproduce the saved state.
    replay = Match(match.entry, match.seats, match.seed, match.options)
    for seat, action in match.history:
        replay.apply(action, seat)
    assert replay.state.to_json() == raw["snapshot"]

    # Continue from the main menu puts exactly that state on the table.
    init_pygame()
    ctx = Context.create(REGISTRY, Storage(home))
    ctx.bot_processes = False
    app = App(ctx, (1280, 720))
    try:
        ctx.scenes.push(MainMenu(ctx))
        app.frame(1 / 60)
        menu = ctx.scenes.top
        assert isinstance(menu, MainMenu) and menu.saved is not None
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        app.frame(1 / 60)
        app.frame(1 / 60)
        assert isinstance(ctx.scenes.top, Curtain)  # after loading, the curtain comes first
        table = ctx.scenes.find(TableScene)
        assert table is not None
        assert table.match.state.to_json() == raw["snapshot"]
    finally:
        for scene in list(ctx.scenes):
            scene.exit()
        pygame.display.quit()
