"""What a game's table spec sees of the table: a read-only view and the drawing tools.

A spec draws the game (zones, pieces, decor, its own animations) from the seat's
observation and the moves the kit derived; it never applies actions, changes who
looks or reaches into the kit's controls.  :class:`Sight` is all it gets: the seat
looking and what it may see, names, the frame and the picture's zones, and the
kit's animation tools.  A real-time game whose own input acts for several seats at
one keyboard (Anomia's buzzers) does so through :meth:`Sight.act_for`, checked by
the rules like any other action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.events import Move
from tabletop.engine.match import Match
from tabletop.engine.protocol import Action, Event, Observation
from tabletop.play.words import Teller
from tabletop.ui.compositor import Sprite
from tabletop.ui.context import Context
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.interaction import Moves
from tabletop.ui.table.parts import SeenTable
from tabletop.ui.table.picture import Decor, Picture
from tabletop.ui.table.zones import Piece
from tabletop.ui.tween import Tween

if TYPE_CHECKING:
    from tabletop.net.client import RemoteSeat

__all__ = ["Sight"]


class Sight:
    """The table as a game's spec sees it."""

    def __init__(self, table: SeenTable) -> None:
        self._table = table
        self.ctx: Context = table.ctx

    # -- who looks, and what they may see -------------------------------------------------
    @property
    def match(self) -> Match:
        """The match (its seats and, for the results picture, the finished game)."""
        return self._table.match

    @property
    def joined(self) -> RemoteSeat | None:
        """The seat, as it was told, of a table hosted on another computer (``None``:
        the game is played here)."""
        return self._table.joined

    @property
    def obs(self) -> Observation:
        """What the viewer's seat may know now."""
        return self._table.session.obs

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the table shows (``None``: nobody's, a curtain is down)."""
        return self._table.session.viewer

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom of the table."""
        return self._table.session.bottom

    @property
    def private(self) -> bool:
        """Whether the viewer's own hidden cards may show (no curtain pending)."""
        return self._table.session.private

    @property
    def awaiting_handoff(self) -> bool:
        """Whether the table waits for the next player behind the curtain."""
        return self._table.session.awaiting_handoff

    @property
    def humans(self) -> list[int]:
        """The seats people play."""
        return self._table.session.humans

    @property
    def thinking(self) -> set[int]:
        """The seats whose bots are thinking now."""
        return self._table.session.thinking

    @property
    def now_ms(self) -> int:
        """The game clock of a real-time game (0 in turn-based ones)."""
        return int(getattr(self._table.session.driver, "now_ms", 0))

    def far(self, seat: int) -> str:
        """For a seat played from another computer, "here", or "away" while its player
        is gone (the seat waits); "" for any other seat."""
        session = self._table.session
        if not session.match.seats[seat].is_remote:
            return ""
        return "away" if seat in session.away else "here"

    def name(self, seat: int) -> str:
        """``seat``'s name as the table writes it ("You" for the viewer)."""
        return self._table.session.name(seat)

    def viewer_acts(self) -> bool:
        """Whether the viewer may act now."""
        return self._table.session.viewer_acts()

    def my_turn(self) -> bool:
        """Whether it is the viewer's turn and the table is ready for it."""
        return self._table.my_turn()

    def moves(self) -> Moves:
        """The viewer's moves now, derived from the legal actions."""
        return self._table.moves()

    def teller(self) -> Teller:
        """How the log speaks at this table: names, and whom it calls "you"."""
        return self._table.chrome.teller()

    def describe(self, event: Event) -> str | None:
        """The log line for ``event``, in the game's words (its listing's), as this
        table tells it."""
        return self._table.chrome.describe(event)

    # -- where things are -------------------------------------------------------------------
    @property
    def frame(self) -> Frame:
        """Where everything is, at this window's size."""
        return self._table.frame

    @property
    def picture(self) -> Picture:
        """The table's sprites and zones as drawn."""
        return self._table.picture

    # -- drawing tools --------------------------------------------------------------------------
    def carry(self, moves: Sequence[Move]) -> list[Tween]:
        """Fly the pieces of ``moves`` as the kit does by default."""
        return self._table.player.carry(moves)

    def put(self, zone_id: str, piece: Piece) -> list[Tween]:
        """Add a piece no move brought (a marker, say)."""
        return self._table.player.put(zone_id, piece)

    def turn(self, zone_id: str, piece: Piece, seconds: float = 0.3) -> list[Tween]:
        """Turn over, where it lies, the piece in ``piece``'s slot: it becomes ``piece``."""
        return self._table.player.turn(zone_id, piece, seconds)

    def remove(self, zone_id: str, keep: Callable[[Piece], bool]) -> None:
        """Take away the pieces of a zone that ``keep`` refuses."""
        self._table.player.remove(zone_id, keep)

    def effect(self, sprite: Sprite) -> Sprite:
        """A sprite that lasts until the end of the action's animation (a glow, a banner)."""
        return self._table.player.effect(sprite)

    def refresh(self, seconds: float = 0.0) -> list[Tween]:
        """Bring the picture up to the game (pieces that moved slide over ``seconds``)."""
        return self._table.refresh(seconds)

    def live_decor(self, items: list[Decor]) -> None:
        """Decor that changes by itself (a clock, a typed answer)."""
        self._table.live_decor(items)

    def light(self, rect: pygame.Rect) -> None:
        """Light a place for a hint the kit cannot light by itself (a draw pile)."""
        self._table.controls.show_hint(None, None, rect)

    def toast(self, message: str, kind: str = "info", seconds: float = 3.2) -> None:
        """Show ``message`` for ``seconds`` (``kind`` "info", "error" or "good")."""
        self._table.chrome.toast(message, kind, seconds)

    @property
    def showing(self) -> str:
        """The words of the toast on screen ("" when none is)."""
        return self._table.chrome.showing

    def illegal(self, reason: str) -> None:
        """A move was refused: say ``reason`` and put the piece back."""
        self._table.illegal(reason)

    # -- a real-time game's own input ---------------------------------------------------------
    def act_for(self, seat: int, action: Action) -> bool:
        """``action`` by a human ``seat`` at this screen, taken now; refused with the
        rules' reason if it is not legal."""
        session = self._table.session
        if seat not in session.humans:
            return False
        action = session.driver.stamp(action)
        reason = session.match.state.check(action, seat)
        if reason is not None:
            self.illegal(reason)
            return False
        return session.apply(action, seat)
