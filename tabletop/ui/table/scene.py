"""The table: one scene that shows any game's :class:`~tabletop.play.session.Session`.

The session (pygame-free) plays the match: turns, bots, the curtain's cue, take-backs,
saves, hints.  The scene is its stage: the game's spec says which pieces lie where
(:class:`~tabletop.ui.table.picture.Picture` keeps a sprite per piece and moves only
what moved), the player turns events into animations (:mod:`.player`), the controls
turn drags, clicks and keys into the moves the kit derived from the legal actions
(:mod:`.controls`, :mod:`.interaction`), and the chrome draws the frame around it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.match import Match
from tabletop.engine.protocol import Action, TurnStyle
from tabletop.play.session import Session
from tabletop.play.worker import BotWorker
from tabletop.ui.audio import Sound
from tabletop.ui.compositor import Compositor
from tabletop.ui.context import Context
from tabletop.ui.flow import Flow, Open, Route, then
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.base import felt_background
from tabletop.ui.table.chrome import Chrome
from tabletop.ui.table.controls import Controls
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.guide import Guide
from tabletop.ui.table.hints import GUIDED_TURNS, Hints
from tabletop.ui.table.interaction import Moves, moves_of
from tabletop.ui.table.jobs import FrameJobs
from tabletop.ui.table.picture import Decor, Picture, glide
from tabletop.ui.table.player import EventPlayer
from tabletop.ui.table.sight import Sight
from tabletop.ui.table.stage import TableStage
from tabletop.ui.table.spec import TableSpec, View
from tabletop.ui.tween import Animator, Tween

if TYPE_CHECKING:
    from tabletop.net.client import RemoteSeat
    from tabletop.net.joining import Joining

__all__ = ["Table"]


class Table(Scene):
    """Any game's table; see the module docstring."""

    def __init__(self, ctx: Context, match: Match, resumed: bool = False, *,
                 spec: type[TableSpec] | None = None, worker: BotWorker | None = None,
                 spectator_seat: int | None = None, autosave: bool = True,
                 joining: Joining | None = None) -> None:
        super().__init__(ctx)
        self.match, self.entry, self.resumed = match, match.entry, resumed
        #: The game as the shell shows it: its presenter, its log's words, its table.
        self.listing = ctx.listing(match.entry)
        storage = ctx.storage
        self.stage = TableStage(self)
        later = lambda job: self.jobs.defer("save", lambda: self.settle(job))  # noqa: E731
        #: The seat's connection to a table hosted on another computer (its session
        #: then mirrors what the host tells; it is closed when the table is left).
        self.joining = joining
        self.session: Session
        if joining is not None:
            from tabletop.net.mirror import MirrorSession

            self.session = MirrorSession(joining, match, worker or ctx.worker, self.stage,
                                         later=later, coach=self.listing.presenter.coach)
        else:
            self.session = Session(
                match, worker or ctx.worker, self.stage, spectator_seat=spectator_seat,
                save=(lambda text: storage.write_text(storage.save_name(self.entry.id), text))
                if autosave else None,
                notices=ctx.notices.append, coach=self.listing.presenter.coach, later=later)
        #: The network side of a table offered to players at other computers (their
        #: seats' moves come through it; it is closed when the table is left).
        self.hosting = ctx.hosting if ctx.hosting is not None and ctx.hosting.match is match \
            else None
        if self.hosting is not None:
            self.hosting.attach(self.session)
        if spec is None:
            assert self.listing.load_table is not None, f"{self.entry.title} has no table"
            spec = self.listing.load_table()
        self.animator = Animator(ctx.animation_factor)
        self.size = ctx.screen_size
        self.frame = Frame(self.size)
        self.compositor = Compositor(felt_background(ctx, self.size))
        self.spec = spec(Sight(self))
        self.guide = Guide(self)
        self.picture = Picture(self.compositor, self.spec.faces, self.spec.compose,
                               self.spec.caption)
        self.results_shown = False
        #: The Hint button works here (not in a replay).
        self.offers_hints = True
        #: Seconds this table has been shown (toasts and tips last on it).
        self.clock = 0.0
        self.player, self.controls, self.chrome = EventPlayer(self), Controls(self), Chrome(self)
        self.hints = Hints(self)
        self.jobs: FrameJobs = FrameJobs()
        self._decor: list[Decor] = []
        self._live: list[Decor] = []
        self._moves: tuple[Hashable, Moves] | None = None
        self._view: tuple[Hashable, View] | None = None
        #: What the table's parts asked to open (the pause menu, the curtain, the
        #: results), until the scene's handler returns it.
        self._asked: Flow = None

    # -- what the kit reads ---------------------------------------------------------------
    def my_turn(self) -> bool:
        """True when the viewer may act now (and input is open)."""
        return self.session.viewer_acts() and self.session.driver.input_open()

    def moves(self) -> Moves:
        """What the viewer may do now, derived once per position from the legal actions."""
        key = (self.session.position, self.session.viewer, self.session.awaiting_handoff)
        if self._moves is None or self._moves[0] != key:
            self._moves = (key, moves_of(self.session, self.spec))
        return self._moves[1]

    @property
    def joined(self) -> RemoteSeat | None:
        """The seat, as it was told, of a table hosted on another computer (``None``:
        the game is played here)."""
        return self.joining.me if self.joining is not None else None

    @property
    def animating(self) -> bool:
        """Whether something still moves on the table."""
        return self.animator.busy

    @property
    def busy(self) -> bool:
        return self.animator.moving or self.controls.grabbed is not None or self.session.driver.busy

    @property
    def drift(self) -> int:
        """How often the picture disagreed with the game after an action."""
        return self.player.drift

    # -- other screens ----------------------------------------------------------------
    def ask(self, flow: Flow) -> None:
        """A part of the table (its controls, its stage) asks for another screen: the
        handler running now returns it."""
        self._asked = then(self._asked, flow)

    def asked(self) -> Flow:
        """What was asked for since the last handler returned (once)."""
        flow, self._asked = self._asked, None
        return flow

    # -- lifecycle ----------------------------------------------------------------
    def enter(self) -> Flow:
        self.size = self.ctx.screen_size
        session = self.session
        real_time = self.entry.info.turns is TurnStyle.REAL_TIME
        if self.ctx.settings.guide and len(self.session.humans) == 1 and session.untouched() \
                and not real_time and not self.ctx.storage.load_records()[0].of(self.entry.id):
            self.hints.guided_turns = GUIDED_TURNS
        if any(seat.is_bot for seat in self.match.seats) and not real_time:
            session.worker.start()
        self.layout()
        if self.resumed:
            self.chrome.rebuild_log()
        if session.needs_curtain:
            session.deal_first()  # out of sight: the curtain names whoever plays first
            reason = (f"Welcome back. Only {self.match.name(session.next_human())} should look "
                      "at the screen now.") if self.resumed else ""
            self.stage.request_handoff(session.next_human(), reason)
        gc.collect()
        gc.freeze()  # see ``settle``
        return self.asked()

    def exit(self) -> None:
        self.controls.cancel_drag()
        if self.hosting is not None and self.ctx.hosting is self.hosting:
            self.ctx.stop_hosting()
        if self.joining is not None and self.ctx.joining is self.joining:
            self.ctx.stop_joining()
        self.session.close()
        gc.unfreeze()  # what the table kept may go now: one collection, between screens
        gc.collect()

    def settle(self, save: Callable[[], None]) -> None:
        """After a move, in a frame of its own: save it, and leave what the match grew by
        to reference counting (``gc.freeze``): the cycle collector walking a long game's
        objects again and again cost frames of 30 ms; leaving the table unfreezes them."""
        save()
        gc.freeze()

    def pause(self) -> None:
        self.controls.cancel_drag()
        self.controls.set_cursor(False)

    def resume(self) -> None:
        super().resume()
        self.animator.speed = self.ctx.animation_factor
        self.compositor.invalidate()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.controls.cancel_drag()
        self.animator.skip()
        self.size = size
        self.compositor.set_background(felt_background(self.ctx, size))
        self.layout()

    def layout(self) -> None:
        """Place the zones for the window size and the bottom seat; draw everything."""
        self.frame = Frame(self.size)
        self.session.moved()  # the moves' places are measured on the new layout
        self.animator.clear()
        self.player.reset()  # the queued steps are gone: nothing waits to be played
        self.guide.hide()
        self.picture.set_zones(self.spec.layout(self.frame, self.session.bottom))
        self.controls.focus = self.controls.hovered = None
        self.refresh()
        self.chrome.refresh_log()

    # -- the picture ------------------------------------------------------------------
    def view(self) -> View:
        """The game's picture of the position for the seat looking (kept until the
        position, the seat or who is thinking changes)."""
        key: Hashable = None
        if self.spec.CACHE_VIEWS:
            key = (self.session.position, self.session.bottom, self.session.private,
                   frozenset(self.session.thinking), self.session.away)
            if self._view is not None and self._view[0] == key:
                return self._view[1]
        view = self.spec.view(self.session.obs)
        if not view.prompt:
            view.prompt, view.urgent = self.chrome.prompt()
        if key is not None:
            self._view = (key, view)
        return view

    def refresh(self, seconds: float = 0.0, view: View | None = None) -> list[Tween]:
        """Bring the picture up to the game now (pieces that moved slide over ``seconds``)."""
        view = view or self.view()
        self.controls.clamp(view)
        self.picture.raised = self.controls.raised()
        tweens = self.picture.show(view.zones, glide(seconds) if seconds > 0 else None)
        self._decor = [*view.decor, *self.chrome.kit_decor(view)]
        self.picture.set_decor([*self._decor, *self._live])
        return tweens

    def live_decor(self, items: list[Decor]) -> None:
        """Decor that changes by itself (a clock, a typed answer), over the last view's:
        only what changed is drawn again."""
        before = {d.key: d.memo for d in self._live}
        self._live = items
        self.picture.update_decor([d for d in items if before.get(d.key, self) != d.memo],
                                  before.keys() - {d.key for d in items})

    def redraw(self) -> None:
        """Repaint for a changed focus or hover: the cards concerned rise or settle."""
        if not self.animating:
            for tween in self.refresh(0.12):
                self.animator.add(tween)

    # -- the player's own commands ---------------------------------------------------------
    def press(self, action: Action) -> None:
        """A button on the table: its steps if it is live, else why not."""
        found = next((p for p in self.moves().presses if p.steps[0] == action), None)
        if found is None or not found.live:
            self.illegal(found.reason if found is not None and found.reason
                         else self.session.why(action) or "That can't be done now.")
            return
        self.controls.choose(None)
        self.session.act(found.steps)

    def hint(self) -> None:
        """H or the Hint button: ask for the ``normal`` bot's move, with the coach's reason."""
        self.hints.ask()

    def undo(self) -> None:
        """Ctrl+Z: the session decides whether a take-back is allowed."""
        self.taken_back(self.session.undo(), "Move taken back. Ctrl+Y plays it again.")

    def redo(self) -> None:
        """Ctrl+Y: play a taken-back move again."""
        self.taken_back(self.session.redo(), "Move played again.")

    def taken_back(self, refusal: str | None, told: str) -> None:
        """Show the match as it now stands after a take-back (or say why there was none)."""
        if refusal is not None:
            self.illegal(refusal)
            return
        self.animator.clear()  # what is still moving belongs to the position left
        self.player.reset()
        self.controls.cancel_drag()
        self.controls.choose(None)
        self.chrome.rebuild_log()
        for tween in self.refresh(0.25):
            self.animator.add(tween)
        self.chrome.toast(told, seconds=2.4)

    def illegal(self, reason: str) -> None:
        """A move was refused: an error sound, and the reason in red."""
        self.ctx.audio.play(Sound.ERROR)
        self.chrome.toast(reason, "error")

    # -- the frame --------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Flow:
        if event.type == pygame.WINDOWEXPOSED:  # uncovered (by another window moved away)
            self.compositor.invalidate()
        self.take_event(event)
        return self.asked()

    def take_event(self, event: pygame.event.Event) -> bool:
        """Hand ``event`` to the guide, the game's spec and the controls; True if used."""
        if event.type == pygame.MOUSEBUTTONDOWN and self.guide.hit(event.pos):
            return self.guide.dismiss()
        return self.spec.handle_event(event) or self.controls.handle_event(event)

    def update(self, dt: float) -> Flow:
        self.advance(dt)
        return self.asked()

    def advance(self, dt: float) -> None:
        """The picture, the chrome and the game move on by ``dt`` seconds."""
        self.clock += dt
        was_busy, begun = self.animator.busy, self.animator.begun
        self.animator.update(dt)
        if self.animator.begun != begun:
            self.jobs.stepped = True
        self.picture.compose_stale()
        self.chrome.update()
        self.guide.update()
        real_time = self.entry.info.turns is TurnStyle.REAL_TIME
        self.spec.tick()
        self.hints.update()
        if was_busy and not self.animator.busy:
            self.jobs.done = True
            return  # the picture has just settled: act on the next frame
        if self.jobs.done and not real_time:
            self.session.pass_time(dt)
            return
        moves, asked = self.session.actions_applied, self.session.thinking.copy()
        self.session.update(dt)
        if self.session.actions_applied != moves or self.session.thinking != asked:
            self.jobs.done = True

    def end_frame(self) -> None:
        self.jobs.run_one()  # in a frame that did nothing heavy

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        self.jobs.new_frame()
        if self.needs_full_redraw:
            self.needs_full_redraw = False
            self.compositor.invalidate()
        return self.compositor.render(surface)

    def open_pause(self) -> Flow:
        """The pause menu over the table (the scene's handler returns the request)."""
        self.controls.cancel_drag()
        self.animator.skip()
        return Open(Route.PAUSE, table=self)

    def open_rules(self) -> Flow:
        """The game's rules page, over the table."""
        self.controls.cancel_drag()
        return Open(Route.RULES, entry=self.entry)
