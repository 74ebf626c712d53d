"""What an event reveals (the faces take-backs stop at): by default read from its moves,
a card out of a deck or out of a hand, to whoever sees it arrive; an event may name
others itself, and the match's take-back policy reads them all alike."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Dealt, Move, Reveal, TrickWon
from tabletop.engine.match import LogEntry, Match, Seat, SeatKind
from tabletop.engine.protocol import Action, Deal, Event, Zone, ZoneKind
from tabletop.games import REGISTRY

DECK = Zone(ZoneKind.DECK)


def hand(seat: int) -> Zone:
    return Zone(ZoneKind.HAND, seat)


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Some player's step (the policy reads only who took it and what followed)."""


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    card: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, hand(self.seat), Zone(ZoneKind.TRICK)),)


@dataclass(frozen=True, slots=True)
class TurnedOver(Event):
    """A card turned face up where it lies, known before only to seat 1."""

    card: int

    def reveals(self) -> tuple[Reveal, ...]:
        return (Reveal(self.card, Zone(ZoneKind.BOARD, 1), None, frozenset((1,))),)


def news(event: Event, seats: range = range(3)) -> list[bool]:
    return [any(r.news_for(s) for r in event.reveals()) for s in seats]


def test_a_private_draw_is_news_to_the_drawer_only():
    assert news(Dealt(1, (4, 5), DECK)) == [False, True, False]


def test_a_card_played_from_a_hand_is_news_to_everyone_else():
    assert news(Played(0, 9)) == [False, True, True]


def test_cards_moving_in_the_open_reveal_nothing():
    assert TrickWon(0, (1, 2, 3, 4)).reveals() == ()
    assert Move(3, Zone(ZoneKind.TRICK), Zone(ZoneKind.WON, 0), False).reveal() is None
    # Face down from a hand to its owner's own pile: nobody new sees it.
    assert not any(Move(3, hand(0), Zone(ZoneKind.WON, 0), False, 0).reveal().news_for(s)
                   for s in range(3))


def test_the_take_back_policy_reads_what_events_declare():
    entry = REGISTRY.get("annapurna")
    match = Match(entry, [Seat("Ann", SeatKind.HUMAN), Seat("Bo", SeatKind.BOT, "normal")], 1)
    match.history = [(-1, Deal()), (0, Step()), (1, Step())]
    match.log = [LogEntry(-1, Deal(), ()), LogEntry(0, Step(), ()),
                 LogEntry(1, Step(), (TurnedOver(5),))]
    assert match.undo_point(1) == (2, "")     # seat 1 knew the card
    assert match.undo_point(0) == (None, "A hidden card was revealed since (by Bo): that "
                                         "cannot be taken back.")
    match.log[2] = LogEntry(1, Step(), (Played(1, 8),))
    assert match.undo_point(0) == (None, "Bo has shown a card since.")
    match.log[2] = LogEntry(1, Step(), (Dealt(0, (8,), DECK),))
    assert match.undo_point(0) == (None, "A card was drawn since (by Bo): that cannot be "
                                         "taken back.")
