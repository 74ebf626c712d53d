"""A match: one game in progress with its seats, history and log, saved as JSON.

The match is what the table scene plays and what an autosave holds.  A save keeps
the seed and every applied action, nature's deals included, and a hash of the
position they lead to.  Loading plays the actions again from the seed (which also
rebuilds the log) and checks the hash: a save that does not replay to the position
it was saved at is refused with an explanation, never patched up.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tabletop.engine.protocol import (
    NATURE,
    Action,
    Event,
    GameState,
    IllegalAction,
    SnapshotError,
    TurnStyle,
    ZoneKind,
)
from tabletop.engine.registry import GameEntry, Registry, UnknownGame

__all__ = ["LogEntry", "Match", "SaveDoesNotReplay", "Seat", "SeatKind", "MAX_NAME_LENGTH",
           "position_hash"]

SAVE_FORMAT = "tabletop-match"
#: Version 3 keeps a hash of the position; version 2 kept the position whole.
SAVE_VERSION = 3
#: The versions this Tabletop reads.
READ_VERSIONS = (2, 3)
MAX_NAME_LENGTH = 24


class SeatKind(Enum):
    HUMAN = "human"  # a person at this screen
    BOT = "bot"
    REMOTE = "remote"  # a person (or their bot) at another computer, joined over the network


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: SeatKind
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.kind is SeatKind.BOT

    @property
    def is_remote(self) -> bool:
        """Whether someone at another computer plays this seat (its moves come over the
        network)."""
        return self.kind is SeatKind.REMOTE

    def to_json(self) -> dict[str, Any]:
        """The seat as a save holds it."""
        return {"name": self.name, "kind": self.kind.value, "level": self.level}


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One step of the match: who did what (:data:`NATURE` for a deal) and what followed."""

    seat: int
    action: Action
    events: tuple[Event, ...]


def clean_name(raw: object, fallback: str) -> str:
    """A printable, trimmed player name of at most :data:`MAX_NAME_LENGTH` characters."""
    text = raw if isinstance(raw, str) else ""
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    text = " ".join(text.split())[:MAX_NAME_LENGTH].strip()
    return text or fallback


class Match:
    """A game in progress: the state, who sits where, and everything that happened."""

    def __init__(
        self,
        entry: GameEntry,
        seats: Sequence[Seat],
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.entry = entry
        options = dict(options or {})
        if entry.seat_options is not None:
            options.update(entry.seat_options([seat.kind.value for seat in seats]))
        self.options = entry.check_options(len(seats), options)
        for seat in seats:
            if seat.is_bot and seat.level not in entry.bot_levels:
                raise ValueError(f"{entry.title} has no bot level {seat.level!r}")
        self.seats = tuple(seats)
        self.seed = seed
        self.game = entry.make_game(len(seats), self.options)
        self.state: GameState = self.game.new_state(seed)
        self.history: list[tuple[int, Action]] = []
        self.log: list[LogEntry] = []
        #: Hints the humans asked for (kept for the statistics).
        self.hints = 0
        #: Whether humans may take moves back: always against bots alone; at a shared
        #: screen only if every player agreed in the setup.
        self.undo_allowed = False

    # -- play -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_over

    def apply(self, action: Action, seat: int) -> list[Event]:
        """Apply a seat's action (checked); the state is unchanged if it raises."""
        events = self.state.apply(action, seat)
        self.history.append((seat, action))
        self.log.append(LogEntry(seat, action, tuple(events)))
        return events

    def settle(self) -> list[Event]:
        """Apply nature's steps that are due (the deal), logged like any move."""
        events: list[Event] = []
        while (step := self.state.nature_action()) is not None:
            events.extend(self.apply(step, NATURE))
        return events

    def humans(self) -> list[int]:
        """The seats people at this screen play."""
        return [i for i, seat in enumerate(self.seats) if seat.kind is SeatKind.HUMAN]

    def remote(self) -> list[int]:
        """The seats played from other computers."""
        return [i for i, seat in enumerate(self.seats) if seat.is_remote]

    # -- taking moves back ---------------------------------------------------------
    def undo_point(self, seat: int) -> tuple[int | None, str]:
        """Where ``seat``'s last move starts in the history, if it may be taken back, else
        ``(None, why not)``: nothing random may have happened since (a deal, a draw) and
        nothing ``seat`` had not seen may have been shown (another player's card, a card
        turned up or looked at), as the events' ``reveals`` say."""
        if self.entry.info.turns is TurnStyle.REAL_TIME:
            return None, "A race cannot be taken back."
        for index in range(len(self.log) - 1, -1, -1):
            entry = self.log[index]
            why = self._news(entry, seat)
            if why:
                return None, why
            if entry.seat == seat:
                return index, ""
        return None, "There is no move of yours to take back."

    def _news(self, entry: LogEntry, seat: int) -> str:
        """What ``entry`` told ``seat`` that a take-back cannot unlearn ("" if nothing)."""
        if entry.seat == NATURE:
            return "The cards have been dealt since."
        for event in entry.events:
            for reveal in event.reveals():
                if not reveal.news_for(seat):
                    continue
                who = "you" if entry.seat == seat else self.name(entry.seat)
                src = reveal.src
                if src.kind is ZoneKind.DECK:
                    return f"A card was drawn since (by {who}): that cannot be taken back."
                if src.kind is ZoneKind.HAND and src.seat is not None:
                    return f"{self.name(src.seat)} has shown a card since."
                return f"A hidden card was revealed since (by {who}): that cannot be taken back."
        return ""

    def rewind(self, index: int) -> list[tuple[int, Action]]:
        """Go back to just before history entry ``index`` (replayed from the seed);
        returns the moves taken back, oldest first."""
        undone = self.history[index:]
        kept = self.history[:index]
        self.state = self.game.new_state(self.seed)
        self.history, self.log = [], []
        for seat, action in kept:
            self.apply(action, seat)
        return undone

    def name(self, seat: int) -> str:
        """The seat's player's name."""
        return self.seats[seat].name

    # -- saving -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The match as a save holds it: seed, options, seats, moves and the position's hash."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.entry.id,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": [seat.to_json() for seat in self.seats],
            "actions": [[seat, self.game.action_to_json(a)] for seat, a in self.history],
            "position": position_hash(self.state),
            "hints": self.hints,
            "undo": self.undo_allowed,
        }

    def dumps(self) -> str:
        """The save as JSON text."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, registry: Registry, data: Any) -> Match:
        """Rebuild a saved match by replaying its moves from its seed.

        :class:`SaveDoesNotReplay` if the moves do not lead to the position the save
        vouches for; :class:`SnapshotError` says plainly what else is wrong."""
        if not isinstance(data, Mapping):
            raise SnapshotError("the save is not a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SnapshotError("this file is not a Tabletop save")
        version = data.get("version")
        if isinstance(version, bool) or version not in READ_VERSIONS:
            raise SnapshotError(
                f"the save has format version {version!r}; this Tabletop reads versions "
                f"{' and '.join(str(v) for v in READ_VERSIONS)}"
            )
        try:
            entry = registry.get(str(data.get("game")))
        except UnknownGame as error:
            raise SnapshotError(f"the save is for a game this Tabletop does not have ({error})")
        seats = _seats_from_json(data.get("seats"))
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SnapshotError("the save has no valid seed")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise SnapshotError("the save has no valid options")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise SnapshotError("the save has no list of moves")
        if version == SAVE_VERSION:
            expected = data.get("position")
            if not (isinstance(expected, str) and _HEX64.fullmatch(expected)):
                raise SnapshotError("the save does not say which position it holds")
        elif not isinstance(data.get("snapshot"), Mapping):
            raise SnapshotError("the save does not hold the position it was saved at")
        try:
            match = cls(entry, seats, seed, options)
        except ValueError as error:
            raise SnapshotError(f"the save's setup is not valid: {error}") from None
        match._replay(actions)
        if version == SAVE_VERSION:
            agrees = position_hash(match.state) == expected
        else:
            agrees = position_hash(match.state) == position_hash(match._old_snapshot(data))
        if not agrees:
            raise SaveDoesNotReplay(
                entry.title, len(actions), len(actions),
                f"its {_moves(len(actions))}, played again from the start, end on a position "
                "that does not agree with the one it was saved at")
        hints = data.get("hints", 0)
        match.hints = hints if isinstance(hints, int) and not isinstance(hints, bool) \
            and hints >= 0 else 0
        match.undo_allowed = data.get("undo") is True
        return match

    def _replay(self, actions: list[Any]) -> None:
        """Apply the saved moves from the seed; :class:`SaveDoesNotReplay` names the first
        one that cannot be read or that the rules refuse."""
        total = len(actions)

        def refuse(done: int, problem: str) -> SaveDoesNotReplay:
            return SaveDoesNotReplay(self.entry.title, done, total,
                                     f"after {done} of its {_moves(total)}, {problem}")

        for done, item in enumerate(actions):
            number = done + 1
            if not (isinstance(item, list) and len(item) == 2):
                raise refuse(done, f"move {number} is not written as a move")
            seat, raw = item
            if isinstance(seat, bool) or not isinstance(seat, int) \
                    or not (seat == NATURE or 0 <= seat < len(self.seats)):
                raise refuse(done, f"move {number} is made by nobody at this table ({seat!r})")
            try:
                action = self.game.action_from_json(raw)
            except (SnapshotError, TypeError, ValueError, KeyError, IndexError) as error:
                raise refuse(done, f"move {number} cannot be read ({error})") from None
            try:
                self.apply(action, seat)
            except IllegalAction as error:
                raise refuse(done, f"the rules refuse {self._move(number, seat, action)} "
                                   f"({_sentence(error.reason)})") from None
            except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
                raise refuse(done, f"the rules cannot play {self._move(number, seat, action)} "
                                   f"({type(error).__name__}: {error})") from None

    def _move(self, number: int, seat: int, action: Action) -> str:
        """A move as a message names it: "move 58, 'play Mar on the Community' by Ada"."""
        who = "" if seat == NATURE else f" by {self.name(seat)}"
        return f"move {number}, '{action}'{who}"

    def _old_snapshot(self, data: Mapping[str, Any]) -> GameState:
        """The position a save of version 2 kept whole, read as today's rules read it."""
        try:
            state: GameState = self.game.state_from_json(data["snapshot"])
            return state
        except (SnapshotError, TypeError, ValueError, KeyError, IndexError) as error:
            raise SnapshotError(f"the saved position is damaged: {error}") from None


class SaveDoesNotReplay(SnapshotError):
    """A save whose moves, played again from its seed, are refused by the rules or end
    somewhere else than the position it was saved at.  The message says so in the
    player's words; nothing is patched up from what the save holds."""

    def __init__(self, title: str, done: int, total: int, problem: str) -> None:
        super().__init__(f"This save of {title} does not replay: {problem}. "
                         "It may come from a different version of the game.")
        self.title = title
        #: How many of the saved moves were played before the replay stopped.
        self.done = done
        self.total = total


def position_hash(state: GameState) -> str:
    """SHA-256 (hex) of the position's canonical JSON: the save's check on its replay."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_HEX64 = re.compile(r"[0-9a-f]{64}")


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def _sentence(text: str) -> str:
    return text.strip().rstrip(".") or "no reason given"


def _seats_from_json(raw: Any) -> list[Seat]:
    if not isinstance(raw, list) or not raw:
        raise SnapshotError("the save lists no seats")
    seats = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise SnapshotError("a seat in the save is malformed")
        try:
            kind = SeatKind(item.get("kind"))
        except ValueError:
            raise SnapshotError(f"seat {i + 1} has an unknown kind {item.get('kind')!r}") from None
        level = item.get("level")
        if kind is SeatKind.BOT and not isinstance(level, str):
            raise SnapshotError(f"seat {i + 1} is a bot without a level")
        seats.append(Seat(clean_name(item.get("name"), f"Player {i + 1}"), kind,
                          level if kind is SeatKind.BOT else None))
    return seats
