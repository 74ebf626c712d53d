"""A client of a hosted table: it joins a seat and reads what the host sends it.

:class:`Seat` keeps what one seat knows over the network: its observation (read back
with :func:`~tabletop.engine.wire.from_wire` against the game's own observation class)
and its legal actions.  :func:`play_with_bot` plays a seat with a bot: ``tabletop join
ADDRESS --code C --bot LEVEL``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from tabletop.engine.protocol import Action, Game, Observation, SnapshotError
from tabletop.engine.registry import GameEntry, Registry, UnknownGame
from tabletop.engine.rng import Rng
from tabletop.engine.wire import WireError, from_wire, with_local
from tabletop.net.messages import VERSION, encode

__all__ = ["JoinRefused", "RemoteSeat", "play_with_bot"]

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
        return str(kind)

    def welcome(self, data: dict[str, Any]) -> None:
        try:
            self.entry = self.registry.get(str(data["game"]))
        except UnknownGame:
            raise JoinRefused("game", f"This Tabletop does not have the game {data['game']!r}.") \
                from None
        self.seat, self.token = int(data["seat"]), str(data["token"])
        self.game = self.entry.make_game(int(data["players"]), dict(data["options"]))
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
        self.over = bool(data["over"])
        if self.over:
            self.outcome = [float(x) for x in data.get("outcome", [])]

    def act(self, action: Action) -> str:
        """The message that asks the host to take ``action`` for this seat."""
        assert self.game is not None
        return encode("act", seq=self.seq, action=self.game.action_to_json(action))


async def play_with_bot(uri: str, code: str, level: str, registry: Registry, *,
                        name: str = "", seat: int | None = None, token: str | None = None,
                        seed: int = 1, on_join: Callable[[RemoteSeat], None] | None = None,
                        received: list[str] | None = None, wait: float = 0.0) -> RemoteSeat:
    """Join the table at ``uri`` and play a seat with a bot of ``level`` until the game
    ends; each message received is appended to ``received`` if given.

    If the connection is lost before the end, the client tries again with its token for
    up to ``wait`` seconds (a host that stopped and was opened again), and takes its
    seat back where the game stands."""
    me = RemoteSeat(registry)
    me.token = token or ""
    bot = None
    loop = asyncio.get_running_loop()
    lost_at: float | None = None
    while True:
        try:
            async with connect(uri, max_size=MAX_HOST_BYTES, compression=None,
                               open_timeout=10) as ws:
                await ws.send(encode("hello", code=code, name=name or f"{level} bot",
                                     seat=seat, token=me.token or None))
                lost_at = None
                async for raw in ws:
                    if received is not None:
                        received.append(raw if isinstance(raw, str)
                                        else raw.decode("utf-8", "replace"))
                    kind = me.read(raw)
                    if kind == "refused" and me.legal and not me.over:
                        await asyncio.sleep(RETRY)  # too fast, or the table moved on: again
                        kind = "update"
                    if kind == "welcome":
                        assert me.entry is not None
                        bot = bot or me.entry.make_bot(level)
                        if on_join is not None:
                            on_join(me)
                    if kind != "update":
                        continue
                    if me.over:
                        return me
                    if me.legal and bot is not None and me.obs is not None:
                        rng = Rng(seed * 7919 + me.seq)
                        action = await asyncio.to_thread(bot.choose, me.obs, list(me.legal), rng)
                        await ws.send(me.act(action))
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
