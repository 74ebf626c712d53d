"""What must hold in every moment of an ascent (the fuzzer and loaded saves are checked
against it)."""

from __future__ import annotations

from tabletop.games.annapurna.cards import CARDS_PER_SUIT, value
from tabletop.games.annapurna.observation import EMPTY, OFFER
from tabletop.games.annapurna.rules import AnnapurnaState

__all__ = ["violations"]


def violations(state: AnnapurnaState) -> list[str]:
    """What is wrong with ``state`` (cards conserved, scores recount, the turn is
    someone's): empty when all is well."""
    problems: list[str] = []
    if not state.dealt:
        return problems
    cards = [c for row in state.cards for c in row if c != EMPTY]
    cards += [c for b in state.backpack for c in b] + [c for b in state.cache for c in b]
    if sorted(cards) != list(range(state.n * CARDS_PER_SUIT)):
        problems.append("the cards are not exactly one of each")
    for m in range(state.n):
        if any(u and c == EMPTY for c, u in zip(state.cards[m], state.up[m])):
            problems.append("a face-up card on an emptied place")
        if state.peak[m] and state.cache[m]:
            problems.append("a cache left after the peak")
        for size, flag in enumerate(state.planted[m], 1):
            if flag >= 0 and (state.up[m][flag] or abs(value(state.cards[m][flag])) != size):
                problems.append("a prayer flag on a face-up card or on a card of "
                                "another size")
        if state.pending[m] >= 0 and not state.waits_for_its_turn(m):
            problems.append("an effect card waits for a turn that will not come")
    if state.phase == OFFER and (state.offer_from < 0 or not state.offer or not state.queue):
        problems.append("a Helping Hand on offer from nobody")
    return problems
