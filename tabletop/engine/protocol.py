"""The engine protocol: the one contract every game, bot, table and test uses.

Shape after OpenSpiel (``current_player``, ``legal_actions``, ``apply``, ``clone``,
markers for chance and simultaneous moves), manners after python-chess (a legal-move
container you can ask ``action in legal``, one legality oracle :meth:`GameState.check`
that says why in a player's words, a checked ``apply`` and a fast unchecked twin).

A game is a :class:`Game` built from its options; ``new_state(seed)`` sets out a
fresh :class:`GameState` *before* the deal.  Steps nobody chooses — the deal, a
timeout that fell due — are actions of the seat :data:`NATURE`, applied by whoever
drives the game (:func:`settle` does it for code that does not care to watch), so a
seed plus the list of applied actions replays every game exactly.

A turn may take several steps (arm anemones, then play the card; pick a card, then
place the gem): each step is an action and the half-built move is part of the
state, so a saved game, a curtain or a bot never sees a move half made.

Real-time games stamp each action with the game clock (:class:`Timed`); their
timeouts are actions too (:meth:`GameState.deadline`).
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar, overload

from tabletop.engine.events import Event, Zone, ZoneKind
from tabletop.engine.rng import RandomSource, Rng
from tabletop.engine.schema import Declared, Schema

__all__ = [
    "NATURE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Bot",
    "Deadline",
    "Deal",
    "Event",
    "Game",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "LegalActions",
    "Observation",
    "Record",
    "Secrets",
    "SnapshotError",
    "Timed",
    "TurnStyle",
    "Zone",
    "ZoneKind",
    "settle",
    "stamp",
]

PlayerId = int
#: A game's state class.
S = TypeVar("S", bound="GameState")
#: ``current_player`` when the game is over.
TERMINAL: Final[PlayerId] = -4
#: ``current_player`` when several seats may act now (see ``acting_seats``).
SIMULTANEOUS: Final[PlayerId] = -2
#: The seat that takes the steps nobody chooses: deals, and timeouts that fall due.
NATURE: Final[PlayerId] = -1


class IllegalAction(ValueError):
    """An action the rules do not allow; ``str(error)`` is a sentence for the player."""

    def __init__(self, reason: str, action: object | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class SnapshotError(ValueError):
    """A saved state that cannot be read: malformed, foreign or from another version."""


_FIELDS: dict[type, tuple[str, ...]] = {}


def _reduce(obj: object) -> tuple[type, tuple[Any, ...]]:
    """Pickle a game's dataclass as its class and its fields.  (The bot worker receives
    an observation and the legal actions with every decision; the dataclasses' own
    pickling asks for the class's fields once per object, several times slower.)"""
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    return cls, tuple([getattr(obj, name) for name in names])


class Record:
    """Base for a game's dataclasses that travel to the bot worker (actions, observations
    and what they hold): pickled as their class and their fields."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return _reduce(self)


class Action(Record):
    """Marker base for actions (frozen, slotted dataclasses in each game)."""

    __slots__ = ()


class Timed(Action):
    """An action of a real-time game: dataclasses with an ``at`` field, the game clock
    in milliseconds when it was taken.  The driver stamps it (:func:`stamp`)."""

    __slots__ = ()
    at: int


def stamp(action: Action, at: int) -> Action:
    """``action`` taken at ``at`` ms on the game clock (unchanged if it is not timed)."""
    if isinstance(action, Timed) and dataclasses.is_dataclass(action):
        return dataclasses.replace(action, at=at)
    return action


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Nature's step that shuffles and deals (the first one sets the game out)."""

    def to_json(self) -> dict[str, bool]:
        """Nature's deal as a save holds it."""
        return {"deal": True}

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True)
class Deadline:
    """A timeout: unless someone acts first, the driver applies ``action`` for
    :data:`NATURE` once the game clock reaches ``at`` milliseconds."""

    at: int
    action: Action


class Observation(Record):
    """Marker base for what one seat may know (frozen dataclasses in each game)."""

    __slots__ = ()


class TurnStyle(Enum):
    """How turns go; the shell picks its turn driver from it."""

    SEQUENTIAL = "sequential"      # one seat acts at a time: ``current_player``
    SIMULTANEOUS = "simultaneous"  # several seats choose at once; the order does not matter
    REAL_TIME = "real-time"        # several seats may act; first come, first served


class Secrets(Enum):
    """What a game hides; decides whether humans sharing a screen need a curtain."""

    NONE = "none"          # everything on the table is open
    SHARED = "shared"      # hidden from every player alike (a shuffled deck)
    PER_SEAT = "per-seat"  # each player holds cards only they may see


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the shell reads about a game instead of guessing."""

    turns: TurnStyle = TurnStyle.SEQUENTIAL
    cooperative: bool = False
    secrets: Secrets = Secrets.PER_SEAT

    @property
    def needs_curtain(self) -> bool:
        """Humans sharing one screen must not see each other's view."""
        return self.secrets is Secrets.PER_SEAT


class Game(ABC, Generic[S]):
    """A game with fixed options (player count, variants).

    A game names its state class, its action decoder and its sampler; the rest comes
    from here::

        class PiglingGame(Game):
            id = "pigling"
            State = PiglingState
            decode_action = staticmethod(action_from_json)
            sample = staticmethod(sample_deal)  # (game, observation, rng) -> state
    """

    #: The registry id, e.g. ``"enemy-anemone"``.
    id: ClassVar[str]
    #: Turn style, cooperation and secrets (the shell's curtain and driver follow it).
    info: ClassVar[GameInfo] = GameInfo()
    #: Bumped whenever the JSON form of a state changes incompatibly.
    SNAPSHOT_VERSION: ClassVar[int] = 1
    #: Action types that carry free input (a typed answer): any well-formed one may be
    #: legal, so ``generate_legal`` lists examples of them, not all of them.
    open_actions: ClassVar[tuple[type, ...]] = ()
    #: The game's states: a fresh one is ``State(game, Rng(seed))``.
    State: type[S]
    #: A full state consistent with an observation (see :meth:`sample_state`).
    sample: Callable[..., S]
    #: The number of seats.
    players: int

    @staticmethod
    def audit(state: Any) -> list[str]:
        """What is wrong with ``state`` (see :meth:`GameState.invariant_violations`)."""
        return []

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.players

    def __init__(self, players: int) -> None:
        """A game for ``players`` seats (a game with options takes them too)."""
        self.players = players

    @property
    def options(self) -> Mapping[str, Any]:
        """The options the game was made with, as the setup screen and saves name them
        (a game without options has none)."""
        return {}

    def new_state(self, seed: int) -> S:
        """A fresh state, set out but not yet dealt, whose randomness comes from ``seed``."""
        return self.State(self, Rng(seed))  # type: ignore[call-arg]

    def start(self, seed: int) -> S:
        """A fresh state with nature's opening steps (the deal) applied."""
        state = self.new_state(seed)
        settle(state)
        return state

    def sample_state(self, observation: Observation, rng: RandomSource) -> S:
        """A full state consistent with ``observation``, hidden cards drawn from ``rng``.

        Built from the observation alone, so a bot that searches these samples
        cannot learn anything its seat does not know.
        """
        return type(self).sample(self, observation, rng)

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """Restore a state from :meth:`GameState.to_json`; raises :class:`SnapshotError`."""
        return self.State.from_json(self, self.check_snapshot_header(data))

    def __repr__(self) -> str:
        options = "".join(f", {k}={v!r}" for k, v in self.options.items()
                          if not (isinstance(v, str) and len(v) > 24))  # (a player's text)
        return f"{type(self).__name__}(players={self.players}{options})"

    def action_from_json(self, data: Any) -> Action:
        """Decode one action; raises :class:`SnapshotError` if malformed."""
        if isinstance(data, Mapping) and data.get("deal") is True:
            return Deal()
        return self.decode_action(data)

    @abstractmethod
    def decode_action(self, data: Any) -> Action:
        """Decode one of the game's own actions; :class:`SnapshotError` if malformed."""

    def action_to_json(self, action: Action) -> Any:
        """``action`` as a save holds it (see :mod:`tabletop.engine.codec`)."""
        to_json = getattr(action, "to_json", None)
        if to_json is None:
            raise TypeError(f"{type(action).__name__} cannot be saved")
        return to_json()

    def check_snapshot_header(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """Validate the envelope written by :meth:`GameState.to_json`; return its body."""
        if not isinstance(data, Mapping):
            raise SnapshotError("a saved state must be a JSON object")
        if data.get("game") != self.id:
            raise SnapshotError(f"this is not a saved {self.id} game (found {data.get('game')!r})")
        if data.get("version") != self.SNAPSHOT_VERSION:
            raise SnapshotError(
                f"saved with format version {data.get('version')!r}; "
                f"this version of Tabletop reads version {self.SNAPSHOT_VERSION}"
            )
        body = data.get("state")
        if not isinstance(body, Mapping):
            raise SnapshotError("the saved state has no body")
        return body


class LegalActions(Sequence[Action]):
    """The legal actions of one seat in one position: a cheap container.

    ``action in legal`` asks the state's oracle (:meth:`GameState.check`) without
    listing anything; iterating, indexing or ``len`` build the list once.  Like
    python-chess's legal-move generator it describes the position it came from:
    ask again after the state changes.
    """

    __slots__ = ("_state", "_seat", "_list")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self._seat = seat
        self._list: list[Action] | None = None

    def _actions(self) -> list[Action]:
        if self._list is None:
            self._list = self._state.generate_legal(self._seat)
        return self._list

    def __contains__(self, action: object) -> bool:
        if self._list is not None:
            return action in self._list
        return isinstance(action, Action) and self._state.check(action, self._seat) is None

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions())

    def __len__(self) -> int:
        return len(self._actions())

    def __bool__(self) -> bool:
        return bool(self._actions())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._actions()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return self._actions() == other._actions()
        if isinstance(other, (list, tuple)):
            return self._actions() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({self._actions()!r})"


class GameState(ABC, metaclass=Declared):
    """A position in a game.  Mutable; ``clone`` makes an independent copy.

    A state declares its fields once (``turn: int = field(Int())``, see
    :mod:`tabletop.engine.schema`): its slots, ``clone`` and its snapshot come from them,
    so :meth:`to_json` and :meth:`from_json` need not be written."""

    __slots__ = ()

    game: Game[Any]
    #: The state's fields, declared once (``None``: the class writes its own snapshot).
    SCHEMA: ClassVar[Schema | None] = None

    # -- who acts ---------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> PlayerId:
        """The seat to act, :data:`NATURE` for a step nobody chooses, :data:`TERMINAL`
        when over, or :data:`SIMULTANEOUS` when several seats may act."""

    def acting_seats(self) -> frozenset[int]:
        """The one source of who may act now: the players (never :data:`NATURE`)
        whose actions would be accepted.  One seat in turn-based games."""
        player = self.current_player
        return frozenset() if player < 0 else frozenset((player,))

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.current_player == TERMINAL

    def nature_action(self) -> Action | None:
        """The step nobody chooses that is due now (the deal), if any."""
        return Deal() if self.current_player == NATURE else None

    def deadline(self) -> Deadline | None:
        """The next timeout of a real-time game (applied by the driver when due)."""
        return None

    # -- actions ----------------------------------------------------------------
    def legal_actions(self, seat: int) -> LegalActions:
        """Every legal action for ``seat`` now, as a cheap container."""
        return LegalActions(self, seat)

    @abstractmethod
    def generate_legal(self, seat: int) -> list[Action]:
        """Every legal action for ``seat`` as a fresh list (empty if it may not act).
        The fast path search uses; the game's ``check_move`` must agree with it."""

    def check(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not take ``action`` now, in a player's words; ``None`` if it may.

        The one legality oracle: ``action in state.legal_actions(seat)`` exactly
        when this is ``None``.
        """
        if self.is_over:
            return "The game is over."
        if seat == NATURE:
            due = self.deadline()
            if action == self.nature_action() or (due is not None and action == due.action):
                return None
            return "That step is not due."
        if seat not in self.acting_seats():
            return "It is not your turn."
        return self.check_move(action, seat)

    @abstractmethod
    def check_move(self, action: Action, seat: int) -> str | None:
        """The game's own reasons: ``seat`` may act now, so is ``action`` allowed?"""

    @abstractmethod
    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        """Apply a known-legal action of ``seat`` (search and replay use this)."""

    def apply(self, action: Action, seat: int) -> list[Event]:
        """Apply ``action`` for ``seat``; return the events it caused.

        Raises :class:`IllegalAction` with a readable reason, leaving the state
        unchanged, if the action is not legal.
        """
        reason = self.check(action, seat)
        if reason is not None:
            raise IllegalAction(reason, action)
        return self.apply_unchecked(action, seat)

    # -- information ------------------------------------------------------------
    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may know."""

    def determinize(self, seat: int, rng: RandomSource) -> GameState:
        """A full state consistent with ``seat``'s observation (for search bots)."""
        state: GameState = self.game.sample_state(self.observation(seat), rng)
        return state

    def clone(self) -> Self:
        """An independent copy (generated from the declared fields)."""
        raise NotImplementedError(f"{type(self).__name__} declares no fields")

    def init_fields(self, n: int) -> None:
        """Give each declared field its value in a new state for ``n`` seats."""
        assert self.SCHEMA is not None, f"{type(self).__name__} declares no fields"
        self.SCHEMA.fill(self, n)

    # -- results ----------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score so far."""

    @abstractmethod
    def outcome(self) -> list[float]:
        """Each seat's share of the win once over (ties split; sums to 1, or 0/1 each
        in cooperative games)."""

    def invariant_violations(self) -> list[str]:
        """Broken invariants (cards conserved, no card in two places, scores recount);
        empty when all is well.  Tests and the fuzzer call this after every action; the
        game's :attr:`Game.audit` says what they are."""
        return self.game.audit(self)

    # -- persistence ------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A complete, versioned snapshot (random state included)."""
        if self.SCHEMA is None:
            raise NotImplementedError(f"{type(self).__name__} declares no SCHEMA")
        return self._envelope(self.SCHEMA.dump(self))

    @classmethod
    def from_json(cls, game: Any, body: Mapping[str, Any]) -> Self:
        """The state a snapshot's body holds, checked: a malformed or inconsistent one
        raises :class:`SnapshotError` with the reason."""
        if cls.SCHEMA is None:
            raise NotImplementedError(f"{cls.__name__} declares no SCHEMA")
        try:
            state: Self = cls.SCHEMA.load(cls, body, game.num_players, game=game)
            state.restored()
        except (KeyError, TypeError, ValueError) as error:
            raise SnapshotError(f"the saved position is malformed ({error})") from None
        problems = state.invariant_violations()
        if problems:
            raise SnapshotError(f"the saved position is inconsistent: {problems[0]}")
        return state

    def restored(self) -> None:
        """After a snapshot is read: work out again what it does not hold (``Derived``
        fields); raise ``ValueError`` if what it holds cannot be."""

    def _envelope(self, body: dict[str, Any]) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "version": self.game.SNAPSHOT_VERSION,
            "options": dict(self.game.options),
            "state": body,
        }


def settle(state: GameState, on_step: Callable[[Action, list[Event]], None] | None = None,
           ) -> list[Event]:
    """Apply every step of :data:`NATURE` that is due now (not timeouts); return the events."""
    events: list[Event] = []
    while (step := state.nature_action()) is not None:
        caused = state.apply(step, NATURE)
        if on_step is not None:
            on_step(step, caused)
        events.extend(caused)
    return events


class Bot(Protocol):
    """A player that decides from its own seat's observation only."""

    level: str

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """Pick one of ``legal`` (never empty)."""
        ...
