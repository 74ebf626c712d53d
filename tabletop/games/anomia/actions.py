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

from tabletop.engine.codec import Actions
from tabletop.engine.protocol import Timed
from tabletop.engine.schema import Bool, Int, Text

__all__ = ["ACTIONS", "Answer", "Buzz", "Draw", "Judge", "Settle", "TimeUp", "Vote",
           "action_from_json"]

ACTIONS = Actions("Anomia")

#: The longest answer anyone needs to type.
MAX_ANSWER = 60


@ACTIONS.tag("draw", Int(0, 1))
@dataclass(frozen=True, slots=True)
class Draw(Timed):
    side: int
    at: int = 0

    def __str__(self) -> str:
        return f"draw from the {('left', 'right')[self.side]} pile"


@ACTIONS.tag("answer", Text())
@dataclass(frozen=True, slots=True)
class Answer(Timed):
    text: str
    at: int = 0

    def __str__(self) -> str:
        return f"answer “{self.text}”"


@ACTIONS.tag("buzz")
@dataclass(frozen=True, slots=True)
class Buzz(Timed):
    at: int = 0

    def __str__(self) -> str:
        return "buzz"


@ACTIONS.tag("judge", Bool())
@dataclass(frozen=True, slots=True)
class Judge(Timed):
    right: bool
    at: int = 0

    def __str__(self) -> str:
        return "right" if self.right else "wrong"


@ACTIONS.tag("vote", Bool())
@dataclass(frozen=True, slots=True)
class Vote(Timed):
    accept: bool
    at: int = 0

    def __str__(self) -> str:
        return "vote to accept" if self.accept else "vote to reject"


@ACTIONS.tag("settle")
@dataclass(frozen=True, slots=True)
class Settle(Timed):
    at: int = 0

    def __str__(self) -> str:
        return "settle"


@ACTIONS.tag("timeup")
@dataclass(frozen=True, slots=True)
class TimeUp(Timed):
    at: int = 0

    def __str__(self) -> str:
        return "time up"


action_from_json = ACTIONS.decode
