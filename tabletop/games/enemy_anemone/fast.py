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

from tabletop.engine.cards import rank_of, suit_of
from tabletop.engine.protocol import TERMINAL, Action
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.games.enemy_anemone.cards import BONUS_RANKS, EnemyAnemoneCard
from tabletop.engine.sampling import deal_with_constraints
from tabletop.games.enemy_anemone.anemones import AnemonePool
from tabletop.games.enemy_anemone.observation import EnemyAnemoneObservation
from tabletop.games.enemy_anemone.rules import (
    DRAW_PER_TRICK, EnemyAnemoneGame, EnemyAnemoneState, hand_end_awards, hidden_places,
    turn_order,
)

__all__ = ["DISCARD", "PLAY", "FastDeal", "FastHand", "cheapest"]

#: A card int's layout (as :func:`suit_of` and :func:`rank_of` read it), used inline.
_SHIFT = 5
_RANK = (1 << _SHIFT) - 1
#: Score-pile points of a card, by card int (1, or 2 for a 3, 5 or 8).
_POINTS = [2 if (c & _RANK) in BONUS_RANKS else 1 for c in range(1 << (_SHIFT + 3))]
#: Sort keys by card int, read with ``__getitem__`` (no Python call per card): the
#: rank, and the score-pile points then the rank.
_BY_RANK = [c & _RANK for c in range(len(_POINTS))].__getitem__
#: The actions on each card, made once (the search's tree keys its edges by them).
PLAY = [Play(EnemyAnemoneCard(c)) for c in range(len(_POINTS))]
DISCARD = [Discard(EnemyAnemoneCard(c)) for c in range(len(_POINTS))]
_BY_POINTS = [_POINTS[c] * 32 + (c & _RANK) for c in range(len(_POINTS))].__getitem__


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
        self.turn += 1
        if self.turn == len(self.order):
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
        self.piles[winner] += sum(_POINTS[c] for c in self.t_cards)
        self.pool.give_back(self.attached)
        if len(values) >= 2:
            self.pool.award(seats[low], 1)
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
        self.order = turn_order(winner, self.n)
        self.turn = 0
        self.armed = (0, 0)

    def _finish_hand(self) -> None:
        points = self.piles
        for seat in range(self.n):
            self.totals[seat] += points[seat]
        self.ended = True
        if self.hand_no + 1 >= self.hands_total:
            self.over = True
            return
        for seat, side in hand_end_awards(points, self.hand_leader):
            self.pool.award(seat, side)

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
            return playable[int(rng.random() * len(playable))], (0, 0)
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
            return playable[int(rng.random() * len(playable))], (0, 0)
        return min(playable, key=_BY_POINTS), (0, 0)

    def play_out(self, rng: Random) -> None:
        """Play the hand to its end as :meth:`quick_move` would, one move after another
        with :meth:`play` and :meth:`discard` (``test_fast.py`` plays both ways and
        checks that it is the very same game), but in one loop over local names: this is
        the search's innermost loop."""
        if self.over or self.ended:
            return
        random = rng.random
        hands, piles, deck, pool = self.hands, self.piles, self.deck, self.pool
        ones, twos = pool.ones, pool.twos
        points, by_rank, by_points = _POINTS, _BY_RANK, _BY_POINTS
        seats, cards, values = self.t_seats, self.t_cards, self.t_values
        order, turn, mask, attached = self.order, self.turn, self.mask, self.attached
        o, t = self.armed
        size = len(order)
        while True:
            seat = order[turn]
            hand = hands[seat]
            playable = [c for c in hand if not (mask >> (c >> _SHIFT)) & 1]
            if not playable:  # discard the card worth most in one's own pile
                card = max(hand, key=by_points)
                hand.remove(card)
                piles[seat] += points[card]
            else:
                if o or t:  # the card the readied anemones were meant for
                    card = max(playable, key=by_rank)
                elif not values:
                    if random() < 0.5:
                        card = max(playable, key=by_rank)
                    else:
                        card = playable[int(random() * len(playable))]
                else:
                    best = max(values)
                    last = turn == size - 1
                    winners = [c for c in playable if (c & _RANK) >= best]
                    if winners and (last or random() < 0.6):
                        card = min(winners, key=by_rank)
                    else:
                        card = -1
                        if last and len(values) >= 2:
                            top = max(playable, key=by_rank)
                            need = best - (top & _RANK)
                            if 0 < need <= ones[seat] + 2 * twos[seat]:
                                combo = cheapest(need, ones[seat], twos[seat])
                                if combo is not None:
                                    card = top
                                    o, t = combo
                        if card < 0:
                            if random() < 0.25:
                                card = playable[int(random() * len(playable))]
                            else:
                                card = min(playable, key=by_points)
                hand.remove(card)
                if o or t:
                    ones[seat] -= o
                    twos[seat] -= t
                    attached += o + t
                seats.append(seat)
                cards.append(card)
                values.append((card & _RANK) + o + 2 * t)
                o = t = 0
                mask |= 1 << (card >> _SHIFT)
            turn += 1
            if turn < size:
                continue
            # -- the trick is complete (as _finish_trick) --
            high = low = 0
            for i in range(1, len(values)):
                if values[i] >= values[high]:
                    high = i
                if values[i] <= values[low]:
                    low = i
            winner = seats[high]
            won = 0
            for c in cards:
                won += points[c]
            piles[winner] += won
            pool.supply += attached
            if len(values) >= 2:
                loser = seats[low]
                if ones[loser] > 0:
                    ones[loser] -= 1
                    twos[loser] += 1
                elif pool.supply > 0:
                    pool.supply -= 1
                    ones[loser] += 1
                else:
                    pool.award(loser, 1)
            seats.clear()
            cards.clear()
            values.clear()
            attached = mask = turn = 0
            if not deck and not any(hands):
                self.turn, self.mask, self.attached, self.armed = size, 0, 0, (0, 0)
                self._finish_hand()
                return
            if self.two_player and deck:
                for taker in (winner, 1 - winner):
                    drawn = deck[:DRAW_PER_TRICK]
                    del deck[:DRAW_PER_TRICK]
                    if drawn:
                        hands[taker] += drawn
                        hands[taker].sort()
            order = self.order = turn_order(winner, self.n)
            size = len(order)

    def tokens(self) -> int:
        """Tokens held, in the supply and on the trick (always nine)."""
        return self.pool.total_tokens() + self.attached


class FastDeal:
    """Deals a :class:`FastHand` again and again from one observation: what the seat
    knows is laid out once, and each deal only places the unseen cards (as
    :meth:`EnemyAnemoneState.sampled` does)."""

    def __init__(self, game: EnemyAnemoneGame, obs: EnemyAnemoneObservation) -> None:
        self.observation = obs
        self.template = FastHand.of(EnemyAnemoneState.sampled(game, obs, Random(0)))
        unknown, self.masks = hidden_places(game, obs)
        self.unknown = [int(c) for c in unknown]
        self.me = obs.seat
        #: Per other seat: its hand size and face-down discard count; known pile points.
        self.places = [(seat, obs.hand_sizes[seat], len(obs.discard_masks[seat]))
                       for seat in range(obs.players) if seat != obs.seat]
        self.known = [sum(_POINTS[c] for c in obs.won[seat]) for seat in range(obs.players)]

    def sample(self, rng: Random) -> FastHand:
        dealt = deal_with_constraints(self.unknown, self.masks, rng)
        fast = self.template.clone()
        at = 0
        for seat, size, discards in self.places:
            fast.hands[seat] = sorted(dealt[at:at + size])
            at += size
            fast.piles[seat] = self.known[seat] + sum(_POINTS[c] for c in dealt[at:at + discards])
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


assert all(suit_of(c) == c >> _SHIFT and rank_of(c) == c & _RANK for c in (0, 37, 170))
