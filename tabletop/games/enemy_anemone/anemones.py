"""Anemone tokens: nine two-sided tokens, +1 on one side and +2 on the other.

A seat holds some tokens on their +1 side and some on their +2 side; the rest lie
in the supply.  Tokens attached to a played card go back to the supply after the
trick.  Taking a +1 while already holding a +1 flips that token to +2 instead.
When the supply is empty, the other seat with the most anemone value gives one
of its tokens (its +1 if it has one), nearest clockwise on a tie.

>>> pool = AnemonePool(3)
>>> pool.award(0, 1).kind, pool.value(0)
(<AwardKind.FROM_SUPPLY: 'supply'>, 1)
>>> pool.award(0, 1).kind, pool.value(0), pool.held(0)
(<AwardKind.FLIPPED: 'flipped'>, 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from tabletop.engine.protocol import Event
from tabletop.engine.schema import Int, PerSeat, Struct, field

__all__ = ["TOKENS", "AnemoneAwarded", "AnemonePool", "AwardKind"]

TOKENS: Final = 9


class AwardKind(Enum):
    FROM_SUPPLY = "supply"
    FLIPPED = "flipped"
    GIVEN = "given"
    NONE_LEFT = "none-left"


#: What :meth:`AnemonePool.give` answers when nobody gave the token up.
_FLIPPED: tuple[AwardKind, None] = (AwardKind.FLIPPED, None)
_FROM_SUPPLY: tuple[AwardKind, None] = (AwardKind.FROM_SUPPLY, None)
_NONE_LEFT: tuple[AwardKind, None] = (AwardKind.NONE_LEFT, None)


@dataclass(frozen=True, slots=True)
class AnemoneAwarded(Event):
    """``seat`` gained an anemone: ``side`` is +1 or +2; ``giver`` gave it when the supply was empty."""

    seat: int
    side: int
    kind: AwardKind
    giver: int | None = None
    reason: str = "lowest card"


class AnemonePool(Struct):
    """Who holds which anemone tokens, and how many lie in the supply."""

    ones: list[int] = field(PerSeat(Int(0, TOKENS)))
    twos: list[int] = field(PerSeat(Int(0, TOKENS)))
    supply: int = field(Int(0, TOKENS, fresh=TOKENS))

    def __init__(self, players: int) -> None:
        self.SCHEMA.fill(self, players)

    # -- queries ----------------------------------------------------------------
    def value(self, seat: int) -> int:
        """What ``seat``'s anemones are worth: +1s and +2s added up."""
        return self.ones[seat] + 2 * self.twos[seat]

    def held(self, seat: int) -> int:
        """How many anemones ``seat`` holds."""
        return self.ones[seat] + self.twos[seat]

    def total_tokens(self) -> int:
        """Tokens held or in the supply (attached tokens are counted by the trick)."""
        return self.supply + sum(self.ones) + sum(self.twos)

    # -- moves ------------------------------------------------------------------
    def attach(self, seat: int, ones: int, twos: int) -> None:
        """Take tokens from ``seat`` to lay on a played card."""
        self.ones[seat] -= ones
        self.twos[seat] -= twos

    def give_back(self, count: int) -> None:
        """Return tokens from the finished trick to the supply."""
        self.supply += count

    def award(self, seat: int, side: int, reason: str = "lowest card") -> AnemoneAwarded:
        """Give ``seat`` a token on ``side`` (1 or 2), following the flip and empty-supply rules."""
        kind, giver = self.give(seat, side)
        return AnemoneAwarded(seat, side, kind, giver, reason)

    def give(self, seat: int, side: int) -> tuple[AwardKind, int | None]:
        """:meth:`award` without its event (for the search): how the token came, and
        from whom when another player had to give it up."""
        if side == 1 and self.ones[seat] > 0:
            self.ones[seat] -= 1
            self.twos[seat] += 1
            return _FLIPPED
        if self.supply > 0:
            self.supply -= 1
            self._add(seat, side)
            return _FROM_SUPPLY
        giver = self._richest_other(seat)
        if giver is None:
            return _NONE_LEFT
        if self.ones[giver] > 0:
            self.ones[giver] -= 1
        else:
            self.twos[giver] -= 1
        self._add(seat, side)
        return AwardKind.GIVEN, giver

    def _add(self, seat: int, side: int) -> None:
        if side == 1:
            self.ones[seat] += 1
        else:
            self.twos[seat] += 1

    def _richest_other(self, seat: int) -> int | None:
        """The other seat with the most anemone value, nearest clockwise on a tie."""
        players = len(self.ones)
        best, best_value = None, 0
        for step in range(1, players):
            other = (seat + step) % players
            value = self.value(other)
            if value > best_value:
                best, best_value = other, value
        return best
