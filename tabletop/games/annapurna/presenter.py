"""What the shell says about an ascent of Annapurna (no pygame, no rules logic)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from tabletop.play.presenter import Presenter, Tone

if TYPE_CHECKING:  # the rules load only when a game is made (a quick start)
    from tabletop.engine.protocol import GameState
    from tabletop.games.annapurna.rules import AnnapurnaState

__all__ = ["AnnapurnaPresenter"]

POINT_WORDS = ("no summit point", "one summit point", "two summit points", "three summit points")
FLAG_WORDS = ("no flag", "one flag", "two flags")


class AnnapurnaPresenter(Presenter):
    coach = "tabletop.games.annapurna.coach"
    round_name = "Ascent"

    def progress_line(self, state: GameState) -> str:
        """Where the ascent stands, for the Continue button."""
        from tabletop.games.annapurna.info import LEVEL_NAMES

        climb = cast("AnnapurnaState", state)
        up = sum(1 for p in climb.peak if p)
        return f"{LEVEL_NAMES[climb.game.level]} · {up} of {climb.n} at the peak"

    def results_lines(self, state: GameState, names: Sequence[str]) -> list[tuple[str, Tone]]:
        climb = cast("AnnapurnaState", state)
        lines: list[tuple[str, Tone]] = [(climb.reason, "good" if climb.won else "bad")]
        for seat, name in enumerate(names):
            points = climb.summit_points(seat)
            balance = climb.balance(seat)
            where = "balanced" if balance == 0 else f"out of balance by {abs(balance)}"
            flags = sum(1 for place in climb.planted[seat] if place >= 0)
            flag = f", {FLAG_WORDS[flags]} planted" if flags else ""
            lines.append((f"{name}: {POINT_WORDS[points]}, {where}{flag}.", ""))
        return lines

    def score_history(self, state: GameState) -> list[list[int]]:
        return []

    def tie_break_note(self, state: GameState) -> str:
        return ""
