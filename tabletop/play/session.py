"""A match being played at one table, without the pixels.

The session knows who is looking and whose turn it is, when the hand-off curtain
must come down, what a take-back may undo, when to save, and it asks the bot worker
for the bots' moves and for hints.  Whatever shows the game — the table scene, or
nothing at all for a headless host — is its :class:`Stage`: the session tells it
what an action caused and whose turn it is, and asks it only whether pieces are
still moving.  Nothing here imports pygame.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Sequence

from tabletop.engine.match import Match
from tabletop.engine.protocol import (
    NATURE, Action, Bot, IllegalAction, Observation, TurnStyle,
)
from tabletop.play.autosave import AutoSaver
from tabletop.play.contracts import Stage
from tabletop.play.turns import Driver, RealTimeDriver, SequentialDriver
from tabletop.play.worker import BotAnswer, BotWorker

__all__ = ["Session", "Stage"]


class Session:
    """One match at one table: the seat looking, turns, curtain, take-backs, saves, hints."""

    def __init__(self, match: Match, worker: BotWorker, stage: Stage, *,
                 spectator_seat: int | None = None, save: Callable[[str], None] | None = None,
                 notices: Callable[[str], None] | None = None,
                 later: Callable[[Callable[[], None]], None] | None = None,
                 coach: str = "") -> None:
        self.match = match
        self.entry = match.entry
        self.worker = worker
        self.stage = stage
        #: The module (dotted name) whose ``explain`` says why a hinted move is good
        #: (the game's coach, named by its presenter; "" for no words).
        self.coach = coach
        levels = self.entry.bot_levels
        self.fallback_level = "easy" if "easy" in levels else levels[0]
        self.fallback_bot: Bot = self.entry.make_bot(self.fallback_level)
        humans = match.humans()
        #: The seat whose view is shown (``None``: nobody is at the screen).
        self.viewer: int | None = humans[0] if len(humans) == 1 else spectator_seat
        if not humans and spectator_seat is None:
            self.viewer = None
        self._bottom = self.viewer if self.viewer is not None else (humans[0] if humans else 0)
        #: The screen waits behind the curtain for the next human.
        self.awaiting_handoff = False
        #: Bots deciding now (their plates say so).
        self.thinking: set[int] = set()
        #: Seats played from other computers whose players are gone for now (the seats
        #: wait; their plates say so).
        self.away: frozenset[int] = frozenset()
        #: Bot decisions that failed (each made by the fallback bot instead), as lines.
        self.bot_failures: list[str] = []
        self.actions_applied = 0
        #: Milliseconds the caller's thread spent waiting on the bot pipe or the saver.
        self.waited_ms = 0.0
        #: Bumped whenever the match or the seat looking at it changes: what is worked
        #: out per position (the observation, the moves on screen) is kept until then.
        self.position = 0
        #: Moves taken back, newest last (played again by :meth:`redo`).
        self.redo_stack: list[list[tuple[int, Action]]] = []
        #: The log's lines, when they are told to this session rather than made from the
        #: match's events (a replay of a game joined from another computer).
        self.told_lines: list[str] | None = None
        #: Seconds the session has run (a bot's thinking pause is measured on it).
        self.clock = 0.0
        self._obs: tuple[tuple[int, int], Observation] | None = None
        #: A hint asked of the bot worker: (position, ticket, guided turn?).
        self._asking: tuple[int, int, bool] | None = None
        self.saver = AutoSaver(save, notices) if save is not None else None
        #: Runs a job soon, in a frame of its own (the table's); saving after a move
        #: waits for it, so that the frame of the move does not also write the game out.
        self.later = later
        self.driver: Driver = (RealTimeDriver(self) if self.entry.info.turns is TurnStyle.REAL_TIME
                               else SequentialDriver(self))
        # What a seat's observation refers to (Anomia's word lists) is made in the worker
        # while the game begins, not when the first bot move or hint is asked for.
        worker.warm(match.state.observation(self.bottom))

    # -- who is looking ---------------------------------------------------------------------
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

    def name(self, seat: int) -> str:
        """A player's name as the table says it: "You" for the one human of a solo game."""
        if len(self.humans) == 1 and seat == self.humans[0]:
            return "You"
        return self.match.name(seat)

    @property
    def needs_curtain(self) -> bool:
        """Humans share the screen and the game (at these options) has per-seat secrets."""
        return len(self.humans) > 1 and self.match.game.info.needs_curtain

    def untouched(self) -> bool:
        """Whether no player has moved yet (the deal aside): a game that begins now.  (A
        table joined across the network is told positions, not who moved: it counts as
        untouched, and its player's first turns may be guided.)"""
        return all(seat == NATURE for seat, _ in self.match.history)

    def viewer_acts(self) -> bool:
        """True when the game waits for the seat at the screen."""
        state = self.match.state
        return (self.viewer is not None and not self.awaiting_handoff and not state.is_over
                and self.viewer in state.acting_seats()
                and not self.match.seats[self.viewer].is_bot)

    def look_from(self, seat: int | None, bottom: int | None = None) -> None:
        """The seat at the screen (``None``: nobody), and whose side is at the bottom."""
        self.viewer = seat
        if bottom is not None:
            self._bottom = bottom
        self.moved()

    def moved(self) -> None:
        """The match or the viewer changed: forget what was worked out for the last one."""
        self.position += 1

    # -- actions ----------------------------------------------------------------------------
    def why(self, action: Action) -> str | None:
        """Why the viewer may not take ``action`` now; ``None`` if they may."""
        if self.viewer is None:
            return "Nobody is at the screen."
        return self.match.state.check(self.stamped(action), self.viewer)

    def stamped(self, action: Action) -> Action:
        return self.driver.stamp(action)

    def legal_after(self, steps: Sequence[Action]) -> list[Action]:
        """The viewer's legal actions once ``steps`` (legal now) were made, worked out on
        a copy of the state."""
        seat = self.viewer
        if seat is None:
            return []
        after = self.match.state.clone()
        for step in steps:
            after.apply_unchecked(step, seat)
        return after.generate_legal(seat) if seat in after.acting_seats() else []

    def apply(self, action: Action, seat: int) -> bool:
        """Apply ``seat``'s action (checked by the engine), save, and have it shown."""
        if seat == self.viewer:
            action = self.stamped(action)
        try:
            events = self.match.apply(action, seat)
        except IllegalAction as error:
            self.stage.refused(str(error))
            return False
        self.actions_applied += 1
        self.moved()
        if seat == self.viewer:
            self.redo_stack.clear()  # a new move: what was taken back is gone
        if self.later is not None:
            self.later(self.save)
        else:
            self.save()
        self.stage.played(events, seat)
        return True

    def act(self, actions: Iterable[Action]) -> bool:
        """The viewer's actions in order, each checked as it is applied; stops at the
        first refused."""
        if self.viewer is None:
            return False
        return all(self.apply(action, self.viewer) for action in actions)

    def told(self) -> list[str] | None:
        """The log's lines, if the session is told them rather than making them from
        the match's events (``None``: the events tell the log)."""
        return None if self.told_lines is None else list(self.told_lines)

    def save(self) -> None:
        if self.saver is not None:
            text = self.match.dumps()
            begun = time.perf_counter()
            self.saver.save(text)
            self.waited_ms += (time.perf_counter() - begun) * 1000.0

    # -- taking moves back --------------------------------------------------------------------
    def why_no_undo(self) -> str | None:
        if self.viewer is None or self.awaiting_handoff:
            return "Only the player at the screen can take a move back."
        if len(self.humans) > 1 and not self.match.undo_allowed:
            return "Take-backs are off in this game (the players chose so in the setup)."
        if self.match.state.is_over:
            return "The game is over."
        return None

    def undo(self) -> str | None:
        """Take back the viewer's last move (and what bots did since) if the game allows:
        against bots, or with every human's agreement, and only while nothing random or
        hidden came out since (the match reads that from the events).  ``None`` if done,
        else why not."""
        why = self.why_no_undo()
        if why is not None:
            return why
        assert self.viewer is not None
        index, reason = self.match.undo_point(self.viewer)
        if index is None:
            return reason
        self.driver.cancel()
        self.redo_stack.append(self.match.rewind(index))
        self.moved()
        self.save()
        return None

    def redo(self) -> str | None:
        """Play again the moves last taken back; ``None`` if done, else why not."""
        if not self.redo_stack:
            return "There is nothing to play again."
        self.driver.cancel()
        for seat, action in self.redo_stack.pop():
            self.match.apply(action, seat)
        self.moved()
        self.save()
        return None

    # -- hints ----------------------------------------------------------------------------------
    def ask(self, guided: bool) -> None:
        """Ask the bot worker for the ``normal`` bot's move in the viewer's seat and the
        coach's words on it; :meth:`answered` has them when they come."""
        assert self.viewer is not None
        entry = self.entry
        level = "normal" if "normal" in entry.bot_levels else entry.default_bot_level
        legal = list(self.match.state.legal_actions(self.viewer))
        ticket = self.worker.request(entry.make_bot, level, self.obs, legal,
                                     len(self.match.history) + 1, self.coach)
        self._asking = (self.position, ticket, guided)

    @property
    def asking(self) -> bool:
        return self._asking is not None

    def answered(self) -> tuple[BotAnswer, bool] | None:
        """The hint asked for, with whether it was a guided turn's, once it has come; a
        hint for a position left meanwhile is forgotten."""
        if self._asking is None:
            return None
        position, ticket, guided = self._asking
        if position != self.position:
            self.worker.cancel()
            self._asking = None
            return None
        answer = self.worker.poll()
        if answer is None:
            if self.worker.overdue():
                self.worker.cancel()
                self._asking = None
                return BotAnswer(ticket, None, 0.0, "no answer in time"), guided
            return None
        self._asking = None
        return (answer, guided) if answer.ticket == ticket else None

    # -- turns ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.driver.update(dt)

    def pass_time(self, dt: float) -> None:
        """A frame went by without moving the game on (the table was busy with a redraw
        or a save): the clocks still run."""
        self.clock += dt
        self.driver.pass_time(dt)

    def next_human(self) -> int:
        """The human who acts next (or the first human, if bots act next)."""
        state = self.match.state
        humans = self.humans
        if not state.is_over:
            for seat in sorted(state.acting_seats()):
                if seat in humans:
                    return seat
        return self.viewer if self.viewer in humans else humans[0]

    def deal_first(self) -> None:
        """Apply nature's due steps now (the deal, out of sight behind a curtain)."""
        while (step := self.match.state.nature_action()) is not None:
            self.apply(step, NATURE)

    def bot_thinking(self, seat: int | None, thinking: bool) -> None:
        if seat is None:
            return
        if thinking:
            self.thinking.add(seat)
        else:
            self.thinking.discard(seat)
        self.stage.thinking_changed()

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

    def flush(self) -> None:
        """Wait until the last save is on disk (the game is over or being left)."""
        if self.saver is not None:
            begun = time.perf_counter()
            self.saver.flush()
            self.waited_ms += (time.perf_counter() - begun) * 1000.0

    def close(self) -> None:
        """The table is being left: stop deciding, save where the game stands."""
        self.driver.cancel()
        self.worker.cancel()  # the worker itself serves the whole session of the app
        if self.saver is not None:
            if not self.match.is_over:
                self.saver.save(self.match.dumps())
            self.saver.close()
