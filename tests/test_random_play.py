"""The protocol, checked at once for every registered game by random play.

For each game and player count: legal actions exist until the end and not after,
the game ends, the game's own invariants hold after every action, a seed plus the
actions replays identically, the state survives a JSON round trip at any moment,
clones are independent, and an observation hides what its seat may not see.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine.protocol import SIMULTANEOUS, IllegalAction, Secrets
from tabletop.games import REGISTRY

MAX_MOVES = 5000
GAMES = [
    pytest.param(entry, players, id=f"{entry.id}-{players}p")
    for entry in REGISTRY
    for players in range(entry.min_players, entry.max_players + 1)
]


def mover(state, rng):
    """Who acts next: the one seat (or nature), or one of those racing in a real-time game."""
    if state.current_player == SIMULTANEOUS:
        return rng.choice(sorted(state.acting_seats()))
    return state.current_player


def play_out(entry, players, seed, chooser_seed, hands=1):
    game = entry.new_game(players, {"hands": hands} if "hands" in entry.default_options() else {})
    state = game.new_state(seed)  # nature's deal is the first action (current_player NATURE)
    rng = random.Random(chooser_seed)
    actions = []
    snapshots = []
    while not state.is_over:
        assert len(actions) < MAX_MOVES, f"seed {seed}: game did not end"
        seat = mover(state, rng)
        legal = state.legal_actions(seat)
        assert legal, f"seed {seed}: no legal action before the end"
        action = rng.choice(legal)
        state.apply(action, seat)
        actions.append((seat, action))
        assert state.invariant_violations() == [], f"seed {seed}: {state.invariant_violations()}"
        if rng.random() < 0.05:
            snapshots.append(state.clone())
    assert state.legal_actions(state.current_player) == []
    return game, state, actions, snapshots


@pytest.mark.parametrize(("entry", "players"), GAMES)
@given(seed=st.integers(0, 2**40), chooser=st.integers(0, 2**32))
def test_random_play_keeps_the_protocol(entry, players, seed, chooser):
    game, final, actions, snapshots = play_out(entry, players, seed, chooser)
    outcome = final.outcome()
    assert abs(sum(outcome) - 1.0) < 1e-9 or entry.cooperative

    # Seed + actions replay identically.
    replay = game.new_state(seed)
    for seat, action in actions:
        replay.apply(action, seat)
    assert replay.to_json() == final.to_json()

    # JSON round trip, at the end and mid-game, through real JSON text.
    for state in [final, *snapshots]:
        text = json.dumps(state.to_json())
        restored = game.state_from_json(json.loads(text))
        assert restored.to_json() == state.to_json()
        for seat in range(players):
            assert list(restored.legal_actions(seat)) == list(state.legal_actions(seat))


@pytest.mark.parametrize(("entry", "players"), GAMES)
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 60), chooser=st.integers(0, 2**32))
def test_clone_is_independent(entry, players, seed, steps, chooser):
    state = entry.new_game(players).start(seed)
    rng = random.Random(chooser)
    for _ in range(steps):
        if state.is_over:
            break
        seat = mover(state, rng)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    if state.is_over:
        return
    before = state.to_json()
    twin = state.clone()
    seat = mover(twin, rng)
    twin.apply(rng.choice(twin.legal_actions(seat)), seat)
    assert state.to_json() == before


@pytest.mark.parametrize(("entry", "players"), GAMES)
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 80), chooser=st.integers(0, 2**32))
def test_determinizations_agree_with_the_observation(entry, players, seed, steps, chooser):
    state = entry.new_game(players).start(seed)
    rng = random.Random(chooser)
    for _ in range(steps):
        if state.is_over:
            break
        seat = mover(state, rng)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    for seat in range(players):
        seen = state.observation(seat)
        for _ in range(4):
            imagined = state.determinize(seat, rng)
            assert imagined.observation(seat) == seen
            assert imagined.invariant_violations() == []


@pytest.mark.parametrize(("entry", "players"), GAMES)
@given(seed=st.integers(0, 2**40), chooser=st.integers(0, 2**32))
def test_observation_hides_the_other_hands(entry, players, seed, chooser):
    """At the deal, a seat's determinizations agree with its observation yet vary
    every other seat's private view: so the observation cannot contain it.  A game
    (or level) with no per-seat secrets must instead show every seat the same."""
    variants = [{}] + ([{"level": "still"}] if "level" in entry.default_options() else [])
    for options in variants:
        state = entry.new_game(players, options).start(seed)
        private = state.game.info.secrets is Secrets.PER_SEAT
        rng = random.Random(chooser)
        for seat in range(players):
            seen = state.observation(seat)
            imagined = [state.determinize(seat, rng) for _ in range(6)]
            assert all(world.observation(seat) == seen for world in imagined)
            for other in range(players):
                if other != seat:
                    truth = state.observation(other)
                    if private:
                        assert any(world.observation(other) != truth for world in imagined), (
                            f"seat {seat} could see what seat {other} holds")
                    else:
                        assert all(world.observation(other) == truth for world in imagined), (
                            f"seat {other} knows something seat {seat} does not")


@pytest.mark.parametrize("entry", list(REGISTRY), ids=lambda e: e.id)
def test_illegal_action_leaves_the_state_unchanged(entry):
    state = entry.new_game(entry.default_players).start(4)
    before = state.to_json()
    other = (state.current_player + 1) % entry.default_players
    wrong = state.legal_actions(state.current_player)[0]
    with pytest.raises(IllegalAction) as info:
        state.apply(wrong, other)
    assert str(info.value)
    assert state.to_json() == before
