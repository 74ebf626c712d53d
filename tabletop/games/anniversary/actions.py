"""What a player can do: take or pass a gesture in the draft, share a card with
Healthy Communication before a Date, end their turn before the Date, or play a card.

Sharing takes two steps, like putting a card down and then the gem on it: ``Pick``
a card, then ``Place`` the gem (or ``Unpick`` to take the card back)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.codec import Actions
from tabletop.engine.protocol import Action
from tabletop.engine.schema import Card, Int, Member
from tabletop.games.anniversary.cards import AnniversaryCard, Gem

__all__ = ["ACTIONS", "Gem", "Pass", "Pick", "Place", "Play", "Ready", "Take", "Unpick",
           "action_from_json"]

ACTIONS = Actions("Anniversary")


@ACTIONS.tag("take", Int(low=0))
@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take gesture ``gesture`` (its id) from the middle in the draft."""

    gesture: int

    def __str__(self) -> str:
        return f"take gesture {self.gesture}"


@ACTIONS.tag("pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The top passes the only gesture to the bottom."""

    def __str__(self) -> str:
        return "pass"


@ACTIONS.tag("pick", Card(AnniversaryCard.parse))
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Use a Healthy Communication card on ``card``: it goes on the gem spot, waiting
    for the gem (:class:`Place`)."""

    card: AnniversaryCard

    def __str__(self) -> str:
        return f"put the {self.card} on the gem spot"


@ACTIONS.tag("gem", Member(Gem))
@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the gem on the picked card at ``gem``: the card is shown to the partner."""

    gem: Gem

    def __str__(self) -> str:
        return f"place the gem at the {self.gem.value}"


@ACTIONS.tag("unpick")
@dataclass(frozen=True, slots=True)
class Unpick(Action):
    """Take the picked card back into the hand, unshown."""

    def __str__(self) -> str:
        return "take the card back"


@ACTIONS.tag("ready")
@dataclass(frozen=True, slots=True)
class Ready(Action):
    """Done with Healthy Communication before this Date."""

    def __str__(self) -> str:
        return "ready"


@ACTIONS.tag("play", Card(AnniversaryCard.parse))
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` to the Date."""

    card: AnniversaryCard

    def __str__(self) -> str:
        return f"play the {self.card}"


action_from_json = ACTIONS.decode
