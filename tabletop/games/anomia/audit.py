"""What must hold in every position of Anomia (the fuzzer and loaded saves are
checked against it)."""

from __future__ import annotations

from tabletop.games.anomia.rules import DRAW, FACEOFF, AnomiaState

__all__ = ["violations"]


def violations(state: AnomiaState) -> list[str]:
    """What is wrong with ``state`` (cards conserved, scores recount, the turn is
    someone's): empty when all is well."""
    problems: list[str] = []
    if not state.dealt:
        return problems
    places = [*state.draw[0], *state.draw[1], *(c for p in state.piles for c in p),
              *(c for w in state.won for c in w), *state.covered, *state.aside]
    if state.wild >= 0:
        places.append(state.wild)
    fo = state.faceoff
    if fo is not None and fo.tie_card >= 0 and fo.tie_side in (0, 1):
        places.append(fo.tie_card)
    if len(places) != len(set(places)):
        problems.append("a card is in two places")
    if sorted(places) != sorted(state.game.box.in_play):
        problems.append("cards were lost or made up")
    for pile in state.piles:
        if any(state.card(c).wild for c in pile):
            problems.append("a wild card lies on a play pile")
    if state.phase == FACEOFF and fo is None:
        problems.append("a face-off without its players")
    if state.phase == DRAW and state.matches():
        problems.append("a face-off was left unplayed before the next draw")
    return problems
