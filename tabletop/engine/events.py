"""Events shared by many games.

Every event says what moved where or what was scored.  The table scene turns them
into animations and take-backs read what they revealed; the log's sentences are the
shell's (:mod:`tabletop.play.words` and each game's ``words``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "Dealt",
    "Event",
    "GameOver",
    "HandEnded",
    "HandStarted",
    "Move",
    "Reveal",
    "Scored",
    "TrickWon",
    "Zone",
    "ZoneKind",
]


class ZoneKind(Enum):
    """Where a piece can be; each game uses the kinds it needs."""

    DECK = "deck"
    HAND = "hand"
    TRICK = "trick"          # the cards in play in the middle (a trick, a Date)
    WON = "won"              # a seat's pile of taken cards
    DISCARD = "discard"
    COMMUNITY = "community"  # shared cards open in the middle (gestures on offer, a row)
    BOARD = "board"          # a seat's open cards in front of it (gestures, month columns)
    SUPPLY = "supply"        # shared tokens
    SPOT = "spot"            # a card put down for a decision (the gem spot)
    SHOWN = "shown"          # cards a player has shown from their hand


@dataclass(frozen=True, slots=True)
class Zone:
    """A place on the table: a kind, and the seat it belongs to (``None`` if shared)."""

    kind: ZoneKind
    seat: int | None = None

    def __str__(self) -> str:
        return self.kind.value if self.seat is None else f"{self.kind.value}[{self.seat}]"


class Event:
    """Base for events: what an action caused, in order, for animation and the log.

    ``moves`` lists the pieces the event carries from one zone to another, so a table
    can animate them without knowing the event; ``visible_to`` names the seats that
    may see an event's private details (``None``: everyone); ``reveals`` names the
    faces it shows to someone who could not see them before.
    """

    __slots__ = ()

    def visible_to(self) -> frozenset[int] | None:
        """The seats that may see the event's private details (``None``: everyone)."""
        return None

    def moves(self) -> tuple[Move, ...]:
        """The pieces this event carries from zone to zone, in order."""
        return ()

    def reveals(self) -> tuple[Reveal, ...]:
        """The faces this event shows to someone who could not see them before (what
        take-backs read): by default those its moves bring out of a deck or a hand
        (``Move.reveal``).  An event that shows a card without carrying it out of a deck
        or a hand (turned over where it lies, looked at, taken out from face down)
        names it here itself."""
        found = []
        for move in self.moves():
            reveal = move.reveal()
            if reveal is not None:
                found.append(reveal)
        return tuple(found)


@dataclass(frozen=True, slots=True)
class Move:
    """One piece carried from one zone to another, for a table to animate.

    ``piece`` is a card id, or a game's own key for other pieces (``("gesture", 7)``).
    Everyone sees its face on arrival when ``face_up``; ``private_to`` sees it anyway.
    """

    piece: Hashable
    src: Zone
    dst: Zone
    face_up: bool = True
    private_to: int | None = None

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: an onlooker) may see the piece's face."""
        return self.face_up or (seat is not None and seat == self.private_to)

    def reveal(self) -> Reveal | None:
        """The face this move shows that was hidden where the piece lay: a card out of a
        deck (hidden from everyone) or out of a hand (seen by its owner only), shown to
        whoever sees it arrive; ``None`` if it lay in the open or nobody new sees it.

        >>> hand, trick = Zone(ZoneKind.HAND, 0), Zone(ZoneKind.TRICK)
        >>> Move(7, hand, trick).reveal().news_for(1), Move(7, hand, trick).reveal().news_for(0)
        (True, False)
        >>> Move(7, Zone(ZoneKind.DECK), hand, False, 0).reveal().to
        frozenset({0})
        """
        kind = self.src.kind
        if kind is ZoneKind.DECK:
            known: frozenset[int] = frozenset()
        elif kind is ZoneKind.HAND and self.src.seat is not None:
            known = frozenset((self.src.seat,))
        else:
            return None
        if self.face_up:
            return Reveal(self.piece, self.src, None, known)
        if self.private_to is None:
            return None
        return Reveal(self.piece, self.src, frozenset((self.private_to,)), known)


@dataclass(frozen=True, slots=True)
class Reveal:
    """A face shown to someone who could not see it before: a card drawn, shown out of a
    hand, turned up where it lay face down, or looked at.  Take-backs stop at it.

    ``src`` is where the piece lay hidden, ``to`` who sees it now (``None``: everyone),
    ``known_to`` who could see it there already (a card they put there, or had looked at).

    >>> turned = Reveal(12, Zone(ZoneKind.BOARD, 1), known_to=frozenset((1,)))
    >>> turned.news_for(0), turned.news_for(1)
    (True, False)
    """

    piece: Hashable
    src: Zone
    to: frozenset[int] | None = None
    known_to: frozenset[int] = frozenset()

    def news_for(self, seat: int) -> bool:
        """Whether ``seat`` learns the face only now."""
        return (self.to is None or seat in self.to) and seat not in self.known_to


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """``seat`` received ``cards`` from ``src`` (only that seat sees which)."""

    seat: int
    cards: tuple[int, ...]
    src: Zone

    def visible_to(self) -> frozenset[int] | None:
        """Only the seat dealt the cards sees them."""
        return frozenset((self.seat,))

    def moves(self) -> tuple[Move, ...]:
        hand = Zone(ZoneKind.HAND, self.seat)
        return tuple(Move(card, self.src, hand, False, self.seat) for card in self.cards)


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` takes the trick's ``cards`` onto its pile, face down."""

    seat: int
    cards: tuple[int, ...]

    def moves(self) -> tuple[Move, ...]:
        pile = Zone(ZoneKind.WON, self.seat)
        return tuple(Move(card, Zone(ZoneKind.TRICK), pile, False) for card in self.cards)


@dataclass(frozen=True, slots=True)
class Scored(Event):
    seat: int
    points: int
    total: int


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    number: int  # 1-based
    of: int
    leader: int


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    shares: tuple[float, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (or shared the win)."""
        return tuple(seat for seat, share in enumerate(self.shares) if share > 0)
