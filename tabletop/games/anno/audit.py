"""What must hold in every position of Anno (the fuzzer and loaded saves are checked
against it)."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.anno.cards import DECK, AnnoCard
from tabletop.games.anno.matching import conflict, misfit
from tabletop.games.anno.observation import EMPTY
from tabletop.games.anno.rules import AnnoState

__all__ = ["violations"]


def violations(state: AnnoState) -> list[str]:
    """What is wrong with ``state`` (cards conserved, scores recount, the turn is
    someone's): empty when all is well."""
    problems: list[str] = []
    cards: list[int] = [c for h in state.hands for c in h]
    cards += state.deck + state.burn + state.staged
    for b in state.boards:
        for month, matched in b.items():
            cards.append(month)
            cards += matched
    cards += [c for c in state.community if c != EMPTY]
    if state.declared is not None and state.declared_new:
        cards.append(state.declared)
    if sorted(cards) != list(range(len(DECK))):
        problems.append("the cards are not exactly one of each")
    if sorted(c for b in state.burned for c in b) != sorted(state.burn):
        problems.append("the burn pile does not match what the players burned")
    recount = [sum(p) - sum(m) for p, m in zip(zip(*state.round_plus), zip(*state.round_minus))]
    if state.round_plus and recount != state.totals:
        problems.append("the totals are not the sum of the rounds")
    if not state.round_plus and any(state.totals):
        problems.append("points before any round ended")
    if len(state.round_plus) != state.round_no + (1 if state.over else 0):
        problems.append("the score sheet does not match the round")
    if state.dealt and not state.over:
        for b in state.boards:
            for month, matched in b.items():
                if not matched:
                    problems.append(f"{month} lies on a board with no card matched to it")
                elif _invalid_column(month, matched):
                    problems.append(f"{month} holds cards it cannot take")
        if state.declared is not None and state.declared_new and state.declared in state.boards[state.player]:
            problems.append("a month laid down twice")
        if state.staged and state.declared is None:
            problems.append("cards staged with no month declared")
        if state.withdrawn is not None:
            seat = state.player
            if state.declared is not None or state.matched:
                problems.append("a declaration taken back while a match is under way or made")
            if state.withdrawn not in state.boards[seat] and state.withdrawn not in state.hands[seat]:
                problems.append("a declaration taken back of a month its player does not have")
        if len(state.staged_places) != len(state.staged):
            problems.append("staged cards without their places")
        elif any(state.community[p] != EMPTY for p in state.staged_places if p >= 0):
            problems.append("a staged card's place in the Community Eight is taken")
    return problems


def _invalid_column(month: AnnoCard, cards: Sequence[AnnoCard]) -> bool:
    """Whether a board column breaks a month's limits (however it was built up)."""
    return any(misfit(month, c) is not None for c in cards) or conflict(month, [], cards) is not None
