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
    # Chapter 1 of Anniversary: the human is the top and drafts first, and nothing
    # hidden comes out before they lead the first Date.
    entry = REGISTRY.get("anniversary")
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
    assert len(table.session.redo_stack) == undos
    for _ in range(undos):
        driver.key(pygame.K_y, CTRL)
        driver.frames(2)
    assert match.history[length:] == played and not table.session.redo_stack
    # The save on disk follows the take-back and the replay (once the saver, which
    # writes in the background, has caught up).
    table.session.saver.flush()
    saved, _ = driver.ctx.storage.load_match(REGISTRY, entry.id)
    assert saved is not None and saved.history[:len(match.history)] == match.history[:len(saved.history)]
    driver.until(lambda: not table.animating)
    assert table.drift == 0


def test_a_move_followed_by_a_shown_card_cannot_be_taken_back_and_says_why(driver):
    entry = REGISTRY.get("enemy-anemone")
    match = Match(entry, seats(entry, 1, 3), seed=4, options={"hands": 1})
    table = driver.open_table(match)
    for turn in range(12):  # play until bots have answered a card of ours
        assert driver.until(lambda: table.my_turn() and not table.animating,
                            limit=5_000) < 5_000
        if turn >= 3 and match.history[-1][0] != 0:
            break
        driver.key(pygame.K_h)
        driver.key(pygame.K_RETURN)
        driver.frames(2)
    assert match.history[-1][0] != 0, "no bot card came after ours"
    length = len(match.history)
    driver.key(pygame.K_z, CTRL)
    driver.frames(2)
    assert len(match.history) == length
    assert "since" in table.chrome.showing


def test_an_annapurna_explore_turns_a_card_up_and_cannot_be_taken_back(driver):
    entry = REGISTRY.get("annapurna")
    match = Match(entry, seats(entry, 1, 2), seed=7)
    table = driver.open_table(match)
    assert driver.until(lambda: table.my_turn() and not table.animating, limit=5_000) < 5_000
    length = len(match.history)
    driver.key(pygame.K_h)  # the first turn explores a face-down card of the bottom row
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    after = len(match.history)
    assert after > length
    driver.key(pygame.K_z, CTRL)
    driver.frames(2)
    assert len(match.history) >= after and "revealed since" in table.chrome.showing


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


def test_anno_steps_within_a_turn_are_taken_back_but_a_burn_is_not(driver):
    from tabletop.games.anno.actions import Burn, Declare

    entry = REGISTRY.get("anno")
    match = Match(entry, seats(entry, 1, 2), seed=5, options={"rounds": 1})
    table = driver.open_table(match)
    state = match.state
    for _ in range(30):  # burn until a Month can be laid down
        assert driver.until(lambda: table.my_turn() and not table.animating,
                            limit=5_000) < 5_000
        declare = next((a for a in state.generate_legal(0) if isinstance(a, Declare)), None)
        if declare is not None:
            break
        table.session.act([next(a for a in state.generate_legal(0) if isinstance(a, Burn))])
    assert declare is not None
    length = len(match.history)
    table.session.act([declare])
    driver.frames(2)
    assert state.declared == declare.month
    driver.key(pygame.K_z, CTRL)
    driver.frames(2)
    state = match.state  # a take-back replays the game into a new state
    assert state.declared is None and len(match.history) == length, table.chrome.showing
    # A burn draws a card: it cannot be taken back.
    table.session.act([next(a for a in state.generate_legal(0) if isinstance(a, Burn))])
    driver.frames(2)
    after = len(match.history)
    driver.key(pygame.K_z, CTRL)
    driver.frames(2)
    assert len(match.history) >= after and "drawn" in table.chrome.showing


def test_anniversary_gestures_taken_can_be_taken_back_until_cards_come_out(driver):
    entry = REGISTRY.get("anniversary")
    match = Match(entry, seats(entry, 1, 2), seed=6)
    table = driver.open_table(match)
    assert driver.until(lambda: table.my_turn() and not table.animating, limit=5_000) < 5_000
    length = len(match.history)
    before = match.state.to_json()
    driver.key(pygame.K_h)
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert len(match.history) > length
    driver.key(pygame.K_z, CTRL)
    driver.frames(2)
    index, why = match.undo_point(0)
    if len(match.history) == length:  # taken back: exactly where it was
        assert match.state.to_json() == before
    else:  # refused: the reason was said
        assert "since" in table.chrome.showing or why
