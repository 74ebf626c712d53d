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
    def entry(self) -> GameEntry: ...

    @property
    def listing(self) -> Listing:
        """The game as the shell shows it (its presenter, its log's words)."""

    @property
    def spec(self) -> TableSpec: ...

    @property
    def compositor(self) -> Compositor: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def jobs(self) -> FrameJobs: ...

    @property
    def guide(self) -> GuidePart: ...

    @property
    def hints(self) -> HintsPart: ...

    @property
    def clock(self) -> float:
        """Seconds the table has been shown."""

    @property
    def offers_hints(self) -> bool: ...

    @property
    def animating(self) -> bool: ...

    def view(self) -> View: ...

    def refresh(self, seconds: float = 0.0, view: View | None = None) -> list[Tween]: ...

    def layout(self) -> None: ...

    def redraw(self) -> None: ...

    def press(self, action: Action) -> None: ...

    def hint(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def open_pause(self) -> Flow: ...

    def open_rules(self) -> Flow: ...

    def ask(self, flow: Flow) -> None: ...
