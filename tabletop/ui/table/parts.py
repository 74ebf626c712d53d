"""The table's parts as the other parts see them: what each one offers the rest.

The table scene (:mod:`.scene`) owns its chrome, controls, event player, guide and
hints, and hands itself to each; a part reaches the others through it.  These
protocols name what is reached, so that no part imports another part or the scene,
and :class:`SeenTable` is the table without its game's spec, as
:class:`~tabletop.ui.table.sight.Sight` needs it.  The full table, spec and all, is
:class:`~tabletop.ui.table.host.TableHost`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from tabletop.engine.events import Move
from tabletop.engine.match import Match
from tabletop.engine.protocol import Event
from tabletop.play.session import Session
from tabletop.play.words import Teller
from tabletop.ui.compositor import Sprite
from tabletop.ui.context import Context
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.interaction import Control, Moves, Option, Press
from tabletop.ui.table.picture import Decor, Picture
from tabletop.ui.table.zones import Piece
from tabletop.ui.tween import Tween

if TYPE_CHECKING:
    from tabletop.net.client import RemoteSeat

__all__ = ["ChoicePart", "ChromePart", "GuidePart", "HintsPart", "PlayerPart", "SeenTable"]


class ChromePart(Protocol):
    """The frame around the game: the toast and the log."""

    @property
    def showing(self) -> str:
        """The toast's message while it is on screen ("" when none is)."""

    @property
    def showing_kind(self) -> str:
        """And its kind ("info", "error")."""

    def toast(self, message: str, kind: str = "info", seconds: float = ...,
              this_move: bool = False) -> None:
        """Show ``message`` for ``seconds`` (``kind`` "info", "error" or "good")."""

    def step_aside(self) -> None:
        """Move the toast off the places just lit, if it covers one."""

    def teller(self) -> Teller:
        """How the log speaks at this table."""

    def describe(self, event: Event) -> str | None:
        """The log line for ``event``, in the game's words, as this table tells it."""

    def log_event(self, event: Event) -> None:
        """Add ``event``'s line to the log (if it has one)."""

    def log_line(self, line: str | None) -> None:
        """Add a line to the log (told by a host across the network)."""

    def scroll_log(self, steps: int) -> None:
        """The wheel over the log: up shows older lines, down newer ones."""

    def rebuild_log(self) -> None:
        """Re-tell the log for the current viewer (private details change with the viewer)."""


class ChoicePart(Protocol):
    """The viewer's hands on the table: the piece chosen and the one held."""

    @property
    def focus(self) -> tuple[str, int] | None:
        """The piece chosen with the keys, as (zone, index)."""

    @property
    def hovered(self) -> tuple[str, int] | None:
        """The piece under the pointer, as (zone, index)."""

    @property
    def grabbed(self) -> object | None:
        """The piece held with the mouse, if any."""

    def cancel_drag(self) -> None:
        """Drop what is held without moving it."""

    def key_words(self, control: Control) -> str:
        """The keys that press ``control``, as a player reads them."""

    def show_hint(self, spot: tuple[str, int] | None, option: Option | None,
                  button: pygame.Rect | None = None, press: Press | None = None) -> None:
        """Light a hinted move: choose its piece at ``spot`` and aim at ``option``'s place."""


class PlayerPart(Protocol):
    """Turns events into animations, and lends a game's spec its tools."""

    def play(self, events: Sequence[Event]) -> None:
        """Animate ``events`` (and log them)."""

    def carry(self, moves: Sequence[Move], stagger: float | None = None) -> list[Tween]:
        """Tweens that carry pieces along ``moves`` (``stagger`` seconds apart)."""

    def put(self, zone_id: str, piece: Piece) -> list[Tween]:
        """Tweens that bring ``piece`` into zone ``zone_id``."""

    def turn(self, zone_id: str, piece: Piece, seconds: float) -> list[Tween]:
        """Tweens that turn ``piece`` over where it lies, in ``seconds``."""

    def remove(self, zone_id: str, keep: Callable[[Piece], bool]) -> None:
        """A special animation takes away the pieces of a zone that ``keep`` refuses."""

    def effect(self, sprite: Sprite) -> Sprite:
        """A sprite that lasts until the end of the action's animation (a glow, a banner)."""


class GuidePart(Protocol):
    """First-game notes."""

    def first_turn(self) -> None:
        """The viewer's first turn: offer the notes that wait for no event."""

    def played(self, event: Event) -> None:
        """``event`` happened: offer the notes it brings up."""

    def coach(self, why: str) -> None:
        """Say why the move lit on a guided turn is good."""

    def make_room(self) -> None:
        """A message or a panel came up: move the note if they overlap."""


class HintsPart(Protocol):
    """The hint and a first game's guided turns."""

    @property
    def asked_at(self) -> int:
        """The position the player last asked for a hint in."""

    def guide_turn(self) -> bool:
        """Whether this turn of a first game lights a good move by itself."""


class SeenTable(Protocol):
    """The table without its game's spec (what :class:`Sight` shows a spec of it)."""

    @property
    def ctx(self) -> Context:
        """The shared services (assets, text, audio, settings, storage)."""

    @property
    def match(self) -> Match:
        """The match played here."""

    @property
    def session(self) -> Session:
        """The match being played, without the pixels."""

    @property
    def joined(self) -> RemoteSeat | None:
        """The seat, as it was told, of a table hosted on another computer (``None``:
        the game is played here)."""

    @property
    def frame(self) -> Frame:
        """Where everything is, at this window's size."""

    @property
    def picture(self) -> Picture:
        """The table's sprites and zones as drawn."""

    @property
    def chrome(self) -> ChromePart:
        """The frame around the game: toasts and the log."""

    @property
    def controls(self) -> ChoicePart:
        """The viewer's hands on the table."""

    @property
    def player(self) -> PlayerPart:
        """What turns events into animations."""

    def my_turn(self) -> bool:
        """Whether it is the viewer's turn and the table is ready for it."""

    def moves(self) -> Moves:
        """The viewer's moves now, derived from the legal actions."""

    def illegal(self, reason: str) -> None:
        """A move was refused: say ``reason`` and put the piece back."""

    def live_decor(self, items: list[Decor]) -> None:
        """Decor that changes by itself (a clock, a typed answer), over the last view's."""

    def refresh(self, seconds: float = 0.0, view: None = None) -> list[Tween]:
        """Move every piece to where the game's view now puts it, in ``seconds``."""
