"""One keymap for the whole app: no game binds a key the kit keeps, a game key means
the same move in every game that has it, and every move the mouse can make the keys
can make too."""

from __future__ import annotations

import random
from collections import defaultdict

import pygame
import pytest

from tabletop.engine.match import Match
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.ui.keymap import RESERVED, Command, command
from tabletop.ui.table.interaction import Moves

from ..play import solo_for

#: Short games of each turn-based game, and how many of the human's turns to check.
GAMES = {
    "enemy-anemone": (3, {"hands": 1}),
    "anniversary": (2, {"chapter": 2}),
    "anno": (3, {"rounds": 1}),
    "annapurna": (2, {"level": "easy"}),
}
DIGITS = frozenset(range(pygame.K_0, pygame.K_9 + 1))


def test_the_reserved_keys_mean_what_the_keymap_says():
    assert command(pygame.K_h) is Command.HINT
    assert command(pygame.K_ESCAPE) is Command.BACK
    assert command(pygame.K_TAB, pygame.KMOD_SHIFT) is Command.UP
    assert command(pygame.K_z, pygame.KMOD_CTRL) is Command.UNDO
    assert command(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT) is Command.REDO
    assert command(pygame.K_y, pygame.KMOD_CTRL) is Command.REDO
    assert command(pygame.K_y) is None and command(pygame.K_p) is None  # free for games


def test_no_game_reads_a_reserved_key_itself():
    for entry in CATALOGUE.playable(REGISTRY):
        load_table = CATALOGUE.get(entry.id).load_table
        assert load_table is not None
        spec = load_table()
        assert not set(spec.OWN_KEYS) & RESERVED, entry.id


def check_position(moves: Moves, table, seen: dict[int, set[str]]) -> None:  # type: ignore[no-untyped-def]
    for press in moves.presses:
        control = press.control
        if control.key is not None:
            assert control.key not in RESERVED, (table.entry.id, control)
            seen[control.key].add(type(press.steps[0]).__name__)
        if press.live and control.slot is not None:  # a button the mouse can press…
            assert control.key is not None or control.primary or control.back, \
                (table.entry.id, control)           # …has a key too
    for option in moves.options:
        gesture = option.gesture
        zone = table.picture.zones[gesture.source]
        assert zone.focusable, (table.entry.id, gesture)  # the arrows can reach the piece
        assert gesture.piece in [p.key for p in zone.pieces], (table.entry.id, gesture)
        if not gesture.in_place:
            assert gesture.target in table.picture.zones, (table.entry.id, gesture)


@pytest.mark.slow
def test_every_move_the_mouse_makes_the_keys_make_and_keys_agree_across_games(driver):
    seen: dict[int, set[str]] = defaultdict(set)
    rng = random.Random(5)
    for game, (players, options) in GAMES.items():
        entry = REGISTRY.get(game)
        match = Match(entry, solo_for(entry, players), seed=9, options=options)
        table = driver.open_table(match)
        for _ in range(40):
            driver.until(lambda: match.is_over or (table.my_turn() and not table.animating))
            if match.is_over:
                break
            moves = table.moves()
            assert moves, f"{game}: the viewer acts but can do nothing"
            check_position(moves, table, seen)
            steps = rng.choice([o.steps for o in moves.options]
                               + [p.steps for p in moves.live()])
            assert table.session.act(steps), (game, steps, table.chrome.showing)
        driver.scenes.pop()
    for key, actions in seen.items():
        if key not in DIGITS:  # digits choose the numbered thing on screen
            assert len(actions) == 1, (pygame.key.name(key), actions)
