"""The table: one scene that plays any game from its :class:`~tabletop.ui.table.spec.TableSpec`.

What the kit does for every game:

* **The picture.**  The spec says which pieces lie in which zone for the viewer's
  observation; the :class:`~tabletop.ui.table.picture.Picture` keeps a sprite per
  piece and moves only what moved.
* **Events.**  Each event of an applied action becomes one animation step: its log
  line, its sound, and either the game's special animation or, by default, its
  moves (pieces fly from zone to zone, face up or down as the viewer may see them).
  After the last step the picture is compared with a fresh view of the game; any
  difference is counted (``drift``) and mended.
* **Input.**  Drags, clicks and keys all build an action, ask the engine's
  ``check``, and either apply it or say why (a dragged piece glides back).  One
  focus ring serves every zone for keyboard play.
* **Turns.**  A driver lets the next seat act: bots in the background, nature's
  deals, humans behind the hand-off curtain when several share the screen.
* **Around it.**  The frame's information panel, the log, the prompt, toasts,
  autosave, pause, rules and results.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
import pygame

from tabletop.engine.events import Move, Teller
from tabletop.engine.match import Match
from tabletop.engine.protocol import NATURE, Action, Event, IllegalAction, Observation, TurnStyle
from tabletop.ui import theme
from tabletop.ui.autosave import AutoSaver
from tabletop.ui.bot_worker import BotWorker
from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Compositor, Sprite
from tabletop.ui.context import Context
from tabletop.ui.motion import fly
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.base import felt_background
from tabletop.ui.table.drivers import Driver, RealTimeDriver, SequentialDriver
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.picture import Decor, Layers, Picture, glide
from tabletop.ui.table.spec import InfoLine, TableSpec, Target, View
from tabletop.ui.table.zones import BACK, Piece, Zone
from tabletop.ui.tween import Animator, Tween, ease_out_cubic
from tabletop.ui.widgets.base import panel_surface
from tabletop.ui.widgets.log_panel import log_image
from tabletop.ui.widgets.toast import toast_image

__all__ = ["Table"]

TOAST_SECONDS = 3.2
LOG_LINES = 40
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


class Table(Scene):
    """Any game's table; see the module docstring."""

    def __init__(self, ctx: Context, match: Match, resumed: bool = False, *,
                 spec: type[TableSpec] | None = None, worker: BotWorker | None = None,
                 spectator_seat: int | None = None, autosave: bool = True) -> None:
        super().__init__(ctx)
        self.match = match
        self.entry = match.entry
        self.resumed = resumed
        if spec is None:
            loader = self.entry.load_table
            assert loader is not None, f"{self.entry.title} has no table"
            spec = loader()
        self.worker = worker or ctx.worker
        fallback_level = "easy" if "easy" in self.entry.bot_levels else self.entry.bot_levels[0]
        self.fallback_bot = self.entry.make_bot(fallback_level)
        self.animator = Animator(ctx.animation_factor)
        humans = match.humans()
        self.viewer: int | None = humans[0] if len(humans) == 1 else spectator_seat
        if not humans and spectator_seat is None:
            self.viewer = None
        self._bottom = self.viewer if self.viewer is not None else (humans[0] if humans else 0)
        self.size = ctx.screen_size
        self.frame = Frame(self.size)
        self.compositor = Compositor(felt_background(ctx, self.size))
        self.spec = spec(self)
        self.picture = Picture(self.compositor, self.spec.faces, self.compose, self.caption)
        self.driver: Driver = (RealTimeDriver(self) if self.entry.info.turns is TurnStyle.REAL_TIME
                               else SequentialDriver(self))
        self.clock = 0.0
        self.awaiting_handoff = False
        self.results_shown = False
        self.grabbed: Grab | None = None
        self.focus: tuple[str, int] | None = None
        self.hovered: tuple[str, int] | None = None
        self.thinking: set[int] = set()
        self.drift = 0  # how often the picture disagreed with the game after an action
        self._unplayed = 0  # applied actions whose animation has not finished
        self.log_lines: list[str] = []
        self._log_sprite: Sprite | None = None
        self._toast: Sprite | None = None
        self._toast_until = 0.0
        self._target_sprites: list[Sprite] = []
        self._effects: list[Sprite] = []
        self._deferred: dict[str, Callable[[], None]] = {}
        self._pointing = False
        self._hinted = False
        self._turn_seen = -1
        #: Milliseconds the UI thread spent waiting on the bot pipe or the saver.
        self.waited_ms = 0.0
        self.actions_applied = 0
        self.saver = AutoSaver(lambda text: ctx.storage.write_text(ctx.storage.SAVE, text),
                               ctx.notices.append) if autosave else None

    # -- who is looking -----------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return self.match.humans()

    @property
    def bottom(self) -> int:
        """The seat whose side of the table is at the bottom."""
        return self.viewer if self.viewer is not None else self._bottom

    @property
    def private(self) -> bool:
        """Whether the bottom seat's own cards may be shown (someone is at the screen)."""
        return self.viewer is not None and not self.awaiting_handoff

    @property
    def obs(self) -> Observation:
        return self.match.state.observation(self.bottom)

    def name(self, seat: int) -> str:
        """A player's name as the table says it: "You" for the one human of a solo game."""
        if len(self.humans) == 1 and seat == self.humans[0]:
            return "You"
        return self.match.name(seat)

    @property
    def speed(self) -> float:
        return self.animator.speed

    @property
    def animating(self) -> bool:
        return self.animator.busy

    @property
    def dragging(self) -> bool:
        return self.grabbed is not None

    @property
    def busy(self) -> bool:
        return self.animator.moving or self.grabbed is not None or self.driver.busy

    def viewer_acts(self) -> bool:
        """True when the game waits for the viewer (the picture may still be moving)."""
        state = self.match.state
        return (self.viewer is not None and not self.awaiting_handoff and not state.is_over
                and self.viewer in state.acting_seats()
                and not self.match.seats[self.viewer].is_bot)

    def my_turn(self) -> bool:
        """True when the viewer may act now (and input is open)."""
        return self.viewer_acts() and self.driver.input_open()

    def why(self, action: Action) -> str | None:
        """Why the viewer may not take ``action`` now; ``None`` if they may."""
        if self.viewer is None:
            return "Nobody is at the screen."
        return self.match.state.check(self.stamped(action), self.viewer)

    def stamped(self, action: Action) -> Action:
        return self.driver.stamp(action) if isinstance(self.driver, RealTimeDriver) else action

    # -- lifecycle ----------------------------------------------------------------
    def enter(self) -> None:
        self.size = self.ctx.screen_size
        if any(seat.is_bot for seat in self.match.seats) and \
                self.entry.info.turns is not TurnStyle.REAL_TIME:
            self.worker.start()
        self.layout()
        if self.resumed:
            self.rebuild_log()
        if self.needs_curtain:
            reason = (f"Welcome back. Only {self.match.name(self.next_human())} should look at "
                      "the screen now.") if self.resumed else ""
            self.request_handoff(self.next_human(), reason)

    @property
    def needs_curtain(self) -> bool:
        return len(self.humans) > 1 and self.entry.info.needs_curtain

    def exit(self) -> None:
        self.cancel_drag()
        self.driver.cancel()
        self.worker.cancel()  # the worker itself serves the whole session
        if self.saver is not None:
            if not self.match.is_over:
                self.saver.save(self.match.dumps())
            self.saver.close()

    def pause(self) -> None:
        self.cancel_drag()
        self.set_cursor(False)

    def resume(self) -> None:
        super().resume()
        self.animator.speed = self.ctx.animation_factor
        self.compositor.invalidate()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.cancel_drag()
        self.animator.skip()
        self.size = size
        self.compositor.set_background(felt_background(self.ctx, size))
        self.layout()
        self.refresh_log()

    def layout(self) -> None:
        """Place the zones for the window size and the bottom seat; draw everything."""
        self.frame = Frame(self.size)
        self.animator.clear()
        self._unplayed = 0
        self.clear_effects()
        self.picture.set_zones(self.spec.layout(self.frame, self.bottom))
        self._log_sprite = None
        self.focus = self.hovered = None
        self.refresh()
        self.refresh_log()

    # -- the picture ------------------------------------------------------------------
    def view(self) -> View:
        return self.spec.view(self.obs)

    def refresh(self, seconds: float = 0.0, view: View | None = None) -> list[Tween]:
        """Bring the picture up to the game now (pieces that moved slide over ``seconds``)."""
        view = view or self.view()
        self._clamp_focus(view)
        self.picture.raised = self._raised()
        tweens = self.picture.show(view.zones, glide(seconds) if seconds > 0 else None)
        self.picture.set_decor([*view.decor, *self.kit_decor(view)])
        return tweens

    def redraw(self) -> None:
        """Repaint for a changed focus or hover (no animation of its own)."""
        if not self.animating:
            self.refresh(0.12)

    def _raised(self) -> dict[str, frozenset[int]]:
        raised: dict[str, set[int]] = {}
        for spot in (self.focus, self.hovered if self.viewer_acts() else None):
            if spot is not None:
                raised.setdefault(spot[0], set()).add(spot[1])
        return {zone: frozenset(indices) for zone, indices in raised.items()}

    def _clamp_focus(self, view: View) -> None:
        if self.focus is not None:
            zone, index = self.focus
            if index >= len(view.zones.get(zone, [])) or not self.viewer_acts():
                self.focus = None
        if self.hovered is not None:
            zone, index = self.hovered
            if index >= len(view.zones.get(zone, [])):
                self.hovered = None

    def compose(self, zone: Zone) -> pygame.Surface:
        return self.spec.compose(zone)

    def caption(self, caption: Hashable) -> pygame.Surface:
        return self.spec.caption(caption)

    def kit_decor(self, view: View) -> list[Decor]:
        """What the kit draws on every table: buttons, information, prompt, focus ring."""
        frame = self.frame
        items = [
            Decor(("hud", "pause"), frame.menu_button.size,
                  lambda: self.hud_button(frame.menu_button, "pause", "Menu"),
                  frame.menu_button.topleft, Layers.HUD),
            Decor(("hud", "book"), frame.rules_button.size,
                  lambda: self.hud_button(frame.rules_button, "book", "Rules"),
                  frame.rules_button.topleft, Layers.HUD),
        ]
        info = tuple(view.info)
        items.append(Decor("info", (info, frame.info.size), lambda: self.info_panel(info),
                           frame.info.topleft, Layers.PANEL))
        if view.prompt:
            urgent = view.urgent and self.my_turn()
            items.append(Decor("prompt", (view.prompt, urgent, frame.scale),
                               lambda: self.prompt_image(view.prompt, urgent),
                               self.prompt_at(), Layers.HUD, anchor="center"))
        ring = self.focus_ring()
        if ring is not None:
            items.append(ring)
        return items

    def hud_button(self, rect: pygame.Rect, icon: str, label: str) -> pygame.Surface:
        image = panel_surface(rect.size, theme.PANEL, rect.h // 2, theme.PANEL_EDGE, 2).copy()
        glyph_size = rect.h * 6 // 10
        glyph = self.ctx.assets.svg(f"ui/{icon}.svg", (glyph_size, glyph_size))
        text = self.ctx.text.render(label, self.frame.font(18), theme.INK, bold=True)
        width = glyph.get_width() + self.frame.px(8) + text.get_width()
        x = (rect.w - width) // 2
        image.blit(glyph, glyph.get_rect(midleft=(x, rect.h // 2)))
        image.blit(text, text.get_rect(midleft=(x + glyph.get_width() + self.frame.px(8),
                                                rect.h // 2)))
        return image

    def info_panel(self, lines: Sequence[InfoLine]) -> pygame.Surface:
        frame = self.frame
        rect = frame.info
        image = panel_surface(rect.size, theme.PANEL, frame.px(14), theme.PANEL_EDGE, 2).copy()
        pad = frame.px(14)
        y = frame.px(10)
        styles = {"title": (21, theme.INK, True), "": (16, theme.INK, False),
                  "soft": (15, theme.INK_SOFT, False), "accent": (15, theme.GOLD, False)}
        clip = rect.h - frame.px(8)
        for line in lines:
            size, color, bold = styles.get(line.style, styles[""])
            block = self.ctx.text.block(line.text, frame.font(size), color, rect.w - 2 * pad,
                                        bold=bold)
            if y + block.get_height() > clip:
                break
            image.blit(block, (pad, y))
            y += block.get_height() + frame.px(5)
        return image

    def prompt_at(self) -> tuple[float, float]:
        """Where the prompt sits: just above the viewer's hand, else low in the play area."""
        frame = self.frame
        hand = self.picture.zones.get("hand")
        if hand is not None:
            return hand.center[0], hand.bounds().top - frame.px(26)
        return frame.play.centerx, frame.play.bottom - frame.px(40)

    def prompt_image(self, message: str, urgent: bool) -> pygame.Surface:
        frame = self.frame
        label = self.ctx.text.render(message, frame.font(20), theme.INK_DARK if urgent else theme.INK,
                                     bold=True, max_width=round(frame.play.w * 0.8))
        pad_x, pad_y = frame.px(20), frame.px(8)
        fill = (*theme.GOLD, 240) if urgent else (8, 30, 34, 210)
        image = panel_surface((label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y),
                              fill, frame.px(18)).copy()
        image.blit(label, (pad_x, pad_y))
        return image

    def focus_ring(self) -> Decor | None:
        """A gold ring around the piece chosen with a click or the keys."""
        if self.focus is None:
            return None
        zone_id, index = self.focus
        zone = self.picture.zones.get(zone_id)
        if zone is None or index >= len(zone.pieces):
            return None
        x, y, angle = zone.piece_poses(self.picture.raised.get(zone_id, frozenset()))[index]
        angle = round(angle / 2) * 2
        w, h = zone.size
        pad = self.frame.px(7)
        radius = self.frame.px(14)
        width = max(2, self.frame.px(4))

        def build() -> pygame.Surface:
            ring = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(ring, (*theme.HIGHLIGHT, 90), ring.get_rect(), border_radius=radius)
            pygame.draw.rect(ring, theme.HIGHLIGHT, ring.get_rect(), width, border_radius=radius)
            return pygame.transform.rotozoom(ring, angle, 1.0) if angle else ring
        return Decor("focus", (angle, w, h, pad), build, (x, y), zone.layer + 2 * index - 1,
                     anchor="center")

    # -- playing events -----------------------------------------------------------------
    def play(self, events: Sequence[Event]) -> None:
        """Queue one step per event (a run of deals as one interleaved step), then the
        comparison with the game."""
        i = 0
        while i < len(events):
            event = events[i]
            group = [event]
            if event.moves() and self.spec.special(event) is None:
                while (i + len(group) < len(events) and type(events[i + len(group)]) is type(event)
                       and len(event.moves()) > 1):
                    group.append(events[i + len(group)])
            i += len(group)
            self.animator.queue(self._step(group), hold=self.spec.hold(group[-1]))
        self._unplayed += 1
        self.animator.queue(self.reconcile)

    def _step(self, group: Sequence[Event]) -> Callable[[], list[Tween]]:
        def start() -> list[Tween]:
            tweens: list[Tween] = []
            for event in group:
                self.log_event(event)
                sound = self.spec.sound(event)
                if sound:
                    self.ctx.audio.play(sound)
            special = self.spec.special(group[0]) if len(group) == 1 else None
            if special is not None:
                tweens.extend(special() or ())
            else:
                tweens.extend(self.carry(_interleave([e.moves() for e in group])))
            return tweens
        return start

    def carry(self, moves: Sequence[Move], stagger: float | None = None) -> list[Tween]:
        """Fly each move's piece from its zone to the next (face up or down as the viewer
        may see it); cards of a deal leave one after another."""
        if stagger is None:
            stagger = self.spec.STAGGER if len(moves) > 3 else 0.0
        tweens: list[Tween] = []
        touched: set[str] = set()
        seer = self.bottom if self.private else None
        for n, move in enumerate(moves):
            src_id, dst_id = self.spec.zone_of(move.src), self.spec.zone_of(move.dst)
            src = self.picture.zones.get(src_id or "")
            dst = self.picture.zones.get(dst_id or "")
            if src is None and dst is None:
                continue
            face = move.piece if move.seen_by(seer) else BACK
            taken = self.picture.take(src, move.piece) if src is not None else None
            sprite = taken[1] if taken is not None else None
            start = src.anchor if src is not None else (dst.anchor if dst is not None else (0, 0))
            if sprite is None:
                old = taken[0].face if taken is not None else face
                sprite = self.picture.flying(old, (src or dst).size, start)  # type: ignore[union-attr]
                if not src or (src.composite and n * stagger > 0):
                    sprite.visible = n * stagger <= 0
            if src is not None and not src.composite:
                touched.add(src.id)
            sprite.layer = Layers.FLYING + n
            delay = n * stagger
            if dst is None:
                tweens.append(self._vanish(sprite, start, delay))
                continue
            if dst.composite:
                tweens.append(self._into_composite(sprite, dst, move, face, delay))
                continue
            key: Hashable = move.piece if face != BACK else ("back", dst.id, self._uid())
            if sprite.face != face:
                sprite.face, sprite.face_up = face, False  # turns over on the way
                sprite.refresh()
            dst.insert(Piece(key, face))
            self.picture.adopt(key, sprite)
            touched.add(dst.id)
            show = sprite

            def appear(sprite: CardSprite = show) -> None:
                sprite.visible = True
            tweens += self._relay(dst, self.spec.FLIGHT, delay, appear, moving=key)
        for zone_id in touched:
            zone = self.picture.zones[zone_id]
            if zone_id != getattr(dst, "id", None):
                tweens += self._relay(zone, 0.2)
        return tweens

    def _relay(self, zone: Zone, seconds: float, delay: float = 0.0,
               begin: Callable[[], None] | None = None, moving: Hashable = None) -> list[Tween]:
        """Lay a zone's pieces out again: the arriving one above the rest on its way."""
        tweens = []
        poses = zone.piece_poses(self.picture.raised.get(zone.id, frozenset()))
        for i, (piece, pose) in enumerate(zip(zone.pieces, poses)):
            sprite = self.picture.sprites.get(piece.key)
            if sprite is None:
                continue
            arriving = piece.key == moving
            mover = glide(seconds, delay=delay if arriving else 0.0, above=arriving)
            tween = mover(sprite, pose, zone.size, zone.layer + 2 * i)
            self.picture.where[piece.key] = zone.id
            if tween is not None:
                if arriving and begin is not None:
                    tween.begin = _chain(begin, tween.begin)
                tweens.append(tween)
            elif arriving and begin is not None:
                begin()
        return tweens

    def _into_composite(self, sprite: CardSprite, zone: Zone, move: Move, face: Hashable,
                        delay: float) -> Tween:
        def arrive() -> None:
            self.compositor.remove(sprite)
            zone.pieces.append(Piece(("back", zone.id, self._uid()) if face == BACK
                                     else move.piece, face))
            self.picture.compose(zone)

        def appear() -> None:
            sprite.visible = True
        face_up = getattr(zone, "face_up", False) and face != BACK
        return fly(sprite, zone.anchor, self.spec.FLIGHT, delay=delay, size=zone.size,
                   face_up=face_up, begin=appear, done=arrive)

    def _vanish(self, sprite: CardSprite, at: tuple[float, float], delay: float) -> Tween:
        return fly(sprite, at, 0.01, delay=delay, done=lambda: self.compositor.remove(sprite))

    _counter = 0

    def _uid(self) -> int:
        Table._counter += 1
        return Table._counter

    def reconcile(self) -> list[Tween]:
        """After an action's steps: the picture must agree with the game; mend it if not.
        (In real time later actions may already be queued: the last one judges.)"""
        self.clear_effects()
        self._unplayed -= 1
        if self._unplayed > 0:
            return []
        view = self.view()
        for zone_id, zone in self.picture.zones.items():
            if not zone.tracked:
                continue
            shown = zone.signature()
            pieces, zone.pieces = zone.pieces, view.zones.get(zone_id, [])
            wanted = zone.signature()
            zone.pieces = pieces
            if shown != wanted:
                self.drift += 1
                if self.ctx.debug_drift:
                    print("drift in", zone_id, shown, wanted)
                break
        tweens = self.refresh(0.2, view)
        self.settled()
        return tweens

    def put(self, zone_id: str, piece: Piece) -> list[Tween]:
        """A special animation adds a piece that no move brought (a marker, say)."""
        zone = self.picture.zones[zone_id]
        zone.pieces.append(piece)
        return self.picture.place(zone, glide(0.2))

    def remove(self, zone_id: str, keep: Callable[[Piece], bool]) -> None:
        """A special animation takes away the pieces of a zone that ``keep`` refuses."""
        zone = self.picture.zones[zone_id]
        for piece in [p for p in zone.pieces if not keep(p)]:
            taken = self.picture.take(zone, piece.key)
            if taken is not None and taken[1] is not None:
                self.compositor.remove(taken[1])

    def effect(self, sprite: Sprite) -> Sprite:
        """A sprite that lasts until the end of the action's animation (a glow, a banner)."""
        self.compositor.add(sprite)
        self._effects.append(sprite)
        return sprite

    def clear_effects(self) -> None:
        for sprite in self._effects:
            self.compositor.remove(sprite)
        self._effects = []

    # -- applying actions ---------------------------------------------------------------
    def apply(self, action: Action, seat: int) -> bool:
        """Apply an action for ``seat`` (checked by the engine); animate what it caused."""
        if seat != NATURE:
            action = self.stamped(action) if seat == self.viewer else action
        try:
            events = self.match.apply(action, seat)
        except IllegalAction as error:
            self.illegal(str(error))
            return False
        self.actions_applied += 1
        if self.saver is not None:
            text = self.match.dumps()
            begun = time.perf_counter()
            self.saver.save(text)
            self.waited_ms += (time.perf_counter() - begun) * 1000.0
        self.play(events)
        return True

    def act(self, actions: Iterable[Action]) -> bool:
        """The viewer's actions in order, each checked; stops at the first refused."""
        if self.viewer is None:
            return False
        for action in actions:
            reason = self.why(action)
            if reason is not None:
                self.illegal(reason)
                return False
            self.apply(action, self.viewer)
        return True

    def illegal(self, reason: str) -> None:
        self.ctx.audio.play("error")
        self.toast(reason, "error")

    # -- turns ---------------------------------------------------------------------------
    def next_human(self) -> int:
        """The human who acts next (or the first human, if bots act next)."""
        state = self.match.state
        humans = self.humans
        if not state.is_over:
            for seat in sorted(state.acting_seats()):
                if seat in humans:
                    return seat
        return self.viewer if self.viewer in humans else humans[0]

    def human_turn(self, seat: int) -> None:
        """It is ``seat``'s turn, nothing is moving: make sure they are at the screen."""
        if seat != self.viewer:
            if self.needs_curtain:
                self.request_handoff(seat)
                return
            self.viewer = self._bottom = seat
            self.layout()
        turn = len(self.match.history)
        if turn == self._turn_seen:
            return
        self._turn_seen = turn
        self.refresh()
        hints = self.spec.hints()
        if not self._hinted and hints:
            self._hinted = True
            self.toast(hints[0], seconds=5.0)
        if len(self.humans) > 1 or self.match.history:
            self.ctx.audio.play("turn", 0.6)

    def bot_thinking(self, seat: int | None, thinking: bool) -> None:
        if seat is None:
            return
        if thinking:
            self.thinking.add(seat)
        else:
            self.thinking.discard(seat)
        if not self.animating:
            self.refresh()

    def settled(self) -> None:
        """The animations of an action are over."""

    def finish(self) -> None:
        """The game is over: show the results (once)."""
        if self.results_shown or self.animating:
            return
        self.results_shown = True
        self.spec.finished()
        if self.saver is not None:
            begun = time.perf_counter()
            self.saver.flush()
            self.waited_ms += (time.perf_counter() - begun) * 1000.0
        from tabletop.ui.scenes.results import ResultsScene

        self.ctx.scenes.push(ResultsScene(self.ctx, self.match, self.spec.results_picture))

    # -- hand-off -------------------------------------------------------------------------
    def request_handoff(self, seat: int, reason: str = "") -> None:
        from tabletop.ui.scenes.curtain import Curtain

        self.cancel_drag()
        self.awaiting_handoff = True
        self.viewer = None
        self._bottom = seat
        self.layout()
        self.ctx.scenes.push(Curtain(self.ctx, self.match.name(seat),
                                     lambda: self.handoff_done(seat), reason,
                                     on_menu=self.quit_to_menu, card_back=self.spec.CARD_BACK))

    def handoff_done(self, seat: int) -> None:
        self.viewer = seat
        self.awaiting_handoff = False
        self.layout()
        self.rebuild_log()
        self.compositor.invalidate()

    # -- the frame --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        was_busy = self.animator.busy
        self.animator.update(dt)
        if self._toast is not None and self.clock >= self._toast_until:
            self.compositor.remove(self._toast)
            self._toast = None
        if self._deferred:
            # One postponed job per update keeps heavy redraws out of busy frames.
            key = next(iter(self._deferred))
            self._deferred.pop(key)()
            return
        if was_busy and not self.animator.busy:
            return  # the picture has just settled: act on the next frame
        self.driver.update(dt)

    def defer(self, key: str, job: Callable[[], None]) -> None:
        """Run ``job`` in a later update (once, however often it is deferred meanwhile)."""
        self._deferred[key] = job

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if self.needs_full_redraw:
            self.needs_full_redraw = False
            self.compositor.invalidate()
        return self.compositor.render(surface)

    # -- input: the mouse -------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.animating and not self.driver.input_open():
                self.animator.skip()
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
        for zone_id, zone in self.picture.zones.items():
            index = zone.hit(pos, self.picture.raised.get(zone_id, frozenset()))
            if index is None:
                continue
            layer = zone.layer + 2 * index
            if found is None or layer > found[0]:
                found = (layer, zone_id, index)
        return None if found is None else (found[1], found[2])

    def usable(self, zone_id: str, index: int) -> bool:
        """Whether the viewer can do something with this piece now."""
        zone = self.picture.zones[zone_id]
        return bool(self.my_turn() and self.spec.targets(zone_id, zone.pieces[index]))

    def press(self, pos: tuple[int, int]) -> bool:
        if self.frame.menu_button.collidepoint(pos):
            self.open_pause()
            return True
        if self.frame.rules_button.collidepoint(pos):
            self.open_rules()
            return True
        if not self.my_turn():
            return False
        button = self.picture.button_at(pos)
        if button is not None:
            self.act([button])
            return True
        spot = self.piece_at(pos)
        if spot is not None and self.usable(*spot):
            zone_id, index = spot
            piece = self.picture.zones[zone_id].pieces[index]
            sprite = self.picture.sprite_of(piece.key)
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
        piece = self.picture.zones[zone_id].pieces[index]
        for target in self.spec.targets(zone_id, piece):
            zone = self.picture.zones.get(target.zone)
            if zone is not None and zone.rect.collidepoint(pos):
                self.act([target.action])
                return True
        self.focus = None
        self.redraw()
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
            grab.targets = self.spec.targets(grab.zone, grab.piece)
            self.show_targets(grab.targets)
            self.ctx.audio.play("flip", 0.5)
        grab.sprite.move_to(pos[0] - grab.grab[0], pos[1] - grab.grab[1])
        hover = self.target_at(grab, pos)
        if hover is not grab.hover:
            grab.hover = hover
            self.show_targets(grab.targets, hover)

    def target_at(self, grab: Grab, pos: tuple[int, int]) -> Target | None:
        center = grab.sprite.rect.center
        for target in grab.targets:
            zone = self.picture.zones.get(target.zone)
            if zone is None or target.zone == grab.zone and zone.rect.collidepoint(grab.start):
                continue
            if zone.rect.collidepoint(pos) or zone.rect.collidepoint(center):
                return target
        return None

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
            reason = self.why(target.action)
            if reason is None:
                grab.sprite.layer = Layers.CARD
                self.focus = None
                self.apply(target.action, self.viewer if self.viewer is not None else -1)
                return
        else:
            reason = self.spec.miss_reason(grab.zone, grab.piece)
        if reason:
            self.illegal(reason)
        self.glide_back(grab)

    def click_piece(self, zone_id: str, piece: Piece) -> None:
        """A click chooses a piece; a click on the chosen piece plays it."""
        zone = self.picture.zones[zone_id]
        index = next((i for i, p in enumerate(zone.pieces) if p.key == piece.key), None)
        if index is None:
            return
        if self.focus == (zone_id, index):
            self.activate()
            return
        self.focus = (zone_id, index)
        self.ctx.audio.play("flip", 0.4)
        self.redraw()

    def activate(self) -> None:
        """Enter (or a second click): the chosen piece's action."""
        if self.focus is None:
            return
        zone_id, index = self.focus
        action = self.spec.activate(zone_id, self.picture.zones[zone_id].pieces[index])
        if action is None:
            return
        if self.act([action]):
            self.focus = None

    def glide_back(self, grab: Grab) -> None:
        sprite = grab.sprite
        start = sprite.pos
        end = grab.origin

        def step(t: float) -> None:
            sprite.move_to(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

        def done() -> None:
            self.refresh()
        self.animator.add(Tween(GLIDE_BACK, step, ease=ease_out_cubic, done=done))

    def cancel_drag(self) -> None:
        grab = self.grabbed
        if grab is None:
            return
        self.grabbed = None
        self.show_targets([])
        grab.sprite.move_to(*grab.origin)
        self.refresh()

    def show_targets(self, targets: Sequence[Target], hover: Target | None = None) -> None:
        for sprite in self._target_sprites:
            self.compositor.remove(sprite)
        self._target_sprites = []
        for target in targets:
            zone = self.picture.zones.get(target.zone)
            if zone is None:
                continue
            legal = self.why(target.action) is None
            if not legal and target is not hover:
                continue
            color = theme.TARGET if legal else theme.BAD
            image = self.target_image(zone.rect.size, color, target is hover,
                                      target.label if legal else "")
            pad = self.frame.px(8)
            sprite = Sprite(image, zone.rect.x - pad, zone.rect.y - pad, Layers.TARGET)
            self.compositor.add(sprite)
            self._target_sprites.append(sprite)

    def target_image(self, size: tuple[int, int], color: theme.Color, strong: bool,
                     label: str) -> pygame.Surface:
        pad = self.frame.px(8)
        w, h = size[0] + 2 * pad, size[1] + 2 * pad
        surface = panel_surface((w, h), (*color[:3], 70 if strong else 36), self.frame.px(18),
                                color, 4 if strong else 2).copy()
        if label:
            image = self.ctx.text.render(label, self.frame.font(17), theme.INK, bold=True,
                                         shadow=(0, 0, 0), max_width=w - 10)
            surface.blit(image, image.get_rect(midbottom=(w // 2, h - self.frame.px(8))))
        return surface

    def hover(self, pos: tuple[int, int]) -> bool:
        over_hud = self.frame.menu_button.collidepoint(pos) or \
            self.frame.rules_button.collidepoint(pos)
        spot = self.piece_at(pos) if self.my_turn() else None
        if spot is not None and not self.picture.zones[spot[0]].focusable:
            spot = None
        usable = spot is not None and self.usable(*spot)
        self.set_cursor(over_hud or usable or (self.my_turn()
                                               and self.picture.button_at(pos) is not None))
        if spot != self.hovered:
            self.hovered = spot
            self.redraw()
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
        if key == pygame.K_SPACE and self.animating and not self.driver.input_open():
            self.animator.skip()
            return True
        if key == pygame.K_ESCAPE and self.grabbed is not None:
            self.cancel_drag()
            return True
        if self.animating and self.viewer_acts():
            self.animator.skip()  # a key on the viewer's turn hurries the picture, then acts
        if self.my_turn():
            actions = self.spec.key_actions(key, self.obs)
            if actions is not None:
                if actions:
                    self.act(actions)
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step_focus(-1 if key == pygame.K_LEFT else 1)
                return True
            if key == pygame.K_TAB:
                self.next_zone(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.focus is None:
                    self.toast("Choose with Left and Right (Tab for the next row) first.")
                else:
                    self.activate()
                return True
            if key == pygame.K_ESCAPE and self.focus is not None:
                self.focus = None
                self.redraw()
                return True
        if key in (pygame.K_ESCAPE, pygame.K_p, pygame.K_PAUSE):
            self.open_pause()
            return True
        if key == pygame.K_F1:
            self.open_rules()
            return True
        return False

    def focus_zones(self) -> list[str]:
        return [z for z, zone in self.picture.zones.items()
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
        zone = self.picture.zones[zone_id]
        count = len(zone.pieces)
        able = [i for i in range(count) if self.can_activate(zone_id, i)] or list(range(count))
        current = self.focus[1] if self.focus is not None and self.focus[0] == zone_id else None
        if current is None:
            index = able[0] if step > 0 else able[-1]
        else:
            ahead = [i for i in able if (i - current) * step > 0]
            index = min(ahead, key=lambda i: abs(i - current)) if ahead else \
                (able[0] if step > 0 else able[-1])
        self.focus = (zone_id, index)
        self.ctx.audio.play("flip", 0.3)
        self.redraw()

    def can_activate(self, zone_id: str, index: int) -> bool:
        action = self.spec.activate(zone_id, self.picture.zones[zone_id].pieces[index])
        return action is not None and self.why(action) is None

    def next_zone(self, step: int) -> None:
        zones = self.focus_zones()
        if not zones:
            return
        at = zones.index(self.focus[0]) if self.focus is not None and self.focus[0] in zones else -1
        self.focus = None
        self.step_focus(1, zones[(at + step) % len(zones)])

    # -- toasts and the log -----------------------------------------------------------------
    def toast(self, message: str, kind: str = "info", seconds: float = TOAST_SECONDS) -> None:
        if self._toast is not None:
            self.compositor.remove(self._toast)
        frame = self.frame
        image = toast_image(message, self.ctx.text, frame.scale, kind,
                            max_width=min(frame.play.w - frame.px(40), frame.px(800)))
        x, y = self.prompt_at()
        y = min(y - frame.px(30), frame.play.bottom - image.get_height())
        x = min(max(x, frame.play.x + image.get_width() / 2),
                frame.play.right - image.get_width() / 2)
        self._toast = Sprite(image, x - image.get_width() / 2, y - image.get_height(), Layers.TOAST)
        self.compositor.add(self._toast)
        self._toast_until = self.clock + seconds

    def log_event(self, event: Event) -> None:
        """Add an event's line to the log (as its animation begins)."""
        line = self.describe(event)
        if line:
            self.log_lines.append(line)
            del self.log_lines[:-LOG_LINES]
            self.defer("log", self.refresh_log)

    def teller(self) -> Teller:
        names = tuple(seat.name for seat in self.match.seats)
        you = self.viewer if len(self.humans) == 1 else None
        return Teller(names, self.viewer if self.private else None, you)

    def describe(self, event: Event) -> str | None:
        describe = getattr(event, "describe", None)
        if describe is None:
            return None
        text: str | None = describe(self.teller())
        return text

    def rebuild_log(self) -> None:
        """Re-tell the log for the current viewer (private details change with the viewer)."""
        self.log_lines = []
        for entry in self.match.log:
            for event in entry.events:
                line = self.describe(event)
                if line:
                    self.log_lines.append(line)
        del self.log_lines[:-LOG_LINES]
        self.refresh_log()

    def refresh_log(self) -> None:
        rect = self.frame.log
        image = log_image(self.log_lines, rect.size, self.ctx.text, self.frame.scale)
        if self._log_sprite is None or self._log_sprite not in self.compositor.sprites:
            self._log_sprite = Sprite(image, rect.x, rect.y, Layers.PANEL)
            self.compositor.add(self._log_sprite)
        else:
            self._log_sprite.image = image
            self._log_sprite.move_to(rect.x, rect.y)

    # -- scenes on top ---------------------------------------------------------------------
    def open_pause(self) -> None:
        from tabletop.ui.scenes.pause import PauseScene

        self.cancel_drag()
        self.animator.skip()
        self.ctx.scenes.push(PauseScene(self.ctx, self))

    def open_rules(self) -> None:
        from tabletop.ui.scenes.rules import RulesScene

        self.cancel_drag()
        self.ctx.scenes.push(RulesScene(self.ctx, self.entry))

    def quit_to_menu(self) -> None:
        from tabletop.ui.scenes.menu import MainMenu

        self.ctx.scenes.reset(MainMenu(self.ctx))

    # -- for the UI monkey ------------------------------------------------------------------
    def hotspots(self) -> list[tuple[int, int]]:
        points: list[tuple[int, int]] = [s.rect.center for s in self.picture.sprites.values()]
        points += [zone.rect.center for zone in self.picture.zones.values()]
        points += [rect.center for rect, _ in self.picture.buttons.values()]
        return points


def _interleave(groups: Sequence[Sequence[Move]]) -> list[Move]:
    """Round the table: the first move of each group, then the second of each, …"""
    out: list[Move] = []
    for i in range(max((len(g) for g in groups), default=0)):
        out.extend(g[i] for g in groups if i < len(g))
    return out


def _chain(first: Callable[[], None], second: Callable[[], None] | None) -> Callable[[], None]:
    def both() -> None:
        first()
        if second is not None:
            second()
    return both

