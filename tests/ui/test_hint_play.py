"""Whole games played by asking for a hint and taking it: H, then Enter, every turn.

Every Enter makes progress — never a take-back, never a refusal — until the results.
The hint comes from the bot worker, so this also plays every step a person takes
for a bot's one-step move (Anno's whole match: lay down, add each card, confirm)."""

from __future__ import annotations

import re

import pygame
import pytest

from tabletop.engine.match import Match
from tabletop.games import REGISTRY
from tabletop.games.anniversary.actions import Unpick
from tabletop.games.anno.actions import Unstage, Withdraw
from tabletop.games.enemy_anemone.actions import Arm
from tabletop.ui.scenes.results import ResultsScene

from ..play import solo_for

GAMES = {
    "enemy-anemone": (3, {"hands": 1}),
    "anniversary": (2, {"chapter": 2}),
    "anno": (3, {"rounds": 1}),
    "annapurna": (2, {"level": "easy"}),
}


def took_back(before, action) -> bool:  # type: ignore[no-untyped-def]
    if isinstance(action, (Withdraw, Unstage, Unpick)):
        return True
    if isinstance(action, Arm):
        return action.ones + action.twos < sum(before.armed) if hasattr(before, "armed") else False
    return False


def refusals(table) -> list[str]:  # type: ignore[no-untyped-def]
    said: list[str] = []
    table.illegal = lambda reason: said.append(reason)
    return said


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_hint_and_enter(driver, game):
    players, options = GAMES[game]
    entry = REGISTRY.get(game)
    match = Match(entry, solo_for(entry, players), seed=12, options=options)
    table = driver.open_table(match)
    refused = refusals(table)
    turns = 0
    while not isinstance(driver.top, ResultsScene):
        driver.until(lambda: isinstance(driver.top, ResultsScene)
                     or (table.my_turn() and not table.animating))
        if isinstance(driver.top, ResultsScene):
            break
        position = table.session.position
        state_before = table.session.obs
        driver.key(pygame.K_h)
        driver.until(lambda: not table.session.asking, limit=600)
        assert table.chrome.showing.startswith("Hint"), table.chrome.showing
        before = len(match.history)
        driver.key(pygame.K_RETURN)
        assert table.session.position != position, f"{game}: Enter after the hint did nothing"
        mine = [a for seat, a in match.history[before:] if seat == 0]
        assert mine, f"{game}: Enter made no move of the player's"
        assert not took_back(state_before, mine[0]), f"{game}: the hint took back ({mine[0]})"
        assert not refused, refused
        turns += 1
        assert turns < 400, "the game did not end"
    assert match.is_over and turns > 3 and match.hints == turns
    assert table.drift == 0


@pytest.mark.slow
def test_anomia_by_hint_space_and_the_hinted_answer(driver):
    """H then Space turns up a card; in a face-off (where letters type the answer) the
    Hint button names an answer, which is typed and sent with Enter."""
    entry = REGISTRY.get("anomia")
    match = Match(entry, solo_for(entry, 3), seed=12)
    table = driver.open_table(match)
    refused = refusals(table)
    answered = drawn = 0
    for _ in range(2_000):
        if isinstance(driver.top, ResultsScene) or (drawn >= 3 and answered >= 2):
            break
        obs = table.spec.current()
        if table.animating and obs.phase != "faceoff":
            driver.frames(1)
            continue
        faceoff = obs.faceoff
        if obs.phase == "draw" and table.spec.game.owner(obs.turn) == 0:
            driver.key(pygame.K_h)
            driver.frames(2)
            assert table.chrome.showing.startswith("Hint"), table.chrome.showing
            before = len(match.history)
            driver.key(pygame.K_SPACE)
            assert len(match.history) > before
            drawn += 1
        elif obs.phase == "faceoff" and faceoff is not None and 0 in faceoff.seats:
            # Letters type the answer in a face-off: the hint is the Hint button's.
            driver.click(table.frame.hint_button.center)
            driver.frames(1)
            hint = re.search(r"“(.+?)”", table.chrome.showing)
            if hint is None:
                driver.frames(1)
                continue
            before = len(match.history)
            driver.type(hint.group(1))
            driver.key(pygame.K_RETURN)
            if len(match.history) > before:
                answered += 1
        else:
            driver.frames(1)
    assert drawn >= 3 and answered >= 1, (drawn, answered)
    assert not refused, refused
