"""Playing Anno at the real table: by mouse, by keyboard, and hot-seat with the curtain."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY
from tabletop.games.anno.actions import Burn, Commit, Declare, Exchange, Stage
from tabletop.games.anno.cards import DECK, MONTHS, SPRING, AnnoCard, Kind
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.table.scene import Table

ANNO = REGISTRY.get("anno")
APR, MAY, JUN = MONTHS[3], MONTHS[4], MONTHS[5]


def one(kind: Kind, value: int = 0, copy: int = 0) -> AnnoCard:
    return [c for c in DECK if c.kind is kind and c.value == value][copy]


Q2 = one(Kind.QUARTER, 2)
D30 = one(Kind.DAYS, 30)
SPR = one(Kind.SEASON, SPRING)
Q4 = one(Kind.QUARTER, 4)
MOON = one(Kind.BLUE_MOON)


def seats(humans: int = 1, players: int = 3) -> list[Seat]:
    return [Seat(f"P{i + 1}", SeatKind.HUMAN) if i < humans
            else Seat(f"Bot {i}", SeatKind.BOT, "easy") for i in range(players)]


def set_hand(match: Match, seat: int, hand: list[AnnoCard],
             community: list[AnnoCard] | None = None) -> None:
    """Seat ``seat`` to act holding ``hand``; the rest dealt out again in a fixed order
    (plain cards in the Community Eight, so nothing there surprises a test)."""
    state = match.state
    wanted = set(hand) | set(community or [])
    rest = [c for c in reversed(DECK) if c not in wanted]
    plain = [c for c in rest if c.kind not in (Kind.MONTH, Kind.BLUE_MOON)]
    fill = list(community or []) + plain[:8 - len(community or [])]
    rest = [c for c in rest if c not in fill]
    state.community = [int(c) for c in fill]
    for s in range(state.n):
        state.hands[s] = sorted(hand) if s == seat else sorted(rest.pop() for _ in range(6))
    state.deck = rest
    state.player = seat
    assert state.invariant_violations() == [], state.invariant_violations()


def dealt_match(humans: int = 1, players: int = 3, seed: int = 4, rounds: int = 1) -> Match:
    match = Match(ANNO, seats(humans, players), seed, {"rounds": rounds})
    match.settle()
    return match


def point_on(table: Table, card: AnnoCard) -> tuple[int, int]:
    rect = table.picture.sprite_of(card).rect
    return rect.x + rect.w // 5, rect.centery - rect.h // 5


def column_point(table: Table, seat: int, column: int) -> tuple[int, int]:
    x, y, w, h = table.spec.column_area(seat, column)
    return x + w // 2, y + h // 3


def test_lay_a_month_stage_cards_and_confirm_by_mouse(driver):
    match = dealt_match()
    set_hand(match, 0, [APR, Q2, D30, SPR, Q4])
    table = driver.open_table(match)
    # A Month dropped anywhere on the board is laid down; so is a card once a month
    # is declared.
    driver.drag(point_on(table, APR), table.picture.zones["board0"].rect.center)
    assert match.history[-1] == (0, Declare(APR))
    for card in (Q2, D30, SPR):
        driver.until(lambda: not table.animating)
        driver.drag(point_on(table, card), column_point(table, 0, 0))
        assert match.history[-1] == (0, Stage(card))
    driver.until(lambda: not table.animating)
    confirm = table.spec.confirm.center
    driver.click(confirm)
    assert match.history[-1] == (0, Commit())
    assert match.state.boards[0] == {APR: sorted([Q2, D30, SPR])}
    driver.until(lambda: not table.animating)
    burn = table.picture.zones["burn"].rect.center
    driver.drag(point_on(table, Q4), burn)
    assert match.history[-1] == (0, Burn(Q4))
    driver.until(lambda: not table.animating)
    assert table.drift == 0


def test_a_chosen_card_clicked_onto_its_month_is_staged_there(driver):
    """The month lies in the lit place: clicking it puts the chosen card there, as a
    drop would, rather than choosing the month."""
    match = dealt_match()
    set_hand(match, 0, [APR, Q2, D30, SPR, Q4])
    table = driver.open_table(match)
    driver.drag(point_on(table, APR), table.picture.zones["board0"].rect.center)
    assert match.history[-1] == (0, Declare(APR))
    driver.until(lambda: not table.animating)
    driver.click(point_on(table, Q2))
    assert table.controls.chosen() is not None and table.controls.chosen().key == Q2
    driver.click(table.picture.sprite_of(APR).rect.center)
    assert match.history[-1] == (0, Stage(Q2))


def test_a_card_that_does_not_fit_glides_back_with_the_reason(driver):
    match = dealt_match()
    set_hand(match, 0, [APR, Q4, Q2])
    table = driver.open_table(match)
    driver.drag(point_on(table, APR), column_point(table, 0, 0))
    driver.until(lambda: not table.animating)
    before = list(match.history)
    driver.drag(point_on(table, Q4), column_point(table, 0, 0))
    assert match.history == before
    assert "April is in quarter II, not quarter IV." in table.chrome.showing
    driver.until(lambda: not table.animating)
    assert Q4 in [p.key for p in table.picture.zones["hand"].pieces]


def test_two_cards_cannot_be_confirmed(driver):
    match = dealt_match()
    set_hand(match, 0, [APR, Q2, D30, SPR])  # (two are staged only while a third could join)
    table = driver.open_table(match)
    table.session.act([Declare(APR), Stage(Q2), Stage(D30)])
    driver.until(lambda: not table.animating)
    driver.key(pygame.K_RETURN)
    assert match.history[-1] == (0, Stage(D30))
    assert "Two cards cannot be matched alone" in table.chrome.showing


def test_a_blue_moon_dropped_on_the_community_eight_exchanges(driver):
    match = dealt_match()
    set_hand(match, 0, [MOON, Q2, D30], community=[JUN])
    table = driver.open_table(match)
    community = table.picture.zones["community"]
    target = community.slot_rect(0).center
    driver.drag(point_on(table, MOON), target)
    assert match.history[-1] == (0, Exchange(MOON, 0))
    driver.until(lambda: not table.animating)
    assert JUN in [p.key for p in table.picture.zones["hand"].pieces]
    assert table.drift == 0


def test_a_whole_turn_by_keyboard(driver):
    match = dealt_match()
    set_hand(match, 0, [APR, Q2, Q4])
    table = driver.open_table(match)

    driver.focus_on(table, APR)
    driver.put(table, [Declare(APR)])   # lifted (its places: the board, the burn pile), laid
    assert match.history[-1] == (0, Declare(APR))
    driver.until(lambda: not table.animating)
    driver.focus_on(table, Q2)
    driver.key(pygame.K_RETURN)         # a card's only place now: the declared month
    assert match.history[-1] == (0, Stage(Q2))
    driver.until(lambda: not table.animating)
    driver.key(pygame.K_SPACE)          # the main button: Confirm
    assert match.history[-1] == (0, Commit())
    driver.until(lambda: not table.animating)
    driver.focus_on(table, Q4)
    driver.put(table, [Burn(Q4)])
    assert match.history[-1] == (0, Burn(Q4))


def test_hot_seat_hands_the_screen_over_behind_the_curtain(driver):
    match = dealt_match(humans=2, players=3)
    table = driver.open_table(match)
    first = match.state.current_player
    if first == 2:
        driver.until(lambda: match.state.current_player != 2 and not table.animating)
    curtain = driver.top
    if isinstance(curtain, Curtain):
        driver.key(pygame.K_RETURN)
        driver.until(lambda: not table.animating)
    seat = match.state.current_player
    assert table.session.viewer == seat
    card = match.state.hands[seat][0]
    table.session.act([Burn(card)])
    driver.until(lambda: isinstance(driver.top, Curtain) or match.state.current_player == 2)
    if match.state.current_player != 2:
        assert isinstance(driver.top, Curtain)


@pytest.mark.parametrize("size", [(1024, 640), (3840, 2160)])
def test_the_table_fits_small_and_large_windows(driver, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    driver.frames(1)
    match = dealt_match(players=4)
    table = driver.open_table(match)
    play = table.frame.play
    for zone_id, zone in table.picture.zones.items():
        assert play.contains(zone.bounds()), f"{zone_id} leaves the play area at {size}"
    hand = table.picture.zones["hand"].bounds()
    for zone_id in ("community", "deck", "burn", "board0"):
        assert not hand.colliderect(table.picture.zones[zone_id].rect), zone_id


def test_sort_the_year_by_mouse_and_keyboard(driver):
    from tabletop.games.anno.table.tutorial import SortTheYearScene
    from tabletop.ui.scenes.setup import SetupScene

    driver.scenes.push(SetupScene(driver.ctx, ANNO))
    driver.frames(2)
    setup = driver.top
    button = next(w for w in setup.widgets if getattr(w, "label", "") == "Sort the year")
    driver.click(button.rect.center)
    scene = driver.top
    assert isinstance(scene, SortTheYearScene)
    game = scene.game
    # A wrong drop is explained and the card stays to be placed.
    card = game.current
    wrong = next(m for m in range(12) if game.check(card, m) is not None)
    driver.drag(scene.current_rect().center, scene.rows[wrong].center)
    assert game.current == card and game.mistakes == 1
    assert scene.bad and scene.message
    driver.frames(30)
    # A right drop places it.
    right = next(m for m in game.months_for(card) if game.check(card, m) is None)
    driver.drag(scene.current_rect().center, scene.rows[right].center)
    assert game.placed == 1
    # The rest by keyboard: arrows choose the month, Enter places.
    while not game.done:
        target = next(m for m in game.months_for(game.current) if game.check(game.current, m) is None)
        while scene.selected != target:
            driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
    assert game.placed == 49 and game.mistakes == 1
    play = next(w for w in scene.widgets if getattr(w, "label", "") == "Play Anno")
    driver.click(play.rect.center)
    assert driver.top is setup


def test_pointing_at_a_month_tells_what_it_still_takes(driver):
    match = dealt_match()
    set_hand(match, 0, [APR, Q2, D30, Q4])
    state = match.state
    laid = [MAY, one(Kind.QUARTER, 2, 1)]
    for hand in state.hands:
        hand[:] = [c for c in hand if c not in laid]
    state.deck = [c for c in state.deck if c not in laid]
    state.community = [state.deck.pop() if c in laid else c for c in state.community]
    state.boards[1] = {MAY: laid[1:]}
    assert state.invariant_violations() == []
    table = driver.open_table(match)
    board = table.picture.zones["board1"]
    sprite = table.picture.sprite_of(MAY)
    driver.post(pygame.MOUSEMOTION, pos=sprite.rect.midtop, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    lines = [line.text for line in table.chrome.info_lines(table.view())]
    assert "Bot 1's May still takes:" in lines
    assert "• a 31 Days card" in lines and all("Quarter" not in line for line in lines)
    assert board.focusable and "board1" not in table.controls.focus_zones()
    # The card tucked under it says what it is, then what its month still takes.
    tucked = table.picture.sprite_of(laid[1]).rect
    driver.post(pygame.MOUSEMOTION, pos=tucked.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    lines = [line.text for line in table.chrome.info_lines(table.view())]
    assert lines[2:5] == ["Quarter II: matched to Bot 1's May.", "Bot 1's May still takes:",
                          "• a 31 Days card"]


def said(driver, table, card: AnnoCard) -> list[str]:
    """The information panel's lines with the pointer on ``card``."""
    driver.post(pygame.MOUSEMOTION, pos=point_on(table, card), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    return [line.text for line in table.chrome.info_lines(table.view())]


def test_pointing_at_any_card_says_what_it_is_and_where_it_fits(driver):
    cusp, aries = one(Kind.CUSP), one(Kind.ZODIAC, 0)
    warm = one(Kind.WEATHER, 0)  # Calidum Ante: Spring into Summer, but no Summer card here
    match = dealt_match()
    set_hand(match, 0, [APR, Q2, D30, cusp, aries, warm], community=[JUN])
    table = driver.open_table(match)
    lines = said(driver, table, cusp)
    assert "Cusp" in lines and "None of your months can take it now." in lines
    assert "It fits your April." in said(driver, table, Q2)
    lines = said(driver, table, warm)
    assert "Calidum Ante" in lines and "None of your months can take it now." in lines
    assert "Goes with March and April." in said(driver, table, aries)
    lines = said(driver, table, APR)
    assert "April takes:" in lines and "• a Quarter II card" in lines
    assert "A Month here is never matched: a Blue Moon can fetch it." in said(driver, table, JUN)
    table.session.act([Declare(APR), Stage(Q2)])
    driver.until(lambda: not table.animating)
    assert "It can be added to April now." in said(driver, table, D30)
    assert "It cannot be added to April now." in said(driver, table, cusp)
    lines = said(driver, table, Q2)
    assert lines[2:4] == ["Quarter II: added to your April, until the match is confirmed.",
                          "April still takes:"]


def test_a_whole_game_by_keyboard_alone(driver):
    """Twelve rounds against three bots with keys only, making the moves the rule of
    thumb would make: Tab and the arrows to choose, Enter to lift a card with several
    places and put it down (exchange, lay, add, burn), Space to confirm."""
    from tabletop.engine.rng import Rng
    from tabletop.games.anno.actions import Match
    from tabletop.games.anno.thumb import policy

    match = dealt_match(players=4, seed=8, rounds=12)
    table = driver.open_table(match)

    turns = 0
    while not match.is_over:
        driver.until(lambda: match.is_over or (table.my_turn() and not table.animating))
        if match.is_over:
            break
        state = match.state
        move = policy(state.observation(0), list(state.legal_actions(0)), Rng(turns))
        before = len(match.history)
        if isinstance(move, Exchange):
            driver.focus_on(table, AnnoCard(state.community[move.position]), "community")
            driver.put(table, [move])
        elif isinstance(move, Match):
            month = move.month
            driver.focus_on(table, month)
            driver.put(table, [Declare(month)])
            for card in move.cards:
                driver.until(lambda: not table.animating)
                driver.focus_on(table, card)
                driver.put(table, [Stage(card)])
            driver.until(lambda: not table.animating)
            driver.key(pygame.K_SPACE)
        else:
            driver.focus_on(table, move.card, "hand")
            driver.put(table, [move])
        made = [a for seat, a in match.history[before:] if seat == 0]
        if isinstance(move, Match):
            assert made[-1] == Commit(), f"{move} was not confirmed"
            assert set(move.cards) <= set(match.state.boards[0].get(move.month, ())) \
                or match.state.round_no > 0 or match.is_over
        else:
            assert made == [move], f"{move} was not made: {made}"
        turns += 1
    assert turns >= 24 and len(match.state.round_plus) == 12
    assert table.drift == 0


def test_a_whole_game_by_mouse_alone(driver):
    """Twelve rounds against three bots by dragging and clicking only."""
    from tabletop.engine.rng import Rng
    from tabletop.games.anno.actions import Match
    from tabletop.games.anno.thumb import policy

    match = dealt_match(players=4, seed=9, rounds=12)
    table = driver.open_table(match)

    def grab(card):
        sprite = table.picture.sprite_of(card)
        zone = table.picture.where.get(card)
        rect = sprite.rect
        if zone == "hand":  # a fanned card is covered on its right by the next
            return rect.x + rect.w // 5, rect.centery - rect.h // 5
        return rect.center

    turns = 0
    while not match.is_over:
        driver.until(lambda: match.is_over or (table.my_turn() and not table.animating))
        if match.is_over:
            break
        state = match.state
        move = policy(state.observation(0), list(state.legal_actions(0)), Rng(turns))
        before = len(match.history)
        if isinstance(move, Exchange):
            place = table.picture.zones["community"].slot_rect(move.position).center
            driver.drag(grab(move.blue_moon), place)
        elif isinstance(move, Match):
            board = table.picture.zones["board0"]
            if move.month in state.boards[0]:
                column = list(state.boards[0]).index(move.month)
                drop = column_point(table, 0, column)
                driver.drag(grab(move.cards[0]), drop)
                rest = move.cards[1:]
            else:
                driver.drag(grab(move.month), board.rect.center)
                rest = move.cards
            for card in rest:
                driver.until(lambda: not table.animating)
                driver.drag(grab(card), board.rect.center)
            driver.until(lambda: not table.animating)
            driver.click(table.spec.confirm.center)
        else:
            driver.drag(grab(move.card), table.picture.zones["burn"].rect.center)
        made = [a for seat, a in match.history[before:] if seat == 0]
        if isinstance(move, Match):
            assert made and made[-1] == Commit(), f"{move} was not confirmed: {made}"
        else:
            assert made == [move], f"{move} was not made: {made}"
        turns += 1
    assert turns >= 24 and len(match.state.round_plus) == 12 and table.drift == 0


def test_a_whole_hot_seat_round_of_two_humans_and_a_bot(driver):
    """Two people share the screen with a bot: the curtain comes down at every handover
    between the humans, each sees only their own hand, and the round plays to its end."""
    from tabletop.engine.rng import Rng
    from tabletop.games.anno.thumb import policy
    from tabletop.ui.scenes.results import ResultsScene

    match = dealt_match(humans=2, players=3, seed=5)
    table = driver.open_table(match)
    curtains = turns = 0
    while not match.is_over:
        driver.until(lambda: match.is_over or isinstance(driver.top, Curtain)
                     or (table.my_turn() and not table.animating))
        if match.is_over:
            break
        if isinstance(driver.top, Curtain):
            curtains += 1
            driver.key(pygame.K_RETURN)
            continue
        seat = table.session.viewer
        hand = [p.key for p in table.picture.zones["hand"].pieces]
        assert hand == sorted(match.state.hands[seat])  # the viewer's own cards, face up
        for other in (1 - seat,):
            zone = table.picture.zones.get(f"hidden{other}")
            assert zone is not None and all(p.hidden for p in zone.pieces)
        state = match.state
        table.session.act([policy(state.observation(seat), list(state.legal_actions(seat)), Rng(turns))])
        turns += 1
    driver.until(lambda: isinstance(driver.top, ResultsScene))
    assert curtains >= 2 and turns >= 4 and table.drift == 0
