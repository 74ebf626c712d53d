"""Scenes and the scene stack.

The top scene gets input, updates and draws.  A scene that is not ``opaque``
(a pause menu, a dialog) keeps a picture of what was under it when it opened and
draws over that.  A scene asks for another screen by returning a request
(:mod:`tabletop.ui.flow`) from ``enter``, ``handle_event`` or ``update``; the stack's
owner turns it into pushes and pops, which are applied between frames, so a scene
never disappears while its own handler is running.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

from tabletop.ui.flow import Flow

if TYPE_CHECKING:
    from tabletop.ui.context import Context

__all__ = ["Scene", "SceneStack"]


class Scene:
    """One screen.  Override what you need; every hook has a harmless default."""

    #: Hides the scenes below; a non-opaque scene is drawn over a picture of them.
    opaque = True

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.needs_full_redraw = True

    # -- lifecycle ----------------------------------------------------------------
    def enter(self) -> Flow:
        """Pushed onto the stack (may already ask for a screen over it)."""
        return None

    def exit(self) -> None:
        """Popped off the stack (or replaced)."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""
        self.needs_full_redraw = True

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""
        self.needs_full_redraw = True

    # -- the frame ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Flow:
        """React to input; return what to open next, if anything."""
        return None

    def update(self, dt: float) -> Flow:
        """Advance by ``dt`` seconds; return what to open next, if anything."""
        return None

    def end_frame(self) -> None:
        """Once a frame, after its updates and before it is drawn (work that a frame
        may do once, when it knows what its updates did)."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw what changed; return the rectangles that must reach the screen."""
        return []

    @property
    def busy(self) -> bool:
        """True while something moves (the app then runs at its full frame rate)."""
        return False


class SceneStack:
    """Scenes on top of each other, changed only between frames.

    ``follow`` takes what a scene's ``enter`` returns (the stack's owner, which knows
    how to open a route); what it asks for is applied in the same pass."""

    def __init__(self, follow: Callable[[Flow], None] | None = None) -> None:
        self._scenes: list[Scene] = []
        self.follow: Callable[[Flow], None] = follow or _refuse
        self._pending: list[Callable[[], None]] = []
        self.changed = False

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # -- requests (applied between frames) ----------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        """Pop the top scene and push ``scene``."""
        def apply() -> None:
            self._pop(resume=False)
            self._push(scene)
        self._pending.append(apply)

    def reset(self, scene: Scene) -> None:
        """Pop everything and start again from ``scene``."""
        def apply() -> None:
            while self._scenes:
                self._pop(resume=False)
            self._push(scene)
        self._pending.append(apply)

    def apply_pending(self) -> bool:
        """Run the requested changes; True if anything changed."""
        if not self._pending:
            return False
        while self._pending:
            batch, self._pending = self._pending, []
            for change in batch:
                change()
        self.changed = True
        return True

    def _push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.needs_full_redraw = True
        self.follow(scene.enter())

    def _pop(self, resume: bool = True) -> None:
        if not self._scenes:
            return
        scene = self._scenes.pop()
        scene.exit()
        if resume and self._scenes:
            self._scenes[-1].resume()


def _refuse(flow: Flow) -> None:
    if flow is not None:
        raise RuntimeError(f"nothing follows {flow!r}: the stack has no router")
