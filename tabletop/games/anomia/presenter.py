"""What the shell says about a round of Anomia (no pygame, no rules logic)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, cast

from tabletop.engine.match import LogEntry
from tabletop.play.presenter import Presenter

if TYPE_CHECKING:  # the rules load only when a game is made (a quick start)
    from tabletop.engine.protocol import GameState
    from tabletop.games.anomia.rules import AnomiaState

__all__ = ["AnomiaPresenter", "RoundAccount", "SeatAccount", "account_from_story", "round_account"]


class AnomiaPresenter(Presenter):
    coach = "tabletop.games.anomia.coach"

    def progress_line(self, state: GameState) -> str:
        """Cards left to draw, for the Continue button."""
        round_ = cast("AnomiaState", state)
        left = len(round_.draw[0]) + len(round_.draw[1])
        return f"{left} card{'s' if left != 1 else ''} left to draw"

    def story(self, log: Sequence[LogEntry], players: int, seat: int) -> dict[str, Any] | None:
        """The round's account (everyone at an Anomia table sees and hears it all)."""
        return asdict(round_account(log, players))


@dataclass(slots=True)
class SeatAccount:
    """How one player's round went."""

    faceoffs_won: int = 0
    faceoffs_lost: int = 0
    right: int = 0
    wrong: int = 0
    #: The quickest right typed answer: (milliseconds from the face-off's start, answer).
    fastest: tuple[int, str] | None = None


@dataclass(slots=True)
class RoundAccount:
    seats: list[SeatAccount]
    faceoffs: int = 0
    tiebreaks: int = 0
    #: The most face-offs between one card turned up and the next.
    longest_cascade: int = 0
    #: The answers that won face-offs, in the order they were given.
    winning_answers: list[str] = field(default_factory=list)


def round_account(log: Sequence[LogEntry], players: int) -> RoundAccount:
    """The round's story in figures, read from a match's log."""
    from tabletop.games.anomia.events import (
        Answered, Drew, FaceOffBegan, FaceOffWon, Judged, VoteDecided,
    )

    account = RoundAccount([SeatAccount() for _ in range(players)])
    started = 0
    cascade = 0
    for entry in log:
        at = getattr(entry.action, "at", None)
        for event in entry.events:
            if isinstance(event, Drew):
                cascade = 0
            elif isinstance(event, FaceOffBegan):
                started = at if isinstance(at, int) else started
                if event.tiebreak:
                    account.tiebreaks += 1
                else:
                    account.faceoffs += 1
                    cascade += 1
                    account.longest_cascade = max(account.longest_cascade, cascade)
            elif isinstance(event, Answered):
                mine = account.seats[event.seat]
                if not event.accepted:
                    mine.wrong += 1
                    continue
                mine.right += 1
                took = at - started if isinstance(at, int) else None
                if took is not None and (mine.fastest is None or took < mine.fastest[0]):
                    mine.fastest = (took, event.answer or event.text)
            elif isinstance(event, (Judged, VoteDecided)):
                right = event.right if isinstance(event, Judged) else event.accepted
                if right:
                    account.seats[event.seat].right += 1
                else:
                    account.seats[event.seat].wrong += 1
            elif isinstance(event, FaceOffWon):
                account.seats[event.winner].faceoffs_won += 1
                account.seats[event.loser].faceoffs_lost += 1
                if event.answer:
                    account.winning_answers.append(event.answer)
    return account


def account_from_story(story: object, players: int) -> RoundAccount | None:
    """The round's account as a host told it (:meth:`AnomiaPresenter.story`); ``None``
    if it cannot be read (nothing told is trusted blindly)."""
    try:
        assert isinstance(story, dict)
        seats = story["seats"]
        assert isinstance(seats, list) and len(seats) == players
        accounts = []
        for told in seats:
            fastest = told["fastest"]
            accounts.append(SeatAccount(
                int(told["faceoffs_won"]), int(told["faceoffs_lost"]), int(told["right"]),
                int(told["wrong"]),
                None if fastest is None else (int(fastest[0]), str(fastest[1])[:200])))
        return RoundAccount(accounts, int(story["faceoffs"]), int(story["tiebreaks"]),
                            int(story["longest_cascade"]),
                            [str(a)[:200] for a in story["winning_answers"]][:500])
    except (AssertionError, KeyError, TypeError, ValueError, IndexError):
        return None
