"""Tweens in seconds with easing, and an animator that plays steps in order.

A *tween* moves one value over time.  A *step* is a group of tweens that starts
when the previous step has finished; its tweens are created only when it starts,
so they begin from wherever things are at that moment.  The table turns each
engine event into a step.  Everything can be skipped: :meth:`Animator.skip`
finishes every tween and runs the remaining steps at once, so the screen always
ends in the same place whether or not the player watched.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable

__all__ = [
    "Animator",
    "Tween",
    "ease_in_out_cubic",
    "ease_out_back",
    "ease_out_cubic",
    "linear",
    "SPEED_FACTORS",
]

Ease = Callable[[float], float]

#: Animation speed setting -> duration factor.
SPEED_FACTORS = {"instant": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.7}


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.4
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


class Tween:
    """Calls ``setter(progress)`` with eased progress 0→1 over ``duration`` seconds.

    ``begin`` (optional) runs once when the tween starts, after ``delay``; use it to
    capture starting values.  ``done`` runs once at the end.
    """

    __slots__ = ("duration", "delay", "elapsed", "setter", "ease", "begin", "done", "finished",
                 "started")

    def __init__(self, duration: float, setter: Callable[[float], None], *,
                 ease: Ease = ease_out_cubic, delay: float = 0.0,
                 begin: Callable[[], None] | None = None,
                 done: Callable[[], None] | None = None) -> None:
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.elapsed = 0.0
        self.setter = setter
        self.ease = ease
        self.begin = begin
        self.done = done
        self.finished = False
        self.started = False

    def scale(self, factor: float) -> Tween:
        self.duration *= factor
        self.delay *= factor
        return self

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True once finished."""
        if self.finished:
            return True
        self.elapsed += dt
        if self.elapsed < self.delay:
            return False
        if not self.started:
            self._start()
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        self.setter(self.ease(t))
        if t >= 1.0:
            self._finish()
        return self.finished

    def cancel(self) -> None:
        """Stop where it is: no more updates, no ``done`` callback."""
        self.finished = True

    def finish(self) -> None:
        """Jump to the end (runs ``begin`` first if it never started)."""
        if self.finished:
            return
        if not self.started:
            self._start()
        self.setter(1.0)
        self._finish()

    def _start(self) -> None:
        self.started = True
        if self.begin is not None:
            self.begin()

    def _finish(self) -> None:
        self.finished = True
        if self.done is not None:
            self.done()


StepStart = Callable[[], Iterable[Tween] | None]


class _Step:
    __slots__ = ("start", "hold", "tweens", "held")

    def __init__(self, start: StepStart, hold: float) -> None:
        self.start = start
        self.hold = hold
        self.tweens: list[Tween] = []
        self.held = 0.0


class Animator:
    """Runs free tweens in parallel and queued steps one after another."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._free: list[Tween] = []
        self._steps: deque[_Step] = deque()
        self._current: _Step | None = None
        #: Steps begun so far (a step's start is the heavy part: it redraws what it moves).
        self.begun = 0

    @property
    def busy(self) -> bool:
        """True while a queued step is running or waiting (free tweens do not count)."""
        return self._current is not None or bool(self._steps)

    @property
    def moving(self) -> bool:
        return self.busy or bool(self._free)

    def add(self, tween: Tween) -> Tween:
        """Start a tween now, alongside everything else."""
        self._free.append(tween.scale(self.speed))
        return tween

    def queue(self, start: StepStart, hold: float = 0.0) -> None:
        """Add a step: ``start()`` returns its tweens; the step then waits ``hold`` seconds."""
        self._steps.append(_Step(start, hold))

    def update(self, dt: float) -> None:
        self._free = [t for t in self._free if not t.update(dt)]
        budget = dt
        # Several steps may finish within one frame (and all of them when instant);
        # a step that starts during this frame starts from its beginning.
        for _ in range(10_000):
            if self._current is None:
                if not self._steps:
                    return
                self._begin(self._steps.popleft())
                budget = 0.0
            step = self._current
            assert step is not None
            step.tweens = [t for t in step.tweens if not t.update(budget)]
            if step.tweens:
                return
            step.held += budget
            if step.held < step.hold * self.speed:
                return
            self._current = None
            budget = 0.0

    def _begin(self, step: _Step) -> None:
        self._current = step
        self.begun += 1
        made = step.start()
        step.tweens = [t.scale(self.speed) for t in (made or ())]

    def skip(self) -> None:
        """Finish everything now, running the remaining steps in order."""
        for tween in self._free:
            tween.finish()
        self._free.clear()
        while self._current is not None or self._steps:
            if self._current is None:
                self._begin(self._steps.popleft())
            assert self._current is not None
            for tween in self._current.tweens:
                tween.finish()
            self._current = None

    def clear(self) -> None:
        """Drop everything without finishing (the view will be rebuilt)."""
        self._free.clear()
        self._steps.clear()
        self._current = None
