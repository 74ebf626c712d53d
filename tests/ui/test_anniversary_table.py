"""Anniversary at the real table: the storybook, the draft, sharing, Dates, by mouse
and by keyboard, hot-seat privacy, and the campaign surviving a restart."""

from __future__ import annotations

import pygame

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.games.anniversary.actions import Pick, Play, Ready, Unpick
from tabletop.games.anniversary.campaign import load_campaign
from tabletop.games.anniversary.observation import Phase
from tabletop.games.anniversary.table.storybook import StorybookScene
from tabletop.storage import Storage
from tabletop.ui.flow import Open, Route
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.table.scene import Table

from .conftest import not_blank

LOVE = REGISTRY.get("anniversary")
SOLO = [Seat("Ada", SeatKind.HUMAN), Seat("Sam", SeatKind.BOT, "easy")]


def start(driver, seats=SOLO, seed=3, chapter=2, hc=(0, 0)):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    match = Match(LOVE, seats, seed, {"chapter": chapter, "hc0": hc[0], "hc1": hc[1]})
    driver.follow(Open(Route.TABLE, match=match))
    driver.frames(2)
    return match, driver.scenes.find(Table)


def state_of(table):
    return table.match.state


def pieces(table, zone):
    return [p.key for p in table.picture.zones[zone].pieces]


def on(table, key):
    """A point on a piece that no later piece of its zone covers."""
    rect = table.picture.sprite_of(key).rect
    return rect.x + rect.w // 5, rect.centery - rect.h // 5


def center(table, zone):
    return table.picture.zones[zone].rect.center


def button(table, key):
    return table.picture.buttons[("button", key)][0].center


def settle(driver, table):
    driver.until(lambda: table.match.is_over or (table.my_turn() and not table.animating))


def play_by_keyboard(driver, table):
    """Play the viewer's turns with arrows and Enter until the chapter ends."""
    for _ in range(400):
        settle(driver, table)
        if table.match.is_over:
            return
        before = len(table.match.history)
        phase = table.session.obs.phase
        if phase is Phase.SHARE:
            driver.key(pygame.K_r)
        else:
            for _ in range(15):
                driver.key(pygame.K_RIGHT)
                driver.key(pygame.K_RETURN)
                if len(table.match.history) > before:
                    break
        assert len(table.match.history) > before, f"no move was made in {phase}"
    raise AssertionError("the chapter did not end")


def test_a_whole_chapter_by_keyboard_with_a_bot_partner(driver):
    match, table = start(driver)
    play_by_keyboard(driver, table)
    driver.until(lambda: isinstance(driver.top, ResultsScene))
    assert match.is_over
    assert not_blank(driver.shot("anniversary-results"))
    # The results show every gesture (and the bounty) as a card with its stamp.
    picture = driver.top._picture[1]
    cards = len(match.state.gestures) + (match.state.bounty is not None)
    assert picture is not None and picture.get_width() > cards * picture.get_height() * 0.5


def test_a_whole_chapter_by_mouse(driver):
    match, table = start(driver, seed=8, hc=(2, 1))
    for _ in range(400):
        settle(driver, table)
        if match.is_over:
            break
        obs = table.session.obs
        before = len(match.history)
        if obs.phase is Phase.DRAFT:
            gid = obs.offer[0]
            driver.drag(on(table, ("gesture", gid)), center(table, "gestures0"))
        elif obs.phase is Phase.SHARE:
            if obs.hc[0] and obs.date == 1 and obs.picked is None:  # share once: drop, pick a gem
                card = next(c for c in obs.hand if c.suit != 4 and Pick(c) in
                            match.state.legal_actions(0))
                driver.drag(on(table, card), center(table, "share"))
                settle(driver, table)
                assert table.session.obs.picked == card
                driver.click(button(table, ("gem", 0)))
                continue
            driver.click(button(table, "ready"))
        else:
            legal = match.state.legal_actions(0)
            card = next(a.card for a in legal if isinstance(a, Play))
            driver.drag(on(table, card), center(table, "date"))
        assert len(match.history) > before
    assert match.is_over


def test_sharing_by_keyboard_and_leaving_the_gem_picker(driver):
    match, table = start(driver, seed=8, hc=(2, 1))
    driver.until(lambda: table.session.obs.phase is not Phase.DRAFT or (table.my_turn()
                                                                and not table.animating))
    while table.session.obs.phase is Phase.DRAFT:
        if table.my_turn() and not table.animating:
            table.session.apply(match.state.legal_actions(0)[0], 0)
        driver.frames(2)
    settle(driver, table)
    assert table.session.obs.phase is Phase.SHARE

    def open_picker():
        for _ in range(len(table.session.obs.hand)):
            driver.key(pygame.K_RIGHT)
            driver.key(pygame.K_RETURN)
            if table.session.obs.picked is not None:
                return table.session.obs.picked
        raise AssertionError("Enter on a card never offered a gem")

    card = open_picker()
    assert table.picture.sprite_of(card) is not None
    driver.until(lambda: not table.animating)  # the card lands on the gem spot
    assert pieces(table, "share") == [card] and card not in pieces(table, "hand")
    assert ("button", ("gem", 0)) in table.picture.buttons
    driver.key(pygame.K_1)  # the number key beside the first gem picks it
    assert table.session.obs.picked is None
    assert [c for c, _ in table.session.obs.shown(0)] == [card]
    settle(driver, table)
    assert table.session.obs.phase is Phase.SHARE and table.session.obs.hc[0] == 1  # one more card to show
    open_picker()
    before = len(match.history)
    driver.key(pygame.K_r)  # Ready works with the picker open: the card is put back first
    assert table.session.obs.picked is None
    assert [a for _, a in match.history[before:]] == [Unpick(), Ready()]
    assert len(table.session.obs.shown(0)) == 1


def test_an_illegal_play_glides_back_and_says_why(driver):
    match, table = start(driver, seed=21)
    for _ in range(200):
        settle(driver, table)
        assert not match.is_over
        obs = table.session.obs
        legal = match.state.legal_actions(0)
        if obs.phase is Phase.DATE and obs.plays:
            blocked = [c for c in obs.hand if Play(c) not in legal]
            if blocked:
                break
        table.session.apply(legal[0], 0)
    card = blocked[0]
    before = match.state.to_json()
    driver.drag(on(table, card), center(table, "date"))
    assert match.state.to_json() == before
    assert table.chrome.showing
    driver.until(lambda: not table.animator.moving)


def test_hot_seat_never_shows_one_partner_the_other_hand(driver):
    seats = [Seat("Ada", SeatKind.HUMAN), Seat("Bo", SeatKind.HUMAN)]
    match, table = start(driver, seats, seed=5)
    curtains = 0
    for _ in range(80):
        driver.until(lambda: match.is_over or isinstance(driver.top, Curtain)
                     or (table.my_turn() and not table.animating))
        if isinstance(driver.top, Curtain):
            assert table.session.viewer is None  # nobody's hand is drawn under the curtain
            assert all(p.face == "back" for p in table.picture.zones["hand"].pieces)
            assert driver.top.card_back == "anniversary/heart_back.svg"  # our own deck's back
            curtains += 1
            driver.key(pygame.K_RETURN)
            continue
        if match.is_over:
            break
        seat = match.state.current_player
        assert table.session.viewer == seat
        assert pieces(table, "hand") == list(match.state.hands[seat])
        table.session.apply(match.state.legal_actions(seat)[0], seat)
        driver.frames(2)
    assert curtains >= 3


def test_storybook_begins_a_chapter_and_the_campaign_survives_a_restart(driver, tmp_path):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(StorybookScene(driver.ctx, LOVE, SOLO, {"bounty": True}))
    driver.frames(3)
    assert not_blank(driver.shot("anniversary-storybook"))
    driver.key(pygame.K_RETURN)
    table = driver.scenes.find(Table)
    assert table is not None and state_of(table).game.chapter.number == 1
    driver.frames(3)
    driver.shot("anniversary-draft")
    play_by_keyboard(driver, table)
    driver.until(lambda: isinstance(driver.top, ResultsScene))
    campaign, problem = load_campaign(Storage(driver.ctx.storage.root))
    assert problem is None
    assert campaign.log(1).attempts == 1
    assert campaign.unlocked == (2 if table.match.state.result else 1)


def test_setup_leads_to_the_storybook_and_results_lead_back(driver):
    from tabletop.ui.scenes.setup import SetupScene

    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(SetupScene(driver.ctx, LOVE))
    driver.frames(2)
    assert not_blank(driver.shot("anniversary-setup"))
    driver.follow(driver.top.start())
    driver.frames(2)
    book = driver.top
    assert isinstance(book, StorybookScene)
    assert [s.kind for s in book.seats] == [SeatKind.HUMAN, SeatKind.BOT]
    driver.follow(book.begin())
    driver.frames(2)
    table = driver.scenes.find(Table)
    assert table is not None
    play_by_keyboard(driver, table)
    driver.until(lambda: isinstance(driver.top, ResultsScene))
    driver.follow(driver.top.again())
    driver.frames(2)
    book = driver.top
    assert isinstance(book, StorybookScene)
    labels = [getattr(w, "label", "") for w in book.widgets]
    if table.match.state.result:
        assert book.chosen == 2  # the next chapter is open and chosen
    else:
        assert "Same gestures again" in labels
        driver.follow(book.begin(True))
        driver.frames(2)
        again = driver.scenes.find(Table)
        assert sorted(state_of(again).offer) == sorted(state_of(table).gestures)


def test_the_top_passes_the_only_gesture_with_a_key(driver):
    from tabletop.games.anniversary.game import AnniversaryGame

    seed = next(s for s in range(100) if AnniversaryGame(1).start(s).top == 0)
    match, table = start(driver, seed=seed, chapter=1)
    settle(driver, table)
    assert table.session.obs.phase is Phase.DRAFT and len(table.session.obs.offer) == 1
    gid = table.session.obs.offer[0]
    driver.key(pygame.K_p)
    assert match.state.passed
    driver.until(lambda: match.state.gestures == [gid])
    assert match.state.owners == [1]  # the bottom had to take it


def test_cards_tucked_under_a_gesture_are_the_ones_that_count():
    from tabletop.games.anniversary.table.tucked import tucked_cards
    from tests.games.anniversary.helpers import c, gesture, play, table

    state = table({0: "Top, Teal 6, Teal 1, Pink 6, Pink 2, Red 3, Purple 6, Purple 4, Purple 1",
                   1: "Bottom, Teal 5, Teal 2, Pink 5, Pink 1, Red 6, Red 2, Purple 5, Purple 2"},
                  {"Two Butterflies": 0, "Goodnight Kiss": 1})
    play(state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")  # seat 0 foots four Teal cards
    obs = state.observation(0)
    assert sorted(tucked_cards(gesture("Two Butterflies"), 0, obs)) == sorted(
        [c("Teal 1"), c("Teal 5"), c("Teal 6"), c("Teal 2")])
    assert tucked_cards(gesture("Goodnight Kiss"), 1, obs) == []


def test_the_first_curtain_names_whoever_plays_first(driver):
    seats = [Seat("Ada", SeatKind.HUMAN), Seat("Bo", SeatKind.HUMAN)]
    for seed in range(6):  # the top is Ada in some deals and Bo in others
        driver.scenes.reset(MainMenu(driver.ctx))
        driver.frames(2)
        match, table = start(driver, seats, seed=seed)
        assert isinstance(driver.top, Curtain)
        first = match.state.current_player
        assert driver.top.name == match.name(first)
        driver.key(pygame.K_RETURN)
        driver.until(lambda: not table.animating)
        driver.frames(3)
        assert not isinstance(driver.top, Curtain) and table.session.viewer == first and table.my_turn()


def test_a_card_shown_can_lose_the_chapter_at_once_and_the_table_says_so(driver):
    from tabletop.games.anniversary.actions import Gem, Place
    from tabletop.games.anniversary.gestures import Status
    from tests.games.anniversary.helpers import c, gesture, table as hand_built

    match = Match(LOVE, SOLO, 1, {"chapter": 1, "hc0": 1})
    match.state = hand_built(
        {0: "Top, Teal 6, Teal 1, Pink 6, Pink 2, Red 3, Purple 6, Purple 4, Purple 1",
         1: "Bottom, Teal 5, Teal 2, Pink 5, Pink 1, Red 6, Red 2, Purple 5, Purple 2"},
        {"The Last Word": 0, "Butterfly Garden": 1}, hc=(1, 0))
    match.game = match.state.game
    table = driver.open_table(match)
    assert table.my_turn() and table.session.obs.phase is Phase.SHARE
    table.session.apply(Pick(c("Teal 6")), 0)
    driver.until(lambda: not table.animating)
    assert ("button", ("gem", 0)) in table.picture.buttons and "share" in table.picture.decor
    table.session.apply(Place(Gem.TOP), 0)  # the partner can never foot a Date with the Teal 6 now
    driver.until(lambda: table.chrome.showing.startswith("The chapter is lost"))
    # Before the results: the stamp is on, nothing of the sharing is left lit or drawn.
    lost = table.picture.sprite_of(("gesture", gesture("Butterfly Garden")))
    assert lost is not None and lost.face == ("gesture", gesture("Butterfly Garden"),
                                              Status.FAILED)
    assert not table.picture.buttons
    assert not {"share", "prompt"} & set(table.picture.decor)
    driver.until(lambda: isinstance(driver.top, ResultsScene))
    assert table.drift == 0
    lines = CATALOGUE.get(LOVE.id).presenter.results_lines(match.state, ["You", "Sam"])
    assert lines[0] == ("Chapter 1, First Coffee: the chapter is lost before Date 1, when you "
                        "showed the Teal 6.", "bad")
    assert lines[-1][0] == "Healthy Communication now: You 1, Sam 0."  # the card comes back


def test_the_gem_buttons_leave_the_last_date_and_the_tips_in_sight(driver):
    from tests.games.anniversary.helpers import c, play, table as hand_built

    match = Match(LOVE, SOLO, 1, {"chapter": 1, "hc0": 1})
    match.state = hand_built(
        {0: "Top, Teal 6, Teal 1, Pink 6, Pink 2, Red 3, Purple 6, Purple 4, Purple 1",
         1: "Bottom, Teal 5, Teal 2, Pink 5, Pink 1, Red 6, Red 2, Purple 5, Purple 2"},
        {"The Last Word": 0}, hc=(1, 0))
    match.game = match.state.game
    match.state.apply(Ready(), 0)
    play(match.state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")  # the top foots Date 1
    table = driver.open_table(match)
    assert table.my_turn() and table.session.obs.phase is Phase.SHARE and table.session.obs.last_date
    table.chrome.toast("A tip beside the gem spot.")
    table.session.apply(Pick(c("Red 3")), 0)  # the only Red: three true places for the gem
    driver.until(lambda: not table.animating)
    gems = [rect for key, (rect, _) in table.picture.buttons.items() if key[1][0] == "gem"]
    assert len(gems) == 3
    from tabletop.ui.table.picture import Layers

    toast = next(s.rect for s in table.compositor.sprites if s.layer == Layers.TOAST)
    for rect in gems:
        for other in (table.picture.decor["last"].rect, table.picture.decor["share"].rect,
                      table.picture.zones["gestures0"].bounds(), toast):
            assert not rect.colliderect(other), (rect, other)
