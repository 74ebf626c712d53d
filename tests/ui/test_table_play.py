"""Playing Enemy Anemone at the real table with synthetic mouse and keyboard input."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.ui.cards import CardSprite
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.scenes.menu import MainMenu, open_table
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.table_scene import TableScene

EA = REGISTRY.get("enemy-anemone")


def start(driver, seats, seed=11, hands=1):
    driver.ctx.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    match = Match(EA, seats, seed, {"hands": hands})
    open_table(driver.ctx, match)
    driver.frames(2)
    return match, driver.ctx.scenes.find(TableScene)


def solo(players=4):
    return [Seat("Ada", SeatKind.HUMAN)] + [
        Seat(f"Bot {i}", SeatKind.BOT, "easy") for i in range(1, players)]


def wait_for_turn(driver, table, seat=0):
    driver.until(lambda: table.match.is_over or table.my_turn() and table.viewer == seat)


def sprite_center(sprite):
    rect = sprite.rect
    return rect.centerx, rect.centery - rect.h // 5


def test_drag_a_card_to_the_trick_plays_it_and_the_animation_ends(driver):
    match, table = start(driver, solo())
    wait_for_turn(driver, table)
    legal = match.state.legal_actions(0)
    action = next(a for a in legal if isinstance(a, Play))
    sprite = table.hand_sprites[table.vm.hand.index(action.card)]
    before = len(match.history)
    driver.drag(sprite_center(sprite), table.L.trick_rect().center)
    assert len(match.history) == before + 1
    assert match.history[-1] == (0, action)
    driver.until(lambda: not table.animator.busy)
    assert table.resyncs == 0
    assert sprite not in table.hand_sprites
    assert action.card not in table.vm.hand


def test_an_illegal_drop_glides_back_and_says_why(driver):
    match, table = start(driver, solo(3), seed=5)
    # Wait for a turn where some card in hand cannot be played.
    for _ in range(40):
        wait_for_turn(driver, table)
        legal = match.state.legal_actions(0)
        blocked = [c for c in table.vm.hand if Play(c) not in legal and Discard(c) not in legal]
        if blocked:
            break
        play = next(a for a in legal if isinstance(a, (Play, Discard)))
        table.apply(play, 0)
    else:
        pytest.skip("no blocked card came up")
    card = blocked[0]
    sprite = table.hand_sprites[table.vm.hand.index(card)]
    home = sprite.pos
    before = match.state.to_json()
    driver.drag(sprite_center(sprite), table.L.trick_rect().center)
    assert match.state.to_json() == before
    toast = table._toast
    assert toast is not None  # the reason is on screen
    driver.until(lambda: not table.animator.moving)
    assert abs(sprite.pos[0] - home[0]) < 3 and abs(sprite.pos[1] - home[1]) < 3


def play_by_keyboard(driver, table, match):
    """Choose the first legal card with the arrow keys and play it with Enter."""
    legal = match.state.legal_actions(0)
    wanted = [a.card for a in legal if isinstance(a, (Play, Discard))][-1]
    driver.key(pygame.K_RIGHT)
    for _ in range(len(table.vm.hand)):
        assert any(a.card == table.vm.hand[table.selected] for a in legal), "skips unplayable cards"
        if table.vm.hand[table.selected] == wanted:
            break
        driver.key(pygame.K_RIGHT)
    before = len(match.history)
    driver.key(pygame.K_RETURN)
    assert len(match.history) == before + 1
    assert match.history[-1][1].card == wanted


def test_a_whole_four_hand_game_by_keyboard_alone(driver):
    match, table = start(driver, solo(4), seed=21, hands=4)
    while not match.is_over:
        wait_for_turn(driver, table)
        if match.is_over:
            break
        play_by_keyboard(driver, table, match)
    driver.until(lambda: isinstance(driver.top, ResultsScene))
    assert table.resyncs == 0


def test_a_whole_four_hand_game_by_mouse_alone(driver):
    match, table = start(driver, solo(4), seed=22, hands=4)
    while not match.is_over:
        wait_for_turn(driver, table)
        if match.is_over:
            break
        legal = match.state.legal_actions(0)
        action = next(a for a in legal if isinstance(a, (Play, Discard)))
        sprite = table.hand_sprites[table.vm.hand.index(action.card)]
        target = (table.L.pile_rect(0).center if isinstance(action, Discard)
                  else table.L.trick_rect().center)
        before = len(match.history)
        driver.drag(sprite_center(sprite), target)
        assert len(match.history) == before + 1, table._toast
    driver.until(lambda: isinstance(driver.top, ResultsScene))
    assert table.resyncs == 0


def test_attaching_an_anemone_by_keyboard(driver):
    match, table = start(driver, solo(3), seed=8)
    # Give the human two anemones and wait for their turn.
    wait_for_turn(driver, table)
    match.state.pool.ones[0] = 2
    match.state.pool.supply -= 2
    table.rebuild_view()
    wait_for_turn(driver, table)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)
    assert table.armed == (2, 0)
    card = table.vm.hand[table.selected]
    driver.key(pygame.K_RETURN)
    assert match.history[-2:] == [(0, Arm(2, 0)), (0, Play(card))]


def test_hot_seat_never_shows_one_human_the_others_hand(driver):
    seats = [Seat("Ada", SeatKind.HUMAN), Seat("Bot", SeatKind.BOT, "easy"),
             Seat("Bea", SeatKind.HUMAN), Seat("Cat", SeatKind.BOT, "easy")]
    match, table = start(driver, seats, seed=4)
    curtains = 0
    for _ in range(60_000):
        if isinstance(driver.top, ResultsScene):
            break
        if isinstance(driver.top, Curtain):
            curtains += 1
            assert table.viewer is None
            driver.key(pygame.K_RETURN)
            continue
        viewer = table.viewer
        for other in (0, 2):
            if other == viewer:
                continue
            secret = set(match.state.hands[other])
            for sprite in table.compositor.sprites:
                if isinstance(sprite, CardSprite) and sprite.face_up and sprite.visible:
                    assert sprite.tag not in secret, f"{match.name(other)}'s card is on show"
        if table.my_turn():
            action = match.state.legal_actions(viewer)[0]
            table.apply(action, viewer)
        driver.frames(1)
    assert match.is_over
    assert curtains >= 4


def test_dragging_an_anemone_onto_a_card_attaches_it(driver):
    match, table = start(driver, solo(3), seed=8)
    wait_for_turn(driver, table)
    match.state.pool.ones[0] = 1
    match.state.pool.supply -= 1
    table.rebuild_view()
    wait_for_turn(driver, table)
    legal = match.state.legal_actions(0)
    card = next(a.card for a in legal if isinstance(a, Play))
    index = table.vm.hand.index(card)
    token = table.my_tokens[0]
    driver.drag(token.rect.center, sprite_center(table.hand_sprites[index]))
    assert table.armed == (1, 0) and table.selected == index
    # Clicking the selected card plays it with the anemone attached.
    driver.click(sprite_center(table.hand_sprites[index]))
    assert match.history[-2:] == [(0, Arm(1, 0)), (0, Play(card))]


def test_clicking_a_card_then_the_table_plays_it(driver):
    match, table = start(driver, solo(4), seed=30)
    wait_for_turn(driver, table)
    legal = match.state.legal_actions(0)
    action = next(a for a in legal if isinstance(a, Play))
    driver.click(sprite_center(table.hand_sprites[table.vm.hand.index(action.card)]))
    assert table.selected == table.vm.hand.index(action.card)
    driver.click(table.L.trick_rect().center)
    assert match.history[-1] == (0, action)


def test_resizing_the_window_keeps_the_game(driver):
    match, table = start(driver, solo(5), seed=31)
    wait_for_turn(driver, table)
    before = match.state.to_json()
    for size in ((1024, 700), (2200, 1200), (1280, 720)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        driver.frames(3)
        assert table.size == size
        assert table.L.trick_rect().right < size[0] and table.L.trick_rect().left > 0
        for spot in table.L.spots.values():
            assert spot.panel.right <= size[0] and spot.panel.bottom <= size[1]
    assert match.state.to_json() == before
    assert table.vm == type(table.vm).from_observation(match.state.observation(0), 0)
