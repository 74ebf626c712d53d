"""Mountains that agree with what one climber knows, for the bots' search."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.rng import RandomSource, Rng
from tabletop.games.annapurna.cards import suit_cards
from tabletop.games.annapurna.observation import ACT, OFFER, UNKNOWN, AnnapurnaObservation, Phase
from tabletop.games.annapurna.rules import AnnapurnaState

if TYPE_CHECKING:
    from tabletop.games.annapurna.game import AnnapurnaGame

__all__ = ["sample_deal"]


def sample_deal(game: AnnapurnaGame, obs: AnnapurnaObservation,
                rng: RandomSource) -> AnnapurnaState:
    """A full state that agrees with ``obs``; what the seat does not know dealt at random.

    Unknown cards are every card not in sight.  A face-down card this seat does
    not know is one of its own mountain's suit unless a hide it did not see put
    another there, so those places draw from their suit first; the rest (other
    private backpacks and caches, any place its suit cannot fill) from what is
    left.
    """
    state = AnnapurnaState(game, Rng(int(rng.random() * (1 << 53))))
    n = obs.players
    state.dealt = obs.phase != Phase.DEAL
    state.player = obs.current_player if obs.current_player >= 0 else 0
    state.phase = obs.phase if obs.phase != Phase.DEAL else ACT
    state.up = [list(u) for u in obs.up]
    state.location = list(obs.locations)
    state.peak = list(obs.peaks)
    state.peak_balanced = list(obs.peak_balanced)
    state.shenpa = list(obs.shenpa)
    state.planted = [list(flags) for flags in obs.planted]
    state.pending = list(obs.pending)
    state.rope = obs.rope
    state.extra = obs.extra_turn
    state.explored = obs.explored_this_turn
    state.offer_from = obs.offer_from
    state.offer = obs.offer
    if obs.phase == OFFER:
        state.queue = [(obs.offer_from + k) % n for k in range(1, n)]
        state.queue = state.queue[state.queue.index(obs.current_player):]
    state.turns = obs.turns
    state.over, state.won, state.points = obs.over, obs.won, obs.points
    state.reason = obs.reason
    if not state.dealt:
        return state
    seen: set[int] = set()
    for m in range(n):
        seen.update(c for c in obs.cards[m] if c >= 0)
        for part in (obs.backpacks[m], obs.caches[m]):
            if part is not None:
                seen.update(part)
    everyone = (1 << n) - 1
    unseen_by_suit: list[list[int]] = [
        [int(c) for c in suit_cards(s) if int(c) not in seen] for s in range(n)]
    for pool in unseen_by_suit:
        rng.shuffle(pool)
    state.cards = [list(row) for row in obs.cards]
    state.know = [[everyone if c >= 0 else 0 for c in row] for row in obs.cards]
    # Unknown face-down places first, from their own suit.
    loose: list[tuple[int, int]] = []
    for m in range(n):
        for p, c in enumerate(obs.cards[m]):
            if c == UNKNOWN:
                if unseen_by_suit[m]:
                    state.cards[m][p] = unseen_by_suit[m].pop()
                else:
                    loose.append((m, p))
    rest = [c for pool in unseen_by_suit for c in pool]
    rng.shuffle(rest)
    for m, p in loose:
        state.cards[m][p] = rest.pop()
    for m in range(n):
        if obs.backpacks[m] is not None:
            state.backpack[m] = list(obs.backpacks[m] or ())
        else:
            state.backpack[m] = sorted(rest.pop() for _ in range(obs.backpack_sizes[m]))
        if obs.caches[m] is not None:
            state.cache[m] = list(obs.caches[m] or ())
        else:
            state.cache[m] = [rest.pop() for _ in range(obs.cache_sizes[m])]
    return state
