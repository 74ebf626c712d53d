"""Deals that agree with what one seat knows of Anno, for the bots' search.

Hidden are the other hands, the other players' burned cards and the deck; every open
card (boards, staged cards, the Community Eight) is known.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.engine.rng import RandomSource, Rng
from tabletop.engine.sampling import quick_shuffle
from tabletop.games.anno.cards import DECK, AnnoCard
from tabletop.games.anno.observation import AnnoObservation
from tabletop.games.anno.rules import AnnoState
from tabletop.games.anno.observation import EMPTY

if TYPE_CHECKING:
    from tabletop.games.anno.game import AnnoGame

__all__ = ["sample_deal", "sampler"]


def sample_deal(game: AnnoGame, obs: AnnoObservation, rng: RandomSource) -> AnnoState:
    """A full state that agrees with ``obs``; hidden cards dealt at random.

    Hidden are the other hands, the other players' burned cards and the deck;
    every open card (boards, staged cards, the Community Eight) is known.
    """
    return sampler(game, obs)(rng)


def sampler(game: AnnoGame, obs: AnnoObservation) -> Callable[[RandomSource], AnnoState]:
    """Deals of ``obs`` (see :func:`sample_deal`), one per call: what is known is worked
    out once, for a search that deals thousands of times from one observation."""
    base = AnnoState(game, Rng(0))
    me = obs.seat
    base.round_no = obs.round_number - 1
    base.dealer = obs.dealer
    base.dealt = obs.dealt
    base.player = obs.current_player if obs.current_player >= 0 else 0
    base.exchanged = obs.exchanged
    base.declared = obs.declared
    base.declared_new = obs.declared_new
    base.staged = list(obs.staged)
    base.staged_places = list(obs.staged_places)
    base.staged_from_community = obs.staged_from_community
    base.withdrawn = obs.withdrawn
    base.matched = obs.matched
    base.totals = list(obs.totals)
    base.round_plus = [list(p) for p in obs.round_plus]
    base.round_minus = [list(m) for m in obs.round_minus]
    base.over = obs.over
    base.community = [EMPTY if c is None else int(c) for c in obs.community]
    base.boards = [{m: list(cards) for m, cards in b} for b in obs.boards]
    unknown: list[AnnoCard] = []
    whole = not obs.dealt and obs.dealer < 0  # nothing dealt yet: the deck is whole
    # A month laid down this turn and taken back is in its player's hand, in sight
    # of all: that hand is dealt it.
    actor = obs.current_player
    pinned: list[AnnoCard] = []
    if obs.withdrawn is not None and actor >= 0 and actor != me \
            and all(m != obs.withdrawn for m, _ in obs.boards[actor]):
        pinned.append(obs.withdrawn)
    if not whole:
        known: set[int] = set(obs.hand) | set(obs.own_burned) | set(obs.staged)
        known.update(c for c in obs.community if c is not None)
        for b in obs.boards:
            for month, cards in b:
                known.add(month)
                known.update(cards)
        if obs.declared is not None and obs.declared_new:
            known.add(obs.declared)
        known.update(pinned)
        unknown = [c for c in DECK if c not in known]
        base.hands[me] = list(obs.hand)
        base.burned[me] = list(obs.own_burned)
    # Per other seat: how many cards it holds and has burned.
    others = [(seat, obs.hand_sizes[seat], obs.burned_counts[seat])
              for seat in range(obs.players) if seat != me]

    def deal(rng: RandomSource) -> AnnoState:
        state = base.clone()
        state.rng = Rng(int(rng.random() * (1 << 53)))
        if whole:
            return state
        cards = unknown[:]
        quick_shuffle(cards, rng)
        at = 0
        for seat, size, count in others:
            if seat == actor and pinned:
                state.hands[seat] = sorted([*pinned, *cards[at:at + size - len(pinned)]])
                at += size - len(pinned)
            else:
                state.hands[seat] = sorted(cards[at:at + size])
                at += size
            state.burned[seat] = cards[at:at + count]
            at += count
        state.burn = [c for b in state.burned for c in b]
        state.deck = cards[at:]
        return state

    return deal
