"""Every table fits every window from 1024×640 to 3840×2160: its zones, name plates,
prompt and the frame's panels lie inside the window and do not overlap."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.ui.flow import Open, Route
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.table.scene import Table

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]
CASES = [pytest.param(entry.id, players, size, id=f"{entry.id}-{players}p-{size[0]}x{size[1]}")
         for entry in CATALOGUE.playable(REGISTRY)
         for players in range(entry.min_players, entry.max_players + 1)
         for size in SIZES]


def rects(table):
    """What must not overlap: each zone holding pieces, the plates, the prompt, the panels."""
    found = {}
    for zone_id, zone in table.picture.zones.items():
        if zone.pieces:
            found[f"zone {zone_id}"] = zone.bounds()
    for key, sprite in table.picture.decor.items():
        if isinstance(key, tuple) and key[0] in ("plate", "hud", "tray") or key in (
                "prompt", "info", "share", "ready", "pass", "supply"):
            found[f"decor {key}"] = sprite.rect
    found["log"] = table.frame.log
    return found


@pytest.mark.parametrize(("game", "players", "size"), CASES)
def test_the_table_fits_the_window(driver, game, players, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    seats = [Seat("Ada", SeatKind.HUMAN)] + [
        Seat(f"Bot {i}", SeatKind.BOT, "easy") for i in range(1, players)]
    match = Match(REGISTRY.get(game), seats, 3)
    driver.follow(Open(Route.TABLE, match=match))
    driver.frames(2)
    table = driver.scenes.find(Table)
    assert table.size == size
    screen = pygame.Rect(0, 0, *size)
    driver.ctx.text.cut.clear()
    for turn in range(5):  # the first turns: a draft, sharing and a Date; leads and follows
        driver.until(lambda: match.is_over or (table.my_turn() and not table.animating))
        if match.is_over:
            break
        # No words cut short with "…": not the prompt, the panel, a plate or a button.
        assert not driver.ctx.text.cut, f"turn {turn}: cut short: {list(driver.ctx.text.cut)}"
        found = rects(table)
        for name, rect in found.items():
            assert screen.contains(rect), f"turn {turn}: {name} {rect} leaves the window"
        for (a, ra), (b, rb) in itertools.combinations(found.items(), 2):
            assert not ra.colliderect(rb), f"turn {turn}: {a} {ra} overlaps {b} {rb}"
        news = table.spec.toast_area()
        if news is not None:  # tips and news beside the play, never over it
            assert news.h >= table.frame.px(60) and screen.contains(news), news
            for name, rect in found.items():
                assert not news.colliderect(rect), f"turn {turn}: news {news} overlaps {name}"
        legal = match.state.legal_actions(0)
        table.session.apply(next(x for x in legal if type(x).__name__ not in ("Arm", "Pick")), 0)
