"""What a game tells the table kit: its zones, how an observation maps to pieces,
which drops mean which action, its keys, its special animations and its art.

A game's table is a :class:`TableSpec` subclass.  Everything else — dragging,
clicking and keys, asking the engine, gliding back with the reason, animating
moves, bots, curtains, saving, the log — is the kit's (:mod:`tabletop.ui.table.scene`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, ClassVar

import pygame

from tabletop.engine.protocol import Action, Event, Observation, Zone as EngineZone
from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.cards import ImageCache
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.table.zones import BACK, Hidden, Pile, Piece, Zone
from tabletop.ui.widgets.base import panel_surface
from tabletop.ui.widgets.hidden_hand import hidden_hand_image
from tabletop.ui.widgets.pile import pile_image
from tabletop.ui.widgets.seat_panel import SeatInfo, seat_panel_image
from tabletop.ui.tween import Tween

if TYPE_CHECKING:
    from tabletop.ui.table.frame import Frame
    from tabletop.ui.table.guide import GuideNote
    from tabletop.ui.table.scene import Table

__all__ = ["InfoLine", "Step", "Target", "TableSpec", "View"]


@dataclass(frozen=True)
class Target:
    """Dropping (or playing) a piece on zone ``zone`` means ``action`` (then the steps
    in ``then``, each checked in turn: declare a month, then add the card to it).
    ``area`` narrows the drop to part of the zone (one column of a grid)."""

    zone: str
    action: Action
    label: str = ""
    area: tuple[int, int, int, int] | None = None
    then: tuple[Action, ...] = ()

    @property
    def steps(self) -> tuple[Action, ...]:
        return (self.action, *self.then)


@dataclass(frozen=True)
class InfoLine:
    """A line of the information panel: ``style`` is "title", "", "soft" or "accent"."""

    text: str
    style: str = ""


@dataclass
class View:
    """The picture a game wants for one observation."""

    zones: dict[str, list[Piece]] = field(default_factory=dict)
    decor: list[Decor] = field(default_factory=list)
    #: The line above the viewer's hand; ``urgent`` when it asks the viewer to act.
    prompt: str = ""
    urgent: bool = False
    info: list[InfoLine] = field(default_factory=list)


#: A special animation for one event: called when its turn comes, returns tweens.
Step = Callable[[], Iterable[Tween] | None]


class TableSpec:
    """Defaults for everything but the art, the zones and the view."""

    #: The game's card back (under ``art/``), shown on the hand-off curtain.
    CARD_BACK: ClassVar[str] = "card_back.svg"
    #: Seconds a card takes to fly to its place.
    FLIGHT: ClassVar[float] = 0.34
    #: Delay between the cards of a deal.
    STAGGER: ClassVar[float] = 0.03

    def __init__(self, table: Table) -> None:
        self.table = table
        self.ctx = table.ctx

    # -- the game's part ---------------------------------------------------------
    @property
    def faces(self) -> ImageCache:
        """Every face the game's pieces can show, at any size."""
        raise NotImplementedError

    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        """The zones, placed inside ``frame.play`` for the seat at the bottom."""
        raise NotImplementedError

    def zone_of(self, zone: EngineZone) -> str | None:
        """The table zone that pictures an engine zone (``None``: not shown)."""
        return None

    def view(self, obs: Observation) -> View:
        """The pieces of every zone, the decor, the prompt and the information panel."""
        raise NotImplementedError

    def targets(self, zone: str, piece: Piece) -> list[Target]:
        """Where the viewer may drop ``piece`` from ``zone``, and what each drop means."""
        return []

    def activate(self, zone: str, piece: Piece) -> Sequence[Action]:
        """What clicking the chosen piece again (or Enter) does: by default the steps of
        its first legal target."""
        targets = self.targets(zone, piece)
        for target in targets:
            if self.table.why_steps(target.steps) is None:
                return target.steps
        return targets[0].steps if targets else ()

    def guide(self) -> Sequence[GuideNote]:
        """The game's terms, each explained the first time it comes up (first games)."""
        return ()

    def show_hint(self, action: Action) -> str:
        """Show the viewer ``action`` (the hint): by default the piece whose drop or click
        takes it is raised and focused and its place lit, or the button that takes it is
        lit; returns what to say.  Games whose bots move in one step where a player takes
        several (declare, then add cards) say more."""
        table = self.table
        for zone_id in table.controls.focus_zones():
            zone = table.picture.zones[zone_id]
            for index, piece in enumerate(zone.pieces):
                for target in self.targets(zone_id, piece):
                    if action in target.steps:
                        table.controls.show_hint((zone_id, index), target)
                        return ("Hint: the raised piece, onto the lit place "
                                "(drag it there, or press Enter).")
        for rect, button in table.picture.buttons.values():
            if button == action:
                table.controls.show_hint(None, None, rect)
                return "Hint: the lit button."
        return "No hint for this moment: any move will do."

    def reachable(self, zone: str, piece: Piece) -> bool:
        """Whether Left/Right may stop on ``piece`` although Enter would do nothing with
        it (a card that only a game key uses, say); by default only usable pieces."""
        return False

    def key_actions(self, key: int, obs: Observation) -> list[Action] | None:
        """The actions a key stands for, applied in order (``None``: not the game's key)."""
        return None

    def special(self, event: Event) -> Step | None:
        """A game's own animation for ``event`` (its moves are animated anyway)."""
        return None

    def hold(self, event: Event) -> float:
        """Seconds to pause after ``event``'s step, so a player can see it."""
        return 0.0

    def sound(self, event: Event) -> Sound | None:
        return None

    def miss_reason(self, zone: str, piece: Piece) -> str:
        """What to say when a piece is dropped where it means nothing."""
        return ""

    def results_picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """A picture of how the game ended for the results screen."""
        return None

    def finished(self) -> None:
        """The game is over and its results are about to show (keep a campaign, say)."""

    def hints(self) -> Sequence[str]:
        """Tips shown once, on the viewer's first turn."""
        return ()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The game's own input before the kit's (typing an answer); ``True`` if taken."""
        return False

    def tick(self) -> None:
        """Called every frame: a game with a live picture (a clock) updates it here,
        through ``Table.live_decor``."""

    def toast_area(self) -> pygame.Rect | None:
        """Where tips and news may lie without hiding what the viewer plays (the last
        layout's free room); ``None``: just above the prompt."""
        return None

    def compose(self, zone: Zone) -> pygame.Surface:
        """The one image of a composite zone: a fan of backs, or a pile with its count."""
        frame = self.table.frame
        count = len(zone.pieces)
        if isinstance(zone, Hidden):
            return hidden_hand_image(self.faces, BACK, zone.size, count, self.ctx.text,
                                     frame.scale)
        top = zone.pieces[-1].face if zone.pieces and getattr(zone, "face_up", False) else BACK
        label = zone.label if isinstance(zone, Pile) else ""
        return pile_image(self.faces.base(top, zone.size), count, self.ctx.text, label,
                          frame.font(15))

    def caption(self, caption: Hashable) -> pygame.Surface:
        """The words under a piece (a caption is text, unless a game draws its own)."""
        frame = self.table.frame
        return self.ctx.text.render(str(caption), frame.font(15), theme.INK_SOFT, bold=True,
                                    shadow=(0, 0, 0))

    # -- helpers the kit offers ------------------------------------------------------
    def px(self, value: float) -> int:
        return self.table.frame.px(value)

    def plate(self, seat: int, rect: pygame.Rect, info: SeatInfo) -> Decor:
        """A player's name plate filling ``rect``."""
        return Decor(("plate", seat), (info, rect.size),
                     partial(seat_panel_image, info, rect.size, self.ctx.text, self.ctx.assets,
                             self.table.frame.scale), (rect.x - 6, rect.y - 6))

    def button(self, key: Hashable, rect: pygame.Rect, text: str, action: Action,
               primary: bool = False) -> Decor:
        """A button on the table that takes ``action``; dimmed while it is not legal."""
        frame = self.table.frame
        legal = self.table.why(action) is None

        def build() -> pygame.Surface:
            fill = theme.BUTTON_PRIMARY if primary and legal else theme.PANEL
            image = panel_surface(rect.size, fill, rect.h // 2, theme.PANEL_EDGE, 2).copy()
            ink = theme.INK_DARK if primary and legal else (theme.INK if legal else theme.INK_DIM)
            label = self.ctx.text.render(text, frame.font(18), ink, bold=True,
                                         max_width=rect.w - 16)
            image.blit(label, label.get_rect(center=(rect.w // 2, rect.h // 2)))
            return image
        return Decor(key, (text, rect.size, primary, legal), build, rect.topleft, Layers.HUD,
                     action=action)

    def label(self, key: Hashable, text: str, size: float, pos: tuple[float, float], *,
              color: theme.Color = theme.INK, bold: bool = False, max_width: int | None = None,
              layer: int = 5, anchor: str = "center") -> Decor:
        frame = self.table.frame
        font = frame.font(size)

        def build() -> pygame.Surface:
            return self.ctx.text.render(text, font, color, bold=bold, shadow=(0, 0, 0),
                                        max_width=max_width)
        return Decor(key, (text, font, color, bold, max_width), build, pos, layer,
                     anchor=anchor)
