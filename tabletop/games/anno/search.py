"""The ``hard`` Anno bot: flat Monte Carlo over sampled deals.

For each decision it takes the rule of thumb's best few moves (every match worth
considering, the Blue Moon exchanges, and the burns of the cards it values least),
then, deal after deal sampled from its own observation, plays each of them and the
rest of the round out with the rule of thumb for every seat.  A play-out scores the
round's points against the best other player's, or, in the game's last round, the
win itself.  The move that scored best is played, unless it only just beat the rule
of thumb's own (with few samples that is mostly luck).  The samples come from the
observation alone (``Game.sample_state``), so it knows no more than its seat.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from functools import lru_cache

from tabletop.bots.ismcts import SearchStats
from tabletop.engine.protocol import NATURE, Action, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anno.actions import Burn, Exchange, Match, Withdraw
from tabletop.games.anno.bot import (
    SeatView, decide, keep_value, match_value, policy, unseen_months,
)
from tabletop.games.anno.cards import AnnoCard
from tabletop.games.anno.observation import AnnoObservation
from tabletop.games.anno.rules import EMPTY, AnnoGame, AnnoState

__all__ = ["SearchBot"]

#: Burns tried besides the rule of thumb's own choice.
BURNS = 3
#: Matches tried (the most valuable by the rule of thumb).
MATCHES = 4
#: Sampled deals for the first move of the halving (about), and a time cap in seconds.
SAMPLES = 600
SECONDS = 1.2
#: How much better (in the play-out score's units) another move must do to be chosen
#: over the rule of thumb's own.
KEEP_MARGIN = 0.04


class SearchBot:
    """Plays each candidate move out on sampled deals and keeps the best."""

    def __init__(self, level: str = "hard", samples: int = SAMPLES,
                 seconds: float = SECONDS) -> None:
        self.level = level
        self.samples = samples
        self.seconds = seconds
        #: The last decision's play-outs and time (what ``tabletop bench`` reports).
        self.last = SearchStats()

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        assert isinstance(observation, AnnoObservation)
        obs = observation
        self.last = SearchStats()
        if obs.declared is not None:
            return Withdraw()
        candidates = self.candidates(obs, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        game = _game(obs.players, obs.rounds)
        started = time.perf_counter()
        deadline = started + self.seconds
        # Sequential halving: every surviving move is tried on the same sampled deals;
        # after each round the worse half is dropped, so the close calls get the samples.
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        runs = [0] * len(candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        per_round = max(4, self.samples // rounds)
        while len(alive) > 1 and time.perf_counter() < deadline:
            for _ in range(per_round):
                if time.perf_counter() >= deadline:
                    break
                sample = game.sample_state(obs, rng)
                for i in alive:
                    state = sample.clone()
                    state.apply_unchecked(candidates[i], obs.seat)
                    totals[i] += _play_out(state, obs.seat, rng)
                    runs[i] += 1
            alive.sort(key=lambda i: -totals[i] / max(1, runs[i]))
            alive = alive[:max(1, math.ceil(len(alive) / 2))]
        self.last = SearchStats(sum(runs), time.perf_counter() - started)
        best = max(alive, key=lambda i: (totals[i] / max(1, runs[i]), -i))
        # The rule of thumb's own move stands unless another did clearly better: with few
        # samples, the best-looking of several close moves is mostly luck.
        if runs[0] and totals[best] / runs[best] < totals[0] / runs[0] + KEEP_MARGIN:
            return candidates[0]
        return candidates[best]

    def candidates(self, obs: AnnoObservation, legal: Sequence[Action], rng: Rng,
                   ) -> list[Action]:
        """The moves worth weighing: the best matches, the exchanges for Months, a few burns."""
        first = policy(obs, legal, rng)
        chosen: list[Action] = [first]
        matches = sorted((a for a in legal if isinstance(a, Match)),
                         key=lambda m: -match_value(obs, m))
        for match in matches[:MATCHES]:
            if match not in chosen:
                chosen.append(match)
        for exchange in (a for a in legal if isinstance(a, Exchange)):
            card = obs.community[exchange.position]
            if card is not None and int(card) < 12 and exchange not in chosen:
                chosen.append(exchange)
        unseen = unseen_months(obs)
        burns = sorted((a for a in legal if isinstance(a, Burn)),
                       key=lambda b: keep_value(obs, b.card, obs.hand, unseen))
        seen: set[object] = set()
        for burn in burns:
            key = (burn.card.kind, burn.card.value)  # two copies of one type are one choice
            if key in seen:
                continue
            seen.add(key)
            if burn not in chosen:
                chosen.append(burn)
            if len(seen) >= BURNS + 1:
                break
        return chosen


def _play_out(state: AnnoState, me: int, rng: Rng) -> float:
    """Play the round out with the quick rule of thumb and score it for ``me``: in the
    game's last round, +1 for ending ahead of every other seat and −1 for ending behind
    one (the margin only breaks ties); before that, the round's margin, scaled."""
    round_no = state.round_no
    before = state.totals[:]
    while not state.over and state.dealt and state.round_no == round_no:
        seat = state.current_player
        if seat == NATURE:
            break
        state.apply_unchecked(quick_move(state, seat), seat)
    if len(state.round_plus) > round_no:
        plus, minus = state.round_plus[round_no], state.round_minus[round_no]
        points = [p - m for p, m in zip(plus, minus)]
    else:
        points = state.round_points()
    if round_no + 1 < state.game.rounds:
        best_other = max(p for s, p in enumerate(points) if s != me)
        return (points[me] - best_other) / 50
    totals = [t + p for t, p in zip(before, points)]
    margin = totals[me] - max(t for s, t in enumerate(totals) if s != me)
    return (1.0 if margin > 0 else -1.0 if margin < 0 else 0.0) + margin / 1000


def quick_move(state: AnnoState, seat: int) -> Action:
    """The rule of thumb (the ``normal`` bot), read straight from the state for speed and
    from what ``seat`` knows only: its hand and burns, and the open table."""
    boards = [list(b.items()) for b in state.boards]
    community = [None if c == EMPTY else AnnoCard(c) for c in state.community]
    view = SeatView(state.hands[seat], boards[seat], boards, community, state.burned[seat],
                    state.exchanged, state.matched, state.declared)
    return decide(view)


@lru_cache(maxsize=16)
def _game(players: int, rounds: int) -> AnnoGame:
    return AnnoGame(players, rounds)
