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
from typing import Protocol

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
              this_move: bool = False) -> None: ...

    def teller(self) -> Teller: ...

    def describe(self, event: Event) -> str | None:
        """The log line for ``event``, in the game's words, as this table tells it."""

    def log_event(self, event: Event) -> None: ...

    def scroll_log(self, steps: int) -> None: ...

    def rebuild_log(self) -> None: ...


class ChoicePart(Protocol):
    """The viewer's hands on the table: the piece chosen and the one held."""

    @property
    def focus(self) -> tuple[str, int] | None: ...

    @property
    def hovered(self) -> tuple[str, int] | None: ...

    @property
    def grabbed(self) -> object | None:
        """The piece held with the mouse, if any."""

    def cancel_drag(self) -> None: ...

    def key_words(self, control: Control) -> str: ...

    def show_hint(self, spot: tuple[str, int] | None, option: Option | None,
                  button: pygame.Rect | None = None, press: Press | None = None) -> None: ...


class PlayerPart(Protocol):
    """Turns events into animations, and lends a game's spec its tools."""

    def play(self, events: Sequence[Event]) -> None: ...

    def carry(self, moves: Sequence[Move], stagger: float | None = None) -> list[Tween]: ...

    def put(self, zone_id: str, piece: Piece) -> list[Tween]: ...

    def turn(self, zone_id: str, piece: Piece, seconds: float) -> list[Tween]: ...

    def remove(self, zone_id: str, keep: Callable[[Piece], bool]) -> None: ...

    def effect(self, sprite: Sprite) -> Sprite: ...


class GuidePart(Protocol):
    """First-game notes."""

    def first_turn(self) -> None: ...

    def played(self, event: Event) -> None: ...

    def coach(self, why: str) -> None: ...

    def make_room(self) -> None: ...


class HintsPart(Protocol):
    """The hint and a first game's guided turns."""

    @property
    def asked_at(self) -> int:
        """The position the player last asked for a hint in."""

    def guide_turn(self) -> bool: ...


class SeenTable(Protocol):
    """The table without its game's spec (what :class:`Sight` shows a spec of it)."""

    @property
    def ctx(self) -> Context: ...

    @property
    def match(self) -> Match: ...

    @property
    def session(self) -> Session: ...

    @property
    def frame(self) -> Frame: ...

    @property
    def picture(self) -> Picture: ...

    @property
    def chrome(self) -> ChromePart: ...

    @property
    def controls(self) -> ChoicePart: ...

    @property
    def player(self) -> PlayerPart: ...

    def my_turn(self) -> bool: ...

    def moves(self) -> Moves: ...

    def illegal(self, reason: str) -> None: ...

    def live_decor(self, items: list[Decor]) -> None: ...

    def refresh(self, seconds: float = 0.0, view: None = None) -> list[Tween]: ...
