"""Anniversary's log: the line each event gets, as the :class:`~tabletop.play.words.Teller`
tells it (shell side: the events themselves carry no words)."""

from __future__ import annotations

from tabletop.engine.protocol import Event
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.gestures import Status
from tabletop.games.anniversary.events import (
    BountySettled, CardDrawn, CardPlayed, CardShared, ChapterEnded, DateFooted, DateStarted,
    GesturePassed, GestureSettled, GestureTaken, GesturesDrawn, TopFound,
)
from tabletop.play.words import Teller, describe_shared

__all__ = ["describe"]


def describe(event: Event, tell: Teller) -> str | None:
    """The log line for ``event`` (``None``: no line); the engine's shared events are
    told by :func:`~tabletop.play.words.describe_shared`."""
    match event:
        case TopFound():
            again = (f" after {event.redeals} redeal{'s' if event.redeals > 1 else ''}"
                     if event.redeals else "")
            holds = tell.act(event.seat, "holds", "hold")
            are = "are" if event.seat == tell.you else "is"
            return f"{holds} the Top card{again}: {tell.whom(event.seat)} {are} the top."
        case GesturesDrawn():
            titles = ", ".join(GESTURE_BY_ID[g].title for g in event.gestures)
            text = f"Sweet Gestures on the table: {titles}."
            if event.bounty is not None:
                text += f" Bounty: {GESTURE_BY_ID[event.bounty].title}."
            return text
        case GestureTaken():
            g = GESTURE_BY_ID[event.gesture]
            return f"{tell.act(event.seat, 'takes', 'take')} “{g.title}”: {g.text}"
        case GesturePassed():
            return (f"{tell.act(event.seat, 'passes', 'pass')} the gesture to "
                    f"{tell.whom(1 - event.seat)}.")
        case DateStarted():
            return f"Date {event.number} of {event.of}: {tell.act(event.leader, 'leads', 'lead')}."
        case CardDrawn():
            draws = tell.act(event.seat, "draws", "draw")
            if tell.viewer == event.seat:
                return f"{draws} the {event.card}."
            return f"{draws} a card."
        case CardShared():
            shows = tell.act(event.seat, "shows", "show")
            return (f"{shows} the {event.card} with the gem at the {event.gem.value}: "
                    f"{'your' if event.seat == tell.you else 'their'} {event.gem.meaning} "
                    f"{event.card.suit_name}.")
        case CardPlayed():
            return f"{tell.act(event.seat, 'plays', 'play')} the {event.card}."
        case DateFooted():
            return (f"{tell.act(event.seat, 'foots', 'foot')} the bill for Date {event.number} "
                    f"with the {event.winner}.")
        case GestureSettled():
            g = GESTURE_BY_ID[event.gesture]
            if event.status is Status.DONE:
                return f"{tell.who(event.seat)} performed “{g.title}”."
            return f"“{g.title}” can no longer be performed."
        case BountySettled():
            g = GESTURE_BY_ID[event.gesture]
            if not event.seats:
                return f"The bounty “{g.title}” is out of reach and is discarded."
            who = " and ".join(tell.who(s) for s in event.seats)
            verb = "earn" if len(event.seats) > 1 or event.seats[0] == tell.you else "earns"
            return (f"{who} {verb} {event.cards} Healthy Communication for the bounty "
                    f"“{g.title}”.")
        case ChapterEnded():
            return (("Chapter complete! " if event.success else "The chapter is lost: ")
                    + event.reason)
    return describe_shared(event, tell)
