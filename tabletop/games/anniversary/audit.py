"""What must hold in every position of Anniversary (the fuzzer and loaded saves are
checked against it)."""

from __future__ import annotations

from tabletop.games.anniversary.cards import DECK
from tabletop.games.anniversary.gestures import mask_of
from tabletop.games.anniversary.observation import Phase
from tabletop.games.anniversary.rules import ALL_MASK, HAND_SIZE, AnniversaryState

__all__ = ["violations"]


def violations(state: AnniversaryState) -> list[str]:
    """What is wrong with ``state`` (cards conserved, scores recount, the turn is
    someone's): empty when all is well."""
    problems = []
    cards = state.hands[0] + state.hands[1] + state.aside + [c for _, c in state.plays]
    played = [c for d in state.history for _, c in d.plays]
    every = sorted(cards + played)
    if every != sorted(DECK):
        problems.append("the 26 cards are not each in exactly one place")
    if mask_of(played) != ALL_MASK & ~state.unplayed:
        problems.append("the record of played cards disagrees with the Dates")
    if any(n < 0 for n in state.hc + state.hc_used):
        problems.append("a negative number of Healthy Communication cards")
    if len(state.history) > state.total_dates:
        problems.append("more Dates than the chapter has")
    sizes = [len(h) for h in state.hands]
    played_by = [sum(1 for d in state.history for s, _ in d.plays if s == seat)
                 + sum(1 for s, _ in state.plays if s == seat) for seat in (0, 1)]
    drawn = len(state.draws_before)
    for seat in (0, 1) if state.dealt else ():
        if sizes[seat] + played_by[seat] != HAND_SIZE + drawn:
            problems.append(f"seat {seat} holds {sizes[seat]} cards, which does not add up")
    for s, c, _, _ in state.shared:
        if c not in state.hands[s] and (s, c) not in state.plays and all(
                (s, c) not in d.plays for d in state.history):
            problems.append(f"the shown {c} was neither kept nor played by its owner")
    barred = state.barred
    for seat in (0, 1):
        if mask_of(state.hands[seat]) & barred[seat]:
            problems.append(f"seat {seat} holds a card the open table says it cannot")
    if state.result is not None and state.phase is not Phase.OVER:
        problems.append("a decided chapter that is not over")
    if state.picked is not None and (state.phase is not Phase.SHARE
                                    or state.picked not in state.hands[state.current_player]):
        problems.append("a card waits for its gem outside its owner's sharing turn")
    if not state.dealt and (state.hands[0] or state.hands[1] or state.gestures or state.offer):
        problems.append("cards or gestures out before the deal")
    return problems
