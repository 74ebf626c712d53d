"""A client of a hosted table: it joins a seat and reads what the host sends it.

:class:`RemoteSeat` keeps what one seat knows over the network: its observation (read back
with :func:`~tabletop.engine.wire.from_wire` against the game's own observation class)
and its legal actions.  :func:`play_with_bot` plays a seat with a bot: ``tabletop join
ADDRESS --code C --bot LEVEL``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from tabletop.engine.protocol import Action, Game, Observation, SnapshotError, TurnStyle
from tabletop.engine.registry import GameEntry, Registry, UnknownGame
from tabletop.engine.rng import Rng
from tabletop.engine.wire import WireError, from_wire, with_local
from tabletop.net.messages import VERSION, encode

__all__ = ["JoinRefused", "RemoteSeat", "Seen", "play_with_bot"]

#: The largest message a client reads from a host (an observation is a few kilobytes).
MAX_HOST_BYTES = 1 << 22
#: How long a bot waits before choosing again after a refusal.
RETRY = 0.1
#: How long a client waits between tries to reach a table it lost.
REJOIN_PAUSE = 0.3


class JoinRefused(Exception):
    """The host sent this client away: ``code`` and the host's words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Seen:
    """One position as a seat was told it: the moves made by then, its observation, and
    how many of the log's lines it had been told (a replay at that seat shows these)."""

    seq: int
    obs: Observation
    lines: int


@dataclass
class RemoteSeat:
    """One seat at a hosted table, as its client knows it."""

    registry: Registry
    seat: int = -1
    token: str = ""
    entry: GameEntry | None = None
    game: Game[Any] | None = None
    home: Observation | None = None
    obs: Observation | None = None
    legal: list[Action] = field(default_factory=list)
    seq: int = 0
    over: bool = False
    outcome: list[float] = field(default_factory=list)
    lobby: dict[str, Any] = field(default_factory=dict)
    refusals: list[str] = field(default_factory=list)
    #: How fast the host runs a real-time game's clock against the wall clock.
    clock_rate: float = 1.0
    #: The last ping's number (answered with a pong).
    pinged: int = 0
    #: The game's options and players, as the host's welcome said.
    options: dict[str, Any] = field(default_factory=dict)
    players: int = 0
    #: The seats acting now (as the last update said).
    acting: list[int] = field(default_factory=list)
    #: The log's lines as this seat may read them, oldest first.
    lines: list[str] = field(default_factory=list)
    #: Every position told, oldest first (one per number of moves made: a position told
    #: again, after a rejoin or as a real-time clock runs, replaces the one before).
    seen: list[Seen] = field(default_factory=list)
    #: How the game went, as the host's presenter told it at the end (its results
    #: picture reads it, as it reads the events at one screen).
    story: dict[str, Any] | None = None

    def read(self, raw: str | bytes) -> str:
        """Take in one message from the host; returns its type."""
        try:
            data = json.loads(raw)
        except ValueError:
            raise JoinRefused("malformed", "The host sent something that is not JSON.") from None
        if not isinstance(data, dict) or data.get("v") != VERSION:
            raise JoinRefused("version", f"The host speaks another version of the protocol "
                                         f"(this Tabletop speaks {VERSION}).")
        kind = data.get("type")
        if kind == "error":
            raise JoinRefused(str(data.get("code")), str(data.get("message")))
        if kind == "welcome":
            self.welcome(data)
        elif kind == "lobby":
            self.lobby = data
        elif kind == "update":
            self.update(data)
        elif kind == "refused":
            self.refusals.append(str(data.get("reason")))
        elif kind == "ping":
            self.pinged = int(data.get("t", 0))
        return str(kind)

    @property
    def real_time(self) -> bool:
        """Whether the game is played in real time."""
        return self.entry is not None and self.entry.info.turns is TurnStyle.REAL_TIME

    def reaction(self, action: Action) -> float:
        """Seconds to wait before sending ``action``: in a real-time game, the moment it
        names on the game clock, counted from the position's (0 otherwise)."""
        at = getattr(action, "at", None)
        now = getattr(self.obs, "now", None)
        if not self.real_time or at is None or now is None:
            return 0.0
        return max(0.0, (float(at) - float(now)) / 1000.0 / self.clock_rate)

    def welcome(self, data: dict[str, Any]) -> None:
        try:
            self.entry = self.registry.get(str(data["game"]))
        except UnknownGame:
            raise JoinRefused("game", f"This Tabletop does not have the game {data['game']!r}.") \
                from None
        self.seat, self.token = int(data["seat"]), str(data["token"])
        self.clock_rate = float(data.get("clock_rate", 1.0)) or 1.0
        self.options = dict(data["options"])
        self.players = int(data["players"])
        self.game = self.entry.make_game(self.players, self.options)
        self.lines = []  # the host tells the whole log again
        # A position of the same game made here: the class of the seat's observation,
        # and what it refers to that is never sent (such as word lists).
        self.home = self.game.new_state(0).observation(self.seat)

    def update(self, data: dict[str, Any]) -> None:
        if self.game is None or self.home is None:
            raise JoinRefused("malformed", "The host sent a position before its welcome.")
        try:
            obs = from_wire(type(self.home), data["obs"])
            self.legal = [self.game.decode_action(a) for a in data["legal"]]
        except (WireError, SnapshotError, KeyError) as bad:
            raise JoinRefused("malformed", f"The host sent a position that cannot be read: {bad}") \
                from None
        self.obs = with_local(obs, self.home)
        self.seq = int(data["seq"])
        acting, lines = data.get("acting", []), data.get("log", [])
        if isinstance(acting, list):
            self.acting = [int(s) for s in acting if isinstance(s, int)]
        if isinstance(lines, list):
            self.lines += [str(line)[:400] for line in lines]
        self.over = bool(data["over"])
        while self.seen and self.seen[-1].seq >= self.seq:
            self.seen.pop()
        self.seen.append(Seen(self.seq, self.obs, len(self.lines)))
        if self.over:
            self.outcome = [float(x) for x in data.get("outcome", [])]
            story = data.get("story")
            self.story = story if isinstance(story, dict) else None

    def act(self, action: Action) -> str:
        """The message that asks the host to take ``action`` for this seat."""
        assert self.game is not None
        return encode("act", seq=self.seq, action=self.game.action_to_json(action))


class _Delayed:
    """Messages to the host sent in order, each ``delay`` seconds late (a simulated
    network's latency; 0 sends at once)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.delay = 0.0
        self.queue: asyncio.Queue[tuple[float, str]] = asyncio.Queue()
        self.task = asyncio.create_task(self._run())

    async def send(self, text: str) -> None:
        if self.delay <= 0 and self.queue.empty():
            await self.ws.send(text)
        else:
            await self.queue.put((asyncio.get_running_loop().time() + self.delay, text))

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due, text = await self.queue.get()
            if due > loop.time():
                await asyncio.sleep(due - loop.time())
            await self.ws.send(text)


async def play_with_bot(uri: str, code: str, level: str, registry: Registry, *,
                        name: str = "", seat: int | None = None, token: str | None = None,
                        seed: int = 1, on_join: Callable[[RemoteSeat], None] | None = None,
                        received: list[str] | None = None, wait: float = 0.0,
                        latency_ms: float = 0.0) -> RemoteSeat:
    """Join the table at ``uri`` and play a seat with a bot of ``level`` until the game
    ends; each message received is appended to ``received`` if given.

    If the connection is lost before the end, the client tries again with its token for
    up to ``wait`` seconds (a host that stopped and was opened again), and takes its
    seat back where the game stands.

    In a real-time game the bot acts as a person would: it waits its reaction time after
    it sees the position, then sends its move (the host times it).  ``latency_ms``
    simulates a network that slow (on the game clock, half each way)."""
    me = RemoteSeat(registry)
    me.token = token or ""
    bot = None
    loop = asyncio.get_running_loop()
    lost_at: float | None = None
    while True:
        try:
            async with connect(uri, max_size=MAX_HOST_BYTES, compression=None,
                               open_timeout=10) as ws:
                out = _Delayed(ws)
                pending: asyncio.Task[None] | None = None
                incoming: asyncio.Queue[tuple[float, str | bytes | None]] = asyncio.Queue()

                async def read() -> None:
                    try:
                        async for raw in ws:
                            await incoming.put((loop.time(), raw))
                    finally:
                        await incoming.put((loop.time(), None))

                reader = asyncio.create_task(read())
                await ws.send(encode("hello", code=code, name=name or f"{level} bot",
                                     seat=seat, token=me.token or None))
                lost_at = None
                try:
                    while True:
                        came, raw = await incoming.get()
                        if raw is None:
                            break
                        if came + out.delay > loop.time():  # the simulated way in
                            await asyncio.sleep(came + out.delay - loop.time())
                        if received is not None:
                            received.append(raw if isinstance(raw, str)
                                            else raw.decode("utf-8", "replace"))
                        kind = me.read(raw)
                        if kind == "ping":
                            await out.send(encode("pong", t=me.pinged))
                            continue
                        if kind == "refused" and me.legal and not me.over and not me.real_time:
                            await asyncio.sleep(RETRY)  # too fast, or the table moved on
                            kind = "update"
                        if kind == "welcome":
                            assert me.entry is not None
                            bot = bot or me.entry.make_bot(level)
                            out.delay = latency_ms / 2000.0 / me.clock_rate
                            if on_join is not None:
                                on_join(me)
                        if kind != "update":
                            continue
                        if pending is not None:
                            pending.cancel()  # the position changed: think again
                            pending = None
                        if me.over:
                            return me
                        if me.legal and bot is not None and me.obs is not None:
                            rng = Rng(seed * 7919 + me.seq)
                            action = await asyncio.to_thread(bot.choose, me.obs, list(me.legal),
                                                             rng)
                            message = me.act(action)
                            react = me.reaction(action)
                            if react > 0:
                                pending = asyncio.create_task(_later(react, out.send, message))
                            else:
                                await out.send(message)
                finally:
                    reader.cancel()
                    out.task.cancel()
                    if pending is not None:
                        pending.cancel()
        except (OSError, TimeoutError, WebSocketException):
            if wait <= 0:
                raise
        if me.over or wait <= 0:
            return me
        now = loop.time()
        lost_at = now if lost_at is None else lost_at
        if now - lost_at > wait:
            raise TimeoutError(f"the table did not come back within {wait:g} s")
        await asyncio.sleep(REJOIN_PAUSE)


async def _later(seconds: float, send: Callable[[str], Awaitable[None]], message: str) -> None:
    await asyncio.sleep(seconds)
    await send(message)
