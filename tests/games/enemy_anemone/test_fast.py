"""The search's own hand (:class:`FastHand`) against the full rules: the same moves
lead to the same cards, score piles, anemones, turns, legal moves and hand scores."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.protocol import NATURE
from tabletop.games.enemy_anemone.fast import FastHand
from tabletop.games.enemy_anemone.game import EnemyAnemoneGame


def same(fast: FastHand, state) -> None:  # type: ignore[no-untyped-def]
    assert fast.hands == [list(map(int, h)) for h in state.hands]
    assert fast.deck == list(map(int, state.deck))
    assert fast.pool.to_json() == state.pool.to_json()
    assert fast.tokens() == 9
    assert fast.totals == state.totals
    if fast.is_over:
        return
    assert fast.piles == state.hand_scores()
    assert fast.t_values == [p.value for p in state.trick]
    assert fast.current_player == state.current_player
    seat = state.current_player
    assert set(fast.legal(seat)) == set(state.generate_legal(seat))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_fast_hand_follows_the_rules_move_for_move(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(6):
        state = EnemyAnemoneGame(players, 2).new_state(seed)
        while not state.is_over:
            if state.current_player == NATURE:
                state.apply(state.nature_action(), NATURE)
                continue
            if rng.random() < 0.3:  # from here to the hand's end, side by side
                fast = FastHand.of(state)
                same(fast, state)
                hand = state.hand_no
                while not fast.is_over:
                    seat = state.current_player
                    action = rng.choice(state.generate_legal(seat))
                    state.apply(action, seat)
                    fast.apply_unchecked(action, seat)
                    same(fast, state)
                    checked += 1
                assert state.is_over or state.hand_no == hand + 1
                assert fast.over == state.is_over
                if fast.over:
                    assert fast.outcome() == state.outcome()
                continue
            seat = state.current_player
            state.apply(rng.choice(state.generate_legal(seat)), seat)
    assert checked > 200


def test_its_play_out_ends_the_hand_with_every_card_and_token_accounted_for():
    state = EnemyAnemoneGame(4, 4).new_state(3)
    state.apply(state.nature_action(), NATURE)
    for k in range(20):
        fast = FastHand.of(state)
        fast.play_out(random.Random(k))
        assert fast.ended and not any(fast.hands) and fast.tokens() == 9
        assert sum(fast.totals) == sum(fast.piles) == 10 * 4 + 4 * 3  # 3s, 5s, 8s score 2


def test_a_fast_deal_places_only_unseen_cards_where_the_record_allows():
    from tabletop.engine.cards import suit_of
    from tabletop.games.enemy_anemone.fast import FastDeal

    rng = random.Random(5)
    deals = 0
    for seed in range(12):
        game = EnemyAnemoneGame(3, 1)
        state = game.new_state(seed)
        state.apply(state.nature_action(), NATURE)
        for _ in range(rng.randrange(5, 25)):
            if state.is_over or state.current_player == NATURE:
                break
            seat = state.current_player
            state.apply(rng.choice(state.generate_legal(seat)), seat)
        if state.is_over or state.current_player == NATURE:
            continue
        me = state.current_player
        obs = state.observation(me)
        deal = FastDeal(game, obs)
        for k in range(10):
            fast = deal.sample(random.Random(k))
            deals += 1
            assert fast.hands[me] == list(map(int, state.hands[me]))
            for seat in range(3):
                assert len(fast.hands[seat]) == len(state.hands[seat])
                if seat != me:
                    assert not any(obs.voids[seat] >> suit_of(c) & 1 for c in fast.hands[seat])
            seen = set(obs.hand) | set(obs.own_discards) | {p.card for p in obs.trick}
            for pile in obs.won:
                seen.update(pile)
            others = [c for seat in range(3) if seat != me for c in fast.hands[seat]]
            assert not seen & set(others) and len(set(others)) == len(others)
            assert fast.piles[me] == state.hand_scores()[me]
            assert fast.t_values == [p.value for p in state.trick]
    assert deals >= 50


def play_out_stepwise(fast: FastHand, rng: random.Random) -> None:
    """:meth:`FastHand.play_out` written plainly, move by move (its reference)."""
    while not fast.is_over:
        seat = fast.current_player
        card, combo = fast.quick_move(seat, rng)
        if combo[0] < 0:
            fast.discard(seat, card)
        else:
            fast.armed = combo
            fast.play(seat, card)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_inlined_play_out_plays_the_very_game_of_the_stepwise_one(players):
    """The search's innermost loop is written out by hand; the same random numbers must
    give the same hand, move for move, as :meth:`quick_move` with :meth:`play`."""
    rng = random.Random(players)
    compared = armed = 0
    for state in walk(players, 10, rng):
        if rng.random() < 0.2:
            base = FastHand.of(state)
            armed += base.armed != (0, 0)
            for k in range(3):
                fast, slow = base.clone(), base.clone()
                fast.play_out(random.Random(k))
                play_out_stepwise(slow, random.Random(k))
                assert {name: getattr(fast, name) for name in FastHand.__slots__
                        if name != "pool"} == \
                    {name: getattr(slow, name) for name in FastHand.__slots__
                     if name != "pool"}
                assert fast.pool.to_json() == slow.pool.to_json()
                assert fast.ended and fast.tokens() == 9
                compared += 1
    assert compared > 50 and armed > 0


def walk(players: int, games: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """Every position of ``games`` three-hand games of random moves (readying anemones
    now and then), as each comes: the caller may look at it, never change it."""
    from tabletop.games.enemy_anemone.actions import Arm

    for seed in range(games):
        state = EnemyAnemoneGame(players, 3).new_state(seed)
        while not state.is_over:
            seat = state.current_player
            if seat == NATURE:
                state.apply(state.nature_action(), NATURE)
                continue
            yield state
            legal = state.generate_legal(seat)
            arms = [a for a in legal if isinstance(a, Arm)]
            state.apply(rng.choice(arms) if arms and rng.random() < 0.3 else rng.choice(legal),
                        seat)


def reference_candidates(fast: FastHand, sharp: bool) -> list:  # type: ignore[type-arg]
    """The search's candidate moves written plainly: every play, and readying the
    anemone totals that could matter (just enough for a card to take the trick, and if
    sharp one more; when leading, if sharp, everything held), the fewest tokens each."""
    from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
    from tabletop.games.enemy_anemone.fast import cheapest

    seat = fast.current_player
    playable = fast.playable(seat)
    if not playable:
        return [Discard(c) for c in fast.hands[seat]]
    plays = [Play(c) for c in playable]
    ones, twos = fast.pool.ones[seat], fast.pool.twos[seat]
    budget = ones + 2 * twos
    if not budget:
        return plays

    def useful(rank: int) -> list[int]:
        if not fast.t_values:
            return [budget] if sharp else []
        need = max(fast.t_values) - rank
        if need <= 0 or need > budget:
            return []
        return [need, need + 1] if sharp and need + 1 <= budget else [need]

    if fast.armed != (0, 0):
        boost = fast.armed[0] + 2 * fast.armed[1]
        return [Play(c) for c in playable if boost in useful(c & 31)] or plays
    combos = {}
    for card in playable:
        for boost in useful(card & 31):
            combo = cheapest(boost, ones, twos)
            if combo is not None:
                combos[combo] = None
    return plays + [Arm(*combo) for combo in combos]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_search_considers_the_moves_its_plain_reference_lists(players):
    from tabletop.games.enemy_anemone.actions import Arm
    from tabletop.games.enemy_anemone.bot import EnemyAnemoneHints

    rng = random.Random(players)
    kinds = {True: set(), False: set()}  # what was compared: armed?, following?, arms offered?
    for state in walk(players, 12, rng):
        fast = FastHand.of(state)
        for sharp in (True, False):
            mine = list(EnemyAnemoneHints(sharp).candidates(fast))
            assert mine == reference_candidates(fast, sharp)
            kinds[sharp].add((fast.armed != (0, 0), bool(fast.t_values),
                              any(isinstance(a, Arm) for a in mine)))
    assert {(False, True, True), (False, False, False), (True, True, False)} <= kinds[True]
    assert (False, False, True) in kinds[True] and (False, False, True) not in kinds[False]
