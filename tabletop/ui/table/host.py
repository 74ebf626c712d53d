"""The table as its parts see it (:class:`TableHost`).

The chrome, the controls, the event player, the guide, the hints and the stage each
get the table scene (:class:`~tabletop.ui.table.scene.Table`) that owns them; they
know it by this protocol, so that they need not import the scene that imports them.
"""

from __future__ import annotations

from typing import Protocol

from tabletop.engine.protocol import Action
from tabletop.engine.registry import GameEntry
from tabletop.play.catalogue import Listing
from tabletop.ui.compositor import Compositor
from tabletop.ui.flow import Flow
from tabletop.ui.table.jobs import FrameJobs
from tabletop.ui.table.parts import GuidePart, HintsPart, SeenTable
from tabletop.ui.table.spec import TableSpec, View
from tabletop.ui.tween import Animator, Tween

__all__ = ["TableHost"]


class TableHost(SeenTable, Protocol):
    """The table scene as its parts use it."""

    #: The results have been asked for (once a game).
    results_shown: bool

    @property
    def entry(self) -> GameEntry:
        """The game as the engine knows it."""

    @property
    def listing(self) -> Listing:
        """The game as the shell shows it (its presenter, its log's words)."""

    @property
    def spec(self) -> TableSpec:
        """The game's table spec."""

    @property
    def compositor(self) -> Compositor:
        """What draws the sprites, dirty rectangles only."""

    @property
    def animator(self) -> Animator:
        """The tweens running now."""

    @property
    def jobs(self) -> FrameJobs:
        """Work postponed to a quiet frame."""

    @property
    def guide(self) -> GuidePart:
        """The first-game notes."""

    @property
    def hints(self) -> HintsPart:
        """The hint and the guided turns."""

    @property
    def clock(self) -> float:
        """Seconds the table has been shown."""

    @property
    def offers_hints(self) -> bool:
        """Whether the Hint button is shown (a replay has none)."""

    @property
    def animating(self) -> bool:
        """Whether something still moves on the table."""

    def view(self) -> View:
        """The game's picture of the viewer's observation now."""

    def refresh(self, seconds: float = 0.0, view: View | None = None) -> list[Tween]:
        """Move every piece to where ``view`` (by default, the game's view now) puts it,
        in ``seconds``."""

    def layout(self) -> None:
        """Place the zones again (a new size, a new side at the bottom)."""

    def redraw(self) -> None:
        """Draw the whole table again."""

    def press(self, action: Action) -> None:
        """The viewer makes ``action`` (a step of a move, checked by the rules)."""

    def hint(self) -> None:
        """Ask for a hint."""

    def undo(self) -> None:
        """Take the last move back, if allowed."""

    def redo(self) -> None:
        """Play a taken-back move again."""

    def open_pause(self) -> Flow:
        """The pause menu over the table."""

    def open_rules(self) -> Flow:
        """The rules page over the table."""

    def ask(self, flow: Flow) -> None:
        """Open ``flow`` when the table's handler next returns (a part asks for a screen)."""
