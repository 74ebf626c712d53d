"""The two-window measurement (``tabletop bench``'s network section) plays a whole game
between a host's window and a joined window, and times what it says it times."""

from __future__ import annotations

import os

from tabletop.games import REGISTRY
from tabletop.lab.netwindow import click_to_screen


def test_a_host_window_and_a_joined_window_play_a_game_and_are_timed(monkeypatch):
    monkeypatch.setitem(os.environ, "SDL_VIDEODRIVER", "dummy")
    monkeypatch.setitem(os.environ, "SDL_AUDIODRIVER", "dummy")
    report = click_to_screen(REGISTRY.get("enemy-anemone"), {"hands": 1}, games=1)
    waits = report["click_to_screen_ms"]
    # Every move made at the host's screen (one a trick, ten tricks) reached the other.
    assert waits["samples"] >= 8 and 0 < waits["p50"] <= waits["p95"] <= waits["max"]
    for kind in ("hosted", "one_screen", "hosted_beside_window"):
        assert report[f"{kind}_frame_ms"]["frames"] > 100
    assert report["frame_p99_ratio"] > 0 and report["heavy_frame_ratio"] > 0
