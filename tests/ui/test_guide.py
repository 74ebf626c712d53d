"""First-game tips: each game's terms explained once, the first time they come up, in a
callout that a click sends away; a second game shows none of them again."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.rng import Rng

from tabletop.engine.match import Match
from tabletop.games import CATALOGUE, REGISTRY

from tabletop.ui.flow import Home
from tabletop.ui.table.guide import COACH

from ..play import finished, solo_for
from .conftest import not_blank

GAMES = [entry.id for entry in CATALOGUE.playable(REGISTRY)]


def play_a_while(driver, table, frames: int, click: bool = False) -> list[str]:
    """Play the human's turns with the hint (Anomia: draw); the tips shown, in order.
    With ``click``, the first tip is sent away by a click on it."""
    shown: list[str] = []
    for _ in range(frames):
        driver.frames(1, 1 / 20)
        showing = table.guide.shown
        if driver.top is not table or (len(shown) >= 2 and (showing is None
                                                            or showing.key == COACH)):
            break
        note = table.guide.shown
        if note is not None and note.key == COACH:
            note = None  # a guided turn's "why" (tested below), not a term's tip
        if note is not None and (not shown or shown[-1] != note.key):
            shown.append(note.key)
            if len(shown) == 1:
                assert not_blank(driver.shot(f"guide-{table.entry.id}"))
                if click:
                    driver.click(table.guide.sprite.rect.center)
                    assert table.guide.shown is not note  # gone at once
        if table.match.is_over or not table.my_turn() or table.animating:
            continue
        if table.entry.id == "anomia":
            if table.match.state.phase == "draw":
                driver.key(pygame.K_SPACE)
        else:
            driver.key(pygame.K_h)
            driver.key(pygame.K_RETURN)
    return shown


@pytest.mark.parametrize("game", GAMES)
def test_each_term_is_explained_once_the_first_time_it_comes_up(driver, game):
    entry = REGISTRY.get(game)
    driver.ctx.settings.guide = True
    players = 3 if game == "anomia" else 2
    table = driver.open_table(Match(entry, solo_for(entry, players), seed=3))
    shown = play_a_while(driver, table, 1200, click=True)
    assert shown, "no tip came up"
    assert len(shown) == len(set(shown)), f"a tip came twice: {shown}"
    notes = {n.key: n for n in table.spec.guide()}
    assert set(shown) <= set(notes)
    assert {f"{game}:{key}" for key in shown} <= set(driver.ctx.settings.guide_seen)
    # The next game of it repeats none of the tips already shown.
    driver.follow(Home())
    driver.frames(2)
    again = driver.open_table(Match(entry, solo_for(entry, players), seed=4))
    assert again is not table
    assert not set(play_a_while(driver, again, 200)) & set(shown)


def test_tips_can_be_switched_off_and_on_again_in_the_settings(driver):
    from tabletop.ui.scenes.settings import SettingsScene
    from tabletop.ui.widgets.toggle import Toggle

    ctx = driver.ctx
    ctx.settings.guide_seen = ["anno:burn"]
    scene = SettingsScene(ctx)
    driver.scenes.push(scene)
    driver.frames(2)
    switch = [w for w in scene.widgets if isinstance(w, Toggle)][-1]
    assert switch.value is False
    driver.click(switch.rect.center)
    assert ctx.settings.guide is True and ctx.settings.guide_seen == []


def first_turn_of_a_first_game(driver, game):  # type: ignore[no-untyped-def]
    """A first game of ``game`` (tips on) against bots, at the human's first turn."""
    entry = REGISTRY.get(game)
    driver.ctx.settings.guide = True
    match = Match(entry, solo_for(entry, 2), seed=3)
    table = driver.open_table(match)
    assert driver.until(lambda: table.my_turn() and not table.animating, limit=5_000) < 5_000
    driver.frames(2)
    return match, table


@pytest.mark.parametrize("game", ["anno", "enemy-anemone"])
def test_a_first_game_lights_a_good_move_on_the_first_turns_without_counting_hints(driver,
                                                                                   game):
    match, table = first_turn_of_a_first_game(driver, game)
    assert table.controls.focus is not None or table.controls._target_sprites
    assert "a good move is lit" in table.chrome.showing
    assert match.hints == 0
    # A note says why the lit move is good, in the game's own words about that move.
    assert driver.until(lambda: table.guide.shown is not None
                        and table.guide.shown.key == COACH, limit=600) < 600
    why = table.guide.shown.text
    hinted = table.entry.make_bot("normal").choose(
        table.session.obs, match.state.legal_actions(table.session.viewer), Rng(len(match.history) + 1))
    assert why == CATALOGUE.get(game).presenter.explain(table.session.obs, hinted) != ""
    assert not_blank(driver.shot(f"guided-why-{game}"))
    driver.key(pygame.K_RETURN)  # the lit move, played
    driver.frames(2)
    assert len(match.history) > 1
    # Once the move is made, what the note said is past: it goes, and does not come
    # back from behind another note either.
    for _ in range(200):
        assert table.guide.shown is None or table.guide.shown.text != why
        if table.guide.shown is not None:
            driver.click(table.guide.sprite.rect.center)  # send the others away
        driver.frames(1, 1 / 20)


def test_no_guided_moves_once_a_game_of_that_kind_was_finished(driver):
    entry = REGISTRY.get("anno")
    driver.ctx.settings.guide = True
    driver.ctx.storage.record_game(finished(entry, solo_for(entry, 2), rounds=1))
    table = driver.open_table(Match(entry, solo_for(entry, 2), seed=3))
    assert table.hints.guided_turns == 0


def test_a_first_storybook_chapter_guides_the_top_to_keep_the_top_card(driver):
    """Chapter 1: the player at the screen is the top and is offered "The Last Word";
    the guided turn lights taking it and says why: the Top card, kept for the last
    Date."""
    from tabletop.games.anniversary.actions import Take

    entry = REGISTRY.get("anniversary")
    driver.ctx.settings.guide = True
    match = Match(entry, solo_for(entry, 2), seed=8, options={"chapter": 1})
    table = driver.open_table(match)
    assert driver.until(lambda: table.my_turn() and not table.animating, limit=5_000) < 5_000
    assert driver.until(lambda: table.guide.shown is not None
                        and table.guide.shown.key == COACH, limit=900) < 900
    assert "The Last Word" in table.guide.shown.text and "Top card" in table.guide.shown.text
    assert not_blank(driver.shot("guided-why-anniversary-draft"))
    assert table.controls.focus is not None or table.controls._target_sprites
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    assert any(isinstance(a, Take) for _, a in match.history)


def test_a_why_note_waiting_behind_a_tip_is_dropped_once_a_move_is_made(driver):
    from tabletop.games.anno.events import CardBurned  # any event of the game will do

    entry = REGISTRY.get("anno")
    driver.ctx.settings.guide = True
    table = driver.open_table(Match(entry, solo_for(entry, 2), seed=3))
    guide = table.guide
    guide.hide()
    guide.waiting = []
    tip = next(n for n in table.spec.guide() if n.key != COACH)
    guide.show(tip)
    guide.coach("Burn the Leo: it is the card you need least.")
    assert guide.shown is tip and [n.key for n in guide.waiting] == [COACH]
    guide.played(CardBurned(0, table.match.state.hands[0][0]))
    guide.dismiss()
    assert guide.shown is None or guide.shown.key != COACH


@pytest.mark.parametrize("game", ["anniversary", "anno", "enemy-anemone"])
def test_the_first_tip_steps_aside_from_the_places_a_chosen_piece_may_go(driver, game):
    """(The games whose first turn opens with a tip and lifts a piece: Annapurna's news
    has its own room, Anomia has nothing to lift.)"""
    match, table = first_turn_of_a_first_game(driver, game)
    tip = table.chrome.showing
    assert tip, "a first game's first turn shows a tip"
    moves = table.moves()
    spots = [(zone, i) for zone, pieces in table.view().zones.items()
             if zone in table.picture.zones
             for i, piece in enumerate(pieces) if moves.usable(piece.key)]
    lit = 0
    for spot in spots:
        table.controls.choose(spot)
        driver.frames(1)
        assert table.chrome.showing == tip  # still said, only moved
        toast = table.chrome._toast.rect
        for sprite in table.controls._target_sprites:
            lit += 1
            assert not toast.colliderect(sprite.rect), (spot, toast, sprite.rect)
    assert lit, "some piece has a place to go"
