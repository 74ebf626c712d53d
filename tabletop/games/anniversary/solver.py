"""The all-cards-visible solver: could this chapter still be won if both partners
saw everything (both hands, the draw pile in order, the gestures)?

It measures the ceiling a silent partnership can reach, and it is exact when it
answers: a depth-first search over every legal play, trying first the card the rule
of thumb would play.  It gives up with ``None`` ("unknown") past a node or time budget.

What keeps it quick:

* each distinct way of sharing out the gestures is searched in turn with a growing
  slice of the budget, so a sharing that is easy to win is found even when another
  would take a million positions to settle;
* sharings that could never be performed together are skipped
  (:func:`~tabletop.games.anniversary.feasibility.assignment_possible`), and so are
  positions whose remaining Dates cannot be footed as the gestures about Dates ask;
* positions proven lost are remembered under a key that forgets what no pending
  gesture can still use of the past;
* cards that always win and lose the same Dates are tried once.

Healthy Communication does not change what can be played, so the solver skips it: a
card shown can only make a gesture that was already out of reach fail sooner (the
rules judge the gestures by what both partners see, and the solver plays those rules,
cards shown before it began and colours not followed included); the bounty never
decides success, so it is ignored too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tabletop.engine.cards import rank_of, suit_of
from tabletop.games.anniversary.actions import Play, Ready
from tabletop.games.anniversary.cards import BOTTOM, DECK, POSITION, TOP, AnniversaryCard
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.feasibility import (
    DATE_KINDS, assignment_possible, footing_possible)
from tabletop.games.anniversary.gestures import COLOUR_MASKS, Kind, Status
from tabletop.games.anniversary.observation import Phase
from tabletop.games.anniversary.rules import AnniversaryState
from tabletop.games.anniversary.thumb import AnniversaryHints

__all__ = ["Verdict", "solve", "solve_counted"]

_RANK_KINDS = (Kind.WIN_WITH_RANK,)
_CARD_KINDS = (Kind.WIN_WITH_CARD, Kind.WIN_CONTAINING)

Verdict = bool | None


class _OutOfBudget(Exception):
    pass


class _OutOfSlice(Exception):
    pass


#: The first share of the budget each way of sharing out the gestures gets (doubled
#: each round): one sharing may be won in a few dozen positions while another takes a
#: million to prove lost, so no sharing may keep the search to itself.
FIRST_SLICE = 1_000


def solve(state: AnniversaryState, max_nodes: int = 200_000, max_seconds: float = 5.0,
          clock: Callable[[], float] = time.perf_counter) -> Verdict:
    """True if some way of drafting and playing wins from ``state``, False if none does,
    None if the budget ran out first."""
    return solve_counted(state, max_nodes, max_seconds, clock)[0]


def solve_counted(state: AnniversaryState, max_nodes: int = 200_000, max_seconds: float = 5.0,
                  clock: Callable[[], float] = time.perf_counter) -> tuple[Verdict, int]:
    """:func:`solve`, and the number of positions it visited."""
    if state.phase is Phase.OVER:
        return bool(state.result), 0
    hints = AnniversaryHints()
    special = _special_cards(state, state.offer)
    rng = random.Random(0)
    lost: set[tuple[object, ...]] = set()
    footings: dict[tuple[object, ...], bool] = {}
    nodes = 0
    cap = max_nodes
    deadline = clock() + max_seconds

    def key(s: AnniversaryState, progress: tuple[int, ...]) -> tuple[object, ...]:
        return (tuple(s.hands[0]), tuple(s.hands[1]), tuple(s.plays), len(s.footers), s.leader,
                tuple(s.owners), tuple(s.gestures), tuple(s.settled), progress)

    def search(s: AnniversaryState) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > cap or (nodes & 1023 == 0 and clock() > deadline):
            raise _OutOfSlice if nodes <= max_nodes and clock() <= deadline else _OutOfBudget
        while s.phase is Phase.SHARE:
            s.apply_unchecked(Ready(), s.current_player)
        if s.phase is Phase.OVER:
            return bool(s.result)
        progress = _progress(s)
        k = key(s, progress)
        if k in lost:
            return False
        if _hopeless(s, special) or (not s.plays
                                     and not _footing_possible(s, progress, footings)):
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
            child.apply_unchecked(Play(card), seat)
            if search(child):
                return True
        lost.add(k)
        return False

    root = state.clone()
    root.bounty = None  # the bounty never decides success, so the search ignores it
    pending = _sharings(root)
    budget = FIRST_SLICE
    try:
        while pending:
            unfinished = []
            for sharing in pending:
                cap = min(max_nodes, nodes + budget)
                try:
                    if search(sharing.clone()):
                        return True, nodes
                except _OutOfSlice:
                    unfinished.append(sharing)
            pending = unfinished
            budget *= 2
        return False, nodes
    except _OutOfBudget:
        return None, nodes


def _sharings(state: AnniversaryState) -> list[AnniversaryState]:
    """Every distinct way the draft can still share out the gestures that could be
    performed together (the positions just after the draft); ``state`` itself if the
    draft is over."""
    if state.phase is not Phase.DRAFT:
        return [state]
    seen: set[tuple[tuple[int, int], ...]] = set()
    out: list[AnniversaryState] = []

    def walk(s: AnniversaryState) -> None:
        if s.phase is not Phase.DRAFT:
            shared_out = tuple(sorted(zip(s.gestures, s.owners)))
            if shared_out not in seen:
                seen.add(shared_out)
                if assignment_possible([GESTURE_BY_ID[g] for g in s.gestures], s.owners, s.top,
                                       s.total_dates):
                    out.append(s)
            return
        for action in s.generate_legal(s.current_player):
            child = s.clone()
            child.apply_unchecked(action, s.current_player)
            walk(child)

    walk(state)
    return out


def _footing_possible(s: AnniversaryState, progress: tuple[int, ...],
                      cache: dict[tuple[object, ...], bool]) -> bool:
    """Whether the Dates still to come could be footed so that every pending gesture
    about Dates is performed (two players both footing the last Date cannot)."""
    pairs = [(GESTURE_BY_ID[gid], owner) for gid, owner, mark in zip(s.gestures, s.owners, s.settled)
             if mark is Status.PENDING and GESTURE_BY_ID[gid].kind in DATE_KINDS]
    if not pairs:
        return True
    sig = (s.dates_left, not s.footers, tuple((g.id, o) for g, o in pairs), progress)
    answer = cache.get(sig)
    if answer is None:
        answer = cache[sig] = footing_possible(pairs, s.footers, s.top, s.total_dates)
    return answer


def _progress(s: AnniversaryState) -> tuple[int, ...]:
    """What the past still means for the gestures not yet settled.

    Two positions with the same cards left, the same settled gestures and the same
    progress here have the same futures, however the Dates before went: a pending
    "win with" or "no colour" gesture has nothing behind it yet, so only counts
    (colour cards footed, Dates footed) and whether the last Date was the owner's
    carry over.
    """
    out: list[int] = []
    for gid, owner, mark in zip(s.gestures, s.owners, s.settled):
        if mark is not Status.PENDING:
            continue
        k = GESTURE_BY_ID[gid].kind
        if k is Kind.AT_LEAST:
            out.append((s.won[owner] & COLOUR_MASKS[GESTURE_BY_ID[gid].colour or 0]).bit_count())
        elif k is Kind.EXACTLY_DATES or k is Kind.NO_DATE:
            out.append(s.footers.count(owner))
        elif k is Kind.TWO_IN_A_ROW:
            out.append(1 if s.footers and s.footers[-1] == owner else 0)
    return tuple(out)


def _special_cards(state: AnniversaryState, offer: list[int]) -> set[int]:
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


def _distinct(cards: list[AnniversaryCard], state: AnniversaryState, special: set[int]) -> list[AnniversaryCard]:
    """One card of each run of touching ranks: the Teal 3 and Teal 4 in one hand, with no
    unplayed Teal between them, always win and lose the same Dates."""
    kept: list[AnniversaryCard] = []
    unplayed = state.unplayed
    for card in sorted(cards):
        if kept and card not in special and suit_of(card) != POSITION:
            prev = kept[-1]
            if prev not in special and suit_of(prev) == suit_of(card):
                between = any(unplayed >> AnniversaryCard.of(suit_of(card), r) & 1
                              for r in range(rank_of(prev) + 1, rank_of(card)))
                if not between:
                    continue
        kept.append(card)
    return kept


def _hopeless(state: AnniversaryState, special: set[int]) -> bool:
    """A gesture that needs a card to win for its owner while the partner holds it."""
    for gid, owner, mark in zip(state.gestures, state.owners, state.settled):
        if mark is not Status.PENDING:
            continue
        g = GESTURE_BY_ID[gid]
        if g.kind is Kind.WIN_WITH_CARD and g.card is not None:
            if g.card in state.hands[1 - owner]:
                return True
        elif g.kind is Kind.WIN_CONTAINING and g.card == BOTTOM:
            # The Bottom card wins its Date for whoever plays it, unless the Top card
            # (always the top's) falls in the same Date.
            holder = next((seat for seat in (0, 1) if BOTTOM in state.hands[seat]), owner)
            top_left = TOP in state.hands[owner] or any(c == TOP for _, c in state.plays)
            if holder != owner and (holder == state.top or not top_left):
                return True
        elif g.kind is Kind.WIN_WITH_RANK:
            mine = any(suit_of(c) != POSITION and rank_of(c) == g.rank
                       for c in state.hands[owner])
            coming = any(suit_of(c) != POSITION and rank_of(c) == g.rank for c in state.aside)
            if not mine and not coming and not any(
                    seat == owner and rank_of(c) == g.rank for seat, c in state.plays):
                return True
    return False
