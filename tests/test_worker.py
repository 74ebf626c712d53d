"""What goes to the bot worker: small and quick to send, and the same on arrival."""

from __future__ import annotations

import io
import pickle
import random
import time

import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY
from tabletop.play.worker import ProcessBotWorker

PLAYERS = {"enemy-anemone": 6, "anniversary": 2, "anno": 4, "annapurna": 4, "anomia": 4}


class _Counting(pickle.Pickler):
    """Notes every object of ours pickled by the generic (slow) path of the dataclasses
    and int subclasses: one with no reduction of its own."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), protocol=pickle.HIGHEST_PROTOCOL)
        self.generic: set[str] = set()

    def reducer_override(self, obj: object) -> object:
        kind = type(obj)
        if (kind.__module__.startswith("tabletop") and not isinstance(obj, type)
                and kind.__reduce__ is object.__reduce__
                and kind.__reduce_ex__ is object.__reduce_ex__):
            self.generic.add(kind.__qualname__)
        return NotImplemented


def positions(game_id: str, count: int = 60):
    """Observations and legal actions of a bots-only game played at random."""
    entry = REGISTRY.get(game_id)
    match = Match(entry, [Seat(f"Bot {i}", SeatKind.BOT, "easy")
                          for i in range(PLAYERS[game_id])], 5, {})
    rng = random.Random(5)
    for _ in range(count):
        match.settle()
        state = match.state
        if state.is_over:
            return
        seat = min(state.acting_seats())
        legal = list(state.legal_actions(seat))
        yield state.observation(seat), legal
        match.apply(rng.choice(legal), seat)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_seats_observation_and_moves_travel_whole_and_by_the_quick_path(game_id):
    seen = 0
    for observation, legal in positions(game_id):
        pickler = _Counting()
        pickler.dump((observation, legal))
        assert not pickler.generic, pickler.generic
        again, moves = pickle.loads(pickle.dumps((observation, legal)))
        assert again == observation and moves == legal
        assert len(pickle.dumps(observation)) < 20_000
        seen += 1
    assert seen > 10


def test_anomias_word_lists_travel_as_the_texts_they_were_made_from():
    entry = REGISTRY.get("anomia")
    learned = "== Fruit\ndragon fruit jam\n"
    match = Match(entry, [Seat("Ada", SeatKind.HUMAN), Seat("Bot", SeatKind.BOT, "easy")], 2,
                  {"learned": learned})
    match.settle()
    observation = match.state.observation(0)
    sent = pickle.dumps(observation)
    assert len(sent) < 5_000  # not the megabytes of the lists themselves
    arrived = pickle.loads(sent)
    assert arrived.lexicon is observation.lexicon  # made once per process
    assert arrived.lexicon.judge("Fruit", "dragon fruit jam").accepted


def test_the_worker_answers_after_being_warmed_with_a_game():
    entry = REGISTRY.get("anomia")
    match = Match(entry, [Seat("Bot 1", SeatKind.BOT, "easy"),
                          Seat("Bot 2", SeatKind.BOT, "easy")], 4, {})
    match.settle()
    worker = ProcessBotWorker()
    try:
        worker.warm(match.state.observation(0))
        entry = REGISTRY.get("enemy-anemone")
        other = Match(entry, [Seat(f"Bot {i}", SeatKind.BOT, "easy") for i in range(3)], 4, {})
        other.settle()
        seat = other.state.current_player
        legal = list(other.state.legal_actions(seat))
        ticket = worker.request(entry.make_bot, "easy", other.state.observation(seat), legal, 1)
        deadline = time.monotonic() + 60
        answer = None
        while answer is None and time.monotonic() < deadline:
            answer = worker.poll()
            time.sleep(0.02)
        assert answer is not None and answer.ticket == ticket and answer.action in legal
    finally:
        worker.close()
