"""The window: leaving full screen gives back the window as it was, on the desktop."""

from __future__ import annotations

import pygame

from tabletop.ui.app import App, fit_on_desktop


def test_leaving_full_screen_restores_the_window_size_and_place(driver):
    app: App = driver.app
    pygame.display.set_mode((820, 600), pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=(820, 600), w=820, h=600)
    driver.frames(2)
    pygame.display.set_window_position((60, 40))
    before = app.screen.get_size()
    app.set_fullscreen(True)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.fullscreen and app.screen.get_size() == desktop
    # The window system reports the full-screen size while it is full screen.
    driver.post(pygame.WINDOWSIZECHANGED, x=desktop[0], y=desktop[1])
    driver.frames(2)
    app.set_fullscreen(False)
    assert not app.fullscreen
    assert app.screen.get_size() == before == (820, 600)
    x, y = pygame.display.get_window_position()
    w, h = app.screen.get_size()
    assert (x, y) == (60, 40) and x + w <= desktop[0] and y + h <= desktop[1]
    assert (driver.ctx.settings.window_width, driver.ctx.settings.window_height) == (w, h)


def test_a_window_too_big_for_the_desktop_is_made_to_fit():
    pygame.display.init()
    desktop = pygame.display.get_desktop_sizes()[0]
    w, h = fit_on_desktop((desktop[0] + 900, desktop[1] + 900))
    assert w <= desktop[0] and h <= desktop[1] - 60
    assert fit_on_desktop((10, 10)) == (800, 560)
