"""The statistics: one record per finished game, and the figures the statistics screen
shows (games, wins, streaks, scores, a campaign's chapters, a game's levels, and the
bots' levels a person played beside).

Records are kept in ``statistics.json`` beside the saves, written atomically after
every finished game, so a kill at any moment leaves either the old file or the new
one.  A game counts as won when a human at the screen shares the win (in a
cooperative game: when the team succeeds).  No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tabletop.engine.match import Match

__all__ = ["GameRecord", "Records", "Summary", "record_of"]

#: The most records kept (the oldest go first); a few hundred kilobytes at most.
MAX_RECORDS = 5000
#: Options that travel with a record: short, scalar ones (a level, a chapter, a count).
_SHORT = 24


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, as the statistics remember it."""

    game: str
    players: int
    humans: int
    won: bool
    #: The best score among the humans (``None`` if no human played).
    score: int | None
    hints: int
    finished_at: float
    #: The match's seed and moves, so the same game is never counted twice.
    key: str
    options: dict[str, int | str | bool] = field(default_factory=dict)
    #: The level of each bot at the table, in seat order (empty: people only).
    bots: tuple[str, ...] = ()

    @property
    def partner(self) -> str:
        """The bots' levels as the statistics group them: "hard", "hard + normal" (the
        stronger first, each once), or "" when only people played."""
        return " + ".join(sorted(set(self.bots), key=_strength, reverse=True))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, Mapping):
            raise ValueError("a record is not an object")
        try:
            record = cls(str(data["game"]), int(data["players"]), int(data["humans"]),
                         bool(data["won"]),
                         None if data.get("score") is None else int(data["score"]),
                         int(data.get("hints", 0)), float(data["finished_at"]),
                         str(data["key"]), _short_options(data.get("options", {})),
                         _levels(data.get("bots", ())))
        except (KeyError, TypeError) as error:
            raise ValueError(f"a record lacks {error}") from None
        return record


#: The bot levels from weakest to strongest, to order a mixed table's partners.
_LEVELS = ("random", "easy", "normal", "hard")


def _strength(level: str) -> tuple[int, str]:
    return (_LEVELS.index(level) if level in _LEVELS else -1, level)


def _levels(raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, (list, tuple)):
        return ()
    return tuple(str(level)[:_SHORT] for level in raw if isinstance(level, str))


def _short_options(options: Any) -> dict[str, int | str | bool]:
    if not isinstance(options, Mapping):
        return {}
    kept: dict[str, int | str | bool] = {}
    for key, value in options.items():
        if isinstance(value, (bool, int)) or (isinstance(value, str) and len(value) <= _SHORT):
            kept[str(key)] = value
    return kept


def record_of(match: Match, now: float | None = None) -> GameRecord | None:
    """The record of a finished match (``None`` if it is not over)."""
    state = match.state
    if not state.is_over:
        return None
    humans = match.humans()
    shares = state.outcome()
    scores = state.scores()
    won = any(shares[s] > 0 for s in humans)
    score = max((scores[s] for s in humans), default=None)
    key = f"{match.entry.id}:{match.seed}:{len(match.history)}"
    bots = tuple(seat.level for seat in match.seats if seat.is_bot and seat.level)
    return GameRecord(match.entry.id, len(match.seats), len(humans), won, score, match.hints,
                      time.time() if now is None else now, key, _short_options(match.options),
                      bots)


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    wins: int
    current_streak: int
    best_streak: int
    best_score: int | None
    average_score: float | None
    hints: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def summarize(records: Sequence[GameRecord]) -> Summary:
    """Figures for ``records`` (oldest first)."""
    streak = best = 0
    for record in records:
        streak = streak + 1 if record.won else 0
        best = max(best, streak)
    scores = [r.score for r in records if r.score is not None]
    return Summary(len(records), sum(r.won for r in records), streak, best,
                   max(scores) if scores else None,
                   sum(scores) / len(scores) if scores else None,
                   sum(r.hints for r in records))


class Records:
    """Every finished game, oldest first."""

    NAME = "statistics.json"

    def __init__(self, records: Iterable[GameRecord] = ()) -> None:
        self.records: list[GameRecord] = list(records)

    def add(self, record: GameRecord) -> bool:
        """Keep ``record`` unless that game is already counted; ``True`` if added."""
        if any(r.key == record.key for r in self.records[-200:]):
            return False
        self.records.append(record)
        del self.records[:-MAX_RECORDS]
        return True

    def of(self, game: str, players: int | None = None) -> list[GameRecord]:
        return [r for r in self.records
                if r.game == game and (players is None or r.players == players)]

    def summary(self, game: str, players: int | None = None) -> Summary:
        return summarize(self.of(game, players))

    def by_option(self, game: str, key: str) -> dict[int | str | bool, Summary]:
        """Figures per value of an option (a campaign's chapter, a game's level)."""
        groups: dict[int | str | bool, list[GameRecord]] = {}
        for record in self.of(game):
            if key in record.options:
                groups.setdefault(record.options[key], []).append(record)
        return {value: summarize(found) for value, found in groups.items()}

    def by_partner(self, game: str) -> dict[str, Summary]:
        """Figures per bot level played beside (:attr:`GameRecord.partner`), strongest
        first; "" for games of people only."""
        groups: dict[str, list[GameRecord]] = {}
        for record in self.of(game):
            groups.setdefault(record.partner, []).append(record)
        order = sorted(groups, key=lambda p: [_strength(lv) for lv in p.split(" + ")],
                       reverse=True)
        return {partner: summarize(groups[partner]) for partner in order}

    def player_counts(self, game: str) -> list[int]:
        return sorted({r.players for r in self.of(game)})

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "records": [r.to_json() for r in self.records]}

    @classmethod
    def from_json(cls, data: Any) -> Records:
        if not isinstance(data, Mapping) or data.get("version") != 1:
            raise ValueError("it is not a statistics file this Tabletop reads")
        raw = data.get("records")
        if not isinstance(raw, list):
            raise ValueError("it has no list of games")
        return cls(GameRecord.from_json(item) for item in raw)
