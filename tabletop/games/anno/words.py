"""Anno's log: the line each event gets, as the :class:`~tabletop.play.words.Teller`
tells it (shell side: the events themselves carry no words)."""

from __future__ import annotations

from tabletop.engine.protocol import Event
from tabletop.games.anno.cards import AnnoCard
from tabletop.games.anno.events import (
    CardBurned, DealerFound, Declared, Exchanged, Matched, RoundEnded, RoundStarted, Withdrawn,
)
from tabletop.play.words import Teller, describe_shared

__all__ = ["describe"]


def _cards(cards: tuple[AnnoCard, ...]) -> str:
    names = [str(c) for c in cards]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe(event: Event, tell: Teller) -> str | None:
    """The log line for ``event`` (``None``: no line); the engine's shared events are
    told by :func:`~tabletop.play.words.describe_shared`."""
    match event:
        case DealerFound():
            deals = "deal" if event.dealer == tell.you else "deals"
            return f"{tell.act(event.dealer, 'draws', 'draw')} {event.month} and {deals} first."
        case RoundStarted():
            starts = "start" if event.first == tell.you else "starts"
            deals, first = tell.act(event.dealer, "deals", "deal"), tell.whom(event.first)
            return f"Round {event.number} of {event.of}: {deals}; {first} {starts}."
        case Exchanged():
            return (f"{tell.act(event.seat, 'trades', 'trade')} a Blue Moon for the "
                    f"{event.taken} in the Community Eight.")
        case Declared():
            if event.new:
                return f"{tell.act(event.seat, 'lays', 'lay')} down {event.month}."
            return f"{tell.act(event.seat, 'declares', 'declare')} {event.month}."
        case Withdrawn():
            return (f"{tell.act(event.seat, 'takes', 'take')} back the declaration of "
                    f"{event.month}: no match this turn.")
        case Matched():
            where = " from the Community Eight" if event.from_community else ""
            return (f"{tell.act(event.seat, 'matches', 'match')} {_cards(event.cards)}{where} "
                    f"to {event.month} (+{event.points}).")
        case CardBurned():
            if tell.viewer == event.seat:
                return f"{tell.act(event.seat, 'burns', 'burn')} the {event.card}."
            return f"{tell.act(event.seat, 'burns', 'burn')} a card."
        case RoundEnded():
            if event.cleared_by >= 0:
                mine = "your" if event.cleared_by == tell.you else "their"  # not "Marlin's" twice
                why = f"{tell.act(event.cleared_by, 'has', 'have')} cleared {mine} hand"
            else:
                why = "the deck has run out"
            return f"Round {event.number} is over: {why}."
    return describe_shared(event, tell)
