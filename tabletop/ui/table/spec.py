"""What a game tells the table kit: its zones, how an observation maps to pieces,
how a person makes each action (:meth:`TableSpec.ways`), its special animations
and its art.

A game's table is a :class:`TableSpec` subclass.  Everything else — which pieces
can be used and where they go (from the legal actions), dragging, clicking and
keys, the prompt, hints, gliding back with the reason, animating moves, bots,
curtains, saving, the log — is the kit's (:mod:`tabletop.ui.table.scene`).
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
from tabletop.ui.table.interaction import Control, Gesture, Press, Way
from tabletop.ui.table.notes import GuideNote
from tabletop.ui.table.picture import Decor
from tabletop.ui.table.zones import BACK, Hidden, Pile, Piece, Zone
from tabletop.ui.widgets.hidden_hand import hidden_hand_image
from tabletop.ui.widgets.pile import pile_image
from tabletop.ui.widgets.seat_panel import SeatInfo, seat_panel_image
from tabletop.ui.tween import Tween

if TYPE_CHECKING:
    from tabletop.ui.table.frame import Frame
    from tabletop.ui.table.sight import Sight

__all__ = ["Control", "Gesture", "InfoLine", "Step", "TableSpec", "View", "Way"]


@dataclass(frozen=True)
class InfoLine:
    """A line of the information panel: ``style`` is "title", "", "soft" or "accent";
    a line of ``chips`` shows each (name, figure) in one chip, wrapping as needed."""

    text: str
    style: str = ""
    chips: tuple[tuple[str, str], ...] = ()


@dataclass
class View:
    """The picture a game wants for one observation."""

    zones: dict[str, list[Piece]] = field(default_factory=dict)
    decor: list[Decor] = field(default_factory=list)
    #: The line above the viewer's hand; ``urgent`` when it asks the viewer to act.
    prompt: str = ""
    urgent: bool = False
    #: The information panel: ``info``, then what the pointed piece is (the spec's
    #: :meth:`TableSpec.pointed`) or else ``tips``, then ``more``.
    info: list[InfoLine] = field(default_factory=list)
    tips: list[InfoLine] = field(default_factory=list)
    more: list[InfoLine] = field(default_factory=list)


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
    #: The view depends only on the position, the seat looking and who is thinking, so
    #: the kit may keep it (a game with a live picture says no).
    CACHE_VIEWS: ClassVar[bool] = True
    #: Keys the game reads itself in :meth:`handle_event` (never a reserved one), by
    #: what they mean: the keymap test holds them to it.
    OWN_KEYS: ClassVar[dict[int, str]] = {}

    def __init__(self, table: Sight) -> None:
        self.table = table
        self.ctx = table.ctx
        #: Where the layout puts each control's button (by its ``slot``).
        self.slots: dict[Hashable, pygame.Rect] = {}

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

    def ways(self, action: Action, obs: Observation) -> Iterable[Way]:
        """How a person makes ``action`` at this table: a gesture (the piece it moves,
        from where to where), a control (a button, a key), or nothing.  Called for the
        legal actions only (the kit asks the rules), so it never decides legality."""
        return ()

    def standing(self, obs: Observation) -> Sequence[Action]:
        """Actions whose buttons show even while they are not legal (dimmed, the
        rules' reason in the prompt): Confirm while the match is not complete."""
        return ()

    def would(self, zone: str, piece: Piece) -> Sequence[Action]:
        """What a player may mean by moving ``piece``, legal or not: asked only to say
        why a drop is refused (the kit asks ``check`` for the reason)."""
        return ()

    def steps_of(self, action: Action) -> Sequence[Action]:
        """The steps a person takes for a bot's move (Anno's whole match: declare,
        add each card, confirm); by default the move itself."""
        return (action,)

    def step_words(self, action: Action, obs: Observation) -> str:
        """A move in a player's words for a hint ("play the Crab 5"): by default how its
        way is said."""
        for way in self.ways(action, obs):
            words = way.says or way.label.lower()
            if words:
                return words
        return ""

    def pointed(self, obs: Observation, zone: str, piece: Piece) -> list[InfoLine] | None:
        """What the information panel says of the piece under the pointer or the keys'
        choice (``None``: nothing, the view's tips show)."""
        return None

    def home(self) -> str:
        """The zone where choosing with the keys starts (the viewer's hand)."""
        return "hand"

    def show_hint(self, action: Action) -> str | None:
        """A game's own way to show a hint the kit cannot light (an answer to type);
        ``None``: the kit lights the move's piece and place, or its button."""
        return None

    def lead(self, obs: Observation) -> str:
        """The first words of the prompt on the viewer's turn ("Your lead:"); the kit
        adds what the viewer may do, from the legal moves."""
        return "Your turn:"

    def waiting(self, obs: Observation, seat: int) -> str:
        """The prompt while ``seat`` acts."""
        name = self.table.name(seat)
        if seat in self.table.thinking:
            return f"{name} {'are' if name == 'You' else 'is'} thinking…"
        return f"{name} to play"

    def guide(self) -> Sequence[GuideNote]:
        """The game's terms, each explained the first time it comes up (first games)."""
        return ()

    def button_image(self, press: Press, rect: pygame.Rect) -> pygame.Surface | None:
        """A game's own look for a button (``None``: the kit's)."""
        return None

    def special(self, event: Event) -> Step | None:
        """A game's own animation for ``event`` (its moves are animated anyway)."""
        return None

    def hold(self, event: Event) -> float:
        """Seconds to pause after ``event``'s step, so a player can see it."""
        return 0.0

    def sound(self, event: Event) -> Sound | None:
        """The game's own sound for ``event`` (``None``: the kit's, if any)."""
        return None

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
        """Design units (of a 1600×900 window) to pixels."""
        return self.table.frame.px(value)

    def plate(self, seat: int, rect: pygame.Rect, info: SeatInfo) -> Decor:
        """A player's name plate filling ``rect``."""
        return Decor(("plate", seat), (info, rect.size),
                     partial(seat_panel_image, info, rect.size, self.ctx.text, self.ctx.assets,
                             self.table.frame.scale), (rect.x - 6, rect.y - 6))

    def label(self, key: Hashable, text: str, size: float, pos: tuple[float, float], *,
              color: theme.Color = theme.INK, bold: bool = False, max_width: int | None = None,
              layer: int = 5, anchor: str = "center") -> Decor:
        """Words drawn on the table at ``pos``, as decor (redrawn only when they change)."""
        frame = self.table.frame
        font = frame.font(size)

        def build() -> pygame.Surface:
            return self.ctx.text.render(text, font, color, bold=bold, shadow=(0, 0, 0),
                                        max_width=max_width)
        return Decor(key, (text, font, color, bold, max_width), build, pos, layer,
                     anchor=anchor)
