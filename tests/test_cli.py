"""The command line: usage on bad input, and the JSON reports of simulate and autoplay."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(*args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True,
                          text=True, timeout=timeout, env=ENV)


@pytest.mark.parametrize("args", [
    pytest.param(["bogus"], id="unknown-command"),
    pytest.param(["simulate"], id="missing-game"),
    pytest.param(["simulate", "enemy-anemone", "--players", "x", "--games", "1", "--seats", "a"],
                 id="bad-number"),
    pytest.param(["simulate", "chess", "--players", "2", "--games", "1", "--seats", "easy,easy"],
                 id="unknown-game"),
    pytest.param(["simulate", "anomia", "--players", "3", "--games", "1",
                  "--seats", "random,random,random"], id="level-the-game-lacks"),
    pytest.param(["simulate", "enemy-anemone", "--players", "7", "--games", "1",
                  "--seats", "easy,easy"], id="too-many-players"),
    pytest.param(["simulate", "enemy-anemone", "--players", "2", "--games", "1",
                  "--seats", "easy,genius"], id="unknown-level"),
    pytest.param(["autoplay", "enemy-anemone", "--players", "3", "--size", "big"], id="bad-size"),
    pytest.param(["autoplay", "enemy-anemone"], id="missing-players"),
    pytest.param(["--no-such-flag"], id="unknown-flag"),
    pytest.param(["simulate", "enemy-anemone", "--players", "2", "--games", "1",
                  "--seats", "easy,easy", "--chapter", "2"], id="no-chapters"),
    pytest.param(["simulate", "enemy-anemone", "--players", "2", "--games", "1",
                  "--seats", "easy,easy", "--ceiling"], id="no-solver"),
    pytest.param(["simulate", "anniversary", "--players", "2", "--games", "1",
                  "--seats", "easy,easy", "--chapter", "13"], id="no-such-chapter"),
    pytest.param(["simulate", "anniversary", "--players", "3", "--games", "1",
                  "--seats", "easy,easy,easy"], id="anniversary-is-for-two"),
])
def test_bad_arguments_print_usage_and_fail(args, capsys):
    with pytest.raises(SystemExit) as exit_info:
        code = main(args)
        raise SystemExit(code)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "error:" in err


def test_simulate_reports_win_shares_and_decision_times():
    result = run("simulate", "enemy-anemone", "--players", "3", "--games", "6",
                 "--seats", "easy,random,random", "--seed", "4", "--hands", "1", "--jobs", "2",
                 "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 6
    assert len(report["win_share"]) == 3
    assert abs(sum(report["win_share"]) - 1.0) < 1e-6
    assert all({"p50", "p95"} <= set(ms) for ms in report["decision_ms"])
    again = json.loads(run("simulate", "enemy-anemone", "--players", "3", "--games", "6",
                           "--seats", "easy,random,random", "--seed", "4", "--hands", "1",
                           "--jobs", "1", "--json").stdout)
    assert again["win_share"] == report["win_share"]  # same seed, same games, any worker count


def test_simulate_anniversary_reports_success_and_the_ceiling():
    result = run("simulate", "anniversary", "--players", "2", "--games", "6", "--chapter", "2",
                 "--seats", "easy,easy", "--seed", "3", "--ceiling", "--jobs", "1", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 6 and report["win_share"][0] == report["win_share"][1]
    assert report["success_rate"] == report["win_share"][0]
    assert 0 <= report["ceiling"] <= 1 and 0 <= report["undecided"] <= 1
    # A deal the bots won is one the solver cannot call lost.
    assert report["ceiling"] + report["undecided"] >= report["success_rate"]


def test_autoplay_plays_through_the_real_table(tmp_path):
    shot = tmp_path / "last.png"
    result = run("autoplay", "enemy-anemone", "--players", "3", "--seed", "2", "--hands", "1",
                 "--size", "1280x720", "--screenshot", str(shot), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["over"] is True
    assert report["frames"] > 100
    assert {"p50", "p99", "max"} <= set(report["frame_ms"])
    assert len(report["scores"]) == 3 and sum(report["scores"]) > 0
    assert report["drift"] == 0
    assert report["bot_failures"] == 0 and report["first_bot_failures"] == []
    assert shot.stat().st_size > 10_000


def test_shortcut_writes_a_launcher_that_starts_this_installation(tmp_path, monkeypatch):
    if sys.platform.startswith(("win", "darwin")):
        pytest.skip("the Linux launcher is checked here")
    from tabletop.shortcut import install_shortcuts

    (tmp_path / "Desktop").mkdir()
    written = install_shortcuts(home=tmp_path, data=tmp_path / "data")
    menu = tmp_path / ".local/share/applications/tabletop.desktop"
    assert menu in written and (tmp_path / "Desktop/tabletop.desktop") in written
    entry = menu.read_text()
    assert f"Exec={sys.executable} -m tabletop" in entry
    icon = entry.split("Icon=")[1].splitlines()[0]
    assert Path(icon).stat().st_size > 1000
    assert os.access(tmp_path / "Desktop/tabletop.desktop", os.X_OK)


@pytest.mark.slow
def test_quick_bench_reports_every_section():
    result = run("bench", "--quick", "--json", timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    game = report["games"]["enemy-anemone"]
    assert set(game) == {"engine", "bots", "fuzz", "table"}
    assert game["fuzz"]["failures"] == 0 and game["fuzz"]["games"] >= 200
    assert game["table"]["over"] and game["table"]["drift"] == 0
    assert {"p50", "p99", "max"} <= set(game["table"]["frame_ms"])
    assert set(game["bots"]["decision_ms"]) == {"random", "easy", "normal", "hard"}
    assert report["crash"]["failures"] == 0 and report["crash"]["kills"] >= 2
    assert report["app"]["cold_start"]["runs"] == 5
    assert report["app"]["monkey"]["problems"] == []


def test_with_no_display_it_says_so_and_stops_instead_of_running_unseen(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env["TABLETOP_HOME"] = str(tmp_path)
    result = subprocess.run([sys.executable, "-m", "tabletop"], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 3
    assert "Tabletop needs a display" in result.stderr


def test_autoplay_waits_out_a_thinking_bot_without_counting_its_frames(monkeypatch):
    """Frames spin while a search bot thinks; they must not use up the limit meant to
    catch a game that never ends (a ``hard`` game used to stop half played)."""
    import tabletop.lab.autoplay as autoplaying
    from tabletop.games import REGISTRY

    monkeypatch.setattr(autoplaying, "FRAME_LIMIT", 1000)
    report = autoplaying.autoplay(REGISTRY.get("enemy-anemone"), 2, 7, options={"hands": 1},
                                  level="normal", size=(1024, 640))
    assert report["over"] is True
    assert report["frames"] > 1000  # the waits were frames too, just not counted
