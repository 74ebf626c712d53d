"""Playing Enemy Anemone at the real table with synthetic mouse and keyboard input."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.games.enemy_anemone.events import CardPlayed
from tabletop.ui.cards import CardSprite
from tabletop.ui.flow import Open, Route
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.table.scene import Table

EA = REGISTRY.get("enemy-anemone")


def start(driver, seats, seed=11, hands=1):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    match = Match(EA, seats, seed, {"hands": hands})
    driver.follow(Open(Route.TABLE, match=match))
    driver.frames(2)
    return match, driver.scenes.find(Table)


def solo(players=4):
    return [Seat("Ada", SeatKind.HUMAN)] + [
        Seat(f"Bot {i}", SeatKind.BOT, "easy") for i in range(1, players)]


def wait_for_turn(driver, table, seat=0):
    driver.until(lambda: table.match.is_over or (table.my_turn() and table.session.viewer == seat
                                                 and not table.animating))


def hand(table):
    return [p.key for p in table.picture.zones["hand"].pieces]


def card_at(table, card):
    """A point on ``card`` in the viewer's fan that no later card covers."""
    sprite = table.picture.sprite_of(card)
    rect = sprite.rect
    return rect.x + rect.w // 5, rect.centery - rect.h // 5


def zone_center(table, zone):
    return table.picture.zones[zone].rect.center


def test_drag_a_card_to_the_trick_plays_it_and_the_animation_ends(driver):
    match, table = start(driver, solo())
    wait_for_turn(driver, table)
    action = next(a for a in match.state.legal_actions(0) if isinstance(a, Play))
    sprite = table.picture.sprite_of(action.card)
    driver.drag(card_at(table, action.card), zone_center(table, "trick"))
    assert match.history[-1] == (0, action)
    driver.until(lambda: not table.animating)
    assert table.drift == 0
    assert action.card not in hand(table)
    assert table.picture.sprite_of(action.card) is sprite  # the same card, now in the trick
    assert action.card in [p.key for p in table.picture.zones["trick"].pieces]


def test_an_illegal_drop_glides_back_and_says_why(driver):
    match, table = start(driver, solo(3), seed=5)
    for _ in range(40):
        wait_for_turn(driver, table)
        legal = match.state.legal_actions(0)
        blocked = [c for c in hand(table) if Play(c) not in legal and Discard(c) not in legal]
        if blocked:
            break
        table.session.apply(next(a for a in legal if isinstance(a, (Play, Discard))), 0)
    else:
        pytest.skip("no blocked card came up")
    card = blocked[0]
    sprite = table.picture.sprite_of(card)
    home = sprite.pos
    before = match.state.to_json()
    driver.drag(card_at(table, card), zone_center(table, "trick"))
    assert match.state.to_json() == before
    assert table.chrome.showing  # the reason is on screen
    driver.until(lambda: not table.animator.moving)
    assert table.picture.sprite_of(card) is sprite
    assert abs(sprite.pos[0] - home[0]) < 3 and abs(sprite.pos[1] - home[1]) < 3


def play_by_keyboard(driver, table, match):
    """Choose the last legal card with the arrow keys and play it with Enter."""
    legal = match.state.legal_actions(0)
    wanted = [a.card for a in legal if isinstance(a, (Play, Discard))][-1]
    driver.key(pygame.K_RIGHT)
    for _ in range(len(hand(table))):
        zone, index = table.controls.focus
        chosen = table.picture.zones[zone].pieces[index].key
        assert any(getattr(a, "card", None) == chosen for a in legal), "skips unplayable cards"
        if chosen == wanted:
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
    assert table.drift == 0


def test_a_whole_four_hand_game_by_mouse_alone(driver):
    match, table = start(driver, solo(4), seed=22, hands=4)
    while not match.is_over:
        wait_for_turn(driver, table)
        if match.is_over:
            break
        action = next(a for a in match.state.legal_actions(0) if isinstance(a, (Play, Discard)))
        target = "pile0" if isinstance(action, Discard) else "trick"
        before = len(match.history)
        driver.drag(card_at(table, action.card), zone_center(table, target))
        assert len(match.history) == before + 1, table.chrome.showing
    driver.until(lambda: isinstance(driver.top, ResultsScene))
    assert table.drift == 0


def give_anemones(driver, table, match, ones=0, twos=0):
    match.state.pool.ones[0] += ones
    match.state.pool.twos[0] += twos
    match.state.pool.supply -= ones + twos
    table.session.moved()  # the state changed behind the match's back
    table.refresh()


def tab_to(driver, table, zone):
    """Tab until the keyboard's choice is in ``zone``."""
    for _ in range(8):
        if table.controls.focus is not None and table.controls.focus[0] == zone:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reached {zone}")


def test_readying_anemones_by_keyboard(driver):
    match, table = start(driver, solo(3), seed=8)
    wait_for_turn(driver, table)
    give_anemones(driver, table, match, ones=2)
    tab_to(driver, table, "tokens")
    driver.key(pygame.K_RETURN)
    driver.until(lambda: not table.animating)
    assert table.controls.focus[0] == "tokens"  # choosing stays where the keys were
    driver.key(pygame.K_RETURN)
    driver.until(lambda: not table.animating)
    assert match.state.armed == (2, 0)
    assert [p.face for p in table.picture.zones["armed"].pieces] == [("token", 1)] * 2
    tab_to(driver, table, "armed")
    driver.key(pygame.K_RETURN)
    driver.until(lambda: not table.animating)
    assert match.state.armed == (1, 0)
    tab_to(driver, table, "hand")
    zone, index = table.controls.focus
    card = table.picture.zones[zone].pieces[index].key
    driver.key(pygame.K_RETURN)
    assert [a for _, a in match.history[-4:]] == [Arm(1, 0), Arm(2, 0), Arm(1, 0), Play(card)]
    assert match.log[-1].events[0] == CardPlayed(0, card, 1, 0)  # it went with one anemone


def test_esc_puts_readied_anemones_back(driver):
    match, table = start(driver, solo(3), seed=8)
    wait_for_turn(driver, table)
    give_anemones(driver, table, match, ones=2)
    tab_to(driver, table, "tokens")
    driver.key(pygame.K_RETURN)
    driver.until(lambda: not table.animating)
    driver.key(pygame.K_ESCAPE)  # lets go of the chosen anemone
    assert table.controls.focus is None and match.state.armed == (1, 0)
    driver.key(pygame.K_ESCAPE)  # takes the half-made step back
    assert match.state.armed == (0, 0)
    assert driver.top is table  # no pause yet
    driver.key(pygame.K_ESCAPE)  # and now the pause menu
    assert driver.top is not table


def test_dragging_an_anemone_onto_the_hand_readies_it(driver):
    match, table = start(driver, solo(3), seed=8)
    wait_for_turn(driver, table)
    give_anemones(driver, table, match, ones=1)
    token = table.picture.zones["tokens"].pieces[0]
    driver.drag(table.picture.sprite_of(token.key).rect.center, zone_center(table, "hand"))
    assert match.history[-1] == (0, Arm(1, 0))
    driver.until(lambda: not table.animating)
    # Clicking a card chooses it; clicking it again plays it with the anemone.
    card = next(a.card for a in match.state.legal_actions(0) if isinstance(a, Play))
    driver.click(card_at(table, card))
    driver.click(card_at(table, card))
    assert match.history[-1] == (0, Play(card))
    assert match.log[-1].events[0] == CardPlayed(0, card, 1, 0)


def test_clicking_a_card_then_the_table_plays_it(driver):
    match, table = start(driver, solo(4), seed=30)
    wait_for_turn(driver, table)
    action = next(a for a in match.state.legal_actions(0) if isinstance(a, Play))
    driver.click(card_at(table, action.card))
    assert table.controls.focus == ("hand", hand(table).index(action.card))
    driver.click(zone_center(table, "trick"))
    assert match.history[-1] == (0, action)


def test_only_the_chosen_card_stays_lifted_when_the_mouse_leaves(driver):
    match, table = start(driver, solo(4), seed=30)
    wait_for_turn(driver, table)
    cards = hand(table)
    driver.click(card_at(table, cards[0]))
    driver.post(pygame.MOUSEMOTION, pos=card_at(table, cards[-1]), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    assert table.picture.raised["hand"] == frozenset({0, len(cards) - 1})
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(20)
    assert table.picture.raised["hand"] == frozenset({0})
    # and the cards really are where that says: the chosen one up, the others down
    fan = table.picture.zones["hand"]
    rest = [y for _, y, _ in fan.piece_poses()]
    ys = [table.picture.sprite_of(card).center[1] for card in cards]
    assert ys[0] < rest[0] - 0.15 * fan.size[1]
    assert all(abs(y - r) < 2 for y, r in zip(ys[1:], rest[1:]))


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
            assert table.session.viewer is None
            driver.key(pygame.K_RETURN)
            continue
        viewer = table.session.viewer
        for other in (0, 2):
            if other == viewer:
                continue
            secret = set(match.state.hands[other])
            for sprite in table.compositor.sprites:
                if isinstance(sprite, CardSprite) and sprite.face_up and sprite.visible:
                    assert sprite.face not in secret, f"{match.name(other)}'s card is on show"
        if table.my_turn() and not table.animating:
            action = next(a for a in match.state.legal_actions(viewer) if not isinstance(a, Arm))
            table.session.apply(action, viewer)
        driver.frames(1)
    assert match.is_over
    assert curtains >= 4


def test_a_solo_game_resumes_without_a_curtain(driver):
    match, table = start(driver, solo(3), seed=9)
    wait_for_turn(driver, table)
    saved = Match.from_json(REGISTRY, match.to_json())
    driver.scenes.reset(MainMenu(driver.ctx))
    driver.frames(2)
    driver.follow(Open(Route.TABLE, match=saved, resumed=True))
    driver.frames(3)
    assert not isinstance(driver.top, Curtain)
    resumed = driver.scenes.find(Table)
    assert resumed.session.viewer == 0 and resumed.session.name(0) == "You"


def test_resizing_the_window_keeps_the_game(driver):
    match, table = start(driver, solo(5), seed=31)
    wait_for_turn(driver, table)
    before = match.state.to_json()
    for size in ((1024, 640), (2200, 1200), (1280, 720)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        driver.frames(3)
        assert table.size == size
        screen = pygame.Rect(0, 0, *size)
        for zone in table.picture.zones.values():
            assert screen.contains(zone.rect), zone.id
    assert match.state.to_json() == before
    assert hand(table) == list(match.state.hands[0])


def test_a_failing_bot_is_told_and_its_move_made_by_the_fallback(driver, capsys):
    """A bot that fails (a bug in it, or no answer in time) does not stop the game: the
    fallback bot moves for it, and the failure is told on standard error and counted."""
    from tabletop.play.worker import BotAnswer, InlineBotWorker

    class FailsOnce(InlineBotWorker):
        failed = False

        def poll(self) -> BotAnswer | None:
            answer = super().poll()
            if answer is not None and not self.failed:
                self.failed = True
                return BotAnswer(answer.ticket, None, 0.0,
                                 "Traceback (most recent call last):\nValueError: no such card")
            return answer

    driver.ctx._worker = FailsOnce()
    seats = [Seat("Bot 1", SeatKind.BOT, "normal"), Seat("Bot 2", SeatKind.BOT, "normal")]
    match, table = start(driver, seats)
    driver.until(lambda: len(match.history) >= 4)
    assert len(table.session.bot_failures) == 1
    failure = table.session.bot_failures[0]
    assert failure.startswith("enemy-anemone: the normal bot of seat ")
    assert failure.endswith(" failed (ValueError: no such card)")
    err = capsys.readouterr().err
    assert f"{failure}; the easy bot moved for it\nTraceback" in err


def test_the_wheel_over_the_log_scrolls_back_to_older_lines_and_they_stay_in_view(driver):
    bots = [Seat(f"Bot {i}", SeatKind.BOT, "easy") for i in range(1, 5)]
    match, table = start(driver, bots, hands=2)
    driver.until(lambda: len(table.chrome.log_lines) >= 12)
    driver.until(lambda: not table.jobs.waiting)
    newest = table.chrome._log_sprite.image.copy()
    log = table.frame.log
    driver.post(pygame.MOUSEMOTION, pos=log.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)
    driver.frames(1)
    assert table.chrome.log_back == 3
    older = table.chrome._log_sprite.image
    assert pygame.image.tobytes(older, "RGBA") != pygame.image.tobytes(newest, "RGBA")
    # New lines do not pull the reader back down: the same lines stay in view.
    shown = len(table.chrome.log_lines) - table.chrome.log_back
    driver.until(lambda: len(table.chrome.log_lines) - table.chrome.log_back != shown
                 or len(table.chrome.log_lines) >= shown + 3 + 2)
    assert len(table.chrome.log_lines) - table.chrome.log_back == shown
    # Down again to the newest, and no further.
    driver.post(pygame.MOUSEWHEEL, x=0, y=-400, flipped=False)
    driver.frames(1)
    assert table.chrome.log_back == 0
    # Away from the log the wheel scrolls nothing.
    driver.post(pygame.MOUSEMOTION, pos=table.frame.play.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)
    driver.frames(1)
    assert table.chrome.log_back == 0
