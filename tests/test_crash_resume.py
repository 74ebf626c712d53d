"""Kill the real app at random moments; Continue must restore the exact saved state.

CI runs a few kills; ``tabletop bench`` runs fifty.
"""

from __future__ import annotations

import random

import pytest

from tabletop.lab.endurance import kill_and_resume


@pytest.mark.parametrize(("trial", "players"), [(0, 4), (1, 2), (2, 6), (3, 3)])
def test_killed_mid_game_resumes_exactly(tmp_path, trial, players):
    result = kill_and_resume("enemy-anemone", players, 40 + trial, tmp_path / "home",
                             random.Random(trial))
    assert result["actions"] >= 1


@pytest.mark.parametrize(("trial", "players"), [(0, 3), (1, 4)])
def test_anno_killed_mid_game_resumes_exactly(tmp_path, trial, players):
    result = kill_and_resume("anno", players, 70 + trial, tmp_path / "home", random.Random(trial))
    assert result["actions"] >= 1
