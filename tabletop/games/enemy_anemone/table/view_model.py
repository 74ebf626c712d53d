"""What the table currently shows — which trails the engine while animations play.

The table updates this model event by event as each animation step starts, so
the picture changes in the same order as the game did.  After every action the
model is compared with a fresh observation; they must agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.games.enemy_anemone.actions import TrickPlay
from tabletop.games.enemy_anemone.cards import SeaCard
from tabletop.games.enemy_anemone.observation import SeaObservation

__all__ = ["Slot", "ViewModel"]


@dataclass(frozen=True)
class Slot:
    """One turn of the current trick: a play, or a discard (``play`` is None)."""

    seat: int
    play: TrickPlay | None


@dataclass
class ViewModel:
    viewer: int | None
    players: int
    hand: list[SeaCard] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    slots: list[Slot] = field(default_factory=list)
    order: list[int] = field(default_factory=list)  # the seats taking this trick's turns
    piles: list[int] = field(default_factory=list)
    anemones: list[tuple[int, int]] = field(default_factory=list)
    supply: int = 9
    totals: list[int] = field(default_factory=list)
    deck: int = 0
    hand_number: int = 1
    hands_total: int = 4
    tricks_done: int = 0
    current: int = -1

    @classmethod
    def from_observation(cls, obs: SeaObservation, viewer: int | None) -> ViewModel:
        return cls(
            viewer=viewer,
            players=obs.players,
            hand=list(obs.hand) if viewer is not None else [],
            hand_sizes=list(obs.hand_sizes),
            slots=[Slot(seat, play) for seat, play in obs.trick_slots()],
            order=list(obs.turn_order),
            piles=[obs.pile_size(s) for s in range(obs.players)],
            anemones=list(obs.anemones),
            supply=obs.supply,
            totals=list(obs.totals),
            deck=obs.deck_size,
            hand_number=obs.hand_number,
            hands_total=obs.hands_total,
            tricks_done=len(obs.tricks),
            current=obs.current_player,
        )

    def tricks_per_hand(self) -> int:
        return 8 if self.players == 2 else (8 if self.players == 6 else 10)

    def value(self, seat: int) -> int:
        ones, twos = self.anemones[seat]
        return ones + 2 * twos

    def add_tokens(self, seat: int, ones: int, twos: int) -> None:
        o, t = self.anemones[seat]
        self.anemones[seat] = (o + ones, t + twos)
