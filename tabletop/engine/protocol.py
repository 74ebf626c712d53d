"""The engine protocol: the one contract every game, bot, table scene and test uses.

Shape after OpenSpiel (``current_player``, ``legal_actions``, ``apply``, ``clone``,
``returns``), manners after python-chess (a checked ``apply`` that raises a
readable :class:`IllegalAction`, and a fast unchecked twin for search).

A game is a :class:`Game` built from its options; ``new_state(seed)`` deals a
fresh :class:`GameState`.  Actions and events are small frozen dataclasses.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Final, Protocol

from tabletop.engine.rng import RandomSource, Rng

__all__ = [
    "TERMINAL",
    "SIMULTANEOUS",
    "Action",
    "Bot",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "Observation",
    "SnapshotError",
    "Zone",
    "ZoneKind",
]

PlayerId = int
#: ``current_player`` when the game is over.
TERMINAL: Final[PlayerId] = -4
#: ``current_player`` when several seats may act now (see ``acting_seats``).
SIMULTANEOUS: Final[PlayerId] = -2


class IllegalAction(ValueError):
    """An action the rules do not allow; ``str(error)`` is a sentence for the player."""

    def __init__(self, reason: str, action: object | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class SnapshotError(ValueError):
    """A saved state that cannot be read: malformed, foreign or from another version."""


class Action:
    """Marker base for actions (frozen, slotted dataclasses in each game)."""

    __slots__ = ()


class Observation:
    """Marker base for what one seat may know (frozen dataclasses in each game)."""

    __slots__ = ()


class ZoneKind(Enum):
    """Where a card can be; each game uses the kinds it needs."""

    DECK = "deck"
    HAND = "hand"
    TRICK = "trick"
    WON = "won"  # a seat's score pile of taken cards
    DISCARD = "discard"
    ASIDE = "aside"
    SUPPLY = "supply"
    COMMUNITY = "community"
    BOARD = "board"
    BACKPACK = "backpack"
    MOUNTAIN = "mountain"
    CACHE = "cache"
    DRAW_PILE = "draw-pile"
    PLAY_PILE = "play-pile"


@dataclass(frozen=True, slots=True)
class Zone:
    """A place on the table: a kind, and the seat it belongs to (``None`` if shared)."""

    kind: ZoneKind
    seat: int | None = None

    def __str__(self) -> str:
        return self.kind.value if self.seat is None else f"{self.kind.value}[{self.seat}]"


class Event:
    """Base for events: what an action caused, in order, for animation and the log.

    ``visible_to`` names the seats that may see an event's private details (a card
    dealt to one player, a face-down discard); ``None`` means everyone.
    """

    __slots__ = ()

    def visible_to(self) -> frozenset[int] | None:
        return None


class Game(ABC):
    """A game with fixed options (player count, variants)."""

    #: The registry id, e.g. ``"enemy-anemone"``.
    id: ClassVar[str]
    #: Bumped whenever the JSON form of a state changes incompatibly.
    SNAPSHOT_VERSION: ClassVar[int] = 1

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def options(self) -> Mapping[str, Any]: ...

    @abstractmethod
    def new_state(self, seed: int) -> GameState:
        """A freshly dealt state whose randomness comes from ``seed``."""

    @abstractmethod
    def sample_state(self, observation: Observation, rng: RandomSource) -> GameState:
        """A full state consistent with ``observation``, hidden cards drawn from ``rng``.

        Built from the observation alone, so a bot that searches these samples
        cannot learn anything its seat does not know.
        """

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> GameState:
        """Restore a state from :meth:`GameState.to_json`; raises :class:`SnapshotError`."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Action:
        """Decode one action; raises :class:`SnapshotError` if malformed."""

    def action_to_json(self, action: Action) -> Any:
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


class GameState(ABC):
    """A position in a game.  Mutable; ``clone`` makes an independent copy."""

    game: Game

    # -- who acts ---------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> PlayerId:
        """The seat to act, :data:`TERMINAL` when over, or :data:`SIMULTANEOUS`."""

    def acting_seats(self) -> frozenset[int]:
        """Every seat that may act now (one seat in turn-based games)."""
        player = self.current_player
        return frozenset() if player < 0 else frozenset((player,))

    @property
    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    # -- actions ----------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """Every legal action for ``seat`` (default: the current player)."""

    @abstractmethod
    def explain_illegal(self, action: Action, seat: int) -> str:
        """Why ``action`` is not legal for ``seat`` now, as a sentence for the player."""

    @abstractmethod
    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply a known-legal action (search and replay use this)."""

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` for ``seat`` (default: the current player).

        Raises :class:`IllegalAction` with a readable reason, leaving the state
        unchanged, if the action is not legal.
        """
        if self.is_over:
            raise IllegalAction("The game is over.", action)
        if seat is None:
            seat = self.current_player
        if seat not in self.acting_seats():
            raise IllegalAction("It is not your turn.", action)
        if action not in self.legal_actions(seat):
            raise IllegalAction(self.explain_illegal(action, seat), action)
        return self.apply_unchecked(action)

    def opening_events(self) -> list[Event]:
        """Events describing the initial deal, for the table to animate at the start."""
        return []

    # -- information ------------------------------------------------------------
    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may know."""

    def determinize(self, seat: int, rng: RandomSource) -> GameState:
        """A full state consistent with ``seat``'s observation (for search bots)."""
        return self.game.sample_state(self.observation(seat), rng)

    @abstractmethod
    def clone(self) -> GameState: ...

    # -- results ----------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score so far."""

    def score_history(self) -> list[list[int]]:
        """Points per seat in each finished round or hand, for the results chart."""
        return []

    @abstractmethod
    def outcome(self) -> list[float]:
        """Each seat's share of the win once over (ties split; sums to 1, or 0/1 each
        in cooperative games)."""

    # -- words for the shell (optional) -------------------------------------------
    def progress_line(self) -> str:
        """Where the game stands ("hand 2 of 4"), shown with Continue; "" for nothing."""
        return ""

    def results_lines(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """A cooperative game's account of its ending for the results screen:
        (line, tone) with tone "good", "bad" or ""; empty for the standings view."""
        return []

    def tie_break_note(self) -> str:
        """A sentence on how a tie for first place was settled; "" if there was none."""
        return ""

    def invariant_violations(self) -> list[str]:
        """Broken invariants (cards conserved, no card in two places, scores recount);
        empty when all is well.  Tests and the fuzzer call this after every action."""
        return []

    # -- persistence ------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A complete, versioned snapshot (random state included)."""

    def _envelope(self, body: dict[str, Any]) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "version": self.game.SNAPSHOT_VERSION,
            "options": dict(self.game.options),
            "state": body,
        }


class Bot(Protocol):
    """A player that decides from its own seat's observation only."""

    level: str

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """Pick one of ``legal`` (never empty)."""
        ...
