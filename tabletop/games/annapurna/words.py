"""Annapurna's log: the line each event gets, as the :class:`~tabletop.play.words.Teller`
tells it (shell side: the events themselves carry no words)."""

from __future__ import annotations

from tabletop.engine.protocol import Event
from tabletop.games.annapurna.events import (
    AscentEnded, BackpackFilled, Explored, FlagPlanted, HandLeft, HandTaken, Looked,
    MountainDealt, Passed, Peaked, Skipped, Swapped, Swept, Traded, TurnStarted, YetiStruck,
)
from tabletop.games.annapurna.mountain import PEAK, row_of
from tabletop.play.words import Teller, describe_shared

__all__ = ["describe"]


def _place(place: int) -> str:
    if place == PEAK:
        return "the peak"
    return ("base camp", "the second row", "the middle row", "the fourth row")[row_of(place)]


def describe(event: Event, tell: Teller) -> str | None:
    """The log line for ``event`` (``None``: no line); the engine's shared events are
    told by :func:`~tabletop.play.words.describe_shared`."""
    match event:
        case MountainDealt():
            return "The climbers lay out their mountainsides and pack their backpacks."
        case TurnStarted():
            return None
        case Explored():
            return (f"{tell.act(event.seat, 'explores', 'explore')} {_place(event.place)}: "
                    f"{event.card.type.name}.")
        case Traded():
            where = _place(event.place)
            shown = event.public or tell.viewer == event.seat
            what = event.card.type.name if shown else "a card"
            knows = shown or tell.viewer in event.known_to
            taken = event.removed.type.name if knows else "the card it replaces"
            pile = "backpack" if event.peaked else "cache"
            goes = f"{taken} goes to {tell.their(event.seat)} {pile}."
            if event.owner == event.seat:
                return f"{tell.act(event.seat, 'trades', 'trade')} {what} into {where}; {goes}"
            return (f"{tell.act(event.seat, 'hides', 'hide')} {what} at {where} of "
                    f"{tell.their(event.owner)} mountainside; {goes}")
        case Passed():
            passes = "pass" if event.seat == tell.you else "passes"
            return f"{tell.act(event.seat, 'has', 'have')} nothing to do and {passes}."
        case Skipped():
            return f"{tell.act(event.seat, 'rests', 'rest')} off the altitude sickness."
        case Looked():
            where = f"{_place(event.place)} of {tell.their(event.owner)} mountainside"
            if event.public or tell.viewer == event.seat:
                return (f"{tell.act(event.seat, 'looks', 'look')} at {where}: "
                        f"{event.card.type.name}.")
            return f"{tell.act(event.seat, 'looks', 'look')} at {where}."
        case Swapped():
            return f"A rockslide swaps two of {tell.their(event.seat)} face-down cards."
        case YetiStruck():
            return (f"The yeti turns up {tell.their(event.seat)} {event.card.type.name} at "
                    f"{_place(event.place)}.")
        case Swept():
            count = len(event.cards)
            cards = f"{count} balanced card{'s' if count != 1 else ''}"
            if event.buried:
                return f"{tell.act(event.seat, 'buries', 'bury')} {cards} where they lie."
            return (f"{tell.act(event.seat, 'sweeps', 'sweep')} {cards} into "
                    f"{tell.their(event.seat)} cache.")
        case HandLeft():
            return f"{tell.act(event.seat, 'offers', 'offer')} a Helping Hand."
        case HandTaken():
            return (f"{tell.act(event.seat, 'takes', 'take')} {event.card.type.name} from "
                    f"{tell.their(event.giver)} mountainside.")
        case BackpackFilled():
            count = len(event.cards)
            if not count:
                return None
            whose = tell.their(event.seat)
            return (f"{whose[0].upper()}{whose[1:]} cache "
                    f"({count} card{'s' if count != 1 else ''}) joins the backpack.")
        case FlagPlanted():
            return (f"{tell.act(event.seat, 'plants', 'plant')} a prayer flag on "
                    f"{tell.their(event.seat)} {event.card.type.name}.")
        case Peaked():
            state = "balanced" if event.balanced else "out of balance"
            order = ("first", "second", "third", "fourth")[event.token - 1]
            return f"{tell.act(event.seat, 'reaches', 'reach')} the peak {order}, {state}."
        case AscentEnded():
            return event.reason
    return describe_shared(event, tell)
