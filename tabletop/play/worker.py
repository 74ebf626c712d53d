"""Bots think off the UI thread: in a separate process, so the frames never wait.

A request carries only what the bot's seat may know (its observation and its
legal actions).  The worker answers with an action; the table polls for it each
frame without blocking.  If the worker dies or overruns its hard time limit, it
is restarted and the table falls back on the quick rule-of-thumb bot, so a game
never hangs.
"""

from __future__ import annotations

import importlib
import signal
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng

if TYPE_CHECKING:
    import multiprocessing.process
    from multiprocessing.connection import Connection

__all__ = ["BotAnswer", "BotWorker", "InlineBotWorker", "MakeBot", "ProcessBotWorker"]

#: Hard limit on one decision, on top of the bot's own budget.
DECISION_LIMIT_SECONDS = 4.0


@dataclass(frozen=True, slots=True)
class BotAnswer:
    ticket: int
    action: Action | None
    seconds: float
    error: str | None = None
    #: Why the move is good, when the request named a coach (a hint).
    note: str = ""


#: Makes a game's bot for a level: the game entry's ``make_bot`` (a module-level
#: function, so it travels to the worker process by name).
MakeBot = Callable[[str], Bot]


def _decide(bots: dict[tuple[str, str, str], Any], make_bot: MakeBot, level: str,
            observation: Observation, legal: Sequence[Action], seed: int) -> Action:
    key = (make_bot.__module__, make_bot.__qualname__, level)
    bot = bots.get(key)
    if bot is None:
        bot = bots[key] = make_bot(level)
    return bot.choose(observation, legal, Rng(seed))


def _answer(bots: dict[tuple[str, str, str], Any], ticket: int, make_bot: MakeBot, level: str,
            observation: Observation, legal: Sequence[Action], seed: int,
            coach: str) -> BotAnswer:
    """A decision, and (for a hint) the coach's words on it; a failure is an answer too."""
    started = time.perf_counter()
    try:
        action = _decide(bots, make_bot, level, observation, legal, seed)
        note = str(importlib.import_module(coach).explain(observation, action)) if coach else ""
        return BotAnswer(ticket, action, time.perf_counter() - started, note=note)
    except Exception:  # a bot bug must not take the worker down
        return BotAnswer(ticket, None, time.perf_counter() - started,
                         traceback.format_exc(limit=3))


def _serve(conn: Connection) -> None:
    """The worker process: answer requests until told to stop or the pipe closes.

    Ctrl+C in a terminal reaches every process of the program: the worker leaves it to
    the program, which stops it by closing the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    bots: dict[tuple[str, str, str], Any] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        if message[0] == "warm":
            continue  # receiving it made what it refers to (a game's lexicon) ready here
        answer = _answer(bots, *message)
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


class BotWorker:
    """Interface: ``request`` a decision, ``poll`` for the answer."""

    def start(self) -> None:
        """Get ready ahead of the first request (a process takes a moment to boot)."""

    def request(self, make_bot: MakeBot, level: str, observation: Observation,
                legal: Sequence[Action], seed: int, coach: str = "") -> int:
        """Ask for a decision (and, with ``coach`` — a module with ``explain`` — why it
        is good); returns its ticket."""
        raise NotImplementedError

    def poll(self) -> BotAnswer | None:
        raise NotImplementedError

    def warm(self, payload: object) -> None:
        """Send ``payload`` (an observation) ahead of the first request, so that what it
        refers to is made ready in the worker meanwhile (a game's word lists take seconds)."""

    def overdue(self) -> bool:
        return False

    def cancel(self) -> None:
        """Forget the outstanding request (its answer will be ignored)."""

    def close(self) -> None:
        pass


class InlineBotWorker(BotWorker):
    """Thinks on the calling thread when polled (tests, and the fallback)."""

    def __init__(self) -> None:
        self._bots: dict[tuple[str, str, str], Any] = {}
        self._pending: tuple[int, MakeBot, str, Observation, Sequence[Action], int, str] | None \
            = None
        self._ticket = 0

    def request(self, make_bot: MakeBot, level: str, observation: Observation,
                legal: Sequence[Action], seed: int, coach: str = "") -> int:
        self._ticket += 1
        self._pending = (self._ticket, make_bot, level, observation, list(legal), seed, coach)
        return self._ticket

    def poll(self) -> BotAnswer | None:
        if self._pending is None:
            return None
        ticket, make_bot, level, observation, legal, seed, coach = self._pending
        self._pending = None
        started = time.perf_counter()
        # Inline (tests): a bot bug raises here, at once.
        action = _decide(self._bots, make_bot, level, observation, legal, seed)
        note = str(importlib.import_module(coach).explain(observation, action)) if coach else ""
        return BotAnswer(ticket, action, time.perf_counter() - started, note=note)

    def cancel(self) -> None:
        self._pending = None


class ProcessBotWorker(BotWorker):
    """One long-lived worker process, started on first use and restarted if it fails."""

    def __init__(self) -> None:
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None
        self._ticket = 0
        self._waiting: int | None = None
        self._sent_at = 0.0
        self._lost = False  # the worker died with a request outstanding

    def start(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        import multiprocessing  # here, not at start-up: the menu's first frame waits for none

        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        process = context.Process(target=_serve, args=(child,), name="tabletop-bots",
                                  daemon=True)
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def request(self, make_bot: MakeBot, level: str, observation: Observation,
                legal: Sequence[Action], seed: int, coach: str = "") -> int:
        self.start()
        assert self._conn is not None
        self._ticket += 1
        message = (self._ticket, make_bot, level, observation, list(legal), seed, coach)
        try:
            self._conn.send(message)
        except (BrokenPipeError, OSError):
            self.restart()
            assert self._conn is not None
            self._conn.send(message)
        self._waiting = self._ticket
        self._sent_at = time.monotonic()
        self._lost = False
        return self._ticket

    def warm(self, payload: object) -> None:
        self.start()
        assert self._conn is not None
        try:
            self._conn.send(("warm", payload))
        except (BrokenPipeError, OSError):
            pass  # the first request restarts the worker

    def poll(self) -> BotAnswer | None:
        conn = self._conn
        if conn is None or self._waiting is None:
            return None
        try:
            while conn.poll():
                answer: BotAnswer = conn.recv()
                if answer.ticket == self._waiting:
                    self._waiting = None
                    return answer
        except (EOFError, OSError):
            self._lost = True
        return None

    def overdue(self) -> bool:
        """True when the outstanding decision passed the hard limit or the worker died."""
        if self._waiting is None:
            return False
        if self._lost or (self._process is not None and not self._process.is_alive()):
            return True
        return time.monotonic() - self._sent_at > DECISION_LIMIT_SECONDS

    def cancel(self) -> None:
        self._waiting = None
        self._lost = False

    def restart(self) -> None:
        self.close()
        self.start()

    def close(self) -> None:
        conn, process = self._conn, self._process
        self._conn = self._process = None
        self._waiting = None
        if conn is not None:
            try:
                conn.send(None)
            except (BrokenPipeError, OSError):
                pass
            conn.close()
        if process is not None:
            process.join(timeout=0.2)
            if process.is_alive():
                process.kill()
                process.join(timeout=1.0)
