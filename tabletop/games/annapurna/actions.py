"""What a climber can do in Annapurna.

A turn goes: one action — ``Explore`` a reachable face-down card, ``Trade`` a
backpack card for a face-down card of your own mountainside, ``Hide`` one on a
friend's, or ``Pass`` when none is possible; an explored effect may ask for a
choice (``Look`` for the Spyglass, ``Swap`` for the Rockslide); then the sweep
(``Sweep``, or ``Leave`` the balanced cards for a Helping Hand).  While a Helping
Hand is on offer, each other climber in turn may ``Take`` one of those cards or
``Decline``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.codec import Actions
from tabletop.engine.protocol import Action
from tabletop.engine.schema import Int

__all__ = [
    "ACTIONS", "Decline", "Explore", "Hide", "Leave", "Look", "Pass", "Plant", "Swap", "Sweep",
    "Take", "Trade", "action_from_json",
]

ACTIONS = Actions("Annapurna")


@ACTIONS.tag("explore", Int(low=0))
@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Flip the face-down card at ``place`` of your mountainside and stand on it."""

    place: int

    def __str__(self) -> str:
        return f"explore place {self.place + 1}"


@ACTIONS.tag("trade", Int(low=0), Int(low=0))
@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Put ``card`` from your backpack face down at ``place`` of your own mountainside;
    the card that lay there goes to your cache."""

    card: int
    place: int

    def __str__(self) -> str:
        return f"trade into place {self.place + 1}"


@ACTIONS.tag("hide", Int(low=0), Int(low=0), Int(low=0))
@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Put ``card`` from your backpack face down at ``place`` of ``seat``'s mountainside;
    the card that lay there goes to your cache."""

    card: int
    seat: int
    place: int

    def __str__(self) -> str:
        return f"hide a card at place {self.place + 1} of climber {self.seat + 1}"


@ACTIONS.tag("pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No action is possible: the turn goes on to the sweep."""

    def __str__(self) -> str:
        return "pass"


@ACTIONS.tag("plant", Int(low=0))
@dataclass(frozen=True, slots=True)
class Plant(Action):
    """Easy Trail: plant the prayer flag of that many pennants on the face-up card at
    ``place`` of your mountainside (one or two symbols); it turns face down for good."""

    place: int

    def __str__(self) -> str:
        return f"plant the flag at place {self.place + 1}"


@ACTIONS.tag("look", Int(low=0), Int(low=0))
@dataclass(frozen=True, slots=True)
class Look(Action):
    """The Spyglass: look at the face-down card at ``place`` of ``seat``'s mountainside."""

    seat: int
    place: int

    def __str__(self) -> str:
        return f"look at place {self.place + 1} of climber {self.seat + 1}"


@ACTIONS.tag("swap", Int(low=0), Int(low=0))
@dataclass(frozen=True, slots=True)
class Swap(Action):
    """The Rockslide: swap the face-down cards at places ``a`` and ``b`` (``a < b``)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"swap places {self.a + 1} and {self.b + 1}"


@ACTIONS.tag("sweep")
@dataclass(frozen=True, slots=True)
class Sweep(Action):
    """Sweep the largest balanced set into your cache (Bury it, after peaking)."""

    def __str__(self) -> str:
        return "sweep"


@ACTIONS.tag("leave")
@dataclass(frozen=True, slots=True)
class Leave(Action):
    """Leave the balanced set where it is, for a friend's Helping Hand."""

    def __str__(self) -> str:
        return "leave it for a Helping Hand"


@ACTIONS.tag("take", Int(low=0))
@dataclass(frozen=True, slots=True)
class Take(Action):
    """Helping Hand: take the offered card at ``place`` into your backpack."""

    place: int

    def __str__(self) -> str:
        return f"take the card at place {self.place + 1}"


@ACTIONS.tag("decline")
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Let the Helping Hand pass to the next climber."""

    def __str__(self) -> str:
        return "decline"


action_from_json = ACTIONS.decode
