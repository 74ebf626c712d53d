"""Enemy Anemone's log: the line each event gets, as the :class:`~tabletop.play.words.Teller`
tells it (shell side: the events themselves carry no words)."""

from __future__ import annotations

from tabletop.engine.protocol import Event
from tabletop.games.enemy_anemone.anemones import AnemoneAwarded, AwardKind
from tabletop.games.enemy_anemone.events import (
    AnemonesReturned, CardDiscarded, CardPlayed, CardsDrawn, LeadChosen, TrickDecided,
)
from tabletop.play.words import Teller, describe_shared

__all__ = ["describe"]


def describe(event: Event, tell: Teller) -> str | None:
    """The log line for ``event`` (``None``: no line); the engine's shared events are
    told by :func:`~tabletop.play.words.describe_shared`."""
    match event:
        case CardPlayed():
            boost = event.ones + 2 * event.twos
            extra = f" with +{boost} in anemones" if boost else ""
            return f"{tell.act(event.seat, 'plays', 'play')} the {event.card}{extra}."
        case CardDiscarded():
            has = tell.act(event.seat, "has", "have")
            if tell.viewer == event.seat:
                return (f"{has} no new creature: the {event.card} goes face down on "
                        f"{tell.their(event.seat)} pile.")
            return f"{has} no new creature and discards a card face down."
        case AnemonesReturned():
            return None
        case CardsDrawn():
            draws = tell.act(event.seat, "draws", "draw")
            if tell.viewer == event.seat:
                return f"{draws} the {' and the '.join(str(c) for c in event.cards)}."
            return f"{draws} {len(event.cards)} cards."
        case LeadChosen():
            return f"{tell.act(event.seat, 'leads', 'lead')} the next hand ({event.reason})."
        case TrickDecided():
            return None
        case AnemoneAwarded():
            if event.kind is AwardKind.FLIPPED:
                return (f"{tell.act(event.seat, 'flips', 'flip')} a +1 anemone to +2 "
                        f"({event.reason}).")
            if event.kind is AwardKind.GIVEN and event.giver is not None:
                return (f"{tell.act(event.giver, 'hands', 'hand')} {tell.whom(event.seat)} "
                        f"a +{event.side} anemone ({event.reason}).")
            if event.kind is AwardKind.NONE_LEFT:
                return f"No anemone is left for {tell.whom(event.seat)}."
            return (f"{tell.act(event.seat, 'takes', 'take')} a +{event.side} anemone "
                    f"({event.reason}).")
    return describe_shared(event, tell)
