"""Fixtures for driving the real app headless: a context, a window, frames, input."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tabletop.games import CATALOGUE, REGISTRY
from tabletop.storage import Storage
from tabletop.ui.app import App, init_pygame
from tabletop.ui.context import Context
from tabletop.ui.flow import Open, Route

SHOTS = Path(os.environ.get("TABLETOP_SHOTS", "")) if os.environ.get("TABLETOP_SHOTS") else None


class Driver:
    """Runs frames of a real App and feeds it synthetic input."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.ctx = app.ctx
        self.scenes = app.scenes

    @property
    def top(self):  # type: ignore[no-untyped-def]
        return self.scenes.top

    def follow(self, flow) -> None:  # type: ignore[no-untyped-def]
        """Open what a scene asked for, as the app does with what its handlers return."""
        self.app.follow(flow)

    def frames(self, count: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(count):
            self.app.frame(dt)

    def until(self, condition, limit: int = 20_000, dt: float = 1 / 60) -> int:  # type: ignore[no-untyped-def]
        for frame in range(limit):
            if condition():
                return frame
            self.app.frame(dt)
        raise AssertionError(f"condition not met within {limit} frames")

    def post(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames(2)

    def type(self, text: str) -> None:
        self.post(pygame.TEXTINPUT, text=text)
        self.frames(1)

    def click(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(2)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 12) -> None:
        self.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames(1)
        for i in range(1, steps + 1):
            x = round(start[0] + (end[0] - start[0]) * i / steps)
            y = round(start[1] + (end[1] - start[1]) * i / steps)
            self.post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(1)

    def focus_on(self, table, key, zone=None, rows: int = 8, across: int = 16) -> None:  # type: ignore[no-untyped-def]
        """Right along a row, Tab to the next, until the piece ``key`` (in ``zone``, if
        given) is chosen, as a player would by keys."""
        for _ in range(rows):
            for _ in range(across):
                focus = table.controls.focus
                if focus is not None and (zone is None or focus[0] == zone) and \
                        table.picture.zones[focus[0]].pieces[focus[1]].key == key:
                    return
                self.key(pygame.K_RIGHT)
            self.key(pygame.K_TAB)
        raise AssertionError(f"could not reach {key}" + (f" in {zone}" if zone else ""))

    def put(self, table, steps) -> None:  # type: ignore[no-untyped-def]
        """With a piece chosen: Enter lifts it if it has several places, Right and Tab
        aim at the one whose steps are ``steps``, Enter puts it there."""
        steps = tuple(steps)
        options = table.moves().of(table.controls.chosen().key)
        if len(options) == 1:
            assert options[0].steps == steps, (options, steps)
            self.key(pygame.K_RETURN)
            return
        self.key(pygame.K_RETURN)
        assert table.controls.lifted
        for _ in range(8):
            for _ in range(24):
                aimed = table.controls.aimed()
                if aimed is not None and aimed.steps == steps:
                    self.key(pygame.K_RETURN)
                    return
                self.key(pygame.K_RIGHT)
            self.key(pygame.K_TAB)
        raise AssertionError(f"could not aim at {steps}")

    def open_table(self, match):  # type: ignore[no-untyped-def]
        """Open ``match`` at the table from the main menu, as a player would, and wait
        for the picture to settle; returns the table scene."""
        from tabletop.ui.scenes.menu import MainMenu
        from tabletop.ui.table.scene import Table

        self.scenes.push(MainMenu(self.ctx))
        self.frames(2)
        self.follow(Open(Route.TABLE, match=match))
        self.frames(2)
        table = self.scenes.find(Table)
        self.until(lambda: not table.animating)
        for _ in range(30):  # and what waits for a frame of its own (unless a curtain
            self.frames(1)   # covers the table): the game then moves on
            if not table.jobs.waiting:
                break
        self.frames(2)
        return table

    def shot(self, name: str) -> pygame.Surface:
        """The screen now; saved as a PNG when TABLETOP_SHOTS names a folder."""
        self.app.draw(self.top)
        screen = self.app.screen.copy()
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            pygame.image.save(screen, str(SHOTS / f"{name}.png"))
        return screen


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    init_pygame()
    ctx = Context.create(CATALOGUE.playable(REGISTRY), CATALOGUE, Storage(tmp_path / "data"))
    ctx.bot_processes = False
    ctx.settings.animation_speed = "fast"
    ctx.settings.guide = False  # first-game tips have a test of their own
    app = App(ctx, (1600, 900))
    yield Driver(app)
    app.close()
    pygame.display.quit()


def not_blank(surface: pygame.Surface) -> bool:
    """True if the picture has real content: many colours and contrast."""
    small = pygame.transform.smoothscale(surface, (160, 90))
    colours = {small.get_at((x, y))[:3] for x in range(0, 160, 2) for y in range(0, 90, 2)}
    lum = [sum(small.get_at((x, y))[:3]) for x in range(0, 160, 4) for y in range(0, 90, 4)]
    return len(colours) > 60 and max(lum) - min(lum) > 200
