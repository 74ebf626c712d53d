"""A seat at a table hosted on another computer, played from this window (:class:`Joining`).

The connection's event loop runs on the window's own thread, a little every frame
(:class:`~tabletop.net.frameloop.FrameLoop`), as a hosted table's does: what the host
sent is read between two frames, by the thread that draws them.  A connection lost is
tried again with the seat's token for a while (the host's computer may be opening the
table again).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from tabletop.engine.protocol import Action
from tabletop.engine.registry import Registry
from tabletop.net.client import MAX_HOST_BYTES, REJOIN_PAUSE, JoinRefused, RemoteSeat
from tabletop.net.frameloop import FrameLoop
from tabletop.net.messages import encode

__all__ = ["REJOIN_WAIT", "Joining"]

#: Seconds a lost table is tried again before the player is told it is gone.
REJOIN_WAIT = 120.0
#: Seconds to reach a table at all.
REACH_WITHIN = 8.0


class Joining(FrameLoop):
    """One seat at a hosted table, joined with its code, until :meth:`close`."""

    def __init__(self, uri: str, code: str, name: str, registry: Registry, *,
                 seat: int | None = None, token: str = "", wait: float = REJOIN_WAIT) -> None:
        self.uri, self.code, self.name, self.seat_wanted = uri, code, name, seat
        self.wait = wait
        #: What this seat knows: its observation, legal actions, log, the lobby.
        self.me = RemoteSeat(registry)
        self.me.token = token
        #: Why the table sent this client away, or could not be reached (then nothing more
        #: happens).
        self.problem = ""
        #: The connection is up (else it is being tried again, or over).
        self.connected = False
        #: Updates received (a position), and refusals not yet taken by the table.
        self.updates = 0
        self.refusals: list[str] = []
        #: Told whenever a message came (the lobby or the table reads what changed).
        self.on_message: Callable[[str], None] | None = None
        super().__init__()
        self._out: asyncio.Queue[str] = asyncio.Queue()
        self._closed = False
        self._task = self.loop.create_task(self._run())

    # -- the connection -------------------------------------------------------------
    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        lost_at: float | None = None
        me = self.me
        while not self._closed:
            try:
                async with connect(self.uri, max_size=MAX_HOST_BYTES, compression=None,
                                   open_timeout=REACH_WITHIN) as ws:
                    await ws.send(encode("hello", code=self.code, name=self.name,
                                         seat=self.seat_wanted, token=me.token or None))
                    sender = asyncio.create_task(self._send(ws))
                    self.connected, lost_at = True, None
                    try:
                        async for raw in ws:
                            # The welcome makes the game here (Anomia's word lists take
                            # seconds the first time): off the window's thread.
                            kind = (me.read(raw) if me.game is not None
                                    else await asyncio.to_thread(me.read, raw))
                            if kind == "ping":
                                await ws.send(encode("pong", t=me.pinged))
                                continue
                            if kind == "update":
                                self.updates += 1
                            elif kind == "refused":
                                self.refusals.append(me.refusals[-1])
                            if self.on_message is not None:
                                self.on_message(kind)
                    finally:
                        sender.cancel()
                        self.connected = False
            except JoinRefused as refused:
                self.problem = str(refused)
                return
            except (OSError, TimeoutError, WebSocketException) as error:
                if not me.token:  # never reached
                    self.problem = f"Cannot reach the table at {self.uri} ({error})."
                    return
            if me.over or self._closed:
                return
            now = loop.time()
            lost_at = now if lost_at is None else lost_at
            if now - lost_at > self.wait:
                self.problem = "The table is gone: its host has not come back."
                return
            await asyncio.sleep(REJOIN_PAUSE)

    async def _send(self, ws: ClientConnection) -> None:
        while True:
            text = await self._out.get()
            await ws.send(text)

    # -- what the window does -------------------------------------------------------
    @property
    def welcomed(self) -> bool:
        """Whether a seat was given (the table is known)."""
        return self.me.game is not None and self.me.seat >= 0

    @property
    def started(self) -> bool:
        """Whether the game has begun (the first position came)."""
        return self.updates > 0

    def act(self, action: Action, seq: int) -> None:
        """Ask the host to take ``action`` (made when ``seq`` moves had been made)."""
        game = self.me.game
        assert game is not None
        self._out.put_nowait(encode("act", seq=seq, action=game.action_to_json(action)))

    def take_refusals(self) -> list[str]:
        found, self.refusals = self.refusals, []
        return found

    def close(self) -> None:
        """Leave the table (the seat waits for this player to come back)."""
        if self._closed or self.loop.is_closed():
            return
        self._closed = True
        self._task.cancel()
        self.finish(self._task, 2.0)
