"""What every game's table shares: the match on screen, whose eyes see it, bots
thinking in the background, autosave, drag-and-drop, animation and the log.

A game's table subclasses :class:`TableScene` and provides the picture: it builds
sprites from an observation (``rebuild_view``), turns the engine's events into
animation steps (``animate``), and says what can be dragged where
(``drag_start``/``drop_targets``) and what keys do (``handle_game_key``).  All
legality questions go to the engine: a drop target is legal exactly when its
action is among ``legal_actions``, and its reason comes from ``explain_illegal``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import time

import pygame

from tabletop.engine.events import Teller
from tabletop.engine.match import Match
from tabletop.engine.protocol import NATURE, Action, Event, IllegalAction
from tabletop.engine.rng import Rng
from tabletop.ui import theme
from tabletop.ui.autosave import AutoSaver
from tabletop.ui.bot_worker import BotAnswer, BotWorker, InlineBotWorker, ProcessBotWorker
from tabletop.ui.compositor import Compositor, Sprite
from tabletop.ui.context import Context
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.base import felt_background
from tabletop.ui.tween import Animator, Tween, ease_out_cubic
from tabletop.ui.widgets.base import panel_surface
from tabletop.ui.widgets.log_panel import log_image
from tabletop.ui.widgets.toast import toast_image

__all__ = ["DropTarget", "TableScene", "Drag"]

#: A bot's move is shown no sooner than this after its turn began (times the speed factor).
BOT_MIN_THINK = 0.55
TOAST_SECONDS = 3.2
LOG_LINES = 40
DRAG_THRESHOLD = 6


@dataclass
class DropTarget:
    """A place a dragged item may be dropped, and the action that would be."""

    rect: pygame.Rect
    action: Action | None
    legal: bool
    reason: str = ""
    label: str = ""
    #: For drops that change only the table's own state (e.g. arming a token).
    effect: Callable[[], None] | None = None


@dataclass
class Drag:
    sprite: Sprite
    item: Any
    origin: tuple[float, float]  # the sprite's top-left before lifting
    grab: tuple[float, float]  # mouse offset from the sprite's top-left
    start_pos: tuple[int, int]
    origin_layer: int
    moved: bool = False
    targets: list[DropTarget] = field(default_factory=list)
    hover: DropTarget | None = None


class TableScene(Scene):
    """The shared table machinery; see the module docstring for what a game adds."""

    LAYER_TABLE = 0
    LAYER_PANEL = 5
    LAYER_CARD = 20
    LAYER_TARGET = 15
    LAYER_FLYING = 60
    LAYER_DRAG = 80
    LAYER_HUD = 90
    LAYER_TOAST = 95

    #: The game's card back (under ``art/``), shown on the hand-off curtain.
    CARD_BACK = "card_back.svg"

    def __init__(self, ctx: Context, match: Match, resumed: bool = False, *,
                 worker: BotWorker | None = None, spectator_seat: int | None = None,
                 autosave: bool = True) -> None:
        super().__init__(ctx)
        self.match = match
        self.entry = match.entry
        self.resumed = resumed
        self.worker = worker or (ProcessBotWorker() if ctx.bot_processes else InlineBotWorker())
        fallback_level = "easy" if "easy" in self.entry.bot_levels else self.entry.bot_levels[0]
        self.fallback_bot = self.entry.make_bot(fallback_level)
        self.animator = Animator(ctx.animation_factor)
        humans = match.humans()
        self.viewer: int | None = humans[0] if len(humans) == 1 else spectator_seat
        if not humans and spectator_seat is None:
            self.viewer = None
        self.size = ctx.screen_size
        self.compositor = Compositor(felt_background(ctx, self.size))
        self.clock = 0.0  # game time in seconds (advances with update)
        self.awaiting_handoff = False
        self.results_shown = False
        self.drag: Drag | None = None
        self.bot_ticket: int | None = None
        self.bot_seat: int | None = None
        self.bot_started = 0.0
        self.bot_answer: BotAnswer | None = None
        self.log_lines: list[str] = []
        self._log_sprite: Sprite | None = None
        self._toast: Sprite | None = None
        self._toast_until = 0.0
        self._target_sprites: list[Sprite] = []
        self._deferred: dict[str, Callable[[], None]] = {}
        self._pointing = False
        #: Milliseconds the UI thread spent waiting on the bot pipe or the saver this frame.
        self.waited_ms = 0.0
        self.saver = AutoSaver(lambda text: ctx.storage.write_text(ctx.storage.SAVE, text),
                               ctx.notices.append) if autosave else None
        self.actions_applied = 0

    # -- names and who is looking ---------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return self.match.humans()

    def name(self, seat: int) -> str:
        if seat == self.viewer and len(self.humans) == 1:
            return "You"
        return self.match.name(seat)

    @property
    def scale(self) -> float:
        return theme.scale_for(self.size[1])

    def px(self, value: float) -> int:
        return round(value * self.scale)

    # -- lifecycle ----------------------------------------------------------------------
    def enter(self) -> None:
        self.size = self.ctx.screen_size
        if any(seat.is_bot for seat in self.match.seats):
            self.worker.start()
        self.layout()
        self.rebuild_view()
        if self.resumed:
            self.rebuild_log()
        humans = self.humans
        if self.resumed and humans:
            seat = self.next_human()
            self.request_handoff(seat, f"Welcome back. Only {self.match.name(seat)} "
                                       "should look at the screen now.")
        elif len(humans) > 1:
            self.request_handoff(self.next_human())

    def exit(self) -> None:
        self.cancel_drag()
        self.worker.close()
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
        self.rebuild_view()
        self.rebuild_log()

    @property
    def busy(self) -> bool:
        return self.animator.moving or self.drag is not None or self.bot_ticket is not None

    def next_human(self) -> int:
        """The human who acts next (or the first human, if bots act next)."""
        state = self.match.state
        humans = self.humans
        if not state.is_over:
            for seat in sorted(state.acting_seats()):
                if seat in humans:
                    return seat
        return self.viewer if self.viewer in humans else humans[0]

    # -- hand-off --------------------------------------------------------------------
    def request_handoff(self, seat: int, reason: str = "") -> None:
        from tabletop.ui.scenes.curtain import Curtain

        self.cancel_drag()
        self.awaiting_handoff = True
        self.viewer = None
        self.rebuild_view()
        self.ctx.scenes.push(Curtain(self.ctx, self.match.name(seat),
                                     lambda: self.handoff_done(seat), reason,
                                     on_menu=self.quit_to_menu, card_back=self.CARD_BACK))

    def handoff_done(self, seat: int) -> None:
        self.viewer = seat
        self.awaiting_handoff = False
        self.rebuild_view()
        self.rebuild_log()
        self.compositor.invalidate()

    # -- the frame ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        was_busy = self.animator.busy
        self.animator.update(dt)
        self.update_effects(dt)
        if self._toast is not None and self.clock >= self._toast_until:
            self.compositor.remove(self._toast)
            self._toast = None
        if was_busy and not self.animator.busy:
            self.settled()
        if self._deferred:
            # One postponed job per update keeps heavy redraws out of busy frames.
            key = next(iter(self._deferred))
            self._deferred.pop(key)()
            return
        if was_busy or self.animator.busy or self.drag is not None or self.awaiting_handoff:
            return
        self.advance()

    def defer(self, key: str, job: Callable[[], None]) -> None:
        """Run ``job`` in a later update (once, however often it is deferred meanwhile)."""
        self._deferred[key] = job

    def advance(self) -> None:
        """Nothing is moving: let the next seat act."""
        state = self.match.state
        if state.is_over:
            if not self.results_shown:
                self.results_shown = True
                self.show_results()
            return
        step = state.nature_action()
        if step is not None:
            self.apply(step, NATURE)
            return
        actors = sorted(state.acting_seats())
        if not actors:
            return
        seat = actors[0]
        if self.match.seats[seat].is_bot:
            self.run_bot(seat)
            return
        if seat != self.viewer:
            if len(self.humans) > 1:
                self.request_handoff(seat)
                return
            self.viewer = seat
            self.rebuild_view()
        self.human_turn(seat)

    def run_bot(self, seat: int) -> None:
        state = self.match.state
        if self.bot_ticket is None or self.bot_seat != seat:
            observation = state.observation(seat)
            legal = state.legal_actions(seat)
            seed = (self.match.seed * 7919 + len(self.match.history) * 104729 + seat) % (2**61)
            self.bot_answer = None
            self.bot_seat = seat
            self.bot_started = self.clock
            started = time.perf_counter()
            self.bot_ticket = self.worker.request(self.entry.id, self.match.seats[seat].level or "",
                                                  observation, legal, seed)
            self.waited_ms += (time.perf_counter() - started) * 1000.0
            self.bot_thinking(seat, True)
        if self.bot_answer is None:
            started = time.perf_counter()
            self.bot_answer = self.worker.poll()
            self.waited_ms += (time.perf_counter() - started) * 1000.0
            if self.bot_answer is None and self.worker.overdue():
                self.worker.cancel()
                if isinstance(self.worker, ProcessBotWorker):
                    self.worker.restart()
                legal = state.legal_actions(seat)
                action = self.fallback_bot.choose(state.observation(seat), legal,
                                                  _rng(self.match.seed + len(self.match.history)))
                self.bot_answer = BotAnswer(self.bot_ticket, action, 0.0, "overdue")
        answer = self.bot_answer
        if answer is None:
            return
        if self.clock - self.bot_started < BOT_MIN_THINK * self.animator.speed:
            return
        self.bot_ticket = None
        self.bot_answer = None
        self.bot_thinking(seat, False)
        chosen = answer.action
        if chosen is None or chosen not in state.legal_actions(seat):
            chosen = self.fallback_bot.choose(state.observation(seat), state.legal_actions(seat),
                                              _rng(self.match.seed + len(self.match.history)))
        self.apply(chosen, seat)

    def apply(self, action: Action, seat: int) -> bool:
        """Apply an action for ``seat`` (checked by the engine); animate what it caused."""
        try:
            events = self.match.apply(action, seat)
        except IllegalAction as error:
            self.illegal(str(error))
            return False
        self.actions_applied += 1
        opening = seat == NATURE and len(self.match.history) == 1
        if self.saver is not None:
            text = self.match.dumps()
            started = time.perf_counter()
            self.saver.save(text)
            self.waited_ms += (time.perf_counter() - started) * 1000.0
        self.animate(events, opening=opening)
        return True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if self.needs_full_redraw:
            self.needs_full_redraw = False
            self.compositor.invalidate()
        return self.compositor.render(surface)

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.animator.busy:
                self.animator.skip()
                return True
            if self.hud_click(event.pos):
                return True
            return self.press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag_to(event.pos)
                return True
            return self.hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag is not None:
                self.release(event.pos)
                return True
            return False
        if event.type == pygame.WINDOWFOCUSLOST:
            self.cancel_drag()
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE and self.animator.busy:
                self.animator.skip()
                return True
            if event.key == pygame.K_ESCAPE and self.drag is not None:
                self.cancel_drag()
                return True
            if self.my_turn() and self.handle_game_key(event):
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_p, pygame.K_PAUSE):
                self.open_pause()
                return True
            if event.key == pygame.K_F1:
                self.open_rules()
                return True
        return False

    def my_turn(self) -> bool:
        """True when the viewer may act now (and nothing is animating)."""
        state = self.match.state
        return (self.viewer is not None and not self.awaiting_handoff
                and not self.animator.busy and not state.is_over
                and self.viewer in state.acting_seats()
                and not self.match.seats[self.viewer].is_bot)

    def press(self, pos: tuple[int, int]) -> bool:
        if not self.my_turn():
            return False
        picked = self.drag_start(pos)
        if picked is None:
            return self.click_table(pos)
        sprite, item = picked
        x, y = sprite.pos
        self.drag = Drag(sprite, item, (x, y), (pos[0] - x, pos[1] - y), pos, sprite.layer)
        return True

    def drag_to(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        if not drag.moved:
            if abs(pos[0] - drag.start_pos[0]) + abs(pos[1] - drag.start_pos[1]) < DRAG_THRESHOLD:
                return
            drag.moved = True
            drag.sprite.layer = self.LAYER_DRAG
            self.lifted(drag)
            drag.targets = self.drop_targets(drag.item)
            self.show_targets(drag.targets)
        drag.sprite.move_to(pos[0] - drag.grab[0], pos[1] - drag.grab[1])
        hover = self.target_at(drag, pos)
        if hover is not drag.hover:
            drag.hover = hover
            self.show_targets(drag.targets, hover)

    def target_at(self, drag: Drag, pos: tuple[int, int]) -> DropTarget | None:
        center = drag.sprite.rect.center
        for target in drag.targets:
            if target.rect.collidepoint(pos) or target.rect.collidepoint(center):
                return target
        return None

    def release(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        self.drag = None
        self.show_targets([])
        if not drag.moved:
            self.click_item(drag.item)
            return
        target = self.target_at(drag, pos)
        if target is not None and target.legal and target.effect is not None:
            drag.sprite.layer = drag.origin_layer
            target.effect()
            self.dropped_back(drag)
            return
        if target is not None and target.legal and target.action is not None:
            drag.sprite.layer = drag.origin_layer
            if self.apply(target.action, self.viewer if self.viewer is not None else -1):
                return
        reason = target.reason if target is not None else self.drop_miss_reason(drag.item)
        if reason:
            self.illegal(reason)
        self.glide_back(drag)

    def glide_back(self, drag: Drag) -> None:
        sprite = drag.sprite
        start = sprite.pos
        end = drag.origin

        def step(t: float) -> None:
            sprite.move_to(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

        def done() -> None:
            sprite.layer = drag.origin_layer
            self.dropped_back(drag)

        self.animator.add(Tween(0.28, step, ease=ease_out_cubic, done=done))

    def cancel_drag(self) -> None:
        drag = self.drag
        if drag is None:
            return
        self.drag = None
        self.show_targets([])
        drag.sprite.move_to(*drag.origin)
        drag.sprite.layer = drag.origin_layer
        self.dropped_back(drag)

    def show_targets(self, targets: Sequence[DropTarget], hover: DropTarget | None = None) -> None:
        for sprite in self._target_sprites:
            self.compositor.remove(sprite)
        self._target_sprites = []
        for target in targets:
            if not target.legal and target is not hover:
                continue
            color = theme.TARGET if target.legal else theme.BAD
            strong = target is hover
            image = _target_image(target.rect.size, color, strong, target.label if target.legal
                                  else "", self.ctx, self.scale)
            sprite = Sprite(image, target.rect.x - 8, target.rect.y - 8, self.LAYER_TARGET)
            self.compositor.add(sprite)
            self._target_sprites.append(sprite)

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

    def illegal(self, reason: str) -> None:
        self.ctx.audio.play("error")
        self.toast(reason, "error")

    # -- HUD, toasts and the log --------------------------------------------------------
    def toast(self, message: str, kind: str = "info", seconds: float = TOAST_SECONDS) -> None:
        if self._toast is not None:
            self.compositor.remove(self._toast)
        image = toast_image(message, self.ctx.text, self.scale, kind,
                            max_width=min(self.size[0] - 40, self.px(900)))
        x, y = self.toast_anchor()
        self._toast = Sprite(image, x - image.get_width() / 2, y - image.get_height(),
                             self.LAYER_TOAST)
        self.compositor.add(self._toast)
        self._toast_until = self.clock + seconds

    def log_event(self, event: Event) -> None:
        """Add an event's line to the log (tables call this as its animation begins)."""
        line = self.describe(event)
        if line:
            self.log_lines.append(line)
            del self.log_lines[:-LOG_LINES]
            self.defer("log", self.refresh_log)

    def teller(self) -> Teller:
        names = tuple(seat.name for seat in self.match.seats)
        you = self.viewer if len(self.humans) == 1 else None
        return Teller(names, self.viewer, you)

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
        rect = self.log_rect()
        if rect is None:
            return
        image = log_image(self.log_lines, rect.size, self.ctx.text, self.scale)
        if self._log_sprite is None or self._log_sprite not in self.compositor.sprites:
            self._log_sprite = Sprite(image, rect.x, rect.y, self.LAYER_PANEL)
            self.compositor.add(self._log_sprite)
        else:
            self._log_sprite.image = image
            self._log_sprite.move_to(rect.x, rect.y)

    # -- scenes on top -------------------------------------------------------------------
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

    def show_results(self) -> None:
        from tabletop.ui.scenes.results import ResultsScene

        if self.saver is not None:
            started = time.perf_counter()
            self.saver.flush()
            self.waited_ms += (time.perf_counter() - started) * 1000.0
        self.ctx.scenes.push(ResultsScene(self.ctx, self.match, self.results_picture))

    def results_picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """A picture of how the game ended for the results screen, at most ``size``
        (None: the results screen shows the standings and chart only)."""
        return None

    # -- for subclasses ------------------------------------------------------------------
    def layout(self) -> None:
        """Compute positions for the current window size."""

    def rebuild_view(self) -> None:
        """Recreate every sprite from the current observation of ``self.viewer``."""

    def animate(self, events: Sequence[Event], opening: bool = False) -> None:
        """Queue animation steps for ``events`` (the last one should resync the view)
        and log each event as its step begins (this default just logs them)."""
        for event in events:
            self.log_event(event)

    def update_effects(self, dt: float) -> None:
        """Per-frame effects (pulsing glows and the like)."""

    def settled(self) -> None:
        """The queued animations have all finished (refresh prompts and hints)."""

    def human_turn(self, seat: int) -> None:
        """It is a human's turn and nothing is moving (show prompts)."""

    def bot_thinking(self, seat: int, thinking: bool) -> None:
        """A bot started or stopped thinking."""

    def drag_start(self, pos: tuple[int, int]) -> tuple[Sprite, Any] | None:
        """The sprite and item under ``pos`` that may be picked up, if any."""
        return None

    def drop_targets(self, item: Any) -> list[DropTarget]:
        return []

    def drop_miss_reason(self, item: Any) -> str:
        """What to say when an item is dropped on no target."""
        return ""

    def lifted(self, drag: Drag) -> None:
        """A drag began (e.g. show the card straight and full size)."""

    def dropped_back(self, drag: Drag) -> None:
        """A drag ended without a move; restore the item's look."""

    def click_item(self, item: Any) -> None:
        """The item was clicked without dragging."""

    def click_table(self, pos: tuple[int, int]) -> bool:
        """A click that hit nothing draggable."""
        return False

    def hover(self, pos: tuple[int, int]) -> bool:
        return False

    def hud_buttons(self) -> list[tuple[pygame.Rect, str]]:
        """The pause and rules buttons: (rect, icon) each, "pause" and "book"."""
        return []

    def over_hud(self, pos: tuple[int, int]) -> bool:
        return any(rect.collidepoint(pos) for rect, _ in self.hud_buttons())

    def hud_click(self, pos: tuple[int, int]) -> bool:
        for rect, icon in self.hud_buttons():
            if rect.collidepoint(pos):
                (self.open_pause if icon == "pause" else self.open_rules)()
                return True
        return False

    def hud_button_image(self, rect: pygame.Rect, icon: str) -> pygame.Surface:
        image = panel_surface(rect.size, theme.PANEL, rect.h // 2, theme.PANEL_EDGE, 2).copy()
        glyph = self.ctx.assets.svg(f"ui/{icon}.svg", (rect.h * 6 // 10, rect.h * 6 // 10))
        image.blit(glyph, glyph.get_rect(center=(rect.w // 2, rect.h // 2)))
        return image

    def handle_game_key(self, event: pygame.event.Event) -> bool:
        return False

    def log_rect(self) -> pygame.Rect | None:
        return None

    def hotspots(self) -> list[tuple[int, int]]:
        """Points worth clicking or dragging between (for the UI monkey)."""
        return []

    def toast_anchor(self) -> tuple[float, float]:
        return self.size[0] / 2, self.size[1] * 0.7


def _target_image(size: tuple[int, int], color: theme.Color, strong: bool, label: str,
                  ctx: Context, scale: float) -> pygame.Surface:
    w, h = size[0] + 16, size[1] + 16
    surface = panel_surface((w, h), (*color[:3], 70 if strong else 36), round(18 * scale),
                            color, 4 if strong else 2).copy()
    if label:
        image = ctx.text.render(label, round(18 * scale), theme.INK, bold=True,
                                shadow=(0, 0, 0), max_width=w - 10)
        surface.blit(image, image.get_rect(midbottom=(w // 2, h - round(8 * scale))))
    return surface


def _rng(seed: int) -> Rng:
    return Rng(seed)
