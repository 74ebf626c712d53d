"""Imagined deals respect what the table proved: voids and the suits of face-down discards."""

from __future__ import annotations

import random

from tabletop.games.enemy_anemone.actions import Discard
from tabletop.games.enemy_anemone.game import EnemyAnemoneGame


def played_until_discards(seed: int, players: int = 4):
    state = EnemyAnemoneGame(players, hands=1).start(seed)
    rng = random.Random(seed)
    while not state.is_over and sum(len(d) for d in state.discards) < 3:
        legal = state.legal_actions(state.current_player)
        discards = [a for a in legal if isinstance(a, Discard)]
        state.apply(rng.choice(discards or legal), state.current_player)
    return state


def test_determinized_hands_avoid_proven_voids_and_discards_keep_their_suits():
    checked = 0
    for seed in range(30):
        state = played_until_discards(seed)
        if state.is_over:
            continue
        for seat in range(state.n):
            obs = state.observation(seat)
            for _ in range(5):
                world = state.determinize(seat, random.Random(seed))
                for other in range(state.n):
                    if other == seat:
                        continue
                    assert not any((obs.voids[other] >> c.suit) & 1 for c in world.hands[other])
                    for card, mask in zip(world.discards[other], obs.discard_masks[other]):
                        assert (mask >> card.suit) & 1
                    checked += 1
    assert checked > 100


def test_two_player_deck_is_redealt_but_own_hand_and_public_cards_are_kept():
    state = EnemyAnemoneGame(2, hands=1).start(3)
    rng = random.Random(3)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions(state.current_player)), state.current_player)
    worlds = [state.determinize(0, random.Random(k)) for k in range(10)]
    assert all(w.hands[0] == state.hands[0] for w in worlds)
    assert all(w.won == state.won for w in worlds)
    assert len({tuple(w.deck) for w in worlds}) > 1
    hidden = sorted(state.deck + state.hands[1] + state.discards[1])
    assert all(sorted(w.deck + w.hands[1] + w.discards[1]) == hidden for w in worlds)
