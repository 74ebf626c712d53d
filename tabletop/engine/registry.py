"""The game registry: what games exist, how to build them, their bots and options.

Each game package exports one :class:`GameEntry`; ``tabletop.games`` lists them in
one :class:`Registry`.  The command line and the lab look games up in it, and the
match layer rebuilds a saved game through it.  What the shell shows of a game (its
shelf words, rules page, presenter, table) is not here: it is the game's listing in
the shell's catalogue (:mod:`tabletop.play.catalogue`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.protocol import Bot, Game, GameInfo

__all__ = ["GameEntry", "OptionSpec", "Registry", "UnknownGame"]

OptionValue = int | str | bool


class UnknownGame(KeyError):
    """A game id that is not registered."""

    def __init__(self, game_id: str, known: Sequence[str]) -> None:
        super().__init__(game_id)
        self.game_id = game_id
        self.known = tuple(known)

    def __str__(self) -> str:
        return f"unknown game {self.game_id!r}; available: {', '.join(self.known) or 'none'}"


@dataclass(frozen=True)
class OptionSpec:
    """One game option the setup screen offers, with its allowed values."""

    key: str
    label: str
    choices: tuple[OptionValue, ...]
    default: OptionValue
    #: A line of help beside the choice; "{data}" stands for Tabletop's data folder.
    help: str = ""
    #: How each choice reads on the setup screen (default: ``str(choice)``).
    labels: tuple[str, ...] = ()
    #: Set by the game itself (e.g. a campaign's chapter), never shown on the setup screen.
    hidden: bool = False
    #: For open-ended hidden options: decides which values are valid instead of ``choices``
    #: (which then only lists examples, for the fuzzer).
    accepts: Callable[[Any], bool] | None = field(default=None, compare=False)
    #: A choice per seat: the value names the seats it is on for, written "0,2"; the setup
    #: screen shows a switch headed ``label`` on every seat's row.
    per_seat: bool = False
    #: Added after saves were first written: left out of a match's options while at its
    #: default, so that a save from before is written again byte for byte.
    newer: bool = False

    def __post_init__(self) -> None:
        if not self.allows(self.default):
            raise ValueError(f"option {self.key}: default {self.default!r} is not a choice")
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError(f"option {self.key}: one label per choice")

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one this option may take."""
        if self.accepts is not None:
            return self.accepts(value)
        return any(value == c and type(value) is type(c) for c in self.choices)

    def label_of(self, value: OptionValue) -> str:
        """How ``value`` reads on the setup screen."""
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value)


@dataclass(frozen=True)
class GameEntry:
    """What the engine, the bots and the tools need to know about one game: how to
    build it and its bots, for how many players, with which options."""

    id: str
    #: The game's name, as the engine's own messages and the command line say it.
    title: str
    min_players: int
    max_players: int
    default_players: int
    make_game: Callable[[int, Mapping[str, OptionValue]], Game[Any]]
    make_bot: Callable[[str], Bot]
    bot_levels: tuple[str, ...]
    default_bot_level: str
    options: tuple[OptionSpec, ...] = ()
    #: Bots kept for measuring only, never offered at the table: partners the
    #: cooperative bots were not built against (``tabletop tournament --partners``).
    partner_levels: tuple[str, ...] = ()
    #: Turn style, cooperation and secrets: the same object as the game class's ``info``.
    info: GameInfo = GameInfo()
    #: Options that follow from who sits where, given each seat's kind ("human", "bot"
    #: or "remote"; e.g. which seats are people, for a game whose people vote); a match
    #: fills them in itself.
    seat_options: Callable[[Sequence[str]], Mapping[str, OptionValue]] | None = field(
        default=None, compare=False)

    @property
    def cooperative(self) -> bool:
        """Whether the players win or lose together."""
        return self.info.cooperative

    @property
    def players_text(self) -> str:
        """"2 players", "2–6 players"."""
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players}–{self.max_players} players"

    def default_options(self) -> dict[str, OptionValue]:
        """Every option at its default."""
        return {spec.key: spec.default for spec in self.options}

    def check_options(self, players: int, options: Mapping[str, Any]) -> dict[str, OptionValue]:
        """Validated options (defaults filled in); ``ValueError`` with a readable reason."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players}"
            )
        specs = {spec.key: spec for spec in self.options}
        unknown = set(options) - set(specs)
        if unknown:
            raise ValueError(f"{self.title} has no option {sorted(unknown)[0]!r}")
        checked = {key: value for key, value in self.default_options().items()
                   if not specs[key].newer}
        for key, value in options.items():
            spec = specs[key]
            if not spec.allows(value):
                if spec.accepts is not None:
                    raise ValueError(f"{spec.label} cannot be {value!r}")
                allowed = ", ".join(spec.label_of(c) if spec.label_of(c) == str(c)
                                    else f"{spec.label_of(c)} ({c})" for c in spec.choices)
                raise ValueError(f"{spec.label} must be one of {allowed}, not {value!r}")
            checked[key] = value
        return checked

    def new_game(self, players: int, options: Mapping[str, Any] | None = None) -> Game[Any]:
        """The game for ``players`` with ``options`` checked (defaults filled in)."""
        return self.make_game(players, self.check_options(players, options or {}))


class Registry:
    """An ordered collection of games, looked up by id."""

    def __init__(self, entries: Sequence[GameEntry]) -> None:
        self._entries: dict[str, GameEntry] = {}
        for entry in entries:
            if entry.id in self._entries:
                raise ValueError(f"game {entry.id!r} registered twice")
            self._entries[entry.id] = entry

    def __iter__(self) -> Iterator[GameEntry]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._entries

    def ids(self) -> list[str]:
        """The games' ids, in shelf order."""
        return list(self._entries)

    def get(self, game_id: str) -> GameEntry:
        """The game with id ``game_id``; :class:`UnknownGame` if there is none."""
        try:
            return self._entries[game_id]
        except KeyError:
            raise UnknownGame(game_id, self.ids()) from None
