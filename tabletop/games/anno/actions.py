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
from typing import Any

from tabletop.engine.protocol import Action, SnapshotError
from tabletop.games.anno.cards import AnnoCard, parse_card

__all__ = [
    "Burn", "Commit", "Declare", "Exchange", "Match", "Stage", "Unstage", "Withdraw",
    "action_from_json",
]


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Put ``blue_moon`` from your hand in Community Eight place ``position`` and take
    the card that was there."""

    blue_moon: AnnoCard
    position: int

    def to_json(self) -> dict[str, list[int]]:
        return {"exchange": [int(self.blue_moon), self.position]}

    def __str__(self) -> str:
        return f"exchange a Blue Moon for Community Eight place {self.position + 1}"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Choose the month to match to this turn: laid down from hand, or on your board."""

    month: AnnoCard

    def to_json(self) -> dict[str, int]:
        return {"declare": int(self.month)}

    def __str__(self) -> str:
        return f"declare {self.month}"


@dataclass(frozen=True, slots=True)
class Stage(Action):
    """Put ``card`` (from hand or the Community Eight) on the declared month, not yet final."""

    card: AnnoCard

    def to_json(self) -> dict[str, int]:
        return {"stage": int(self.card)}

    def __str__(self) -> str:
        return f"add the {self.card}"


@dataclass(frozen=True, slots=True)
class Unstage(Action):
    """Take a staged ``card`` back to where it came from."""

    card: AnnoCard

    def to_json(self) -> dict[str, int]:
        return {"unstage": int(self.card)}

    def __str__(self) -> str:
        return f"take the {self.card} back"


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take the declaration back, with every staged card: no match this turn (a
    declaration cannot be changed for another month)."""

    def to_json(self) -> dict[str, bool]:
        return {"withdraw": True}

    def __str__(self) -> str:
        return "take the declaration back"


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Make the staged match final."""

    def to_json(self) -> dict[str, bool]:
        return {"commit": True}

    def __str__(self) -> str:
        return "confirm the match"


@dataclass(frozen=True, slots=True)
class Match(Action):
    """Declare ``month`` and match ``cards`` to it in one step (sorted card ids)."""

    month: AnnoCard
    cards: tuple[AnnoCard, ...]

    def to_json(self) -> dict[str, list[int]]:
        return {"match": [int(self.month), *map(int, self.cards)]}

    def __str__(self) -> str:
        return f"match {', '.join(map(str, self.cards))} to {self.month}"


@dataclass(frozen=True, slots=True)
class Burn(Action):
    """Put ``card`` face down on the burn pile and draw one: the end of the turn."""

    card: AnnoCard

    def to_json(self) -> dict[str, int]:
        return {"burn": int(self.card)}

    def __str__(self) -> str:
        return f"burn the {self.card}"


def action_from_json(data: Any) -> Action:
    try:
        if isinstance(data, dict) and len(data) == 1:
            (key, value), = data.items()
            if key == "exchange" and isinstance(value, list) and len(value) == 2:
                position = value[1]
                if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < 8:
                    raise ValueError("no such place")
                return Exchange(parse_card(value[0]), position)
            if key == "declare":
                return Declare(parse_card(value))
            if key == "stage":
                return Stage(parse_card(value))
            if key == "unstage":
                return Unstage(parse_card(value))
            if key == "burn":
                return Burn(parse_card(value))
            if key == "withdraw" and value is True:
                return Withdraw()
            if key == "commit" and value is True:
                return Commit()
            if key == "match" and isinstance(value, list) and value:
                return Match(parse_card(value[0]), tuple(sorted(parse_card(v) for v in value[1:])))
    except ValueError as error:
        raise SnapshotError(f"a saved move is malformed: {error}") from None
    raise SnapshotError(f"a saved move is malformed: {data!r}")
