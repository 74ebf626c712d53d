"""Take-backs on the mountain: a card that comes to light (explored, struck by the Yeti,
looked at with the Spyglass, taken out by a trade or a hide) cannot be unseen, so no move
before it may be taken back; steps that show nothing new (a rockslide, a sweep, a card
you knew turned up) may."""

from __future__ import annotations

import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import Event
from tabletop.games import REGISTRY
from tabletop.games.annapurna.actions import Explore, Hide, Swap, Sweep, Trade
from tabletop.games.annapurna.cards import CARDS_PER_SUIT, Effect, card_of, effect, value
from tabletop.games.annapurna.events import Explored, Looked, Traded, YetiStruck
from tabletop.games.annapurna.rules import AnnapurnaState
from tabletop.games.annapurna.observation import SWAP, SWEEP

ENTRY = REGISTRY.get("annapurna")
REVEALED_BY_BOT = "A hidden card was revealed since (by Bot): that cannot be taken back."
REVEALED_BY_YOU = "A hidden card was revealed since (by you): that cannot be taken back."


def match_where(fits, level: str = "easy") -> Match:
    """A dealt match of a human (climber 1) and a bot whose deal ``fits``."""
    for seed in range(500):
        match = Match(ENTRY, [Seat("You", SeatKind.HUMAN), Seat("Bot", SeatKind.BOT, "normal")],
                      seed, {"level": level})
        match.settle()
        if fits(match.state):
            return match
    raise AssertionError("no such deal")


def state_of(match: Match) -> AnnapurnaState:
    assert isinstance(match.state, AnnapurnaState)
    return match.state


def symbols(state: AnnapurnaState, seat: int, *places: int) -> bool:
    return all(value(state.cards[seat][p]) != 0 for p in places)


def test_a_bots_explore_after_your_move_stops_the_take_back():
    rockslide = int(card_of(0, 15))
    assert effect(rockslide) is Effect.ROCKSLIDE
    match = match_where(lambda s: s.cards[0][0] == rockslide)
    state = state_of(match)
    match.apply(Explore(0), 0)                 # your Rockslide turns up (that is news)…
    assert state.phase == SWAP
    match.apply(Swap(5, 6), 0)                 # …swaps two cards unseen…
    assert state.phase == SWEEP
    match.apply(Sweep(), 0)                    # …and is swept: nothing new shown since
    index, why = match.undo_point(0)
    assert (index, why) == (len(match.history) - 1, "")
    match.apply(Explore(2), 1)                 # the bot hikes: a card nobody knew turns up
    assert match.undo_point(0) == (None, REVEALED_BY_BOT)


def test_your_own_explore_of_a_card_you_could_not_see_cannot_be_taken_back():
    match = match_where(lambda s: True)
    match.apply(Explore(3), 0)
    assert match.undo_point(0) == (None, REVEALED_BY_YOU)


def test_a_card_you_put_there_yourself_turns_up_and_can_be_taken_back():
    match = match_where(lambda s: symbols(s, 0, 0, 1) and symbols(s, 1, 0)
                        and value(s.cards[0][0]) + value(s.cards[0][1]) != 0
                        and any(value(c) not in (0, -value(s.cards[0][0]))
                                for c in s.backpack[0]))
    state = state_of(match)
    match.apply(Explore(0), 0)
    match.apply(Explore(0), 1)
    assert state.current_player == 0
    # The card traded in must not balance base camp (no sweep), nor be an effect card.
    card = next(c for c in state.backpack[0] if value(c) not in (0, -value(state.cards[0][0])))
    match.apply(Trade(card, 1), 0)             # the card taken out is news to everyone
    assert match.undo_point(0) == (None, REVEALED_BY_YOU)
    while state.current_player == 1:           # the bot's turn, whatever it turns up
        legal = list(state.legal_actions(1))
        match.apply(next((a for a in legal if isinstance(a, Sweep)), legal[0]), 1)
    length = len(match.history)
    match.apply(Explore(1), 0)                 # the card you traded in: you knew it
    index, why = match.undo_point(0)
    assert (index, why) == (length, "")
    match.rewind(index)
    assert len(match.history) == length and state_of(match).cards[0][1] == card


def test_a_hide_takes_out_a_card_the_hider_could_not_see():
    match = match_where(lambda s: symbols(s, 0, 0) and symbols(s, 1, 0))
    state = state_of(match)
    match.apply(Explore(0), 0)
    match.apply(Explore(0), 1)
    hides = [a for a in state.legal_actions(0) if isinstance(a, Hide)]
    match.apply(hides[0], 0)
    assert match.undo_point(0) == (None, REVEALED_BY_YOU)


# -- what each event says it reveals ------------------------------------------------------
def test_an_explored_card_is_news_except_to_whoever_knew_it():
    explored = Explored(0, 3, card_of(0, 2), frozenset((1,)))
    (reveal,) = explored.reveals()
    assert reveal.to is None and reveal.news_for(0) and not reveal.news_for(1)


def test_a_look_is_news_to_whoever_sees_it_and_the_yeti_to_everyone():
    private = Looked(1, 0, 14, card_of(0, 5), public=False)
    assert [r.news_for(s) for r in private.reveals() for s in (0, 1)] == [False, True]
    shared = Looked(1, 0, 14, card_of(0, 5), public=True)
    assert [r.news_for(s) for r in shared.reveals() for s in (0, 1)] == [True, True]
    struck = YetiStruck(0, 6, card_of(0, 7))
    assert [r.news_for(s) for r in struck.reveals() for s in (0, 1)] == [True, True]


@pytest.mark.parametrize("public", [True, False])
def test_a_trade_reveals_the_card_taken_out(public):
    traded = Traded(0, 1, 4, card_of(0, 1), card_of(1, 9), public, frozenset())
    (reveal,) = traded.reveals()
    assert reveal.piece == card_of(1, 9)
    assert reveal.news_for(0) and reveal.news_for(1) is public
    known = Traded(0, 1, 4, card_of(0, 1), card_of(1, 9), public, frozenset((0, 1)))
    assert not any(r.news_for(s) for r in known.reveals() for s in (0, 1))


def test_every_card_that_comes_to_light_in_an_ascent_is_declared():
    """Played out at random, every event that turns a face-down card up or shows it to a
    climber who did not know it says so in its ``reveals``."""
    import random

    for seed in range(12):
        game = ENTRY.make_game(2 + seed % 3, {"level": ("easy", "still")[seed % 2]})
        state = game.start(seed)
        assert isinstance(state, AnnapurnaState)
        rnd = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            before = [state.observation(m) for m in range(state.n)]
            events: list[Event] = state.apply(rnd.choice(list(state.legal_actions(seat))), seat)
            news = {(m, r.piece) for e in events for r in e.reveals()
                    for m in range(state.n) if r.news_for(m)}
            for m in range(state.n):
                seen_before = _seen(before[m])
                for card in _seen(state.observation(m)) - seen_before:
                    assert (m, card) in news, (seed, m, card)


def _seen(obs) -> set[int]:
    """Every card an observation shows by name: on mountainsides, in backpacks and caches."""
    seen = {c for row in obs.cards for c in row if c >= 0}
    for part in (*obs.backpacks, *obs.caches):
        seen.update(part or ())
    return {c for c in seen if 0 <= c < obs.players * CARDS_PER_SUIT}
