"""Two windows across the network, measured: a host's table and a joined seat's table,
each a real app (headless), play whole games over loopback.

``click_to_screen`` is, for each move made at the host's screen, the time from the move
(made as a click makes it) to the end of the first frame of the joined window that
shows it.  Both apps run in this one process, frame after frame, paced at 60 frames a
second.

The host's frame times are compared with the same game played at one screen (a bot in
the remote seat's place), so that what hosting costs a frame shows as a ratio.  For that
comparison the remote seat is played from another process (``tabletop join --bot``), as
from another computer: a second app in the host's process would share its memory
manager and collector, and so its frames.  (The frames of the host beside the joined
window are reported too.)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.registry import GameEntry
from tabletop.lab.simulate import percentile
from tabletop.net.hosting import Hosting
from tabletop.net.joining import Joining
from tabletop.net.mirror import mirror_match
from tabletop.storage import Storage
from tabletop.ui.app import App, init_pygame
from tabletop.ui.context import Context
from tabletop.ui.table import make_table

__all__ = ["click_to_screen"]

FRAME = 1 / 60
SIZE = (1280, 720)
FRAME_LIMIT = 60_000


def _app(home: str) -> tuple[Context, App]:
    from tabletop.games import CATALOGUE, REGISTRY

    ctx = Context.create(CATALOGUE.playable(REGISTRY), CATALOGUE, Storage(Path(home)))
    ctx.settings.animation_speed = "fast"
    ctx.settings.guide = False
    ctx.audio.set_volume(0.0)
    return ctx, App(ctx, SIZE)


def _play(entry: GameEntry, options: dict[str, Any], seed: int, remote: str
          ) -> tuple[list[float], list[float]]:
    """One game: the host's frame times (ms), and the click-to-screen times (ms).
    Bob's seat is a bot at the host's screen (``remote`` ""), a joined window in this
    process ("window"), or a bot joined from another process ("process")."""
    from tabletop.games import REGISTRY

    with tempfile.TemporaryDirectory() as host_home, tempfile.TemporaryDirectory() as far_home:
        ctx, app = _app(host_home)
        second = Seat("Bob", SeatKind.REMOTE) if remote else Seat("Bob", SeatKind.BOT, "easy")
        match = Match(entry, [Seat("Ada", SeatKind.HUMAN), second,
                              Seat("Pearl", SeatKind.BOT, "easy")], seed, options)
        ctx.worker.start()
        far: tuple[Context, App, Joining] | None = None
        apart: subprocess.Popen[bytes] | None = None
        if remote:
            ctx.hosting = Hosting(match, ctx.worker, name="bench", port=0, announce=False,
                                  address="127.0.0.1", listing=ctx.listing(entry))
            far_ctx: Context | None = None
            if remote == "window":
                far_ctx, far_app = _app(far_home)
                joining = Joining(f"ws://127.0.0.1:{ctx.hosting.port}", ctx.hosting.code, "Bob",
                                  REGISTRY)
                far_ctx.joining = joining
                far = (far_ctx, far_app, joining)
            else:
                apart = subprocess.Popen(
                    [sys.executable, "-m", "tabletop", "join", f"127.0.0.1:{ctx.hosting.port}",
                     "--code", ctx.hosting.code, "--bot", "easy", "--name", "Bob"],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            while not ctx.hosting.everyone_here:
                ctx.pump()
                if far_ctx is not None:
                    far_ctx.pump()
                time.sleep(0.002)
        table: Any = make_table(ctx, match)
        app.scenes.push(table)
        far_table: Any = None
        frames: list[float] = []
        acted: dict[int, float] = {}
        shown: dict[int, float] = {}
        try:
            for _ in range(FRAME_LIMIT):
                begin = time.perf_counter()
                if table.my_turn() and not table.animating:
                    table.session.act([match.state.legal_actions(0)[0]])
                    acted[len(match.history)] = time.perf_counter()
                app.frame(FRAME)
                frames.append((time.perf_counter() - begin) * 1000.0)
                if far is not None:
                    far_ctx, far_app, joining = far
                    if far_table is None and joining.started:
                        far_table = make_table(far_ctx, mirror_match(joining), True,
                                               joining=joining)
                        far_app.scenes.push(far_table)
                    if far_table is not None and far_table.my_turn() \
                            and not far_table.session.sending and not far_table.animating:
                        legal = list(far_table.match.state.legal_actions(1))
                        if legal:
                            far_table.session.act([legal[0]])
                    seen = far_table.session.seen if far_table is not None else -1
                    far_app.frame(FRAME)
                    if far_table is not None and far_table.session.seen != seen:
                        shown.setdefault(joining.me.seq, time.perf_counter())
                if match.is_over and table.results_shown and (far is None or far[2].me.over):
                    break
                pause = FRAME - (time.perf_counter() - begin)
                if pause > 0:
                    time.sleep(pause)
        finally:
            app.close()
            if far is not None:
                far[1].close()
            if apart is not None:
                apart.kill()
                apart.wait()
        waits = []
        for seq, at in acted.items():
            later = [shown[s] for s in shown if s >= seq]
            if later:
                waits.append((min(later) - at) * 1000.0)
        return frames, waits


def click_to_screen(entry: GameEntry, options: dict[str, Any], games: int = 2,
                    seed: int = 7) -> dict[str, Any]:
    """Click-to-other-screen times, and the host's frame times: at one screen, hosting
    a player at another computer ("hosted", the ratio's), and hosting the window of the
    click-to-screen times in its own process ("hosted_beside_window")."""
    init_pygame()
    report: dict[str, Any] = {"game": entry.id, "games": games}
    waits: list[float] = []
    kinds = {"one_screen": "", "hosted": "process", "hosted_beside_window": "window"}
    frames: dict[str, list[float]] = {kind: [] for kind in kinds}
    for game in range(games):
        for kind, remote in kinds.items():  # side by side, game by game
            found, seen = _play(entry, options, seed + game, remote)
            frames[kind] += found
            waits += seen
    report["click_to_screen_ms"] = {"samples": len(waits),
                                    "p50": round(percentile(waits, 50), 2),
                                    "p95": round(percentile(waits, 95), 2),
                                    "max": round(max(waits, default=0.0), 2)}
    for kind, times in frames.items():
        report[f"{kind}_frame_ms"] = {"frames": len(times),
                                      "p50": round(percentile(times, 50), 3),
                                      "p99": round(percentile(times, 99), 3)}
    one, hosted = report["one_screen_frame_ms"]["p99"], report["hosted_frame_ms"]["p99"]
    report["frame_p99_ratio"] = round(hosted / one, 3) if one else None
    # A remote bot answers at once where a bot at the screen pauses to think, so a hosted
    # game has fewer quiet frames and its p99 falls on a heavier frame: the same frame by
    # rank (the k-th heaviest, k a hundredth of the one-screen frames) compares like with
    # like.
    k = len(frames["one_screen"]) // 100
    heavy = {kind: sorted(times, reverse=True)[k] for kind, times in frames.items()
             if len(times) > k}
    if "one_screen" in heavy and "hosted" in heavy and heavy["one_screen"]:
        report["heavy_frame_ms"] = {"rank": k + 1, **{kind: round(ms, 3)
                                                      for kind, ms in heavy.items()}}
        report["heavy_frame_ratio"] = round(heavy["hosted"] / heavy["one_screen"], 3)
    return report
