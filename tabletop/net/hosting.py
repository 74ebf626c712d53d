"""A table hosted from the app's window (:class:`Hosting`).

The window's table plays the match with its own session, as at one screen; the
:class:`~tabletop.net.host.Host` beside it serves the remote seats.  Its event loop
runs on the window's own thread, a little every frame
(:class:`~tabletop.net.frameloop.FrameLoop`): a move that comes over the network is
applied between two frames, by the same thread that draws them.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from tabletop.engine.match import Match
from tabletop.net.frameloop import FrameLoop
from tabletop.net.host import Host, lan_address
from tabletop.play.catalogue import Listing
from tabletop.play.session import Session
from tabletop.play.worker import BotWorker

__all__ = ["PORT", "Hosting"]

#: The port a table is offered on (another one is taken if it is busy).
PORT = 47470
#: Seconds to wait for the network port, and for the host to close.
OPEN_WITHIN = 3.0
CLOSE_WITHIN = 2.0


class Hosting(FrameLoop):
    """One match offered on the network from the window, until :meth:`close`."""

    def __init__(self, match: Match, worker: BotWorker, *, name: str, port: int = PORT,
                 address: str = "0.0.0.0", announce: bool = True,
                 keep: Callable[[dict[str, Any]], None] | None = None,
                 table: dict[str, Any] | None = None, listing: Listing | None = None) -> None:
        self.match = match
        #: What the host wrote in its log, newest last (the lobby is drawn again as it grows).
        self.lines: list[str] = []
        super().__init__()
        # What is kept of the table says its port too: a table reopened is offered
        # where its players knew it.
        kept = (lambda table: keep({**table, "port": self.port})) if keep is not None else None
        self.host = Host(match, worker, autostart=False, log=self._log, keep=kept,
                         table=table, seated=self._seated, listing=listing)
        self.host.started = False  # a game reopened goes on once the window's table is open
        self._task: asyncio.Task[None] | None = None
        #: Where players on this network reach the table.
        self.address: str = lan_address()
        if table is not None and isinstance(table.get("port"), int):
            port = table["port"]
        self._advert: Any = None
        self._closed = False
        self._open(address, port)
        if self._task is None or self._task.done():
            self._open(address, 0)  # the usual port is taken: any free one
        if self._task is None or self._task.done():
            problem = self._task.exception() if self._task is not None else None
            self.loop.close()
            raise OSError(f"cannot offer the table on the network ({problem})")
        if kept is not None:
            kept(self.host.table())
        if announce:
            threading.Thread(target=self._announce, args=(name,), daemon=True).start()

    # -- the host's side ------------------------------------------------------------
    def _open(self, address: str, port: int) -> None:
        ready = threading.Event()
        self._task = self.loop.create_task(self.host.run(
            address, port, ready=lambda host: ready.set(), linger=float("inf"), drive=False))
        waited = 0.0
        while not ready.is_set() and not self._task.done() and waited < OPEN_WITHIN:
            self.loop.run_until_complete(asyncio.sleep(0.01))
            waited += 0.01

    def _log(self, line: str) -> None:
        self.lines = (self.lines + [line])[-50:]

    def _announce(self, name: str) -> None:
        from tabletop.net.lan import Advert

        try:
            self._advert = Advert(name, self.address, self.port, self.match.entry.id,
                                  self.host.free_seats())
        except OSError as error:  # no multicast here: players type the address
            self._log(f"the table is not on the local network's list ({error})")
        if self._closed:
            self._unannounce()

    def _seated(self, free: int) -> None:
        advert = self._advert
        if advert is not None:
            threading.Thread(target=advert.seats_free, args=(free,), daemon=True).start()

    def _unannounce(self) -> None:
        advert, self._advert = self._advert, None
        if advert is not None:
            threading.Thread(target=advert.close, daemon=True).start()

    # -- what the window asks -------------------------------------------------------
    @property
    def port(self) -> int:
        return self.host.port

    @property
    def code(self) -> str:
        return self.host.code

    def lobby(self) -> dict[str, Any]:
        """Who sits where, and who is here (:meth:`Host.lobby`)."""
        return self.host.lobby()

    @property
    def everyone_here(self) -> bool:
        """Whether every remote seat has been taken by someone still connected (or a
        bot stands in for them)."""
        return all(place.stood_in or (place.token and place.conn is not None)
                   for place in self.host.places.values())

    def pump(self) -> None:
        """Let the network work for a moment, without waiting: read what came, send
        what is due (once a frame)."""
        super().pump()
        session = self.host.session
        if self.host.started:  # (the window's table plays it)
            away = frozenset(p.seat for p in self.host.places.values()
                             if p.conn is None and not p.stood_in)
            if away != session.away:
                session.away = away
                session.stage.thinking_changed()  # the plates are drawn again

    def attach(self, session: Session) -> None:
        """The window's table plays the match now: the host serves that session and
        begins (remote seats are named as their players called themselves)."""
        self.host.session = session
        self.host.start()

    def close(self) -> None:
        """Stop offering the table (the clients are told the connection closed)."""
        if self._closed:
            return
        self._closed = True
        self._unannounce()
        self.host.stop()
        self.finish(self._task, CLOSE_WITHIN)

