"""What a player can do in Anomia.  Every action carries the game clock (``at``, in ms).

- ``Draw(side)``: the player whose play pile is next turns up a card from one of the
  two draw piles.
- ``Answer(text)``: in a face-off, a typed example of the category you must answer.
  Any text may be tried: the lexicon judges it, and a wrong answer is a strike, not an
  illegal move.
- ``Buzz()``: in a game of only humans, a face-off player claims to have said an
  answer aloud; ``Judge(right)`` is the other players' verdict on it.
- ``Vote(accept)``: in a game with several humans, each other human's vote on a typed
  answer the lexicon does not know.

Nature's steps: ``Settle()`` gives a face-off to the one correct answer once the
150 ms in which the other could have tied has passed, and ``TimeUp()`` ends a
face-off nobody won in time with a tie-breaker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.protocol import Deal, SnapshotError, Timed

__all__ = ["Answer", "Buzz", "Draw", "Judge", "Settle", "TimeUp", "Vote", "action_from_json"]

#: The longest answer anyone needs to type.
MAX_ANSWER = 60


@dataclass(frozen=True, slots=True)
class Draw(Timed):
    side: int
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"draw": self.side, "at": self.at}

    def __str__(self) -> str:
        return f"draw from the {('left', 'right')[self.side]} pile"


@dataclass(frozen=True, slots=True)
class Answer(Timed):
    text: str
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"answer": self.text, "at": self.at}

    def __str__(self) -> str:
        return f"answer “{self.text}”"


@dataclass(frozen=True, slots=True)
class Buzz(Timed):
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"buzz": True, "at": self.at}

    def __str__(self) -> str:
        return "buzz"


@dataclass(frozen=True, slots=True)
class Judge(Timed):
    right: bool
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"judge": self.right, "at": self.at}

    def __str__(self) -> str:
        return "right" if self.right else "wrong"


@dataclass(frozen=True, slots=True)
class Vote(Timed):
    accept: bool
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"vote": self.accept, "at": self.at}

    def __str__(self) -> str:
        return "vote to accept" if self.accept else "vote to reject"


@dataclass(frozen=True, slots=True)
class Settle(Timed):
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"settle": True, "at": self.at}

    def __str__(self) -> str:
        return "settle"


@dataclass(frozen=True, slots=True)
class TimeUp(Timed):
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"timeup": True, "at": self.at}

    def __str__(self) -> str:
        return "time up"


def action_from_json(data: Any) -> Deal | Timed:
    try:
        if data == {"deal": True}:
            return Deal()
        at = int(data["at"])
        if "draw" in data:
            side = int(data["draw"])
            if side not in (0, 1):
                raise ValueError(side)
            return Draw(side, at)
        if "answer" in data:
            text = data["answer"]
            if not isinstance(text, str):
                raise ValueError(text)
            return Answer(text, at)
        if "judge" in data:
            return Judge(bool(data["judge"]), at)
        if "vote" in data:
            return Vote(bool(data["vote"]), at)
        if "buzz" in data:
            return Buzz(at)
        if "settle" in data:
            return Settle(at)
        if "timeup" in data:
            return TimeUp(at)
    except (KeyError, TypeError, ValueError):
        pass
    raise SnapshotError(f"not an Anomia action: {data!r}")
