"""What the shell says about a game of Enemy Anemone (no pygame, no rules logic)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tabletop.play.presenter import Presenter

if TYPE_CHECKING:  # the rules load only when a game is made (a quick start)
    from tabletop.engine.protocol import GameState
    from tabletop.games.enemy_anemone.rules import EnemyAnemoneState

__all__ = ["EnemyAnemonePresenter"]


class EnemyAnemonePresenter(Presenter):
    coach = "tabletop.games.enemy_anemone.coach"
    round_name = "Hand"

    def progress_line(self, state: GameState) -> str:
        """Where the game stands, for the Continue button: "hand 2 of 4"."""
        sea = cast("EnemyAnemoneState", state)
        hands = sea.game.hands
        return f"hand {min(sea.hand_no + 1, hands)} of {hands}"

    def score_history(self, state: GameState) -> list[list[int]]:
        return [list(points) for points in cast("EnemyAnemoneState", state).hand_points]

    def tie_break_note(self, state: GameState) -> str:
        """A sentence when anemones decided (or could not decide) a tie for first place."""
        totals = state.scores()
        best = max(totals)
        tied = [s for s, total in enumerate(totals) if total == best]
        if not state.is_over or len(tied) < 2:
            return ""
        shares = state.outcome()
        if sum(1 for s in tied if shares[s] > 0) == 1:
            return "The tie on points was broken by anemones left over."
        return "Tied on points and on anemones: the win is shared."
