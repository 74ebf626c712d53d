"""Why a move is good, in a newcomer's words (what a hint says about it)."""

from __future__ import annotations

from tabletop.engine.protocol import Action, Observation
from tabletop.games.anomia.actions import Answer, Draw

__all__ = ["explain"]


def explain(observation: Observation, action: Action) -> str:
    if isinstance(action, Draw):
        return ("It is your turn to turn up a card. Then watch every pile: when two top cards "
                "share a symbol, their players face off.")
    if isinstance(action, Answer):
        return (f"\u201c{action.text}\u201d is an example of the category on your rival's card: "
                "the first right answer wins the face-off and the rival's card.")
    return ""
