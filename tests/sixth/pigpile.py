"""Pigpile, a toy sixth game by the checklist in ``docs/architecture.md`` (its rules side).
24 cards, two of each 1–12, all dealt: beat the top or take the pile; an empty hand ends it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tabletop.bots.base import PolicyBot, RandomBot
from tabletop.engine.codec import Actions
from tabletop.engine.events import Dealt, GameOver, Move
from tabletop.engine.protocol import (
    NATURE, TERMINAL, Action, Bot, Deal, Event, Game, GameState, Observation, Zone, ZoneKind,
)
from tabletop.engine.rng import RandomSource, Rng
from tabletop.engine.schema import Bool, Int, Ints, PerSeat, RngField, Seat, Shared, field

DECK: Final = tuple(range(24))
PILE, DRAW = Zone(ZoneKind.TRICK), Zone(ZoneKind.DECK)
ACTIONS = Actions("Pigpile")


def value(card: int) -> int:
    """A card's number, 1–12."""
    return card // 2 + 1


@ACTIONS.tag("play", Int(0, 23))
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` on the pile."""

    card: int


@ACTIONS.tag("take")
@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the pile."""


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``card`` on the pile."""

    seat: int
    card: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.HAND, self.seat), PILE),)


@dataclass(frozen=True, slots=True)
class Took(Event):
    """``seat`` took the pile."""

    seat: int
    cards: tuple[int, ...]

    def moves(self) -> tuple[Move, ...]:
        return tuple(Move(c, PILE, Zone(ZoneKind.WON, self.seat)) for c in self.cards)


@dataclass(frozen=True, slots=True)
class PigView(Observation):
    """The open table and ``seat``'s own hand."""

    seat: int
    current_player: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile: tuple[int, ...]
    won: tuple[tuple[int, ...], ...]  # the piles each seat took, in the open


class PigState(GameState):
    """A moment of a game of Pigpile."""

    game: PigGame = field(Shared())
    rng: Rng = field(RngField())
    hands: list[list[int]] = field(PerSeat(Ints(0, 23)))
    pile: list[int] = field(Ints(0, 23))
    won: list[list[int]] = field(PerSeat(Ints(0, 23)))
    player: int = field(Seat())
    dealt: bool = field(Bool())
    over: bool = field(Bool())

    def __init__(self, game: PigGame, rng: Rng) -> None:
        self.init_fields(game.players)
        self.game, self.rng = game, rng

    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.player if self.dealt else NATURE

    def beats(self, card: int) -> bool:
        """Whether ``card`` may go on the pile now."""
        return not self.pile or value(card) > value(self.pile[-1])

    def generate_legal(self, seat: int) -> list[Action]:
        if seat != self.current_player:
            return []
        moves: list[Action] = [Play(c) for c in self.hands[seat] if self.beats(c)]
        return moves + [Take()] if self.pile else moves

    def check_move(self, action: Action, seat: int) -> str | None:
        if isinstance(action, Take):
            return None if self.pile else "The pile is empty: play any card."
        if not isinstance(action, Play) or action.card not in self.hands[seat]:
            return "You do not hold that card."
        return None if self.beats(action.card) else f"Play higher than the {value(self.pile[-1])}."

    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        events: list[Event] = []
        match action:
            case Deal():
                deck, n, self.dealt = list(DECK), len(self.hands), True
                self.rng.shuffle(deck)
                self.hands = [sorted(deck[s::n]) for s in range(n)]
                return [Dealt(s, tuple(h), DRAW) for s, h in enumerate(self.hands)]
            case Take():
                events.append(Took(seat, tuple(self.pile)))
                self.won[seat] += self.pile
                self.pile = []
            case Play(card=card):
                self.hands[seat].remove(card)
                self.pile.append(card)
                events.append(Played(seat, card))
        self.over = not all(self.hands)
        self.player = (seat + 1) % len(self.hands)
        return [*events, GameOver(tuple(self.outcome()))] if self.over else events

    def scores(self) -> list[int]:
        return [-len(w) for w in self.won]

    def outcome(self) -> list[float]:
        best = [s for s, score in enumerate(self.scores()) if score == max(self.scores())]
        return [1 / len(best) if s in best else 0.0 for s in range(len(self.won))]

    def observation(self, seat: int) -> PigView:
        return PigView(seat, self.current_player, tuple(self.hands[seat]),
                       tuple(len(h) for h in self.hands), tuple(self.pile),
                       tuple(tuple(w) for w in self.won))


def sample_deal(game: PigGame, obs: PigView, rng: RandomSource) -> PigState:
    """A state agreeing with ``obs``: the cards not in sight dealt at random."""
    state = PigState(game, Rng(int(rng.random() * 2**53)))
    if obs.current_player == NATURE:
        return state
    seen = set(obs.hand) | set(obs.pile) | {c for w in obs.won for c in w}
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    state.dealt, state.player, state.pile = True, obs.current_player, list(obs.pile)
    state.won = [list(w) for w in obs.won]
    for seat, size in enumerate(obs.hand_sizes):
        if seat != obs.seat:
            state.hands[seat], unseen = sorted(unseen[:size]), unseen[size:]
    state.hands[obs.seat] = list(obs.hand)
    return state


def violations(state: PigState) -> list[str]:
    """Cards lost or in two places, or a pile that does not climb."""
    held = sorted(c for part in [*state.hands, *state.won, state.pile] for c in part)
    wrong = ["the cards are not one of each"] if state.dealt and held != list(DECK) else []
    climbs = all(value(a) < value(b) for a, b in zip(state.pile, state.pile[1:]))
    return wrong + ([] if climbs else ["the pile does not climb"])


class PigGame(Game[PigState]):
    """Pigpile for 2–4 players."""

    id, State = "pigpile", PigState  # (turns in order, each hand private: the default info)
    decode_action, sample, audit = (staticmethod(ACTIONS.decode), staticmethod(sample_deal),
                                    staticmethod(violations))


def thumb(obs: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """The rule of thumb: play the lowest card that goes; take the pile when none does."""
    plays = [a for a in legal if isinstance(a, Play)]
    return min(plays, key=lambda a: value(a.card)) if plays else legal[0]


def make_bot(level: str) -> Bot:
    """``random``, or ``easy`` (the rule of thumb)."""
    return RandomBot() if level == "random" else PolicyBot("easy", thumb)
