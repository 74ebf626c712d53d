"""Imagined deals for the search bot: the partner's hand and the draw pile, drawn
from what one player can see.

What the table proves about the partner's hand is kept as limits "at most ``n``
of these cards": not following a colour proves no card of it, a gem proves no
higher, lower or other card of its colour — each at the moment it happened.  Every
card the partner drew later may break such a limit once, and every card of the
set they played later used up one of those chances.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.engine.cards import rank_of, suit_of
from tabletop.engine.protocol import NATURE
from tabletop.engine.rng import RandomSource, Rng
from tabletop.games.anniversary.actions import Gem
from tabletop.games.anniversary.cards import DECK, TOP, LoveCard
from tabletop.games.anniversary.gestures import mask_of
from tabletop.games.anniversary.observation import LoveObservation, Phase

if TYPE_CHECKING:
    from tabletop.games.anniversary.rules import LoveGame, LoveState

__all__ = ["partner_limits", "sample_state"]

TRIES = 48
Limit = tuple[int, int]  # (mask of cards, how many of them the partner may hold)


def partner_limits(obs: LoveObservation) -> list[Limit]:
    """What the public record proves about the partner's hidden cards."""
    p = obs.partner
    dates = [(i + 1, d.plays) for i, d in enumerate(obs.history)]
    if obs.plays:
        dates.append((obs.date, obs.plays))
    proofs: list[tuple[int, int, bool]] = []  # (mask, Date number, proven during that Date)
    for number, plays in dates:
        led = suit_of(plays[0][1])
        for seat, card in plays[1:]:
            if seat == p and suit_of(card) != led:
                cards = [c for c in DECK if suit_of(c) == led]
                proofs.append((mask_of(cards), number, True))
    for seat, card, gem, number in obs.shared:
        if seat != p:
            continue
        same = [c for c in DECK if suit_of(c) == suit_of(card) and c != card]
        if gem is Gem.TOP:
            same = [c for c in same if rank_of(c) > rank_of(card)]
        elif gem is Gem.BOTTOM:
            same = [c for c in same if rank_of(c) < rank_of(card)]
        proofs.append((mask_of(same), number, False))
    limits = []
    for mask, number, during in proofs:
        draws = sum(1 for d in obs.draws_before if d > number)
        first_later = number + 1 if during else number
        used = sum(1 for n, plays in dates if n >= first_later
                   for seat, card in plays if seat == p and mask >> card & 1)
        limits.append((mask, max(0, draws - used)))
    return limits


def sample_state(game: LoveGame, obs: LoveObservation, rng: RandomSource) -> LoveState:
    """A full :class:`LoveState` agreeing with ``obs``."""
    from tabletop.games.anniversary.rules import LoveState
    if obs.current_player == NATURE:  # nothing dealt yet: nothing to hide
        return game.new_state(int(rng.random() * (1 << 53)))
    me, p = obs.seat, obs.partner
    played = obs.played()
    known = {c for c, _ in obs.shown(p)}
    if obs.picked is not None and obs.current_player == p:
        known.add(obs.picked)  # on the gem spot, for both to see
    if obs.top == p and TOP not in played:
        known.add(TOP)
    hidden = [c for c in DECK if c not in played and c not in known and c not in obs.hand]
    need = obs.hand_sizes[p] - len(known)
    limits = partner_limits(obs) if obs.history or obs.shared or obs.plays else []
    partner = _draw(hidden, need, limits, rng)
    rest = [c for c in hidden if c not in partner]
    order = list(rest)
    for i in range(len(order) - 1, 0, -1):
        j = rng.randrange(i + 1)
        order[i], order[j] = order[j], order[i]
    state = LoveState(game, Rng(int(rng.random() * (1 << 53))))
    state.hands[me] = sorted(obs.hand)
    state.hands[p] = sorted([*known, *partner])
    state.aside = order
    state.top = obs.top
    state.phase = obs.phase
    state.offer = list(obs.offer)
    state.drafter = obs.drafter
    state.passed = obs.passed
    state.gestures = list(obs.gestures)
    state.owners = list(obs.owners)
    state.settled = list(obs.settled)
    state.bounty = obs.bounty
    state.bounty_status = obs.bounty_status
    state.hc = list(obs.hc)
    state.hc_used = list(obs.hc_used)
    state.shared = list(obs.shared)
    state.date = obs.date
    state.leader = obs.leader
    state.plays = list(obs.plays)
    for record in obs.history:
        state.file_date(record)
    state.draws_before = list(obs.draws_before)
    state.result = obs.result
    state.dealt = obs.current_player != NATURE
    state.picked = obs.picked
    if obs.phase is Phase.SHARE:
        mover = obs.current_player
        state.queue = [mover]
        if mover == obs.leader and state.can_share(1 - mover):
            state.queue.append(1 - mover)
    return state


def _draw(pool: Sequence[LoveCard], need: int, limits: Sequence[Limit],
          rng: RandomSource) -> list[LoveCard]:
    """``need`` cards from ``pool`` within the limits: cards proven absent are left out
    outright; limits that allow a few are met by drawing again."""
    barred = 0
    for mask, allowed in limits:
        if allowed == 0:
            barred |= mask
    cards = [c for c in pool if not barred >> c & 1]
    if len(cards) < need:  # cannot happen in a consistent record; stay safe
        cards = list(pool)
    limits = [(mask, allowed) for mask, allowed in limits if allowed > 0]
    best: list[LoveCard] = []
    best_excess = -1
    for _ in range(TRIES if limits else 1):
        for i in range(need):
            j = i + rng.randrange(len(cards) - i)
            cards[i], cards[j] = cards[j], cards[i]
        hand = cards[:need]
        if not limits:
            return hand
        held = mask_of(hand)
        excess = sum(max(0, (held & mask).bit_count() - allowed) for mask, allowed in limits)
        if excess == 0:
            return hand
        if best_excess < 0 or excess < best_excess:
            best, best_excess = list(hand), excess
    return best


