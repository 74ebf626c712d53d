"""What one seat may know in Enemy Anemone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletop.engine.protocol import Observation
from tabletop.games.enemy_anemone.actions import TrickPlay
from tabletop.games.enemy_anemone.cards import EnemyAnemoneCard, card_points

if TYPE_CHECKING:
    from tabletop.games.enemy_anemone.rules import EnemyAnemoneState

__all__ = ["EnemyAnemoneObservation", "observe"]


@dataclass(frozen=True, slots=True)
class EnemyAnemoneObservation(Observation):
    """Public table plus ``seat``'s own hand and own face-down discards.

    ``voids[s]`` and ``discard_masks[s]`` are suit bit masks the public record
    proves: seat ``s`` holds no card of a suit in ``voids[s]``, and each of its
    face-down discards is of a suit in the matching mask.
    """

    seat: int
    players: int
    hands_total: int
    hand_number: int  # 1-based
    current_player: int
    hand_leader: int
    leader: int
    turn_order: tuple[int, ...]
    turn: int
    hand: tuple[EnemyAnemoneCard, ...]
    armed: tuple[int, int]  # anemones the seat to act has readied for its next card
    hand_sizes: tuple[int, ...]
    deck_size: int
    trick: tuple[TrickPlay, ...]
    trick_flow: tuple[bool, ...]  # per turn taken in this trick: played (True) or discarded
    tricks: tuple[tuple[TrickPlay, ...], ...]
    won: tuple[tuple[EnemyAnemoneCard, ...], ...]
    own_discards: tuple[EnemyAnemoneCard, ...]
    discard_masks: tuple[tuple[int, ...], ...]
    voids: tuple[int, ...]
    anemones: tuple[tuple[int, int], ...]
    supply: int
    totals: tuple[int, ...]
    hand_points: tuple[tuple[int, ...], ...]
    last_piles: tuple[tuple[EnemyAnemoneCard, ...], ...]  # score piles of the last hand, counted openly
    over: bool
    shares: tuple[float, ...]
    next_leader: int  # who leads the hand waiting for its deal (-1: drawn at random)

    @property
    def two_player(self) -> bool:
        """Whether this is the two-player variant."""
        return self.players == 2

    def discard_count(self, seat: int) -> int:
        """How many cards ``seat`` discarded face down this hand."""
        return len(self.discard_masks[seat])

    def pile_size(self, seat: int) -> int:
        """How many cards lie on ``seat``'s score pile, face up or down."""
        return len(self.won[seat]) + self.discard_count(seat)

    def visible_points(self, seat: int) -> int:
        """Points in ``seat``'s score pile that this observer can count."""
        points = sum(card_points(c) for c in self.won[seat])
        if seat == self.seat:
            points += sum(card_points(c) for c in self.own_discards)
        return points

    def anemone_value(self, seat: int) -> int:
        """What ``seat``'s anemones are worth."""
        ones, twos = self.anemones[seat]
        return ones + 2 * twos

    def trick_slots(self) -> list[tuple[int, TrickPlay | None]]:
        """The turns of the current trick in order: (seat, its play, or None for a discard)."""
        plays = iter(self.trick)
        return [(seat, next(plays) if played else None)
                for seat, played in zip(self.turn_order, self.trick_flow)]

    @property
    def trick_suits(self) -> int:
        """The creatures in the trick, as a bit mask of suits."""
        mask = 0
        for play in self.trick:
            mask |= 1 << play.card.suit
        return mask


def observe(state: EnemyAnemoneState, seat: int) -> EnemyAnemoneObservation:
    """Exactly what ``seat`` may know of ``state``."""
    return EnemyAnemoneObservation(
        seat=seat,
        players=state.n,
        hands_total=state.game.hands,
        hand_number=state.hand_no + 1,
        current_player=state.current_player,
        hand_leader=state.hand_leader,
        leader=state.leader,
        turn_order=tuple(state.order),
        turn=state.turn,
        hand=tuple(state.hands[seat]),
        armed=state.armed,
        hand_sizes=tuple(len(h) for h in state.hands),
        deck_size=len(state.deck),
        trick=tuple(state.trick),
        trick_flow=tuple(state.trick_flow),
        tricks=tuple(state.tricks),
        won=tuple(tuple(w) for w in state.won),
        own_discards=tuple(state.discards[seat]),
        discard_masks=tuple(tuple(m) for m in state.discard_masks),
        voids=tuple(state.voids),
        anemones=tuple(zip(state.pool.ones, state.pool.twos)),
        supply=state.pool.supply,
        totals=tuple(state.totals),
        hand_points=tuple(tuple(p) for p in state.hand_points),
        last_piles=tuple(tuple(p) for p in state.last_piles),
        over=state.over,
        shares=tuple(state.outcome()) if state.over else (),
        next_leader=state.next_leader,
    )
