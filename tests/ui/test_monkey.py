"""A short slice of the UI monkey in CI (``tabletop bench`` throws 50,000 events)."""

from __future__ import annotations

import re
from typing import Any

from tabletop.lab.monkey import SCENE_KINDS, run_monkey


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


def test_a_crash_is_reported_and_the_monkey_goes_on_from_a_fresh_scene(tmp_path, monkeypatch):
    from tabletop.ui.scenes.menu import MainMenu

    update = MainMenu.update
    menus: list[MainMenu] = []

    def falls_over_once(self: MainMenu, dt: float) -> None:
        menus.append(self)
        if len(menus) == 10:
            raise RuntimeError("the menu fell over")
        update(self, dt)
    monkeypatch.setattr(MainMenu, "update", falls_over_once)
    report = run_monkey(events=200, seed=5, home=tmp_path, per_scene=50)
    assert report.events == 200
    assert report.crashes == 1 and len(report.problems) == 1
    problem = report.problems[0]
    found = re.match(r"seed 5 event (\d+) in MainMenu: RuntimeError: the menu fell over\n",
                     problem)
    assert found is not None, problem
    assert int(found.group(1)) < 50  # the menu's slice of the run
    # the traceback's last lines, down to the line that raised
    assert problem.rstrip().endswith("RuntimeError: the menu fell over")
    assert 'raise RuntimeError("the menu fell over")' in problem
    assert "in falls_over_once" in problem
    # the monkey went on with a fresh menu, then every other kind of scene in turn
    crashed = menus[9]
    assert any(menu is not crashed for menu in menus[10:])
    assert {"SetupScene", "SettingsScene", "RulesScene"} <= set(report.scenes)
    assert report.to_json()["crashes"] == 1
    assert report.to_json()["problems"] == [problem]


def test_a_scene_that_cannot_even_start_again_leaves_a_fresh_app_on_its_menu(tmp_path,
                                                                            monkeypatch):
    from tabletop.lab import monkey
    from tabletop.ui.scenes.rules import RulesScene

    def broken(self: RulesScene) -> None:
        raise RuntimeError("no rules today")
    apps: list[monkey.App] = []

    class CountedApp(monkey.App):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            apps.append(self)
    monkeypatch.setattr(RulesScene, "enter", broken)
    monkeypatch.setattr(monkey, "App", CountedApp)
    report = run_monkey(events=200, seed=5, home=tmp_path, per_scene=50)
    assert report.events == 200
    assert all("RuntimeError: no rules today" in p for p in report.problems)
    # the rules' slice begins at event 150: the scene fails, and fails again on the retry
    assert any(p.startswith("seed 5 event 150 in rules: RuntimeError") for p in report.problems)
    assert any(p.startswith("seed 5 event 150 in rules (starting the scene again): ")
               for p in report.problems)
    assert report.crashes == len(report.problems)
    assert len(apps) == 2  # the run went on in a fresh app
