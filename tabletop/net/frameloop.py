"""An asyncio event loop run by the window, a little every frame (:class:`FrameLoop`).

A table hosted or joined from the window keeps its connections on such a loop, on the
window's own thread: what came over the network is read between two frames, by the
thread that draws them, so that nothing is shared between threads and nothing needs a
lock.
"""

from __future__ import annotations

import asyncio
from typing import Any

__all__ = ["FrameLoop"]


class FrameLoop:
    """Owns :attr:`loop`; :meth:`pump` runs it once a frame, :meth:`finish` closes it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()

    def pump(self) -> None:
        """Let the loop work for a moment, without waiting: read what came, send what is
        due (once a frame)."""
        if not self.loop.is_closed() and not self.loop.is_running():
            self.loop.stop()
            self.loop.run_forever()

    def finish(self, task: asyncio.Task[Any] | None, within: float) -> None:
        """Give ``task`` up to ``within`` seconds to end (else cancel it, and wait as
        long again), then close the loop."""
        if self.loop.is_closed():
            return
        try:
            if task is not None:
                self.loop.run_until_complete(asyncio.wait([task], timeout=within))
                if not task.done():  # (a peer slow to say goodbye: stop waiting for it)
                    task.cancel()
                    self.loop.run_until_complete(asyncio.wait([task], timeout=within))
        finally:
            self.loop.close()
