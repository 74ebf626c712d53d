"""Imagined deals for the search bot: the partner's hand and the draw pile, drawn
from what one player can see.

The table proves what the partner did *not* hold at certain moments: no card of a
colour they did not follow, and, for a card they showed with Healthy
Communication, no higher card of its colour (gem at the top), no lower one (at
the bottom) or no other one (in the middle) at the moment it was shown.  Cards
drawn later may break such a claim, so an imagined hand is judged by how the
partner could have come to hold it: each card they hold or have played was either
dealt to them or drawn before one of the Dates 2–5, one card per draw, never after
it was played (the Top card is always dealt).  A card the partner may not have
held at some moment must have arrived later; a shown card must have been there
when it was shown.  An imagined hand is possible when the partner's draws can be
matched to cards that way, every such late card among them.

Cards that no claim mentions are all alike, and so are the ones that could only
have been drawn at the same draws, so the possible hands are counted in groups and
one is drawn with every possible hand equally likely.

:func:`partner_limits` keeps the older summary of the same proofs as counts ("at
most ``n`` of these cards"): true, but not enough on its own to pick a hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import product
from math import comb
from typing import TYPE_CHECKING

from tabletop.engine.cards import suit_of
from tabletop.engine.protocol import NATURE
from tabletop.engine.rng import RandomSource, Rng
from tabletop.engine.sampling import quick_shuffle
from tabletop.games.anniversary.cards import DECK, TOP, AnniversaryCard
from tabletop.games.anniversary.gestures import mask_of, ruled_out
from tabletop.games.anniversary.observation import AnniversaryObservation, Phase

from tabletop.games.anniversary.rules import AnniversaryState

if TYPE_CHECKING:
    from tabletop.games.anniversary.game import AnniversaryGame

__all__ = ["HiddenDeal", "partner_claims", "partner_limits", "possible_hand", "sample_state"]

Limit = tuple[int, int]  # (mask of cards, how many of them the partner may hold)
Claim = tuple[int, int]  # (mask of cards, moment): the partner held none of them just before

#: Moments in the chapter are ``STEP * Date + step``: step 0 is the draws before that
#: Date, step 1 its Healthy Communication window, and step 2 + i its i-th card.
STEP = 10
HC_WINDOW = 1
FIRST_CARD = 2
NEVER = 1 << 30  # when a card still in hand leaves it


def partner_limits(obs: AnniversaryObservation) -> list[Limit]:
    """What the public record proves about the partner's hidden cards, as counts: each
    proof allows one card more for every later draw and one less for every card of
    it played since (true, but weaker than :func:`possible_hand`)."""
    p = obs.partner
    dates = _dates(obs)
    proofs: list[tuple[int, int, bool]] = []  # (mask, Date number, proven during that Date)
    for number, plays in dates:
        led = suit_of(plays[0][1])
        for seat, card in plays[1:]:
            if seat == p and suit_of(card) != led:
                proofs.append((_COLOUR_MASKS[led], number, True))
    for seat, card, gem, number in obs.shared:
        if seat == p:
            proofs.append((ruled_out(card, gem), number, False))
    limits = []
    for mask, number, during in proofs:
        draws = sum(1 for d in obs.draws_before if d > number)
        first_later = number + 1 if during else number
        used = sum(1 for n, plays in dates if n >= first_later
                   for seat, card in plays if seat == p and mask >> card & 1)
        limits.append((mask, max(0, draws - used)))
    return limits


def sample_state(game: AnniversaryGame, obs: AnniversaryObservation, rng: RandomSource) -> AnniversaryState:
    """A full :class:`AnniversaryState` agreeing with ``obs``."""
    if obs.current_player == NATURE:  # nothing dealt yet: nothing to hide
        return game.new_state(int(rng.random() * (1 << 53)))
    me, p = obs.seat, obs.partner
    partner, order = HiddenDeal(obs).deal(rng)
    state = AnniversaryState(game, Rng(int(rng.random() * (1 << 53))))
    for name in _open_fields():
        value = getattr(obs, name)
        setattr(state, name, list(value) if type(value) is tuple else value)
    state.hands[me] = sorted(obs.hand)
    state.hands[p] = partner
    state.aside = order
    state.dealt = True
    state.restored()  # what the record of Dates adds up to
    if obs.phase is Phase.SHARE:
        mover = obs.current_player
        state.queue = [mover]
        if mover == obs.leader and state.can_share(1 - mover):
            state.queue.append(1 - mover)
    return state


@lru_cache(maxsize=1)
def _open_fields() -> tuple[str, ...]:
    """The state's saved fields that the observation shows as they are (a list as a
    tuple); the draw pile it shows only as a count."""
    schema = AnniversaryState.SCHEMA
    assert schema is not None
    shown = {f.name for f in fields(AnniversaryObservation)}
    return tuple(name for name, kind in schema.fields.items()
                 if kind.saved and name in shown and name != "aside")


class HiddenDeal:
    """Deals what ``obs``'s seat cannot see, again and again: the partner's hand (the
    cards everyone can name, and hidden ones drawn as the record allows, every possible
    hand equally likely) and the order of the draw pile."""

    __slots__ = ("known", "hidden", "need", "plan")

    def __init__(self, obs: AnniversaryObservation) -> None:
        played = obs.played()
        self.known = sorted(_known(obs))
        self.hidden = [c for c in DECK
                       if c not in played and c not in self.known and c not in obs.hand]
        self.need = obs.hand_sizes[obs.partner] - len(self.known)
        #: Nothing proven about the partner: any cards will do.
        self.plan = _plan(obs) if partner_claims(obs) else None

    def deal(self, rng: RandomSource) -> tuple[list[AnniversaryCard], list[AnniversaryCard]]:
        """(the partner's hand, sorted; the draw pile, drawn from its end)."""
        plan = self.plan
        if plan is None:  # one shuffle: the first cards to the partner, the rest the pile
            cards = self.hidden[:]
            quick_shuffle(cards, rng)
            need = self.need
            partner, rest = cards[:need], cards[need:]
        else:
            partner = plan.draw(rng)
            taken = set(partner)
            rest = [c for c in self.hidden if c not in taken]
            quick_shuffle(rest, rng)
        partner += self.known
        partner.sort()
        return partner, rest


def partner_claims(obs: AnniversaryObservation) -> list[Claim]:
    """Everything the table proves the partner did not hold, and when: a colour they
    did not follow, the cards a gem rules out at the moment the card was shown."""
    p = obs.partner
    claims: list[Claim] = []
    for number, plays in _dates(obs):
        led = suit_of(plays[0][1])
        for i, (seat, card) in enumerate(plays):
            if i and seat == p and suit_of(card) != led:
                claims.append((_COLOUR_MASKS[led], STEP * number + FIRST_CARD + i))
    for seat, card, gem, number in obs.shared:
        if seat == p:
            claims.append((ruled_out(card, gem), STEP * number + HC_WINDOW))
    return claims


def possible_hand(obs: AnniversaryObservation, hand: Sequence[AnniversaryCard]) -> bool:
    """Whether the partner could hold exactly ``hand`` now, by the public record."""
    cards = set(hand)
    known = _known(obs)
    plan = _plan(obs)
    if plan is None or len(cards) != len(hand) or len(hand) != obs.hand_sizes[obs.partner]:
        return False
    hidden = cards - known
    if not known <= cards or not hidden <= set(plan.free).union(*plan.groups):
        return False
    counts = tuple(len(hidden.intersection(group)) for group in plan.groups)
    return any(counts == option for option, _ in plan.choices)


@dataclass(frozen=True, slots=True)
class _Arrival:
    """How one of the partner's cards could have reached their hand."""

    draws: int    # bit i: it could be the card of the partner's i-th draw
    dealt: bool   # it could have been dealt to them


@dataclass(frozen=True, slots=True)
class _History:
    """The partner's draws and what the table proves about their hand over time."""

    draws: tuple[int, ...]          # the moment of each of the partner's draws
    claims: tuple[Claim, ...]
    shown: dict[int, int]           # card -> the first moment it was shown
    played: tuple[_Arrival, ...]    # how each card the partner has played could have come

    @classmethod
    def of(cls, obs: AnniversaryObservation) -> _History:
        p = obs.partner
        shown: dict[int, int] = {}
        for seat, card, _, number in obs.shared:
            if seat == p:
                shown.setdefault(card, STEP * number + HC_WINDOW)
        draws = tuple(STEP * d for d in obs.draws_before)
        claims = tuple(partner_claims(obs))
        bare = cls(draws, claims, shown, ())
        played = tuple(bare.arrival(card, STEP * number + FIRST_CARD + i)
                       for number, plays in _dates(obs)
                       for i, (seat, card) in enumerate(plays) if seat == p)
        return cls(draws, claims, shown, played)

    def arrival(self, card: AnniversaryCard, gone: int) -> _Arrival:
        """When ``card``, held by the partner until the moment ``gone``, could have come."""
        if card == TOP:  # never among the cards set aside
            return _Arrival(0, True)
        # It was not there just before a claim's moment while the claim rules it out,
        # unless it had already gone; so it arrived after every such moment.
        after = max((m for mask, m in self.claims if mask >> card & 1 and gone >= m), default=-1)
        before = min(gone, self.shown.get(card, NEVER))
        bits = 0
        for i, m in enumerate(self.draws):
            if after < m < before:
                bits |= 1 << i
        return _Arrival(bits, after < 0)

    def fits(self, cards: Sequence[_Arrival], counts: Sequence[int]) -> bool:
        """Whether each draw can be given its own card of ``cards`` (``counts[i]`` alike
        copies of the i-th) so that every card that cannot have been dealt was drawn.

        Two matchings decide it (Mendelsohn–Dulmage): one that gives every draw a card
        and one that gives every late card a draw together make one that does both.
        """
        room = list(counts)
        n = len(self.draws)
        late = [a.draws for a, k in zip(cards, room) if not a.dealt for _ in range(k)]
        if len(late) > n:
            return False
        if not _matchable([[i for i in range(n) if bits >> i & 1] for bits in late], [1] * n):
            return False
        wants = [[j for j, a in enumerate(cards) if room[j] and a.draws >> i & 1] for i in range(n)]
        return _matchable(wants, room)


def _matchable(wants: Sequence[Sequence[int]], room: Sequence[int]) -> bool:
    """Whether every item can have a place of its own among those it ``wants``, place
    ``j`` taking at most ``room[j]`` items (augmenting paths)."""
    holders: list[list[int]] = [[] for _ in room]

    def place(item: int, seen: set[int]) -> bool:
        for j in wants[item]:
            if j in seen:
                continue
            seen.add(j)
            if len(holders[j]) < room[j]:
                holders[j].append(item)
                return True
            for k, other in enumerate(holders[j]):
                if place(other, seen):
                    holders[j][k] = item
                    return True
        return False

    return all(place(item, set()) for item in range(len(wants)))


@dataclass(frozen=True, slots=True)
class _Plan:
    """Every possible hidden hand of the partner, in groups of alike hands."""

    free: tuple[AnniversaryCard, ...]                     # cards no claim mentions
    groups: tuple[tuple[AnniversaryCard, ...], ...]       # cards that could come at the same draws
    choices: tuple[tuple[tuple[int, ...], int], ...]  # (how many of each group, hands)
    need: int
    total: int                                        # every possible hand, counted

    def draw(self, rng: RandomSource) -> list[AnniversaryCard]:
        pick = int(rng.random() * self.total)
        counts = self.choices[-1][0]
        for option, weight in self.choices:
            if pick < weight:
                counts = option
                break
            pick -= weight
        hand: list[AnniversaryCard] = []
        for group, k in zip(self.groups, counts):
            hand.extend(_pick(group, k, rng))
        hand.extend(_pick(self.free, self.need - len(hand), rng))
        return hand


@lru_cache(maxsize=16)
def _plan(obs: AnniversaryObservation) -> _Plan | None:
    """The partner's possible hidden hands for ``obs`` (None if the record allows none,
    which a consistent record never does)."""
    known = _known(obs)
    played = obs.played()
    hidden = [c for c in DECK if c not in played and c not in known and c not in obs.hand]
    need = obs.hand_sizes[obs.partner] - len(known)
    history = _History.of(obs)
    fixed = [history.arrival(c, NEVER) for c in sorted(known)] + list(history.played)
    free: list[AnniversaryCard] = []
    grouped: dict[int, list[AnniversaryCard]] = {}
    for card in hidden:
        arrival = history.arrival(card, NEVER)
        if arrival.dealt:
            free.append(card)
        elif arrival.draws:
            grouped.setdefault(arrival.draws, []).append(card)
    keys = sorted(grouped)
    n = len(history.draws)
    cards = fixed + [_Arrival(bits, False) for bits in keys] + [_Arrival((1 << n) - 1, True)]
    choices = []
    for counts in product(*(range(min(len(grouped[k]), n) + 1) for k in keys)):
        late = sum(counts)
        if late > need or need - late > len(free):
            continue
        if not history.fits(cards, [1] * len(fixed) + list(counts) + [need - late]):
            continue
        weight = comb(len(free), need - late)
        for k, count in zip(keys, counts):
            weight *= comb(len(grouped[k]), count)
        choices.append((counts, weight))
    if not choices:
        return None
    return _Plan(tuple(free), tuple(tuple(grouped[k]) for k in keys), tuple(choices), need,
                 sum(weight for _, weight in choices))


def _pick(pool: Sequence[AnniversaryCard], need: int, rng: RandomSource) -> list[AnniversaryCard]:
    """``need`` cards of ``pool``, every choice equally likely (with a
    :class:`random.Random`, on its C-speed floats, as :func:`quick_shuffle`)."""
    cards = list(pool)
    n = len(cards)
    if type(rng) is random.Random:
        uniform = rng.random
        for i in range(need):
            j = i + int(uniform() * (n - i))
            cards[i], cards[j] = cards[j], cards[i]
    else:
        for i in range(need):
            j = i + rng.randrange(n - i)
            cards[i], cards[j] = cards[j], cards[i]
    return cards[:need]


def _known(obs: AnniversaryObservation) -> set[AnniversaryCard]:
    """The partner's cards everyone can name: shown ones, and the Top card of the top."""
    p = obs.partner
    known = {c for c, _ in obs.shown(p)}
    if obs.top == p and TOP not in obs.played():
        known.add(TOP)
    if obs.picked is not None and obs.current_player == p:
        known.add(obs.picked)  # on the gem spot, for both to see
    return known


def _dates(obs: AnniversaryObservation) -> list[tuple[int, tuple[tuple[int, AnniversaryCard], ...]]]:
    """Every Date with cards on the table so far: (its number, its plays)."""
    dates = [(i + 1, d.plays) for i, d in enumerate(obs.history)]
    if obs.plays:
        dates.append((obs.date, obs.plays))
    return dates


_COLOUR_MASKS = tuple(mask_of(c for c in DECK if suit_of(c) == colour) for colour in range(5))
