"""A tiny real-time game for testing the protocol's real-time parts and their drivers.

Snap: nature turns up a card; every player may race to ``Claim`` it; the first
claim takes it; if nobody claims within two seconds, nature's timeout ``Lapse``
sends it to the discard pile.  Claims carry the game clock (:class:`Timed`), so a
seed plus the applied actions replays the race exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.engine.protocol import (
    NATURE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Deadline,
    Event,
    Game,
    GameInfo,
    GameState,
    Observation,
    Secrets,
    SnapshotError,
    Timed,
    TurnStyle,
    Zone,
    ZoneKind,
)
from tabletop.engine.events import Move
from tabletop.engine.rng import RandomSource, Rng

CARDS = 6
WINDOW_MS = 2000


@dataclass(frozen=True, slots=True)
class Flip(Action):
    at: int = 0

    def to_json(self) -> dict[str, int]:
        return {"flip": self.at}


@dataclass(frozen=True, slots=True)
class Claim(Timed):
    at: int = 0

    def to_json(self) -> dict[str, int]:
        return {"claim": self.at}


@dataclass(frozen=True, slots=True)
class Lapse(Timed):
    at: int = 0

    def to_json(self) -> dict[str, int]:
        return {"lapse": self.at}


@dataclass(frozen=True, slots=True)
class Flipped(Event):
    card: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.DECK), Zone(ZoneKind.COMMUNITY)),)


@dataclass(frozen=True, slots=True)
class Lapsed(Event):
    card: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.COMMUNITY), Zone(ZoneKind.DISCARD)),)


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    seat: int
    card: int
    at: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.COMMUNITY), Zone(ZoneKind.WON, self.seat), False),)


@dataclass(frozen=True, slots=True)
class SnapView(Observation):
    seat: int
    up: int | None
    flipped_at: int
    taken: tuple[int, ...]
    now: int
    deck: int


class SnapGame(Game):
    id = "snap"
    info = GameInfo(TurnStyle.REAL_TIME, cooperative=False, secrets=Secrets.NONE)

    def __init__(self, players: int = 2) -> None:
        self.players = players

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def options(self) -> Mapping[str, Any]:
        return {}

    def new_state(self, seed: int) -> SnapState:
        state = SnapState(self)
        state.deck = list(range(CARDS))
        Rng(seed).shuffle(state.deck)
        return state

    def sample_state(self, observation: Observation, rng: RandomSource) -> GameState:
        raise NotImplementedError

    def state_from_json(self, data: Mapping[str, Any]) -> GameState:
        raise SnapshotError("not saved")

    def decode_action(self, data: Any) -> Action:
        if "claim" in data:
            return Claim(data["claim"])
        if "lapse" in data:
            return Lapse(data["lapse"])
        return Flip(data["flip"])


class SnapState(GameState):
    game: SnapGame

    def __init__(self, game: SnapGame) -> None:
        self.game = game
        self.deck: list[int] = []
        self.up: int | None = None
        self.flipped_at = 0
        self.now = 0
        self.taken = [0] * game.players
        self.log: list[tuple[str, int, int]] = []

    @property
    def current_player(self) -> int:
        if self.up is not None:
            return SIMULTANEOUS
        return NATURE if self.deck else TERMINAL

    def acting_seats(self) -> frozenset[int]:
        return frozenset(range(self.game.players)) if self.up is not None else frozenset()

    def nature_action(self) -> Action | None:
        return Flip(self.now) if self.current_player == NATURE else None

    def deadline(self) -> Deadline | None:
        if self.up is None:
            return None
        at = self.flipped_at + WINDOW_MS
        return Deadline(at, Lapse(at))

    def generate_legal(self, seat: int) -> list[Action]:
        if seat == NATURE:
            step = self.nature_action()
            return [step] if step is not None else []
        return [Claim(self.now)] if seat in self.acting_seats() else []

    def check_move(self, action: Action, seat: int) -> str | None:
        if not isinstance(action, Claim):
            return "Only a claim can be made now."
        if action.at < self.now:
            return "That claim came too late."
        if action.at > self.flipped_at + WINDOW_MS:
            return "The card was gone by then."
        return None

    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        if isinstance(action, Flip):
            self.up = self.deck.pop()
            self.flipped_at = self.now = action.at
            self.log.append(("flip", -1, action.at))
            return [Flipped(self.up)]
        assert isinstance(action, (Claim, Lapse))
        card, self.up = self.up, None
        assert card is not None
        self.now = action.at
        if isinstance(action, Lapse):
            self.log.append(("lapse", -1, action.at))
            return [Lapsed(card)]
        self.taken[seat] += 1
        self.log.append(("claim", seat, action.at))
        return [Claimed(seat, card, action.at)]

    def observation(self, seat: int) -> SnapView:
        return SnapView(seat, self.up, self.flipped_at, tuple(self.taken), self.now,
                        len(self.deck))

    def clone(self) -> SnapState:
        twin = SnapState(self.game)
        twin.deck, twin.up, twin.flipped_at = list(self.deck), self.up, self.flipped_at
        twin.now, twin.taken, twin.log = self.now, list(self.taken), list(self.log)
        return twin

    def scores(self) -> list[int]:
        return list(self.taken)

    def outcome(self) -> list[float]:
        best = max(self.taken)
        winners = [s for s, n in enumerate(self.taken) if n == best]
        return [1 / len(winners) if s in winners else 0.0 for s in range(self.game.players)]

    def to_json(self) -> dict[str, Any]:
        return self._envelope({"deck": self.deck, "up": self.up, "taken": self.taken,
                               "now": self.now, "flipped_at": self.flipped_at})


class Reflex:
    """A bot that claims after its reaction time (it stamps its claim with the moment)."""

    def __init__(self, reaction_ms: int) -> None:
        self.level = f"{reaction_ms} ms"
        self.reaction_ms = reaction_ms

    def choose(self, observation: Observation, legal: Any, rng: Rng) -> Action:
        assert isinstance(observation, SnapView)
        return Claim(observation.flipped_at + self.reaction_ms)
