"""A clock for tests of anything with a time budget."""

from __future__ import annotations


class CountingClock:
    """Moves on ``step`` seconds each time it is read, so a budget in seconds becomes a
    budget in work: a search stops after the same steps on any machine, however busy.

    >>> clock = CountingClock(0.5)
    >>> clock(), clock(), clock.reads
    (0.5, 1.0, 2)
    """

    def __init__(self, step: float = 0.001) -> None:
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.reads * self.step
