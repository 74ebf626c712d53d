"""Hostile names and typed text are shown safely and clipped, never a crash."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games import REGISTRY
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.table.scene import Table
from tabletop.ui.widgets.text_input import TextInput

from .conftest import not_blank

NASTY = [
    pytest.param("", id="empty"),
    pytest.param("x" * 10_000, id="ten-thousand"),
    pytest.param("שלום עולם مرحبا", id="right-to-left"),
    pytest.param("🦀🐙🐢🌊🪼", id="emoji"),
    pytest.param("a\x00b\x1b[31mc\r\n\t\u202e\u200fd", id="control"),
    pytest.param("名字 テスト 이름", id="cjk"),
]


@pytest.mark.parametrize("text", NASTY)
def test_typed_names_reach_the_table_safely(driver, text):
    entry = REGISTRY.get("enemy-anemone")
    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(SetupScene(driver.ctx, entry))
    driver.frames(2)
    setup = driver.top
    field = next(w for w in setup.widgets if isinstance(w, TextInput))
    driver.click(field.rect.center)
    assert setup.focus.current is field
    for _ in range(30):
        driver.key(pygame.K_BACKSPACE)
    for start in range(0, min(len(text), 400), 100):
        driver.type(text[start:start + 100])
    assert len(field.value) <= field.max_length
    assert field.value.isprintable() or field.value == ""
    driver.shot("setup-nasty-name")
    driver.follow(setup.start())
    driver.frames(3)
    table = driver.scenes.find(Table)
    assert table is not None
    name = table.match.seats[0].name
    assert 1 <= len(name) <= 24 and name.isprintable()
    driver.until(lambda: not table.animator.busy)
    driver.frames(5)
    assert not_blank(driver.shot("table-nasty-name"))


def test_seed_field_takes_digits_only(driver):
    entry = REGISTRY.get("enemy-anemone")
    driver.scenes.push(SetupScene(driver.ctx, entry))
    driver.frames(2)
    seed = [w for w in driver.top.widgets if isinstance(w, TextInput)][-1]
    driver.click(seed.rect.center)
    driver.type("12ab3🦀4" + "9" * 40)
    assert seed.value.isdigit() and len(seed.value) <= 18


def test_a_name_field_selects_its_default_so_typing_replaces_it(driver):
    entry = REGISTRY.get("enemy-anemone")
    driver.scenes.push(SetupScene(driver.ctx, entry))
    driver.frames(2)
    setup = driver.top
    field = next(w for w in setup.widgets if isinstance(w, TextInput))
    default = field.value
    assert default  # "Player 1"
    driver.click(field.rect.center)
    assert field.selected
    driver.type("Ada")
    assert field.value == "Ada"
    driver.key(pygame.K_a, pygame.KMOD_CTRL)  # select all again, then delete it
    assert field.selected
    driver.key(pygame.K_BACKSPACE)
    assert field.value == ""
    driver.type("Bo")
    driver.key(pygame.K_LEFT)  # the caret moves: no selection, typing inserts
    driver.type("x")
    assert field.value == "Bxo"
