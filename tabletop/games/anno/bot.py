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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabletop.bots.base import PolicyBot, RandomBot
from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anno import BOT_LEVELS
from tabletop.games.anno.actions import Burn, Exchange, Match, Withdraw
from tabletop.games.anno.cards import (
    ACCEPTS, MONTHS, AnnoCard, Kind, converts, kind_of, month_accepts, month_info,
)
from tabletop.games.anno.cards import CARDS as _CARDS
from tabletop.games.anno.matching import conflict, legal_matches
from tabletop.games.anno.observation import AnnoObservation

__all__ = ["BOT_LEVELS", "make_bot", "policy"]

COMPLETE = (Exchange, Match, Burn)


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
    seen = set(obs.hand) | set(obs.own_burned)
    seen.update(c for c in obs.community if c is not None)
    for b in obs.boards:
        seen.update(m for m, _ in b)
    if obs.declared is not None:
        seen.add(obs.declared)
    return [m for m in MONTHS if m not in seen]


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
    kind = kind_of(card)
    if kind is Kind.BLUE_MOON:
        return 100.0
    if kind is Kind.MONTH:
        partners = sum(1 for c in hand if c != card and month_accepts(card, c))
        return 50.0 + 5 * partners
    value = 0.0
    # Months this card can join now: on my board with room, or in my hand.
    for month, cards in board:
        if month_accepts(month, card) and conflict(month, cards, [card]) is None:
            value += 12.0
    for held in hand:
        if kind_of(held) is Kind.MONTH and month_accepts(held, card):
            value += 10.0
    # Months I might still get: unseen ones, a little each (the deck is big).
    value += 2.5 * sum(1 for m in unseen if month_accepts(m, card))
    # Community Eight months, for a Blue Moon I hold.
    if any(kind_of(c) is Kind.BLUE_MOON for c in hand):
        value += sum(1.5 for c in community
                     if c is not None and kind_of(c) is Kind.MONTH and month_accepts(c, card))
    # An umbrella: a second card of the very same type adds little.
    same = sum(1 for c in hand if c != card and _CARDS[c] == _CARDS[card])
    value -= 3.0 * same
    if kind in (Kind.WEATHER, Kind.CUSP):
        value -= 2.0  # they need company to be matched
    return value


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
    observation (the bots) or from a state for that seat (fast play-outs)."""

    hand: Sequence[AnnoCard]
    board: Sequence[tuple[AnnoCard, Sequence[AnnoCard]]]       # its own, in the order laid
    boards: Sequence[Sequence[tuple[AnnoCard, Sequence[AnnoCard]]]]  # everyone's
    community: Sequence[AnnoCard | None]
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
        seen: set[int] = set(self.hand) | set(self.burned)
        seen.update(c for c in self.community if c is not None)
        for board in self.boards:
            seen.update(m for m, _ in board)
        if self.declared is not None:
            seen.add(self.declared)
        return [m for m in MONTHS if m not in seen]


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
        best: tuple[tuple[float, int, int], Match] | None = None
        board = dict(view.board)
        open_community = [c for c in view.community if c is not None
                          and kind_of(c) is not Kind.MONTH and kind_of(c) is not Kind.BLUE_MOON]
        for month in (*board, *(c for c in hand if kind_of(c) is Kind.MONTH)):
            laid = month not in board
            cards = board.get(month, ())
            from_hand = [c for c in hand if c != month]
            for source, own in ((from_hand, True), (open_community, False)):
                found = biggest_match(month, cards, source)
                if not found:
                    continue
                value = swing(len(found) if own else 0, 0 if own else len(found), laid,
                              len(hand))
                key = (value, -len(found), int(month))
                if best is None or key > best[0]:
                    best = (key, Match(month, found))
        if best is not None:
            return best[1]
    unseen = view.unseen()
    return Burn(min(hand, key=lambda c: (card_worth(c, hand, view.board, view.community,
                                                    unseen), -int(c))))


def biggest_match(month: int, board: Sequence[int], source: Sequence[int],
                  ) -> tuple[AnnoCard, ...]:
    """A legal match of the most cards from ``source`` to ``month`` (empty if none): the
    fullest choice for each place, or the biggest other when that makes exactly two."""
    accepts = ACCEPTS[_CARDS[month].value]
    m = month_info(month)
    have: dict[Kind, int] = {}
    for card in board:
        kind = kind_of(card)
        have[kind] = have.get(kind, 0) + 1
    fits: dict[Kind, list[int]] = {}
    for card in sorted(source):
        if card in accepts:
            fits.setdefault(kind_of(card), []).append(card)
    chosen: list[int] = []
    if not have.get(Kind.QUARTER) and fits.get(Kind.QUARTER):
        chosen.append(fits[Kind.QUARTER][0])
    days = fits.get(Kind.DAYS, [])
    if m.index == 1:
        chosen += days
    elif not have.get(Kind.DAYS) and days:
        chosen.append(days[0])
    if not have.get(Kind.SEASON):
        seasons = fits.get(Kind.SEASON, [])
        pair = next(((s, w) for s in seasons for w in fits.get(Kind.WEATHER, [])
                     if converts(_CARDS[w].value, m.season) == _CARDS[s].value), None)
        if pair is not None:
            chosen += pair
        else:
            natural = next((s for s in seasons if _CARDS[s].value == m.season), None)
            if natural is not None:
                chosen.append(natural)
    zodiacs, cusps = fits.get(Kind.ZODIAC, []), fits.get(Kind.CUSP, [])
    had, cusped = have.get(Kind.ZODIAC, 0), bool(have.get(Kind.CUSP))
    if cusped:
        chosen += zodiacs[:2 - had]
    elif had == 1 and cusps:
        chosen += [cusps[0], *zodiacs[:1]]
    elif had == 0:
        if cusps and len(zodiacs) == 2:
            chosen += [cusps[0], *zodiacs]
        elif zodiacs:
            chosen.append(zodiacs[0])
    if len(chosen) == 2 or (len(chosen) == 1 and kind_of(chosen[0]) is Kind.CUSP):
        options = legal_matches(month, board, source)
        return max(options, key=len) if options else ()
    return tuple(AnnoCard(c) for c in sorted(chosen))


def _exchange(view: SeatView) -> Exchange | None:
    """Take a Community Eight Month that cards in hand (or the Eight) can match; with
    only a Blue Moon left, take the card most useful to the others (never burn a Moon)."""
    moon = next((c for c in view.hand if kind_of(c) is Kind.BLUE_MOON), None)
    if moon is None:
        return None
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
