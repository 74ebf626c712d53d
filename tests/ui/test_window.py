"""The window: leaving full screen gives back the window as it was, on the desktop, and
the scenes are laid out for the window's real size, whatever size was asked for or
reported."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tabletop.ui.app import App, fit_on_desktop
from tabletop.ui.scenes.menu import MainMenu


class ForcingWindowSystem:
    """An X server without a window manager, as it behaves: a window made full screen
    keeps its place (``full_at`` records it: off the corner, the picture is cut off);
    the first windowed mode asked for after full screen still has the full-screen size
    (and that size is reported); asked once more, the window takes the size asked for."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real: Callable[..., pygame.Surface] = pygame.display.set_mode
        self.full = False
        self.forced = 0
        self.full_at: list[tuple[int, int]] = []
        monkeypatch.setattr(pygame.display, "set_mode", self.set_mode)

    def set_mode(self, size: tuple[int, int] = (0, 0), flags: int = 0,
                 *args: Any, **kwargs: Any) -> pygame.Surface:
        if flags & pygame.FULLSCREEN and not self.full:
            self.full_at.append(pygame.display.get_window_position())
        if self.full and not flags & pygame.FULLSCREEN:
            self.full = False
            self.forced += 1
            desktop = pygame.display.get_desktop_sizes()[0]
            screen = self.real(desktop, flags)
            pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED,
                                                 x=desktop[0], y=desktop[1]))
            return screen
        self.full = bool(flags & pygame.FULLSCREEN)
        return self.real(size, flags, *args, **kwargs)


def window_of(driver, size: tuple[int, int], place: tuple[int, int]) -> list[tuple[int, int]]:
    """The main menu in a window of ``size`` at ``place``; the sizes its layout is
    given from now on."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_window_position(place)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    menu = MainMenu(driver.ctx)
    driver.scenes.push(menu)
    driver.frames(2)
    assert menu.size == size
    given: list[tuple[int, int]] = []
    resize = menu.resize

    def recorded(new: tuple[int, int]) -> None:
        given.append(new)
        resize(new)
    menu.resize = recorded  # type: ignore[method-assign]
    return given


def test_leaving_full_screen_restores_the_window_size_and_place(driver):
    app: App = driver.app
    given = window_of(driver, (820, 600), (60, 40))
    app.set_fullscreen(True)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.fullscreen and app.screen.get_size() == desktop
    # The window system reports the full-screen size while it is full screen.
    driver.post(pygame.WINDOWSIZECHANGED, x=desktop[0], y=desktop[1])
    driver.frames(2)
    app.set_fullscreen(False)
    assert not app.fullscreen
    assert app.screen.get_size() == (820, 600)
    x, y = pygame.display.get_window_position()
    w, h = app.screen.get_size()
    assert (x, y) == (60, 40) and x + w <= desktop[0] and y + h <= desktop[1]
    assert (driver.ctx.settings.window_width, driver.ctx.settings.window_height) == (w, h)
    assert given == [desktop, (820, 600)]


def test_f11_twice_gives_back_the_window_even_when_it_comes_back_full_size(driver, monkeypatch):
    app: App = driver.app
    given = window_of(driver, (820, 600), (60, 40))
    system = ForcingWindowSystem(monkeypatch)
    driver.key(pygame.K_F11)
    assert app.fullscreen
    driver.key(pygame.K_F11)
    driver.frames(2)  # the size reported when the window came back is out of date now
    assert system.full_at == [(0, 0)]  # full screen from the desktop's corner
    assert system.forced == 1 and not app.fullscreen
    assert pygame.display.get_window_size() == app.screen.get_size() == (820, 600)
    assert pygame.display.get_window_position() == (60, 40)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert given == [desktop, (820, 600)]
    assert driver.top.size == (820, 600)
    assert (driver.ctx.settings.window_width, driver.ctx.settings.window_height) == (820, 600)
    assert driver.ctx.settings.fullscreen is False


@pytest.mark.parametrize("kind", ["VIDEORESIZE", "WINDOWSIZECHANGED", "both"])
def test_a_size_forced_by_the_window_system_lays_the_scenes_out_once_for_it(driver, kind):
    given = window_of(driver, (820, 600), (60, 40))
    pygame.display.set_mode((900, 650), pygame.RESIZABLE)  # the window system's doing
    if kind in ("VIDEORESIZE", "both"):
        driver.post(pygame.VIDEORESIZE, size=(900, 650), w=900, h=650)
    if kind in ("WINDOWSIZECHANGED", "both"):
        driver.post(pygame.WINDOWSIZECHANGED, x=900, y=650)
    driver.frames(2)
    assert given == [(900, 650)]
    assert driver.app.screen.get_size() == (900, 650)
    assert (driver.ctx.settings.window_width, driver.ctx.settings.window_height) == (900, 650)


def test_a_window_too_big_for_the_desktop_is_made_to_fit():
    pygame.display.init()
    desktop = pygame.display.get_desktop_sizes()[0]
    w, h = fit_on_desktop((desktop[0] + 900, desktop[1] + 900))
    assert w <= desktop[0] and h <= desktop[1] - 60
    assert fit_on_desktop((10, 10)) == (800, 560)
