"""Enemy Anemone: a trick-taking game in which you must NOT follow suit.

The rules as RULINGS.md fixes them, with the choices it leaves open:

* The first hand is led by a random player (from the seed); later hands by the
  highest scorer of the hand before (a tie: the tied player nearest clockwise
  from that hand's leader, that leader included).
* Attached anemones go back to the supply before the lowest card takes one, so a
  trick that used the last tokens can still pay its anemone.
* When several players are owed an anemone at the end of a hand they take them
  clockwise from the hand's leader; no anemones are given after the final hand.
* At six players the lowest scorers take a +2 each and the players with the next
  lowest score a +1 each.  A +2 is always a new token on its +2 side.
* Two-player variant: after each trick while the deck lasts, the winner (the next
  leader) draws two cards, then the other player draws two.

Each hand is dealt by a step of :data:`~tabletop.engine.protocol.NATURE`, so the
end of one hand and the deal of the next are separate moments.  A turn is one
step (play or discard) or two (ready anemones with ``Arm``, then play).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tabletop.engine.cards import rank_of, suit_of
from tabletop.engine.events import Dealt, GameOver, HandEnded, HandStarted, Scored, TrickWon
from tabletop.engine.protocol import NATURE, TERMINAL, Action, Deal, Event, GameState, Zone, ZoneKind
from tabletop.engine.rng import Rng
from tabletop.engine.schema import (
    Bool, Cards, Clone, Derived, Frozen, Int, Ints, ListOf, PerSeat, RngField, Shared, field,
)
from tabletop.engine.snapshot import integers
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play, TrickPlay
from tabletop.games.enemy_anemone.anemones import AnemonePool
from tabletop.games.enemy_anemone.cards import SUIT_NAMES, EnemyAnemoneCard, card_points
from tabletop.games.enemy_anemone.events import (
    AnemonesArmed, AnemonesReturned, CardDiscarded, CardPlayed, CardsDrawn, CardsGathered,
    LeadChosen, TrickDecided,
)
from tabletop.games.enemy_anemone.observation import EnemyAnemoneObservation, observe

if TYPE_CHECKING:
    from tabletop.games.enemy_anemone.game import EnemyAnemoneGame

__all__ = ["EnemyAnemoneState", "turn_order"]

DRAW_PER_TRICK: Final = 2
DECK = Zone(ZoneKind.DECK)
TRICK = Zone(ZoneKind.TRICK)


def turn_order(leader: int, players: int) -> list[int]:
    """The turns of a trick led by ``leader``: clockwise once round the table, or
    leader, other, leader, other in the two-player variant."""
    if players == 2:
        other = 1 - leader
        return [leader, other, leader, other]
    return [(leader + i) % players for i in range(players)]


def hand_end_awards(points: Sequence[int], hand_leader: int) -> list[tuple[int, int]]:
    """The anemones a hand's lowest scorers take, as (seat, side) in the order they are
    given (clockwise from the hand's leader): a +1 each for the lowest; at six players
    a +2 for the lowest and a +1 for the second lowest."""
    n = len(points)
    order = [*range(hand_leader, n), *range(hand_leader)]
    lowest = min(points)
    if n != 6:
        return [(seat, 1) for seat in order if points[seat] == lowest]
    second = min((p for p in points if p != lowest), default=lowest)
    return [(seat, 2 if points[seat] == lowest else 1) for seat in order
            if points[seat] == lowest or points[seat] == second]





class EnemyAnemoneState(GameState):
    """A position in a game of Enemy Anemone."""

    game: EnemyAnemoneGame = field(Shared())
    n: int = field(Shared(fresh=lambda n: n))
    rng: Rng = field(RngField())
    hands: list[list[EnemyAnemoneCard]] = field(PerSeat(Cards(EnemyAnemoneCard.parse)))
    won: list[list[EnemyAnemoneCard]] = field(PerSeat(Cards(EnemyAnemoneCard.parse)))
    discards: list[list[EnemyAnemoneCard]] = field(PerSeat(Cards(EnemyAnemoneCard.parse)))
    discard_masks: list[list[int]] = field(PerSeat(Ints()))
    voids: list[int] = field(Ints(fresh=lambda n: [0] * n))
    deck: list[EnemyAnemoneCard] = field(Cards(EnemyAnemoneCard.parse))
    trick: list[TrickPlay] = field(ListOf(Frozen(TrickPlay.to_json, TrickPlay.from_json)))
    #: The suits in the trick, as bits (worked out again from ``trick`` on loading).
    trick_mask: int = field(Derived(fresh=0))
    #: Per turn of this trick: played (True) or discarded.
    trick_flow: list[bool] = field(ListOf(Bool()))
    tricks: list[tuple[TrickPlay, ...]] = field(ListOf(Frozen(
        lambda t: [p.to_json() for p in t], lambda t: tuple(TrickPlay.from_json(p) for p in t))))
    order: list[int] = field(Ints())
    turn: int = field(Int())
    leader: int = field(Int())
    hand_leader: int = field(Int())
    hand_no: int = field(Int())  # 0-based index of the hand in progress
    totals: list[int] = field(Ints(fresh=lambda n: [0] * n))
    hand_points: list[list[int]] = field(ListOf(Ints()))
    #: Each seat's score pile at the end of the last finished hand (counted in the open);
    #: never changed in place, only replaced.
    last_piles: list[list[EnemyAnemoneCard]] = field(ListOf(Frozen(
        lambda p: [int(c) for c in p], lambda p: [EnemyAnemoneCard.parse(c) for c in p]),
        default=lambda n: []))
    pool: AnemonePool = field(Clone(AnemonePool, key="anemones"))
    over: bool = field(Bool())
    #: Anemones the seat to act has readied for the card it plays next.
    armed: tuple[int, int] = field(Frozen(list, lambda a: tuple(integers(a, 2, 0, 9)), fresh=(0, 0)))
    #: False while the next hand waits for nature's deal.
    dealt: bool = field(Bool())
    #: Who leads the hand to be dealt (-1: the first hand's leader is drawn at random).
    next_leader: int = field(Int(low=-1, fresh=-1))

    def __init__(self, game: EnemyAnemoneGame, rng: Rng) -> None:
        self.init_fields(game.num_players)
        self.game, self.rng = game, rng
        self.deck = list(game.deck)  # in order: nature's deal shuffles it

    def restored(self) -> None:
        self.trick_mask = 0
        for play in self.trick:
            self.trick_mask |= 1 << play.card.suit
        if self.next_leader >= self.n:
            raise ValueError("the next leader is not a seat")

    # -- setup --------------------------------------------------------------------
    def _deal(self) -> list[Event]:
        """Shuffle every card and deal the next hand."""
        leader = self.next_leader if self.next_leader >= 0 else self.rng.randbelow(self.n)
        self.dealt = True
        self.next_leader = -1
        cards = list(self.game.deck)
        self.rng.shuffle(cards)
        size = self.game.hand_size
        events: list[Event] = [HandStarted(self.hand_no + 1, self.game.hands, leader)]
        piles = tuple(tuple(self.won[s] + self.discards[s]) for s in range(self.n))
        if any(piles):
            events.insert(0, CardsGathered(piles))
        for seat in range(self.n):
            hand = sorted(cards[seat * size:(seat + 1) * size])
            self.hands[seat] = hand
            events.append(Dealt(seat, tuple(hand), DECK))
        self.deck = cards[self.n * size:]
        for pile in (self.won, self.discards, self.discard_masks):
            for seat_pile in pile:
                seat_pile.clear()
        self.voids = [0] * self.n
        self.tricks = []
        self.hand_leader = leader
        self._begin_trick(leader)
        return events

    def _begin_trick(self, leader: int) -> None:
        self.leader = leader
        self.armed = (0, 0)
        self.trick = []
        self.trick_mask = 0
        self.trick_flow = []
        self.turn = 0
        self.order = turn_order(leader, self.n)

    # -- who acts -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return self.order[self.turn] if self.dealt else NATURE

    # -- actions --------------------------------------------------------------------
    def playable(self, seat: int) -> list[EnemyAnemoneCard]:
        """Cards of ``seat`` whose suit is not yet in the trick."""
        mask = self.trick_mask
        return [c for c in self.hands[seat] if not (mask >> suit_of(c)) & 1]

    def generate_legal(self, seat: int) -> list[Action]:
        player = self.current_player
        if seat != player or player == TERMINAL:
            return []
        if player == NATURE:
            return [Deal()]
        playable = self.playable(seat)
        if not playable:
            return [Discard(c) for c in self.hands[seat]]
        actions: list[Action] = [Play(c) for c in playable]
        ones, twos = self.pool.ones[seat], self.pool.twos[seat]
        armed = self.armed
        actions += [Arm(i, j) for i in range(ones + 1) for j in range(twos + 1) if (i, j) != armed]
        return actions

    def check_move(self, action: Action, seat: int) -> str | None:
        kind = type(action)
        if kind is not Play and kind is not Discard and kind is not Arm:
            if isinstance(action, Deal):
                return "The cards are dealt by the table, not by a player."
            return "That is not a move in Enemy Anemone."
        playable = self.playable(seat)
        if isinstance(action, Arm):
            ones, twos = self.pool.ones[seat], self.pool.twos[seat]
            if not playable:
                return "No creature you hold is new to this trick, so no card can take anemones."
            if action.ones < 0 or action.twos < 0:
                return "You cannot attach a negative number of anemones."
            if action.ones > ones or action.twos > twos:
                return f"You hold only {_tokens(ones, twos)}."
            if (action.ones, action.twos) == self.armed:
                return "Those anemones are already readied."
            return None
        assert isinstance(action, (Play, Discard))
        card = action.card
        if card not in self.hands[seat]:
            return f"You do not hold the {card}."
        if isinstance(action, Discard):
            if not playable:
                return None
            names = _suit_list(sorted({c.suit for c in playable}))
            return (f"You can still play a new creature ({names}); "
                    "you may only discard when you cannot.")
        if (self.trick_mask >> card.suit) & 1:
            return (f"{card.suit_name} is already in this trick: "
                    "play a creature that is not there yet.")
        return None

    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        kind = type(action)
        if kind is Deal:
            return self._deal()
        if kind is Arm:
            assert isinstance(action, Arm)
            self.armed = (action.ones, action.twos)
            return [AnemonesArmed(seat, action.ones, action.twos)]
        events: list[Event]
        if kind is Play:
            assert isinstance(action, Play)
            card = action.card
            ones, twos = self.armed
            self.armed = (0, 0)
            self.hands[seat].remove(card)
            if ones or twos:
                self.pool.attach(seat, ones, twos)
            self.trick.append(TrickPlay(seat, card, ones, twos))
            self.trick_flow.append(True)
            self.trick_mask |= 1 << suit_of(card)
            events = [CardPlayed(seat, card, ones, twos)]
        else:
            assert isinstance(action, Discard)
            card = action.card
            self.hands[seat].remove(card)
            self.discards[seat].append(card)
            self.discard_masks[seat].append(self.trick_mask & ~self.voids[seat])
            self.voids[seat] |= self.game.all_suits & ~self.trick_mask
            self.trick_flow.append(False)
            events = [CardDiscarded(seat, card)]
        self.turn += 1
        if self.turn == len(self.order):
            events.extend(self._finish_trick())
        return events

    # -- trick and hand end ---------------------------------------------------------
    def _finish_trick(self) -> list[Event]:
        plays = self.trick
        winner = low = plays[0]
        high_value = low_value = rank_of(winner.card) + winner.ones + 2 * winner.twos
        for play in plays[1:]:
            value = rank_of(play.card) + play.ones + 2 * play.twos
            if value >= high_value:  # ties go to the later card
                winner, high_value = play, value
            if value <= low_value:
                low, low_value = play, value
        cards = tuple(p.card for p in plays)
        self.won[winner.seat].extend(cards)
        lowest = low if len(plays) >= 2 else None
        events: list[Event] = [
            TrickDecided(winner.seat, plays.index(winner), high_value,
                         None if lowest is None else lowest.seat,
                         None if lowest is None else plays.index(lowest), low_value),
            TrickWon(winner.seat, cards),
        ]
        attached = sum(p.ones + p.twos for p in plays)
        if attached:
            self.pool.give_back(attached)
            events.append(AnemonesReturned(attached))
        if len(plays) >= 2:
            events.append(self.pool.award(low.seat, 1))
        self.tricks.append(tuple(plays))
        self.trick = []
        self.trick_mask = 0
        if not any(self.hands) and not self.deck:
            events.extend(self._finish_hand())
            return events
        if self.game.two_player and self.deck:
            events.extend(self._draw(winner.seat))
        self._begin_trick(winner.seat)
        return events

    def _draw(self, first: int) -> list[Event]:
        events: list[Event] = []
        for seat in (first, 1 - first):
            drawn = self.deck[:DRAW_PER_TRICK]
            del self.deck[:DRAW_PER_TRICK]
            if drawn:
                self.hands[seat].extend(drawn)
                self.hands[seat].sort()
                self.voids[seat] = 0  # new unknown cards: nothing is proven any more
                events.append(CardsDrawn(seat, tuple(drawn)))
        return events

    def hand_scores(self) -> list[int]:
        """Points in each seat's score pile right now (taken cards and discards)."""
        return [
            sum(card_points(c) for c in self.won[s]) + sum(card_points(c) for c in self.discards[s])
            for s in range(self.n)
        ]

    def _finish_hand(self) -> list[Event]:
        points = self.hand_scores()
        for seat in range(self.n):
            self.totals[seat] += points[seat]
        self.hand_points.append(points)
        self.last_piles = [self.won[s] + self.discards[s] for s in range(self.n)]
        events: list[Event] = [Scored(s, points[s], self.totals[s]) for s in range(self.n)]
        events.append(HandEnded(self.hand_no + 1, tuple(points), tuple(self.totals)))
        if self.hand_no + 1 >= self.game.hands:
            self.over = True
            self.order = []
            self.turn = 0
            events.append(GameOver(tuple(self.outcome())))
            return events
        events.extend(self._hand_end_anemones(points))
        leader = self._first_clockwise(points, max(points))
        events.append(LeadChosen(leader, "most points this hand"))
        self.hand_no += 1
        self.dealt = False
        self.next_leader = leader
        self.order = []
        self.turn = 0
        self.trick_flow = []
        return events

    def _hand_end_anemones(self, points: list[int]) -> list[Event]:
        lowest = min(points)
        return [self.pool.award(seat, side, "lowest score of the hand" if points[seat] == lowest
                                else "second-lowest score of the hand")
                for seat, side in hand_end_awards(points, self.hand_leader)]

    def _first_clockwise(self, values: list[int], target: int) -> int:
        for step in range(self.n):
            seat = (self.hand_leader + step) % self.n
            if values[seat] == target:
                return seat
        raise AssertionError("no seat has the target value")

    # -- results --------------------------------------------------------------------
    def scores(self) -> list[int]:
        return self.totals[:]

    def outcome(self) -> list[float]:
        """Win shares: the highest total; ties to more anemone value; then shared."""
        best = max(self.totals)
        tied = [s for s in range(self.n) if self.totals[s] == best]
        if len(tied) > 1:
            richest = max(self.pool.value(s) for s in tied)
            tied = [s for s in tied if self.pool.value(s) == richest]
        share = 1.0 / len(tied)
        return [share if s in tied else 0.0 for s in range(self.n)]

    # -- information ------------------------------------------------------------------
    def observation(self, seat: int) -> EnemyAnemoneObservation:
        return observe(self, seat)

def _tokens(ones: int, twos: int) -> str:
    """"1 +1 anemone and 2 +2 anemones"."""
    def count(n: int, side: int) -> str:
        return f"{n} +{side} anemone{'' if n == 1 else 's'}"
    return f"{count(ones, 1)} and {count(twos, 2)}"


def _suit_list(suits: Sequence[int]) -> str:
    names = [SUIT_NAMES[s] for s in suits]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]
