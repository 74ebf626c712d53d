"""What the shell says about a game of Anno (no pygame, no rules logic)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tabletop.play.presenter import Presenter

if TYPE_CHECKING:  # the rules load only when a game is made (a quick start)
    from tabletop.engine.protocol import GameState
    from tabletop.games.anno.rules import AnnoState

__all__ = ["AnnoPresenter"]


class AnnoPresenter(Presenter):
    coach = "tabletop.games.anno.coach"
    round_name = "Round"

    def progress_line(self, state: GameState) -> str:
        """Where the game stands, for the Continue button: "round 3 of 12"."""
        anno = cast("AnnoState", state)
        rounds = anno.game.rounds
        return f"round {min(anno.round_no + 1, rounds)} of {rounds}"

    def score_history(self, state: GameState) -> list[list[int]]:
        anno = cast("AnnoState", state)
        return [[p - m for p, m in zip(plus, minus)]
                for plus, minus in zip(anno.round_plus, anno.round_minus)]

    def tie_break_note(self, state: GameState) -> str:
        totals = state.scores()
        if not state.is_over or totals.count(max(totals)) < 2:
            return ""
        return "Tied on points: the win is shared."
