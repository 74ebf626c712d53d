"""Input at the table: drags, clicks and keys, all read from one map of moves.

The kit derives the viewer's :class:`~tabletop.ui.table.interaction.Moves` from the
legal actions once per position; everything here reads it.  A press picks up a
piece that can be used (or one the player might mean to use, to be told why not);
dropping it on a lit place makes that move, anywhere else it glides back with the
rules' reason.  A click chooses a piece and lights its places; a second click (or
Enter) makes its only move, or a click on a lit place puts it there.  By keys:
Left/Right choose among the pieces that can be used now, Tab (or Up/Down) moves
to the next row, Enter makes the chosen piece's move — a piece with several places
is lifted first, Left/Right/Tab then choose the place and Enter puts it there —
Space or Enter with nothing chosen press the table's main button, Esc steps back
(the lifted piece, the choice, a half-made move, then the pause menu).  The same
in every game (:mod:`tabletop.ui.keymap`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.protocol import Action
from tabletop.ui import theme
from tabletop.ui.audio import Sound
from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Sprite
from tabletop.ui.keymap import Command, command, key_name
from tabletop.ui.table.interaction import Control, Gesture, Option, Press
from tabletop.ui.table.picture import Layers
from tabletop.ui.table.spec import View
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
    options: list[Option] = field(default_factory=list)
    hover: Option | None = None


class Controls:
    """The viewer's hands on the table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.grabbed: Grab | None = None
        self.focus: tuple[str, int] | None = None
        self.hovered: tuple[str, int] | None = None
        #: The chosen piece is lifted: the keys choose among its places (``aim``).
        self.lifted = False
        self.aim = 0
        self._pointing = False
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
        raised: dict[str, set[int]] = {}
        for spot in (self.focus, self.hovered if self.table.session.viewer_acts() else None):
            if spot is not None:
                raised.setdefault(spot[0], set()).add(spot[1])
        return {zone: frozenset(indices) for zone, indices in raised.items()}

    def chosen(self) -> Piece | None:
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

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.table.animating and not self.table.session.driver.input_open():
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

    # -- the mouse ----------------------------------------------------------------------
    def piece_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The topmost piece under ``pos``."""
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
        pieces = self.table.picture.zones[zone_id].pieces
        return self.table.my_turn() and self.table.moves().usable(pieces[index].key)

    def graspable(self, zone_id: str, index: int) -> bool:
        """Whether a press may pick the piece up: it can be used, or the player may mean
        something by it that the rules refuse (they are told why on the drop)."""
        piece = self.table.picture.zones[zone_id].pieces[index]
        return self.usable(zone_id, index) or bool(self.table.spec.would(zone_id, piece))

    def press(self, pos: tuple[int, int]) -> bool:
        frame = self.table.frame
        if frame.menu_button.collidepoint(pos):
            self.table.open_pause()
            return True
        if frame.rules_button.collidepoint(pos):
            self.table.open_rules()
            return True
        if frame.hint_button.collidepoint(pos):
            self.table.hint()
            return True
        if not self.table.my_turn():
            return False
        button = self.table.picture.button_at(pos)
        if button is not None:
            self.table.press(button)
            return True
        spot = self.piece_at(pos)
        if spot is not None and self.graspable(*spot):
            zone_id, index = spot
            piece = self.table.picture.zones[zone_id].pieces[index]
            sprite = self.table.picture.sprite_of(piece.key)
            if sprite is not None:
                x, y = sprite.pos
                self.grabbed = Grab(zone_id, piece, sprite, (x, y), (pos[0] - x, pos[1] - y), pos)
                return True
        return self.click_table(pos)

    def click_table(self, pos: tuple[int, int]) -> bool:
        """A click on the table with a piece chosen: put it there if that is a lit place."""
        piece = self.chosen()
        if piece is None:
            return False
        for option in self.places(piece):
            area = self.target_rect(option.gesture)
            if area is not None and area.collidepoint(pos):
                self.make(option)
                return True
        self.choose(None)
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
            grab.options = [o for o in self.table.moves().of(grab.piece.key)
                            if not o.gesture.in_place]
            self.show_targets(grab.options)
            self.table.ctx.audio.play(Sound.FLIP, 0.5)
        grab.sprite.move_to(pos[0] - grab.grab[0], pos[1] - grab.grab[1])
        hover = self.target_at(grab, pos)
        if hover is not grab.hover:
            grab.hover = hover
            self.show_targets(grab.options, hover)

    def target_rect(self, gesture: Gesture) -> pygame.Rect | None:
        """Where a gesture's place takes drops: its area, or its whole zone."""
        if gesture.area is not None:
            return pygame.Rect(gesture.area)
        zone = self.table.picture.zones.get(gesture.target)
        return None if zone is None else zone.rect

    def target_at(self, grab: Grab, pos: tuple[int, int]) -> Option | None:
        center = grab.sprite.rect.center
        found = []
        for option in grab.options:
            area = self.target_rect(option.gesture)
            if area is None or option.gesture.target == grab.zone and area.collidepoint(grab.start):
                continue
            if area.collidepoint(pos):
                return option
            if area.collidepoint(center):
                found.append(option)
        return found[0] if found else None

    def release(self, pos: tuple[int, int]) -> None:
        grab = self.grabbed
        assert grab is not None
        self.grabbed = None
        self.show_targets([])
        if not grab.moved:
            self.click_piece(grab.zone, grab.piece)
            return
        self.hovered = None  # the pointer is wherever the piece was dropped
        option = self.target_at(grab, pos)
        if option is not None:
            grab.sprite.layer = Layers.CARD
            self.make(option)
            return
        reason = self.refusal(grab, pos)
        if reason:
            self.table.illegal(reason)
        self.glide_back(grab)

    def refusal(self, grab: Grab, pos: tuple[int, int]) -> str:
        """Why a drop made nothing: the rules' reason for what the player meant there,
        else where the piece may go."""
        table = self.table
        obs = table.session.obs
        meant = table.spec.would(grab.zone, grab.piece)
        for action in meant:
            for way in table.spec.ways(action, obs):
                if isinstance(way, Gesture) and way.piece == grab.piece.key:
                    area = self.target_rect(way)
                    if area is not None and area.collidepoint(pos) and not (
                            way.target == grab.zone and area.collidepoint(grab.start)):
                        return table.session.why(action) or ""
        if grab.options:
            labels = sorted({o.gesture.label for o in grab.options if o.gesture.label})
            return ("Drop it on a lit place" + (f" ({', '.join(labels)})." if labels else "."))
        for action in meant:
            reason = table.session.why(action)
            if reason:
                return reason
        return ""

    def click_piece(self, zone_id: str, piece: Piece) -> None:
        """A click chooses a piece; a click on the chosen piece makes its move."""
        zone = self.table.picture.zones[zone_id]
        index = next((i for i, p in enumerate(zone.pieces) if p.key == piece.key), None)
        if index is None:
            return
        if self.focus == (zone_id, index):
            self.activate()
            return
        options = self.table.moves().of(piece.key)
        if len(options) == 1 and options[0].gesture.in_place:
            self.make(options[0])  # nothing to drop it on: one click makes it (explore)
            return
        self.choose((zone_id, index))
        self.table.ctx.audio.play(Sound.FLIP, 0.4)
        self.table.redraw()

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

    def glide_back(self, grab: Grab) -> None:
        sprite = grab.sprite
        start = sprite.pos
        end = grab.origin

        def step(t: float) -> None:
            sprite.move_to(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

        def done() -> None:
            if not self.table.animating:  # a move made meanwhile redraws when it settles
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

    # -- lit places ---------------------------------------------------------------------
    def show_targets(self, options: Sequence[Option], hover: Option | None = None) -> None:
        for sprite in self._target_sprites:
            self.table.compositor.remove(sprite)
        self._target_sprites = []
        for option in options:
            area = self.target_rect(option.gesture)
            if area is None:
                continue
            self.light(area, option is hover, option.gesture.label)

    def light(self, area: pygame.Rect, strong: bool, label: str = "") -> None:
        image = self.target_image(area.size, theme.TARGET, strong, label)
        pad = self.table.frame.px(8)
        sprite = Sprite(image, area.x - pad, area.y - pad, Layers.TARGET)
        self.table.compositor.add(sprite)
        self._target_sprites.append(sprite)

    def target_image(self, size: tuple[int, int], color: theme.Color, strong: bool,
                     label: str) -> pygame.Surface:
        frame = self.table.frame
        pad = frame.px(8)
        w, h = size[0] + 2 * pad, size[1] + 2 * pad
        surface = panel_surface((w, h), (*color[:3], 70 if strong else 36), frame.px(18),
                                color, 4 if strong else 2).copy()
        if label:
            image = self.table.ctx.text.render(label, frame.font(17), theme.INK, bold=True,
                                               shadow=(0, 0, 0), max_width=w - 10)
            surface.blit(image, image.get_rect(midbottom=(w // 2, h - frame.px(8))))
        return surface

    def hover(self, pos: tuple[int, int]) -> bool:
        frame = self.table.frame
        over_hud = frame.menu_button.collidepoint(pos) or frame.rules_button.collidepoint(pos) \
            or frame.hint_button.collidepoint(pos)
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

    # -- keys -----------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        table = self.table
        meaning = command(event.key, event.mod)
        if meaning is Command.MAIN and table.animating and not table.session.driver.input_open():
            table.animator.skip()
            return True
        if meaning is Command.BACK and self.grabbed is not None:
            self.cancel_drag()
            return True
        if table.animating and table.session.viewer_acts():
            table.animator.skip()  # a key on the viewer's turn hurries the picture, then acts
        if meaning is None:
            return self.game_key(event.key)
        if meaning in (Command.LEFT, Command.RIGHT, Command.UP, Command.DOWN, Command.PLAY,
                       Command.MAIN) and table.my_turn():
            return self.choosing(meaning)
        if meaning is Command.BACK:
            self.back()
        elif meaning is Command.PAUSE:
            table.open_pause()
        elif meaning is Command.RULES:
            table.open_rules()
        elif meaning is Command.HINT:
            table.hint()
        elif meaning is Command.UNDO:
            table.undo()
        elif meaning is Command.REDO:
            table.redo()
        else:
            return False
        return True

    def game_key(self, key: int) -> bool:
        """A key the kit leaves to the game: the control that carries it, if live now."""
        table = self.table
        if not table.my_turn():
            return False
        moves = table.moves()
        press = moves.keyed(key)
        if press is None:
            steps = self.through_back(key)
            if steps:
                self.choose(None)
                table.session.act(steps)
                return True
            dimmed = next((p for p in moves.presses if p.control.key == key), None)
            if dimmed is None:
                return False
            table.illegal(dimmed.reason or "")
            return True
        self.choose(None)
        table.session.act(press.steps)
        return True

    def through_back(self, key: int) -> tuple[Action, ...]:
        """A game key for a move that needs the half-made step taken back first (Ready
        with a card on the gem spot): both, if the rules allow the move after it."""
        table = self.table
        back = table.moves().back()
        if back is None:
            return ()
        obs = table.session.obs
        for action in table.session.legal_after(back.steps):
            for way in table.spec.ways(action, obs):
                if isinstance(way, Control) and way.key == key:
                    return (*back.steps, action)
        return ()

    def choosing(self, meaning: Command) -> bool:
        table = self.table
        if meaning in (Command.LEFT, Command.RIGHT):
            step = -1 if meaning is Command.LEFT else 1
            if self.lifted:
                self.aim_at(step, across=False)
            else:
                self.step_focus(step)
        elif meaning in (Command.UP, Command.DOWN):
            step = -1 if meaning is Command.UP else 1
            if self.lifted:
                self.aim_at(step, across=True)
            else:
                self.next_zone(step)
        elif meaning is Command.PLAY and self.focus is not None:
            spot = self.focus
            before = self.table.session.position
            self.activate()
            if self.table.session.position != before:
                self.after = spot
        else:
            moves = table.moves()
            press = moves.primary()
            hinted = self.hinted_press
            if meaning is Command.PLAY and hinted is not None and hinted[0] == table.session.position:
                press = hinted[1]  # Enter after a hint presses the button it lit
            dimmed = next((p for p in moves.presses if p.control.primary and not p.live), None)
            if press is not None:
                self.choose(None)
                table.session.act(press.steps)
            elif dimmed is not None:
                table.illegal(dimmed.reason or "")
            elif meaning is Command.PLAY:
                table.chrome.toast("Choose with Left and Right (Tab for the next row) first.")
        return True

    def back(self) -> None:
        """Esc: put the lifted piece down, let go of the choice, take back a half-made
        step, or pause — the first that applies."""
        table = self.table
        if self.lifted:
            self.lifted = False
            piece = self.chosen()
            self.show_targets(self.places(piece) if piece is not None else [])
            table.redraw()
            return
        if self.focus is not None:
            self.choose(None)
            table.redraw()
            return
        press = table.moves().back() if table.my_turn() else None
        if press is not None:
            table.session.act(press.steps)
            return
        table.open_pause()

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
