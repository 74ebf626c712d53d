"""Golden tests: every Anniversary ruling of RULINGS.md, pinned by a position."""

from __future__ import annotations

import pytest

from tabletop.engine.events import GameOver
from tabletop.engine.protocol import NATURE, Deal, IllegalAction
from tabletop.games.anniversary import ENTRY
from tabletop.games.anniversary.catalogue import LISTING
from tabletop.games.anniversary.actions import Gem, Pass, Pick, Place, Play, Ready, Take, Unpick
from tabletop.games.anniversary.cards import BOTTOM, DECK, TOP
from tabletop.games.anniversary.content import CHAPTERS, GESTURES
from tabletop.games.anniversary.events import (
    BountySettled, CardDrawn, ChapterEnded, DateFooted, DateStarted, GestureSettled, TopFound,
)
from tabletop.games.anniversary.feasibility import possible
from tabletop.games.anniversary.gestures import Status
from tabletop.games.anniversary.observation import Phase
from tabletop.games.anniversary.rules import gem_positions, winning_play
from tabletop.games.anniversary.game import AnniversaryGame

from .helpers import c, cards, gesture, play, share, table

# Hands used by many tests: 9 cards each, Top with seat 0.
TOP_HAND = "Top, Teal 6, Teal 1, Pink 6, Pink 2, Red 3, Purple 6, Purple 4, Purple 1"
BOTTOM_HAND = "Bottom, Teal 5, Teal 2, Pink 5, Pink 1, Red 6, Red 2, Purple 5, Purple 2"


# -- the deck and the deal -----------------------------------------------------------------
def test_deck_has_four_colours_of_six_and_two_position_cards():
    assert len(DECK) == 26 and len(set(DECK)) == 26
    assert sorted(str(x) for x in DECK if x.suit == 4) == ["Bottom card", "Top card"]


@pytest.mark.parametrize("seed", range(40))
def test_deal_gives_nine_each_eight_aside_and_the_top_holds_the_top_card(seed):
    state = AnniversaryGame(1).start(seed)
    assert [len(h) for h in state.hands] == [9, 9] and len(state.aside) == 8
    assert TOP in state.hands[state.top] and TOP not in state.aside


def test_top_card_set_aside_means_a_redeal():
    redeals = []
    for seed in range(60):
        state = AnniversaryGame(1).new_state(seed)
        assert state.current_player == NATURE
        found = next(e for e in state.apply(Deal(), NATURE) if isinstance(e, TopFound))
        redeals.append(found.redeals)
    assert any(r > 0 for r in redeals)  # 8 in 26 deals need one: it happens


# -- the Date ----------------------------------------------------------------------------
def test_a_date_goes_leader_other_leader_other_and_the_top_leads_first():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Let Me Treat You": 1}, top=0)
    assert state.phase is Phase.DATE and state.current_player == 0
    order = []
    for _ in range(4):
        seat = state.current_player
        order.append(seat)
        state.apply(state.legal_actions(state.current_player)[0], state.current_player)
    assert order == [0, 1, 0, 1]


def test_bottom_leads_first_in_a_chapter_that_says_so():
    assert CHAPTERS[3].bottom_leads
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Let Me Treat You": 1}, top=0, chapter=4)
    assert state.current_player == 1


def test_follow_the_colour_led_while_able():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Let Me Treat You": 1})
    play(state, "Teal 1")
    assert {a.card for a in state.legal_actions(state.current_player)} == set(cards("Teal 5, Teal 2"))
    with pytest.raises(IllegalAction, match="must follow Teal"):
        state.apply(Play(c("Bottom")), state.current_player)


def test_position_card_only_when_you_cannot_follow():
    state = table({0: TOP_HAND, 1: "Bottom, Teal 5, Pink 5, Pink 1, Red 6, Red 2, Purple 5, "
                   "Purple 2, Pink 4"}, {"Let Me Treat You": 1})
    play(state, "Red 3")
    assert {a.card for a in state.legal_actions(state.current_player)} == set(cards("Red 6, Red 2"))
    state = table({0: TOP_HAND, 1: "Bottom, Teal 5, Teal 2, Pink 5, Pink 1, Red 6, Red 2, "
                   "Pink 4, Pink 3"}, {"Let Me Treat You": 1})
    play(state, "Purple 1")  # seat 1 holds no Purple: anything, the Bottom card included
    assert c("Bottom") in {a.card for a in state.legal_actions(state.current_player)}


def test_a_led_position_card_must_be_followed_by_position():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Let Me Treat You": 1})
    play(state, "Top")
    assert [a.card for a in state.legal_actions(state.current_player)] == [BOTTOM]
    with pytest.raises(IllegalAction, match="position"):
        state.apply(Play(c("Teal 5")), state.current_player)


@pytest.mark.parametrize(("plays", "winner"), [
    pytest.param("Teal 1, Teal 5, Teal 6, Teal 2", 2, id="highest-of-colour"),
    pytest.param("Teal 1, Red 6, Pink 6, Purple 6", 0, id="off-colour-never-wins"),
    pytest.param("Teal 6, Bottom, Teal 1, Teal 2", 1, id="bottom-beats-colours"),
    pytest.param("Teal 6, Bottom, Top, Teal 2", 2, id="top-beats-bottom"),
    pytest.param("Bottom, Teal 6, Pink 6, Red 6", 0, id="bottom-led"),
])
def test_who_foots_the_bill(plays, winner):
    assert winning_play([(i % 2, card) for i, card in enumerate(cards(plays))]) == winner


def test_the_footer_takes_the_cards_and_leads_next():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Let Me Treat You": 1})
    events = play(state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")
    footed = next(e for e in events if isinstance(e, DateFooted))
    assert footed.seat == 0 and footed.winner == c("Teal 6")
    assert state.won[0] and not state.won[1]
    assert state.current_player == 0 and state.date == 2


def test_draws_before_dates_two_to_five_leader_first():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND},
                  {"Goodnight Kiss": 1}, aside="Red 1, Red 4, Red 5, Pink 3, Pink 4, Teal 3, "
                  "Teal 4, Purple 3")
    events = play(state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")  # seat 0 foots, leads next
    draws = [e for e in events if isinstance(e, CardDrawn)]
    assert [d.seat for d in draws] == [0, 1]
    assert [d.card for d in draws] == [c("Purple 3"), c("Teal 4")]


def test_six_dates_twelve_cards_played_one_kept_each():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Goodnight Kiss": 1})
    draws = 0
    while not state.is_over:
        events = state.apply(state.legal_actions(state.current_player)[0], state.current_player)
        draws += sum(isinstance(e, CardDrawn) for e in events)
    assert len(state.history) == 6 and draws == 8
    assert [len(h) for h in state.hands] == [1, 1]


def test_five_date_chapter_ends_after_five():
    assert CHAPTERS[5].dates == 5
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Goodnight Kiss": 1}, chapter=6)
    while not state.is_over:
        state.apply(state.legal_actions(state.current_player)[0], state.current_player)
    assert len(state.history) == 5 and [len(h) for h in state.hands] == [3, 3]


# -- success and failure -----------------------------------------------------------------
def test_success_the_moment_every_gesture_is_performed():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"First Impressions": 0})
    events = play(state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")
    assert state.is_over and state.result is True
    assert any(isinstance(e, ChapterEnded) and e.success for e in events)
    assert state.outcome() == [1.0, 1.0]


def test_failure_the_moment_one_becomes_impossible():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"First Impressions": 1, "On a Roll": 0})
    play(state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")
    assert state.is_over and state.result is False and state.outcome() == [0.0, 0.0]


@pytest.mark.parametrize(("titles", "top_passes"), [
    pytest.param(("Double Feature", "Breakfast in Bed"), False, id="top-card-wins-for-the-bottom"),
    pytest.param(("The Grand Gesture",), True, id="top-passes-the-top-card-date-to-the-bottom"),
])
def test_a_gesture_lost_in_the_draft_ends_the_chapter_before_any_date(titles, top_passes):
    # Only the top holds the Top card, and everyone knows who the top is: the moment the
    # bottom takes a gesture only the Top card's holder can perform, it is lost.
    lost = gesture(titles[-1])
    state = AnniversaryGame(1, True, (2, 3), [gesture(t) for t in titles]).start(11)
    top, bottom = state.top, state.bottom
    events = []
    if top_passes:
        events += state.apply(Pass(), top)
    else:
        events += state.apply(Take(gesture(titles[0])), top)
    events += state.apply(Take(lost), bottom)
    assert [type(e).__name__ for e in events][-5:] == [
        "GestureTaken", "GestureSettled", "BountySettled", "ChapterEnded", "GameOver"]
    settled = next(e for e in events if isinstance(e, GestureSettled))
    assert (settled.seat, settled.gesture, settled.status) == (bottom, lost, Status.FAILED)
    bounty = next(e for e in events if isinstance(e, BountySettled))
    assert bounty.seats == () and bounty.cards == 0 and state.bounty_status is Status.FAILED
    ended = next(e for e in events if isinstance(e, ChapterEnded))
    assert not ended.success and "can no longer be performed" in ended.reason
    assert next(e for e in events if isinstance(e, GameOver)).shares == (0.0, 0.0)
    assert not any(isinstance(e, (DateStarted, CardDrawn)) for e in events)
    assert state.is_over and state.result is False and state.phase is Phase.OVER
    assert state.history == [] and [len(h) for h in state.hands] == [9, 9]
    assert state.legal_actions(state.current_player) == [] and state.hc_after() == (2, 3)


def test_a_draft_that_leaves_every_gesture_possible_goes_on_to_the_first_date():
    ids = [gesture("Double Feature"), gesture("Breakfast in Bed")]
    state = AnniversaryGame(1, True, (0, 0), ids).start(11)
    state.apply(Take(gesture("Breakfast in Bed")), state.top)
    events = state.apply(Take(gesture("Double Feature")), state.bottom)
    assert not state.is_over and state.phase is Phase.DATE
    assert not any(isinstance(e, (GestureSettled, BountySettled)) for e in events)
    assert isinstance(events[-1], DateStarted) and events[-1].number == 1


# -- the draft ----------------------------------------------------------------------------
def _drafting_state(count: int):
    for seed in range(500):
        state = AnniversaryGame(count if count <= 3 else 4).start(seed)
        if len(state.offer) == count:
            return state
    raise AssertionError("no such draw")


def test_top_picks_first_then_alternate():
    state = _drafting_state(2)
    assert state.current_player == state.top
    assert Pass() not in state.legal_actions(state.current_player)
    state.apply(Take(state.offer[0]), state.current_player)
    assert state.current_player == state.bottom
    state.apply(Take(state.offer[0]), state.current_player)
    assert state.owners == [state.top, state.bottom]


def test_a_single_gesture_may_be_passed_and_the_bottom_must_take_it():
    state = AnniversaryGame(1).start(3)
    assert len(state.offer) == 1 and Pass() in state.legal_actions(state.current_player)
    state.apply(Pass(), state.current_player)
    assert state.current_player == state.bottom
    assert Pass() not in state.legal_actions(state.current_player)
    state.apply(Take(state.offer[0]), state.current_player)
    assert state.owners == [state.bottom]


@pytest.mark.parametrize("number", range(1, 13))
def test_gestures_add_up_to_the_chapter_sweetness_and_can_be_performed(number):
    for seed in range(15):
        state = AnniversaryGame(number).start(seed)
        drawn = [GESTURES[g] for g in state.offer]
        assert sum(g.sweetness for g in drawn) == CHAPTERS[number - 1].sweetness
        assert possible(drawn, state.top, CHAPTERS[number - 1].dates)
        assert state.bounty is not None and state.bounty not in state.offer


@pytest.mark.parametrize(("titles", "ok"), [
    (("First Impressions", "Opening Night"), False),
    (("The Last Word", "Goodnight Kiss"), False),
    (("Generous Streak", "Fair Shares"), False),
    (("Fair Shares", "Fair Shares"), True),
    (("Let Me Treat You", "First Impressions"), True),
    (("Allergic to Strawberries", "Strawberry Jam"), True),
    (("The Grand Gesture", "Breakfast in Bed"), False),  # both need the top's Top card
    (("The Grand Gesture", "Breakfast in Bed", "Two Butterflies"), True),
    (("Just the Once", "Let Me Treat You", "Two Butterflies", "On a Roll"), False),
    (("Strawberry Jam", "The Whole Orchard"), False),  # 4 + 5 Red cards: there are 6
    (("Strawberry Jam", "The Whole Orchard", "Allergic to Strawberries"), True),
])
def test_impossible_sets_are_recognised(titles, ok):
    gestures = [GESTURES[gesture(t)] for t in titles]
    assert possible(gestures, top=0) is ok


def test_an_impossible_draw_is_replaced():
    from tabletop.engine.rng import Rng
    from tabletop.games.anniversary.rules import draw_gestures

    for seed in range(300):
        drawn, _ = draw_gestures(9, Rng(seed), False, 0)
        assert possible(drawn, 0) and sum(g.sweetness for g in drawn) == 9


# -- Healthy Communication -------------------------------------------------------------------
def test_gems_go_only_where_true():
    hand = cards("Teal 1, Teal 4, Teal 6, Pink 3, Top")
    assert gem_positions(hand, c("Teal 6")) == [Gem.TOP]
    assert gem_positions(hand, c("Teal 1")) == [Gem.BOTTOM]
    assert gem_positions(hand, c("Teal 4")) == []
    assert gem_positions(hand, c("Pink 3")) == [Gem.TOP, Gem.MIDDLE, Gem.BOTTOM]
    assert gem_positions(hand, TOP) == []


def test_hc_is_used_before_a_date_and_never_during():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Let Me Treat You": 1}, hc=(2, 0))
    assert state.phase is Phase.SHARE and state.current_player == 0
    with pytest.raises(IllegalAction, match="no gem can tell the truth"):
        state.apply(Pick(c("Purple 4")), 0)
    with pytest.raises(IllegalAction, match="Position cards"):
        state.apply(Pick(TOP), 0)
    with pytest.raises(IllegalAction, match="card on the gem spot first"):
        state.apply(Place(Gem.TOP), 0)
    state.apply(Pick(c("Teal 1")), 0)
    with pytest.raises(IllegalAction, match="not your highest"):
        state.apply(Place(Gem.TOP), 0)
    with pytest.raises(IllegalAction, match="Place the gem"):
        state.apply(Ready(), 0)
    assert list(state.legal_actions(0)) == [Place(Gem.BOTTOM), Unpick()]
    state.apply(Unpick(), 0)  # taken back: nothing shown, nothing spent
    assert state.hc == [2, 0] and state.picked is None and state.observation(1).shown(0) == []
    state.apply(Pick(c("Red 3")), 0)
    assert state.observation(1).picked == c("Red 3")  # on the table, for both to see
    state.apply(Place(Gem.MIDDLE), 0)
    assert state.hc == [1, 0] and state.observation(1).shown(0) == [(c("Red 3"), Gem.MIDDLE)]
    state.apply(Ready(), state.current_player)
    assert state.phase is Phase.DATE
    with pytest.raises(IllegalAction, match="before a Date"):
        state.apply(Pick(c("Teal 6")), state.current_player)


def test_no_hc_in_a_chapter_that_forbids_it():
    assert CHAPTERS[7].no_hc
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Let Me Treat You": 1}, hc=(3, 3), chapter=8)
    assert state.phase is Phase.DATE


def test_hc_spent_on_success_and_returned_on_failure():
    won = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"First Impressions": 0}, hc=(2, 1))
    share(won, "Red 3", Gem.MIDDLE)
    won.apply(Ready(), won.current_player)
    won.apply(Ready(), won.current_player)
    play(won, "Teal 1", "Teal 5", "Teal 6", "Teal 2")
    assert won.result is True and won.hc_after() == (1, 1)
    lost = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"First Impressions": 1}, hc=(2, 1))
    share(lost, "Red 3", Gem.MIDDLE)
    lost.apply(Ready(), lost.current_player)
    lost.apply(Ready(), lost.current_player)
    play(lost, "Teal 1", "Teal 5", "Teal 6", "Teal 2")
    assert lost.result is False and lost.hc_after() == (2, 1)


def test_bounty_pays_its_sweetness_to_whoever_performs_it():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Goodnight Kiss": 1}, bounty="Opening Night")
    events = play(state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")
    paid = next(e for e in events if isinstance(e, BountySettled))
    sweetness = GESTURES[gesture("Opening Night")].sweetness
    assert paid.seats == (0,) and paid.cards == sweetness and state.hc == [sweetness, 0]


def test_bounty_pays_double_in_the_long_distance_chapter():
    assert CHAPTERS[8].bounty_factor == 2
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Goodnight Kiss": 1}, bounty="Opening Night",
                  chapter=9)
    play(state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")
    assert state.hc == [2 * GESTURES[gesture("Opening Night")].sweetness, 0]


def test_an_impossible_bounty_is_discarded_without_failing():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Goodnight Kiss": 1}, bounty="Let Me Treat You")
    play(state, "Teal 1", "Teal 5", "Teal 6", "Teal 2")
    assert not state.is_over and state.hc == [0, 0]
    assert state.bounty_status.name == "PENDING"  # seat 1 could still foot none


def test_registry_entry_builds_a_chapter_from_options():
    game = ENTRY.new_game(2, {"chapter": 7, "hc0": 3, "gestures": "1,2"})
    state = game.start(5)
    assert state.offer == [1, 2] and state.hc == [3, 0] and game.chapter.number == 7
    with pytest.raises(ValueError):
        ENTRY.new_game(2, {"gestures": "1,1"})
    with pytest.raises(ValueError):
        ENTRY.new_game(2, {"hc0": -1})


def test_the_progress_line_names_the_chapter_and_the_date():
    state = AnniversaryGame(4).start(3)
    words = LISTING.presenter
    assert words.progress_line(state) == "chapter 4, Meeting the Friends · sharing out the gestures"
    while state.phase is Phase.DRAFT:
        state.apply(state.legal_actions(state.current_player)[0], state.current_player)
    assert words.progress_line(state).endswith("· Date 1 of 6")
