"""The real-time driver takes moves in the order they were made, even when a move made
earlier comes from farther away and arrives later (it holds each move for the slowest
round trip), and a move from another computer outlives a change of position."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from tabletop.engine.protocol import Action, Deadline, Timed
from tabletop.play.turns import RealTimeDriver


@dataclass(frozen=True)
class Say(Timed):
    word: str
    at: int = 0


class Race:
    """A toy real-time state: the first word said wins; saying is legal from 0 on."""

    def __init__(self) -> None:
        self.said: list[tuple[int, str, int]] = []
        self.now = 0
        self.is_over = False

    def nature_action(self) -> Action | None:
        return None

    def deadline(self) -> Deadline | None:
        return None

    def acting_seats(self) -> frozenset[int]:
        return frozenset() if self.is_over else frozenset({0, 1})

    def check(self, action: Action, seat: int) -> str | None:
        at = getattr(action, "at", 0)
        if self.is_over:
            return "The race is over."
        return "Too early." if at < self.now else None


class Table:
    def __init__(self) -> None:
        self.state = Race()
        self.match = SimpleNamespace(state=self.state, seats=[SimpleNamespace(is_bot=False)] * 2,
                                     history=[], seed=1)
        self.entry = SimpleNamespace(make_bot=lambda level: None)
        self.stage = SimpleNamespace(animating=False, finished=lambda: None)
        self.awaiting_handoff = False

    def apply(self, action: Action, seat: int) -> bool:
        assert isinstance(action, Say)
        self.state.said.append((seat, action.word, action.at))
        self.state.now = action.at
        self.match.history.append((seat, action))
        return True


def test_a_move_made_earlier_far_away_goes_before_one_made_later_nearby():
    table = Table()
    driver = RealTimeDriver(table)  # type: ignore[arg-type]
    driver.hold_ms = 120  # the far seat's round trip
    driver.update(0.100)
    driver.plan(0, Say("near", at=100))  # made at 100 ms, arrived at once
    driver.update(0.050)  # 150 ms: the near move waits out the hold
    assert table.state.said == []
    driver.plan(1, Say("far", at=60))  # made at 60 ms, arrived at 150 ms
    driver.update(0.060)  # 210 ms: the far move is ripe, and earlier
    assert table.state.said == [(1, "far", 60)]
    driver.update(0.020)  # 230 ms: the near move's turn, still legal at its moment
    assert table.state.said == [(1, "far", 60), (0, "near", 100)]


def test_without_a_hold_moves_go_as_soon_as_they_are_due():
    table = Table()
    driver = RealTimeDriver(table)  # type: ignore[arg-type]
    driver.plan(0, Say("near", at=0))
    driver.update(0.001)
    assert table.state.said == [(0, "near", 0)]
