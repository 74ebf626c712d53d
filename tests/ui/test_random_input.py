"""Whole games of every turn-based game by keys only and by mouse only, each move a
random one of those the table lights: the arrows, Tab and Enter (or a game's keys) reach
every one of them, and so do drags and clicks."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop.engine.match import Match
from tabletop.games import REGISTRY
from tabletop.ui.table.interaction import Option, Press

from ..play import solo_for

GAMES = {
    "enemy-anemone": (3, {"hands": 1}),
    "anniversary": (2, {"chapter": 2}),
    "anno": (3, {"rounds": 1}),
    "annapurna": (2, {"level": "easy"}),
}
LIMIT = 500  # the player's moves in one game (random climbers may wander)


def by_keys(driver, table, move: Option | Press) -> None:  # type: ignore[no-untyped-def]
    if isinstance(move, Option):
        driver.focus_on(table, move.gesture.piece, move.gesture.source)
        driver.put(table, move.steps)
        return
    control = move.control
    key = control.key if control.key is not None else (
        pygame.K_SPACE if control.primary else pygame.K_ESCAPE)
    driver.key(key)


def by_mouse(driver, table, move: Option | Press) -> None:  # type: ignore[no-untyped-def]
    if isinstance(move, Press):
        rect = table.picture.button_rect(move.steps[0])
        driver.click(rect.center)
        return
    start = visible_point(table, move.gesture.source, move.gesture.piece)
    if move.gesture.in_place:
        driver.click(start)
        return
    area = table.controls.target_rect(move.gesture)
    driver.drag(start, area.center)


def visible_point(table, zone_id: str, key) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """A point where the piece ``key`` is the one under the pointer (cards of a fan or
    a pyramid overlap)."""
    rect = table.picture.sprite_of(key).rect
    for fy in (0.5, 0.2, 0.8, 0.1, 0.35, 0.65, 0.9):
        for fx in (0.5, 0.2, 0.8, 0.1, 0.9, 0.35, 0.65):
            point = (round(rect.x + rect.w * fx), round(rect.y + rect.h * fy))
            spot = table.controls.piece_at(point)
            if spot is not None and spot[0] == zone_id and \
                    table.picture.zones[zone_id].pieces[spot[1]].key == key:
                return point
    raise AssertionError(f"{key} is hidden under other pieces in {zone_id}")


def mouse_moves(table) -> list[Option | Press]:  # type: ignore[no-untyped-def]
    moves = table.moves()
    return [*moves.options, *(p for p in moves.live() if p.control.slot is not None)]


def key_moves(table) -> list[Option | Press]:  # type: ignore[no-untyped-def]
    moves = table.moves()
    return [*moves.options, *(p for p in moves.live() if p.control.key is not None
                              or p.control.primary
                              or (p.control.back and p is moves.back()))]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["keys", "mouse"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_of_random_lit_moves(driver, game, mode):
    players, options = GAMES[game]
    entry = REGISTRY.get(game)
    match = Match(entry, solo_for(entry, players), seed=31, options=options)
    table = driver.open_table(match)
    rng = random.Random(f"{game}-{mode}")
    driver.ctx.settings.guide = False
    for _ in range(LIMIT):
        driver.until(lambda: match.is_over or (table.my_turn() and not table.animating))
        if match.is_over:
            break
        choices = key_moves(table) if mode == "keys" else mouse_moves(table)
        assert choices, f"{game}: nothing to do by {mode}"
        move = rng.choice(choices)
        before = len(match.history)
        (by_keys if mode == "keys" else by_mouse)(driver, table, move)
        made = [a for seat, a in match.history[before:] if seat == 0]
        assert made[:len(move.steps)] == list(move.steps), \
            (game, mode, move, made, table.chrome.showing)
        table.controls.choose(None)  # a fresh start for the next move's choosing
    assert match.is_over, f"{game}: not over after {LIMIT} moves by {mode}"
    assert table.drift == 0
