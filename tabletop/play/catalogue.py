"""The game shelf: what the shell shows and opens for each game, beside the engine's entry.

The engine's :class:`~tabletop.engine.registry.GameEntry` says how a game is built and
played (players, options, bots).  A :class:`Listing` is the shell's side of the same
game: the words on the shelf and the rules page, the presenter (and through it the
coach), the log's words, the player's own files, and the loaders of the table and
of the screens around it.  Each game makes one in its ``catalogue`` module; the
composition root lists them in a :class:`Catalogue`, in shelf order.

Nothing here imports pygame or a game's rules: a listing names what it loads
(``words``, the presenter, the table) and loads it on first use, so the main menu
comes up without them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from tabletop.engine.registry import Registry, UnknownGame
from tabletop.play.presenter import Presenter
from tabletop.play.words import Teller, Words, describe_shared

if TYPE_CHECKING:
    from tabletop.engine.protocol import Event

__all__ = ["Catalogue", "Listing", "UserFile"]


@dataclass(frozen=True)
class UserFile:
    """A text file of the player's own beside the saves, read into a hidden text option
    whenever a game is set up (the game itself never touches files)."""

    #: The hidden option the file's text goes into.
    option: str
    #: Where it lives, relative to Tabletop's data folder, e.g. "anomia/my-categories.txt".
    name: str
    #: What is wrong with a text, in a player's words (``None``: nothing).
    check: Callable[[str], str | None] = field(compare=False)
    #: A yes/no option that switches the file on (``None``: always read when present).
    enabled_by: str | None = None
    #: Written when the file is switched on but missing, to show how it is done.
    starter: str = ""
    #: Tabletop writes this file itself: a damaged one is moved aside, not reported.
    kept_by_app: bool = False


@dataclass(frozen=True)
class Listing:
    """Everything the shell shows or opens for one game (the game's ``id`` is the
    engine entry's)."""

    id: str
    #: One line for the game shelf.
    tagline: str = ""
    #: Two or three sentences for the game shelf.
    summary: str = ""
    #: How long a game usually takes, e.g. "20–30 minutes".
    duration: str = ""
    #: The in-app rules page (our own words), as light markup: ``# heading``, paragraphs.
    rules_text: str = ""
    #: Names the setup screen gives bot seats (the shell's own list if empty).
    bot_names: tuple[str, ...] = ()
    #: An option the statistics break down by, and what to call it (a campaign's
    #: chapter, a game's level).
    stats_by: tuple[str, str] | None = None
    #: What each bot level is, one or two sentences each, by level: the setup screen says
    #: it of the level chosen for a bot seat (a cooperative game's partner above all).
    level_notes: tuple[tuple[str, str], ...] = ()
    #: The player's own files that feed options (their categories, answers voted in).
    user_files: tuple[UserFile, ...] = ()
    #: Words for the shell about a state (progress, results, a hint's reason); pygame-free.
    presenter: Presenter = field(default_factory=Presenter, compare=False)
    #: The module (dotted name) whose ``describe(event, tell)`` gives the log's lines for
    #: the game's events; loaded on first use ("": only the engine's shared events).
    words: str = ""
    #: Returns the table spec class; imported lazily so rules code never loads pygame.
    load_table: Callable[[], type] | None = field(default=None, compare=False)
    #: A scene shown between the setup screen and the table (e.g. a campaign's chapter
    #: list), built as ``scene(ctx, entry, seats, options, seed=None)``; it makes the
    #: match itself.
    load_prelude: Callable[[], type] | None = field(default=None, compare=False)
    #: A game's tutorial, offered on its setup screen: (button label, loader of a scene
    #: built as ``scene(ctx, entry)``).
    tutorial: tuple[str, Callable[[], type]] | None = field(default=None, compare=False)

    def rules_page(self) -> str:
        """The rules page: :attr:`rules_text`, then what each bot level is (if said)."""
        if not self.level_notes:
            return self.rules_text
        levels = "\n".join(f"{level.title()}: {note}" for level, note in self.level_notes)
        return f"{self.rules_text.rstrip()}\n\n# The bots\n{levels}\n"

    def level_note(self, level: str) -> str:
        """What the bot level ``level`` is, in a sentence or two ("" if not said)."""
        return dict(self.level_notes).get(level, "")

    def describe(self, event: Event, tell: Teller) -> str | None:
        """The log line for ``event`` as ``tell`` tells it (``None``: no line)."""
        return self.words_of()(event, tell)

    def words_of(self) -> Words:
        """The game's ``describe`` (the engine's shared events' when it has none)."""
        return _words(self.words) if self.words else describe_shared


@cache
def _words(module: str) -> Words:
    """``module``'s ``describe``, imported once (the log asks for every event's line)."""
    found: Words = importlib.import_module(module).describe
    return found


class Catalogue:
    """The games' listings by id, in shelf order."""

    def __init__(self, listings: Sequence[Listing]) -> None:
        self._listings: dict[str, Listing] = {}
        for listing in listings:
            if listing.id in self._listings:
                raise ValueError(f"game {listing.id!r} listed twice")
            self._listings[listing.id] = listing

    def __iter__(self) -> Iterator[Listing]:
        return iter(self._listings.values())

    def __len__(self) -> int:
        return len(self._listings)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._listings

    def ids(self) -> list[str]:
        """The games' ids, in shelf order."""
        return list(self._listings)

    def get(self, game_id: str) -> Listing:
        """The listing of ``game_id``; :class:`UnknownGame` if there is none."""
        try:
            return self._listings[game_id]
        except KeyError:
            raise UnknownGame(game_id, self.ids()) from None

    def adding(self, *listings: Listing) -> Catalogue:
        """This catalogue with ``listings`` after its own."""
        return Catalogue([*self, *listings])

    def playable(self, registry: Registry) -> Registry:
        """The games of ``registry`` that can be played at a table (the ones the game
        shelf shows), in shelf order."""
        return Registry([registry.get(listing.id) for listing in self
                         if listing.load_table is not None and listing.id in registry])
