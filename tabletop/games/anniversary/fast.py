"""The search's own Anniversary: the Dates left in a chapter, in plain numbers.

Once the draft is over, all a search needs of a chapter is the two hands, the draw
pile, the Date on the table, the record of the Dates footed (as the bit masks that
:func:`~tabletop.games.anniversary.gestures.status` reads) and the gestures with
their marks.  :class:`FastDates` holds just that and plays the rules of
:mod:`.rules` for it — playing, footing a Date, judging the gestures, ending the
chapter, drawing before Dates 2–5 — without events, history or checks.

Two things of the full game are left out because they cannot change whether the
chapter succeeds: Healthy Communication windows (in the search, an imagined partner
does not read shown cards, so the search never shares; a card shown can only make a
gesture already out of reach fail sooner) and the bounty (it only earns HC cards).
The cards shown before the search began are kept, though, with the rest of what the
gestures are judged by: the cards each partner can be seen never to hold again
(``barred``), which grow as partners fail to follow after the last draw.
``tests/games/anniversary/test_fast.py`` plays a :class:`FastDates` against the full
rules move for move.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Any, ClassVar

from tabletop.engine.cards import RANK_BITS
from tabletop.engine.protocol import TERMINAL, Action
from tabletop.engine.rng import RandomSource
from tabletop.games.anniversary.actions import Play
from tabletop.games.anniversary.cards import BOTTOM, DECK, TOP, AnniversaryCard
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.gestures import (
    DONE, FAILED, LAST_DRAW_DATE, PENDING, SUIT_MASKS, Gesture, Status, barred_cards, mask_of,
    status,
)
from tabletop.games.anniversary.observation import AnniversaryObservation, Phase
from tabletop.games.anniversary.rules import winning_play
from tabletop.games.anniversary.sampling import HiddenDeal

__all__ = ["FastDates", "FastDeal", "PLAY", "TAKES_OVER", "standing"]

#: The play of each card, made once.
PLAY: dict[int, Play] = {c: Play(c) for c in DECK}

_SHIFT = RANK_BITS
_TOP, _BOTTOM = int(TOP), int(BOTTOM)


def _takes_over(card: int, best: int) -> bool:
    """Whether ``card`` takes a Date over from ``best``, the card winning it so far (as
    :func:`~.rules.winning_play` has it: the Top card, else the Bottom card, else the
    highest of the colour led; a colour card winning so far is of the colour led)."""
    if card == _TOP or best == _TOP:
        return card == _TOP
    if card == _BOTTOM or best == _BOTTOM:
        return card == _BOTTOM
    return card >> _SHIFT == best >> _SHIFT and card > best


#: ``TAKES_OVER[best][card]``: :func:`_takes_over`, by card number (a row for each card
#: of the deck; numbers that are no card have none).
TAKES_OVER: list[list[bool]] = [
    [_takes_over(card, best) for card in range(max(DECK) + 1)] if best in DECK else []
    for best in range(max(DECK) + 1)]


class FastDates:
    """The Dates left in a chapter of Anniversary, for search (see the module docstring).

    It offers what :class:`AnniversaryHints` reads of a state under the same names as
    :class:`~tabletop.games.anniversary.rules.AnniversaryState`, so one rule of thumb
    serves both; and, kept as the Dates go, what the rule of thumb would otherwise work
    out from the Date's plays (:func:`standing`, the cards in it).  Its moves are the
    cards' plain numbers (a :class:`Play` is taken too)."""

    __slots__ = (
        "hands", "aside", "top", "gestures", "challenges", "owners", "settled", "date", "leader", "plays",
        "footers", "winners", "date_masks", "won", "unplayed", "total_dates", "result", "is_over",
        "current_player", "pending", "memo", "led", "best_seat", "best_card", "in_date",
        "barred",
    )

    #: Always a Date in play (the chapter ends from one); nothing on the gem spot.
    phase: ClassVar[Phase] = Phase.DATE
    picked: ClassVar[None] = None

    hands: list[list[AnniversaryCard]]
    aside: list[AnniversaryCard]     # the draw pile, drawn from the end
    top: int
    gestures: list[int]              # the gestures' ids (as the full state holds them)
    challenges: list[Gesture]        # the same gestures, to judge
    owners: list[int]
    settled: list[Status]
    date: int
    leader: int
    plays: list[tuple[int, AnniversaryCard]]
    footers: list[int]
    winners: list[int]
    date_masks: list[int]
    won: list[int]
    unplayed: int
    total_dates: int
    result: bool | None
    is_over: bool                    # result is not None (kept, as the search asks it often)
    current_player: int
    pending: int                     # bit i: gesture i is still pending
    #: What the search's rule of thumb makes of the gestures, by :attr:`pending`: shared
    #: by every deal from the same observation (their gestures and owners are the same).
    memo: dict[int, Any]  # (the bot's Outlook: this module does not read it)
    # The Date in play, kept as it goes (so neither the rules nor the rule of thumb
    # look through its plays): the colour led (-1 before the first card), the play
    # that wins it so far, and its cards as a bit mask.
    led: int
    best_seat: int
    best_card: int
    in_date: int
    #: Per seat, the cards the open table shows it will never hold again (as the rules
    #: have them: :func:`~.gestures.barred_cards`).  Replaced, never changed in place, so
    #: clones share it.
    barred: list[int]

    @classmethod
    def of_observation(cls, obs: AnniversaryObservation) -> FastDates:
        """What ``obs``'s seat knows of the position (a Date in play), with the
        partner's hidden cards and the draw pile still to be dealt."""
        if obs.phase is not Phase.DATE:
            raise ValueError(f"a FastDates starts from a Date in play, not {obs.phase.name}")
        fast = cls.__new__(cls)
        fast.hands = [[], []]
        fast.hands[obs.seat] = sorted(obs.hand)
        fast.aside = []
        fast.top = obs.top
        fast.gestures = list(obs.gestures)
        fast.challenges = [GESTURE_BY_ID[g] for g in obs.gestures]
        fast.owners = list(obs.owners)
        fast.settled = list(obs.settled)
        fast.date = obs.date
        fast.leader = obs.leader
        fast.plays = list(obs.plays)
        fast.footers = [d.footer for d in obs.history]
        fast.winners = [d.winner for d in obs.history]
        fast.date_masks = [mask_of(c for _, c in d.plays) for d in obs.history]
        fast.won = [0, 0]
        unplayed = mask_of(DECK)
        for footer, mask in zip(fast.footers, fast.date_masks):
            fast.won[footer] |= mask
            unplayed &= ~mask
        fast.unplayed = unplayed
        fast.total_dates = obs.total_dates
        fast.result = obs.result
        fast.is_over = obs.result is not None
        fast.current_player = obs.current_player
        fast.pending = sum(1 << i for i, mark in enumerate(obs.settled) if mark is PENDING)
        fast.memo = {}
        fast.led, fast.best_seat, fast.best_card = standing(obs.plays)
        fast.in_date = mask_of(c for _, c in obs.plays)
        dates: list[tuple[int, Sequence[tuple[int, int]]]] = [
            (number, d.plays) for number, d in enumerate(obs.history, 1)]
        if obs.plays:
            dates.append((obs.date, obs.plays))
        fast.barred = barred_cards(dates, obs.shared)
        return fast

    def clone(self) -> FastDates:
        twin = FastDates.__new__(FastDates)
        twin.hands = [self.hands[0][:], self.hands[1][:]]
        twin.aside = self.aside[:]
        twin.top = self.top
        twin.gestures = self.gestures  # these three never change
        twin.challenges = self.challenges
        twin.owners = self.owners
        twin.settled = self.settled[:]
        twin.date = self.date
        twin.leader = self.leader
        twin.plays = self.plays[:]
        twin.footers = self.footers[:]
        twin.winners = self.winners[:]
        twin.date_masks = self.date_masks[:]
        twin.won = self.won[:]
        twin.unplayed = self.unplayed
        twin.total_dates = self.total_dates
        twin.result = self.result
        twin.is_over = self.is_over
        twin.current_player = self.current_player
        twin.pending = self.pending
        twin.memo = self.memo
        twin.led = self.led
        twin.best_seat = self.best_seat
        twin.best_card = self.best_card
        twin.in_date = self.in_date
        twin.barred = self.barred
        return twin

    # -- the protocol the search uses ----------------------------------------------
    @property
    def dates_left(self) -> int:
        return self.total_dates - len(self.footers)

    def playable(self, seat: int) -> list[AnniversaryCard]:
        """Cards ``seat`` may play now: follow the colour led if able.  (It may be the
        hand itself: read it, do not change it.)"""
        hand = self.hands[seat]
        led = self.led
        if led < 0:
            return hand
        # A hand is kept sorted, so a colour's cards sit together.
        return hand[bisect_left(hand, led << _SHIFT):bisect_left(hand, led + 1 << _SHIFT)] or hand

    def generate_legal(self, seat: int) -> list[Action]:
        return [PLAY[c] for c in self.playable(seat)]

    def apply_unchecked(self, action: Action | int, seat: int) -> None:
        """Play a card: the search's tree gives the card's number (see
        :meth:`AnniversaryHints.edge`), anything else a :class:`Play`."""
        if type(action) is Play:
            self.play(seat, action.card)
        elif isinstance(action, int):
            self.play(seat, action)  # type: ignore[arg-type]
        else:
            raise ValueError(f"{action!r} is not a card played in a Date")

    # -- moves ---------------------------------------------------------------------
    def play(self, seat: int, card: AnniversaryCard) -> None:
        self.hands[seat].remove(card)
        plays = self.plays
        plays.append((seat, card))
        self.in_date |= 1 << card
        if len(plays) == 1:
            self.led, self.best_seat, self.best_card = card >> _SHIFT, seat, card
        else:
            if card >> _SHIFT != self.led and self.date >= LAST_DRAW_DATE:
                barred = self.barred[:]  # out of the suit led, with nothing left to draw
                barred[seat] |= SUIT_MASKS[self.led]
                self.barred = barred
            if TAKES_OVER[self.best_card][card]:
                self.best_seat, self.best_card = seat, card
        if len(plays) < 4:
            self.current_player = 1 - seat
            return
        footer, winner, mask = self.best_seat, self.best_card, self.in_date
        self.footers.append(footer)
        self.winners.append(winner)
        self.date_masks.append(mask)
        self.won[footer] |= mask
        self.unplayed &= ~mask
        self.plays = []
        self.led = self.best_seat = self.best_card = -1
        self.in_date = 0
        self._settle()
        if self.result is not None:
            self.current_player = TERMINAL
            return
        # The next Date (as AnniversaryState._prepare_date, without the HC window).
        self.date = date = len(self.footers) + 1
        self.leader = self.current_player = footer
        if 2 <= date <= LAST_DRAW_DATE and self.aside:
            for taker in (footer, 1 - footer):
                hand = self.hands[taker]
                hand.append(self.aside.pop())
                hand.sort()

    def _settle(self) -> None:
        settled = self.settled
        failed = False
        all_done = True
        for i, mark in enumerate(settled):
            if mark is PENDING:
                mark = status(self.challenges[i], self.owners[i], self)
                if mark is not PENDING:
                    settled[i] = mark
                    self.pending &= ~(1 << i)
            if mark is FAILED:
                failed = True
            elif mark is not DONE:
                all_done = False
        if failed:
            self.result, self.is_over = False, True
        elif all_done:
            self.result, self.is_over = True, True


def standing(plays: Sequence[tuple[int, int]]) -> tuple[int, int, int]:
    """(the colour led, the seat and card winning so far) of a Date's ``plays``;
    (-1, -1, -1) before its first card."""
    if not plays:
        return -1, -1, -1
    seat, card = plays[winning_play(plays)]
    return plays[0][1] >> _SHIFT, seat, card


class FastDeal:
    """Deals :class:`FastDates` again and again from one observation: what the seat
    knows is laid out once; each deal only draws the partner's hidden cards and the
    order of the draw pile (:class:`~.sampling.HiddenDeal`, as the full sampler)."""

    def __init__(self, obs: AnniversaryObservation) -> None:
        self.observation = obs
        self.template = FastDates.of_observation(obs)
        self.hidden = HiddenDeal(obs)
        self.partner = obs.partner

    def sample(self, rng: RandomSource) -> FastDates:
        partner, aside = self.hidden.deal(rng)
        fast = self.template.clone()
        fast.hands[self.partner] = partner
        fast.aside = aside
        return fast

