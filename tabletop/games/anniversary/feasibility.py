"""Could a set of Sweet Gestures ever be performed together?

Used when gestures are drawn: a set that no assignment to the two players could
ever satisfy is replaced.  The check does not look at the deal (the deal is
secret); it asks whether *some* deal and play could do it:

* every assignment of the gestures to the top and the bottom that the draft can
  produce is tried;
* for each, every pattern of who foots which Date is tried against the gestures
  about Dates (first, last, exactly N, none, two in a row);
* the gestures about cards are then checked by counting, for the number of Dates
  each player foots: one winning card per Date, four cards per Date, a card can be
  in one place only, the Top card always wins for the top, the Bottom card beats
  every colour, the six cards of each colour, and the cards left unplayed.

>>> from tabletop.games.anniversary.content import GESTURES
>>> first = [g for g in GESTURES if g.title in ("First Impressions", "Opening Night")]
>>> possible(first, top=0)
False
>>> possible(first[:1], top=0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations, product

from tabletop.engine.cards import rank_of, suit_of
from tabletop.games.anniversary.cards import BOTTOM, COLOURS, POSITION, TOP
from tabletop.games.anniversary.gestures import Gesture, Kind, Status, status

__all__ = ["DATE_KINDS", "assignment_possible", "footing_possible", "possible",
           "sharing_possible"]

DATE_KINDS = (Kind.EXACTLY_DATES, Kind.NO_DATE, Kind.FIRST_DATE, Kind.LAST_DATE,
               Kind.TWO_IN_A_ROW)
CARDS_PER_COLOUR = 6
TOTAL_CARDS = 26


@dataclass
class _Footing:
    """A finished chapter's record with only the footers filled in (for date gestures)."""

    footers: list[int]
    top: int
    winners: list[int] = field(default_factory=list)
    date_masks: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])
    unplayed: int = 0
    dates_left: int = 0
    barred: list[int] = field(default_factory=lambda: [0, 0])


def possible(gestures: Sequence[Gesture], top: int, dates: int = 6) -> bool:
    """Whether some assignment of ``gestures`` to the players could be performed.

    The draft alternates, top first: with two or more gestures the top ends up with
    half of them, rounded up.  A single gesture may go to either player (the pass).
    """
    if len(gestures) == 1:
        return any(assignment_possible(gestures, (seat,), top, dates) for seat in (0, 1))
    return sharing_possible((), gestures, top, top, dates)


def sharing_possible(taken: Sequence[tuple[Gesture, int]], offer: Sequence[Gesture],
                     picker: int, top: int, dates: int) -> bool:
    """Whether the draft could still share out ``offer`` (``picker`` picks next, then
    the picks alternate) so that, with the gestures already ``taken`` (gesture, owner),
    every gesture could be performed."""
    gestures = [g for g, _ in taken] + list(offer)
    owners = [o for _, o in taken]
    for picks in combinations(range(len(offer)), (len(offer) + 1) // 2):
        tail = [picker if i in picks else 1 - picker for i in range(len(offer))]
        if assignment_possible(gestures, owners + tail, top, dates):
            return True
    return False


def footing_possible(pairs: Sequence[tuple[Gesture, int]], footers: Sequence[int], top: int,
                     dates: int) -> bool:
    """Whether some way of footing the Dates after ``footers`` performs every gesture
    about Dates in ``pairs`` (gesture, owner)."""
    left = dates - len(footers)
    for pattern in product((0, 1), repeat=left):
        record = _Footing([*footers, *pattern], top)
        if all(status(g, o, record) is Status.DONE for g, o in pairs):
            return True
    return False


def assignment_possible(gestures: Sequence[Gesture], owners: Sequence[int], top: int,
                        dates: int) -> bool:
    """Whether these gestures, given to these owners, could be performed together."""
    date_gestures = [(g, o) for g, o in zip(gestures, owners) if g.kind in DATE_KINDS]
    card_gestures = [(g, o) for g, o in zip(gestures, owners) if g.kind not in DATE_KINDS]
    counts: set[int] = set()
    for pattern in product((0, 1), repeat=dates):
        record = _Footing(list(pattern), top)
        if all(status(g, o, record) is Status.DONE for g, o in date_gestures):
            counts.add(pattern.count(top))
    return any(_cards_possible(card_gestures, top, n_top, dates - n_top, dates)
               for n_top in sorted(counts))


def _cards_possible(pairs: Sequence[tuple[Gesture, int]], top: int, n_top: int, n_bottom: int,
                    dates: int) -> bool:
    seats = {top: n_top, 1 - top: n_bottom}
    named_win: list[set[int]] = [set(), set()]
    ranks: list[set[int]] = [set(), set()]
    contain: list[set[int]] = [set(), set()]
    forbid: list[set[int]] = [set(), set()]
    least = [[0] * len(COLOURS) for _ in (0, 1)]
    for g, p in pairs:
        k = g.kind
        if k is Kind.WIN_WITH_CARD:
            assert g.card is not None
            named_win[p].add(g.card)
        elif k is Kind.WIN_WITH_RANK:
            ranks[p].add(g.rank or 0)
        elif k is Kind.WIN_CONTAINING:
            assert g.card is not None
            contain[p].add(g.card)
        elif k is Kind.NO_COLOUR:
            forbid[p].add(g.colour or 0)
        else:  # AT_LEAST
            colour = g.colour or 0
            least[p][colour] = max(least[p][colour], g.count)
    claimed = [named_win[p] | contain[p] for p in (0, 1)]
    if claimed[0] & claimed[1]:
        return False  # one card cannot be in both players' Dates
    bottom = 1 - top
    if TOP in claimed[bottom]:
        return False  # the Top card only ever wins for the top
    if BOTTOM in named_win[top] and TOP in claimed[top] and seats[top] < 2:
        return False
    slack = TOTAL_CARDS - 4 * dates  # cards that stay in hand at the end
    for p in (0, 1):
        q = 1 - p
        n = seats[p]
        # Winning cards: one per Date.
        winners = set(named_win[p])
        if TOP in contain[p]:
            winners.add(TOP)
        if BOTTOM in contain[p] and TOP not in winners:
            winners.add(BOTTOM)
        if any(suit_of(c) in forbid[p] for c in claimed[p]):
            return False
        extra = 0
        for rank in ranks[p]:
            if any(suit_of(c) != POSITION and rank_of(c) == rank for c in winners):
                continue
            free = [c for c in COLOURS if c not in forbid[p]]
            taken_by_q = sum(1 for c in claimed[q] if suit_of(c) != POSITION and rank_of(c) == rank)
            if not free or taken_by_q >= len(free):
                return False
            extra += 1
        if len(winners) + extra > n:
            return False
        # Cards in this player's Dates: named ones, then colour minimums.
        need = len(claimed[p] | winners) + extra
        for colour in COLOURS:
            want = least[p][colour]
            if not want:
                continue
            if colour in forbid[p]:
                return False
            have_named = sum(1 for c in claimed[p] | winners if suit_of(c) == colour)
            others = sum(1 for c in claimed[q] if suit_of(c) == colour)
            if want + others > CARDS_PER_COLOUR or want + least[q][colour] > CARDS_PER_COLOUR:
                return False
            need += max(0, want - have_named)
        if need > 4 * n:
            return False
        # Forbidden colours go to the partner's Dates or stay in hand at the end.
        banned = CARDS_PER_COLOUR * len(forbid[p])
        partner_room = 4 * seats[q] - len(claimed[q])
        if banned > partner_room + slack:
            return False
    return True
