"""Deals that agree with what one seat knows of Enemy Anemone, for the bots' search."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.protocol import NATURE
from tabletop.engine.rng import RandomSource, Rng
from tabletop.engine.sampling import deal_with_constraints
from tabletop.games.enemy_anemone.cards import EnemyAnemoneCard
from tabletop.games.enemy_anemone.observation import EnemyAnemoneObservation
from tabletop.games.enemy_anemone.rules import EnemyAnemoneState

if TYPE_CHECKING:
    from tabletop.games.enemy_anemone.game import EnemyAnemoneGame

__all__ = ["hidden_places", "sample_deal"]


def hidden_places(game: EnemyAnemoneGame, obs: EnemyAnemoneObservation,
                  ) -> tuple[list[EnemyAnemoneCard], list[int]]:
    """The cards ``obs``'s seat has not seen, and the places they may be: each other
    seat's hand (then its face-down discards), then the draw deck, each place with the
    suits it may hold (:func:`deal_with_constraints`)."""
    seen = set(obs.hand) | set(obs.own_discards) | {p.card for p in obs.trick}
    for pile in obs.won:
        seen.update(pile)
    unknown = [c for c in game.deck if c not in seen]
    masks: list[int] = []
    for seat in range(obs.players):
        if seat != obs.seat:
            masks.extend([game.all_suits & ~obs.voids[seat]] * obs.hand_sizes[seat])
            masks.extend(obs.discard_masks[seat])
    masks.extend([-1] * obs.deck_size)
    return unknown, masks


def sample_deal(game: EnemyAnemoneGame, obs: EnemyAnemoneObservation, rng: RandomSource,
                ) -> EnemyAnemoneState:
    """A full state that agrees with ``obs``; hidden cards dealt at random."""
    state = EnemyAnemoneState(game, Rng(int(rng.random() * (1 << 53))))
    me = obs.seat
    state.hand_no = obs.hand_number - 1
    state.hand_leader = obs.hand_leader
    state.leader = obs.leader
    state.order = list(obs.turn_order)
    state.turn = obs.turn
    state.trick = list(obs.trick)
    state.trick_mask = obs.trick_suits
    state.trick_flow = list(obs.trick_flow)
    state.tricks = list(obs.tricks)
    state.won = [list(w) for w in obs.won]
    state.discard_masks = [list(m) for m in obs.discard_masks]
    state.voids = list(obs.voids)
    state.totals = list(obs.totals)
    state.hand_points = [list(p) for p in obs.hand_points]
    state.last_piles = [list(p) for p in obs.last_piles]
    state.pool.ones = [a[0] for a in obs.anemones]
    state.pool.twos = [a[1] for a in obs.anemones]
    state.pool.supply = obs.supply
    state.over = obs.over
    state.armed = obs.armed
    state.dealt = obs.current_player != NATURE
    state.next_leader = obs.next_leader
    unknown, masks = hidden_places(game, obs)
    dealt = deal_with_constraints(unknown, masks, rng)
    at = 0
    for seat in range(obs.players):
        if seat == me:
            state.hands[seat] = list(obs.hand)
            state.discards[seat] = list(obs.own_discards)
            continue
        size = obs.hand_sizes[seat]
        state.hands[seat] = sorted(dealt[at:at + size])
        at += size
        count = len(obs.discard_masks[seat])
        state.discards[seat] = dealt[at:at + count]
        at += count
    state.deck = dealt[at:]
    return state
