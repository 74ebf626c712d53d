from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine.cards import suit_of
from tabletop.engine.rng import Rng
from tabletop.engine.sampling import ImpossibleDeal, _by_flow, deal_with_constraints


def card(suit: int, rank: int) -> int:
    return (suit << 5) | rank


def fits(dealt, masks):
    return all((mask >> (c >> 5)) & 1 for c, mask in zip(dealt, masks))


def test_unconstrained_deal_is_a_shuffle():
    cards = [card(s, r) for s in range(3) for r in range(1, 6)]
    dealt = deal_with_constraints(cards, [-1] * len(cards), Rng(3))
    assert sorted(dealt) == sorted(cards)
    assert dealt != cards


def test_tight_constraints_are_met():
    cards = [card(0, 1), card(0, 2), card(1, 1), card(2, 1)]
    masks = [0b001, 0b001, 0b110, 0b110]
    for seed in range(30):
        dealt = deal_with_constraints(cards, masks, Rng(seed))
        assert fits(dealt, masks)
        assert sorted(dealt) == sorted(cards)


def test_flow_solves_what_greedy_order_can_miss():
    # Slot 0 accepts suits 0 or 1, slot 1 only suit 1, slot 2 only suit 0 ... a chain.
    cards = [card(0, 1), card(1, 1), card(2, 1)]
    masks = [0b011, 0b110, 0b001]
    dealt = _by_flow(cards, masks, random.Random(1), suit_of)
    assert fits(dealt, masks)
    assert sorted(dealt) == sorted(cards)


def test_impossible_constraints_raise():
    cards = [card(0, 1), card(0, 2)]
    with pytest.raises(ImpossibleDeal):
        deal_with_constraints(cards, [0b10, 0b01], Rng(1))


def test_wrong_number_of_places_raises():
    with pytest.raises(ImpossibleDeal):
        deal_with_constraints([card(0, 1)], [1, 1], Rng(1))


@given(st.integers(0, 2**32), st.integers(2, 5), st.integers(0, 2**32))
def test_random_feasible_problems_are_always_solved(seed, suits, shuffle_seed):
    rng = random.Random(seed)
    cards = [card(s, r) for s in range(suits) for r in range(1, rng.randint(2, 6))]
    # Build masks from a hidden true assignment, so a solution exists.
    truth = cards[:]
    rng.shuffle(truth)
    masks = []
    for c in truth:
        mask = 1 << (c >> 5)
        for s in range(suits):
            if rng.random() < 0.4:
                mask |= 1 << s
        masks.append(mask)
    dealt = deal_with_constraints(cards, masks, random.Random(shuffle_seed))
    assert fits(dealt, masks)
    assert sorted(dealt) == sorted(cards)
    flowed = _by_flow(cards, masks, random.Random(shuffle_seed), suit_of)
    assert fits(flowed, masks)
    assert sorted(flowed) == sorted(cards)


def test_quick_shuffle_deals_every_order_about_equally_often():
    import random
    from collections import Counter

    from tabletop.engine.sampling import quick_shuffle

    rng = random.Random(7)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(24_000):
        items = [0, 1, 2, 3]
        quick_shuffle(items, rng)
        counts[tuple(items)] += 1
    assert len(counts) == 24
    assert all(850 <= n <= 1150 for n in counts.values())  # 1000 expected, sd ~31


def test_quick_shuffle_leaves_the_engine_generator_to_its_own_shuffle():
    from tabletop.engine.rng import Rng
    from tabletop.engine.sampling import quick_shuffle

    ours, theirs = list(range(20)), list(range(20))
    quick_shuffle(ours, Rng(3))
    Rng(3).shuffle(theirs)
    assert ours == theirs and sorted(ours) == list(range(20))
