"""The UI monkey: random input thrown at every scene of the real app.

Mouse moves, presses, drags and releases, key presses, typed text (long, right to
left, emoji, control characters), window resizes and focus changes — tens of
thousands of them, headless.  After every event the app must still stand: no
exception, no drag left hanging after the button is released, every match state
consistent, and nothing the engine would reject ever applied (each match's
history must replay from its seed).

An exception is a problem in the report (the seed, the event's number, the scene and
the end of the traceback), not the end of the run: the monkey starts again from a
fresh scene and goes on, so one run finds every crash it meets.
"""

from __future__ import annotations

import random
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from tabletop.engine.protocol import NATURE
from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.registry import GameEntry
from tabletop.storage import Storage
from tabletop.ui.app import App, init_pygame
from tabletop.ui.context import Context
from tabletop.ui.flow import Open, Route
from tabletop.ui.scene import Scene
from tabletop.ui.table.scene import Table

__all__ = ["MonkeyReport", "run_monkey"]

KEYS = (
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_ESCAPE,
    pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME,
    pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_p, pygame.K_F1, pygame.K_a,
    pygame.K_1, pygame.K_KP_ENTER,
)
TEXTS = ("a", "Zoë", "שלום", "مرحبا", "🦀🐙🐢", "\x00\x1b[31m", "x" * 300, "9", "12345678901234567890",
         "\u202e\u200f", " ", "名字")
SIZES = ((1920, 1080), (1280, 720), (1024, 768), (800, 600), (2560, 1440), (1000, 560))
#: How much of a crash's traceback a problem keeps (its last lines).
TRACEBACK_LINES = 8


@dataclass
class MonkeyReport:
    events: int = 0
    scenes: dict[str, int] = field(default_factory=dict)
    matches_checked: int = 0
    actions_checked: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    #: Exceptions met (each is also a problem); the run went on after each.
    crashes: int = 0

    def crashed(self, seed: int, event: int, scene: str, error: BaseException,
                doing: str = "") -> None:
        """Keep an exception as a problem: where it happened and how its traceback ends."""
        self.crashes += 1
        lines = "".join(traceback.format_exception(error)).rstrip().splitlines()
        where = f"seed {seed} event {event} in {scene}" + (f" ({doing})" if doing else "")
        self.problems.append(f"{where}: {type(error).__name__}: {error}\n"
                             + "\n".join(lines[-TRACEBACK_LINES:]))

    def to_json(self) -> dict[str, Any]:
        return {"events": self.events, "scenes": dict(sorted(self.scenes.items())),
                "matches_checked": self.matches_checked, "actions_checked": self.actions_checked,
                "seconds": round(self.seconds, 1), "crashes": self.crashes,
                "problems": self.problems[:5]}


class _Monkey:
    def __init__(self, home: Path, seed: int) -> None:
        from tabletop.games import CATALOGUE, REGISTRY

        self.rng = random.Random(seed)
        self.seed = seed
        self.home = home
        self.registry = CATALOGUE.playable(REGISTRY)
        self.catalogue = CATALOGUE
        self.quits = 0
        self.matches: list[Match] = []
        self.size = (1280, 720)
        self.button_down = False
        self.ctx, self.app = self._open()

    def _open(self) -> tuple[Context, App]:
        init_pygame()
        ctx = Context.create(self.registry, self.catalogue, Storage(self.home))
        ctx.bot_processes = False
        ctx.settings.animation_speed = "fast"
        app = App(ctx, (1280, 720))
        ctx.quit = self._quit
        ctx.set_fullscreen = lambda on: None  # no real full screen in a headless run
        return ctx, app

    def _quit(self) -> None:
        self.quits += 1

    def close(self, report: MonkeyReport) -> None:
        """Leave every scene and stop the bot worker; what fails here is a problem too."""
        for scene in list(self.app.scenes):
            try:
                scene.exit()
            except Exception as error:
                report.crashed(self.seed, report.events, type(scene).__name__, error,
                               "leaving the scene")
        self.ctx.close()

    def recover(self, kind: str, report: MonkeyReport) -> None:
        """After a crash: a fresh scene of ``kind``; if even that fails, a fresh app on
        its main menu."""
        pygame.event.clear()  # what is left of the batch belongs to the broken scene
        self.button_down = False
        try:
            self.reset_to(kind)
            return
        except Exception as error:
            report.crashed(self.seed, report.events, kind, error, "starting the scene again")
        self.close(report)
        self.ctx, self.app = self._open()
        self.reset_to("menu")

    # -- scenes -------------------------------------------------------------------
    def reset_to(self, kind: str) -> None:
        from tabletop.ui.scenes.menu import MainMenu
        from tabletop.ui.scenes.results import ResultsScene
        from tabletop.ui.scenes.rules import RulesScene
        from tabletop.ui.scenes.settings import SettingsScene
        from tabletop.ui.scenes.setup import SetupScene

        scenes = self.app.scenes
        entry = self.rng.choice(list(self.ctx.registry))
        if kind == "hot-seat" and not entry.info.needs_curtain:
            # a game that hides nothing never hangs a curtain: take one that does
            entry = self.rng.choice([e for e in self.ctx.registry if e.info.needs_curtain])
        scenes.reset(MainMenu(self.ctx))
        if kind == "setup":
            scenes.push(SetupScene(self.ctx, entry))
        elif kind == "settings":
            scenes.push(SettingsScene(self.ctx))
        elif kind == "rules":
            scenes.push(RulesScene(self.ctx, entry))
        elif kind in ("table", "pause", "hot-seat"):
            match = self.new_match(entry, humans=2 if kind == "hot-seat" else 1)
            scenes.apply_pending()
            self.app.follow(Open(Route.TABLE, match=match))
            if kind == "pause":
                scenes.apply_pending()
                table = scenes.find(Table)
                if isinstance(table, Table):
                    self.app.follow(table.open_pause())
        elif kind == "results":
            match = self.new_match(entry, humans=0)
            rng = random.Random(self.rng.random())
            while not match.is_over:
                match.settle()
                seats = sorted(match.state.acting_seats())
                if seats:
                    seat = rng.choice(seats)
                    match.apply(rng.choice(match.state.legal_actions(seat)), seat)
                elif (due := match.state.deadline()) is not None:
                    match.apply(due.action, NATURE)
            scenes.push(ResultsScene(self.ctx, match))
        scenes.apply_pending()

    def new_match(self, entry: GameEntry, humans: int) -> Match:
        players = self.rng.randint(entry.min_players, entry.max_players)
        seats = [Seat(f"Monkey {i}", SeatKind.HUMAN) if i < humans else
                 Seat(f"Bot {i}", SeatKind.BOT,
                      self.rng.choice([level for level in ("random", "easy")
                                       if level in entry.bot_levels] or entry.bot_levels[:1]))
                 for i in range(players)]
        options = {"hands": 1} if "hands" in entry.default_options() else {}
        match = Match(entry, seats, self.rng.randrange(2**31), options)
        self.matches.append(match)
        return match

    # -- events -------------------------------------------------------------------
    def point(self) -> tuple[int, int]:
        """Anywhere on screen, or half the time at a table's hotspot (cards, the trick)."""
        top = self.app.scenes.top
        if isinstance(top, Table) and self.rng.random() < 0.5:
            spots = hotspots(top)
            if spots:
                x, y = self.rng.choice(spots)
                return x + self.rng.randint(-8, 8), y + self.rng.randint(-8, 8)
        w, h = self.app.screen.get_size()
        return self.rng.randrange(w), self.rng.randrange(h)

    def random_event(self) -> list[pygame.event.Event]:
        r = self.rng.random()
        E = pygame.event.Event
        if r < 0.30:
            return [E(pygame.MOUSEMOTION, pos=self.point(), rel=(0, 0),
                      buttons=(1 if self.button_down else 0, 0, 0))]
        if r < 0.45:
            self.button_down = True
            return [E(pygame.MOUSEBUTTONDOWN, pos=self.point(), button=self.rng.choice([1, 1, 1, 3]))]
        if r < 0.60:
            self.button_down = False
            return [E(pygame.MOUSEBUTTONUP, pos=self.point(), button=1)]
        if r < 0.68:
            start, end = self.point(), self.point()
            moves = [E(pygame.MOUSEMOTION, pos=(start[0] + (end[0] - start[0]) * i // 6,
                                                start[1] + (end[1] - start[1]) * i // 6),
                       rel=(0, 0), buttons=(1, 0, 0)) for i in range(1, 7)]
            return ([E(pygame.MOUSEBUTTONDOWN, pos=start, button=1)] + moves
                    + [E(pygame.MOUSEBUTTONUP, pos=end, button=1)])
        if r < 0.85:
            key = self.rng.choice(KEYS)
            return [E(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                    E(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)]
        if r < 0.92:
            return [E(pygame.TEXTINPUT, text=self.rng.choice(TEXTS))]
        if r < 0.95:
            return [E(pygame.MOUSEWHEEL, x=0, y=self.rng.choice([-3, -1, 1, 3]), flipped=False)]
        if r < 0.97:
            size = self.rng.choice(SIZES)
            pygame.display.set_mode(size, pygame.RESIZABLE)
            return [E(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
        return [E(self.rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED]))]

    # -- checks -------------------------------------------------------------------
    def check(self, report: MonkeyReport, events: list[pygame.event.Event]) -> None:
        table = self.app.scenes.find(Table)
        released = events[-1].type in (pygame.MOUSEBUTTONUP, pygame.WINDOWFOCUSLOST)
        if isinstance(table, Table) and released and table.controls.grabbed is not None:
            report.problems.append(f"seed {self.seed}: a drag was left hanging after release")
        for match in self.matches[-3:]:
            problems = match.state.invariant_violations()
            if problems:
                report.problems.append(f"seed {self.seed}: {problems[0]}")

    def verify_matches(self, report: MonkeyReport) -> None:
        """Every action that reached a match was legal: the history replays from the seed."""
        for match in self.matches:
            replay = Match(match.entry, match.seats, match.seed, match.options)
            try:
                for seat, action in match.history:
                    replay.apply(action, seat)
            except Exception as error:  # an illegal action got through
                report.problems.append(f"seed {self.seed}: replay failed: {error}")
                continue
            if replay.state.to_json() != match.state.to_json():
                report.problems.append(f"seed {self.seed}: replay does not match the game")
            report.matches_checked += 1
            report.actions_checked += len(match.history)


SCENE_KINDS = ("menu", "setup", "settings", "rules", "table", "pause", "hot-seat", "results")


def run_monkey(events: int, seed: int, home: Path, per_scene: int = 400) -> MonkeyReport:
    """Throw ``events`` random inputs at the app, visiting every kind of scene in turn."""
    monkey = _Monkey(home, seed)
    report = MonkeyReport()
    started = time.perf_counter()
    kinds = list(SCENE_KINDS)
    try:
        while report.events < events:
            kind = kinds[(report.events // per_scene) % len(kinds)]
            name = kind
            try:
                if report.events % per_scene == 0:
                    monkey.reset_to(kind)
                top: Scene | None = monkey.app.scenes.top
                name = type(top).__name__ if top is not None else "none"
                report.scenes[name] = report.scenes.get(name, 0) + 1
                batch = monkey.random_event()
                for event in batch:
                    pygame.event.post(event)
                monkey.app.frame(1 / 60)
                if monkey.rng.random() < 0.3:
                    monkey.app.frame(1 / 60)
                monkey.check(report, batch)
            except Exception as error:
                report.crashed(seed, report.events, name, error)
                monkey.recover(kind, report)
            report.events += 1
            if not monkey.app.running:
                monkey.app.running = True  # a QUIT-like event: carry on from the menu
                monkey.reset_to("menu")
        monkey.verify_matches(report)
    finally:
        monkey.close(report)
        pygame.display.quit()
        report.seconds = time.perf_counter() - started
    return report


def hotspots(table: Table) -> list[tuple[int, int]]:
    """Where the monkey aims at a table: its pieces, zones and buttons."""
    points: list[tuple[int, int]] = [s.rect.center for s in table.picture.sprites.values()]
    points += [zone.rect.center for zone in table.picture.zones.values()]
    points += [rect.center for rect, _ in table.picture.buttons.values()]
    return points
