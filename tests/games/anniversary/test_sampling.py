"""Imagined deals keep every claim the table made about the partner's hand, at the
moment it was made: gems shown with Healthy Communication and colours not followed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine.cards import suit_of
from tabletop.games.anniversary.actions import Gem, Pick, Place, Ready
from tabletop.games.anniversary.cards import DECK, TOP
from tabletop.games.anniversary.content import CHAPTERS, GESTURE_BY_ID
from tabletop.games.anniversary.gestures import status
from tabletop.games.anniversary.observation import AnniversaryObservation, Phase
from tabletop.games.anniversary.rules import AnniversaryState, gem_positions
from tabletop.games.anniversary.game import AnniversaryGame
from tabletop.games.anniversary.sampling import possible_hand

from .helpers import c, cards, play, share, table


# -- an independent judge: replay the partner's hand through the chapter ---------------------
def record_allows(obs: AnniversaryObservation, hand: list) -> bool:
    """Whether some choice of the cards the partner drew (one before each of their
    draws, never the Top card, never after it was played) makes every gem they showed
    true and every colour they did not follow absent, each at its own moment.

    Brute force over the draws, latest first: the hand at Date n only depends on the
    draws after n.  Deliberately unlike the sampler's own reasoning."""
    p = obs.partner
    dates = [(i + 1, d.plays) for i, d in enumerate(obs.history)]
    if obs.plays:
        dates.append((obs.date, obs.plays))
    plays = [(n, i, card, ps[0][1]) for n, ps in dates
             for i, (seat, card) in enumerate(ps) if seat == p]
    played_at = {card: (n, i) for n, i, card, _ in plays}
    held_now = set(hand)
    every = held_now | set(played_at)
    draws = sorted(obs.draws_before)
    if len(held_now) != len(hand) or len(every) != 9 + len(draws):
        return False
    checks = []  # (Date, index of the card in it, or -1 for the HC window before it, test)
    for seat, card, gem, n in obs.shared:
        if seat == p:
            checks.append((n, -1, ("gem", card, gem)))
    for n, i, card, led in plays:
        checks.append((n, i, ("held", card)))
        if i > 0 and suit_of(card) != suit_of(led):
            checks.append((n, i, ("void", suit_of(led))))

    def hand_at(n: int, i: int, drawn: dict) -> list:
        later = {card for d, card in drawn.items() if d > n}
        return sorted(x for x in every if x not in later
                      and not (x in played_at and played_at[x] < (n, i)))

    def holds(n: int, i: int, test: tuple, drawn: dict) -> bool:
        then = hand_at(n, i, drawn)
        if test[0] == "gem":
            return test[1] in then and test[2] in gem_positions(then, test[1])
        if test[0] == "held":
            return test[1] in then
        return not any(suit_of(x) == test[1] for x in then)

    def search(j: int, drawn: dict) -> bool:
        low = draws[j - 1] if j > 0 else -1
        high = draws[j] if j < len(draws) else 99
        if not all(holds(n, i, test, drawn) for n, i, test in checks if low <= n < high):
            return False
        if j == 0:
            return True
        d = draws[j - 1]
        for x in every:
            if x == TOP or x in drawn.values() or (x in played_at and played_at[x][0] < d):
                continue
            drawn[d] = x
            found = search(j - 1, drawn)
            del drawn[d]
            if found:
                return True
        return False

    return search(len(draws), {})


# -- golden positions ---------------------------------------------------------------------------
TOP_HAND = "Top, Teal 6, Teal 1, Pink 6, Pink 4, Red 3, Purple 6, Purple 4, Purple 1"
PARTNER = "Bottom, Teal 5, Teal 2, Pink 5, Pink 3, Red 6, Red 2, Purple 5, Purple 2"
# Seat 0 foots the first Date and draws the Purple 3; seat 1 draws the Pink 1.
ASIDE = "Teal 3, Teal 4, Pink 2, Red 1, Red 4, Red 5, Pink 1, Purple 3"
FIRST_DATE = ("Teal 1", "Teal 2", "Teal 6", "Teal 5")


def _after_one_draw(first_shares: list[tuple[str, Gem]],
                    second_shares: list[tuple[str, Gem]]) -> AnniversaryState:
    """Seat 1 shows ``first_shares`` before Date 1, draws one card (the Pink 1), then
    shows ``second_shares`` before Date 2."""
    hc = len(first_shares) + len(second_shares)
    state = table({0: TOP_HAND, 1: PARTNER}, {"Goodnight Kiss": 1}, hc=(0, hc), aside=ASIDE)
    for shares in (first_shares, second_shares):
        for name, gem in shares:
            share(state, name, gem)
        if state.phase is Phase.SHARE:
            state.apply(Ready(), 1)
        if state.date == 1:
            play(state, *FIRST_DATE)
    assert state.phase is Phase.DATE and state.date == 2 and c("Pink 1") in state.hands[1]
    return state


def _partner_hands(state: AnniversaryState, count: int, seed: int) -> list[set]:
    rng = random.Random(seed)
    return [set(state.determinize(0, rng).hands[1]) for _ in range(count)]


def test_lowest_shown_then_a_draw_that_is_shown_too_leaves_no_room_below():
    # The Pink 3 was the lowest Pink before the draw; one draw brought one card, and
    # the Pink 1 shown after it is that card: the Pink 2 cannot be in the hand.
    state = _after_one_draw([("Pink 3", Gem.BOTTOM)], [("Pink 1", Gem.BOTTOM)])
    for hand in _partner_hands(state, 40, 1):
        assert {c("Pink 3"), c("Pink 1")} <= hand
        assert c("Pink 2") not in hand


def test_two_lowest_shown_then_one_draw_brings_at_most_one_card_below_them():
    # Nothing below the Pink 3 or the Red 2 before the draw; one draw can add one.
    state = _after_one_draw([("Pink 3", Gem.BOTTOM), ("Red 2", Gem.BOTTOM)], [])
    below = set(cards("Pink 1, Pink 2, Red 1"))
    counts = [len(hand & below) for hand in _partner_hands(state, 200, 2)]
    assert max(counts) == 1
    assert counts.count(1) > 0  # and the draw may well have brought one


@pytest.mark.parametrize(("gem", "card", "ruled_out"), [
    pytest.param(Gem.BOTTOM, "Pink 3", "Pink 1, Pink 2", id="lowest"),
    pytest.param(Gem.TOP, "Pink 3", "Pink 6, Pink 5, Pink 4", id="highest"),
    pytest.param(Gem.MIDDLE, "Red 6", "Red 1, Red 3, Red 4, Red 5", id="only"),
])
def test_a_gem_before_the_first_date_holds_until_the_first_draw(gem, card, ruled_out):
    partner = "Bottom, Teal 5, Teal 2, Pink 3, Red 6, Purple 5, Purple 3, Purple 2, Teal 3"
    state = table({0: TOP_HAND.replace("Pink 4", "Teal 4"), 1: partner}, {"Goodnight Kiss": 1},
                  hc=(0, 1))
    share(state, card, gem)
    rng = random.Random(4)
    for _ in range(40):
        hand = set(state.determinize(0, rng).hands[1])
        assert c(card) in hand and not hand & set(cards(ruled_out))


# -- random chapters ----------------------------------------------------------------------------
def _random_chapter(seed: int, share_bias: float):
    """Play a chapter by random moves (sharing often); yield every position on the way."""
    rng = random.Random(seed)
    number = rng.choice([ch.number for ch in CHAPTERS if not ch.no_hc])
    state = AnniversaryGame(number, True, (6, 6)).start(seed)
    while not state.is_over:
        legal = list(state.legal_actions(state.current_player))
        shares = [a for a in legal if isinstance(a, (Pick, Place))]
        action = rng.choice(shares) if shares and rng.random() < share_bias else rng.choice(legal)
        state.apply(action, state.current_player)
        if not state.is_over:
            yield state


@given(seed=st.integers(0, 2**32), share_bias=st.floats(0.3, 1.0))
def test_every_imagined_deal_agrees_with_every_gem_at_its_moment(seed, share_bias):
    rng = random.Random(seed ^ 0x5EED)
    shared = dates = 0
    for state in _random_chapter(seed, share_bias):
        dates += state.phase is Phase.DATE
        for seat in (0, 1):
            obs = state.observation(seat)
            partner = 1 - seat
            shared += sum(1 for s, *_ in obs.shared if s == partner)
            assert record_allows(obs, state.hands[partner])  # the judge accepts the truth
            for _ in range(2):
                world = state.determinize(seat, rng)
                assert world.invariant_violations() == []
                assert world.hands[seat] == state.hands[seat]
                # The gestures are judged alike in every imagined deal: from what both
                # partners see, which the deal keeps.
                assert world.barred == state.barred
                assert [status(GESTURE_BY_ID[g], o, world) for g, o in
                        zip(world.gestures, world.owners)] == [
                    status(GESTURE_BY_ID[g], o, state) for g, o in
                    zip(state.gestures, state.owners)]
                assert record_allows(obs, world.hands[partner]), (
                    f"seed {seed}: seat {seat} imagined {[str(x) for x in world.hands[partner]]}")
    assert shared or share_bias < 1.0 or not dates  # sharing at every chance shows cards


@given(seed=st.integers(0, 2**32))
def test_possible_hand_agrees_with_replaying_the_chapter(seed):
    rng = random.Random(seed)
    for state in _random_chapter(seed, 0.7):
        obs = state.observation(rng.randrange(2))
        p = obs.partner
        assert possible_hand(obs, state.hands[p])
        known = {x for x, _ in obs.shown(p)} | ({TOP} if obs.top == p and TOP in state.hands[p]
                                                 else set())
        if obs.picked is not None and obs.current_player == p:
            known.add(obs.picked)  # on the gem spot for both to see
        pool = [x for x in DECK if x not in obs.played() and x not in obs.hand and x not in known]
        for _ in range(3):
            hand = [*known, *rng.sample(pool, obs.hand_sizes[p] - len(known))]
            assert possible_hand(obs, hand) == record_allows(obs, hand), [str(x) for x in hand]
