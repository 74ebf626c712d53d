"""The hint, in every game: what the ``normal`` bot would do from the viewer's own seat,
lit on the table, counted, and playable from there with Enter."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.rng import Rng

from tabletop.engine.match import Match
from tabletop.games import CATALOGUE, REGISTRY

from ..play import solo_for
from .conftest import not_blank

GAMES = [entry.id for entry in CATALOGUE.playable(REGISTRY)]


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_lights_what_the_normal_bot_would_do_and_enter_plays_it(driver, game):
    entry = REGISTRY.get(game)
    players = entry.min_players if entry.min_players >= 2 else 2
    if game == "anomia":
        players = 3
    match = Match(entry, solo_for(entry, players), seed=11)
    table = driver.open_table(match)
    assert driver.until(lambda: table.my_turn() and not table.animating, limit=5_000) < 5_000
    driver.frames(10)  # the first turn's tip has had its moment
    before = len(match.history)
    driver.key(pygame.K_h)
    driver.frames(2)
    said = table.chrome.showing
    assert said.startswith("Hint"), said
    # ... and why the move is good, in the game's words about that very move.
    hinted = entry.make_bot("normal").choose(table.session.obs, match.state.legal_actions(table.session.viewer),
                                             Rng(len(match.history) + 1))
    why = CATALOGUE.get(entry.id).presenter.explain(table.session.obs, hinted)
    assert why and said.endswith(why), said
    assert match.hints == 1
    lit = table.controls.focus is not None or table.controls._target_sprites
    assert lit, "the hint lit nothing"
    assert not_blank(driver.shot(f"hint-{game}"))
    if table.controls.focus is not None:
        driver.key(pygame.K_RETURN)
        driver.frames(3)
        assert len(match.history) > before, "Enter did not play the hinted piece"
        assert not table.chrome.showing.startswith("Hint"), "the hint outlived its move"
    # Kept with the save, for the statistics.
    assert Match.from_json(REGISTRY, match.to_json()).hints == 1


def test_an_anno_hint_for_a_whole_match_lights_its_month_and_names_the_cards(driver):
    from tabletop.games.anno.actions import Burn, Match as AnnoMatch
    from tabletop.games.anno.bot import make_bot
    from tabletop.engine.rng import Rng

    entry = REGISTRY.get("anno")
    match = Match(entry, solo_for(entry, 2), seed=5)
    table = driver.open_table(match)
    state = match.state
    normal = make_bot("normal")
    for _ in range(40):  # burn until the hint is a match (burning is always possible)
        assert driver.until(lambda: table.my_turn() and not table.animating, limit=5_000) < 5_000
        hint = normal.choose(table.session.obs, state.legal_actions(0), Rng(len(match.history) + 1))
        if isinstance(hint, AnnoMatch):
            break
        burn = next(a for a in state.generate_legal(0) if isinstance(a, Burn))
        table.session.act([burn])
    assert isinstance(hint, AnnoMatch)
    driver.frames(10)
    driver.key(pygame.K_h)
    driver.frames(2)
    said = table.chrome.showing
    assert said.startswith("Hint:") and str(hint.month) in said
    assert all(str(card) in said for card in hint.cards) and "Confirm" in said
    driver.shot("hint-anno-match")
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    assert state.declared == hint.month  # Enter takes the first step: the month
