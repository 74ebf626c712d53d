"""Enemy Anemone bots: a rule-of-thumb policy and the hints that steer the search.

Levels:

* ``random`` — any legal move.
* ``easy`` — the rule of thumb below, with a fifth of its moves at random.
* ``normal`` — ISMCTS, a modest budget, rollouts to the end of the hand.
* ``hard`` — ISMCTS with twelve times the iterations (3000, capped at 1.75 s) and a
  sharper tree.

The rule of thumb: forced to discard, bank your most valuable card (discards
score for you).  Otherwise, if a card (with as few anemones as needed) beats the
trick, take it with the cheapest such card when you are last, or when the trick is
already worth having; else throw your lowest card, which may earn an anemone.

Anemones are readied (``Arm``) before the card that takes them is played, so a
decision to attach some is two steps: the second one plays the card that the
readied anemones were meant for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tabletop.bots.base import PolicyBot, RandomBot
from tabletop.bots.ismcts import Budget, ISMCTSBot
from tabletop.engine.cards import RANK_BITS, RANK_MASK
from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import RandomSource, Rng
from tabletop.games.enemy_anemone.info import BOT_LEVELS
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.games.enemy_anemone.cards import EnemyAnemoneCard, card_points
from tabletop.games.enemy_anemone.fast import (
    ARM, CHEAPEST, DISCARD, PLAY, FastDeal, FastHand,
)
from tabletop.games.enemy_anemone.observation import EnemyAnemoneObservation
from tabletop.games.enemy_anemone.game import EnemyAnemoneGame

__all__ = ["BOT_LEVELS", "EnemyAnemoneHints", "make_bot", "policy"]


#: Search budgets per level: (iterations, hard time cap in seconds).
BUDGETS = {
    "normal": Budget(iterations=250, seconds=0.40),
    "hard": Budget(iterations=3000, seconds=1.75),
}
#: What one point of anemone value is worth in points, while hands remain.
ANEMONE_WORTH = 0.6
#: Spread of one hand's score, for turning score margins into win chances.
HAND_SPREAD = 4.0


def make_bot(level: str) -> Bot:
    """The player of ``level``: ``random``, ``easy``, ``normal`` or ``hard``."""
    if level == "random":
        return RandomBot()
    if level == "easy":
        return PolicyBot("easy", policy, noise=0.2)
    if level in BUDGETS:
        return ISMCTSBot(level, EnemyAnemoneHints(sharp=level == "hard"), BUDGETS[level],
                         exploration=0.6 if level == "hard" else 0.8)
    raise ValueError(f"Enemy Anemone has no bot level {level!r}")


# -- the rule of thumb ---------------------------------------------------------------
def policy(observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """Pick a sensible move from ``legal`` using only the observation."""
    assert isinstance(observation, EnemyAnemoneObservation)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return max(discards, key=lambda a: (card_points(a.card), a.card.rank))
    cards = [a.card for a in legal if isinstance(a, Play)]
    values = [p.value for p in observation.trick]
    remaining = len(observation.turn_order) - observation.turn - 1
    ones, twos = observation.armed
    if ones or twos:  # the second step: play the card the anemones were readied for
        return Play(_best_with(cards, ones + 2 * twos, values, remaining))
    held = observation.anemones[observation.seat]
    card, combo = _choose_play(cards, held, values, remaining, rng)
    return Arm(*combo) if combo != (0, 0) else Play(card)


def _target(values: Sequence[int], remaining: int) -> int:
    """The value a card needs to take the trick and keep it (the later of equals wins)."""
    return max(values) + (1 if remaining else 0)


def _best_with(cards: Sequence[EnemyAnemoneCard], boost: int, values: Sequence[int],
               remaining: int) -> EnemyAnemoneCard:
    """The card to carry ``boost`` in readied anemones: the cheapest that wins, else the
    highest."""
    if values:
        winners = [c for c in cards if c.rank + boost >= _target(values, remaining)]
        if winners:
            return min(winners, key=lambda c: (card_points(c), c.rank))
    return max(cards, key=lambda c: c.rank)


def _choose_play(cards: Sequence[EnemyAnemoneCard], held: tuple[int, int], values: Sequence[int],
                 remaining: int, rng: Rng) -> tuple[EnemyAnemoneCard, tuple[int, int]]:
    """The card to play and the anemones to ready for it."""
    if not values:  # leading: a high card usually holds, a low one sheds junk
        ordered = sorted(cards, key=lambda c: c.rank)
        return (ordered[-1] if rng.random() < 0.6 else ordered[0]), (0, 0)
    worth = len(values) + 1 >= 3 or remaining == 0
    if worth:
        target = _target(values, remaining)
        ones, twos = held
        winners = [(c, (o, t)) for c in cards for o in range(ones + 1) for t in range(twos + 1)
                   if c.rank + o + 2 * t >= target]
        if winners:
            return min(winners, key=lambda w: (w[1][0] + 2 * w[1][1], card_points(w[0]),
                                               w[0].rank))
    return min(cards, key=lambda c: (card_points(c), c.rank)), (0, 0)


# -- search hints ------------------------------------------------------------------------
class EnemyAnemoneHints:
    """Tells :class:`ISMCTSBot` how to search Enemy Anemone: on a :class:`FastHand`,
    the rest of the hand in plain numbers (the search never looks past it)."""

    def __init__(self, sharp: bool = False) -> None:
        self.sharp = sharp
        self._deal: FastDeal | None = None

    def sample(self, observation: Observation, rng: RandomSource) -> Any:
        assert isinstance(observation, EnemyAnemoneObservation)
        deal = self._deal
        if deal is None or deal.observation is not observation:
            deal = self._deal = FastDeal(_game(observation.players, observation.hands_total),
                                         observation)
        return deal.sample(rng)  # type: ignore[arg-type]

    def candidates(self, state: object) -> Sequence[Action]:
        """Plays, and readying just the anemones that could matter: first the amount,
        then (a second node) only the cards that amount is useful for."""
        assert isinstance(state, FastHand)
        seat = state.order[state.turn]  # the current player: a candidate is only asked
        hand = state.hands[seat]        # for while the hand goes on (this is hot)
        mask = state.mask
        playable = [c for c in hand if not (mask >> (c >> RANK_BITS)) & 1]
        if not playable:
            return [DISCARD[c] for c in hand]
        plays: list[Action] = list(map(PLAY.__getitem__, playable))
        ones, twos = state.pool.ones[seat], state.pool.twos[seat]
        if not ones and not twos:
            return plays
        # The anemone totals worth trying on a card: just enough for it to take the
        # trick (and, if sharp, one more, against a later card); when leading, if
        # sharp, everything held.
        budget = ones + 2 * twos
        sharp = self.sharp
        armed = state.armed
        values = state.t_values
        if not values:
            if not sharp or armed != (0, 0):
                return plays
            combo = CHEAPEST[budget][ones][twos]
            return plays + [ARM[combo[0]][combo[1]]] if combo is not None else plays
        best = max(values)
        if armed != (0, 0):
            boost = armed[0] + 2 * armed[1]
            useful: list[Action] = [
                PLAY[c] for c in playable if 0 < (need := best - (c & RANK_MASK)) <= budget
                and (boost == need or sharp and boost == need + 1)]
            return useful or plays
        combos: dict[tuple[int, int], None] = {}
        table = CHEAPEST
        for card in playable:
            need = best - (card & RANK_MASK)
            if 0 < need <= budget:
                combo = table[need][ones][twos]
                if combo is not None:
                    combos[combo] = None
                if sharp and need < budget:
                    combo = table[need + 1][ones][twos]
                    if combo is not None:
                        combos[combo] = None
        return plays + [ARM[o][t] for o, t in combos]

    def rollout(self, state: object, rng: RandomSource) -> Action:
        """The quick policy's next step (:meth:`FastHand.quick_move`) as an action."""
        assert isinstance(state, FastHand)
        seat = state.current_player
        card, combo = state.quick_move(seat, rng)  # type: ignore[arg-type]
        if combo[0] < 0:
            return DISCARD[card]
        if combo != state.armed:
            return ARM[combo[0]][combo[1]]
        return PLAY[card]

    def play_out(self, state: object, marker: object, rng: RandomSource) -> None:
        """Play the rest of the hand (the horizon) without making actions."""
        assert isinstance(state, FastHand)
        state.play_out(rng)  # type: ignore[arg-type]

    def horizon(self, root: Observation) -> object:
        return None  # a FastHand ends with its hand

    def stop(self, state: object, marker: object) -> bool:
        assert isinstance(state, FastHand)
        return state.is_over

    def evaluate(self, state: object) -> Sequence[float]:
        assert isinstance(state, FastHand)
        if state.over:
            return state.outcome()
        remaining = state.hands_total - state.hand_no - (1 if state.ended else 0)
        pool = state.pool  # each seat's total, and its anemones' value (as pool.value)
        values = [total + ANEMONE_WORTH * (ones + 2 * twos)
                  for total, ones, twos in zip(state.totals, pool.ones, pool.twos)]
        return _win_chances(values, HAND_SPREAD * math.sqrt(max(remaining, 0)) or 1.0)


def _win_chances(values: Sequence[float], spread: float) -> list[float]:
    top = max(values)
    exp = math.exp
    weights = [exp((v - top) / spread) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


@lru_cache(maxsize=32)
def _game(players: int, hands: int) -> EnemyAnemoneGame:
    return EnemyAnemoneGame(players, hands)

