"""Heavy work spread over frames.

A frame runs two updates or more before it is drawn.  The table does one heavy job per
frame: shows a move as it settles, asks a bot, redraws the log, saves the game.  Jobs
that can wait are postponed here and run one a frame, in a frame that has nothing else
heavy to do (run at the frame's end, when its updates are known); counting jobs, not
timing them, keeps a game the same on every machine.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["FrameJobs"]


class FrameJobs:
    """Work that may wait for a quiet frame (a log redraw, a save): at most one a
    frame, and none in a frame that applied a move, asked a bot or began a step."""

    def __init__(self) -> None:
        self._waiting: dict[str, Callable[[], None]] = {}
        #: This frame did its heavy job (until :meth:`new_frame`).
        self.done = False
        #: A step of the animation began this frame: no postponed job joins it, though
        #: the session may still act (a step's start is work enough for a frame).
        self.stepped = False

    def defer(self, key: str, job: Callable[[], None]) -> None:
        """Run ``job`` in a later frame (once, however often it is deferred meanwhile)."""
        self._waiting[key] = job

    @property
    def waiting(self) -> bool:
        """Whether a postponed job is waiting."""
        return bool(self._waiting)

    def new_frame(self) -> None:
        """A frame begins: nothing heavy done in it yet."""
        self.done = False
        self.stepped = False

    def run_one(self) -> bool:
        """Run the oldest postponed job if this frame has not done its heavy job yet."""
        if not self._waiting or self.done or self.stepped:
            return False
        self.done = True
        self._waiting.pop(next(iter(self._waiting)))()
        return True
