"""What a player sees at the Anomia table: everything (nothing is hidden but the order
of the draw piles)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from tabletop.engine.protocol import Observation

if TYPE_CHECKING:
    from tabletop.games.anomia.lexicon import Lexicon
    from tabletop.games.anomia.rules import AnomiaState

__all__ = ["AnomiaView", "FaceOffView", "Phase", "observe"]


class Phase(StrEnum):
    """What the table is doing (saved and shown as its word)."""

    DRAW = "draw"        # the pile whose turn it is turns up a card
    FACEOFF = "faceoff"  # two players race to answer
    JUDGE = "judge"      # a spoken answer waits for the others' verdict
    VOTE = "vote"        # a typed answer the lexicon does not know waits for the vote
    OVER = "over"        # the round has ended



@dataclass(frozen=True, slots=True)
class FaceOffView(Observation):
    piles: tuple[int, int]
    seats: tuple[int, int]
    #: The category each side must name an example of.
    asks: tuple[str, str]
    wild: bool
    started: int
    #: When the face-off's clock runs out (game clock, ms).
    ends: int
    strikes: tuple[int, ...]
    #: A right answer (or buzz) waiting out the tie window: (side, at, answer).
    pending: tuple[int, int, str] | None
    tie_card: int
    tiebreaks: int
    #: Counts face-offs from the start of the round (a new one, a new number).
    serial: int


@dataclass(frozen=True, slots=True)
class AnomiaView(Observation):
    seat: int
    now: int
    phase: Phase
    dealt: bool
    #: The play pile that draws next, and whether it draws again after a wild card.
    turn: int
    again: bool
    #: Cards left in the left and right draw piles.
    draw: tuple[int, int]
    #: Every play pile, bottom first (pile p belongs to seat p % players).
    piles: tuple[tuple[int, ...], ...]
    won: tuple[tuple[int, ...], ...]
    wild: int
    covered: tuple[int, ...]
    aside: tuple[int, ...]
    faceoff: FaceOffView | None
    #: Buzzers: the side whose spoken answer is being judged (-1: none).
    judge: int
    #: A typed answer under the other humans' vote: (side, text).
    dispute: tuple[int, str] | None
    votes: tuple[tuple[int, bool], ...]
    #: The face-offs waiting after this one, in the order they will be played.
    queue: tuple[tuple[int, int, bool], ...]
    #: (category, answer) said this round: under the no-repeat rule they cannot win again.
    said: tuple[tuple[str, str], ...]
    #: Answers the players voted in this round, per category.
    extra: tuple[tuple[str, tuple[str, ...]], ...]
    matched: bool

    @property
    def race(self) -> tuple[int, int] | None:
        """The face-off (and tie-breaker) being raced now, if any."""
        fo = self.faceoff
        return (fo.serial, fo.tiebreaks) if fo is not None and self.phase == Phase.FACEOFF else None

    @property
    def race_began(self) -> int:
        """When the face-off in play began (or now, with none)."""
        return self.faceoff.started if self.faceoff is not None else self.now

    #: The seats of the people at the table (the rest are bots).
    people: tuple[int, ...] = ()
    #: Each seat's face-offs against the clock: (ms from the start, whether it answered
    #: right then, or had not answered yet when the face-off ended).  Kept for people.
    paces: tuple[tuple[tuple[int, bool], ...], ...] = ()
    #: "Match my pace": the bots answer at the people's pace.
    pace: bool = False
    #: The categories in the game and their answers (public, like the rules).
    lexicon: Lexicon | None = field(default=None, compare=False, repr=False)


def observe(state: AnomiaState, seat: int) -> AnomiaView:
    """Exactly what ``seat`` may know of ``state``."""
    fo = state.faceoff
    view = None
    if fo is not None:
        view = FaceOffView(
            fo.piles, fo.seats, fo.asks, fo.wild, fo.started, fo.ends, tuple(fo.strikes),
            fo.pending, fo.tie_card, fo.tiebreaks, fo.serial)
    return AnomiaView(
        seat=seat, now=state.now, phase=state.phase, dealt=state.dealt, turn=state.turn,
        again=state.again, draw=(len(state.draw[0]), len(state.draw[1])),
        piles=tuple(tuple(p) for p in state.piles), won=tuple(tuple(w) for w in state.won),
        wild=state.wild, covered=tuple(state.covered), aside=tuple(state.aside),
        faceoff=view, judge=state.judge,
        dispute=(state.dispute[0], state.dispute[1]) if state.dispute else None,
        votes=tuple(sorted(state.votes.items())),
        queue=tuple(state.matches()[1:]) if fo is not None else (),
        said=tuple(sorted(state.said)),
        extra=tuple(sorted((c, tuple(t)) for c, t in state.extra.items())),
        matched=state.matched, people=tuple(sorted(state.game.humans)),
        paces=tuple(tuple(p) for p in state.paces), pace=state.game.pace == "yours",
        lexicon=state.game.lexicon,
    )
