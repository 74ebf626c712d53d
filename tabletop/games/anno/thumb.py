"""Anno's rule of thumb, which the ``easy`` and ``normal`` bots play and the ``hard``
bot's search plays its rounds out with (:mod:`tabletop.games.anno.bot`).

The rule of thumb: the biggest match wins (a card from hand is worth 10 — five on
the board and five less in hand —, one from the Community Eight 5); a Blue Moon
fetches a Month from the Community Eight it can use; the card burned is the one
least likely to match later, judged from every card in sight ("an umbrella" of
different primaries is worth keeping, a Blue Moon never burned).

Bots build matches in one step (:class:`Match`).  A declaration already under way
(a person asked for a hint mid-turn, a saved game resumed) cannot be changed: it is
carried on step by step towards the best match to that month (:func:`carry_on`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tabletop.engine.protocol import Action, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anno.actions import Burn, Commit, Exchange, Match, Stage, Unstage, Withdraw
from tabletop.games.anno.cards import (
    ACCEPTS, DECK, MONTHS, AnnoCard, Kind, converts, kind_of, month_accepts,
    month_info,
)
from tabletop.games.anno.cards import CARDS as _CARDS
from tabletop.games.anno.matching import conflict, legal_matches
from tabletop.games.anno.observation import EMPTY, AnnoObservation

__all__ = ["carry_on", "policy"]

# The rule of thumb runs in every play-out of the search: these tables spare it lookups.
MONTH, QUARTER, DAYS, SEASON, ZODIAC = Kind.MONTH, Kind.QUARTER, Kind.DAYS, Kind.SEASON, Kind.ZODIAC
WEATHER, CUSP, BLUE_MOON = Kind.WEATHER, Kind.CUSP, Kind.BLUE_MOON
_KIND = tuple(kind_of(c) for c in DECK)


def _kind_bits(kind: Kind) -> int:
    """Every card of ``kind``, as a bit mask."""
    return sum(1 << c for c in DECK if _KIND[c] is kind)


_QUARTERS, _DAYS, _SEASONS = _kind_bits(QUARTER), _kind_bits(DAYS), _kind_bits(SEASON)
_ZODIACS, _WEATHERS, _CUSPS = _kind_bits(ZODIAC), _kind_bits(WEATHER), _kind_bits(CUSP)
#: The Blue Moons, as a bit mask.
MOON_BITS = _kind_bits(BLUE_MOON)
#: Every card as an :class:`AnnoCard`, made once.
_CARD = tuple(AnnoCard(c) for c in DECK)
#: Per Month card: every card it accepts.
_ACCEPTS = tuple(ACCEPTS[_CARDS[m].value] for m in MONTHS)
#: Per card: a number its copies share (the three Quarter IIs have one).
_TYPE = tuple(_CARDS.index(_CARDS[c]) for c in DECK)
#: Per card: the Month cards it could go with, as a bit mask (bit ``m`` for Month card
#: ``m``: the Month cards are the cards 0–11).
_FITS = tuple(sum(1 << m for m in MONTHS if month_accepts(m, c)) for c in DECK)
#: Per card: its own bit if it is a Month card, else 0.
MONTH_BIT = tuple(1 << c if _KIND[c] is MONTH else 0 for c in DECK)
#: Per Month card: the cards it accepts, as a bit mask (bit ``c`` for card ``c``).
_ACCEPT_BITS = tuple(sum(1 << c for c in accepts) for accepts in _ACCEPTS)
_ALL_MONTHS = (1 << len(MONTHS)) - 1
#: The cards a match may take from the Community Eight: neither Month cards nor Blue Moons.
_OPEN = sum(1 << c for c in DECK) & ~_kind_bits(MONTH) & ~MOON_BITS
#: Per card: the other copies of its type (for a Quarter II, the other two).
_COPIES = tuple(sum(1 << d for d in DECK if _TYPE[d] == _TYPE[c] and d != c) for c in DECK)
#: Per card, in half points: what a card that needs company to be matched (a Weather or
#: a Cusp card) loses.
_ALONE = tuple(4 if _KIND[c] is WEATHER or _KIND[c] is CUSP else 0 for c in DECK)
#: Per mask of Month cards in hand: each of them with the nothing it holds yet.
_UNLAID: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((m, 0, 0) for m in MONTHS if mask >> m & 1) for mask in range(_ALL_MONTHS + 1))
#: Per card: the place it fills on the month it is on (see :func:`_shape`).
_SHAPE = tuple({QUARTER: 1, DAYS: 2, SEASON: 4, CUSP: 8}.get(_KIND[c], 0) for c in DECK)


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
    spots = [spot(month, tuple(cards)) for month, cards in board]
    table = community_mask(community)
    held = card_mask(hand)
    return _worth(card, held, spots, card_mask(unseen), table if held & MOON_BITS else 0) / 2


def card_mask(cards: Iterable[int]) -> int:
    """``cards`` as a bit mask (bit ``c`` for card ``c``)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def community_mask(community: Iterable[int | None]) -> int:
    """The cards of the Community Eight (its empty places ``None`` or ``EMPTY``), as a
    bit mask."""
    return card_mask(c for c in community if c is not None and c != EMPTY)


def _worth(card: int, held: int, spots: Collection[Spot], unseen: int, reach: int) -> int:
    """:func:`card_worth` in half points, from bit masks: ``held`` the hand, ``spots`` the
    months on the board (with the cards each still takes), ``unseen`` the months not in
    sight and ``reach`` what a Blue Moon in hand may fetch (the Community Eight, or
    nothing with no Moon in hand)."""
    kind = _KIND[card]
    if kind is BLUE_MOON:
        return 200
    if kind is MONTH:
        return 100 + 10 * (_ACCEPT_BITS[card] & held).bit_count()
    fits = _FITS[card]
    # Months in hand it joins (10 each), unseen ones it might (2.5 each: the deck is
    # big), Community Eight ones a Blue Moon could fetch (1.5); an umbrella: each
    # other card of its very type adds little (−3); a Weather or Cusp card needs
    # company to be matched (−2).
    value = (20 * (fits & held).bit_count() + 5 * (fits & unseen).bit_count()
             + 3 * (fits & reach).bit_count()
             - 6 * (held & _COPIES[card]).bit_count() - _ALONE[card])
    for _, _, room in spots:  # months on the board with room for it (12 each)
        if room >> card & 1:
            value += 24
    return value


def _least(hand: Sequence[AnnoCard], held: int, spots: Collection[Spot], unseen: int,
           table: int) -> AnnoCard:
    """The card of ``hand`` least worth keeping (of two worth the same, the higher)."""
    reach = table if held & MOON_BITS else 0
    least, low = -1, 0
    for card in hand:
        value = _worth(card, held, spots, unseen, reach)
        if least < 0 or value < low or value == low and card > least:
            least, low = card, value
    return _CARD[least]


#: A month on a board as the rule of thumb reads it: the Month card, its shape (what
#: it holds, see :func:`_shape`) and its room (see :func:`_room`).
Spot = tuple[int, int, int]


@lru_cache(maxsize=1 << 14)  # a board changes far less often than it is read
def spot(month: int, cards: tuple[int, ...]) -> Spot:
    """``month`` holding ``cards``, as the rule of thumb reads it."""
    return month, _shape(cards), _room(month, cards)


def _shape(cards: Iterable[int]) -> int:
    """What of a month's places ``cards`` fill, all that :func:`_biggest` needs of them:
    bit 0 a Quarter, 1 Days, 2 a Season, 3 a Cusp card; bits 4–5 the Zodiacs."""
    shape = zodiacs = 0
    for card in cards:
        shape |= _SHAPE[card]
        zodiacs += _KIND[card] is ZODIAC
    return shape | zodiacs << 4


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


@dataclass(frozen=True, slots=True)
class SeatView:
    """What the rule of thumb looks at, all of it known to its seat: built from an
    observation (the bots) or from a state for that seat.  The masks (bit ``c`` for card
    ``c``) say at once what a look through the cards would.  (The search's play-outs
    keep the masks themselves, move by move, and build a view only when a Blue Moon is
    to be weighed.)"""

    hand: Sequence[AnnoCard]
    board: Sequence[tuple[AnnoCard, tuple[AnnoCard, ...]]]  # its own, in the order laid
    boards: Sequence[Sequence[tuple[AnnoCard, tuple[AnnoCard, ...]]]]  # everyone's
    community: Sequence[int]  # per place: its card, or ``EMPTY``
    exchanged: bool
    matched: bool
    declared: AnnoCard | None
    held: int   # the hand
    table: int  # the Community Eight
    seen: int   # the other Month cards in its sight: on the boards, burned by it, declared
    spots: Sequence[Spot]  # its board as the rule of thumb reads it, in the order laid

    @classmethod
    def of(cls, obs: AnnoObservation) -> SeatView:
        """The view of ``obs``; a declaration taken back this turn leaves no match to make,
        as a match made does."""
        return cls.seeing(obs.hand, obs.boards[obs.seat], obs.boards,
                          [EMPTY if c is None else c for c in obs.community], obs.own_burned,
                          obs.exchanged, obs.matched or obs.withdrawn is not None, obs.declared)

    @classmethod
    def seeing(cls, hand: Sequence[AnnoCard],
               board: Sequence[tuple[AnnoCard, tuple[AnnoCard, ...]]],
               boards: Sequence[Sequence[tuple[AnnoCard, tuple[AnnoCard, ...]]]],
               community: Sequence[int], burned: Iterable[int], exchanged: bool,
               matched: bool, declared: AnnoCard | None) -> SeatView:
        """A view of these cards, its masks worked out."""
        seen = month_mask(burned)
        for b in boards:
            for m, _ in b:
                seen |= 1 << m
        if declared is not None:
            seen |= MONTH_BIT[declared]
        return cls(hand, board, boards, community, exchanged, matched, declared, card_mask(hand),
                   community_mask(community), seen,
                   [spot(m, cards) for m, cards in board])

    def unseen(self) -> list[int]:
        """Months not in sight: in other hands, the deck or the burn pile."""
        unseen = _unseen(self.held, self.table, self.seen)
        return [m for m in MONTHS if unseen >> m & 1]


def _unseen(held: int, table: int, seen: int) -> int:
    """The Month cards out of sight of a seat holding ``held``, looking at ``table`` and
    having seen ``seen``, as a bit mask (bit ``m`` for Month card ``m``)."""
    return _ALL_MONTHS & ~(held | table | seen)


def month_mask(cards: Iterable[int]) -> int:
    """The Month cards among ``cards``, as a bit mask."""
    mask = 0
    for c in cards:
        mask |= MONTH_BIT[c]
    return mask


def policy(observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """Pick a sensible move using only the observation: a complete move (see
    :func:`decide`), or the next step of a declaration under way (:func:`carry_on`)."""
    assert isinstance(observation, AnnoObservation)
    if observation.declared is not None:
        return carry_on(observation)
    return decide(SeatView.of(observation))


def decide(view: SeatView) -> Action:
    """The rule of thumb, with no declaration under way (that is :func:`carry_on`'s):
    fetch a usable Month with a Blue Moon; else make the match that swings most; else
    burn the card least worth keeping."""
    if view.declared is not None:
        raise ValueError("a declaration under way is carried on by carry_on")
    if not view.matched and not view.exchanged and view.held & MOON_BITS:
        exchange = _exchange(view)
        if exchange is not None:
            return exchange
    return match_or_burn(view.hand, view.held, view.table, view.seen, view.spots, view.matched)


def carry_on(obs: AnnoObservation) -> Action:
    """The next step of the declaration under way in ``obs`` (its own seat's), towards
    the match to the declared month that takes the fewest staged cards back (none when
    the staged cards can still become a match: the rest then comes from the same
    source) and, of those, the best as :func:`match_or_burn` weighs them: the biggest
    swing, then the fewer cards.  Each step keeps that match the one aimed at.  The
    declaration is taken back only when no match to the month can be made at all."""
    month = obs.declared
    assert month is not None
    board = () if obs.declared_new else obs.month_cards(obs.seat, month)
    staged = obs.staged
    hand = [c for c in obs.hand if c != month]
    common = [c for c in obs.community if c is not None and _OPEN >> c & 1]
    from_community = bool(staged) and obs.staged_from_community
    laid = obs.declared_new
    # The hand as the turn's match began: the staged cards and a laid month were in it.
    held = len(obs.hand) + (0 if from_community else len(staged)) + (1 if laid else 0)
    # Every match in reach: staged cards taken back return to where they came from.
    in_hand = legal_matches(month, board, hand if from_community else [*hand, *staged])
    in_common = legal_matches(month, board, [*common, *staged] if from_community else common)
    options = [(sum(1 for c in staged if c not in m),
                -swing(len(m) if from_hand else 0, 0 if from_hand else len(m), laid, held),
                len(m), m)
               for matches, from_hand in ((in_hand, True), (in_common, False)) for m in matches]
    if not options:
        return Withdraw()
    target = min(options)[3]
    extra = [c for c in staged if c not in target]
    if extra:
        return Unstage(extra[0])
    missing = [c for c in target if c not in staged]
    if missing:
        return Stage(missing[0])
    return Commit()


def match_or_burn(hand: Sequence[AnnoCard], held: int, table: int, seen: int,
                  spots: Collection[Spot], matched: bool) -> Match | Burn:
    """The rule of thumb past the Blue Moon: the match that swings most (unless the seat
    has matched this turn), else the burn of the card least worth keeping.  The seat's
    sight comes as a :class:`SeatView`'s fields: play-outs, which need no exchange most
    moves, call it straight and build no view."""
    if not matched:
        # The match that swings most; of two that swing the same, the one of fewer
        # cards, then the later month: ranked as one number, swing × 1024 − cards × 16
        # + month (a swing is a multiple of 5, a match has at most 8 cards).
        best_rank, best_month = -1.0, 0
        best_cards: tuple[AnnoCard, ...] = ()
        count = len(hand)
        common = table & _OPEN
        # The months on the board, then those in hand (no Month accepts a Month card,
        # so a Month in hand may look through all of the hand).  The two sources are
        # written out one after the other, not looped over: this runs for every move
        # of every play-out.
        for months, laid in ((spots, False), (_UNLAID[held & _ALL_MONTHS], True)):
            for month, shape, _ in months:
                accepts = _ACCEPT_BITS[month]
                fitting = held & accepts  # all from hand...
                if fitting:
                    found = _biggest(month, shape, fitting)
                    if found:
                        size = len(found)
                        rank = swing(size, 0, laid, count) * 1024 - size * 16 + month
                        if rank > best_rank:
                            best_rank, best_month, best_cards = rank, month, found
                fitting = common & accepts  # ...or all from the Community Eight
                if fitting:
                    found = _biggest(month, shape, fitting)
                    if found:
                        size = len(found)
                        rank = swing(0, size, laid, count) * 1024 - size * 16 + month
                        if rank > best_rank:
                            best_rank, best_month, best_cards = rank, month, found
        if best_cards:
            return Match(_CARD[best_month], best_cards)
    return Burn(_least(hand, held, spots, _unseen(held, table, seen), table))


def biggest_match(month: int, board: Sequence[int], source: Sequence[int],
                  ) -> tuple[AnnoCard, ...]:
    """A legal match of the most cards from ``source`` to ``month`` (empty if none): the
    fullest choice for each place, or the biggest other when that makes exactly two.

    It depends only on the month, what the month holds and the cards of ``source`` the
    month accepts, and play-outs ask the same question again and again, so the answers
    are kept (:func:`_biggest`)."""
    fitting = card_mask(source) & _ACCEPT_BITS[month]
    return _biggest(month, _shape(board), fitting) if fitting else ()


#: Per Month card: the Season cards of its own season (index: the Month card).
_NATURAL = tuple(sum(1 << c for c in DECK if _KIND[c] is SEASON
                     and _CARDS[c].value == month_info(m).season) for m in MONTHS)
#: Per Month card, per Weather card: the Season cards the Weather turns the month's
#: season into (0 for other cards).
_TURNED = tuple(tuple(sum(1 << s for s in DECK if _KIND[s] is SEASON and _KIND[w] is WEATHER
                          and converts(_CARDS[w].value, month_info(m).season) == _CARDS[s].value)
                      for w in DECK) for m in MONTHS)


#: February's Month card (it takes both its Days cards).
_FEBRUARY = next(m for m in MONTHS if month_info(m).index == 1)


def _low(bits: int) -> int:
    """The lowest card of a (non-empty) bit mask."""
    return (bits & -bits).bit_length() - 1


@lru_cache(maxsize=1 << 16)
def _biggest(month: int, shape: int, bits: int) -> tuple[AnnoCard, ...]:
    """:func:`biggest_match`, worked out (``shape``: what the month holds, see
    :func:`_shape`; ``bits``: the cards of the source ``month`` accepts, as a bit mask).
    Each place takes its lowest card that fits."""
    february = month == _FEBRUARY
    has_quarter, has_days, has_season, cusped = shape & 1, shape & 2, shape & 4, shape & 8
    zodiacs_had = shape >> 4
    chosen = 0
    quarters = bits & _QUARTERS
    if quarters and not has_quarter:
        chosen |= quarters & -quarters
    days = bits & _DAYS
    if february:
        chosen |= days
    elif days and not has_days:
        chosen |= days & -days
    seasons = bits & _SEASONS
    if seasons and not has_season:
        # A Season with a Weather card that turns the month's season into it...
        turned = [(_TURNED[month][w], w) for w in _cards(bits & _WEATHERS)]
        paired = 0
        for into, _ in turned:
            paired |= into
        paired &= seasons
        if paired:
            season = paired & -paired
            chosen |= season | 1 << next(w for into, w in turned if into & season)
        else:  # ...or else one of the month's own season
            natural = seasons & _NATURAL[month]
            chosen |= natural & -natural
    zodiacs, cusps = bits & _ZODIACS, bits & _CUSPS
    if cusped:
        for _ in range(2 - zodiacs_had):
            chosen |= zodiacs & -zodiacs
            zodiacs &= zodiacs - 1
    elif zodiacs_had == 1 and cusps:
        chosen |= cusps & -cusps | zodiacs & -zodiacs
    elif zodiacs_had == 0:
        if cusps and zodiacs.bit_count() == 2:
            chosen |= cusps & -cusps | zodiacs
        elif zodiacs:
            chosen |= zodiacs & -zodiacs
    count = chosen.bit_count()
    if count == 2 or (count == 1 and chosen & _CUSPS):
        # Each place took all it could, so no match has more than two cards: the
        # match is one card alone, the first that may go alone.
        alone = bits & ((0 if has_quarter else _QUARTERS)
                        | (_DAYS if february or not has_days else 0)
                        | (0 if has_season else _NATURAL[month])
                        | (_ZODIACS if zodiacs_had == 0 or cusped else 0))
        return (_CARD[_low(alone)],) if alone else ()
    return tuple([_CARD[c] for c in _cards(chosen)])


def _cards(bits: int) -> list[int]:
    """The cards of a bit mask, lowest first."""
    cards = []
    while bits:
        low = bits & -bits
        cards.append(low.bit_length() - 1)
        bits ^= low
    return cards


def _exchange(view: SeatView) -> Exchange | None:
    """Take a Community Eight Month that cards in hand (or the Eight) can match; with
    only a Blue Moon left, take the card most useful to the others (never burn a Moon)."""
    if not view.held & MOON_BITS:
        return None
    moon = next(c for c in view.hand if _KIND[c] is BLUE_MOON)
    best: tuple[int, int] | None = None
    for place, card in enumerate(view.community):
        if card == EMPTY or _KIND[card] is not MONTH:
            continue
        accepts = _ACCEPT_BITS[card]
        worth = max((view.held & accepts).bit_count(), (view.table & accepts).bit_count())
        if worth and (best is None or worth > best[0]):
            best = (worth, place)
    if best is not None:
        return Exchange(moon, best[1])
    if len(view.hand) == 1:
        places = [p for p, c in enumerate(view.community)
                  if c != EMPTY and _KIND[c] is not BLUE_MOON]
        if places:
            return Exchange(moon, max(places, key=lambda p: _community_use(view, p)))
    return None


def _community_use(view: SeatView, place: int) -> int:
    card = view.community[place]
    assert card is not None
    return sum(1 for b in view.boards for m, cards in b
               if month_accepts(m, card) and conflict(m, cards, [card]) is None)
