"""The words and figures the shell shows about a game, kept apart from its rules.

Each game gives its catalogue listing a :class:`Presenter`.  The main menu asks it
where a saved game stands, the results screen how the game ended, and a hint why
the move it lights is a good one.  It reads a
state and returns plain text and numbers: no pygame, and nothing the rules need.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.engine.match import LogEntry
    from tabletop.engine.protocol import Action, GameState, Observation

__all__ = ["Deferred", "Presenter", "Tone"]

#: How a results line reads: "good", "bad" or "" (neutral).
Tone = str


class Presenter:
    """Defaults that say nothing; a game overrides what it has words for."""

    #: What one column of the results chart is called ("Hand", "Round").
    round_name = "Round"
    #: The module (dotted name) whose ``explain(observation, action)`` says why a move is
    #: good; loaded on first use, so the shell starts without a game's rules.
    coach = ""

    def progress_line(self, state: GameState) -> str:
        """Where the game stands ("hand 2 of 4"), shown with Continue; "" for nothing."""
        return ""

    def results_lines(self, state: GameState, names: Sequence[str]) -> list[tuple[str, Tone]]:
        """A cooperative game's account of its ending, line by line; empty for the
        standings view."""
        return []

    def tie_break_note(self, state: GameState) -> str:
        """A sentence on how a tie for first place was settled; "" if there was none."""
        return ""

    def score_history(self, state: GameState) -> list[list[int]]:
        """Points per seat in each finished round, for the results chart."""
        return []

    def story(self, log: Sequence[LogEntry], players: int, seat: int) -> dict[str, Any] | None:
        """How the game went, as its results picture tells it, read from the match's
        ``log`` as ``seat`` may know it, in plain data (JSON); ``None`` if the picture
        needs no more than the final position.  A host sends it to a seat at another
        computer when the game ends, since such a seat is told no events."""
        return None

    def explain(self, observation: Observation, action: Action) -> str:
        """Why ``action`` is a good move for the seat that sees ``observation``, in a
        sentence a newcomer follows (the hint and a first game's guided turns say it);
        "" for nothing to add.  Only the observation is read: a hint knows no more
        than its seat."""
        if not self.coach:
            return ""
        return str(importlib.import_module(self.coach).explain(observation, action))


class Deferred(Presenter):
    """A game's presenter imported on first use (``module``'s class ``name``), so that
    building the catalogue does not load each game's rules: the menu comes up sooner."""

    def __init__(self, module: str, name: str) -> None:
        self._where = (module, name)
        self._real: Presenter | None = None

    @property
    def real(self) -> Presenter:
        """The presenter itself, imported on first use."""
        if self._real is None:
            module, name = self._where
            made = getattr(importlib.import_module(module), name)()
            assert isinstance(made, Presenter)
            self._real = made
        return self._real

    @property
    def round_name(self) -> str:  # type: ignore[override]
        return self.real.round_name

    @property
    def coach(self) -> str:  # type: ignore[override]
        return self.real.coach

    def progress_line(self, state: GameState) -> str:
        return self.real.progress_line(state)

    def results_lines(self, state: GameState, names: Sequence[str]) -> list[tuple[str, Tone]]:
        return self.real.results_lines(state, names)

    def tie_break_note(self, state: GameState) -> str:
        return self.real.tie_break_note(state)

    def score_history(self, state: GameState) -> list[list[int]]:
        return self.real.score_history(state)

    def story(self, log: Sequence[LogEntry], players: int, seat: int) -> dict[str, Any] | None:
        return self.real.story(log, players, seat)

    def explain(self, observation: Observation, action: Action) -> str:
        return self.real.explain(observation, action)
