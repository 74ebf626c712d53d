"""Taking a move back: against bots while nothing random or hidden has come out since,
at a shared screen only if everyone agreed; played again with Ctrl+Y until you move."""

from __future__ import annotations

import pygame

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY

CTRL = pygame.KMOD_CTRL


def seats(entry, humans: int, players: int) -> list[Seat]:
    return [Seat(f"P{i + 1}", SeatKind.HUMAN) if i < humans
            else Seat(f"Bot {i}", SeatKind.BOT, "normal") for i in range(players)]


def test_undo_rewinds_to_the_same_position_and_redo_plays_it_again(driver):
    entry = REGISTRY.get("annapurna")  # nothing hidden comes out between two moves
    match = Match(entry, seats(entry, 1, 2), seed=7)
    table = driver.open_table(match)
    assert driver.until(lambda: table.my_turn() and not table.animating, limit=5_000) < 5_000
    before = match.state.to_json()
    length = len(match.history)
    driver.key(pygame.K_h)  # the hint lights a move; Enter plays it
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert len(match.history) > length
    played = match.history[length:]
    undos = 0
    while len(match.history) > length and undos < 5:  # each press takes back one move
        driver.key(pygame.K_z, CTRL)
        driver.frames(2)
        undos += 1
    assert len(match.history) == length and match.state.to_json() == before
    assert len(table.redo_stack) == undos
    for _ in range(undos):
        driver.key(pygame.K_y, CTRL)
        driver.frames(2)
    assert match.history[length:] == played and not table.redo_stack
    # The save on disk follows the take-back and the replay.
    saved, _ = driver.ctx.storage.load_match(REGISTRY, entry.id)
    assert saved is not None and saved.history[:len(match.history)] == match.history[:len(saved.history)]
    driver.until(lambda: not table.animating)
    assert table.drift == 0


def test_a_move_followed_by_a_shown_card_cannot_be_taken_back_and_says_why(driver):
    entry = REGISTRY.get("enemy-anemone")
    match = Match(entry, seats(entry, 1, 3), seed=4, options={"hands": 1})
    table = driver.open_table(match)
    for _ in range(3):  # play until bots have answered a card of ours
        assert driver.until(lambda: table.my_turn() and not table.animating,
                            limit=5_000) < 5_000
        driver.key(pygame.K_h)
        driver.key(pygame.K_RETURN)
        driver.frames(2)
    assert driver.until(lambda: table.my_turn() and not table.animating, limit=5_000) < 5_000
    length = len(match.history)
    driver.key(pygame.K_z, CTRL)
    driver.frames(2)
    assert len(match.history) == length
    assert "since" in table.chrome.showing


def test_at_a_shared_screen_take_backs_need_everyones_agreement(driver):
    entry = REGISTRY.get("annapurna")
    match = Match(entry, seats(entry, 2, 2), seed=7)
    assert table_refuses(driver, match)
    agreed = Match(entry, seats(entry, 2, 2), seed=7)
    agreed.undo_allowed = True
    assert Match.from_json(REGISTRY, agreed.to_json()).undo_allowed


def table_refuses(driver, match) -> bool:
    table = driver.open_table(match)
    table.undo()
    return "Take-backs are off" in table.chrome.showing
