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

from collections.abc import Sequence

from tabletop.bots.base import PolicyBot, RandomBot
from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anno import BOT_LEVELS
from tabletop.games.anno.actions import Burn, Exchange, Match, Withdraw
from tabletop.games.anno.cards import DECK, MONTHS, Kind, kind_of, month_accepts, month_info
from tabletop.games.anno.cards import CARDS as _CARDS
from tabletop.games.anno.matching import conflict
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
    kind = kind_of(card)
    if kind is Kind.BLUE_MOON:
        return 100.0
    if kind is Kind.MONTH:
        partners = sum(1 for c in hand if c != card and month_accepts(card, c))
        return 50.0 + 5 * partners
    value = 0.0
    # Months this card can join now: on my board with room, or in my hand.
    for month, cards in obs.boards[obs.seat]:
        if month_accepts(month, card) and conflict(month, cards, [card]) is None:
            value += 12.0
    for held in hand:
        if kind_of(held) is Kind.MONTH and month_accepts(held, card):
            value += 10.0
    # Months I might still get: unseen ones, a little each (the deck is big).
    if unseen is None:
        unseen = unseen_months(obs)
    value += 2.5 * sum(1 for m in unseen if month_accepts(m, card))
    # Community Eight months, for a Blue Moon I hold.
    if any(kind_of(c) is Kind.BLUE_MOON for c in hand):
        value += sum(1.5 for c in obs.community
                     if c is not None and kind_of(c) is Kind.MONTH and month_accepts(c, card))
    # An umbrella: a second card of the very same type adds little.
    same = sum(1 for c in hand if c != card and _CARDS[c] == _CARDS[card])
    value -= 3.0 * same
    if kind in (Kind.WEATHER, Kind.CUSP):
        value -= 2.0  # they need company to be matched
    return value


def match_value(obs: AnnoObservation, match: Match) -> float:
    """Points a match swings: 10 per card leaving the hand, 5 per Community Eight card."""
    hand = set(obs.hand)
    laid = match.month in hand
    from_hand = sum(1 for c in match.cards if c in hand)
    from_community = len(match.cards) - from_hand
    value = 10.0 * (from_hand + (1 if laid else 0)) + 5.0 * from_community
    left = len(obs.hand) - from_hand - (1 if laid else 0)
    if left == 0:
        value += 15.0  # the round ends with nothing in hand
    return value


def policy(observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """Pick a sensible complete move from ``legal`` using only the observation."""
    assert isinstance(observation, AnnoObservation)
    obs = observation
    if obs.declared is not None:
        return Withdraw()
    matches = [a for a in legal if isinstance(a, Match)]
    exchanges = [a for a in legal if isinstance(a, Exchange)]
    if exchanges:
        choice = _exchange(obs, exchanges)
        if choice is not None:
            return choice
    if matches:
        return max(matches, key=lambda m: (match_value(obs, m), -len(m.cards), m.month))
    burns = [a for a in legal if isinstance(a, Burn)]
    if burns:
        unseen = unseen_months(obs)
        return min(burns, key=lambda b: (keep_value(obs, b.card, obs.hand, unseen), -int(b.card)))
    return legal[0]


def _exchange(obs: AnnoObservation, exchanges: Sequence[Exchange]) -> Exchange | None:
    """Take a Community Eight Month that cards in hand (or the Eight) can match; late in
    the round, take the card most useful to the others even without a use for it."""
    best: tuple[float, Exchange] | None = None
    for exchange in exchanges:
        card = obs.community[exchange.position]
        assert card is not None
        if kind_of(card) is not Kind.MONTH:
            continue
        from_hand = sum(1 for c in obs.hand if month_accepts(card, c))
        from_community = sum(1 for c in obs.community
                             if c is not None and c != card and month_accepts(card, c))
        worth = max(from_hand, from_community)
        if worth and (best is None or worth > best[0]):
            best = (worth, exchange)
    if best is not None:
        return best[1]
    if len(obs.hand) == 1 and kind_of(obs.hand[0]) is Kind.BLUE_MOON:
        # The rulebook's advice: never burn a Blue Moon; take something others could use.
        return max(exchanges, key=lambda e: _community_use(obs, e.position))
    return None


def _community_use(obs: AnnoObservation, position: int) -> int:
    card = obs.community[position]
    assert card is not None
    return sum(1 for b in obs.boards for m, cards in b
               if month_accepts(m, card) and conflict(m, cards, [card]) is None)


def month_table() -> dict[int, list[int]]:
    """For the tutorial and tests: each month's accepting primary cards."""
    return {m: [c for c in DECK if kind_of(c) in (Kind.QUARTER, Kind.DAYS, Kind.SEASON, Kind.ZODIAC)
                and month_accepts(m, c) and (kind_of(c) is not Kind.SEASON
                                             or _CARDS[c].value == month_info(m).season)]
            for m in MONTHS}
