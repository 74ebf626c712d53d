"""A short slice of the UI monkey in CI (``tabletop bench`` throws 50,000 events)."""

from __future__ import annotations

from tabletop.ui.monkey import SCENE_KINDS, run_monkey


def test_random_input_everywhere_breaks_nothing(tmp_path):
    report = run_monkey(events=2400, seed=11, home=tmp_path, per_scene=300)
    assert report.problems == []
    assert report.events == 2400
    assert len(SCENE_KINDS) * 300 == 2400
    seen = set(report.scenes)
    for scene in ("MainMenu", "SetupScene", "SettingsScene", "RulesScene", "Table",
                  "PauseScene", "Curtain", "ResultsScene"):
        assert scene in seen, f"the monkey never reached {scene}"
    assert report.matches_checked >= 3
