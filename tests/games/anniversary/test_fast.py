"""The search's own chapter (:class:`FastDates`) against the full rules: the same cards
played lead to the same hands, draws, record, gesture marks, turns and result."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.protocol import NATURE
from tabletop.games.anniversary.actions import Ready
from tabletop.games.anniversary.fast import FastDates, FastDeal, standing
from tabletop.games.anniversary.gestures import barred_cards
from tabletop.games.anniversary.observation import Phase
from tabletop.games.anniversary.rules import AnniversaryState
from tabletop.games.anniversary.game import AnniversaryGame


def same(fast: FastDates, state: AnniversaryState) -> None:
    assert fast.hands == state.hands
    assert fast.aside == state.aside
    assert fast.footers == state.footers and fast.winners == state.winners
    assert fast.date_masks == state.date_masks
    assert fast.won == state.won and fast.unplayed == state.unplayed
    assert fast.settled == state.settled
    assert fast.barred == state.barred
    assert fast.pending == sum(1 << i for i, mark in enumerate(state.settled) if not mark)
    assert fast.result == state.result
    assert fast.is_over == state.is_over
    if fast.is_over:
        return
    assert (fast.date, fast.leader, fast.plays) == (state.date, state.leader, state.plays)
    assert fast.current_player == state.current_player
    assert (fast.led, fast.best_seat, fast.best_card) == standing(state.plays)
    assert fast.in_date == sum(1 << c for _, c in state.plays)
    assert set(fast.generate_legal(fast.current_player)) == set(
        state.generate_legal(state.current_player))


def to_the_date(state: AnniversaryState, rng: random.Random) -> None:
    """Past a Healthy Communication window (the fast chapter has none)."""
    while state.phase is Phase.SHARE:
        state.apply(Ready(), state.current_player)


@pytest.mark.parametrize("chapter", [1, 2, 3, 4, 5, 6])
def test_fast_dates_follow_the_rules_card_for_card(chapter):
    rng = random.Random(chapter)
    checked = endings = 0
    for seed in range(8):
        state = AnniversaryGame(chapter, hc=(1, 1)).new_state(seed)
        while not state.is_over:
            seat = state.current_player
            if seat == NATURE:
                state.apply(state.nature_action(), NATURE)
                continue
            if state.phase is Phase.DATE and rng.random() < 0.35:
                fast = FastDates.of_observation(state.observation(seat))
                fast.hands = [h[:] for h in state.hands]
                fast.aside = state.aside[:]
                same(fast, state)
                while not fast.is_over:
                    to_the_date(state, rng)
                    mover = state.current_player
                    action = rng.choice(state.generate_legal(mover))
                    state.apply(action, mover)
                    fast.apply_unchecked(action, mover)
                    to_the_date(state, rng)
                    same(fast, state)
                    checked += 1
                endings += 1
                break
            state.apply(rng.choice(state.generate_legal(seat)), seat)
    assert checked > 40 and endings >= 4


@pytest.mark.parametrize("chapter", [3, 5, 6, 7])
def test_fast_dates_follow_the_rules_card_for_card_after_cards_are_shown(chapter):
    """As above, from positions where cards were shown with Healthy Communication (the
    rules judge the gestures by them, and by what partners lack after the last draw)."""
    rng = random.Random(100 + chapter)
    checked = shown = lacking = 0
    for seed in range(14):
        state = AnniversaryGame(chapter, hc=(4, 4)).new_state(seed)
        while not state.is_over:
            seat = state.current_player
            if seat == NATURE:
                state.apply(state.nature_action(), NATURE)
                continue
            if state.phase is Phase.DATE and state.date >= 3 and rng.random() < 0.3:
                fast = FastDates.of_observation(state.observation(seat))
                fast.hands = [h[:] for h in state.hands]
                fast.aside = state.aside[:]
                same(fast, state)
                shown += bool(state.shared)
                while not fast.is_over:
                    to_the_date(state, rng)
                    mover = state.current_player
                    action = rng.choice(state.generate_legal(mover))
                    state.apply(action, mover)
                    fast.apply_unchecked(action, mover)
                    to_the_date(state, rng)
                    same(fast, state)
                    checked += 1
                    # More than the shown cards: a colour not followed after the last draw.
                    lacking += fast.barred != barred_cards([], state.shared)
                break
            legal = state.generate_legal(seat)
            showing = [a for a in legal if not isinstance(a, Ready)]
            state.apply(rng.choice(showing if state.phase is Phase.SHARE and showing
                                   else legal), seat)
    assert checked > 30 and shown >= 4 and lacking >= 3


def test_a_fast_deal_hides_only_what_the_seat_cannot_see():
    rng = random.Random(3)
    deals = 0
    for seed in range(20):
        state = AnniversaryGame(4).new_state(seed)
        while not state.is_over:
            seat = state.current_player
            if seat == NATURE:
                state.apply(state.nature_action(), NATURE)
                continue
            if state.phase is Phase.DATE and state.date >= 2 and rng.random() < 0.3:
                obs = state.observation(seat)
                deal = FastDeal(obs)
                partner = 1 - seat
                for k in range(10):
                    fast = deal.sample(random.Random(k))
                    assert fast.hands[seat] == state.hands[seat]
                    assert len(fast.hands[partner]) == len(state.hands[partner])
                    assert len(fast.aside) == len(state.aside)
                    unseen = sorted(state.hands[partner] + state.aside)
                    assert sorted(fast.hands[partner] + fast.aside) == unseen
                    # The rest of the chapter is playable from every imagined deal.
                    while not fast.is_over:
                        mover = fast.current_player
                        fast.apply_unchecked(rng.choice(fast.generate_legal(mover)), mover)
                    assert not any(fast.hands) or fast.result is not None
                deals += 1
                break
            state.apply(rng.choice(state.generate_legal(seat)), seat)
    assert deals >= 10


def test_it_refuses_a_position_outside_the_dates():
    state = AnniversaryGame(2).new_state(1)
    state.apply(state.nature_action(), NATURE)
    assert state.phase is Phase.DRAFT
    with pytest.raises(ValueError, match="Date in play"):
        FastDates.of_observation(state.observation(state.current_player))
    with pytest.raises(ValueError, match="not a card played"):
        fast = None
        for _ in range(200):  # play the draft out, then hand the fast chapter a non-play
            seat = state.current_player
            state.apply(state.generate_legal(seat)[0], seat)
            if state.phase is Phase.SHARE:
                state.apply(Ready(), state.current_player)
            if state.phase is Phase.DATE:
                fast = FastDates.of_observation(state.observation(state.current_player))
                break
        assert fast is not None
        fast.apply_unchecked(Ready(), fast.current_player)



@pytest.mark.parametrize("careful", [False, True])
@pytest.mark.parametrize("chapter", [2, 4, 6])
def test_the_search_play_out_plays_the_very_chapter_of_its_rollout(chapter, careful):
    """The hints' one-loop play-out must give, from the same random numbers, the same
    chapter as their rollout played move by move: the same cards, record and result
    (with the plain rule of thumb and with the careful one)."""
    from tabletop.games.anniversary.thumb import AnniversaryHints

    hints = AnniversaryHints(careful=careful)
    rng = random.Random(chapter)
    compared, outcomes = 0, set()
    for seed in range(12):
        state = AnniversaryGame(chapter).new_state(seed)
        while not state.is_over:
            seat = state.current_player
            if seat == NATURE:
                state.apply(state.nature_action(), NATURE)
                continue
            if state.phase is Phase.DATE and rng.random() < 0.3:
                deal = FastDeal(state.observation(seat))
                for k in range(4):
                    base = deal.sample(random.Random(k))
                    fast, slow = base.clone(), base.clone()
                    hints.play_out(fast, None, random.Random(k))
                    stream = random.Random(k)
                    while not slow.is_over:
                        mover = slow.current_player
                        slow.apply_unchecked(hints.rollout(slow, stream), mover)
                    assert fast.is_over
                    assert {name: getattr(fast, name) for name in FastDates.__slots__} == \
                        {name: getattr(slow, name) for name in FastDates.__slots__}
                    outcomes.add(fast.result)
                    compared += 1
            state.apply(rng.choice(state.generate_legal(seat)), seat)
    assert compared > 40 and outcomes == {True, False}
