"""What one player may know in Anniversary: their own hand and the open table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from enum import IntEnum

from tabletop.engine.protocol import Observation, Record
from tabletop.games.anniversary.actions import Gem
from tabletop.games.anniversary.cards import AnniversaryCard
from tabletop.games.anniversary.gestures import Status

if TYPE_CHECKING:
    from tabletop.games.anniversary.rules import AnniversaryState

__all__ = ["DateRecord", "AnniversaryObservation", "Phase", "hc_after", "observe"]


class Phase(IntEnum):
    DRAFT = 0   # the players take the drawn gestures in turn
    SHARE = 1   # before a Date: Healthy Communication may be used
    DATE = 2    # cards are being played
    OVER = 3


def hc_after(hc: tuple[int, int], used: tuple[int, int], result: bool | None) -> tuple[int, int]:
    """Each player's HC cards once the chapter is over: used ones come back on failure."""
    if result:
        return hc
    return (hc[0] + used[0], hc[1] + used[1])


@dataclass(frozen=True, slots=True)
class DateRecord(Record):
    """A finished Date: who led, each card in play order with its player, who footed it."""

    leader: int
    plays: tuple[tuple[int, AnniversaryCard], ...]
    footer: int
    winner: AnniversaryCard


@dataclass(frozen=True, slots=True)
class AnniversaryObservation(Observation):
    seat: int
    chapter: int
    total_dates: int
    phase: Phase
    current_player: int
    top: int
    hand: tuple[AnniversaryCard, ...]
    hand_sizes: tuple[int, int]
    aside: int                                    # cards left in the draw pile
    #: Every card shown with Healthy Communication: (seat, card, gem, the Date it was shown
    #: before); see :meth:`shown` for the ones still in hand.
    shared: tuple[tuple[int, AnniversaryCard, Gem, int], ...]
    offer: tuple[int, ...]                        # gestures still to be taken in the draft
    gestures: tuple[int, ...]                     # taken gestures, in the order taken
    owners: tuple[int, ...]
    settled: tuple[Status, ...]
    bounty: int | None
    bounty_status: Status
    hc: tuple[int, int]                           # Healthy Communication cards in hand
    hc_used: tuple[int, int]
    no_hc: bool
    passed: bool
    drafter: int
    date: int                                     # 1-based number of the Date being played
    leader: int
    plays: tuple[tuple[int, AnniversaryCard], ...]       # the Date in progress
    history: tuple[DateRecord, ...]
    #: Before which Dates each player drew a card (the draws are public, the cards are not).
    draws_before: tuple[int, ...]
    result: bool | None                           # None until over
    picked: AnniversaryCard | None                       # on the gem spot, waiting for its gem

    @property
    def partner(self) -> int:
        """The other seat."""
        return 1 - self.seat

    def played(self) -> set[AnniversaryCard]:
        """Every card played to a Date so far."""
        cards = {c for d in self.history for _, c in d.plays}
        cards.update(c for _, c in self.plays)
        return cards

    def shown(self, seat: int) -> list[tuple[AnniversaryCard, Gem]]:
        """The cards ``seat`` has shown that are still in their hand."""
        played = self.played()
        return [(c, g) for s, c, g, _ in self.shared if s == seat and c not in played]

    def hc_after(self) -> tuple[int, int]:
        """Each player's HC cards once the chapter is over (see :func:`hc_after`)."""
        return hc_after(self.hc, self.hc_used, self.result)

    @property
    def last_date(self) -> DateRecord | None:
        """The last finished Date (``None`` before the first)."""
        return self.history[-1] if self.history else None


def observe(state: AnniversaryState, seat: int) -> AnniversaryObservation:
    """Exactly what ``seat`` may know of ``state``."""
    return AnniversaryObservation(
        seat=seat,
        chapter=state.game.chapter.number,
        total_dates=state.total_dates,
        phase=state.phase,
        current_player=state.current_player,
        top=state.top,
        hand=tuple(state.hands[seat]),
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        aside=len(state.aside),
        shared=tuple(state.shared),
        offer=tuple(state.offer),
        gestures=tuple(state.gestures),
        owners=tuple(state.owners),
        settled=tuple(state.settled),
        bounty=state.bounty,
        bounty_status=state.bounty_status,
        hc=(state.hc[0], state.hc[1]),
        hc_used=(state.hc_used[0], state.hc_used[1]),
        no_hc=state.game.chapter.no_hc,
        passed=state.passed,
        drafter=state.drafter,
        date=state.date,
        leader=state.leader,
        plays=tuple(state.plays),
        history=tuple(state.history),
        draws_before=tuple(state.draws_before),
        result=state.result,
        picked=state.picked,
    )
