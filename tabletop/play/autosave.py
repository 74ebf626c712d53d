"""Autosave off the UI thread: the frame serialises the match, a thread writes it.

Writing and fsyncing a file can take tens of milliseconds on a slow disk; the
table must not stutter for it.  Only the newest pending snapshot is written.
``flush`` waits until everything handed over is on disk (leaving a table, quitting).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

__all__ = ["AutoSaver"]


class AutoSaver:
    def __init__(self, write: Callable[[str], None],
                 on_error: Callable[[str], None] | None = None) -> None:
        self._write = write
        self._on_error = on_error
        self._lock = threading.Condition()
        self._pending: str | None = None
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="tabletop-autosave", daemon=True)
        self._thread.start()

    def save(self, text: str) -> None:
        with self._lock:
            self._pending = text
            self._lock.notify()

    def flush(self, timeout: float = 5.0) -> None:
        with self._lock:
            self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify()
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None and self._closed:
                    return
                text, self._pending = self._pending, None
                self._busy = True
            try:
                assert text is not None
                self._write(text)
            except OSError as error:
                if self._on_error is not None:
                    self._on_error(f"The game could not be saved ({error.strerror}).")
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
