"""What a player can do: take or pass a gesture in the draft, share a card with
Healthy Communication before a Date, end their turn before the Date, or play a card.

Sharing takes two steps, like putting a card down and then the gem on it: ``Pick``
a card, then ``Place`` the gem (or ``Unpick`` to take the card back)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.protocol import Action, SnapshotError
from tabletop.games.anniversary.cards import AnniversaryCard, Gem

__all__ = ["Gem", "Pass", "Pick", "Place", "Play", "Ready", "Take", "Unpick", "action_from_json"]


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take gesture ``gesture`` (its id) from the middle in the draft."""

    gesture: int

    def to_json(self) -> dict[str, int]:
        return {"take": self.gesture}

    def __str__(self) -> str:
        return f"take gesture {self.gesture}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The top passes the only gesture to the bottom."""

    def to_json(self) -> dict[str, bool]:
        return {"pass": True}

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Use a Healthy Communication card on ``card``: it goes on the gem spot, waiting
    for the gem (:class:`Place`)."""

    card: AnniversaryCard

    def to_json(self) -> dict[str, int]:
        return {"pick": int(self.card)}

    def __str__(self) -> str:
        return f"put the {self.card} on the gem spot"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the gem on the picked card at ``gem``: the card is shown to the partner."""

    gem: Gem

    def to_json(self) -> dict[str, str]:
        return {"gem": self.gem.value}

    def __str__(self) -> str:
        return f"place the gem at the {self.gem.value}"


@dataclass(frozen=True, slots=True)
class Unpick(Action):
    """Take the picked card back into the hand, unshown."""

    def to_json(self) -> dict[str, bool]:
        return {"unpick": True}

    def __str__(self) -> str:
        return "take the card back"


@dataclass(frozen=True, slots=True)
class Ready(Action):
    """Done with Healthy Communication before this Date."""

    def to_json(self) -> dict[str, bool]:
        return {"ready": True}

    def __str__(self) -> str:
        return "ready"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` to the Date."""

    card: AnniversaryCard

    def to_json(self) -> dict[str, int]:
        return {"play": int(self.card)}

    def __str__(self) -> str:
        return f"play the {self.card}"


def action_from_json(data: Any) -> Action:
    try:
        if isinstance(data, dict):
            if "play" in data:
                return Play(AnniversaryCard.parse(data["play"]))
            if "take" in data:
                value = data["take"]
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise ValueError("bad gesture id")
                return Take(value)
            if "pick" in data:
                return Pick(AnniversaryCard.parse(data["pick"]))
            if "gem" in data:
                return Place(Gem(data["gem"]))
            if data.get("unpick") is True:
                return Unpick()
            if data.get("pass") is True:
                return Pass()
            if data.get("ready") is True:
                return Ready()
    except ValueError as error:
        raise SnapshotError(f"a saved move is malformed: {error}") from None
    raise SnapshotError(f"a saved move is malformed: {data!r}")
