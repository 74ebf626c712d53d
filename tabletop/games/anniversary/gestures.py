"""Sweet Gestures: the challenges players take on, and when each is done or lost.

A gesture belongs to one player ("I will foot …").  After every Date, and whenever a
card is shown with Healthy Communication, the rules ask each gesture for its
:class:`Status`.  ``DONE`` means it can no longer fail, whatever is played later;
``FAILED`` means no way of playing the cards still unplayed could fulfil it.  Both are
judged from what both partners can see, never from a hidden hand: which Dates each
player footed, with which card, which cards have been played, who holds the Top card,
and the cards each player can be seen never to hold again (:func:`barred_cards`: the
partner's shown cards, and after the last draw the colours not followed and the cards
a gem rules out).  So every player can follow the reasoning; until then a gesture is
``PENDING``.  At the end of the last Date nothing is pending any more.

Cards are handled as bit masks (bit ``card`` set for each card), which keeps the
checks cheap enough for a search that asks them many thousands of times a second.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Final, Protocol

from tabletop.engine.cards import RANK_BITS, rank_of, suit_of
from tabletop.games.anniversary.cards import (
    COLOUR_NAMES, COLOURS, DECK, POSITION, TOP, AnniversaryCard, Gem,
)

__all__ = [
    "COLOUR_MASKS", "LAST_DRAW_DATE", "SUIT_MASKS", "Gesture", "Kind", "Record", "Status",
    "barred_cards", "mask_of", "ruled_out", "status",
]

#: The last Date before which the partners draw (Dates 2 to 5): from then on the pile is
#: empty, so a card a partner is seen to lack they lack for good.
LAST_DRAW_DATE: Final = 5


class Status(IntEnum):
    PENDING = 0
    DONE = 1
    FAILED = 2


class Kind(Enum):
    """The kinds of challenge.  Parameters: ``card``, ``colour``, ``rank``, ``count``."""

    WIN_WITH_CARD = "win-with-card"      # foot a Date that ``card`` wins for you
    WIN_WITH_RANK = "win-with-rank"      # foot a Date won by your colour card of ``rank``
    WIN_CONTAINING = "win-containing"    # foot the Date in which ``card`` is played
    NO_COLOUR = "no-colour"              # foot no card of ``colour``
    AT_LEAST = "at-least"                # foot at least ``count`` cards of ``colour``
    EXACTLY_DATES = "exactly-dates"      # foot exactly ``count`` Dates
    FIRST_DATE = "first-date"            # foot the first Date
    LAST_DATE = "last-date"              # foot the last Date
    NO_DATE = "no-date"                  # foot no Date at all
    TWO_IN_A_ROW = "two-in-a-row"        # foot two Dates in a row


# The members under plain module names: :func:`status` and the bots' rule of thumb run
# in the search's innermost loops, where a lookup on the enum class each time costs.
PENDING, DONE, FAILED = Status.PENDING, Status.DONE, Status.FAILED
WIN_WITH_CARD = Kind.WIN_WITH_CARD
WIN_WITH_RANK = Kind.WIN_WITH_RANK
WIN_CONTAINING = Kind.WIN_CONTAINING
NO_COLOUR = Kind.NO_COLOUR
AT_LEAST = Kind.AT_LEAST
EXACTLY_DATES = Kind.EXACTLY_DATES
FIRST_DATE = Kind.FIRST_DATE
LAST_DATE = Kind.LAST_DATE
NO_DATE = Kind.NO_DATE
TWO_IN_A_ROW = Kind.TWO_IN_A_ROW


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of ``cards`` (bit ``c`` for card number ``c``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


COLOUR_MASKS: Final = tuple(mask_of(c for c in DECK if suit_of(c) == colour) for colour in COLOURS)
COLOUR_CARDS_MASK: Final = COLOUR_MASKS[0] | COLOUR_MASKS[1] | COLOUR_MASKS[2] | COLOUR_MASKS[3]
RANK_MASKS: Final = {rank: mask_of(c for c in DECK if suit_of(c) != POSITION and rank_of(c) == rank)
                     for rank in range(1, 7)}
#: Each suit's cards by suit number: the four colours, then the two position cards.
SUIT_MASKS: Final = (*COLOUR_MASKS, mask_of(c for c in DECK if suit_of(c) == POSITION))


def ruled_out(card: int, gem: Gem) -> int:
    """The cards of ``card``'s colour a gem on it says its owner did not hold then: the
    higher ones (gem at the top), the lower ones (at the bottom), every other (middle)."""
    same = [c for c in DECK if suit_of(c) == suit_of(card) and c != card]
    if gem is Gem.TOP:
        same = [c for c in same if rank_of(c) > rank_of(card)]
    elif gem is Gem.BOTTOM:
        same = [c for c in same if rank_of(c) < rank_of(card)]
    return mask_of(same)


def barred_cards(dates: Iterable[tuple[int, Sequence[tuple[int, int]]]],
                 shown: Iterable[tuple[int, int, Gem, int]]) -> list[int]:
    """Per seat, the cards the open table shows it will never hold again, as bit masks.

    ``dates`` are the Dates with cards on the table, as (number, plays in order);
    ``shown`` the cards shown with Healthy Communication, as (seat, card, gem, the Date
    it was shown before).  A card one partner has shown stays in their hand until they
    play it (cards never change hands), so the other will never hold it.  Once nothing
    more is drawn (from Date :data:`LAST_DRAW_DATE` on), a partner who does not follow
    the suit led holds none of it, and a gem says which cards of its colour its owner
    lacks, for the rest of the chapter.  (Played cards may be among them: what is
    barred matters only while unplayed.)

    >>> from tabletop.games.anniversary.cards import AnniversaryCard, TEAL, RED
    >>> teal6, red2 = AnniversaryCard.of(TEAL, 6), AnniversaryCard.of(RED, 2)
    >>> bars = barred_cards([(5, [(0, red2), (1, teal6)])], [(0, teal6, Gem.TOP, 2)])
    >>> bars[1] == 1 << teal6 | COLOUR_MASKS[RED], bars[0]
    (True, 0)
    """
    bars = [0, 0]
    for seat, card, gem, number in shown:
        bars[1 - seat] |= 1 << card
        if number >= LAST_DRAW_DATE:
            bars[seat] |= ruled_out(card, gem)
    for number, plays in dates:
        if number < LAST_DRAW_DATE or not plays:
            continue
        led = plays[0][1] >> RANK_BITS
        for seat, card in plays[1:]:
            if card >> RANK_BITS != led:
                bars[seat] |= SUIT_MASKS[led]
    return bars


@dataclass(frozen=True, slots=True)
class Gesture:
    """One Sweet Gesture card of the deck."""

    id: int
    kind: Kind
    sweetness: int
    title: str
    card: AnniversaryCard | None = None
    colour: int | None = None
    rank: int | None = None
    count: int = 0

    @property
    def text(self) -> str:
        """The challenge, as the card says it."""
        k = self.kind
        if k is Kind.WIN_WITH_CARD:
            return f"I will foot a Date with the {self.card}."
        if k is Kind.WIN_WITH_RANK:
            return f"I will foot a Date with a {self.rank}."
        if k is Kind.WIN_CONTAINING:
            return f"I will foot the Date where the {self.card} is played."
        if k is Kind.NO_COLOUR:
            return f"I will foot no {self.colour_name} cards."
        if k is Kind.AT_LEAST:
            return f"I will foot at least {self.count} {self.colour_name} cards."
        if k is Kind.EXACTLY_DATES:
            dates = "Date" if self.count == 1 else "Dates"
            return f"I will foot exactly {_NUMBER_WORDS[self.count]} {dates}."
        if k is Kind.FIRST_DATE:
            return "I will foot the first Date."
        if k is Kind.LAST_DATE:
            return "I will foot the last Date."
        if k is Kind.NO_DATE:
            return "I will foot no Date at all."
        return "I will foot two Dates in a row."

    @property
    def colour_name(self) -> str:
        """The name of the gesture's colour ("" for none)."""
        return COLOUR_NAMES[self.colour] if self.colour is not None else ""

    def to_json(self) -> int:
        """The gesture as a save holds it: its id."""
        return self.id


_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six")


class Record(Protocol):
    """The public record of the Dates played so far (what :func:`status` reads)."""

    footers: list[int]       # who footed each finished Date
    winners: list[int]       # the card that won each finished Date
    date_masks: list[int]    # the cards of each finished Date
    won: list[int]           # per seat: every card footed so far
    unplayed: int            # every card not yet in a finished Date
    top: int                 # the seat holding the Top card (public from the start)

    @property
    def dates_left(self) -> int:
        """Dates still to come in the chapter, the one in play included."""

    @property
    def barred(self) -> list[int]:
        """Per seat: the cards it can be seen never to hold again (:func:`barred_cards`)."""


def status(g: Gesture, seat: int, rec: Record) -> Status:
    """Whether ``seat`` has performed gesture ``g``, has lost it, or neither yet."""
    left = rec.dates_left
    k = g.kind
    if k is WIN_WITH_CARD:
        assert g.card is not None
        for footer, winner in zip(rec.footers, rec.winners):
            if footer == seat and winner == g.card:
                return DONE
        if (not rec.unplayed >> g.card & 1 or not left or (g.card == TOP and seat != rec.top)
                or rec.barred[seat] >> g.card & 1):
            return FAILED
        return PENDING
    if k is WIN_WITH_RANK:
        for footer, winner in zip(rec.footers, rec.winners):
            if footer == seat and rank_of(winner) == g.rank and suit_of(winner) != POSITION:
                return DONE
        if not rec.unplayed & RANK_MASKS[g.rank or 0] & ~rec.barred[seat] or not left:
            return FAILED
        return PENDING
    if k is WIN_CONTAINING:
        assert g.card is not None
        bit = 1 << g.card
        if g.card == TOP and seat != rec.top:
            return FAILED
        for footer, cards in zip(rec.footers, rec.date_masks):
            if cards & bit:
                return DONE if footer == seat else FAILED
        return PENDING if left else FAILED
    if k is NO_COLOUR:
        colour = COLOUR_MASKS[g.colour or 0]
        if rec.won[seat] & colour:
            return FAILED
        return PENDING if left and rec.unplayed & colour else DONE
    if k is AT_LEAST:
        colour = COLOUR_MASKS[g.colour or 0]
        have = (rec.won[seat] & colour).bit_count()
        if have >= g.count:
            return DONE
        could = (rec.unplayed & colour).bit_count()
        if not left or have + min(could, 4 * left) < g.count:
            return FAILED
        return PENDING
    footed = rec.footers.count(seat) if k in (EXACTLY_DATES, NO_DATE) else 0
    if k is EXACTLY_DATES or k is NO_DATE:
        if footed > g.count or footed + left < g.count:
            return FAILED
        return PENDING if left else DONE
    if k is FIRST_DATE:
        if not rec.footers:
            return PENDING
        return DONE if rec.footers[0] == seat else FAILED
    if k is LAST_DATE:
        if left:
            return PENDING
        return DONE if rec.footers and rec.footers[-1] == seat else FAILED
    # TWO_IN_A_ROW
    footers = rec.footers
    for a, b in zip(footers, footers[1:]):
        if a == b == seat:
            return DONE
    ends_with_seat = bool(footers) and footers[-1] == seat
    if left >= 2 or (left == 1 and ends_with_seat):
        return PENDING
    return FAILED


def statuses(gestures: Sequence[Gesture], owners: Sequence[int], rec: Record) -> list[Status]:
    """Each gesture's mark as the record stands: done, failed, or still pending."""
    return [status(g, seat, rec) for g, seat in zip(gestures, owners)]
