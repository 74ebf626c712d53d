"""``hard`` reads how its friends climb, from the table only, and imagines the next
friend's turn in that style before it scores a step."""

from __future__ import annotations

import pytest

from tabletop.engine.protocol import settle
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY
from tabletop.games.annapurna.actions import Explore, Sweep, Trade
from tabletop.games.annapurna.bot import _friend_turn, plain_step
from tabletop.games.annapurna.observation import ACT, AnnapurnaObservation
from tabletop.games.annapurna.reading import (
    CLIMBER, EXPLORER, FRIEND_STYLES, PRIOR, WILD, clues, read_friends,
)

from ...play import seen_by

PEAK_GAME = REGISTRY.get("annapurna")


def ascent_beside(level: str, seed: int) -> list[AnnapurnaObservation]:
    """Seat 0's observations on the Easy Trail, a ``normal`` climber beside a friend of
    ``level``."""
    seen = seen_by(PEAK_GAME, ("normal", level), seed, {"level": "easy"})
    return [o for o in seen if isinstance(o, AnnapurnaObservation)]


def test_a_friend_who_only_explores_the_lowest_card_reads_as_an_explorer():
    explorer = climber = 0.0
    for seed in range(6):
        scripted = ascent_beside("scripted", seed)
        explorer += read_friends(scripted[len(scripted) // 2])[1][EXPLORER]
        normal = ascent_beside("normal", seed)
        climber += read_friends(normal[len(normal) // 2])[1][CLIMBER]
    assert explorer / 6 > 0.6 > PRIOR[EXPLORER]
    assert climber / 6 > PRIOR[CLIMBER]


def test_the_clues_are_what_the_friends_mountainside_and_backpack_show():
    seen = ascent_beside("scripted", 3)
    start = seen[0]  # the friend has not reached base camp yet: nothing to read
    assert start.locations[1] < 0 and clues(start, 1) == []
    # Its own seat is never read.
    for observation in seen[::5]:
        weights = read_friends(observation)
        assert weights[0] == pytest.approx(PRIOR) and len(weights[1]) == len(FRIEND_STYLES)
        assert abs(sum(weights[1]) - 1) < 1e-9
    late = next(o for o in reversed(seen) if o.locations[1] >= 5 and not o.peaks[1])
    assert "rows_cleared" in clues(late, 1) and "climbed_past" not in clues(late, 1)
    normal = ascent_beside("normal", 3)
    found = {clue for o in normal for clue in clues(o, 1)}
    assert "climbed_past" in found or "traded" in found


def test_the_imagined_friend_plays_its_style():
    game = PEAK_GAME.new_game(2, {"level": "easy"})
    state = game.new_state(11)
    settle(state)
    # Seat 0 explores, so that it is the friend's turn.
    state.apply(next(a for a in state.legal_actions(0) if isinstance(a, Explore)), 0)
    while state.current_player == 0 and not state.is_over:
        legal = state.legal_actions(0)
        state.apply(Sweep() if Sweep() in legal else legal[0], 0)
    assert state.current_player == 1 and state.phase == ACT
    legal = state.legal_actions(1)
    twin = state.clone()
    _friend_turn(twin, 0, EXPLORER, 0)
    assert not twin.face_down(1)[plain_step(legal).place] and twin.player != 1
    for style in (CLIMBER, WILD):
        twin = state.clone()
        _friend_turn(twin, 0, style, 3)
        assert twin.player != 1 or twin.over
    assert not any(isinstance(a, Trade) for a in [plain_step(legal)])


def test_hard_weighs_no_more_steps_once_its_time_is_up():
    """Past its time, ``hard`` takes the best of the steps weighed so far (always the
    first); with time to spare it weighs them all."""
    from tabletop.games.annapurna.bot import HARD_SECONDS, _prune, decide, make_bot

    game = PEAK_GAME.new_game(2, {"level": "easy"})
    state = game.new_state(5)
    settle(state)
    observation = state.observation(0)
    legal = state.legal_actions(0)
    assert len(_prune(state, 0, legal)) > 2
    ticks = iter([0.0] + [HARD_SECONDS * 10] * 1000)
    hurried = make_bot("hard")
    hurried.clock = lambda: next(ticks)  # type: ignore[attr-defined]
    assert hurried.choose(observation, legal, Rng(3)) == _prune(state, 0, legal)[0]
    calm = make_bot("hard")
    calm.clock = lambda: 0.0  # type: ignore[attr-defined]
    rng = Rng(3)
    samples = [game.sample_state(observation, rng) for _ in range(16)]
    whole = decide(samples, 0, legal, lookahead=True, friends=read_friends(observation),
                   rng=rng)
    assert calm.choose(observation, legal, Rng(3)) == whole
