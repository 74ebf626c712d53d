"""Replaying a finished game: the same moves give the same ending, from any seat's view,
stepping forwards and back; the results screen opens it."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.match import Match
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.table.replay import ReplayTable, replay_table

from .. import play
from .conftest import not_blank

OPTIONS = {"enemy-anemone": {"hands": 1}, "anno": {"rounds": 1}}


def finished(entry, players: int, seed: int) -> Match:
    return play.finished(entry, play.solo(players, entry.bot_levels[0]), seed,
                         **OPTIONS.get(entry.id, {}))


@pytest.mark.parametrize("game", [e.id for e in CATALOGUE.playable(REGISTRY)])
def test_a_replay_reaches_the_same_ending_and_steps_both_ways(driver, game):
    entry = REGISTRY.get(game)
    match = finished(entry, 3 if entry.max_players >= 3 else 2, seed=5)
    driver.scenes.push(ResultsScene(driver.ctx, match))
    driver.frames(2)
    button = next(w for w in driver.top.widgets if getattr(w, "label", "") == "Replay")
    driver.click(button.rect.center)
    driver.frames(2)
    table = driver.top
    assert isinstance(table, ReplayTable) and table.session.bottom == 0
    assert not table.my_turn()
    driver.frames(30, 1 / 30)
    assert 0 < table.replay.position < len(match.history)
    driver.key(pygame.K_SPACE)  # pause
    at = table.replay.position
    driver.key(pygame.K_LEFT)
    driver.frames(2)
    assert table.replay.position == at - 1
    driver.key(pygame.K_RIGHT)
    driver.frames(2)
    assert table.replay.position == at
    driver.key(pygame.K_2)  # the second seat's view
    driver.frames(2)
    assert table.session.bottom == 1
    assert not_blank(driver.shot(f"replay-{game}"))
    driver.key(pygame.K_SPACE)  # play on to the end
    driver.until(lambda: table.replay.position == len(match.history) and not table.animating,
                 limit=60_000, dt=1 / 10)
    assert table.match.state.to_json() == match.state.to_json()
    assert table.match.is_over and table.drift == 0
    assert driver.ctx.storage.load_records()[0].records == []  # a replay counts for nothing
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert isinstance(driver.top, ResultsScene)


def test_a_replay_can_be_built_without_the_results_screen(driver):
    match = finished(REGISTRY.get("anomia"), 4, seed=9)
    table = replay_table(driver.ctx, match, seat=2)
    driver.scenes.push(table)
    driver.frames(2)
    assert table.session.bottom == 2
