"""Turn drivers: who acts next, and when.

The session asks its driver every frame.  :class:`SequentialDriver` waits for the
picture to settle, then lets the one seat to act take its turn: nature's deal at
once, a bot through the worker (no sooner than a short thinking pause), a human
when they are at the screen.  :class:`RealTimeDriver` runs a game clock: several
bots react at once, each at its own moment, humans may act while cards still fly,
and a timeout falls due as nature's action.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass

from tabletop.engine.protocol import NATURE, Action, stamp
from tabletop.engine.rng import Rng
from tabletop.play.contracts import Turns
from tabletop.play.worker import BotAnswer, ProcessBotWorker

__all__ = ["Driver", "RealTimeDriver", "SequentialDriver"]

#: A bot's move is shown no sooner than this after its turn began (times the speed factor).
BOT_MIN_THINK = 0.55


class Driver:
    """Moves the game on; ``update`` runs every frame."""

    def __init__(self, session: Turns) -> None:
        self.session = session

    def update(self, dt: float) -> None:
        raise NotImplementedError

    @property
    def busy(self) -> bool:
        return False

    def cancel(self) -> None:
        """Forget decisions in progress (the table is being left or rebuilt)."""

    def input_open(self) -> bool:
        """Whether a human may act now (besides it being their turn)."""
        return not self.session.stage.animating

    def stamp(self, action: Action) -> Action:
        """A human's action as taken now (a real-time game stamps it with the clock)."""
        return action

    def pass_time(self, dt: float) -> None:
        """Time went by in a frame that had other work to do than moving the game on."""

    def seed(self, seat: int) -> int:
        match = self.session.match
        return (match.seed * 7919 + len(match.history) * 104729 + seat) % (2**61)


class SequentialDriver(Driver):
    def __init__(self, session: Turns) -> None:
        super().__init__(session)
        self.ticket: int | None = None
        self.seat: int | None = None
        self.started = 0.0
        self.answer: BotAnswer | None = None

    @property
    def busy(self) -> bool:
        return self.ticket is not None

    def cancel(self) -> None:
        if self.ticket is not None:
            self.session.worker.cancel()
            self.session.bot_thinking(self.seat, False)
        self.ticket = self.seat = self.answer = None

    def update(self, dt: float) -> None:
        session = self.session
        stage = session.stage
        if stage.animating or stage.dragging or session.awaiting_handoff:
            return
        state = session.match.state
        if state.is_over:
            stage.finished()
            return
        step = state.nature_action()
        if step is not None:
            session.apply(step, NATURE)
            return
        seat = state.current_player
        if seat < 0:
            return
        if session.match.seats[seat].is_bot:
            self.run_bot(seat)
        elif not session.match.seats[seat].is_remote:  # a remote seat's move comes by network
            stage.human_turn(seat)

    def run_bot(self, seat: int) -> None:
        session = self.session
        state = session.match.state
        worker = session.worker
        if self.ticket is None or self.seat != seat:
            self.answer = None
            self.seat = seat
            self.started = session.clock
            begun = time.perf_counter()
            level = session.match.seats[seat].level or ""
            self.ticket = worker.request(session.entry.make_bot, level, state.observation(seat),
                                         list(state.legal_actions(seat)), self.seed(seat))
            session.waited_ms += (time.perf_counter() - begun) * 1000.0
            session.bot_thinking(seat, True)
        if self.answer is None:
            begun = time.perf_counter()
            self.answer = worker.poll()
            session.waited_ms += (time.perf_counter() - begun) * 1000.0
            if self.answer is None and worker.overdue():
                worker.cancel()
                if isinstance(worker, ProcessBotWorker):
                    worker.restart()
                self.answer = BotAnswer(self.ticket, None, 0.0, "no answer in time")
        answer = self.answer
        if answer is None or session.clock - self.started < BOT_MIN_THINK * session.stage.speed:
            return
        self.ticket = self.answer = None
        session.bot_thinking(seat, False)
        chosen = answer.action
        problem = answer.error if chosen is None else state.check(chosen, seat)
        if chosen is None or problem is not None:
            session.bot_failed(seat, problem or "no move")
            chosen = session.fallback_bot.choose(state.observation(seat), state.legal_actions(seat),
                                               Rng(session.match.seed + len(session.match.history)))
        session.apply(chosen, seat)


@dataclass
class _Planned:
    action: Action
    at: int  # game clock, ms
    #: It came from another computer: kept when the position changes (a move made
    #: before another, on the remote player's screen, still counts at its moment).
    remote: bool = False


class RealTimeDriver(Driver):
    """Bots of a real-time game decide on the spot (their skill is reaction, not search:
    they answer at once with an action stamped at the moment they mean to act)."""

    def __init__(self, session: Turns) -> None:
        super().__init__(session)
        self.now_ms = 0
        self.plans: dict[int, _Planned] = {}
        #: How long (game ms) a move waits before it is taken, in case a move made
        #: earlier at a farther computer is still on its way (the slowest remote seat's
        #: round trip; 0 with nobody at another computer).
        self.hold_ms = 0
        self.bots = {seat: session.entry.make_bot(s.level or "")
                     for seat, s in enumerate(session.match.seats) if s.is_bot}
        self.asked_at: dict[int, int] = {}

    def cancel(self) -> None:
        self.plans.clear()
        self.asked_at.clear()

    def input_open(self) -> bool:
        return True  # real time does not wait for the picture

    def pass_time(self, dt: float) -> None:
        self.now_ms += round(dt * 1000)  # the game clock runs on whatever the frame did

    def update(self, dt: float) -> None:
        session = self.session
        if session.awaiting_handoff:
            return
        self.now_ms += round(dt * 1000)
        state = session.match.state
        if state.is_over:
            if not session.stage.animating:
                session.stage.finished()
            return
        step = state.nature_action()
        if step is not None:
            session.apply(stamp(step, self.now_ms), NATURE)
            self.cancel()
            return
        due = state.deadline()
        moves = len(session.match.history)
        for seat in sorted(state.acting_seats()):
            if seat not in self.bots:
                continue
            if self.asked_at.get(seat) != moves:
                self.asked_at[seat] = moves
                obs = state.observation(seat)
                legal = state.legal_actions(seat)
                if legal:
                    try:
                        action = self.bots[seat].choose(obs, legal, Rng(self.seed(seat)))
                    except Exception:  # a bot bug: it sits this position out
                        session.bot_failed(seat, traceback.format_exc(limit=3))
                        continue
                    at = getattr(action, "at", self.now_ms)
                    self.plans[seat] = _Planned(action, max(at, self.now_ms))
        hold = self.hold_ms
        ripe = self.now_ms - hold  # what was planned by then can no longer be overtaken
        ready = sorted((p.at, seat) for seat, p in self.plans.items() if p.at <= ripe)
        waiting = min((p.at for p in self.plans.values() if p.at > ripe), default=None)
        if due is not None and due.at <= ripe and (not ready or due.at < ready[0][0]) \
                and (waiting is None or due.at < waiting):
            self.plans.clear()
            session.apply(due.action, NATURE)
            return
        for at, seat in ready:
            if waiting is not None and waiting < at:
                break  # an earlier move is still held: it goes first
            plan = self.plans.pop(seat)
            if state.check(plan.action, seat) is None:
                session.apply(plan.action, seat)
                # The position changed: the bots think again; a remote move stays, to
                # be checked at its own moment.
                self.plans = {s: p for s, p in self.plans.items() if p.remote}
                return

    def stamp(self, action: Action) -> Action:
        """A human's action, taken now."""
        return stamp(action, self.now_ms)

    def plan(self, seat: int, action: Action) -> None:
        """An action that came from another computer, stamped with the moment it was
        taken there: taken once no earlier move can still arrive, if it is still legal
        at its moment."""
        self.plans[seat] = _Planned(action, getattr(action, "at", self.now_ms), remote=True)
