"""A bots-only game played through the real table scene, timing every frame.

Used by ``tabletop autoplay`` and the benchmarks: the same App, scene, bot worker
process, animations and autosave a player gets, headless if SDL_VIDEODRIVER=dummy.
Game time advances 1/60 s per frame (or in real time with ``realtime``), so a run
is the same length however fast the machine is; the work of each frame is timed.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

import pygame

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.registry import GameEntry
from tabletop.lab.simulate import percentile
from tabletop.storage import Storage
from tabletop.ui.app import App, init_pygame
from tabletop.ui.context import Context
from tabletop.ui.table import make_table

__all__ = ["autoplay"]

VIRTUAL_FRAME = 1.0 / 60.0
#: Give up if a game has not ended after this many frames (a bug, not a slow bot):
#: frames spent only waiting for a bot to think do not count, but a bot may think for
#: at most ``THINK_LIMIT`` seconds in all.
FRAME_LIMIT = 400_000
THINK_LIMIT = 3600.0


def autoplay(entry: GameEntry, players: int, seed: int, *, options: dict[str, Any] | None = None,
             level: str = "easy", frames: int | None = None, size: tuple[int, int] = (1920, 1080),
             screenshot: str | None = None, speed: str = "fast",
             realtime: bool = False, hints: bool = False) -> dict[str, Any]:
    """Play one bots-only game (or ``frames`` frames of it); report frame times and the result.

    With ``hints`` the first seat is a person who, on every turn, presses H and then
    Enter: their moves are the hints (a first game's guided turns included), and the
    frames spent while a hint is worked out are reported apart."""
    from tabletop.games import CATALOGUE, REGISTRY

    init_pygame()
    with tempfile.TemporaryDirectory(prefix="tabletop-autoplay-") as home:
        ctx = Context.create(CATALOGUE.playable(REGISTRY), CATALOGUE, Storage(Path(home)))
        ctx.debug_drift = bool(os.environ.get("TABLETOP_DEBUG_DRIFT"))
        ctx.settings.animation_speed = speed
        ctx.audio.set_volume(0.0)
        app = App(ctx, size)
        seats = [Seat(f"Bot {i + 1}", SeatKind.BOT, level) for i in range(players)]
        if hints:
            seats[0] = Seat("Ada", SeatKind.HUMAN)
        match = Match(entry, seats, seed, options or {})
        ctx.worker.start()  # as the main menu does before any table opens
        table: Any = make_table(ctx, match, spectator_seat=0)
        app.scenes.push(table)
        times: list[float] = []
        wait_max, wait_frame = 0.0, 0.0
        limit = frames if frames is not None else FRAME_LIMIT
        started = time.perf_counter()
        last = started
        idle, idle_seconds = 0, 0.0  # frames (and time) only waiting for a bot
        person = Person(table) if hints else None
        hint_times: list[float] = []
        try:
            while len(times) - idle < limit and app.running and idle_seconds < THINK_LIMIT:
                thinking_of_hint = person is not None and person.act()
                begin = time.perf_counter()
                app.frame(begin - last if realtime else VIRTUAL_FRAME)
                end = time.perf_counter()
                times.append((end - begin) * 1000.0)
                if thinking_of_hint:
                    hint_times.append(times[-1])
                last = begin
                if table.session.waited_ms > wait_max:
                    wait_max, wait_frame = table.session.waited_ms, times[-1]
                table.session.waited_ms = 0.0
                if table.results_shown and not table.animator.busy:
                    break
                if realtime:
                    pause = VIRTUAL_FRAME - (time.perf_counter() - begin)
                    if pause > 0:
                        time.sleep(pause)
                elif frames is None and table.session.thinking and not table.animator.busy:
                    idle += 1
                    idle_seconds += time.perf_counter() - begin
            if screenshot:
                pygame.image.save(app.screen, screenshot)
            elapsed = time.perf_counter() - started
            state = match.state
            report = {
                "game": entry.id,
                "players": players,
                "seed": seed,
                "level": level,
                "size": f"{size[0]}x{size[1]}",
                "frames": len(times),
                "frame_ms": {
                    "p50": round(percentile(times, 50), 3),
                    "p90": round(percentile(times, 90), 3),
                    "p99": round(percentile(times, 99), 3),
                    "max": round(max(times, default=0.0), 3),
                    # The first frame builds the table: its picture, sprites and faces.
                    "opening": round(times[0], 3) if times else 0.0,
                    "worst_frame": times.index(max(times)) if times else 0,
                },
                # Frames while a hint (or a guided turn's move) was being worked out.
                "hint_frame_ms": {"frames": len(hint_times),
                                  "max": round(max(hint_times, default=0.0), 3),
                                  "hints": person.hints if person is not None else 0},
                # The longest the UI thread waited on anything (bot pipe, saver) in one
                # frame, and how long that frame took in all.
                "wait_ms": {"max": round(wait_max, 3), "frame_ms": round(wait_frame, 3)},
                "over": state.is_over,
                "scores": state.scores(),
                "winners": [s for s, share in enumerate(state.outcome()) if share > 0]
                if state.is_over else [],
                "actions": len(match.history),
                "drift": getattr(table, "drift", getattr(table, "resyncs", 0)),
                # Bot decisions that failed and were made by the fallback bot instead.
                "bot_failures": len(table.session.bot_failures),
                "first_bot_failures": table.session.bot_failures[:3],
                "seconds": round(elapsed, 2),
            }
        finally:
            for scene in list(app.scenes):
                scene.exit()
            ctx.close()
            pygame.display.quit()
    return report


class Person:
    """A player who asks for a hint on every turn and takes it: H, then Enter."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.asked_at = -1
        self.enters = 0
        self.hints = 0

    def act(self) -> bool:
        """Press the next key if it is time; whether a hint is being worked out."""
        table = self.table
        session = table.session
        if session.asking:
            return True
        if not table.my_turn() or table.animating:
            return False
        if self.asked_at != session.position:
            self.asked_at, self.enters = session.position, 0
            self.hints += 1
            press(pygame.K_h)
            return True
        self.enters += 1
        if self.enters > 3:  # the hint's Enter made no move: any lit move will do
            moves = table.moves()
            steps = moves.options[0].steps if moves.options else moves.live()[0].steps
            session.act(steps)
            return False
        press(pygame.K_RETURN)
        return False


def press(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
