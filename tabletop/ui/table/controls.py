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

from dataclasses import dataclass, field

import pygame

from tabletop.engine.protocol import Action
from tabletop.ui.audio import Sound
from tabletop.ui.cards import CardSprite
from tabletop.ui.keymap import Command, command
from tabletop.ui.table.choosing import Choosing
from tabletop.ui.table.host import TableHost
from tabletop.ui.table.interaction import Control, Gesture, Option
from tabletop.ui.table.picture import Layers
from tabletop.ui.table.zones import Piece
from tabletop.ui.tween import Tween, ease_out_cubic

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


class Controls(Choosing):
    """The viewer's hands on the table: the mouse and the keys, moving the choice
    (:class:`~tabletop.ui.table.choosing.Choosing`) and making moves."""

    def __init__(self, table: TableHost) -> None:
        super().__init__(table)
        self.grabbed: Grab | None = None
        self._pointing = False
        #: Where the mouse was last seen (the wheel scrolls what lies under it).
        self.pointer: tuple[int, int] | None = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse and keys at the table; ``True`` if the event was taken."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.table.animating and not self.table.session.driver.input_open():
                self.table.animator.skip()
                return True
            return self.press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.grabbed is not None:
                self.drag_to(event.pos)
                return True
            return self.hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.grabbed is not None:
                self.release(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.pointer is not None and self.table.frame.log.collidepoint(self.pointer):
                self.table.chrome.scroll_log(event.y)
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
        """The mouse button went down at ``pos``: a button, or a piece picked up to drag
        or click."""
        frame = self.table.frame
        if frame.menu_button.collidepoint(pos):
            self.table.ask(self.table.open_pause())
            return True
        if frame.rules_button.collidepoint(pos):
            self.table.ask(self.table.open_rules())
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
        chosen = self.chosen()
        if chosen is not None and spot is not None \
                and self.table.picture.zones[spot[0]].pieces[spot[1]].key != chosen.key:
            for option in self.places(chosen):  # a lit place, though a piece lies there
                area = self.target_rect(option.gesture)
                if area is not None and area.collidepoint(pos):
                    self.make(option)
                    return True
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
        """The held piece follows the pointer to ``pos``, lighting the place it would go."""
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

    def target_at(self, grab: Grab, pos: tuple[int, int]) -> Option | None:
        """The place the dragged piece would go if dropped now (``None``: none)."""
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
        """The mouse button came up: the piece goes where it was dropped, or glides back
        with the reason."""
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

    def glide_back(self, grab: Grab) -> None:
        """Send the held piece back to where it came from."""
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
        """Drop what is held without moving it (a view replaced the picture)."""
        grab = self.grabbed
        if grab is None:
            return
        self.grabbed = None
        self.show_targets([])
        grab.sprite.move_to(*grab.origin)
        self.table.refresh()

    def hover(self, pos: tuple[int, int]) -> bool:
        """The pointer moved to ``pos``: lift the piece under it; ``True`` if the
        picture changed."""
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
        """A key pressed at the table, by what it means app-wide; ``True`` if taken."""
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
            table.ask(table.open_pause())
        elif meaning is Command.RULES:
            table.ask(table.open_rules())
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
        """Left, Right, Tab and Enter choosing a piece and its place; ``True`` if taken."""
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
        table.ask(table.open_pause())

