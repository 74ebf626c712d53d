"""Anno bots: a rule of thumb, and a search that plays the round out on sampled deals.

Levels:

* ``random`` — any complete move (an exchange, a whole match, a burn) at random.
* ``easy`` — the rule of thumb, with a fifth of its moves at random.
* ``normal`` — the rule of thumb with a sharper sense of which cards can still match.
* ``hard`` — tries its best few moves on sampled deals, playing each round out with
  the rule of thumb, and keeps the move that scored best.

The rule of thumb: the biggest match wins (a card from hand is worth 10 — five on
the board and five less in hand —, one from the Community Eight 5); a Blue Moon
fetches a Month from the Community Eight it can use; the card burned is the one
least likely to match later, judged from every card in sight ("an umbrella" of
different primaries is worth keeping, a Blue Moon never burned).

Bots build matches in one step (:class:`Match`); a declaration left half-built is
taken back.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tabletop.bots.base import PolicyBot, RandomBot
from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anno import BOT_LEVELS
from tabletop.games.anno.actions import Burn, Exchange, Match, Withdraw
from tabletop.games.anno.cards import (
    ACCEPTS, DECK, MONTHS, AnnoCard, Kind, converts, kind_of, month_accepts,
    month_info,
)
from tabletop.games.anno.cards import CARDS as _CARDS
from tabletop.games.anno.matching import conflict
from tabletop.games.anno.observation import AnnoObservation

__all__ = ["BOT_LEVELS", "make_bot", "policy"]

COMPLETE = (Exchange, Match, Burn)

# The rule of thumb runs in every play-out of the search: these tables spare it lookups.
MONTH, QUARTER, DAYS, SEASON, ZODIAC = Kind.MONTH, Kind.QUARTER, Kind.DAYS, Kind.SEASON, Kind.ZODIAC
WEATHER, CUSP, BLUE_MOON = Kind.WEATHER, Kind.CUSP, Kind.BLUE_MOON
_KIND = tuple(kind_of(c) for c in DECK)
#: Per Month card: every card it accepts.
_ACCEPTS = tuple(ACCEPTS[_CARDS[m].value] for m in MONTHS)
#: Per card: a number its copies share (the three Quarter IIs have one).
_TYPE = tuple(_CARDS.index(_CARDS[c]) for c in DECK)
#: Per card: the Month cards it could go with, as a bit mask (bit ``m`` for Month card
#: ``m``: the Month cards are the cards 0–11).
_FITS = tuple(sum(1 << m for m in MONTHS if month_accepts(m, c)) for c in DECK)
#: Per card: its own bit if it is a Month card, else 0.
_MONTH_BIT = tuple(1 << c if _KIND[c] is MONTH else 0 for c in DECK)
#: Per Month card: the cards it accepts, as a bit mask (bit ``c`` for card ``c``).
_ACCEPT_BITS = tuple(sum(1 << c for c in accepts) for accepts in _ACCEPTS)
#: Per card: its bit if a match may take it from the Community Eight (not a Month card
#: nor a Blue Moon), else 0.
_OPEN_BIT = tuple(0 if _KIND[c] is MONTH or _KIND[c] is BLUE_MOON else 1 << c for c in DECK)
_ALL_MONTHS = (1 << len(MONTHS)) - 1
_BLUE_MOONS = frozenset(c for c in DECK if _KIND[c] is BLUE_MOON)


class CompleteMoveBot(RandomBot):
    """Random among complete moves: never builds a match step by step."""

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        moves = [a for a in legal if isinstance(a, COMPLETE)]
        if not moves:
            return Withdraw() if Withdraw() in legal else rng.choice(legal)
        return rng.choice(moves)


def make_bot(level: str) -> Bot:
    if level == "random":
        return CompleteMoveBot()
    if level == "easy":
        return PolicyBot("easy", policy, noise=0.2)
    if level == "normal":
        return PolicyBot("normal", policy)
    if level == "hard":
        from tabletop.games.anno.search import SearchBot

        return SearchBot("hard")
    raise ValueError(f"Anno has no bot level {level!r}")


# -- what is still possible ---------------------------------------------------------------
def unseen_months(obs: AnnoObservation) -> list[int]:
    """Months this seat has not seen this round: in other hands, the deck or the burn pile."""
    return SeatView.of(obs).unseen()


def keep_value(obs: AnnoObservation, card: int, hand: Sequence[int],
               unseen: Sequence[int] | None = None) -> float:
    """How much ``card`` is worth keeping in hand (higher: burn later)."""
    if unseen is None:
        unseen = unseen_months(obs)
    return card_worth(card, hand, obs.boards[obs.seat], obs.community, unseen)


def card_worth(card: int, hand: Sequence[int],
               board: Iterable[tuple[int, Sequence[int]]],
               community: Iterable[int | None], unseen: Sequence[int]) -> float:
    """How much ``card`` is worth keeping, from what its holder can see: the months on
    their board and in their hand it fits, the unseen months it might, and a Blue Moon's
    reach into the Community Eight; a Blue Moon is never worth burning."""
    return _Worth(hand, board, community, sum(1 << m for m in unseen)).of(card)


class _Worth:
    """:func:`card_worth` for every card of one hand: what the cards share (the rooms
    left on the board, the months in hand, the unseen ones) is worked out once, as bit
    masks of the cards each would take (bit ``c`` for card ``c``)."""

    __slots__ = ("hand", "rooms", "hand_months", "unseen", "reach", "types")

    def __init__(self, hand: Sequence[int], board: Iterable[tuple[int, Sequence[int]]],
                 community: Iterable[int | None], unseen: int) -> None:
        """``unseen``: the months not in sight, as a bit mask (see :data:`_FITS`)."""
        self.hand = hand
        #: Per month on the board: the cards one more alone may bring to it.
        self.rooms = [_room(month, tuple(cards)) for month, cards in board]
        #: Per Month card in hand: the cards it accepts.
        self.hand_months = [_ACCEPT_BITS[c] for c in hand if _KIND[c] is MONTH]
        self.unseen = unseen
        # Community Eight months, for a Blue Moon in hand.
        self.reach = ([_ACCEPT_BITS[c] for c in community if c is not None and _KIND[c] is MONTH]
                      if not _BLUE_MOONS.isdisjoint(hand) else [])
        types: dict[int, int] = {}
        for c in hand:
            types[_TYPE[c]] = types.get(_TYPE[c], 0) + 1
        self.types = types

    def least(self) -> AnnoCard:
        """The card of the hand least worth keeping (of two worth the same, the higher)."""
        of = self.of
        hand = self.hand
        least = hand[0]
        least_worth = of(least)
        for card in hand[1:]:
            worth = of(card)
            if worth < least_worth or worth == least_worth and card > least:
                least, least_worth = card, worth
        return AnnoCard(least)

    def of(self, card: int) -> float:
        kind = _KIND[card]
        if kind is BLUE_MOON:
            return 100.0
        if kind is MONTH:
            accepts = _ACCEPTS[card]
            return 50.0 + 5 * sum(1 for c in self.hand if c != card and c in accepts)
        value = 0.0
        # Months this card can join now: on my board with room, or in my hand.
        for fits in self.rooms:
            if fits >> card & 1:
                value += 12.0
        for fits in self.hand_months:
            if fits >> card & 1:
                value += 10.0
        # Months I might still get: unseen ones, a little each (the deck is big).
        value += 2.5 * (_FITS[card] & self.unseen).bit_count()
        # Community Eight months, for a Blue Moon I hold.
        for fits in self.reach:
            if fits >> card & 1:
                value += 1.5
        # An umbrella: a second card of the very same type adds little.
        same = self.types.get(_TYPE[card], 0) - (1 if card in self.hand else 0)
        value -= 3.0 * same
        if kind is WEATHER or kind is CUSP:
            value -= 2.0  # they need company to be matched
        return value


@lru_cache(maxsize=1 << 14)  # a board changes far less often than it is read
def _room(month: int, cards: tuple[int, ...]) -> int:
    """The cards that one more card alone may bring to ``month`` (holding ``cards``)
    without a :func:`conflict`, as a bit mask: those it accepts, less the kinds it has no
    room for, and less the Seasons other than the one a Weather card on it asks for."""
    kinds = {_KIND[c] for c in cards}
    closed = set(kinds & {QUARTER, SEASON, WEATHER, CUSP})
    if DAYS in kinds and _CARDS[month].value != 1:  # February takes both its Days cards
        closed.add(DAYS)
    if SEASON in kinds:
        closed.add(WEATHER)  # a Weather card must come with the season it brings
    target = None
    weather = next((c for c in cards if _KIND[c] is WEATHER), None)
    if weather is not None:
        target = converts(_CARDS[weather].value, month_info(month).season)
    return sum(1 << c for c in _ACCEPTS[month] if _KIND[c] not in closed and (
        target is None or _KIND[c] is not SEASON or _CARDS[c].value == target))


def match_value(obs: AnnoObservation, match: Match) -> float:
    """Points a match swings (see :func:`swing`)."""
    hand = set(obs.hand)
    laid = match.month in hand
    from_hand = sum(1 for c in match.cards if c in hand)
    return swing(from_hand, len(match.cards) - from_hand, laid, len(obs.hand))


def swing(from_hand: int, from_community: int, laid: bool, held: int) -> float:
    """10 per card leaving the hand (five on the board, five less in hand), 5 per
    Community Eight card, and a bonus for ending the round with an empty hand."""
    leaving = from_hand + (1 if laid else 0)
    value = 10.0 * leaving + 5.0 * from_community
    if leaving == held:
        value += 15.0  # the round ends with nothing in hand
    return value


@dataclass(slots=True)
class SeatView:
    """What the rule of thumb looks at, all of it known to its seat: built from an
    observation (the bots) or from a state for that seat (fast play-outs).  Read only
    (not frozen, which would cost every play-out move half a microsecond)."""

    hand: Sequence[AnnoCard]
    board: Collection[tuple[AnnoCard, Sequence[AnnoCard]]]       # its own, in the order laid
    boards: Sequence[Collection[tuple[AnnoCard, Sequence[AnnoCard]]]]  # everyone's
    community: Sequence[int | None]
    burned: Sequence[AnnoCard]  # its own
    exchanged: bool
    matched: bool
    declared: AnnoCard | None

    @classmethod
    def of(cls, obs: AnnoObservation) -> SeatView:
        return cls(obs.hand, obs.boards[obs.seat], obs.boards, obs.community, obs.own_burned,
                   obs.exchanged, obs.matched, obs.declared)

    def unseen(self) -> list[int]:
        """Months not in sight: in other hands, the deck or the burn pile."""
        unseen = self.unseen_mask()
        return [m for m in MONTHS if unseen >> m & 1]

    def unseen_mask(self) -> int:
        """:meth:`unseen` as a bit mask (bit ``m`` for Month card ``m``)."""
        bit = _MONTH_BIT
        seen = 0
        for c in self.hand:
            seen |= bit[c]
        for c in self.burned:
            seen |= bit[c]
        for open_card in self.community:
            if open_card is not None:
                seen |= bit[open_card]
        for board in self.boards:
            for m, _ in board:
                seen |= 1 << m
        if self.declared is not None:
            seen |= bit[self.declared]
        return _ALL_MONTHS & ~seen


def policy(observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """Pick a sensible complete move using only the observation (see :func:`decide`)."""
    assert isinstance(observation, AnnoObservation)
    return decide(SeatView.of(observation))


def decide(view: SeatView) -> Action:
    """The rule of thumb: fetch a usable Month with a Blue Moon; else make the match that
    swings most; else burn the card least worth keeping.  A half-built declaration is
    taken back (bots match in one step)."""
    if view.declared is not None:
        return Withdraw()
    hand = view.hand
    if not view.matched:
        if not view.exchanged:
            exchange = _exchange(view)
            if exchange is not None:
                return exchange
        best: tuple[tuple[float, int, int], AnnoCard, tuple[AnnoCard, ...]] | None = None
        board = dict(view.board)
        # The hand and the Community Eight cards a match may take, as bit masks.
        own_bits = open_bits = 0
        for c in hand:
            own_bits |= 1 << c
        open_bit = _OPEN_BIT
        for open_card in view.community:
            if open_card is not None:
                open_bits |= open_bit[open_card]
        held = len(hand)
        # (No Month accepts a Month card, so a Month in hand may look through all of it.)
        for month in (*board, *[c for c in hand if _KIND[c] is MONTH]):
            laid = month not in board
            cards = () if laid else tuple(board[month])
            accepts = _ACCEPT_BITS[month]
            for fitting, own in ((own_bits & accepts, True), (open_bits & accepts, False)):
                if not fitting:
                    continue
                found = _biggest(month, cards, fitting)
                if not found:
                    continue
                value = swing(len(found) if own else 0, 0 if own else len(found), laid, held)
                key = (value, -len(found), int(month))
                if best is None or key > best[0]:
                    best = (key, month, found)
        if best is not None:
            return Match(best[1], best[2])
    return Burn(_Worth(hand, view.board, view.community, view.unseen_mask()).least())


def biggest_match(month: int, board: Sequence[int], source: Sequence[int],
                  ) -> tuple[AnnoCard, ...]:
    """A legal match of the most cards from ``source`` to ``month`` (empty if none): the
    fullest choice for each place, or the biggest other when that makes exactly two.

    It depends only on the month, what the month holds and the cards of ``source`` the
    month accepts, and play-outs ask the same question again and again, so the answers
    are kept (:func:`_biggest`)."""
    fitting = 0
    for c in source:
        fitting |= 1 << c
    fitting &= _ACCEPT_BITS[month]
    return _biggest(month, tuple(board), fitting) if fitting else ()


@lru_cache(maxsize=1 << 16)
def _biggest(month: int, board: tuple[int, ...], bits: int) -> tuple[AnnoCard, ...]:
    """:func:`biggest_match`, worked out (``bits``: the cards of the source ``month``
    accepts, as a bit mask)."""
    fitting = []
    while bits:
        low = bits & -bits
        fitting.append(low.bit_length() - 1)
        bits ^= low
    m = month_info(month)
    zodiacs_had = 0
    has_quarter = has_days = has_season = cusped = False
    for card in board:
        kind = _KIND[card]
        if kind is ZODIAC:
            zodiacs_had += 1
        elif kind is QUARTER:
            has_quarter = True
        elif kind is DAYS:
            has_days = True
        elif kind is SEASON:
            has_season = True
        elif kind is CUSP:
            cusped = True
    quarters: list[int] = []
    days: list[int] = []
    seasons: list[int] = []
    zodiacs: list[int] = []
    weathers: list[int] = []
    cusps: list[int] = []
    places = {QUARTER: quarters, DAYS: days, SEASON: seasons, ZODIAC: zodiacs,
              WEATHER: weathers, CUSP: cusps}
    for card in fitting:
        places[_KIND[card]].append(card)
    chosen: list[int] = []
    if not has_quarter and quarters:
        chosen.append(quarters[0])
    if m.index == 1:
        chosen += days
    elif not has_days and days:
        chosen.append(days[0])
    if not has_season and seasons:
        pair = next(((s, w) for s in seasons for w in weathers
                     if converts(_CARDS[w].value, m.season) == _CARDS[s].value), None)
        if pair is not None:
            chosen += pair
        else:
            natural = next((s for s in seasons if _CARDS[s].value == m.season), None)
            if natural is not None:
                chosen.append(natural)
    if cusped:
        chosen += zodiacs[:2 - zodiacs_had]
    elif zodiacs_had == 1 and cusps:
        chosen += [cusps[0], *zodiacs[:1]]
    elif zodiacs_had == 0:
        if cusps and len(zodiacs) == 2:
            chosen += [cusps[0], *zodiacs]
        elif zodiacs:
            chosen.append(zodiacs[0])
    if len(chosen) == 2 or (len(chosen) == 1 and _KIND[chosen[0]] is CUSP):
        # Each place took all it could, so no match has more than two cards: the
        # match is one card alone, the first that may go alone.
        for card in fitting:
            kind = _KIND[card]
            if ((kind is QUARTER and not has_quarter)
                    or (kind is DAYS and (not has_days or m.index == 1))
                    or (kind is SEASON and not has_season and _CARDS[card].value == m.season)
                    or (kind is ZODIAC and (zodiacs_had == 0 or cusped))):
                return (AnnoCard(card),)
        return ()
    chosen.sort()
    return tuple(AnnoCard(c) for c in chosen)


def _exchange(view: SeatView) -> Exchange | None:
    """Take a Community Eight Month that cards in hand (or the Eight) can match; with
    only a Blue Moon left, take the card most useful to the others (never burn a Moon)."""
    if _BLUE_MOONS.isdisjoint(view.hand):
        return None
    moon = next(c for c in view.hand if _KIND[c] is BLUE_MOON)
    best: tuple[int, int] | None = None
    for place, card in enumerate(view.community):
        if card is None or kind_of(card) is not Kind.MONTH:
            continue
        from_hand = sum(1 for c in view.hand if month_accepts(card, c))
        from_community = sum(1 for c in view.community
                             if c is not None and c != card and month_accepts(card, c))
        worth = max(from_hand, from_community)
        if worth and (best is None or worth > best[0]):
            best = (worth, place)
    if best is not None:
        return Exchange(moon, best[1])
    if len(view.hand) == 1:
        places = [p for p, c in enumerate(view.community)
                  if c is not None and kind_of(c) is not Kind.BLUE_MOON]
        if places:
            return Exchange(moon, max(places, key=lambda p: _community_use(view, p)))
    return None


def _community_use(view: SeatView, place: int) -> int:
    card = view.community[place]
    assert card is not None
    return sum(1 for b in view.boards for m, cards in b
               if month_accepts(m, card) and conflict(m, cards, [card]) is None)
