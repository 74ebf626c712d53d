"""Every scene is drawn and is not blank (set TABLETOP_SHOTS=folder to keep the PNGs)."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.ui.context import Context
from tabletop.ui.flow import Home, Open, Route
from tabletop.ui.scenes.choice import ChoiceScene
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.message import MessageScene
from tabletop.ui.scenes.pause import PauseScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.table.scene import Table

from .conftest import not_blank

EA = REGISTRY.get("enemy-anemone")


def seats(players: int, humans: int = 1) -> list[Seat]:
    return [Seat("Ada" if i == 0 else f"Bot {i}", SeatKind.HUMAN if i < humans else SeatKind.BOT,
                 None if i < humans else "easy") for i in range(players)]


def advanced_match(players: int, steps: int, seed: int = 3) -> Match:
    match = Match(EA, seats(players), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        match.settle()
        seat = match.state.current_player
        match.apply(rng.choice(match.state.legal_actions(seat)), seat)
    return match


def test_main_menu(driver):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(3)
    assert not_blank(driver.shot("menu"))


def test_main_menu_with_continue(driver):
    driver.ctx.storage.save_match(advanced_match(4, 5))
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(3)
    menu = driver.top
    assert len(menu.saved) == 1 and [b.label for b, _ in menu.continues] == ["Continue"]
    assert CATALOGUE.get(EA.id).presenter.progress_line(menu.saved[0].state).startswith("hand 1 of ")
    assert not_blank(driver.shot("menu-continue"))


def test_continue_lists_every_game_in_progress(driver):
    love = REGISTRY.get("anniversary")
    driver.ctx.storage.save_match(advanced_match(4, 5))
    driver.ctx.storage.save_match(Match(love, [Seat("Ada", SeatKind.HUMAN),
                                               Seat("Sam", SeatKind.BOT, "easy")], 5))
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(3)
    menu = driver.top
    labels = sorted(b.label for b, _ in menu.continues)
    assert labels == ["Anniversary", "Enemy Anemone"]
    assert not_blank(driver.shot("menu-two-games"))
    button, match = next((b, m) for b, m in menu.continues if m.entry is love)
    driver.click(button.rect.center)
    driver.frames(3)
    assert driver.scenes.find(Table).match is match


def test_a_new_game_asks_before_replacing_the_one_in_progress(driver):
    saved = advanced_match(4, 5)
    driver.ctx.storage.save_match(saved)
    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(SetupScene(driver.ctx, EA))
    driver.frames(3)
    driver.follow(driver.top.start())
    driver.frames(2)
    question = driver.top
    assert isinstance(question, ChoiceScene) and "in progress" in question.message
    assert not_blank(driver.shot("replace-question"))
    driver.key(pygame.K_ESCAPE)  # cancel: nothing replaced, still setting up
    assert isinstance(driver.top, SetupScene)
    kept, _ = driver.ctx.storage.load_match(REGISTRY, EA.id)
    assert kept.state.to_json() == saved.state.to_json()
    driver.follow(driver.top.start())
    driver.frames(2)
    replace = next(w for w in driver.top.widgets if w.label == "Replace it")
    driver.click(replace.rect.center)
    driver.frames(3)
    table = driver.scenes.find(Table)
    assert table is not None and table.match.seed != saved.seed
    fresh, _ = driver.ctx.storage.load_match(REGISTRY, EA.id)
    assert fresh.seed == table.match.seed


def test_setup(driver):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(SetupScene(driver.ctx, EA))
    driver.frames(3)
    assert not_blank(driver.shot("setup"))


def test_settings_and_rules(driver):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    driver.scenes.push(SettingsScene(driver.ctx))
    driver.frames(3)
    assert not_blank(driver.shot("settings"))
    driver.scenes.pop()
    driver.scenes.push(RulesScene(driver.ctx, EA))
    driver.frames(3)
    assert not_blank(driver.shot("rules"))
    driver.key(pygame.K_PAGEDOWN)
    assert driver.top.scroll > 0
    driver.shot("rules-scrolled")


@pytest.mark.parametrize("name", ["Ada", "Maximiliana Rosalind"])
def test_curtain(driver, name):
    driver.scenes.push(Curtain(driver.ctx, name, lambda: None))
    driver.frames(3)
    assert not_blank(driver.shot("curtain"))
    button = driver.top.widgets[0]
    label = f"I am {name} — show my cards"
    # The whole label fits on the button: nothing is cut off with an ellipsis.
    assert driver.ctx.text.font(button.font_size, bold=True).size(label)[0] < button.rect.w


def test_message(driver):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    driver.scenes.push(MessageScene(driver.ctx, "Save moved aside",
                                        "current-game.json could not be used because it is "
                                        "not valid JSON. It was kept as current-game.broken.json."))
    driver.frames(3)
    assert not_blank(driver.shot("message"))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_table_mid_game_and_pause(driver, players):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    match = advanced_match(players, 2 * players + 1)
    driver.follow(Open(Route.TABLE, match=match, resumed=True))
    driver.frames(2)
    assert not isinstance(driver.top, Curtain)  # one human: nobody else to hide from
    table = driver.until(lambda: not driver.top.animating) is not None and driver.top
    driver.frames(30)
    assert table.session.viewer == 0
    assert not_blank(driver.shot(f"table-{players}p"))
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert isinstance(driver.top, PauseScene)
    assert not_blank(driver.shot(f"pause-{players}p"))


def test_results(driver):
    match = Match(EA, seats(3, humans=0), 9, {"hands": 2})
    rng = random.Random(2)
    while not match.is_over:
        match.settle()
        seat = match.state.current_player
        match.apply(rng.choice(match.state.legal_actions(seat)), seat)
    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(ResultsScene(driver.ctx, match))
    driver.frames(3)
    assert not_blank(driver.shot("results"))


def test_a_damaged_save_is_explained_on_the_menu(driver):
    save = driver.ctx.storage.path(driver.ctx.storage.save_name("enemy-anemone"))
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_text('{"format": "tabletop-match", "version": 1, "game": "enemy-an')
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(3)
    menu = driver.top
    assert menu.saved == []
    assert menu.notice and "could not be restored" in menu.notice
    assert not_blank(driver.shot("menu-notice"))
    assert list(save.parent.glob("enemy-anemone.broken-*.json"))
    driver.key(pygame.K_ESCAPE)  # dismisses the notice
    assert menu.notice is None


def test_a_save_that_does_not_replay_is_explained_on_the_menu_and_kept(driver):
    import json

    storage = driver.ctx.storage
    data = json.loads(advanced_match(4, 9, seed=5).dumps())
    data["actions"][4] = data["actions"][3]  # a card played twice
    content = json.dumps(data).encode("utf-8")
    save = storage.path(storage.save_name("enemy-anemone"))
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_bytes(content)
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(3)
    menu = driver.top
    assert menu.saved == []
    assert menu.notice and menu.notice.startswith(
        "This save of Enemy Anemone does not replay: after 4 of its 10 moves, the rules "
        "refuse move 5")
    assert "different version of the game" in menu.notice
    assert not_blank(driver.shot("menu-refused-save"))
    kept = list(save.parent.glob("enemy-anemone.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content and not save.exists()
    assert kept[0].name in menu.notice
    driver.key(pygame.K_ESCAPE)  # dismissed; seen again, the menu has nothing new to say
    menu.refresh_saved()
    assert menu.notice is None and kept[0].read_bytes() == content


def test_a_focused_button_still_takes_a_mouse_click(driver):
    from tabletop.ui.scenes.menu import MainMenu
    from tabletop.ui.widgets.button import Button

    clicked = []
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    menu = driver.top
    button = Button((40, 40, 200, 60), "Try", driver.ctx.text, lambda: clicked.append(1))
    menu.set_widgets([button])
    menu.focus.focus(button)
    driver.click(button.rect.center)
    assert clicked == [1]


def test_results_wait_for_a_deliberate_choice(driver):
    match = Match(EA, seats(3), 9, {"hands": 1})
    rng = random.Random(2)
    while not match.is_over:
        match.settle()
        seat = match.state.current_player
        match.apply(rng.choice(match.state.legal_actions(seat)), seat)
    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(ResultsScene(driver.ctx, match))
    driver.frames(3)
    results = driver.top
    assert results.name(0) == "You" and results.name(1) != "You"  # as the table said it
    driver.key(pygame.K_RETURN)  # the Enter that played the last card does nothing here
    assert driver.top is results and driver.scenes.find(Table) is None
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert driver.top is not results


def test_esc_on_a_curtain_asks_before_leaving_for_the_menu(driver):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    match = Match(EA, seats(3, humans=2), 4, {"hands": 1})
    driver.follow(Open(Route.TABLE, match=match))
    driver.frames(3)
    assert isinstance(driver.top, Curtain)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, ChoiceScene)
    driver.key(pygame.K_ESCAPE)  # Esc again: stay
    assert isinstance(driver.top, Curtain)
    driver.key(pygame.K_ESCAPE)
    leave = next(w for w in driver.top.widgets if w.label == "Leave")
    driver.click(leave.rect.center)
    driver.frames(2)
    assert isinstance(driver.top, MainMenu)


def test_settings_over_the_pause_menu_hide_it(driver):
    """The settings panel is opaque: inside it, the screen is the same whether the pause
    menu or the bare table lies underneath."""
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    driver.follow(Open(Route.TABLE, match=advanced_match(3, 3), resumed=True))
    driver.frames(3)

    def settings_picture():
        driver.scenes.push(SettingsScene(driver.ctx))
        driver.frames(3)
        box = driver.top.box.inflate(-60, -60)  # clear of the rounded corners
        picture = driver.shot("settings-over-pause").subsurface(box).copy()
        driver.scenes.pop()
        driver.frames(2)
        return picture

    over_table = settings_picture()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    over_pause = settings_picture()
    diff = [over_table.get_at((x, y)) != over_pause.get_at((x, y))
            for x in range(0, over_table.get_width(), 5) for y in range(0, over_table.get_height(), 5)]
    assert not any(diff), f"{sum(diff)} sampled pixels of the pause menu show through"


def test_the_menu_opens_on_the_game_last_chosen_even_after_a_restart(driver):
    anno = REGISTRY.get("anno")
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    menu = driver.top
    assert menu.chosen is REGISTRY.get("anniversary")  # nothing chosen yet: the first game
    cover = next(c for c in menu.covers if c.entry is anno)
    driver.click(cover.rect.center)
    driver.frames(2)
    assert isinstance(driver.top, SetupScene) and driver.top.entry is anno
    driver.follow(Home())  # back from the game, by whatever way
    driver.frames(2)
    again = driver.top
    assert isinstance(again, MainMenu) and again is not menu and again.chosen is anno
    settings, _ = driver.ctx.storage.load_settings()
    assert settings.last_game == "anno"
    restarted = MainMenu(Context.create(REGISTRY, CATALOGUE, driver.ctx.storage))
    restarted.enter()
    assert restarted.chosen is anno


def test_the_menu_opens_on_the_game_last_continued(driver):
    love = REGISTRY.get("anniversary")
    driver.ctx.storage.save_match(advanced_match(4, 5))
    driver.ctx.storage.save_match(Match(love, [Seat("Ada", SeatKind.HUMAN),
                                               Seat("Sam", SeatKind.BOT, "easy")], 5))
    driver.ctx.settings.last_game = "anno"
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    menu = driver.top
    assert menu.chosen is REGISTRY.get("anno")
    button = next(b for b, m in menu.continues if m.entry is EA)
    driver.click(button.rect.center)
    driver.frames(2)
    assert driver.ctx.settings.last_game == EA.id
    driver.follow(Home())
    driver.frames(2)
    assert driver.top.chosen is EA


def test_without_a_game_chosen_the_menu_opens_on_the_game_in_progress(driver):
    driver.ctx.storage.save_match(advanced_match(4, 5))
    driver.ctx.settings.last_game = "a game no longer there"
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    assert driver.top.chosen is EA


def test_the_setup_says_what_the_chosen_partner_level_is(driver):
    """Under the seats, the setup says what the level of the bot seat last changed is, in
    the listing's words; the rules page ends with every level's note."""
    love = REGISTRY.get("anniversary")
    listing = CATALOGUE.get(love.id)
    setup = SetupScene(driver.ctx, love)
    driver.scenes.push(setup)
    driver.frames(3)
    assert setup.kinds[1] is SeatKind.BOT
    level = next(w for w in setup.widgets
                 if getattr(w, "choices", None) == list(love.bot_levels) and w.visible)
    before = setup.level_note()
    assert before == f"{level.value.title()}: {listing.level_note(level.value)}"
    driver.click(level._arrow_rects()[0].center)  # one level down
    driver.frames(2)
    assert setup.levels[1] == level.value != before.split(":")[0].lower()
    assert setup.level_note().startswith(f"{level.value.title()}: ")
    assert setup.level_note() != before
    assert not_blank(driver.shot("setup-level-note"))
    page = listing.rules_page()
    assert page.startswith(listing.rules_text.rstrip()) and "# The bots" in page
    for lv in love.bot_levels:
        assert listing.level_note(lv) and listing.level_note(lv) in page
