"""The search's own Enemy Anemone: the rest of one hand, kept as plain numbers.

The search never looks past the hand in play (its horizon), and what it needs of a
hand is small: each seat's cards, the points in each score pile (not the cards),
the anemones, the trick on the table and, at two players, the draw deck.  A
:class:`FastHand` holds just that in lists of ints and plays the rules of
:mod:`.rules` for it — playing, readying anemones, discarding, deciding a trick,
drawing, scoring the hand and its anemones — without events, history or checks.
Rollouts run inside it (:meth:`FastHand.play_out`) without making an action per
move.  ``tests/games/enemy_anemone/test_fast.py`` plays it against the full rules.
"""

from __future__ import annotations

from random import Random

from tabletop.engine.cards import RANK_BITS, RANK_MASK
from tabletop.engine.protocol import TERMINAL, Action
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.games.enemy_anemone.cards import BONUS_RANKS, EnemyAnemoneCard
from tabletop.engine.sampling import ConstrainedDeal
from tabletop.games.enemy_anemone.anemones import TOKENS, AnemonePool
from tabletop.games.enemy_anemone.observation import EnemyAnemoneObservation
from tabletop.games.enemy_anemone.rules import (
    DRAW_PER_TRICK, EnemyAnemoneState, hand_end_awards, turn_order,
)
from tabletop.games.enemy_anemone.game import EnemyAnemoneGame
from tabletop.games.enemy_anemone.sampling import hidden_places, sample_deal

__all__ = ["ARM", "CHEAPEST", "DISCARD", "PLAY", "FastDeal", "FastHand", "cheapest"]

#: A card int's layout (``suit << RANK_BITS | rank``), used inline.
_SHIFT, _RANK = RANK_BITS, RANK_MASK
#: Score-pile points of a card, by card int (1, or 2 for a 3, 5 or 8).
_POINTS = [2 if (c & _RANK) in BONUS_RANKS else 1 for c in range(1 << (_SHIFT + 3))]
#: The quick policy ranks cards by rank, then suit: a card's place in that order is
#: its bit in a hand held as one int (bit ``rank * 8 + suit``), which lets the play-out
#: find the highest, the lowest and the cheapest card of a hand in one step each.
_BIT = [(c & _RANK) << 3 | c >> _SHIFT for c in range(len(_POINTS))]
#: A card's bit in a hand held as one int, by card int, read with ``__getitem__``.
_HELD = [1 << bit for bit in _BIT].__getitem__
#: Score-pile points by hand bit (the rank is ``bit >> 3``).
_BIT_POINTS = [2 if bit >> 3 in BONUS_RANKS else 1 for bit in range(1 << 8)]
#: Sort keys by card int, read with ``__getitem__`` (no Python call per card): the
#: rank (then the suit), and the score-pile points then the rank (then the suit).
_BY_RANK = _BIT.__getitem__
_BY_POINTS = [_POINTS[c] << 8 | _BIT[c] for c in range(len(_POINTS))].__getitem__
#: Per set of suits in a trick (a bit mask), the hand bits of the cards of other suits.
_ALLOWED = [sum(1 << bit for c, bit in enumerate(_BIT) if not (mask >> (c >> _SHIFT)) & 1)
            for mask in range(1 << 8)]
#: The hand bits of the cards worth two points in a score pile, and of the others.
_TWO_POINTS = sum(1 << bit for c, bit in enumerate(_BIT) if _POINTS[c] == 2)
_ONE_POINT = sum(1 << bit for c, bit in enumerate(_BIT) if _POINTS[c] == 1)
#: The actions on each card, made once (the search's tree keys its edges by them).
PLAY = [Play(EnemyAnemoneCard(c)) for c in range(len(_POINTS))]
DISCARD = [Discard(EnemyAnemoneCard(c)) for c in range(len(_POINTS))]


class FastHand:
    """The rest of a hand of Enemy Anemone, for search (see the module docstring)."""

    __slots__ = (
        "n", "hands", "deck", "piles", "pool", "t_seats", "t_cards",
        "t_values", "attached", "mask", "order", "turn", "armed", "totals", "hand_no",
        "hands_total", "hand_leader", "over", "ended", "two_player",
    )

    n: int
    hands: list[list[int]]
    deck: list[int]
    piles: list[int]          # points in each score pile this hand
    pool: AnemonePool
    t_seats: list[int]        # the trick: who played, what, at what value
    t_cards: list[int]
    t_values: list[int]
    attached: int             # anemone tokens on the trick's cards
    mask: int                 # suits in the trick
    order: list[int]
    turn: int
    armed: tuple[int, int]
    totals: list[int]
    hand_no: int
    hands_total: int
    hand_leader: int
    over: bool
    ended: bool               # the hand is scored (the search's horizon)
    two_player: bool

    @classmethod
    def of(cls, state: EnemyAnemoneState) -> FastHand:
        """The hand in play of a full state (dealt, not over)."""
        fast = cls.__new__(cls)
        n = state.n
        fast.n = n
        fast.hands = [list(map(int, h)) for h in state.hands]
        fast.deck = list(map(int, state.deck))
        fast.piles = state.hand_scores()
        fast.pool = state.pool.clone()
        fast.t_seats = [p.seat for p in state.trick]
        fast.t_cards = [int(p.card) for p in state.trick]
        fast.t_values = [p.value for p in state.trick]
        fast.attached = sum(p.ones + p.twos for p in state.trick)
        fast.mask = state.trick_mask
        fast.order = list(state.order)
        fast.turn = state.turn
        fast.armed = state.armed
        fast.totals = state.totals[:]
        fast.hand_no = state.hand_no
        fast.hands_total = state.game.hands
        fast.hand_leader = state.hand_leader
        fast.over = state.over
        fast.ended = False
        fast.two_player = n == 2
        return fast

    def clone(self) -> FastHand:
        twin = FastHand.__new__(FastHand)
        twin.n = self.n
        twin.hands = [h[:] for h in self.hands]
        twin.deck = self.deck[:]
        twin.piles = self.piles[:]
        twin.pool = self.pool.clone()
        twin.t_seats = self.t_seats[:]
        twin.t_cards = self.t_cards[:]
        twin.t_values = self.t_values[:]
        twin.attached = self.attached
        twin.mask = self.mask
        twin.order = self.order[:]
        twin.turn = self.turn
        twin.armed = self.armed
        twin.totals = self.totals[:]
        twin.hand_no = self.hand_no
        twin.hands_total = self.hands_total
        twin.hand_leader = self.hand_leader
        twin.over = self.over
        twin.ended = self.ended
        twin.two_player = self.two_player
        return twin

    # -- the protocol the search uses ------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over or self.ended:
            return TERMINAL
        return self.order[self.turn]

    @property
    def is_over(self) -> bool:
        return self.over or self.ended

    def playable(self, seat: int) -> list[int]:
        mask = self.mask
        return [c for c in self.hands[seat] if not (mask >> (c >> _SHIFT)) & 1]

    def apply_unchecked(self, action: Action, seat: int) -> None:
        kind = type(action)
        if kind is Play:
            self.play(seat, int(action.card))  # type: ignore[attr-defined]
        elif kind is Arm:
            self.armed = (action.ones, action.twos)  # type: ignore[attr-defined]
        elif kind is Discard:
            self.discard(seat, int(action.card))  # type: ignore[attr-defined]
        else:
            raise ValueError(f"{action!r} is not a move within a hand")

    def legal(self, seat: int) -> list[Action]:
        """The legal moves, listed as the full rules list them: what the search may do
        here is :meth:`EnemyAnemoneHints.candidates`; this is the check that the two
        states agree (``test_fast.py``)."""
        playable = self.playable(seat)
        if not playable:
            return [DISCARD[c] for c in self.hands[seat]]
        actions: list[Action] = [PLAY[c] for c in playable]
        ones, twos = self.pool.ones[seat], self.pool.twos[seat]
        actions += [Arm(i, j) for i in range(ones + 1) for j in range(twos + 1)
                    if (i, j) != self.armed]
        return actions

    # -- moves -------------------------------------------------------------------
    def play(self, seat: int, card: int) -> None:
        ones, twos = self.armed
        self.hands[seat].remove(card)
        if ones or twos:
            self.pool.attach(seat, ones, twos)
            self.attached += ones + twos
            self.armed = (0, 0)
        self.t_seats.append(seat)
        self.t_cards.append(card)
        self.t_values.append((card & _RANK) + ones + 2 * twos)
        self.mask |= 1 << (card >> _SHIFT)
        turn = self.turn = self.turn + 1
        if turn == len(self.order):
            self._finish_trick()

    def discard(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.piles[seat] += _POINTS[card]
        self.turn += 1
        if self.turn == len(self.order):
            self._finish_trick()

    def _finish_trick(self) -> None:
        values = self.t_values
        seats = self.t_seats
        high = low = 0
        for i in range(1, len(values)):
            if values[i] >= values[high]:  # ties go to the later card
                high = i
            if values[i] <= values[low]:
                low = i
        winner = seats[high]
        self.piles[winner] += sum(map(_POINTS.__getitem__, self.t_cards))
        self.pool.give_back(self.attached)
        if len(values) >= 2:
            self.pool.give(seats[low], 1)
        self.t_seats = []
        self.t_cards = []
        self.t_values = []
        self.attached = 0
        self.mask = 0
        if not self.deck and not any(self.hands):
            self._finish_hand()
            return
        if self.two_player and self.deck:
            for seat in (winner, 1 - winner):
                drawn = self.deck[:DRAW_PER_TRICK]
                del self.deck[:DRAW_PER_TRICK]
                if drawn:
                    self.hands[seat] += drawn
                    self.hands[seat].sort()
        self.order = _ORDERS[self.n][winner]
        self.turn = 0
        self.armed = (0, 0)

    def _finish_hand(self) -> None:
        points = self.piles
        self.totals = [total + p for total, p in zip(self.totals, points)]
        self.ended = True
        if self.hand_no + 1 >= self.hands_total:
            self.over = True
            return
        for seat, side in hand_end_awards(points, self.hand_leader):
            self.pool.give(seat, side)

    # -- results -----------------------------------------------------------------
    def value(self, seat: int) -> int:
        return self.pool.value(seat)

    def outcome(self) -> list[float]:
        """Win shares once the game is over (as :meth:`EnemyAnemoneState.outcome`)."""
        best = max(self.totals)
        tied = [s for s in range(self.n) if self.totals[s] == best]
        if len(tied) > 1:
            richest = max(self.value(s) for s in tied)
            tied = [s for s in tied if self.value(s) == richest]
        share = 1.0 / len(tied)
        return [share if s in tied else 0.0 for s in range(self.n)]

    # -- the rollout -------------------------------------------------------------
    def quick_move(self, seat: int, rng: Random) -> tuple[int, tuple[int, int]]:
        """The search's quick policy for ``seat`` (as :meth:`EnemyAnemoneHints.rollout`
        chose on the full state): the card, and the anemones to ready for it first
        (``(-1, -1)``: the card is discarded)."""
        hand = self.hands[seat]
        mask = self.mask
        playable = [c for c in hand if not (mask >> (c >> _SHIFT)) & 1]
        if not playable:
            return max(hand, key=_BY_POINTS), (-1, -1)
        if self.armed != (0, 0):
            return max(playable, key=_BY_RANK), self.armed
        values = self.t_values
        if not values:
            if rng.random() < 0.5:
                return max(playable, key=_BY_RANK), (0, 0)
            return sorted(playable, key=_BY_RANK)[int(rng.random() * len(playable))], (0, 0)
        best = max(values)
        last = self.turn == len(self.order) - 1
        winners = [c for c in playable if (c & _RANK) >= best]
        if winners and (last or rng.random() < 0.6):
            return min(winners, key=_BY_RANK), (0, 0)
        if last and len(values) >= 2:
            ones, twos = self.pool.ones[seat], self.pool.twos[seat]
            top = max(playable, key=_BY_RANK)
            need = best - (top & _RANK)
            if 0 < need <= ones + 2 * twos:
                combo = cheapest(need, ones, twos)
                if combo is not None:
                    return top, combo
        if rng.random() < 0.25:
            return sorted(playable, key=_BY_RANK)[int(rng.random() * len(playable))], (0, 0)
        return min(playable, key=_BY_POINTS), (0, 0)

    def play_out(self, rng: Random) -> None:
        """Play the hand to its end as :meth:`quick_move` would, one move after another
        with :meth:`play` and :meth:`discard` (``test_fast.py`` plays both ways and
        checks that it is the very same game), but in one loop over local names: each
        hand is one int of card bits (see ``_BIT``), and a trick is only what decides
        it — its highest and lowest values and who played them, how many cards and the
        points in them.  This is the search's innermost loop."""
        if self.over or self.ended:
            return
        random = rng.random
        allowed, points = _ALLOWED, _BIT_POINTS
        two_points, one_point = _TWO_POINTS, _ONE_POINT
        held = [sum(map(_HELD, hand)) for hand in self.hands]  # distinct bits: + is |
        deck = list(map(_BIT.__getitem__, self.deck))
        piles, pool = self.piles, self.pool
        ones, twos = pool.ones, pool.twos
        order, turn, mask, attached = self.order, self.turn, self.mask, self.attached
        two_player = self.two_player
        orders = _ORDERS[self.n]
        # The trick so far (ties go to the later card, high and low alike).
        values, seats = self.t_values, self.t_seats
        count = len(values)
        best = high = lowest = low = 0
        if values:
            best, lowest = max(values), min(values)
            high = seats[count - 1 - values[::-1].index(best)]
            low = seats[count - 1 - values[::-1].index(lowest)]
        won = sum(map(_POINTS.__getitem__, self.t_cards))
        self.t_seats, self.t_cards, self.t_values = [], [], []
        o, t = self.armed
        size = len(order)
        while True:
            seat = order[turn]
            hand = held[seat]
            playable = hand & allowed[mask]
            if not playable:  # discard the card worth most in one's own pile
                bit = (hand & two_points or hand).bit_length() - 1
                held[seat] = hand ^ (1 << bit)
                piles[seat] += 2 if hand & two_points else 1
            else:
                if o or t:  # the card the readied anemones were meant for
                    bit = playable.bit_length() - 1
                elif not count:
                    if random() < 0.5:
                        bit = playable.bit_length() - 1
                    else:
                        bits = playable
                        for _ in range(int(random() * playable.bit_count())):
                            bits &= bits - 1
                        bit = (bits & -bits).bit_length() - 1
                else:
                    last = turn == size - 1
                    winners = playable >> (best << 3)
                    if winners and (last or random() < 0.6):
                        bit = (winners & -winners).bit_length() - 1 + (best << 3)
                    else:
                        bit = -1
                        if last and count >= 2:
                            top = playable.bit_length() - 1
                            need = best - (top >> 3)
                            if 0 < need <= ones[seat] + 2 * twos[seat]:
                                combo = CHEAPEST[need][ones[seat]][twos[seat]]
                                if combo is not None:
                                    bit = top
                                    o, t = combo
                        if bit < 0:
                            if random() < 0.25:
                                bits = playable
                                for _ in range(int(random() * playable.bit_count())):
                                    bits &= bits - 1
                            else:
                                bits = playable & one_point or playable
                            bit = (bits & -bits).bit_length() - 1
                held[seat] = hand ^ (1 << bit)
                value = bit >> 3
                if o or t:
                    ones[seat] -= o
                    twos[seat] -= t
                    attached += o + t
                    value += o + 2 * t
                    o = t = 0
                if not count or value >= best:
                    best, high = value, seat
                if not count or value <= lowest:
                    lowest, low = value, seat
                count += 1
                won += points[bit]
                mask |= 1 << (bit & 7)
            turn += 1
            if turn < size:
                continue
            # -- the trick is complete (as _finish_trick) --
            piles[high] += won
            pool.supply += attached
            if count >= 2:
                if ones[low] > 0:
                    ones[low] -= 1
                    twos[low] += 1
                elif pool.supply > 0:
                    pool.supply -= 1
                    ones[low] += 1
                else:
                    pool.give(low, 1)
            winner = high
            count = won = best = attached = mask = turn = 0
            if not deck and not any(held):
                self.hands = [[] for _ in held]
                self.deck = []
                self.turn, self.mask, self.attached, self.armed = size, 0, 0, (0, 0)
                self._finish_hand()
                return
            if two_player and deck:
                for taker in (winner, 1 - winner):
                    for bit in deck[:DRAW_PER_TRICK]:
                        held[taker] |= 1 << bit
                    del deck[:DRAW_PER_TRICK]
            order = self.order = orders[winner]
            size = len(order)

    def tokens(self) -> int:
        """Tokens held, in the supply and on the trick (always nine)."""
        return self.pool.total_tokens() + self.attached


class FastDeal:
    """Deals a :class:`FastHand` again and again from one observation: what the seat
    knows is laid out once, and each deal only places the unseen cards (as
    :func:`~tabletop.games.enemy_anemone.sampling.sample_deal` does)."""

    def __init__(self, game: EnemyAnemoneGame, obs: EnemyAnemoneObservation) -> None:
        self.observation = obs
        self.template = FastHand.of(sample_deal(game, obs, Random(0)))
        unknown, self.masks = hidden_places(game, obs)
        self.deal = ConstrainedDeal([int(c) for c in unknown], self.masks)
        self.me = obs.seat
        #: Per other seat: its hand size and face-down discard count; known pile points.
        self.places = [(seat, obs.hand_sizes[seat], len(obs.discard_masks[seat]))
                       for seat in range(obs.players) if seat != obs.seat]
        self.known = [sum(_POINTS[c] for c in obs.won[seat]) for seat in range(obs.players)]

    def sample(self, rng: Random) -> FastHand:
        dealt = self.deal.deal(rng)
        fast = self.template.clone()
        at = 0
        hands, piles, known = fast.hands, fast.piles, self.known
        for seat, size, discards in self.places:
            hands[seat] = sorted(dealt[at:at + size])
            at += size
            if discards:
                piles[seat] = known[seat] + sum(map(_POINTS.__getitem__, dealt[at:at + discards]))
                at += discards
        fast.deck = dealt[at:]
        return fast


def cheapest(boost: int, ones: int, twos: int) -> tuple[int, int] | None:
    """The fewest tokens adding up to at least ``boost``; spend +2s before +1s (a +1
    can flip)."""
    options = []
    for t in range(twos + 1):
        o = max(0, boost - 2 * t)
        if o <= ones:
            options.append((o + t, o + 2 * t, -t, o, t))
    if not options:
        return None
    *_, o, t = min(options)
    return o, t


#: ``cheapest(boost, ones, twos)`` as ``CHEAPEST[boost][ones][twos]``, for every boost a
#: seat's anemones can reach (nine tokens in all).
CHEAPEST = [[[cheapest(boost, ones, twos) for twos in range(TOKENS + 1)]
             for ones in range(TOKENS + 1)] for boost in range(2 * TOKENS + 1)]
#: Readying ``ones`` and ``twos`` as ``ARM[ones][twos]``, made once.
ARM = [[Arm(ones, twos) for twos in range(TOKENS + 1)] for ones in range(TOKENS + 1)]
#: The turns of a trick by its leader, per player count (lists nobody changes).
_ORDERS = {n: [turn_order(leader, n) for leader in range(n)] for n in range(2, 7)}
