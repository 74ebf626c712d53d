"""How the log tells events: the :class:`Teller` grammar and the lines of the events
the engine shares between games.

Events (:mod:`tabletop.engine.events` and each game's ``events``) say what moved and
what was scored; the words are the shell's.  Each game's ``words`` module has one
``describe(event, tell)`` that matches its own events and hands the rest to
:func:`describe_shared`; a game's listing names it.  A line tells private details
only to its viewer and calls one player "you"; ``None`` is no line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.engine.events import GameOver, HandEnded, HandStarted, Scored, TrickWon
from tabletop.engine.protocol import Event

__all__ = ["Teller", "Words", "describe_shared"]


@dataclass(frozen=True)
class Teller:
    """How the log speaks: players' names, whose secrets it may tell (``viewer``),
    and the one player it calls "you" (``you``; ``None`` at a shared screen).

    >>> tell = Teller(("Ada", "Bo"), viewer=0, you=0)
    >>> tell.act(0, "plays", "play"), tell.act(1, "plays", "play")
    ('You play', 'Bo plays')
    """

    names: tuple[str, ...]
    viewer: int | None = None
    you: int | None = None

    def who(self, seat: int) -> str:
        """The player as the subject of a sentence."""
        return "You" if seat == self.you else self.names[seat]

    def whom(self, seat: int) -> str:
        """The player as an object."""
        return "you" if seat == self.you else self.names[seat]

    def their(self, seat: int) -> str:
        """The player as a possessive: "your", or "Ada's"."""
        return "your" if seat == self.you else f"{self.names[seat]}'s"

    def act(self, seat: int, verb: str, you_verb: str) -> str:
        """Subject and verb agreeing: "Ada plays" or "You play"."""
        return f"You {you_verb}" if seat == self.you else f"{self.names[seat]} {verb}"


#: A game's log lines: ``describe(event, tell)``.
Words = Callable[[Event, Teller], "str | None"]


def describe_shared(event: Event, tell: Teller) -> str | None:
    """The line of an event the engine shares between games (``None`` for the others).

    >>> describe_shared(Scored(1, 5, 12), Teller(("Ada", "Bo"), 0, 0))
    'Bo scores 5 (total 12).'
    """
    match event:
        case TrickWon(seat=seat, cards=cards):
            return f"{tell.act(seat, 'takes', 'take')} the trick ({len(cards)} cards)."
        case Scored(seat=seat, points=points, total=total):
            return f"{tell.act(seat, 'scores', 'score')} {points} (total {total})."
        case HandStarted(number=number, of=of, leader=leader):
            return f"Hand {number} of {of}: {tell.act(leader, 'leads', 'lead')}."
        case HandEnded(number=number):
            return f"Hand {number} is over."
        case GameOver():
            winners = event.winners
            if not winners:
                return "The game is over."
            if len(winners) == 1:
                return f"{tell.act(winners[0], 'wins', 'win')} the game!"
            names = [tell.who(seat) for seat in winners]
            return f"{', '.join(names[:-1])} and {names[-1]} share the win!"
    return None
