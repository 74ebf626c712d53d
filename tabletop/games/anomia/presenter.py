"""What the shell says about a round of Anomia (no pygame, no rules logic)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tabletop.engine.presenter import Presenter

if TYPE_CHECKING:  # the rules load only when a game is made (a quick start)
    from tabletop.engine.protocol import GameState
    from tabletop.games.anomia.rules import AnomiaState

__all__ = ["AnomiaPresenter"]


class AnomiaPresenter(Presenter):
    def progress_line(self, state: GameState) -> str:
        """Cards left to draw, for the Continue button."""
        round_ = cast("AnomiaState", state)
        left = len(round_.draw[0]) + len(round_.draw[1])
        return f"{left} card{'s' if left != 1 else ''} left to draw"
