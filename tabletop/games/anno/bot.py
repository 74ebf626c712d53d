"""Anno bots: a rule of thumb, and a search that plays the round out on sampled deals.

Levels:

* ``random`` — any complete move (an exchange, a whole match, a burn) at random.
* ``easy`` — the rule of thumb (:mod:`~tabletop.games.anno.thumb`), with a fifth of
  its moves a complete move at random.
* ``normal`` — the rule of thumb with a sharper sense of which cards can still match.
* ``hard`` — tries its best few moves on sampled deals, playing each round out with
  the rule of thumb, and keeps the move that scored best (:mod:`~tabletop.games.anno.search`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.bots.base import PolicyBot, RandomBot
from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anno.actions import Burn, Exchange, Match, Withdraw
from tabletop.games.anno.info import BOT_LEVELS
from tabletop.games.anno.observation import AnnoObservation
from tabletop.games.anno.search import SearchBot
from tabletop.games.anno.thumb import policy

__all__ = ["BOT_LEVELS", "make_bot"]

COMPLETE = (Exchange, Match, Burn)


class CompleteMoveBot(RandomBot):
    """Random among complete moves: never builds a match step by step."""

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """A complete move at random (an exchange, a whole match or a burn)."""
        moves = [a for a in legal if isinstance(a, COMPLETE)]
        if not moves:
            return Withdraw() if Withdraw() in legal else rng.choice(legal)
        return rng.choice(moves)


class StrayingBot(PolicyBot):
    """The rule of thumb, making a random complete move ``noise`` of the time; a
    declaration under way is always carried on (it cannot be changed)."""

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """The rule of thumb's move, or ``noise`` of the time a complete move at random."""
        assert isinstance(observation, AnnoObservation)
        if observation.declared is None and self.noise and rng.random() < self.noise:
            moves = [a for a in legal if isinstance(a, COMPLETE)]
            if moves:
                return rng.choice(moves)
        return self.policy(observation, legal, rng)


def make_bot(level: str) -> Bot:
    """The player of ``level``: ``random``, ``easy``, ``normal`` or ``hard`` (the search)."""
    if level == "random":
        return CompleteMoveBot()
    if level == "easy":
        return StrayingBot("easy", policy, noise=0.2)
    if level == "normal":
        return PolicyBot("normal", policy)
    if level == "hard":
        return SearchBot("hard")
    raise ValueError(f"Anno has no bot level {level!r}")
