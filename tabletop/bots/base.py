"""Simple bots that need nothing but the protocol."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng

__all__ = ["Erratic", "Policy", "PolicyBot", "RandomBot", "collector_paused"]

#: A fast rule of thumb: pick an action from an observation (no search).
Policy = Callable[[Observation, Sequence[Action], Rng], Action]


class RandomBot:
    """Plays a uniformly random legal action."""

    def __init__(self, level: str = "random") -> None:
        self.level = level

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """Any legal action, at random."""
        return rng.choice(legal)


class PolicyBot:
    """Follows a game's rule-of-thumb policy, straying at random ``noise`` of the time."""

    def __init__(self, level: str, policy: Policy, noise: float = 0.0) -> None:
        self.level = level
        self.policy = policy
        self.noise = noise

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """The policy's action (a random legal one ``noise`` of the time; the only one,
        when forced)."""
        if len(legal) == 1:
            return legal[0]
        if self.noise and rng.random() < self.noise:
            return rng.choice(legal)
        return self.policy(observation, legal, rng)


class Erratic:
    """Another bot that plays a random legal action ``share`` of the time instead.

    Used as a partner the cooperative bots were not built against (``erratic``: the
    ``normal`` bot, a quarter of its moves at random), to measure how a team does beside
    a player who is not its twin."""

    def __init__(self, level: str, bot: Bot, share: float) -> None:
        self.level = level
        self.bot = bot
        self.share = share

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """A random legal action ``share`` of the time, else the other bot's choice."""
        if len(legal) > 1 and rng.random() < self.share:
            return rng.choice(legal)
        return self.bot.choose(observation, legal, rng)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a search thinks, and start it again after.

    A search makes and drops heaps of small objects; reference counting frees them
    the moment they are dropped, but each heap of new ones also sets off a pass of the
    cycle collector over everything alive, the search's caches included, which finds
    next to nothing.  Paused, a decision does more play-outs in its time.  Cycles made
    meanwhile (a search tree's nodes) are collected once it runs again.  Bots think in
    a worker process of their own (``ui.bot_worker``), so the pause touches no frame.
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()
