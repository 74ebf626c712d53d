"""Saves written by earlier versions load, rebuild the position they hold, and play on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.engine.match import Match
from tabletop.engine.protocol import NATURE, stamp
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY

SAVES = sorted((Path(__file__).parents[1] / "fixtures" / "saves").glob("*.json"))


def test_every_game_has_saves_kept():
    kept = {path.name.rsplit("-", 1)[0] for path in SAVES}
    assert kept == {entry.id for entry in REGISTRY}


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_kept_save_loads_as_written_and_plays_on(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    match = Match.from_json(REGISTRY, data)
    assert len(match.history) == len(data["actions"])  # replayed, not patched
    assert match.state.to_json() == data["snapshot"]
    again = match.game.state_from_json(data["snapshot"])
    assert again.to_json() == data["snapshot"]
    assert again.clone().to_json() == data["snapshot"]
    bots = [match.entry.make_bot("easy") for _ in match.seats]
    rng = Rng(7)
    for _ in range(400):
        if match.is_over:
            break
        state = match.state
        due = state.deadline()
        plans = []
        for seat in sorted(state.acting_seats()):
            observation = state.observation(seat)
            action = bots[seat].choose(observation, state.legal_actions(seat), rng)
            at = max(getattr(action, "at", 0), getattr(observation, "now", 0))
            plans.append((at, seat, stamp(action, at)))
        plans.sort(key=lambda plan: (plan[0], plan[1]))
        if due is not None and (not plans or due.at < plans[0][0]):
            match.apply(due.action, NATURE)
        else:
            match.apply(plans[0][2], plans[0][1])
        match.settle()
        assert match.state.invariant_violations() == []
    assert len(match.history) > len(data["actions"])
