"""The all-cards-visible solver: could this chapter still be won if both partners
saw everything (both hands, the draw pile in order, the gestures)?

It measures the ceiling a silent partnership can reach, and it is exact when it
answers: a depth-first search over every legal play, remembering positions already
proven lost, trying first the card the rule of thumb would play.  It gives up with
``None`` ("unknown") past a node or time budget.

Healthy Communication does not change what can be played, so the solver skips it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tabletop.engine.cards import rank_of, suit_of
from tabletop.games.anniversary.actions import Play, Ready
from tabletop.games.anniversary.cards import DECK, POSITION, LoveCard
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.gestures import Kind, Status
from tabletop.games.anniversary.observation import Phase
from tabletop.games.anniversary.rules import LoveState

__all__ = ["Verdict", "solve"]

_RANK_KINDS = (Kind.WIN_WITH_RANK,)
_CARD_KINDS = (Kind.WIN_WITH_CARD, Kind.WIN_CONTAINING)

Verdict = bool | None


class _OutOfBudget(Exception):
    pass


def solve(state: LoveState, max_nodes: int = 200_000, max_seconds: float = 5.0,
          clock: Callable[[], float] = time.perf_counter) -> Verdict:
    """True if some way of drafting and playing wins from ``state``, False if none does,
    None if the budget ran out first."""
    from tabletop.games.anniversary.bot import LoveHints

    if state.phase is Phase.OVER:
        return bool(state.result)
    hints = LoveHints()
    special = _special_cards(state, state.offer)
    rng = random.Random(0)
    lost: set[tuple[object, ...]] = set()
    nodes = 0
    deadline = clock() + max_seconds

    def key(s: LoveState) -> tuple[object, ...]:
        return (tuple(s.hands[0]), tuple(s.hands[1]), tuple(s.plays), tuple(s.footers),
                tuple(s.winners), s.won[0], s.won[1], tuple(s.owners), tuple(s.gestures))

    def search(s: LoveState) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes or (nodes & 1023 == 0 and clock() > deadline):
            raise _OutOfBudget
        while s.phase is Phase.SHARE:
            s.apply_unchecked(Ready())
        if s.phase is Phase.OVER:
            return bool(s.result)
        if s.phase is Phase.DRAFT:  # every way the gestures could be shared out
            for action in s.legal_actions():
                child = s.clone()
                child.apply_unchecked(action)
                if search(child):
                    return True
            return False
        k = key(s)
        if k in lost:
            return False
        if _hopeless(s, special):
            lost.add(k)
            return False
        seat = s.current_player
        cards = _distinct(s.playable(seat), s, special)
        first = hints.rollout(s, rng)
        if isinstance(first, Play) and first.card in cards:
            cards.remove(first.card)
            cards.insert(0, first.card)
        for card in cards:
            child = s.clone()
            child.apply_unchecked(Play(card))
            if search(child):
                return True
        lost.add(k)
        return False

    try:
        return search(state.clone())
    except _OutOfBudget:
        return None


def _special_cards(state: LoveState, offer: list[int]) -> set[int]:
    """Cards a gesture names, directly or by rank: these are never interchangeable."""
    ids = [*state.gestures, *offer] + ([state.bounty] if state.bounty is not None else [])
    special: set[int] = set()
    for gid in ids:
        g = GESTURE_BY_ID[gid]
        if g.kind in _CARD_KINDS and g.card is not None:
            special.add(g.card)
        elif g.kind in _RANK_KINDS:
            special.update(c for c in DECK if suit_of(c) != POSITION and rank_of(c) == g.rank)
    return special


def _distinct(cards: list[LoveCard], state: LoveState, special: set[int]) -> list[LoveCard]:
    """One card of each run of touching ranks: the Teal 3 and Teal 4 in one hand, with no
    unplayed Teal between them, always win and lose the same Dates."""
    kept: list[LoveCard] = []
    unplayed = state.unplayed
    for card in sorted(cards):
        if kept and card not in special and suit_of(card) != POSITION:
            prev = kept[-1]
            if prev not in special and suit_of(prev) == suit_of(card):
                between = any(unplayed >> LoveCard.of(suit_of(card), r) & 1
                              for r in range(rank_of(prev) + 1, rank_of(card)))
                if not between:
                    continue
        kept.append(card)
    return kept


def _hopeless(state: LoveState, special: set[int]) -> bool:
    """A gesture that needs a card to win for its owner while the partner holds it."""
    for gid, owner, mark in zip(state.gestures, state.owners, state.settled):
        if mark is not Status.PENDING:
            continue
        g = GESTURE_BY_ID[gid]
        if g.kind is Kind.WIN_WITH_CARD and g.card is not None:
            if g.card in state.hands[1 - owner]:
                return True
        elif g.kind is Kind.WIN_WITH_RANK:
            mine = any(suit_of(c) != POSITION and rank_of(c) == g.rank
                       for c in state.hands[owner])
            coming = any(suit_of(c) != POSITION and rank_of(c) == g.rank for c in state.aside)
            if not mine and not coming and not any(
                    seat == owner and rank_of(c) == g.rank for seat, c in state.plays):
                return True
    return False
