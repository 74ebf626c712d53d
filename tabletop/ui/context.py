"""The context handed to every scene: the services they share (assets, text, audio,
settings, saves, the registry and the catalogue, the bot worker).

Passed explicitly — there are no globals — so a test can build a context with a
temporary folder and a headless window and drive any scene.  It opens no screens:
a scene asks for the next one by returning a request (:mod:`tabletop.ui.flow`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.match import Match
from tabletop.engine.registry import GameEntry, Registry
from tabletop.play.catalogue import Catalogue, Listing
from tabletop.storage import Settings, Storage
from tabletop.ui.assets import Assets
from tabletop.ui.audio import Audio
from tabletop.ui.text import Text
from tabletop.ui.tween import SPEED_FACTORS

if TYPE_CHECKING:
    from tabletop.net.hosting import Hosting
    from tabletop.net.joining import Joining
    from tabletop.play.worker import BotWorker

__all__ = ["Context"]


@dataclass
class Context:
    assets: Assets
    text: Text
    audio: Audio
    storage: Storage
    settings: Settings
    #: The games on the shelf (the engine's entries).
    registry: Registry
    #: What the shell shows and opens of each game (its listing), by id.
    catalogue: Catalogue
    #: Switches full screen on or off (the app owns the window).
    set_fullscreen: Callable[[bool], None] = lambda on: None
    #: Asks the app to quit after this frame.
    quit: Callable[[], None] = lambda: None
    #: Messages to show the player at the next opportunity (e.g. a save moved aside).
    notices: list[str] = field(default_factory=list)
    #: True when bots may think in a separate process (off in some tests).
    bot_processes: bool = True
    #: Print the zone where the picture disagreed with the game (tests and debugging).
    debug_drift: bool = False

    #: The table this window offers on the network, if any (its network side runs a
    #: little every frame, whichever screen is shown).
    hosting: Hosting | None = None
    #: The seat this window plays at a table hosted elsewhere, if any (likewise).
    joining: Joining | None = None

    _worker: BotWorker | None = field(default=None, repr=False)

    @property
    def worker(self) -> BotWorker:
        """The one bot worker of the whole session (a process, started ahead of the first
        table so that opening a table never waits for it)."""
        if self._worker is None:
            from tabletop.play.worker import InlineBotWorker, ProcessBotWorker

            self._worker = ProcessBotWorker() if self.bot_processes else InlineBotWorker()
        return self._worker

    def pump(self) -> None:
        """Once a frame: the network side of a hosted table reads and sends."""
        if self.hosting is not None:
            self.hosting.pump()
        if self.joining is not None:
            self.joining.pump()

    def stop_hosting(self) -> None:
        """Stop offering the table on the network (its players are told)."""
        hosting, self.hosting = self.hosting, None
        if hosting is not None:
            hosting.close()

    def stop_joining(self) -> None:
        """Leave the table hosted elsewhere (the seat waits for this player)."""
        joining, self.joining = self.joining, None
        if joining is not None:
            joining.close()

    def close(self) -> None:
        """The app is ending: stop hosting, leave a table joined, stop the bot worker."""
        self.stop_hosting()
        self.stop_joining()
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def listing(self, entry: GameEntry) -> Listing:
        """The shell's listing of ``entry``'s game."""
        return self.catalogue.get(entry.id)

    @property
    def screen_size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        return surface.get_size() if surface is not None else (1280, 720)

    @property
    def animation_factor(self) -> float:
        return SPEED_FACTORS.get(self.settings.animation_speed, 1.0)

    def save_settings(self) -> None:
        try:
            self.storage.save_settings(self.settings)
        except OSError as error:
            self.notices.append(f"Settings could not be saved ({error.strerror}).")

    def save_match(self, match: Match) -> None:
        """A new match, saved at once (so Continue finds it); a failure becomes a notice."""
        try:
            self.storage.save_match(match)
        except OSError as error:
            self.notices.append(f"The game cannot be saved ({error.strerror}).")

    @classmethod
    def create(cls, registry: Registry, catalogue: Catalogue,
               storage: Storage | None = None) -> Context:
        """A context for the games of ``registry`` as ``catalogue`` lists them, with
        settings loaded from disk (a damaged file becomes a notice)."""
        storage = storage or Storage()
        settings, problem = storage.load_settings()
        assets = Assets(disk_cache=storage.root / "cache")
        ctx = cls(
            assets=assets,
            text=Text(assets),
            audio=Audio(assets, settings.volume, settings.muted),
            storage=storage,
            settings=settings,
            registry=registry,
            catalogue=catalogue,
        )
        if problem:
            ctx.notices.append(problem)
        return ctx
