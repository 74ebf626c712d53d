"""The application: one window, the main loop, the scene stack.

Each frame: read input and hand it to the top scene, advance the top scene in
fixed steps of 1/120 s, let it draw what changed, send only those rectangles to
the screen, then apply any scene changes that were requested.  What a scene returns
from its handlers (:mod:`tabletop.ui.flow`) goes to the router, which opens it.
"""

from __future__ import annotations

import os
import time
import warnings

import pygame

from tabletop.engine.registry import Registry
from tabletop.play.catalogue import Catalogue
from tabletop.storage import Storage
from tabletop.ui.context import Context
from tabletop.ui.flow import Flow
from tabletop.ui.router import Router
from tabletop.ui.scene import Scene, SceneStack

__all__ = ["App", "NoDisplay", "run"]

STEP = 1.0 / 120.0
MAX_STEPS_PER_FRAME = 8
BUSY_FPS = 144
IDLE_FPS = 60
MIN_WINDOW = (800, 560)


class NoDisplay(RuntimeError):
    """There is no screen to open a window on."""


#: Drivers that draw to no screen at all: fine when asked for (tests, benchmarks), a
#: mistake when SDL falls back on them because no real display could be opened.
HEADLESS_DRIVERS = ("offscreen", "dummy")


def check_display() -> None:
    """Refuse to run invisibly: raise :class:`NoDisplay` when SDL found no real screen
    and nobody asked for a headless one (``SDL_VIDEODRIVER``)."""
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        raise NoDisplay(
            "Tabletop needs a display to open its window, and none was found "
            f"(SDL could only offer its {driver!r} driver). Start it from a desktop "
            "session, or check that DISPLAY or WAYLAND_DISPLAY is set.")


class App:
    """Owns the window and runs the frames."""

    def __init__(self, ctx: Context, size: tuple[int, int], fullscreen: bool = False,
                 title: str = "Tabletop") -> None:
        self.ctx = ctx
        self.scenes = SceneStack()
        #: Opens what the scenes ask for (the one place that knows every scene).
        self.router = Router(ctx, self.scenes)
        self.windowed_size = size
        self.windowed_position: tuple[int, int] | None = None
        self.fullscreen = False
        self.running = True
        self._accumulator = 0.0
        pygame.display.set_caption(title)
        self._set_icon()
        self.screen = self._open_window(size, fullscreen)
        #: The size the scenes were last laid out for.
        self.layout_size = self.screen.get_size()
        ctx.set_fullscreen = self.set_fullscreen
        ctx.quit = self.stop

    # -- window -------------------------------------------------------------------
    def _set_icon(self) -> None:
        try:
            pygame.display.set_icon(self.ctx.assets.svg("icon.svg", (64, 64), keep=True))
        except (pygame.error, OSError):
            pass

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
                return screen
            except pygame.error:
                pass
        self.fullscreen = False
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if on:
            self.windowed_size = self.screen.get_size()
            self.windowed_position = _window_position()
            # Where no window manager places a full-screen window (X without one), it
            # stays where it was: put it in the desktop's corner first.
            _move_window((0, 0))
            self.screen = self._open_window(self.windowed_size, True)
        else:
            self.screen = self._leave_fullscreen()
        self.ctx.settings.fullscreen = self.fullscreen
        self._resized()
        self.ctx.save_settings()

    def _leave_fullscreen(self) -> pygame.Surface:
        """Back to the window as it was before full screen: its size and its place.

        Some window systems (X without a window manager) still hold the window at the
        full-screen size when it first comes back, and say so in a warning; the window is
        then no longer full screen and takes its own size when asked once more."""
        size = fit_within_desktop(self.windowed_size)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            screen = self._open_window(size, False)
        if screen.get_size() != size:
            screen = self._open_window(size, False)
        self._place_window(screen.get_size())
        return screen

    def _place_window(self, size: tuple[int, int]) -> None:
        """Back from full screen: where the window was, kept wholly on the desktop."""
        desktops = pygame.display.get_desktop_sizes()
        if not desktops:
            return
        dw, dh = desktops[0]
        x, y = self.windowed_position or ((dw - size[0]) // 2, (dh - size[1]) // 2)
        _move_window((max(0, min(x, dw - size[0])), max(0, min(y, dh - size[1]))))

    def _resized(self) -> None:
        """Lay every scene out for the window as it really is now (its surface's size,
        whatever size was asked for or an event reported)."""
        screen = pygame.display.get_surface()
        if screen is None:
            return
        self.screen = screen
        size = screen.get_size()
        if not self.fullscreen:
            self.windowed_size = size
            self.ctx.settings.window_width, self.ctx.settings.window_height = size
        changed = size != self.layout_size
        self.layout_size = size
        for scene in self.scenes:
            if changed:
                scene.resize(size)
            else:  # a new surface of the same size: only its picture is to be made again
                scene.needs_full_redraw = True

    def stop(self) -> None:
        self.running = False

    def follow(self, flow: Flow) -> None:
        """Open what a scene asked for (applied between frames)."""
        self.router.follow(flow)

    # -- frames -------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            # The size reported may be one the window system forced, or already out of
            # date (a full-screen size reported after leaving full screen): the window's
            # surface says what it is now.
            self._resized()
            return
        if event.type == pygame.KEYDOWN and (
                event.key == pygame.K_F11
                or (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)):
            self.set_fullscreen(not self.fullscreen)
            return
        top = self.scenes.top
        if top is not None:
            self.follow(top.handle_event(event))

    def frame(self, elapsed: float) -> None:
        """One frame of work (input, updates, drawing); ``elapsed`` is real seconds since the last."""
        self.ctx.pump()
        for event in pygame.event.get():
            self.dispatch(event)
        scenes = self.scenes
        if scenes.apply_pending():
            self._accumulator = 0.0
        top = scenes.top
        if top is None:
            self.running = False
            return
        self._accumulator = min(self._accumulator + elapsed, STEP * MAX_STEPS_PER_FRAME)
        while self._accumulator >= STEP:
            self.follow(top.update(STEP))
            self._accumulator -= STEP
        top.end_frame()
        self.draw(top)
        if scenes.apply_pending():
            new_top = scenes.top
            if new_top is not None and new_top is not top:
                self.draw(new_top)

    def draw(self, scene: Scene) -> None:
        rects = scene.draw(self.screen)
        if rects:
            pygame.display.update(rects)

    def run(self, first: Scene | None = None) -> int:
        """Play from ``first`` (the main menu unless told) until the player quits."""
        self.scenes.push(first or self.router.home())
        clock = pygame.time.Clock()
        last = time.perf_counter()
        probe = os.environ.get("TABLETOP_STARTUP_PROBE") == "1"
        while self.running:
            now = time.perf_counter()
            self.frame(now - last)
            last = now
            if probe:  # benchmarks: report the first interactive frame, then leave
                print("tabletop-first-frame", flush=True)
                self.running = False
            top = self.scenes.top
            clock.tick(BUSY_FPS if top is not None and top.busy else IDLE_FPS)
        self.close()
        self.ctx.save_settings()
        return 0

    def close(self) -> None:
        """Leave every scene and stop the bot worker."""
        for scene in list(self.scenes):
            scene.exit()
        self.ctx.close()


def init_pygame() -> None:
    """Start pygame's video and fonts (audio is started, or skipped, by :class:`Audio`)."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.display.init()
    pygame.font.init()
    pygame.key.set_repeat(350, 40)


def run(registry: Registry, catalogue: Catalogue, fullscreen: bool | None = None) -> int:
    """Open the window on the main menu with the games of ``registry`` as ``catalogue``
    lists them (the command line builds both: the kit knows no game) and play until the
    player quits."""
    init_pygame()
    try:
        check_display()
    except NoDisplay:
        pygame.quit()
        raise
    ctx = Context.create(registry, catalogue, Storage())
    settings = ctx.settings
    size = fit_on_desktop((settings.window_width, settings.window_height))
    app = App(ctx, size, settings.fullscreen if fullscreen is None else fullscreen)
    try:
        return app.run()
    finally:
        pygame.quit()


def fit_on_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """A window size no smaller than the minimum and no larger than the desktop (less room
    for a title bar and a panel)."""
    w, h = max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])
    desktops = pygame.display.get_desktop_sizes()
    if desktops:
        w, h = min(w, desktops[0][0]), min(h, desktops[0][1] - 60)
    return w, h


def fit_within_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` made no larger than the desktop (a window that had room before full
    screen comes back exactly as it was)."""
    desktops = pygame.display.get_desktop_sizes()
    if not desktops:
        return size
    return min(size[0], desktops[0][0]), min(size[1], desktops[0][1])


def _move_window(place: tuple[int, int]) -> None:
    try:
        pygame.display.set_window_position(place)
    except pygame.error:
        pass  # some window systems place windows themselves


def _window_position() -> tuple[int, int] | None:
    try:
        x, y = pygame.display.get_window_position()
    except pygame.error:
        return None
    return x, y
