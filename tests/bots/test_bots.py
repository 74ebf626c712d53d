"""Bots: legal answers, a budget they keep, hidden cards they cannot see, real strength."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.bots.ismcts import Budget, ISMCTSBot
from tabletop.engine.protocol import TurnStyle, stamp
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY
from tabletop.lab.simulate import play_bot_game

from ..clocks import CountingClock

ENTRIES = list(REGISTRY)


def positions(entry, players, count=6, seed=0):
    rng = random.Random(seed)
    for i in range(count):
        state = entry.new_game(players).start(seed * 100 + i)
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            seat = rng.choice(sorted(state.acting_seats()))
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        if not state.is_over:
            yield state


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_every_level_answers_with_a_legal_action(entry):
    for level in entry.bot_levels:
        bot = entry.make_bot(level)
        if isinstance(bot, ISMCTSBot):
            bot.budget = Budget(iterations=30, seconds=5.0)
            bot.clock = CountingClock()
        for state in positions(entry, entry.default_players, 3):
            seat = min(state.acting_seats())
            legal = state.legal_actions(seat)
            action = bot.choose(state.observation(seat), legal, Rng(1))
            if entry.info.turns is TurnStyle.REAL_TIME:
                action = stamp(action, state.now)  # what it does is legal now; when is its plan
            assert action in legal


SEARCHING = [e for e in ENTRIES if isinstance(e.make_bot("normal"), ISMCTSBot)]


@pytest.mark.parametrize("entry", SEARCHING, ids=lambda e: e.id)
def test_search_bot_cannot_see_hidden_cards(entry):
    """Shuffling the cards a seat cannot see leaves the bot's decisions unchanged."""
    bot = entry.make_bot("normal")
    assert isinstance(bot, ISMCTSBot)
    bot.budget = Budget(iterations=40, seconds=30.0)
    bot.clock = CountingClock()  # both runs search exactly as long, on any machine
    for state in positions(entry, entry.default_players, 4, seed=3):
        seat = state.current_player
        legal = state.legal_actions(seat)
        answers = Counter(bot.choose(state.observation(seat), legal, Rng(k)) for k in range(6))
        shuffled = state.determinize(seat, random.Random(9))
        assert shuffled.to_json() != state.to_json()
        other = Counter(bot.choose(shuffled.observation(seat), shuffled.legal_actions(seat), Rng(k))
                        for k in range(6))
        assert answers == other


def test_search_stops_at_its_time_cap():
    """The deadline is checked as the search goes (a counting clock makes this exact)."""
    entry = REGISTRY.get("enemy-anemone")
    state = entry.new_game(6).start(1)
    bot = entry.make_bot("hard")
    bot.clock = CountingClock(0.01)  # every look at the clock is 10 ms later
    bot.budget = Budget(iterations=10**9, seconds=0.2)
    bot.choose(state.observation(state.current_player), state.legal_actions(state.current_player), Rng(1))
    assert 60 <= bot.last.iterations <= 84  # about 20 looks, one per 4 iterations


def test_a_bot_game_can_run_the_search_budgets_on_a_given_clock():
    clock = CountingClock()
    entry = REGISTRY.get("enemy-anemone")
    first = play_bot_game(entry, 2, ("normal", "random"), 5, {"hands": 1}, clock=clock)
    assert clock.reads > 0
    again = play_bot_game(entry, 2, ("normal", "random"), 5, {"hands": 1}, clock=CountingClock())
    assert (again.moves, again.scores) == (first.moves, first.scores)


def test_normal_beats_random_heads_up():
    """A small real-play check (the full measurement is `tabletop simulate`)."""
    entry = REGISTRY.get("enemy-anemone")
    wins = 0.0
    for i in range(8):
        levels = ("normal", "random") if i % 2 == 0 else ("random", "normal")
        result = play_bot_game(entry, 2, levels, seed=1000 + i, options={"hands": 1},
                               clock=CountingClock())
        wins += result.shares[levels.index("normal")]
    assert wins >= 6


@pytest.mark.parametrize("entry", SEARCHING, ids=lambda e: e.id)
def test_a_decision_without_a_search_reports_none(entry):
    """``tabletop bench`` reads ``bot.last`` after every decision: a forced move must not
    repeat the figures of the search before it."""
    bot = entry.make_bot("normal")
    bot.clock = CountingClock()
    state = next(s for s in positions(entry, entry.default_players, 6, seed=5)
                 if len(s.legal_actions(s.current_player)) > 1)
    seat = state.current_player
    bot.choose(state.observation(seat), state.legal_actions(seat), Rng(1))
    assert bot.last.iterations > 0
    bot.choose(state.observation(seat), state.legal_actions(seat)[:1], Rng(1))
    assert bot.last.iterations == 0


def test_a_lean_search_state_may_move_by_plain_numbers():
    """With ``edge``, the tree keys its edges by a lean state's own moves (here a number
    to add), and the bot still answers with the very legal action that matches."""
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Add:
        amount: int

    class Sum:  # one player adds twice; the closer to 10, the better
        def __init__(self):
            self.total, self.moves, self.current_player = 0, 0, 0

        @property
        def is_over(self):
            return self.moves == 2

        def apply_unchecked(self, move, seat):
            assert type(move) is int  # never an action: the tree holds numbers
            self.total += move
            self.moves += 1

    class Hints:
        def sample(self, observation, rng):
            return Sum()

        def candidates(self, state):
            return [1, 2, 3, 4, 5]

        def rollout(self, state, rng):
            return rng.choice([1, 2, 3, 4, 5])

        def edge(self, action):
            return action.amount

        def horizon(self, root):
            return None

        def stop(self, state, marker):
            return False

        def evaluate(self, state):
            return [1 - abs(10 - state.total) / 10]

    legal = [Add(n) for n in (1, 2, 3, 4, 5)]
    bot = ISMCTSBot("test", Hints(), Budget(2000, 5.0), clock=CountingClock())
    answer = bot.choose(object(), legal, Rng(3))
    assert answer is legal[4]  # only 5 + 5 reaches 10
    assert bot.last.iterations == 2000


def test_a_search_pauses_the_cycle_collector_only_while_it_thinks():
    import gc

    from tabletop.bots.base import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError):
        with collector_paused():
            raise KeyError("a search that fails")
    assert gc.isenabled()  # started again even so
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()
