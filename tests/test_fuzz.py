"""A short slice of the fuzzer in CI (``tabletop bench`` runs the full 10,000 games)."""

from __future__ import annotations

import pytest

from tabletop.lab.fuzz import FuzzFailure, fuzz_entry, fuzz_game, variants
from tabletop.games import REGISTRY

from .clocks import CountingClock


@pytest.mark.parametrize("entry", list(REGISTRY), ids=lambda e: e.id)
def test_fuzz_slice_finds_nothing(entry):
    reports = fuzz_entry(entry, games_per_variant=6, seed=7)
    assert {r.players for r in reports} == set(range(entry.min_players, entry.max_players + 1))
    for report in reports:
        assert report.failures == [], report.failures[0]
        assert report.games == 6 and report.moves > 0


def test_a_variant_stops_at_its_time_limit():
    # Each game takes one second by this clock: past 2.5 seconds after the third game.
    reports = fuzz_entry(REGISTRY.get("anniversary"), games_per_variant=50, seed=7,
                         time_limit=2.5, clock=CountingClock(1.0))
    assert reports and all(r.games == 3 and r.seconds == 4.0 for r in reports)


def test_every_option_value_is_fuzzed():
    entry = REGISTRY.get("enemy-anemone")
    seen = {(players, tuple(sorted(options.items()))) for players, options in variants(entry)}
    assert (2, ()) in seen and (6, (("hands", 1),)) in seen


def test_a_broken_invariant_is_reported_with_its_seed(monkeypatch):
    entry = REGISTRY.get("enemy-anemone")
    from tabletop.games.enemy_anemone.rules import EnemyAnemoneState

    original = EnemyAnemoneState.invariant_violations

    def broken(self):
        problems = original(self)
        if len(self.tricks) == 2:
            problems.append("planted fault")
        return problems

    monkeypatch.setattr(EnemyAnemoneState, "invariant_violations", broken)
    with pytest.raises(FuzzFailure, match=r"seed=123.*planted fault"):
        fuzz_game(entry, 4, {"hands": 1}, 123)
