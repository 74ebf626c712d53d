"""The two sides a session plays between, as protocols of their own.

:class:`Stage` is what shows a session (the table scene, or nothing at all for a
headless host); :class:`Turns` is what a turn driver (:mod:`tabletop.play.turns`)
moves on: the session, as far as a driver may touch it.  The session
(:mod:`tabletop.play.session`) implements :class:`Turns` and owns its driver, so the
drivers know it by this protocol, not by importing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tabletop.engine.match import Match
from tabletop.engine.protocol import Action, Bot, Event
from tabletop.engine.registry import GameEntry
from tabletop.play.worker import BotWorker

__all__ = ["Stage", "Turns"]


class Stage(Protocol):
    """What shows a session (the table scene)."""

    @property
    def animating(self) -> bool:
        """Pieces are still moving: the next turn waits (in turn-based games)."""

    @property
    def dragging(self) -> bool:
        """The player holds a piece: nobody else moves meanwhile."""

    @property
    def speed(self) -> float:
        """The animation speed factor (a bot's thinking pause scales with it)."""

    def played(self, events: Sequence[Event], seat: int) -> None:
        """Show what an action of ``seat`` caused."""

    def refused(self, reason: str) -> None:
        """An action was refused: say why."""

    def updated(self, lines: Sequence[str]) -> None:
        """The position was told anew from elsewhere (a host across the network), with
        the log's new ``lines``: show it."""

    def human_turn(self, seat: int) -> None:
        """It is a human's turn and nothing moves."""

    def thinking_changed(self) -> None:
        """A bot began or ended thinking."""

    def finished(self) -> None:
        """The game is over and nothing moves: time for the results."""


class Turns(Protocol):
    """What a turn driver reads and does of the session it moves on."""

    #: The hand-off curtain is down: nobody acts until the next person is at the screen.
    awaiting_handoff: bool
    #: Milliseconds the frames spent waiting on the bot worker (reported by benchmarks).
    waited_ms: float

    @property
    def match(self) -> Match: ...

    @property
    def entry(self) -> GameEntry: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def worker(self) -> BotWorker: ...

    @property
    def fallback_bot(self) -> Bot:
        """Decides for a bot that failed to."""

    @property
    def clock(self) -> float:
        """Seconds the session has run."""

    def apply(self, action: Action, seat: int) -> bool:
        """Apply ``seat``'s action (checked by the engine), save, and have it shown."""

    def bot_thinking(self, seat: int | None, thinking: bool) -> None: ...

    def bot_failed(self, seat: int, problem: str) -> None: ...
