"""What happened at the Anomia table: the events (their log lines are in ``words``).

Zones a table animates: the two draw piles (``DECK``, seat 0 = left, 1 = right), the
play piles (``BOARD``, numbered by pile, not by seat), each player's winning pile
(``WON``), the wild spot (``COMMUNITY``), the tie-breaker spot (``SPOT``) and the
wild cards set aside before the first face-off (``DISCARD``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Move
from tabletop.engine.protocol import Event, Zone, ZoneKind

__all__ = [
    "Answered", "Buzzed", "Disputed", "Drew", "FaceOffBegan", "FaceOffWon", "Judged",
    "PilesSplit", "RoundOver", "TieBreakDrawn", "TieCardReturned", "Tied", "VoteDecided",
    "Voted", "WildInPlay", "WildSetAside", "draw_pile", "play_pile",
]

SIDES = ("left", "right")
BOX = 2  # a tie-breaker card taken from the box, not from a draw pile


def draw_pile(side: int) -> Zone:
    return Zone(ZoneKind.DECK, side)


def play_pile(pile: int) -> Zone:
    return Zone(ZoneKind.BOARD, pile)


def _from(side: int) -> Zone:
    return Zone(ZoneKind.SUPPLY) if side == BOX else draw_pile(side)


@dataclass(frozen=True, slots=True)
class PilesSplit(Event):
    left: int
    right: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    seat: int
    pile: int
    card: int
    side: int
    text: str  # the card as the log names it

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, draw_pile(self.side), play_pile(self.pile)),)


@dataclass(frozen=True, slots=True)
class WildSetAside(Event):
    seat: int
    card: int
    side: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, draw_pile(self.side), Zone(ZoneKind.DISCARD)),)


@dataclass(frozen=True, slots=True)
class WildInPlay(Event):
    seat: int
    card: int
    side: int
    text: str

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, draw_pile(self.side), Zone(ZoneKind.COMMUNITY)),)


@dataclass(frozen=True, slots=True)
class FaceOffBegan(Event):
    piles: tuple[int, int]
    seats: tuple[int, int]
    #: The category each side must name an example of.
    asks: tuple[str, str]
    wild: bool
    tiebreak: bool
    symbol: str  # the symbol that matched ("" for a wild match)


@dataclass(frozen=True, slots=True)
class Answered(Event):
    seat: int
    text: str
    category: str
    accepted: bool
    answer: str | None  # what it was taken for
    reason: str


@dataclass(frozen=True, slots=True)
class Buzzed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Judged(Event):
    seat: int  # whose answer
    right: bool


@dataclass(frozen=True, slots=True)
class Disputed(Event):
    seat: int
    text: str
    category: str
    voters: tuple[int, ...]

    @property
    def contest(self) -> bool:
        """A lone player's answer: they may contest the refusal (no one else votes)."""
        return self.voters == (self.seat,)


@dataclass(frozen=True, slots=True)
class Voted(Event):
    seat: int
    accept: bool


@dataclass(frozen=True, slots=True)
class VoteDecided(Event):
    seat: int
    text: str
    category: str
    accepted: bool
    #: A lone player's contest, and what decided it ("" when the players voted).
    contested: bool = False
    why: str = ""


@dataclass(frozen=True, slots=True)
class Tied(Event):
    seats: tuple[int, int]
    why: str


@dataclass(frozen=True, slots=True)
class TieBreakDrawn(Event):
    card: int
    side: int  # a draw pile, or BOX
    wilds_put_back: int
    text: str

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, _from(self.side), Zone(ZoneKind.SPOT)),)


@dataclass(frozen=True, slots=True)
class TieCardReturned(Event):
    card: int
    side: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.SPOT), _from(self.side), False),)


@dataclass(frozen=True, slots=True)
class FaceOffWon(Event):
    winner: int
    loser: int
    loser_pile: int
    card: int
    answer: str

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, play_pile(self.loser_pile), Zone(ZoneKind.WON, self.winner),
                     False),)


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    won: tuple[int, ...]
