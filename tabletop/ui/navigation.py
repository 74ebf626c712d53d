"""Going from screen to screen: one object on the context knows every scene.

Scenes ask ``ctx.nav`` to open another screen instead of importing it themselves, so
the screens do not depend on each other and the whole flow of the app reads here:
main menu → setup → (a game's prelude, e.g. the storybook) → table ⇄ pause, rules,
settings, curtain → results → menu or another game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import GameEntry
from tabletop.ui.scenes.choice import Answer, ChoiceScene
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.message import MessageScene

if TYPE_CHECKING:
    from tabletop.ui.context import Context
    from tabletop.ui.scenes.pause import PausedTable
    from tabletop.ui.scenes.results import Picture

# The screens past the main menu (the table kit above all) are imported when first
# opened, so the menu comes up without waiting for them.

__all__ = ["Navigator"]


class Navigator:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # -- the way through a game ----------------------------------------------------
    def menu(self) -> None:
        """Back to the main menu, whatever is open."""
        self.ctx.scenes.reset(MainMenu(self.ctx))

    def setup(self, entry: GameEntry) -> None:
        from tabletop.ui.scenes.setup import SetupScene

        self.ctx.scenes.push(SetupScene(self.ctx, entry))

    def prelude(self, entry: GameEntry, seats: Sequence[Seat], options: Mapping[str, Any],
                seed: int | None = None) -> None:
        """A game's own screen before the table (Anniversary's storybook), in place of
        the screen on top."""
        assert entry.load_prelude is not None
        scene = entry.load_prelude()(self.ctx, entry, seats, options, seed=seed)
        self.ctx.scenes.replace(scene)

    def tutorial(self, entry: GameEntry) -> None:
        """A game's tutorial (Anno's "Sort the year"), over the screen on top."""
        assert entry.tutorial is not None
        self.ctx.scenes.push(entry.tutorial[1]()(self.ctx, entry))

    def start(self, match: Match) -> None:
        """A new match: saved at once (so Continue finds it), then its table."""
        try:
            self.ctx.storage.save_match(match)
        except OSError as error:
            self.ctx.notices.append(f"The game cannot be saved ({error.strerror}).")
        self.table(match)

    def table(self, match: Match, resumed: bool = False) -> None:
        """The match's table, in place of the screen on top (unless that is the menu)."""
        from tabletop.ui.table import make_table

        if match.entry.load_table is None:
            self.ctx.notices.append(f"{match.entry.title} has no table yet.")
            return
        scene = make_table(self.ctx, match, resumed)
        top = self.ctx.scenes.top
        if top is not None and not isinstance(top, MainMenu):
            self.ctx.scenes.replace(scene)
        else:
            self.ctx.scenes.push(scene)

    def results(self, match: Match, picture: Picture | None = None) -> None:
        from tabletop.ui.scenes.results import ResultsScene

        self.ctx.scenes.push(ResultsScene(self.ctx, match, picture))

    # -- over the table or a menu --------------------------------------------------
    def pause(self, table: PausedTable) -> None:
        from tabletop.ui.scenes.pause import PauseScene

        self.ctx.scenes.push(PauseScene(self.ctx, table))

    def rules(self, entry: GameEntry) -> None:
        from tabletop.ui.scenes.rules import RulesScene

        self.ctx.scenes.push(RulesScene(self.ctx, entry))

    def statistics(self) -> None:
        from tabletop.ui.scenes.statistics import StatisticsScene

        self.ctx.scenes.push(StatisticsScene(self.ctx))

    def settings(self) -> None:
        from tabletop.ui.scenes.settings import SettingsScene

        self.ctx.scenes.push(SettingsScene(self.ctx))

    def curtain(self, name: str, on_ready: Callable[[], None], reason: str = "",
                on_menu: Callable[[], None] | None = None,
                card_back: str = "card_back.svg") -> None:
        from tabletop.ui.scenes.curtain import Curtain

        self.ctx.scenes.push(Curtain(self.ctx, name, on_ready, reason, on_menu=on_menu,
                                     card_back=card_back))

    def ask(self, title: str, message: str, answers: Sequence[Answer]) -> None:
        """A question with two or three answers; Esc takes the last."""
        self.ctx.scenes.push(ChoiceScene(self.ctx, title, message, answers))

    def tell(self, title: str, message: str) -> None:
        self.ctx.scenes.push(MessageScene(self.ctx, title, message))

    def back(self) -> None:
        """Close the screen on top."""
        self.ctx.scenes.pop()
