"""A small seeded random number generator whose whole state is one integer.

Game states carry their randomness with them, so a seed plus the list of actions
replays a game exactly, and a saved game resumes with the same future shuffles.
Python's :mod:`random` keeps 625 words of state and may change between versions;
this generator (SplitMix64) is stable, fast enough for dealing cards, and its
state fits in a JSON number.

>>> rng = Rng(42)
>>> cards = list(range(6))
>>> rng.shuffle(cards)
>>> sorted(cards) == list(range(6))
True
>>> Rng(42).randbelow(10) == Rng(42).randbelow(10)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

__all__ = ["RandomSource", "Rng", "game_seed"]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class RandomSource(Protocol):
    """What sampling needs from a generator: :class:`~tabletop.engine.rng.Rng` and
    :class:`random.Random` both qualify (bots use the faster one)."""

    def random(self) -> float:
        """A float in [0, 1)."""

    def randrange(self, n: int) -> int:
        """A whole number in ``range(n)``."""

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place."""


_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: a tiny, well-mixed 64-bit generator with a single-integer state."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
        self._state = seed & _MASK64

    # -- core -------------------------------------------------------------------
    def next_u64(self) -> int:
        """The next raw 64-bit value."""
        self._state = (self._state + _GOLDEN) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if n == 1:
            return 0
        bits = n.bit_length()
        while True:
            r = self.next_u64() >> (64 - bits)
            if r < n:
                return r

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    # -- helpers ----------------------------------------------------------------
    def randrange(self, n: int) -> int:
        """Same as :meth:`randbelow` (the name :class:`random.Random` uses)."""
        return self.randbelow(n)

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.randbelow(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, at random."""
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next_u64())

    # -- persistence ------------------------------------------------------------
    def getstate(self) -> int:
        """The generator's state, to save."""
        return self._state

    def setstate(self, state: int) -> None:
        """Continue from a saved state."""
        if isinstance(state, bool) or not isinstance(state, int) or not 0 <= state <= _MASK64:
            raise ValueError("a random state must be an integer in [0, 2**64)")
        self._state = state

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        twin = Rng()
        twin._state = self._state
        return twin

    def __repr__(self) -> str:
        return f"Rng(state={self._state:#x})"


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed`` (well spread, reproducible)."""
    return Rng(seed * 1_000_003 + index).next_u64() & ((1 << 53) - 1)
