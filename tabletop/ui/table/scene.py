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

import sys
import time
from collections.abc import Callable, Hashable, Iterable, Sequence

import pygame

from tabletop.engine.events import Move, Teller
from tabletop.engine.match import Match
from tabletop.engine.protocol import (
    NATURE, Action, Bot, IllegalAction, Observation, TurnStyle,
)
from tabletop.engine.rng import Rng
from tabletop.ui.audio import Sound
from tabletop.ui.autosave import AutoSaver
from tabletop.ui.bot_worker import BotWorker
from tabletop.ui.compositor import Compositor, Sprite
from tabletop.ui.context import Context
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.base import felt_background
from tabletop.ui.table.chrome import Chrome
from tabletop.ui.table.controls import Controls
from tabletop.ui.table.drivers import Driver, RealTimeDriver, SequentialDriver
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.guide import Guide
from tabletop.ui.table.interaction import Moves, Option, Press, Way, derive
from tabletop.ui.table.picture import Decor, Picture, glide
from tabletop.ui.table.player import EventPlayer
from tabletop.ui.table.spec import TableSpec, View
from tabletop.ui.table.zones import Piece, Zone
from tabletop.ui.tween import Animator, Tween

#: How many of the viewer's first turns a first game of a kind guides.
GUIDED_TURNS = 6

__all__ = ["Table"]

TOAST_SECONDS = 3.2
LOG_LINES = 40
DRAG_THRESHOLD = 6
GLIDE_BACK = 0.28


def sentence(lead: str, phrases: Sequence[str], notes: Sequence[str] = ()) -> str:
    """``lead`` and the phrases as one sentence: "Your turn: play a card, or discard
    one." and then each note ("Confirm: …")."""
    text = lead
    if phrases:
        listed = phrases[0] if len(phrases) == 1 else \
            ", ".join(phrases[:-1]) + ", or " + phrases[-1]
        text = f"{lead} {listed}" if lead else listed[0].upper() + listed[1:]
    if text and text[-1] not in ".!?…":
        text += "."
    for note in notes:
        text += f" {note}" + ("" if note[-1] in ".!?…" else ".")
    return text


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
        self.fallback_level = fallback_level
        self.fallback_bot = self.entry.make_bot(fallback_level)
        #: A hint asked of the bot worker: (position, ticket, guided turn?).
        self._asking: tuple[int, int, bool] | None = None
        #: The position the player last asked for a hint in (its words stay up).
        self._hint_position = -1
        #: Turns left on which a first game lights a good move by itself.
        self.guided_turns = 0
        #: Moves taken back, newest last (Ctrl+Y plays them again).
        self.redo_stack: list[list[tuple[int, Action]]] = []
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
        self.guide = Guide(self)
        self.picture = Picture(self.compositor, self.spec.faces, self.compose, self.caption)
        self.driver: Driver = (RealTimeDriver(self) if self.entry.info.turns is TurnStyle.REAL_TIME
                               else SequentialDriver(self))
        self.clock = 0.0
        self.awaiting_handoff = False
        self.results_shown = False
        self.thinking: set[int] = set()
        self.player = EventPlayer(self)
        self.controls = Controls(self)
        self.chrome = Chrome(self)
        self._deferred: dict[str, Callable[[], None]] = {}
        self._decor: list[Decor] = []
        self._live: list[Decor] = []
        self._hinted = False
        self._turn_seen = -1
        #: Milliseconds the UI thread spent waiting on the bot pipe or the saver.
        self.waited_ms = 0.0
        #: Bot decisions that failed (each made by the fallback bot instead), as lines.
        self.bot_failures: list[str] = []
        self.actions_applied = 0
        #: Bumped whenever the match or the seat looking at it changes: what is
        #: worked out per position (observation, moves) is kept until then.
        self.position = 0
        self._obs: tuple[tuple[int, int], Observation] | None = None
        self._moves: tuple[tuple[int, int | None, bool], Moves] | None = None
        self._view: tuple[Hashable, View] | None = None
        self.saver = AutoSaver(lambda text: ctx.storage.write_text(ctx.storage.save_name(self.entry.id), text),
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
        """What the bottom seat may see now (worked out once per position)."""
        key = (self.position, self.bottom)
        if self._obs is None or self._obs[0] != key:
            self._obs = (key, self.match.state.observation(self.bottom))
        return self._obs[1]

    def moves(self) -> Moves:
        """What the viewer may do now, derived once per position from the legal actions
        (nothing while someone else acts or nobody is at the screen)."""
        key = (self.position, self.viewer, self.awaiting_handoff)
        if self._moves is None or self._moves[0] != key:
            self._moves = (key, self._derive())
        return self._moves[1]

    def _derive(self) -> Moves:
        if not self.viewer_acts():
            return Moves()
        assert self.viewer is not None
        seat = self.viewer
        state = self.match.state
        obs = self.obs
        legal = list(state.legal_actions(seat))
        known = set(legal)

        def ways(action: Action) -> Iterable[Way]:
            return self.spec.ways(action, obs)

        def follow(action: Action) -> list[Action]:
            return self.legal_after((action,))

        standing = [(action, state.check(action, seat) or "")
                    for action in self.spec.standing(obs) if action not in known]
        return derive(legal, ways, follow, [(a, r) for a, r in standing if r])

    def legal_after(self, steps: Sequence[Action]) -> list[Action]:
        """The viewer's legal actions once ``steps`` (legal now) were made: worked out on
        a copy of the state."""
        seat = self.viewer
        if seat is None:
            return []
        after = self.match.state.clone()
        for step in steps:
            after.apply_unchecked(step, seat)
        return after.generate_legal(seat) if seat in after.acting_seats() else []

    def moved(self) -> None:
        """The match or the viewer changed: forget what was worked out for the last one."""
        self.position += 1

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
        return self.controls.grabbed is not None

    @property
    def busy(self) -> bool:
        return self.animator.moving or self.controls.grabbed is not None or self.driver.busy

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

    @property
    def drift(self) -> int:
        """How often the picture disagreed with the game after an action (0 when every
        event's moves described what changed)."""
        return self.player.drift

    # -- what a game's special animations use -------------------------------------
    def carry(self, moves: Sequence[Move]) -> list[Tween]:
        """Fly the pieces of ``moves`` as the kit does by default."""
        return self.player.carry(moves)

    def put(self, zone_id: str, piece: Piece) -> list[Tween]:
        """Add a piece no move brought (a marker, say)."""
        return self.player.put(zone_id, piece)

    def turn(self, zone_id: str, piece: Piece, seconds: float = 0.3) -> list[Tween]:
        """Turn over, where it lies, the piece in ``piece``'s slot: it becomes ``piece``."""
        return self.player.turn(zone_id, piece, seconds)

    def remove(self, zone_id: str, keep: Callable[[Piece], bool]) -> None:
        """Take away the pieces of a zone that ``keep`` refuses."""
        self.player.remove(zone_id, keep)

    def effect(self, sprite: Sprite) -> Sprite:
        """A sprite that lasts until the end of the action's animation (a glow, a banner)."""
        return self.player.effect(sprite)

    def toast(self, message: str, kind: str = "info", seconds: float = 3.2) -> None:
        self.chrome.toast(message, kind, seconds)

    def teller(self) -> Teller:
        return self.chrome.teller()

    # -- lifecycle ----------------------------------------------------------------
    def enter(self) -> None:
        self.size = self.ctx.screen_size
        if (self.ctx.settings.guide and len(self.humans) == 1 and not self.match.history
                and self.entry.info.turns is not TurnStyle.REAL_TIME):
            records, _ = self.ctx.storage.load_records()
            if not records.of(self.entry.id):
                self.guided_turns = GUIDED_TURNS
        if any(seat.is_bot for seat in self.match.seats) and \
                self.entry.info.turns is not TurnStyle.REAL_TIME:
            self.worker.start()
        self.layout()
        if self.resumed:
            self.chrome.rebuild_log()
        if self.needs_curtain:
            # Deal first (out of sight), so that the curtain names whoever plays first.
            while (step := self.match.state.nature_action()) is not None:
                self.apply(step, NATURE)
            reason = (f"Welcome back. Only {self.match.name(self.next_human())} should look at "
                      "the screen now.") if self.resumed else ""
            self.request_handoff(self.next_human(), reason)

    @property
    def needs_curtain(self) -> bool:
        """Humans share the screen and the game (at these options) has per-seat secrets:
        the game's own ``info`` rules, as a level may hide more than the entry says."""
        return len(self.humans) > 1 and self.match.game.info.needs_curtain

    def exit(self) -> None:
        self.controls.cancel_drag()
        self.driver.cancel()
        self.worker.cancel()  # the worker itself serves the whole session
        if self.saver is not None:
            if not self.match.is_over:
                self.saver.save(self.match.dumps())
            self.saver.close()

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
        self.chrome.refresh_log()

    def layout(self) -> None:
        """Place the zones for the window size and the bottom seat; draw everything."""
        self.frame = Frame(self.size)
        self.moved()  # the moves' places are measured on the new layout
        self.animator.clear()
        self.player.reset()  # the queued steps are gone: nothing waits to be played
        self.guide.hide()
        self.picture.set_zones(self.spec.layout(self.frame, self.bottom))
        self._log_sprite = None
        self.controls.focus = self.controls.hovered = None
        self.refresh()
        self.chrome.refresh_log()

    # -- the picture ------------------------------------------------------------------
    def view(self) -> View:
        """The game's picture of the position for the seat looking (kept until the
        position, the seat or who is thinking changes)."""
        key: Hashable = None
        if self.spec.CACHE_VIEWS:
            key = (self.position, self.bottom, self.private, frozenset(self.thinking))
            if self._view is not None and self._view[0] == key:
                return self._view[1]
        view = self.spec.view(self.obs)
        if not view.prompt:
            view.prompt, view.urgent = self.prompt()
        if key is not None:
            self._view = (key, view)
        return view

    def prompt(self) -> tuple[str, bool]:
        """The line above the hand: on the viewer's turn what they may do, from the
        legal moves (and why a button shown is dimmed); else who acts."""
        state = self.match.state
        if state.is_over:
            return "", False
        if self.viewer_acts():
            moves = self.moves()
            return sentence(self.spec.lead(self.obs), moves.phrases(), moves.blocked()), True
        acting = sorted(state.acting_seats())
        return (self.spec.waiting(self.obs, acting[0]), False) if acting else ("", False)

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
        """Decor that changes by itself (a clock, a typed answer), shown on top of the
        last view's; only what changed is redrawn."""
        if [(d.key, d.memo) for d in items] != [(d.key, d.memo) for d in self._live]:
            self._live = items
            self.picture.set_decor([*self._decor, *items])

    def redraw(self) -> None:
        """Repaint for a changed focus or hover: the cards concerned rise or settle."""
        if not self.animating:
            for tween in self.refresh(0.12):
                self.animator.add(tween)

    def compose(self, zone: Zone) -> pygame.Surface:
        return self.spec.compose(zone)

    def caption(self, caption: Hashable) -> pygame.Surface:
        return self.spec.caption(caption)

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
        self.moved()
        if seat == self.viewer:
            self.redo_stack.clear()  # a new move: what was taken back is gone
        if self.saver is not None:
            text = self.match.dumps()
            begun = time.perf_counter()
            self.saver.save(text)
            self.waited_ms += (time.perf_counter() - begun) * 1000.0
        self.player.play(events)
        return True

    def act(self, actions: Iterable[Action]) -> bool:
        """The viewer's actions in order (each checked as it is applied); stops at the
        first refused."""
        if self.viewer is None:
            return False
        for action in actions:
            if not self.apply(action, self.viewer):
                return False
        return True

    def press(self, action: Action) -> None:
        """A button on the table: its steps if it is live, else why not."""
        found = next((p for p in self.moves().presses if p.steps[0] == action), None)
        if found is None or not found.live:
            self.illegal(found.reason if found is not None and found.reason
                         else self.why(action) or "That can't be done now.")
            return
        self.controls.choose(None)
        self.act(found.steps)

    # -- taking moves back -------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the viewer's last move (and what bots did since), if the game allows:
        against bots, or with every human's agreement (set up before the game)."""
        why = self.why_no_undo()
        if why is None:
            assert self.viewer is not None
            index, reason = self.match.undo_point(self.viewer)
            if index is None:
                why = reason
            else:
                self._rebuild(lambda: self.redo_stack.append(self.match.rewind(index)))
                self.toast("Move taken back. Ctrl+Y plays it again.", seconds=2.4)
                return
        self.ctx.audio.play(Sound.ERROR)
        self.toast(why, "error")

    def redo(self) -> None:
        """Play again the moves last taken back (until the viewer makes another)."""
        if not self.redo_stack:
            self.toast("There is nothing to play again.")
            return
        moves = self.redo_stack.pop()

        def again() -> None:
            for seat, action in moves:
                self.match.apply(action, seat)
        self._rebuild(again)
        self.toast("Move played again.", seconds=1.6)

    def why_no_undo(self) -> str | None:
        if self.viewer is None or self.awaiting_handoff:
            return "Only the player at the screen can take a move back."
        if len(self.humans) > 1 and not self.match.undo_allowed:
            return "Take-backs are off in this game (the players chose so in the setup)."
        if self.match.state.is_over:
            return "The game is over."
        return None

    def _rebuild(self, change: Callable[[], None]) -> None:
        """Change the match out of turn (a take-back), then show it as it now stands."""
        self.driver.cancel()
        self.animator.clear()  # what is still moving or queued belongs to the position left
        self.player.reset()
        self.controls.cancel_drag()
        self.controls.focus = None
        self.controls.show_targets([])
        self.controls.hinted = None
        change()
        self.moved()
        if self.saver is not None:
            self.saver.save(self.match.dumps())
        self.chrome.rebuild_log()
        for tween in self.refresh(0.25):
            self.animator.add(tween)

    # -- hints -----------------------------------------------------------------------------
    def hint(self) -> None:
        """What the ``normal`` bot would do from the viewer's own observation, worked out
        by the bot worker (the frames go on meanwhile), then lit on the table (the piece
        and where it goes) or said in words; counted."""
        if not self.my_turn():
            self.toast("A hint is for your own turn.")
            return
        self.match.hints += 1
        self._hint_position = self.position
        self.ask(guided=False)

    def ask(self, guided: bool) -> None:
        """Ask the bot worker for the ``normal`` bot's move in the viewer's seat, and the
        coach's words on it; :meth:`answered` shows them when they come."""
        assert self.viewer is not None
        entry = self.entry
        level = "normal" if "normal" in entry.bot_levels else entry.default_bot_level
        legal = list(self.match.state.legal_actions(self.viewer))
        ticket = self.worker.request(entry.make_bot, level, self.obs, legal,
                                     len(self.match.history) + 1, entry.presenter.coach)
        self._asking = (self.position, ticket, guided)

    def answered(self) -> None:
        """Show the hint (or a guided turn's move) once the worker has it; forget it if
        the position changed meanwhile."""
        if self._asking is None:
            return
        position, ticket, guided = self._asking
        if position != self.position:
            self.worker.cancel()
            self._asking = None
            return
        answer = self.worker.poll()
        if answer is None:
            if self.worker.overdue():
                self.worker.cancel()
                self._asking = None
                if not guided:
                    self.toast("No hint came in time: any legal move will do.")
            return
        self._asking = None
        if answer.ticket != ticket or answer.action is None:
            return
        self.controls.cancel_drag()
        words = self.show_hint(answer.action)
        if guided:
            if answer.note:
                self.guide.coach(answer.note)
            return
        self.ctx.audio.play(Sound.CHIME, 0.6)
        note = answer.note
        self.toast(f"{words} {note}" if note else words, seconds=7.0 if note else 4.0)

    def show_hint(self, action: Action) -> str:
        """Light how the viewer makes ``action`` (the first of the steps a person takes
        for it): its piece chosen and its place lit, so Enter makes exactly that, or
        its button lit; returns what to say."""
        own = self.spec.show_hint(action)
        if own is not None:
            return own
        steps = list(self.spec.steps_of(action))
        found = self.moves().find(steps[0]) if steps else None
        rest = ""
        if len(steps) > 1:
            later = [s for s in (self.hint_words(step) for step in steps[1:]) if s]
            rest = " Then " + ", then ".join(later) + "." if later else ""
        if isinstance(found, Option):
            gesture = found.gesture
            zone = self.picture.zones.get(gesture.source)
            index = next((i for i, p in enumerate(zone.pieces) if p.key == gesture.piece),
                         None) if zone is not None else None
            if index is not None:
                assert gesture.source is not None
                self.controls.show_hint((gesture.source, index), found)
                how = ("press Enter, or click it again" if gesture.in_place else
                       "drag it onto the lit place, or press Enter")
                words = self.hint_words(steps[0]) or "this move"
                return f"Hint: {words} — the chosen piece ({how}).{rest}"
        if isinstance(found, Press):
            rect = self.picture.button_rect(found.steps[0])
            self.controls.show_hint(None, None, rect, found)
            words = self.hint_words(steps[0]) or found.control.label
            key = self.controls.key_words(found.control)
            return f"Hint: {words} ({key}).{rest}"
        return "No hint for this moment: any move will do."

    def hint_words(self, action: Action) -> str:
        """A step of a hinted move in a player's words."""
        return self.spec.step_words(action, self.obs)

    def illegal(self, reason: str) -> None:
        self.ctx.audio.play(Sound.ERROR)
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
        guiding = self.guided_turns > 0 and self.my_turn() and \
            self._hint_position != self.position
        if guiding:
            # A first game: the first few turns light a good move and say why (not
            # counted as hints).
            self.guided_turns -= 1
            self.ask(guided=True)
        if not self._hinted and hints and self._hint_position != self.position:
            self._hinted = True
            guided = (" On your first turns a good move is lit for you, and why it is good; "
                      "any legal move will do.") if guiding else ""
            self.toast(hints[0] + guided, seconds=6.0)
            self.guide.make_room()
            self.guide.first_turn()
        if len(self.humans) > 1 or self.match.history:
            self.ctx.audio.play(Sound.TURN, 0.6)

    def bot_failed(self, seat: int, problem: str) -> None:
        """A bot failed to decide (a bug, or no answer in time).  The game goes on (the
        fallback bot moves for it; in a real-time game it sits the position out), and
        the failure is told on standard error and kept (``autoplay`` and ``bench`` count
        them)."""
        level = self.match.seats[seat].level or "?"
        last = problem.strip().splitlines()[-1] if problem.strip() else "no move"
        line = f"{self.entry.id}: the {level} bot of seat {seat + 1} failed ({last})"
        self.bot_failures.append(line)
        instead = ("it sits this position out" if self.entry.info.turns is TurnStyle.REAL_TIME
                   else f"the {self.fallback_level} bot moved for it")
        print(f"tabletop: {line}; {instead}\n{problem}", file=sys.stderr)

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
        if self.humans:  # bots among themselves are not the player's statistics
            problem = self.ctx.storage.record_game(self.match)
            if problem:
                self.ctx.notices.append(problem)
        if self.saver is not None:
            begun = time.perf_counter()
            self.saver.flush()
            self.waited_ms += (time.perf_counter() - begun) * 1000.0
        self.ctx.nav.results(self.match, self.spec.results_picture)

    # -- hand-off -------------------------------------------------------------------------
    def request_handoff(self, seat: int, reason: str = "") -> None:
        self.controls.cancel_drag()
        self.awaiting_handoff = True
        self.viewer = None
        self._bottom = seat
        self.layout()
        self.ctx.nav.curtain(self.match.name(seat), lambda: self.handoff_done(seat), reason,
                             on_menu=self.quit_to_menu, card_back=self.spec.CARD_BACK)

    def handoff_done(self, seat: int) -> None:
        self.awaiting_handoff = False
        self.seen_from(seat)

    def seen_from(self, seat: int) -> None:
        """Show the table from ``seat``'s place and with what it may see (its log too)."""
        self.viewer = seat
        self.layout()
        self.chrome.rebuild_log()
        self.compositor.invalidate()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.guide.hit(event.pos):
            return self.guide.dismiss()
        return self.spec.handle_event(event) or self.controls.handle_event(event)

    # -- the frame --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        was_busy = self.animator.busy
        self.animator.update(dt)
        self.chrome.update()
        self.guide.update()
        if self._deferred:
            # One postponed job per update keeps heavy redraws out of busy frames.
            key = next(iter(self._deferred))
            self._deferred.pop(key)()
            return
        self.spec.tick()
        self.answered()
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

    # -- scenes on top ---------------------------------------------------------------------
    def open_pause(self) -> None:
        self.controls.cancel_drag()
        self.animator.skip()
        self.ctx.nav.pause(self)

    def open_rules(self) -> None:
        self.controls.cancel_drag()
        self.ctx.nav.rules(self.entry)

    def quit_to_menu(self) -> None:
        self.ctx.nav.menu()

    # -- for the UI monkey ------------------------------------------------------------------
    def hotspots(self) -> list[tuple[int, int]]:
        points: list[tuple[int, int]] = [s.rect.center for s in self.picture.sprites.values()]
        points += [zone.rect.center for zone in self.picture.zones.values()]
        points += [rect.center for rect, _ in self.picture.buttons.values()]
        return points
