"""What the viewer has chosen at the table, and the places lit for it.

One focus ring serves every zone: Left/Right move among the pieces that can be used
now, Tab (or Up/Down) to the next row, the same in every game.  A chosen piece's
legal places are lit; a piece with several places can be lifted, and the keys then
aim at one of its places.  A hint chooses the piece (or lights the button) for the
viewer.  The input that moves this choice is :mod:`.controls`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from tabletop.ui import theme
from tabletop.ui.audio import Sound
from tabletop.ui.compositor import Sprite
from tabletop.ui.keymap import key_name
from tabletop.ui.table.host import TableHost
from tabletop.ui.table.interaction import Control, Gesture, Option, Press
from tabletop.ui.table.picture import Layers
from tabletop.ui.table.spec import View
from tabletop.ui.table.zones import Piece
from tabletop.ui.widgets.base import copy_image, panel_surface

__all__ = ["Choosing"]


class Choosing:
    """The focus ring, the lifted piece and the lit places of one table."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.focus: tuple[str, int] | None = None
        self.hovered: tuple[str, int] | None = None
        #: The chosen piece is lifted: the keys choose among its places (``aim``).
        self.lifted = False
        self.aim = 0
        self._target_sprites: list[Sprite] = []
        #: The piece a hint lit and the place it goes: Enter on that piece goes there.
        self.hinted: tuple[Hashable, Option] | None = None
        #: A button a hint lit, in the position it was lit in: Enter presses it.
        self.hinted_press: tuple[int, Press] | None = None
        #: A move made by keys from this zone: choosing goes on there (near ``index``)
        #: if the next position still has something to use in it (readying anemones).
        self.after: tuple[str, int] | None = None

    # -- what is chosen -------------------------------------------------------------
    def raised(self) -> dict[str, frozenset[int]]:
        """The pieces lifted in each zone: the one chosen with the keys and the one
        under the pointer."""
        raised: dict[str, set[int]] = {}
        for spot in (self.focus, self.hovered if self.table.session.viewer_acts() else None):
            if spot is not None:
                raised.setdefault(spot[0], set()).add(spot[1])
        return {zone: frozenset(indices) for zone, indices in raised.items()}

    def chosen(self) -> Piece | None:
        """The piece chosen with the keys (``None``: none)."""
        if self.focus is None:
            return None
        zone = self.table.picture.zones.get(self.focus[0])
        if zone is None or self.focus[1] >= len(zone.pieces):
            return None
        return zone.pieces[self.focus[1]]

    def aimed(self) -> Option | None:
        """The place the lifted piece would go on Enter."""
        piece = self.chosen()
        places = self.places(piece) if piece is not None and self.lifted else []
        return places[self.aim % len(places)] if places else None

    def clamp(self, view: View) -> None:
        """Keep the choice on a piece that still exists (a new view may have fewer), or
        make the one waiting for the next view."""
        if self.focus is not None:
            zone, index = self.focus
            if index >= len(view.zones.get(zone, [])) or not self.table.session.viewer_acts():
                self.choose(None)
        if self.after is not None:
            zone, index = self.after
            self.after = None
            moves = self.table.moves()
            pieces = view.zones.get(zone, [])
            able = [i for i, p in enumerate(pieces) if moves.usable(p.key)]
            if self.focus is None and able and zone in self.table.picture.zones:
                self.choose((zone, min(able, key=lambda i: abs(i - index))))
        if self.hovered is not None:
            zone, index = self.hovered
            if index >= len(view.zones.get(zone, [])):
                self.hovered = None

    def choose(self, spot: tuple[str, int] | None) -> None:
        """Choose a piece (``None``: nothing) and light the places it may go."""
        self.focus = spot
        self.lifted = False
        self.aim = 0
        piece = self.chosen()
        hinted = self.hinted
        if hinted is not None and (piece is None or piece.key != hinted[0]):
            self.hinted = None
        self.show_targets(self.places(piece) if piece is not None else [])

    def places(self, piece: Piece) -> list[Option]:
        """The chosen piece's places that are lit (not the click where it lies)."""
        return [o for o in self.table.moves().of(piece.key) if not o.gesture.in_place]


    def target_rect(self, gesture: Gesture) -> pygame.Rect | None:
        """Where a gesture's place takes drops: its area, or its whole zone."""
        if gesture.area is not None:
            return pygame.Rect(gesture.area)
        zone = self.table.picture.zones.get(gesture.target)
        return None if zone is None else zone.rect


    # -- lit places ---------------------------------------------------------------------
    def show_targets(self, options: Sequence[Option], hover: Option | None = None) -> None:
        """Light the places ``options`` may go, ``hover`` (the one aimed at) brighter."""
        for sprite in self._target_sprites:
            self.table.compositor.remove(sprite)
        self._target_sprites = []
        for option in options:
            area = self.target_rect(option.gesture)
            if area is None:
                continue
            self.light(area, option is hover, option.gesture.label)
        if self._target_sprites:
            self.table.chrome.step_aside()

    def light(self, area: pygame.Rect, strong: bool, label: str = "") -> None:
        """Light ``area`` as a place a piece may go, with its label."""
        image = self.target_image(area.size, theme.TARGET, strong, label)
        pad = self.table.frame.px(8)
        sprite = Sprite(image, area.x - pad, area.y - pad, Layers.TARGET)
        self.table.compositor.add(sprite)
        self._target_sprites.append(sprite)

    def target_image(self, size: tuple[int, int], color: theme.Color, strong: bool,
                     label: str) -> pygame.Surface:
        """The glowing outline of a place a piece may go."""
        frame = self.table.frame
        pad = frame.px(8)
        w, h = size[0] + 2 * pad, size[1] + 2 * pad
        surface = copy_image(panel_surface((w, h), (*color[:3], 70 if strong else 36), frame.px(18),
                                           color, 4 if strong else 2))
        if label:
            image = self.table.ctx.text.render(label, frame.font(17), theme.INK, bold=True,
                                               shadow=(0, 0, 0), max_width=w - 10)
            surface.blit(image, image.get_rect(midbottom=(w // 2, h - frame.px(8))))
        return surface


    def aim_at(self, step: int, across: bool) -> None:
        """With a piece lifted: the next place in the same zone (Left/Right), or the
        first place of the next zone (Tab, Up/Down)."""
        piece = self.chosen()
        places = self.places(piece) if piece is not None else []
        if not places:
            return
        here = places[self.aim % len(places)].gesture.target
        if across:
            zones: list[str] = []
            for option in places:
                if option.gesture.target not in zones:
                    zones.append(option.gesture.target)
            there = zones[(zones.index(here) + step) % len(zones)]
            self.aim = next(i for i, o in enumerate(places) if o.gesture.target == there)
        else:
            same = [i for i, o in enumerate(places) if o.gesture.target == here]
            at = same.index(self.aim % len(places)) if self.aim % len(places) in same else 0
            self.aim = same[(at + step) % len(same)]
        self.show_targets(places, places[self.aim])
        self.table.ctx.audio.play(Sound.FLIP, 0.3)

    def key_words(self, control: Control) -> str:
        """The keys that press a control, as a player reads them."""
        keys = [key_name(control.key)] if control.key is not None else []
        if control.primary:
            keys.append("Space")
        if control.back:
            keys.append("Esc")
        return " or ".join(keys) if keys else "click it"

    def show_hint(self, spot: tuple[str, int] | None, option: Option | None,
                  button: pygame.Rect | None = None, press: Press | None = None) -> None:
        """Light a hint: the piece at ``spot`` chosen and ``option``'s place lit (Enter
        makes exactly that move), or the button at ``button`` (Enter presses ``press``)."""
        self.choose(spot)
        self.hinted_press = (self.table.session.position, press) if press is not None else None
        if spot is not None and option is not None:
            self.hinted = (self.table.picture.zones[spot[0]].pieces[spot[1]].key, option)
            if not option.gesture.in_place:
                self.show_targets([option], option)
        if button is not None:
            self.light(button, True)
        self.table.redraw()

    def focus_zones(self) -> list[str]:
        """The zones holding pieces that can be used now, top to bottom."""
        moves = self.table.moves()
        zones = [(zone.rect.centery, zone.rect.centerx, z)
                 for z, zone in self.table.picture.zones.items()
                 if zone.focusable and any(moves.usable(p.key) for p in zone.pieces)]
        return [z for _, _, z in sorted(zones)]

    def step_focus(self, step: int, zone_id: str | None = None) -> None:
        """Left/Right: the next piece in the zone that can be used now, the same in
        every game."""
        zones = self.focus_zones()
        if not zones:
            return
        moves = self.table.moves()
        if zone_id is None:
            zone_id = self.focus[0] if self.focus is not None and self.focus[0] in zones \
                else self.home(zones)
        zone = self.table.picture.zones[zone_id]
        able = [i for i, p in enumerate(zone.pieces) if moves.usable(p.key)]
        if not able:
            return
        current = self.focus[1] if self.focus is not None and self.focus[0] == zone_id else None
        if current is None:
            index = able[0] if step > 0 else able[-1]
        else:
            ahead = [i for i in able if (i - current) * step > 0]
            index = min(ahead, key=lambda i: abs(i - current)) if ahead else \
                (able[0] if step > 0 else able[-1])
        self.choose((zone_id, index))
        self.table.ctx.audio.play(Sound.FLIP, 0.3)
        self.table.redraw()

    def next_zone(self, step: int) -> None:
        """Tab, Up/Down: the next row with something to use (from nothing chosen, the
        row where choosing starts)."""
        zones = self.focus_zones()
        if not zones:
            return
        if self.focus is not None and self.focus[0] in zones:
            zone_id = zones[(zones.index(self.focus[0]) + step) % len(zones)]
        else:
            zone_id = self.home(zones)
        self.step_focus(1, zone_id)

    def home(self, zones: list[str]) -> str:
        """Where choosing starts: the game's home row (the hand) if it has something to
        use, else the row with the most pieces to use, the lower one on a tie."""
        home = self.table.spec.home()
        if home in zones:
            return home
        moves = self.table.moves()
        pieces = self.table.picture.zones

        def count(zone_id: str) -> int:
            return sum(1 for p in pieces[zone_id].pieces if moves.usable(p.key))
        return max(reversed(zones), key=count)

    def make(self, option: Option) -> None:
        """Make a chosen move (its steps, in order)."""
        self.choose(None)
        self.hinted = None
        self.table.session.act(option.steps)

    def activate(self) -> None:
        """Enter (or a second click): the chosen piece's move, the lifted piece's aimed
        place, or lift a piece that has several places."""
        piece = self.chosen()
        if piece is None:
            return
        hinted = self.hinted
        if hinted is not None and hinted[0] == piece.key:
            self.make(hinted[1])
            return
        places = self.places(piece)
        if self.lifted and places:
            self.make(places[self.aim % len(places)])
            return
        options = self.table.moves().of(piece.key)
        if len(options) == 1:
            self.make(options[0])
            return
        if len(places) > 1:
            self.lifted = True
            self.aim = 0
            self.show_targets(places, places[0])
            self.table.chrome.toast("Where does it go? Left and Right choose the place (Tab the next "
                             "row), Enter puts it there, Esc keeps it.", seconds=3.0)
            self.table.redraw()
            return
        reason = next((r for a in self.table.spec.would(self.focus[0] if self.focus else "", piece)
                       if (r := self.table.session.why(a))), "")
        self.table.illegal(reason or "That can't be used now.")
