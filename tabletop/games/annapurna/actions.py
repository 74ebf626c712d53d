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
from typing import Any

from tabletop.engine.protocol import Action, SnapshotError

__all__ = [
    "Decline", "Explore", "Hide", "Leave", "Look", "Pass", "Plant", "Swap", "Sweep", "Take",
    "Trade",
    "action_from_json",
]


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Flip the face-down card at ``place`` of your mountainside and stand on it."""

    place: int

    def to_json(self) -> dict[str, Any]:
        return {"explore": self.place}

    def __str__(self) -> str:
        return f"explore place {self.place + 1}"


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Put ``card`` from your backpack face down at ``place`` of your own mountainside;
    the card that lay there goes to your cache."""

    card: int
    place: int

    def to_json(self) -> dict[str, Any]:
        return {"trade": [self.card, self.place]}

    def __str__(self) -> str:
        return f"trade into place {self.place + 1}"


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Put ``card`` from your backpack face down at ``place`` of ``seat``'s mountainside;
    the card that lay there goes to your cache."""

    card: int
    seat: int
    place: int

    def to_json(self) -> dict[str, Any]:
        return {"hide": [self.card, self.seat, self.place]}

    def __str__(self) -> str:
        return f"hide a card at place {self.place + 1} of climber {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No action is possible: the turn goes on to the sweep."""

    def to_json(self) -> dict[str, Any]:
        return {"pass": True}

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Plant(Action):
    """Easy Trail: plant the prayer flag of that many pennants on the face-up card at
    ``place`` of your mountainside (one or two symbols); it turns face down for good."""

    place: int

    def to_json(self) -> dict[str, Any]:
        return {"plant": self.place}

    def __str__(self) -> str:
        return f"plant the flag at place {self.place + 1}"


@dataclass(frozen=True, slots=True)
class Look(Action):
    """The Spyglass: look at the face-down card at ``place`` of ``seat``'s mountainside."""

    seat: int
    place: int

    def to_json(self) -> dict[str, Any]:
        return {"look": [self.seat, self.place]}

    def __str__(self) -> str:
        return f"look at place {self.place + 1} of climber {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """The Rockslide: swap the face-down cards at places ``a`` and ``b`` (``a < b``)."""

    a: int
    b: int

    def to_json(self) -> dict[str, Any]:
        return {"swap": [self.a, self.b]}

    def __str__(self) -> str:
        return f"swap places {self.a + 1} and {self.b + 1}"


@dataclass(frozen=True, slots=True)
class Sweep(Action):
    """Sweep the largest balanced set into your cache (Bury it, after peaking)."""

    def to_json(self) -> dict[str, Any]:
        return {"sweep": True}

    def __str__(self) -> str:
        return "sweep"


@dataclass(frozen=True, slots=True)
class Leave(Action):
    """Leave the balanced set where it is, for a friend's Helping Hand."""

    def to_json(self) -> dict[str, Any]:
        return {"leave": True}

    def __str__(self) -> str:
        return "leave it for a Helping Hand"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Helping Hand: take the offered card at ``place`` into your backpack."""

    place: int

    def to_json(self) -> dict[str, Any]:
        return {"take": self.place}

    def __str__(self) -> str:
        return f"take the card at place {self.place + 1}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Let the Helping Hand pass to the next climber."""

    def to_json(self) -> dict[str, Any]:
        return {"decline": True}

    def __str__(self) -> str:
        return "decline"


_SINGLE: dict[str, type[Action]] = {"pass": Pass, "sweep": Sweep, "leave": Leave,
                                    "decline": Decline}
_ARITY: dict[str, tuple[type[Action], int]] = {
    "explore": (Explore, 1), "take": (Take, 1), "plant": (Plant, 1), "trade": (Trade, 2), "look": (Look, 2),
    "swap": (Swap, 2), "hide": (Hide, 3),
}


def action_from_json(data: Any) -> Action:
    if isinstance(data, dict) and len(data) == 1:
        (key, value), = data.items()
        if key in _SINGLE and value is True:
            return _SINGLE[key]()
        if key in _ARITY:
            kind, arity = _ARITY[key]
            args = [value] if arity == 1 else value
            if isinstance(args, list) and len(args) == arity and all(
                    isinstance(a, int) and not isinstance(a, bool) and a >= 0 for a in args):
                return kind(*args)
    raise SnapshotError(f"not an Annapurna action: {data!r}")
