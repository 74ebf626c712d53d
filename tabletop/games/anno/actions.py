"""What a player can do on an Anno turn.

A turn goes: an optional Blue Moon ``Exchange`` (first, at most once); an optional
match; then ``Burn``, which ends the turn.  A match is built at the table in steps
— ``Declare`` a month, ``Stage`` cards on it (``Unstage`` takes one back), then
``Commit`` — or made in one step with ``Match``, which is what bots and replays use.
A declaration is final: ``Withdraw`` takes it back with its staged cards, and with
it the turn's match, leaving only the burn.  The half-built match is part of
the state, so a save, a curtain or a bot always sees it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.codec import Actions
from tabletop.engine.protocol import Action
from tabletop.engine.schema import Card, Frozen, Int
from tabletop.games.anno.cards import AnnoCard, parse_card

__all__ = [
    "Burn", "Commit", "Declare", "Exchange", "Match", "Stage", "Unstage", "Withdraw",
    "ACTIONS", "action_from_json",
]

ACTIONS = Actions("Anno")
CARD = Card(parse_card)


@ACTIONS.tag("exchange", CARD, Int(0, 7))
@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Put ``blue_moon`` from your hand in Community Eight place ``position`` and take
    the card that was there."""

    blue_moon: AnnoCard
    position: int

    def __str__(self) -> str:
        return f"exchange a Blue Moon for Community Eight place {self.position + 1}"


@ACTIONS.tag("declare", CARD)
@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Choose the month to match to this turn: laid down from hand, or on your board."""

    month: AnnoCard

    def __str__(self) -> str:
        return f"declare {self.month}"


@ACTIONS.tag("stage", CARD)
@dataclass(frozen=True, slots=True)
class Stage(Action):
    """Put ``card`` (from hand or the Community Eight) on the declared month, not yet final."""

    card: AnnoCard

    def __str__(self) -> str:
        return f"add the {self.card}"


@ACTIONS.tag("unstage", CARD)
@dataclass(frozen=True, slots=True)
class Unstage(Action):
    """Take a staged ``card`` back to where it came from."""

    card: AnnoCard

    def __str__(self) -> str:
        return f"take the {self.card} back"


@ACTIONS.tag("withdraw")
@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take the declaration back, with every staged card: no match this turn (a
    declaration cannot be changed for another month)."""

    def __str__(self) -> str:
        return "take the declaration back"


@ACTIONS.tag("commit")
@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Make the staged match final."""

    def __str__(self) -> str:
        return "confirm the match"


@ACTIONS.tag("match", CARD, Frozen(lambda cs: [int(c) for c in cs],
                                      lambda d: tuple(sorted(parse_card(v) for v in d))), flat=True)
@dataclass(frozen=True, slots=True)
class Match(Action):
    """Declare ``month`` and match ``cards`` to it in one step (sorted card ids)."""

    month: AnnoCard
    cards: tuple[AnnoCard, ...]

    def __str__(self) -> str:
        return f"match {', '.join(map(str, self.cards))} to {self.month}"


@ACTIONS.tag("burn", CARD)
@dataclass(frozen=True, slots=True)
class Burn(Action):
    """Put ``card`` face down on the burn pile and draw one: the end of the turn."""

    card: AnnoCard

    def __str__(self) -> str:
        return f"burn the {self.card}"


action_from_json = ACTIONS.decode
