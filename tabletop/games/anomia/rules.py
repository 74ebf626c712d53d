"""Anomia's rules, per ``RULINGS.md``.

The deck is shuffled and split into two draw piles.  Play piles take turns to draw
(with two or three players each player defends two piles, which sit alternately
round the table, so turns go A1 B1 A2 B2).  When the top cards of two players' piles
show the same symbol, or the two symbols of the wild card in play, those two face
off: each must name an example of the category on the *other's* card; the first
right answer wins the loser's top card.  The loser's pile shows a new top card, which
may start the next face-off (a cascade).  Face-offs are played one at a time, before
the next draw, in this order (shown on the table): those of the pile that just
changed first, then the rest, each in turn order from the pile whose turn it is.

Real time: every action carries the game clock.  A right answer wins once 150 ms
have passed without the other's right answer (nature's ``Settle``); two right
answers within 150 ms, two wrong answers each, or 20 s with no winner (``TimeUp``)
make a tie, broken on a freshly drawn card that both answer.

Our own calls where the rulebook is silent:

- Two piles of the same player never face off.
- Each side of a face-off has two tries; a side that has used both waits.
- With the draw piles empty, the tie-breaker card comes from the box (the deck not
  in play), or, with both decks in play, is a card picked from the winning piles
  that goes straight back.
- A typed answer the lexicon does not know goes to the other humans' vote if there
  are any (the clock stops while they vote); bots never vote.  Accepted, it wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.engine.protocol import (
    NATURE, SIMULTANEOUS, TERMINAL, Action, Deadline, Deal, Event, GameState,
)
from tabletop.engine.rng import Rng
from tabletop.engine.schema import (
    Bool, Clone, Int, Ints, ListOf, MapOf, Maybe, Member, Pairs, PerSeat, RngField, Seat, SetOf,
    Shared, Struct, Text, Tuple, field,
)
from tabletop.games.anomia.actions import MAX_ANSWER, Answer, Buzz, Draw, Judge, Settle, TimeUp, Vote
from tabletop.games.anomia.cards import Card
from tabletop.games.anomia.events import (
    BOX, Answered, Buzzed, Disputed, Drew, FaceOffBegan, FaceOffWon, Judged, PilesSplit,
    RoundOver, TieBreakDrawn, TieCardReturned, Tied, VoteDecided, Voted, WildInPlay,
    WildSetAside,
)
from tabletop.games.anomia.lexicon import Verdict, key_of
from tabletop.games.anomia.observation import AnomiaView, Phase, observe

if TYPE_CHECKING:
    from tabletop.games.anomia.game import AnomiaGame

__all__ = ["AnomiaState", "FACEOFF_MS", "TIE_MS", "pile_count", "voters_of"]

#: Two right answers this close together are a tie.
TIE_MS: Final = 150
#: A face-off (or tie-breaker) nobody wins in this long ends in a tie-breaker.
FACEOFF_MS: Final = 20_000
#: Tries per side in one face-off.
TRIES: Final = 2

DRAW, FACEOFF, JUDGE, VOTE, OVER = Phase.DRAW, Phase.FACEOFF, Phase.JUDGE, Phase.VOTE, Phase.OVER
#: How many of a person's face-offs are remembered for the bots to match.
PACES_KEPT: Final = 40


def pile_count(players: int) -> int:
    """Play piles at the table: with two or three players each defends two."""
    return players * (2 if players <= 3 else 1)


def _pile(n: int) -> int:
    """The last play pile's number, for ``n`` seats."""
    return pile_count(n) - 1


class FaceOff(Struct):
    """The face-off in progress (side 0 is the first pile, side 1 the second)."""

    piles: tuple[int, int] = field(Tuple(Int(0, _pile), Int(0, _pile)))
    seats: tuple[int, int] = field(Tuple(Seat(), Seat()))
    asks: tuple[str, str] = field(Tuple(Text(), Text()))  # categories, side by side
    wild: bool = field(Bool())
    symbol: str = field(Text())
    started: int = field(Int(0, 2**53))
    ends: int = field(Int(0, 2**53))
    strikes: list[int] = field(ListOf(Int(0, TRIES), 2))
    #: The side whose right answer (or buzz) waits out the tie window: (side, at, answer).
    pending: tuple[int, int, str] | None = field(Maybe(Tuple(Int(0, 1), Int(0, 2**53), Text())))
    tie_card: int = field(Int(low=-1, fresh=-1))  # the card a tie is broken on (-1: none)
    tie_side: int = field(Int(-1, BOX, fresh=-1))  # the draw pile it came from, or the box
    tiebreaks: int = field(Int(0, 2**31))
    serial: int = field(Int(0, 2**31))

    def __init__(self, piles: tuple[int, int], seats: tuple[int, int], asks: tuple[str, str],
                 wild: bool, symbol: str, started: int, serial: int) -> None:
        self.SCHEMA.fill(self, 0)  # no strikes, nothing pending, no tie yet
        self.piles, self.seats, self.asks, self.wild, self.symbol = piles, seats, asks, wild, symbol
        self.started, self.ends, self.serial = started, started + FACEOFF_MS, serial


class AnomiaState(GameState):
    """A moment of a round of Anomia."""

    game: AnomiaGame = field(Shared())
    rng: Rng = field(RngField())
    dealt: bool = field(Bool())
    draw: list[list[int]] = field(ListOf(Ints(low=0), 2))
    piles: list[list[int]] = field(ListOf(Ints(low=0), pile_count))
    won: list[list[int]] = field(PerSeat(Ints(low=0)))
    wild: int = field(Int(low=-1, fresh=-1))  # the wild card in play (-1: none)
    covered: list[int] = field(Ints(low=0))
    aside: list[int] = field(Ints(low=0))
    turn: int = field(Int(0, _pile))  # the pile that draws next
    again: bool = field(Bool())  # a wild card was drawn: the same pile draws again
    #: A face-off has happened (wild cards are no longer set aside).
    matched: bool = field(Bool())
    now: int = field(Int(0, 2**53))
    phase: Phase = field(Member(Phase))
    faceoff: FaceOff | None = field(Maybe(Clone(FaceOff)))
    serial: int = field(Int(0, 2**31))
    #: Buzzers: the side whose spoken answer is being judged.
    judge: int = field(Int(-1, 1, fresh=-1))
    #: (side, text, at) of an answer under a vote.
    dispute: tuple[int, str, int] | None = field(
        Maybe(Tuple(Int(0, 1), Text(), Int(0, 2**53))))
    votes: dict[int, bool] = field(Pairs(Seat(), Bool()))
    #: (category, answer) said and accepted this round.
    said: set[tuple[str, str]] = field(SetOf(Tuple(Text(), Text())))
    #: Answers voted in this round, by category.
    extra: dict[str, list[str]] = field(MapOf(ListOf(Text()), ordered=True))
    #: The people's face-offs against the clock (see ``AnomiaView.paces``); saves from
    #: before bots matched people's pace have none.
    paces: list[list[tuple[int, bool]]] = field(PerSeat(
        ListOf(Tuple(Int(0, 2**31), Bool())), default=lambda n: [[] for _ in range(n)]))

    def __init__(self, game: AnomiaGame, rng: Rng) -> None:
        self.init_fields(game.players)
        self.game, self.rng = game, rng

    def restored(self) -> None:
        # What depends on this game's box and lexicon.
        game, fo = self.game, self.faceoff
        cards = [*self.draw[0], *self.draw[1], *(c for p in self.piles for c in p),
                 *(c for w in self.won for c in w), *self.covered, *self.aside, self.wild]
        if fo is not None:
            cards.append(fo.tie_card)
            if not all(ask in game.lexicon for ask in fo.asks):
                raise ValueError("a face-off asks for unknown categories")
        if max(cards) >= len(game.box):
            raise ValueError("a card number is out of range")

    # -- who acts ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if not self.dealt:
            return NATURE
        if self.phase == OVER:
            return TERMINAL
        seats = self.acting_seats()
        if len(seats) == 1:
            return next(iter(seats))
        return SIMULTANEOUS

    def acting_seats(self) -> frozenset[int]:
        if not self.dealt or self.phase == OVER:
            return frozenset()
        if self.phase == DRAW:
            return frozenset((self.game.owner(self.turn),))
        fo = self.faceoff
        assert fo is not None
        if self.phase == FACEOFF:
            return frozenset(fo.seats[side] for side in (0, 1) if self._may_answer(side))
        if self.phase == JUDGE:
            return frozenset(s for s in range(self.game.players) if s != fo.seats[self.judge])
        return frozenset(self._voters()) - set(self.votes)

    def _may_answer(self, side: int) -> bool:
        fo = self.faceoff
        assert fo is not None
        return fo.strikes[side] < TRIES and (fo.pending is None or fo.pending[0] != side)

    def _voters(self) -> tuple[int, ...]:
        assert self.dispute is not None and self.faceoff is not None
        return voters_of(self.game.humans, self.faceoff.seats[self.dispute[0]])

    def nature_action(self) -> Action | None:
        return Deal() if not self.dealt else None

    def deadline(self) -> Deadline | None:
        fo = self.faceoff
        if self.phase != FACEOFF or fo is None:
            return None
        if fo.pending is not None:
            at = fo.pending[1] + TIE_MS
            return Deadline(at, Settle(at))
        return Deadline(fo.ends, TimeUp(fo.ends))

    def side_of(self, seat: int) -> int:
        """The side of the face-off ``seat`` plays (0 or 1)."""
        fo = self.faceoff
        assert fo is not None
        return fo.seats.index(seat)

    # -- actions ---------------------------------------------------------------------
    def generate_legal(self, seat: int) -> list[Action]:
        if seat == NATURE:
            step = self.nature_action()
            return [step] if step is not None else []
        if seat not in self.acting_seats():
            return []
        at = self.now
        if self.phase == DRAW:
            return [Draw(side, at) for side in (0, 1) if self.draw[side]]
        if self.phase == JUDGE:
            return [Judge(True, at), Judge(False, at)]
        if self.phase == VOTE:
            return [Vote(True, at), Vote(False, at)]
        if self.game.buzzers:
            return [Buzz(at)]
        # Any text may be typed; listed are the category's first answers and one miss.
        ask = self.asked(seat)
        fresh = (names[0] for names in self.game.lexicon.answers(ask)
                 if not self.repeats_barred(ask) or (ask, names[0]) not in self.said)
        listed = [Answer(text, at) for text, _ in zip(fresh, range(4))]
        return [*listed, Answer("no idea", at)]

    def asked(self, seat: int) -> str:
        """The category ``seat`` must name an example of in the face-off."""
        fo = self.faceoff
        assert fo is not None
        return fo.asks[self.side_of(seat)]

    def check_move(self, action: Action, seat: int) -> str | None:
        at = getattr(action, "at", None)
        if at is not None and at < self.now:
            return "That came too late: the table has moved on."
        if self.phase == DRAW:
            if not isinstance(action, Draw):
                return "Turn up a card from a draw pile first."
            if not self.draw[action.side]:
                return "That draw pile is empty: draw from the other."
            return None
        fo = self.faceoff
        assert fo is not None
        if self.phase == JUDGE:
            return None if isinstance(action, Judge) else "Say whether the answer was right."
        if self.phase == VOTE:
            return None if isinstance(action, Vote) else "Vote on the answer first."
        due = self.deadline()
        if due is not None and at is not None and at > due.at:
            return "Time was up by then."
        if self.game.buzzers:
            if not isinstance(action, Buzz):
                return "Buzz, then say your answer aloud."
            return None
        if not isinstance(action, Answer):
            return "Type an answer to the face-off."
        if not action.text.strip():
            return "Type an answer first."
        if len(action.text) > MAX_ANSWER:
            return f"An answer has at most {MAX_ANSWER} characters."
        return None

    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        at = getattr(action, "at", self.now)
        self.now = max(self.now, at)
        match action:
            case Deal():
                return self._deal()
            case Draw(side=side):
                return self._draw(side, seat)
            case Answer(text=text):
                return self._answer(self.side_of(seat), text, at)
            case Settle():
                return self._settle(at)
            case TimeUp():
                return self._tie("Nobody found an answer in time.", at)
            case Buzz():
                return self._buzz(self.side_of(seat), at)
            case Judge(right=right):
                return self._judged(right, at)
            case Vote(accept=accept):
                return self._vote(seat, accept, at)
        raise AssertionError(action)

    # -- the deal and the draw -------------------------------------------------------
    def _deal(self) -> list[Event]:
        cards = list(self.game.box.in_play)
        self.rng.shuffle(cards)
        half = len(cards) // 2
        self.draw = [cards[:half], cards[half:]]
        self.dealt = True
        return [PilesSplit(half, len(cards) - half)]

    def card(self, card: int) -> Card:
        """Card number ``card`` of this game's box."""
        return self.game.box[card]

    def _draw(self, side: int, seat: int) -> list[Event]:
        card = self.draw[side].pop()
        if self.card(card).wild:
            if not self.matched:
                self.aside.append(card)
                events: list[Event] = [WildSetAside(seat, card, side)]
                if not self.draw[0] and not self.draw[1]:
                    events += self._end()
                return events
            if self.wild >= 0:
                self.covered.append(self.wild)
            self.wild = card
            self.again = True
            return [WildInPlay(seat, card, side, str(self.card(card))), *self._next(None)]
        self.piles[self.turn].append(card)
        return [Drew(seat, self.turn, card, side, str(self.card(card))), *self._next(self.turn)]

    def top(self, pile: int) -> Card | None:
        """The card on top of play pile ``pile`` (``None``: the pile is empty)."""
        cards = self.piles[pile]
        return self.card(cards[-1]) if cards else None

    def matches(self, focus: int | None = None) -> list[tuple[int, int, bool]]:
        """Every face-off due now as (pile, pile, by the wild card), in the order they
        are played: the pile that just changed first, then turn order from the pile
        whose turn it is."""
        game = self.game
        wild = set(self.card(self.wild).symbols) if self.wild >= 0 else set()
        tops = [self.top(p) for p in range(game.piles)]
        found: list[tuple[int, int, bool]] = []
        for a in range(game.piles):
            ta = tops[a]
            if ta is None:
                continue
            for b in range(a + 1, game.piles):
                tb = tops[b]
                if tb is None or game.owner(a) == game.owner(b):
                    continue
                if ta.symbol == tb.symbol:
                    found.append((a, b, False))
                elif wild and {ta.symbol, tb.symbol} == wild:
                    found.append((a, b, True))
        n = game.piles

        def order(match: tuple[int, int, bool]) -> tuple[int, int, int]:
            a, b, _ = match
            near, far = sorted(((a - self.turn) % n, (b - self.turn) % n))
            return (0 if focus in (a, b) else 1, near, far)

        return sorted(found, key=order)

    def _next(self, focus: int | None) -> list[Event]:
        """Start the next face-off due, or go on to the next draw."""
        due = self.matches(focus)
        if due:
            a, b, wild = due[0]
            return [self._begin(a, b, wild)]
        self.faceoff = None
        if not self.draw[0] and not self.draw[1]:
            return self._end()
        if self.again:
            self.again = False
        else:
            self.turn = (self.turn + 1) % self.game.piles
        self.phase = DRAW
        return []

    def _end(self) -> list[Event]:
        self.phase = OVER
        self.faceoff = None
        return [RoundOver(tuple(len(w) for w in self.won))]

    # -- face-offs -------------------------------------------------------------------
    def _ask(self, seat: int, category: str) -> str:
        return self.game.young_category if seat in self.game.younger else category

    def _begin(self, a: int, b: int, wild: bool) -> FaceOffBegan:
        game = self.game
        self.matched = True
        self.serial += 1
        ta, tb = self.top(a), self.top(b)
        assert ta is not None and tb is not None and ta.category and tb.category
        seats = (game.owner(a), game.owner(b))
        asks = (self._ask(seats[0], tb.category), self._ask(seats[1], ta.category))
        symbol = "" if wild else ta.symbol.label
        self.faceoff = FaceOff((a, b), seats, asks, wild, symbol, self.now, self.serial)
        self.phase = FACEOFF
        return FaceOffBegan((a, b), seats, asks, wild, False, symbol)

    def repeats_barred(self, category: str) -> bool:
        """Whether an answer said already this round cannot win again for ``category``:
        under the no-repeat rule, until every answer on our list has been said (then the
        category could never be answered again, and a face-off never end)."""
        if not self.game.no_repeat:
            return False
        answers = self.game.lexicon.answers(category) if category in self.game.lexicon else ()
        return not answers or any((category, names[0]) not in self.said for names in answers)

    def judge_text(self, category: str, text: str) -> Verdict:
        """The lexicon's verdict, with answers voted in this round and the no-repeat rule."""
        extra = self.extra.get(category, ())
        if extra and any(key_of(text) == key_of(known) for known in extra):
            verdict = Verdict(True, next(k for k in extra if key_of(k) == key_of(text)))
        else:
            verdict = self.game.lexicon.judge(category, text)
        if (verdict.accepted and self.repeats_barred(category) and verdict.answer is not None
                and (category, verdict.answer) in self.said):
            return Verdict(False, None, f"“{verdict.answer}” has been said already this round.")
        return verdict

    def _answer(self, side: int, text: str, at: int) -> list[Event]:
        fo = self.faceoff
        assert fo is not None
        seat, category = fo.seats[side], fo.asks[side]
        verdict = self.judge_text(category, text)
        if verdict.accepted:
            assert verdict.answer is not None
            self.said.add((category, verdict.answer))
            self._timed(seat, at - fo.started, True)
            events: list[Event] = [Answered(seat, text, category, True, verdict.answer, "")]
            return events + self._right(side, at, verdict.answer)
        if verdict.unknown and seat in self.game.humans and fo.pending is None:
            self.dispute = (side, text, at)
            self.votes = {}
            self.phase = VOTE
            return [Disputed(seat, text, category, voters_of(self.game.humans, seat))]
        return [Answered(seat, text, category, False, None, verdict.reason), *self._wrong(side, at)]

    def _timed(self, seat: int, ms: int, answered: bool) -> None:
        """Note how long a person took in a face-off (for bots matching their pace)."""
        if seat in self.game.humans and not self.game.buzzers:
            self.paces[seat].append((max(0, ms), answered))
            del self.paces[seat][:-PACES_KEPT]

    def _right(self, side: int, at: int, answer: str) -> list[Event]:
        """A right answer (or a buzz): it waits out the tie window if the other side
        could still tie it."""
        fo = self.faceoff
        assert fo is not None
        if fo.pending is not None:
            return self._tie(f"Both answered within {TIE_MS} ms.", at)
        if fo.strikes[1 - side] < TRIES:
            fo.pending = (side, at, answer)
            return []
        return self._won(side, answer, at)

    def _wrong(self, side: int, at: int) -> list[Event]:
        fo = self.faceoff
        assert fo is not None
        fo.strikes[side] += 1
        if min(fo.strikes) >= TRIES:
            return self._tie("Both were wrong twice.", at)
        if fo.pending is not None and fo.strikes[side] >= TRIES:
            return self._settle(at)  # the other side's answer stands: no one can tie it now
        return []

    def _settle(self, at: int) -> list[Event]:
        fo = self.faceoff
        assert fo is not None and fo.pending is not None
        side, _, answer = fo.pending
        if self.game.buzzers:
            fo.pending = None
            self.judge = side
            self.phase = JUDGE  # the face-off clock waits for the verdict
            return []
        return self._won(side, answer, at)

    def _won(self, side: int, answer: str, at: int) -> list[Event]:
        fo = self.faceoff
        assert fo is not None
        winner, loser = fo.seats[side], fo.seats[1 - side]
        self._timed(loser, at - fo.started, False)  # had not answered right by then
        loser_pile = fo.piles[1 - side]
        card = self.piles[loser_pile].pop()
        self.won[winner].append(card)
        events: list[Event] = [FaceOffWon(winner, loser, loser_pile, card, answer)]
        events += self._return_tie_card()
        return events + self._next(loser_pile)

    def _return_tie_card(self) -> list[Event]:
        fo = self.faceoff
        assert fo is not None
        if fo.tie_card < 0:
            return []
        card, side = fo.tie_card, fo.tie_side
        fo.tie_card = fo.tie_side = -1
        if side in (0, 1):
            pile = self.draw[side]
            pile.insert(self.rng.randrange(len(pile) + 1), card)
        return [TieCardReturned(card, side)]

    def _tie(self, why: str, at: int) -> list[Event]:
        fo = self.faceoff
        assert fo is not None
        events: list[Event] = [Tied(fo.seats, why), *self._return_tie_card()]
        card, side, put_back = self._tie_card()
        fo.tie_card, fo.tie_side = card, side
        fo.tiebreaks += 1
        fo.strikes = [0, 0]
        fo.pending = None
        fo.started, fo.ends = at, at + FACEOFF_MS
        category = self.card(card).category
        assert category is not None
        fo.asks = (self._ask(fo.seats[0], category), self._ask(fo.seats[1], category))
        self.phase = FACEOFF
        events.append(TieBreakDrawn(card, side, put_back, str(self.card(card))))
        events.append(FaceOffBegan(fo.piles, fo.seats, fo.asks, fo.wild, True, fo.symbol))
        return events

    def _tie_card(self) -> tuple[int, int, int]:
        """A category card for a tie-breaker: from the fuller draw pile (wild cards met
        on the way go back in at random), else from the box."""
        for side in sorted((0, 1), key=lambda s: -len(self.draw[s])):
            pile = self.draw[side]
            if not any(not self.card(c).wild for c in pile):
                continue
            wilds: list[int] = []
            while self.card(pile[-1]).wild:
                wilds.append(pile.pop())
            card = pile.pop()
            for wild in wilds:
                pile.insert(self.rng.randrange(len(pile) + 1), wild)
            return card, side, len(wilds)
        spare = self.game.box.spare or tuple(c for w in self.won for c in w)
        return spare[self.rng.randrange(len(spare))], BOX, 0

    def _buzz(self, side: int, at: int) -> list[Event]:
        fo = self.faceoff
        assert fo is not None
        return [Buzzed(fo.seats[side]), *self._right(side, at, "")]

    def _judged(self, right: bool, at: int) -> list[Event]:
        fo = self.faceoff
        assert fo is not None
        side = self.judge
        self.judge = -1
        self.phase = FACEOFF
        fo.ends = at + FACEOFF_MS // 2
        events: list[Event] = [Judged(fo.seats[side], right)]
        if right:
            return events + self._won(side, "", at)
        return events + self._wrong(side, at)

    def _vote(self, seat: int, accept: bool, at: int) -> list[Event]:
        assert self.dispute is not None
        self.votes[seat] = accept
        events: list[Event] = [Voted(seat, accept)]
        if set(self.votes) != set(self._voters()):
            return events
        fo = self.faceoff
        assert fo is not None
        side, text, began = self.dispute
        seat_, category = fo.seats[side], fo.asks[side]
        contested, why = self._voters() == (seat_,), ""
        if contested:  # a lone player: contesting puts the answer to the reference
            events = []
            accepted, why = self.game.lexicon.contest(category, text) if accept else (False, "")
        else:
            yes = sum(self.votes.values())
            accepted = yes > len(self.votes) - yes
        self.dispute = None
        self.votes = {}
        self.phase = FACEOFF
        fo.ends += at - began  # the clock stood still while they voted
        events.append(VoteDecided(seat_, text, category, accepted, contested and accept, why))
        if accepted:
            self.extra.setdefault(category, []).append(text.strip())
            self.said.add((category, text.strip()))
            return events + self._won(side, text.strip(), at)
        return events + self._wrong(side, at)

    # -- information -----------------------------------------------------------------
    def observation(self, seat: int) -> AnomiaView:
        return observe(self, seat)

    # -- results ---------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [len(w) for w in self.won]

    def outcome(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.game.players
        won = self.scores()
        best = max(won)
        winners = [s for s, n in enumerate(won) if n == best]
        return [1 / len(winners) if s in winners else 0.0 for s in range(self.game.players)]

def voters_of(people: frozenset[int] | set[int], answerer: int) -> tuple[int, ...]:
    """Who decides on an answer the lexicon does not know: the other people at the
    table; a player alone with bots decides whether to contest the refusal, and the
    reference decides the contest."""
    others = tuple(sorted(set(people) - {answerer}))
    return others or ((answerer,) if answerer in people else ())
