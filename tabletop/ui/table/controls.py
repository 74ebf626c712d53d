"""Input at the table: drags, clicks and keys become actions through one path.

A press picks up a piece the viewer can use; dropping it on a target zone applies
the target's action if the engine's ``check`` allows it, else the piece glides
back and the reason is shown.  A click chooses a piece and a second click (or
Enter) plays it; a click on a target zone plays the chosen piece there.  One focus
ring serves every zone: Left/Right move within a zone — over the pieces that can
be used now, the same in every game — and Tab moves to the next zone.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Sprite
from tabletop.ui.table.picture import Layers
from tabletop.ui.table.spec import Target, View
from tabletop.ui.table.zones import Piece
from tabletop.ui.tween import Tween, ease_out_cubic
from tabletop.ui.widgets.base import panel_surface

if TYPE_CHECKING:
    from tabletop.ui.table.scene import Table

__all__ = ["Controls", "Grab"]

DRAG_THRESHOLD = 6
GLIDE_BACK = 0.28


@dataclass
class Grab:
    """A piece picked up with the mouse."""

    zone: str
    piece: Piece
    sprite: CardSprite
    origin: tuple[float, float]
    grab: tuple[float, float]
    start: tuple[int, int]
    moved: bool = False
    targets: list[Target] = field(default_factory=list)
    hover: Target | None = None


class Controls:
    """The viewer's hands on the table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.grabbed: Grab | None = None
        self.focus: tuple[str, int] | None = None
        self.hovered: tuple[str, int] | None = None
        self._pointing = False
        self._target_sprites: list[Sprite] = []
        #: The piece a hint lit and the place it goes: Enter on that piece goes there.
        self.hinted: tuple[Hashable, Target] | None = None

    def raised(self) -> dict[str, frozenset[int]]:
        raised: dict[str, set[int]] = {}
        for spot in (self.focus, self.hovered if self.table.viewer_acts() else None):
            if spot is not None:
                raised.setdefault(spot[0], set()).add(spot[1])
        return {zone: frozenset(indices) for zone, indices in raised.items()}

    def clamp(self, view: View) -> None:
        if self.focus is not None:
            zone, index = self.focus
            if index >= len(view.zones.get(zone, [])) or not self.table.viewer_acts():
                self.focus = None
        if self.hovered is not None:
            zone, index = self.hovered
            if index >= len(view.zones.get(zone, [])):
                self.hovered = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.table.animating and not self.table.driver.input_open():
                self.table.animator.skip()
                return True
            return self.press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            if self.grabbed is not None:
                self.drag_to(event.pos)
                return True
            return self.hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.grabbed is not None:
                self.release(event.pos)
                return True
            return False
        if event.type == pygame.WINDOWFOCUSLOST:
            self.cancel_drag()
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def piece_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The topmost piece under ``pos`` in a zone the viewer may use."""
        found: tuple[int, str, int] | None = None
        for zone_id, zone in self.table.picture.zones.items():
            index = zone.hit(pos, self.table.picture.raised.get(zone_id, frozenset()))
            if index is None:
                continue
            layer = zone.layer + 2 * index
            if found is None or layer > found[0]:
                found = (layer, zone_id, index)
        return None if found is None else (found[1], found[2])

    def usable(self, zone_id: str, index: int) -> bool:
        """Whether the viewer can do something with this piece now."""
        zone = self.table.picture.zones[zone_id]
        return bool(self.table.my_turn() and self.table.spec.targets(zone_id, zone.pieces[index]))

    def press(self, pos: tuple[int, int]) -> bool:
        if self.table.frame.menu_button.collidepoint(pos):
            self.table.open_pause()
            return True
        if self.table.frame.rules_button.collidepoint(pos):
            self.table.open_rules()
            return True
        if self.table.frame.hint_button.collidepoint(pos):
            self.table.hint()
            return True
        if not self.table.my_turn():
            return False
        button = self.table.picture.button_at(pos)
        if button is not None:
            self.table.act([button])
            return True
        spot = self.piece_at(pos)
        if spot is not None and self.usable(*spot):
            zone_id, index = spot
            piece = self.table.picture.zones[zone_id].pieces[index]
            sprite = self.table.picture.sprite_of(piece.key)
            if sprite is not None:
                x, y = sprite.pos
                self.grabbed = Grab(zone_id, piece, sprite, (x, y), (pos[0] - x, pos[1] - y), pos)
                return True
        return self.click_table(pos)

    def click_table(self, pos: tuple[int, int]) -> bool:
        """A click on the table with a piece chosen: play it there if that is a target."""
        if self.focus is None:
            return False
        zone_id, index = self.focus
        piece = self.table.picture.zones[zone_id].pieces[index]
        for target in self.table.spec.targets(zone_id, piece):
            area = self.target_rect(target)
            if area is not None and area.collidepoint(pos):
                self.table.act(target.steps)
                return True
        self.focus = None
        self.table.redraw()
        return True

    def drag_to(self, pos: tuple[int, int]) -> None:
        grab = self.grabbed
        assert grab is not None
        if not grab.moved:
            if abs(pos[0] - grab.start[0]) + abs(pos[1] - grab.start[1]) < DRAG_THRESHOLD:
                return
            grab.moved = True
            grab.sprite.layer = Layers.DRAG
            grab.sprite.set_pose(angle=0)
            w, h = grab.sprite.image.get_size()
            grab.grab = (w / 2, h * 0.45)
            grab.targets = self.table.spec.targets(grab.zone, grab.piece)
            self.show_targets(grab.targets)
            self.table.ctx.audio.play(Sound.FLIP, 0.5)
        grab.sprite.move_to(pos[0] - grab.grab[0], pos[1] - grab.grab[1])
        hover = self.target_at(grab, pos)
        if hover is not grab.hover:
            grab.hover = hover
            self.show_targets(grab.targets, hover)

    def target_rect(self, target: Target) -> pygame.Rect | None:
        """Where ``target`` takes drops: its area, or its whole zone."""
        if target.area is not None:
            return pygame.Rect(target.area)
        zone = self.table.picture.zones.get(target.zone)
        return None if zone is None else zone.rect

    def target_at(self, grab: Grab, pos: tuple[int, int]) -> Target | None:
        center = grab.sprite.rect.center
        found = []
        for target in grab.targets:
            area = self.target_rect(target)
            if area is None or target.zone == grab.zone and area.collidepoint(grab.start):
                continue
            if area.collidepoint(pos):
                return target
            if area.collidepoint(center):
                found.append(target)
        return found[0] if found else None

    def release(self, pos: tuple[int, int]) -> None:
        grab = self.grabbed
        assert grab is not None
        self.grabbed = None
        self.show_targets([])
        if grab.moved:
            self.hovered = None  # the pointer is wherever the piece was dropped
        if not grab.moved:
            self.click_piece(grab.zone, grab.piece)
            return
        target = self.target_at(grab, pos)
        if target is not None:
            reason = self.table.why_steps(target.steps)
            if reason is None:
                grab.sprite.layer = Layers.CARD
                self.focus = None
                self.table.act(target.steps)
                return
        else:
            reason = self.table.spec.miss_reason(grab.zone, grab.piece)
        if reason:
            self.table.illegal(reason)
        self.glide_back(grab)

    def click_piece(self, zone_id: str, piece: Piece) -> None:
        """A click chooses a piece; a click on the chosen piece plays it."""
        zone = self.table.picture.zones[zone_id]
        index = next((i for i, p in enumerate(zone.pieces) if p.key == piece.key), None)
        if index is None:
            return
        if self.focus == (zone_id, index):
            self.activate()
            return
        self.focus = (zone_id, index)
        self.table.ctx.audio.play(Sound.FLIP, 0.4)
        self.table.redraw()

    def activate(self) -> None:
        """Enter (or a second click): the chosen piece's action."""
        if self.focus is None:
            return
        zone_id, index = self.focus
        piece = self.table.picture.zones[zone_id].pieces[index]
        hinted = self.hinted
        steps = (hinted[1].steps if hinted is not None and hinted[0] == piece.key
                 else self.table.spec.activate(zone_id, piece))
        if not steps:
            return
        if self.table.act(steps):
            self.focus = None
            self.hinted = None

    def glide_back(self, grab: Grab) -> None:
        sprite = grab.sprite
        start = sprite.pos
        end = grab.origin

        def step(t: float) -> None:
            sprite.move_to(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

        def done() -> None:
            self.table.refresh()
        self.table.animator.add(Tween(GLIDE_BACK, step, ease=ease_out_cubic, done=done))

    def cancel_drag(self) -> None:
        grab = self.grabbed
        if grab is None:
            return
        self.grabbed = None
        self.show_targets([])
        grab.sprite.move_to(*grab.origin)
        self.table.refresh()

    def show_targets(self, targets: Sequence[Target], hover: Target | None = None) -> None:
        for sprite in self._target_sprites:
            self.table.compositor.remove(sprite)
        self._target_sprites = []
        for target in targets:
            area = self.target_rect(target)
            if area is None:
                continue
            legal = self.table.why_steps(target.steps) is None
            if not legal and target is not hover:
                continue
            color = theme.TARGET if legal else theme.BAD
            image = self.target_image(area.size, color, target is hover,
                                      target.label if legal else "")
            pad = self.table.frame.px(8)
            sprite = Sprite(image, area.x - pad, area.y - pad, Layers.TARGET)
            self.table.compositor.add(sprite)
            self._target_sprites.append(sprite)

    def target_image(self, size: tuple[int, int], color: theme.Color, strong: bool,
                     label: str) -> pygame.Surface:
        pad = self.table.frame.px(8)
        w, h = size[0] + 2 * pad, size[1] + 2 * pad
        surface = panel_surface((w, h), (*color[:3], 70 if strong else 36), self.table.frame.px(18),
                                color, 4 if strong else 2).copy()
        if label:
            image = self.table.ctx.text.render(label, self.table.frame.font(17), theme.INK, bold=True,
                                         shadow=(0, 0, 0), max_width=w - 10)
            surface.blit(image, image.get_rect(midbottom=(w // 2, h - self.table.frame.px(8))))
        return surface

    def hover(self, pos: tuple[int, int]) -> bool:
        over_hud = self.table.frame.menu_button.collidepoint(pos) or \
            self.table.frame.rules_button.collidepoint(pos)
        spot = self.piece_at(pos) if self.table.my_turn() else None
        if spot is not None and not self.table.picture.zones[spot[0]].focusable:
            spot = None
        usable = spot is not None and self.usable(*spot)
        self.set_cursor(over_hud or usable or (self.table.my_turn()
                                               and self.table.picture.button_at(pos) is not None))
        if spot != self.hovered:
            self.hovered = spot
            self.table.redraw()
            return True
        return False

    def set_cursor(self, pointing: bool) -> None:
        """A hand over things that can be picked up or clicked, the arrow elsewhere."""
        if pointing == self._pointing:
            return
        self._pointing = pointing
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if pointing
                                    else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:
            pass  # no cursors on this display (headless)

    # -- input: keys ------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_SPACE and self.table.animating and not self.table.driver.input_open():
            self.table.animator.skip()
            return True
        if key == pygame.K_ESCAPE and self.grabbed is not None:
            self.cancel_drag()
            return True
        if self.table.animating and self.table.viewer_acts():
            self.table.animator.skip()  # a key on the viewer's turn hurries the picture, then acts
        if self.table.my_turn():
            actions = self.table.spec.key_actions(key, self.table.obs)
            if actions is not None:
                if actions:
                    self.table.act(actions)
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step_focus(-1 if key == pygame.K_LEFT else 1)
                return True
            if key == pygame.K_TAB:
                self.next_zone(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.focus is None:
                    self.table.chrome.toast("Choose with Left and Right (Tab for the next row) first.")
                else:
                    self.activate()
                return True
            if key == pygame.K_ESCAPE and self.focus is not None:
                self.focus = None
                self.table.redraw()
                return True
        if key in (pygame.K_ESCAPE, pygame.K_p, pygame.K_PAUSE):
            self.table.open_pause()
            return True
        if key == pygame.K_F1:
            self.table.open_rules()
            return True
        command = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if key == pygame.K_h and not command:
            self.table.hint()
            return True
        if command and key == pygame.K_z:
            if event.mod & pygame.KMOD_SHIFT:
                self.table.redo()
            else:
                self.table.undo()
            return True
        if command and key == pygame.K_y:
            self.table.redo()
            return True
        return False

    def show_hint(self, piece: tuple[str, int] | None, target: Target | None,
                  spot: pygame.Rect | None = None) -> None:
        """Light a hint: ``piece`` raised with the focus ring (Enter plays it), and
        ``target`` or the button at ``spot``."""
        self.focus = piece
        self.hinted = None
        if piece is not None and target is not None:  # Enter takes the hinted place
            self.hinted = (self.table.picture.zones[piece[0]].pieces[piece[1]].key, target)
        self.show_targets([target] if target is not None else [], hover=target)
        if spot is not None:
            pad = self.table.frame.px(8)
            image = self.target_image(spot.size, theme.TARGET, True, "")
            sprite = Sprite(image, spot.x - pad, spot.y - pad, Layers.TARGET)
            self.table.compositor.add(sprite)
            self._target_sprites.append(sprite)
        self.table.redraw()

    def focus_zones(self) -> list[str]:
        return [z for z, zone in self.table.picture.zones.items()
                if zone.focusable and any(self.usable(z, i) for i in range(len(zone.pieces)))]

    def step_focus(self, step: int, zone_id: str | None = None) -> None:
        """Left/Right: the next piece in the zone that can be used now (any piece when
        none can), the same in every game."""
        zones = self.focus_zones()
        if not zones:
            return
        if zone_id is None:
            zone_id = self.focus[0] if self.focus is not None and self.focus[0] in zones \
                else zones[0]
        zone = self.table.picture.zones[zone_id]
        count = len(zone.pieces)
        spec = self.table.spec
        able = [i for i in range(count) if self.can_activate(zone_id, i)
                or spec.reachable(zone_id, zone.pieces[i])] or list(range(count))
        current = self.focus[1] if self.focus is not None and self.focus[0] == zone_id else None
        if current is None:
            index = able[0] if step > 0 else able[-1]
        else:
            ahead = [i for i in able if (i - current) * step > 0]
            index = min(ahead, key=lambda i: abs(i - current)) if ahead else \
                (able[0] if step > 0 else able[-1])
        self.focus = (zone_id, index)
        self.table.ctx.audio.play(Sound.FLIP, 0.3)
        self.table.redraw()

    def can_activate(self, zone_id: str, index: int) -> bool:
        steps = self.table.spec.activate(zone_id, self.table.picture.zones[zone_id].pieces[index])
        return bool(steps) and self.table.why_steps(steps) is None

    def next_zone(self, step: int) -> None:
        zones = self.focus_zones()
        if not zones:
            return
        at = zones.index(self.focus[0]) if self.focus is not None and self.focus[0] in zones else -1
        self.focus = None
        self.step_focus(1, zones[(at + step) % len(zones)])
