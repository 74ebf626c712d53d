"""Climbing Annapurna at the real table: by mouse, by keyboard, and hot-seat."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import Action
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY
from tabletop.games.annapurna.actions import (
    Decline, Explore, Hide, Leave, Look, Pass, Plant, Swap, Sweep, Take, Trade,
)
from tabletop.games.annapurna.bot import make_bot
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.table.scene import Table

ANNAPURNA = REGISTRY.get("annapurna")


def seats(humans: int, players: int) -> list[Seat]:
    return [Seat(f"P{i + 1}", SeatKind.HUMAN) if i < humans
            else Seat(f"Bot {i}", SeatKind.BOT, "normal") for i in range(players)]


def piece_spot(table: Table, seat: int, place: int) -> tuple[int, int]:
    """A point on the visible part (the top) of the card at ``place``."""
    zone = table.picture.zones[f"mountain{seat}"]
    piece = next(p for p in zone.pieces if p.slot == place)
    rect = table.picture.sprite_of(piece.key).rect
    return rect.centerx, rect.y + max(4, rect.h // 5)


def card_spot(table: Table, zone_id: str, card: int) -> tuple[int, int]:
    rect = table.picture.sprite_of(card).rect
    return rect.x + rect.w // 4, rect.centery


def by_mouse(driver, table: Table, me: int, action: Action) -> None:
    spec = table.spec
    if isinstance(action, (Explore, Look, Plant)):
        seat = action.seat if isinstance(action, Look) else me
        spot = piece_spot(table, seat, action.place)
        driver.click(spot)          # one click: nothing to drop it on
    elif isinstance(action, (Trade, Hide)):
        seat = action.seat if isinstance(action, Hide) else me
        driver.drag(card_spot(table, f"backpack{me}", action.card), piece_spot(table, seat, action.place))
    elif isinstance(action, Swap):
        driver.drag(piece_spot(table, me, action.a), piece_spot(table, me, action.b))
    elif isinstance(action, Take):
        giver = table.match.state.offer_from
        driver.drag(piece_spot(table, giver, action.place),
                    table.picture.zones[f"backpack{me}"].rect.center)
    elif isinstance(action, (Sweep, Pass)):
        driver.click(spec.slots["primary"].center)
    elif isinstance(action, (Leave, Decline)):
        driver.click(spec.slots["secondary"].center)
    else:
        raise AssertionError(f"no gesture for {action}")


def key_of(table: Table, seat: int, place: int):  # type: ignore[no-untyped-def]
    zone = table.picture.zones[f"mountain{seat}"]
    return next(p.key for p in zone.pieces if p.slot == place)


def by_keyboard(driver, table: Table, me: int, action: Action) -> None:
    if isinstance(action, (Explore, Look, Take, Plant)):
        seat = (action.seat if isinstance(action, Look) else
                table.match.state.offer_from if isinstance(action, Take) else me)
        driver.focus_on(table, key_of(table, seat, action.place), f"mountain{seat}")
        driver.put(table, [action])
    elif isinstance(action, (Trade, Hide)):
        driver.focus_on(table, action.card, f"backpack{me}")
        driver.put(table, [action])         # lifted, aimed and put down
    elif isinstance(action, Swap):
        driver.focus_on(table, key_of(table, me, action.a), f"mountain{me}")
        driver.put(table, [action])
    else:
        keys = {Sweep: pygame.K_s, Leave: pygame.K_l, Decline: pygame.K_d, Pass: pygame.K_p}
        driver.key(keys[type(action)])


def climb(driver, table: Table, match: Match, gesture, limit: int = 400) -> int:  # type: ignore[no-untyped-def]
    """Play the humans' steps as a ``normal`` climber would choose them, through
    ``gesture``; bots play themselves.  Returns the steps the humans took."""
    advisor = make_bot("normal")
    rng = Rng(3)
    taken = 0
    for _ in range(limit):
        driver.until(lambda: match.is_over or (table.session.viewer_acts() and not table.animating)
                     or isinstance(driver.top, Curtain))
        if match.is_over:
            return taken
        if isinstance(driver.top, Curtain):
            driver.key(pygame.K_RETURN)
            continue
        me = table.session.viewer
        state = match.state
        action = advisor.choose(state.observation(me), list(state.legal_actions(me)), rng)
        before = len(match.history)
        gesture(driver, table, me, action)
        assert match.history[before] == (me, action), (action, table.chrome.showing)
        taken += 1
    raise AssertionError("the ascent did not end")


@pytest.mark.parametrize("level", ["easy", "trace"])
def test_a_whole_ascent_by_mouse_alone(driver, level):
    match = Match(ANNAPURNA, seats(1, 2), 11, {"level": level})
    table = driver.open_table(match)
    steps = climb(driver, table, match, by_mouse)
    assert match.is_over and steps >= 5
    assert table.drift == 0


def test_a_whole_ascent_by_keyboard_alone(driver):
    match = Match(ANNAPURNA, seats(1, 3), 12, {"level": "easy"})
    table = driver.open_table(match)
    steps = climb(driver, table, match, by_keyboard)
    assert match.is_over and steps >= 5


def test_two_climbers_and_a_bot_share_the_screen_on_still_too_easy(driver):
    match = Match(ANNAPURNA, seats(2, 3), 13, {"level": "still"})
    table = driver.open_table(match)
    assert table.session.needs_curtain
    curtains = 0
    advisor = make_bot("normal")
    for _ in range(600):
        driver.until(lambda: match.is_over or (table.session.viewer_acts() and not table.animating)
                     or isinstance(driver.top, Curtain))
        if match.is_over:
            break
        if isinstance(driver.top, Curtain):
            curtains += 1
            driver.key(pygame.K_RETURN)
            continue
        me = table.session.viewer
        # Only the climber at the screen sees their backpack; the other's is backs.
        other = 1 - me
        faces = [p.face for p in table.picture.zones[f"backpack{other}"].pieces]
        assert all(not isinstance(f, int) for f in faces)
        state = match.state
        table.session.act([advisor.choose(state.observation(me), list(state.legal_actions(me)), Rng(1))])
    assert match.is_over and curtains >= 2


def test_open_levels_need_no_curtain(driver):
    match = Match(ANNAPURNA, seats(2, 2), 14, {"level": "easy"})
    table = driver.open_table(match)
    assert not table.session.needs_curtain and not isinstance(driver.top, Curtain)


def test_an_illegal_drop_glides_back_with_the_reason(driver):
    match = Match(ANNAPURNA, seats(1, 2), 15, {"level": "easy"})
    table = driver.open_table(match)
    card = match.state.backpack[0][0]
    before = list(match.history)
    driver.drag(card_spot(table, "backpack0", card), piece_spot(table, 0, 3))
    assert match.history == before
    assert "hikes to base camp" in table.chrome.showing
    driver.until(lambda: not table.animating)
    assert card in [p.key for p in table.picture.zones["backpack0"].pieces]


def test_the_table_shows_a_calm_mountain(driver):
    from .conftest import not_blank

    match = Match(ANNAPURNA, seats(1, 4), 16, {"level": "easy"})
    table = driver.open_table(match)
    spot = piece_spot(table, 0, 2)
    driver.click(spot)
    driver.click(spot)
    driver.until(lambda: not table.animating and (table.session.viewer_acts() or match.is_over))
    shot = driver.shot("annapurna-table")
    assert not_blank(shot)
    lit = [p for p in table.picture.zones["mountain0"].pieces
           if isinstance(p.face, tuple) and p.face[0] == "lit"]
    assert lit  # the cards the climber may explore are lit


def test_an_explored_card_turns_over_where_it_lies(driver):
    match = Match(ANNAPURNA, seats(1, 2), 16, {"level": "easy"})
    table = driver.open_table(match)
    before = table.picture.sprite_of(key_of(table, 0, 2))
    spot = piece_spot(table, 0, 2)
    driver.click(spot)  # one click explores: nothing to drop it on
    card = match.state.cards[0][2]
    assert match.state.up[0][2]
    flips, faces = [], []
    for _ in range(40):
        driver.frames(1)
        sprite = table.picture.sprite_of(card)
        if sprite is not None:
            assert sprite is before  # the same card turns over; no new one pops up
            flips.append(sprite.flip)
            faces.append(sprite.face)
    assert min(flips, default=1.0) < 0.5            # edge-on on the way
    assert faces[0] in {("back", 0), ("lit", ("back", 0))}  # the back first…
    assert faces[-1] in {card, ("lit", card)}               # …the face after
    driver.until(lambda: not table.animating)
    assert table.picture.sprite_of(card).flip == 1.0


def test_the_panel_says_a_face_down_card_counts_only_once_it_turns_up(driver):
    from dataclasses import replace

    from tabletop.games.annapurna.cards import card_of
    from tabletop.ui.table.zones import Piece

    match = Match(ANNAPURNA, seats(1, 2), 17, {"level": "easy"})
    table = driver.open_table(match)
    obs = table.session.obs
    yin3, yang2 = int(card_of(0, 2)), int(card_of(0, 7))
    cards = [list(row) for row in obs.cards]
    up = [list(row) for row in obs.up]
    cards[0][5], up[0][5] = yin3, False     # traded in: known, face down
    cards[0][6], up[0][6] = yang2, True
    obs = replace(obs, cards=tuple(map(tuple, cards)), up=tuple(map(tuple, up)))
    assert obs.balance(0) == 2

    def said(key, face, place):  # type: ignore[no-untyped-def]
        lines = table.spec.pointed(obs, "mountain0", Piece(key, face, place))
        return " ".join(line.text for line in lines or ())
    assert "Face down: counts -3 only once it turns up." in said(yin3, ("dim", yin3), 5)
    assert "only once it turns up" in said(("down", 0, 4), ("back", 0), 4)
    assert "Counts +2 towards balance." in said(yang2, yang2, 6)


def test_a_friends_backpack_is_told_in_few_words():
    from tabletop.games.annapurna.cards import card_of
    from tabletop.games.annapurna.table.words import carried

    cards = [int(card_of(s, i)) for s, i in ((0, 5), (1, 2), (2, 7), (3, 14), (0, 14), (1, 12))]
    assert carried(cards) == "yin 3, 4; yang 2; Chocolate, Spyglass ×2"
    assert carried([]) == "empty"


def test_the_ending_seen_from_another_computer_shows_what_its_seat_knew(driver):
    """A joined seat's results picture is drawn from its sampled ending: every
    mountainside as that seat knows it, the same as the host's picture from that seat
    (drawn as each climber knew it, the sample would show cards made up for the others)."""
    from tabletop.games.annapurna.table.art import AnnapurnaArt
    from tabletop.games.annapurna.table.results import results_picture

    from .. import play

    def pixels(surface: pygame.Surface) -> bytes:
        return pygame.image.tobytes(surface, "RGBA")

    art = AnnapurnaArt(driver.ctx.assets, driver.ctx.text)
    made_up = 0
    for level in ("easy", "trace", "still"):
        for seed in range(3):
            match = play.finished(REGISTRY.get("annapurna"), play.solo(3, "easy"), seed,
                                  level=level)
            real = match.state
            for seat in range(3):
                sampled = match.game.sample_state(real.observation(seat), Rng(seat + 1))
                assert pixels(results_picture(art, sampled, (900, 300), seen_by=seat)) == \
                    pixels(results_picture(art, real, (900, 300), seen_by=seat))
                made_up += pixels(results_picture(art, sampled, (900, 300))) != \
                    pixels(results_picture(art, real, (900, 300)))
    assert made_up  # (what the seat did not know differs in the sample)
