"""Simple bots that need nothing but the protocol."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.engine.protocol import Action, Observation
from tabletop.engine.rng import Rng

__all__ = ["Policy", "PolicyBot", "RandomBot"]

#: A fast rule of thumb: pick an action from an observation (no search).
Policy = Callable[[Observation, Sequence[Action], Rng], Action]


class RandomBot:
    """Plays a uniformly random legal action."""

    def __init__(self, level: str = "random") -> None:
        self.level = level

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(legal)


class PolicyBot:
    """Follows a game's rule-of-thumb policy, straying at random ``noise`` of the time."""

    def __init__(self, level: str, policy: Policy, noise: float = 0.0) -> None:
        self.level = level
        self.policy = policy
        self.noise = noise

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.noise and rng.random() < self.noise:
            return rng.choice(legal)
        return self.policy(observation, legal, rng)
