"""Enemy Anemone bots: a rule-of-thumb policy and the hints that steer the search.

Levels:

* ``random`` — any legal move.
* ``easy`` — the rule of thumb below, with a fifth of its moves at random.
* ``normal`` — ISMCTS, a modest budget, rollouts to the end of the hand.
* ``hard`` — ISMCTS with four times the budget and a sharper tree.

The rule of thumb: forced to discard, bank your most valuable card (discards
score for you).  Otherwise, if a card (with as few anemones as needed) beats the
trick, take it with the cheapest such card when you are last, or when the trick is
already worth having; else throw your lowest card, which may earn an anemone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from tabletop.bots.base import PolicyBot, RandomBot
from tabletop.bots.ismcts import Budget, ISMCTSBot
from tabletop.engine.cards import rank_of
from tabletop.engine.protocol import Action, Bot, GameState, Observation
from tabletop.engine.rng import RandomSource, Rng
from tabletop.games.enemy_anemone import BOT_LEVELS
from tabletop.games.enemy_anemone.actions import Discard, Play
from tabletop.games.enemy_anemone.cards import card_points
from tabletop.games.enemy_anemone.observation import SeaObservation
from tabletop.games.enemy_anemone.rules import SeaGame, SeaState

__all__ = ["BOT_LEVELS", "SeaHints", "make_bot", "policy"]


#: Search budgets per level: (iterations, hard time cap in seconds).
BUDGETS = {
    "normal": Budget(iterations=250, seconds=0.40),
    "hard": Budget(iterations=1000, seconds=1.75),
}
#: What one point of anemone value is worth in points, while hands remain.
ANEMONE_WORTH = 0.6
#: Spread of one hand's score, for turning score margins into win chances.
HAND_SPREAD = 4.0


def make_bot(level: str) -> Bot:
    if level == "random":
        return RandomBot()
    if level == "easy":
        return PolicyBot("easy", policy, noise=0.2)
    if level in BUDGETS:
        return ISMCTSBot(level, SeaHints(sharp=level == "hard"), BUDGETS[level],
                         exploration=0.6 if level == "hard" else 0.8)
    raise ValueError(f"Enemy Anemone has no bot level {level!r}")


# -- the rule of thumb ---------------------------------------------------------------
def policy(observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """Pick a sensible move from ``legal`` using only the observation."""
    assert isinstance(observation, SeaObservation)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return max(discards, key=lambda a: (card_points(a.card), a.card.rank))
    plays = [a for a in legal if isinstance(a, Play)]
    values = [p.value for p in observation.trick]
    remaining = len(observation.turn_order) - observation.turn - 1
    return _choose_play(plays, values, remaining, rng)


def _choose_play(plays: Sequence[Play], values: Sequence[int], remaining: int,
                 rng: Rng) -> Play:
    bare = [p for p in plays if not p.ones and not p.twos]
    if not values:  # leading: a high card usually holds, a low one sheds junk
        ordered = sorted(bare, key=lambda p: p.card.rank)
        return ordered[-1] if rng.random() < 0.6 else ordered[0]
    best = max(values)
    worth = len(values) + 1 >= 3 or remaining == 0
    winners = [p for p in plays if p.card.rank + p.boost >= best + (1 if remaining else 0)]
    if winners and worth:
        return min(winners, key=lambda p: (p.boost, card_points(p.card), p.card.rank))
    return min(bare, key=lambda p: (card_points(p.card), p.card.rank))


# -- search hints ------------------------------------------------------------------------
class SeaHints:
    """Tells :class:`ISMCTSBot` how to search Enemy Anemone."""

    def __init__(self, sharp: bool = False) -> None:
        self.sharp = sharp

    def sample(self, observation: Observation, rng: RandomSource) -> GameState:
        assert isinstance(observation, SeaObservation)
        return _game(observation.players, observation.hands_total).sample_state(observation, rng)

    def candidates(self, state: GameState) -> Sequence[Action]:
        assert isinstance(state, SeaState)
        seat = state.current_player
        playable = state.playable(seat)
        if not playable:
            return [Discard(c) for c in state.hands[seat]]
        ones, twos = state.pool.ones[seat], state.pool.twos[seat]
        actions: list[Action] = [Play(c) for c in playable]
        if not ones and not twos:
            return actions
        best = max((p.value for p in state.trick), default=0)
        for card in playable:
            for boost in _useful_boosts(card.rank, best, ones + 2 * twos, bool(state.trick),
                                        self.sharp):
                combo = _cheapest(boost, ones, twos)
                if combo is not None:
                    actions.append(Play(card, *combo))
        return actions

    def rollout(self, state: GameState, rng: RandomSource) -> Action:
        assert isinstance(state, SeaState)
        seat = state.current_player
        playable = state.playable(seat)
        if not playable:
            hand = state.hands[seat]
            return Discard(max(hand, key=lambda c: (card_points(c), rank_of(c))))
        trick = state.trick
        if not trick:
            if rng.random() < 0.5:
                return Play(max(playable, key=rank_of))
            return Play(playable[rng.randrange(len(playable))])
        best = max(p.value for p in trick)
        last = state.turn == len(state.order) - 1
        winners = [c for c in playable if rank_of(c) >= best]
        if winners and (last or rng.random() < 0.6):
            return Play(min(winners, key=rank_of))
        if last:
            ones, twos = state.pool.ones[seat], state.pool.twos[seat]
            top = max(playable, key=rank_of)
            need = best - rank_of(top)
            if 0 < need <= ones + 2 * twos and len(trick) >= 2:
                combo = _cheapest(need, ones, twos)
                if combo is not None:
                    return Play(top, *combo)
        if rng.random() < 0.25:
            return Play(playable[rng.randrange(len(playable))])
        return Play(min(playable, key=lambda c: (card_points(c), rank_of(c))))

    def horizon(self, root: Observation) -> object:
        assert isinstance(root, SeaObservation)
        return root.hand_number - 1

    def stop(self, state: GameState, marker: object) -> bool:
        assert isinstance(state, SeaState)
        return state.hand_no != marker

    def evaluate(self, state: GameState) -> Sequence[float]:
        assert isinstance(state, SeaState)
        if state.over:
            return state.outcome()
        remaining = state.game.hands - state.hand_no
        values = [state.totals[s] + ANEMONE_WORTH * state.pool.value(s) for s in range(state.n)]
        return _win_chances(values, HAND_SPREAD * math.sqrt(remaining))


def _useful_boosts(rank: int, best: int, budget: int, following: bool, sharp: bool) -> list[int]:
    """Anemone totals worth trying on a card: just enough to win, or a margin more."""
    if budget <= 0:
        return []
    if not following:
        return [budget] if sharp else []
    need = best - rank
    if need <= 0 or need > budget:
        return []
    boosts = [need]
    if sharp and need + 1 <= budget:
        boosts.append(need + 1)
    return boosts


def _cheapest(boost: int, ones: int, twos: int) -> tuple[int, int] | None:
    """The fewest tokens adding up to at least ``boost``; spend +2s before +1s (a +1 can flip)."""
    options = []
    for t in range(twos + 1):
        o = max(0, boost - 2 * t)
        if o <= ones:
            options.append((o + t, o + 2 * t, -t, o, t))
    if not options:
        return None
    *_, o, t = min(options)
    return o, t


def _win_chances(values: Sequence[float], spread: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / spread) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


@lru_cache(maxsize=32)
def _game(players: int, hands: int) -> SeaGame:
    return SeaGame(players, hands)

