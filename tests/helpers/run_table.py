"""Run a real table headless until killed (for the crash-and-resume test).

    python -m tests.helpers.run_table SEED

Seat 0 is a human whose moves this script makes (the first legal action), the
other seats are bots thinking in their worker process.  Saves go to $TABLETOP_HOME.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    from tabletop.engine.match import Match, Seat, SeatKind
    from tabletop.games import REGISTRY
    from tabletop.storage import Storage
    from tabletop.ui.app import App, init_pygame
    from tabletop.ui.context import Context
    from tabletop.ui.scenes.menu import MainMenu, open_table
    from tabletop.ui.table_scene import TableScene

    seed = int(sys.argv[1])
    init_pygame()
    ctx = Context.create(REGISTRY, Storage())
    ctx.settings.animation_speed = "fast"
    app = App(ctx, (1280, 720))
    entry = REGISTRY.get("enemy-anemone")
    seats = [Seat("Ada", SeatKind.HUMAN)] + [
        Seat(f"Bot {i}", SeatKind.BOT, "normal") for i in range(1, 4)]
    match = Match(entry, seats, seed)
    ctx.storage.save_match(match)
    ctx.scenes.push(MainMenu(ctx))
    app.frame(1 / 60)
    open_table(ctx, match)
    print("started", flush=True)
    while True:
        app.frame(1 / 60)
        table = ctx.scenes.find(TableScene)
        if table is not None and table is ctx.scenes.top and table.my_turn():
            viewer = table.viewer
            table.apply(match.state.legal_actions(viewer)[0], viewer)


if __name__ == "__main__":
    main()
