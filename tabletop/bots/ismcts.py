"""Information-Set Monte Carlo Tree Search over the engine protocol.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012): each iteration deals
the hidden cards again from the bot's own observation (``Game.sample_state``),
walks one shared tree whose edges are actions, and backs up a reward for every
seat.  A node's "availability" counts the iterations in which its action was
legal, so actions that exist only in some deals are judged fairly.

The game supplies :class:`SearchHints`: how to sample a state, which actions the
tree should consider, a fast rollout policy, where to stop a rollout (the
horizon) and how to score the state reached there.  The sampled state need not be
the game's full state: a game may search a lean state of its own (it must offer
``current_player``, ``is_over``, ``apply_unchecked`` and whatever its hints read),
and may give its hints a ``play_out(state, marker, rng)`` that runs a whole rollout
inside that state without making an action per move.

Nature's steps (a deal) are applied as they come.  A position where several seats
act at once has no single player to credit, so the search refuses it loudly
(:class:`SearchRefused`) rather than credit the wrong seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import log, sqrt
from typing import Any, Protocol, TypeAlias

from tabletop.engine.protocol import NATURE, Action, GameState, Observation
from tabletop.engine.rng import RandomSource, Rng

__all__ = ["Budget", "ISMCTSBot", "Move", "SearchHints", "SearchRefused", "SearchStats"]

#: What the tree's edges hold (hashable): an action, or a move of a game's lean search
#: state (a card's plain number, say) when its hints map legal actions to them (``edge``);
#: the searched state's ``apply_unchecked`` takes what its hints' ``candidates`` and
#: ``rollout`` give.
Move: TypeAlias = Any


class SearchRefused(RuntimeError):
    """The search met a position it cannot search (several seats acting at once)."""


def _mover(state: GameState) -> int:
    """The one seat to credit at ``state`` (:data:`NATURE` for nature's step)."""
    player = state.current_player
    if player >= 0 or player == NATURE:
        return player
    raise SearchRefused(
        f"information-set MCTS searches one player at a time, but at this position "
        f"{sorted(state.acting_seats()) or 'no one'} may act at once")


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a decision may take: at most ``iterations``, and never past ``seconds``."""

    iterations: int
    seconds: float


class SearchHints(Protocol):
    """What a game tells the search about itself."""

    def sample(self, observation: Observation, rng: RandomSource) -> GameState:
        """A full state consistent with the observation (a determinization)."""
        ...

    def candidates(self, state: GameState) -> Sequence[Move]:
        """The actions the tree considers for the player to move (a subset of the legal ones)."""
        ...

    def rollout(self, state: GameState, rng: RandomSource) -> Move:
        """A fast, reasonable legal action for the player to move."""
        ...

    def horizon(self, root: Observation) -> object:
        """A marker; a rollout stops as soon as ``stop(state, marker)`` holds.  ``None``:
        no horizon short of the (searched) state's own end, and ``stop`` is not asked."""
        ...

    def stop(self, state: GameState, marker: object) -> bool:
        """Whether a rollout has reached the horizon ``marker`` (see :meth:`horizon`)."""
        ...

    # Optional: ``edge(action)``, the key the tree gives a legal action at the root when
    # the searched state acts by something leaner than actions (a card's number, say);
    # without it, the tree's edges are the actions themselves.

    def evaluate(self, state: GameState) -> Sequence[float]:
        """Each seat's reward in [0, 1] at a horizon or the end of the game."""
        ...


@dataclass(slots=True)
class SearchStats:
    iterations: int = 0
    seconds: float = 0.0


class _Node:
    __slots__ = ("action", "player", "children", "visits", "avail", "reward")

    def __init__(self, action: Move | None, player: int) -> None:
        self.action = action
        self.player = player
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class ISMCTSBot:
    """A search bot: thinks within its budget, sees only its own observation."""

    def __init__(self, level: str, hints: SearchHints, budget: Budget,
                 exploration: float = 0.7,
                 clock: Callable[[], float] = time.perf_counter,
                 own_moves_only: bool = False) -> None:
        self.level = level
        self.hints = hints
        self.budget = budget
        self.exploration = exploration
        self.clock = clock
        #: Search only this seat's own decisions; every other seat moves by the game's
        #: rollout policy, which decides from what that seat could know.  A partner in a
        #: cooperative game is then modelled as a player who cannot see our hand, instead
        #: of one who answers every move as if it could.
        self.own_moves_only = own_moves_only
        self.me = -1
        self.last = SearchStats()
        #: The game's whole-rollout fast path, if it has one.
        self._play_out: Callable[[GameState, object, random.Random], None] | None = getattr(
            hints, "play_out", None)

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """The action the search over states drawn from ``observation`` visited most,
        within the budget (the only one, when forced)."""
        self.last = SearchStats()  # no search, until there is one
        if len(legal) == 1:
            return legal[0]
        clock = self.clock
        started = clock()
        deadline = started + self.budget.seconds
        hints = self.hints
        marker = hints.horizon(observation)
        stop = None if marker is None else hints.stop
        edge = getattr(hints, "edge", None)
        by_edge: dict[Move, Action] = {edge(a) if edge is not None else a: a for a in legal}
        self.me = int(getattr(observation, "seat", -1))
        fast = random.Random(rng.next_u64())  # C-speed randomness for the inner loops
        root = _Node(None, -1)
        iterations = 0
        while iterations < self.budget.iterations:
            if iterations & 3 == 0 and clock() >= deadline:
                break
            iterations += 1
            state = hints.sample(observation, fast)
            path = self._descend(root, state, marker, stop, fast)
            if self._play_out is not None:
                self._play_out(state, marker, fast)
            while not state.is_over and (stop is None or not stop(state, marker)):
                player = _mover(state)
                if player == NATURE:
                    _nature(state)
                else:
                    state.apply_unchecked(hints.rollout(state, fast), player)
            rewards = hints.evaluate(state)
            for node in path:
                node.visits += 1
                node.reward += rewards[node.player]
        self.last = SearchStats(iterations, clock() - started)
        ranked = [c for a, c in root.children.items() if a in by_edge]
        if not ranked:
            return rng.choice(legal)
        best = max(ranked, key=lambda c: (c.visits, c.reward))
        return by_edge[best.action]

    def _descend(self, root: _Node, state: GameState, marker: object,
                 stop: Callable[[GameState, object], bool] | None,
                 rng: random.Random) -> list[_Node]:
        """Selection and expansion: walk the tree, add one node, return the path."""
        hints = self.hints
        candidates, rollout = hints.candidates, hints.rollout
        node = root
        path: list[_Node] = []
        c = self.exploration
        own_only = self.own_moves_only
        me = self.me
        _log, _sqrt = log, sqrt
        while not state.is_over and (stop is None or not stop(state, marker)):
            player = state.current_player
            if player < 0:
                if _mover(state) == NATURE:  # (or it refuses the position)
                    _nature(state)
                    continue
            if own_only and player != me:
                state.apply_unchecked(rollout(state, rng), player)
                continue
            children = node.children
            # One pass: count each known child available, score it (until an untried
            # action turns up: then one of those is expanded instead).
            untried: list[Move] = []
            best: _Node | None = None
            best_score = -1.0
            for a in candidates(state):  # one lookup per action: this loop is hot
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                avail = child.avail = child.avail + 1
                if not untried:
                    visits = child.visits
                    score = child.reward / visits + c * _sqrt(_log(avail) / visits)
                    if score > best_score:
                        best, best_score = child, score
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = _Node(action, player)
                children[action] = child
                state.apply_unchecked(action, player)
                path.append(child)
                return path
            assert best is not None
            assert best.action is not None
            state.apply_unchecked(best.action, player)
            path.append(best)
            node = best
        return path


def _nature(state: GameState) -> None:
    step = state.nature_action()
    assert step is not None
    state.apply_unchecked(step, NATURE)
