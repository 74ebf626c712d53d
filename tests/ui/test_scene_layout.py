"""Every screen fits every window from 1024×640 to 3840×2160: nothing drawn outside the
window, no two widgets on top of each other, no text over other text or over a widget
it does not belong to, each widget's words inside it, and no words cut short.

The scene is drawn onto a surface that records where each image goes (its ``blit``
calls): the check needs no help from the scenes themselves.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY
from tabletop.games.anniversary.table.storybook import StorybookScene
from tabletop.games.anno.table.tutorial import SortTheYearScene
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.choice import Answer, ChoiceScene
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.message import MessageScene
from tabletop.ui.scenes.pause import PauseScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.scenes.statistics import StatisticsScene

from ..play import finished, solo
from .conftest import SHOTS

SIZES = [(1024, 640), (1280, 720), (1600, 900), (1920, 1080), (3840, 2160)]
EA = REGISTRY.get("enemy-anemone")
LOVE = REGISTRY.get("anniversary")
ANNO = REGISTRY.get("anno")
PEAK = REGISTRY.get("annapurna")
ANOMIA = REGISTRY.get("anomia")
LONG_NAMES = ["Maximiliana Rosalind Oak", "Bartholomew Fitzgerald", "Wilhelmina Cordelia Ash",
              "Konstantinos Papadakis", "Alessandra Montgomery", "Guinevere Nightingale"]


class Recorder(pygame.Surface):
    """A surface that remembers where each image was put, and by whom."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.owner: object = None
        self.placed: list[tuple[pygame.Rect, pygame.Surface, object]] = []
        self.cropped: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        rect = pygame.Rect(dest if isinstance(dest, pygame.Rect) else (*dest, 0, 0))
        rect.size = source.get_size()
        if area is not None:  # only part of the image is shown: words must not be cut so
            self.cropped.append((source, pygame.Rect(area)))
            rect.size = pygame.Rect(area).size
        clip = self.get_clip()
        if clip != self.get_rect():  # a scrolling view shows what is inside its window
            rect = rect.clip(clip)
        self.placed.append((rect, source, self.owner))
        return super().blit(source, dest, area, special_flags)


class Stub:
    """Stands in for the table under the pause menu."""

    entry = EA

    def quit_to_menu(self) -> None:
        pass


SCENES: dict[str, Callable[[object], Scene]] = {
    "menu": lambda ctx: MainMenu(ctx),
    "setup": lambda ctx: SetupScene(ctx, EA),
    "setup-anniversary": lambda ctx: SetupScene(ctx, LOVE),
    "setup-anno": lambda ctx: SetupScene(ctx, ANNO),
    "setup-annapurna": lambda ctx: full_setup(SetupScene(ctx, PEAK)),
    "setup-anomia-4": lambda ctx: SetupScene(ctx, REGISTRY.get("anomia")),
    "setup-hot-seat": lambda ctx: full_setup(SetupScene(ctx, EA)),
    "setup-anomia": lambda ctx: full_setup(SetupScene(ctx, REGISTRY.get("anomia"))),
    "setup-anomia-error": lambda ctx: full_setup(SetupScene(ctx, REGISTRY.get("anomia")),
                                                 error=True),
    "settings": lambda ctx: SettingsScene(ctx),
    "rules": lambda ctx: RulesScene(ctx, EA),
    "rules-anniversary": lambda ctx: RulesScene(ctx, LOVE),
    "rules-anno": lambda ctx: RulesScene(ctx, ANNO),
    "rules-annapurna": lambda ctx: RulesScene(ctx, PEAK),
    "rules-anomia": lambda ctx: RulesScene(ctx, ANOMIA),
    "pause": lambda ctx: PauseScene(ctx, Stub()),
    "results": lambda ctx: ResultsScene(ctx, finished(EA, solo(6), hands=2)),
    "results-anno": lambda ctx: ResultsScene(ctx, finished(ANNO, solo(4), rounds=12)),
    "results-annapurna": lambda ctx: ResultsScene(ctx, finished(PEAK, solo(4))),
    "results-anomia": lambda ctx: ResultsScene(ctx, finished(ANOMIA, solo(3))),
    "results-long-names": lambda ctx: ResultsScene(ctx, finished(EA, named(6), hands=2)),
    "results-shared-long-names": lambda ctx: ResultsScene(ctx, finished(ANNO, named(4),
                                                                        rounds=12)),
    "results-anniversary": lambda ctx: ResultsScene(ctx, finished(LOVE, solo(2), chapter=4)),
    "curtain": lambda ctx: Curtain(ctx, "Bartholomew Fitzgerald", lambda: None,
                                   on_menu=lambda: None),
    "message": lambda ctx: MessageScene(ctx, "Save moved aside",
                                        "enemy-anemone.json could not be used because it is "
                                        "not valid JSON. It was kept as "
                                        "enemy-anemone.broken-20261122-101500.json."),
    "choice": lambda ctx: ChoiceScene(ctx, "Replace the game in progress?",
                                      "A game of Enemy Anemone (hand 2 of 4) with Ada, Coral, "
                                      "Marlin, Pearl, Kelp and Reef is in progress. A new game "
                                      "replaces it.",
                                      [Answer("Replace it", lambda: None),
                                       Answer("Continue it", lambda: None, primary=True),
                                       Answer("Cancel", lambda: None)]),
    "storybook": lambda ctx: StorybookScene(ctx, LOVE, solo(2), {}),
    "statistics": lambda ctx: with_records(ctx, EA),
    "statistics-anniversary": lambda ctx: with_records(ctx, LOVE),
    "statistics-anno": lambda ctx: with_records(ctx, ANNO),
    "statistics-annapurna": lambda ctx: with_records(ctx, PEAK),
    "statistics-every-chapter": lambda ctx: with_every(ctx, LOVE, "chapter"),
    "statistics-every-level": lambda ctx: with_every(ctx, PEAK, "level"),
    "statistics-empty": lambda ctx: StatisticsScene(ctx, ANNO),
    "sort-the-year": lambda ctx: half_sorted(SortTheYearScene(ctx, ANNO, seed=3)),
    "sort-the-year-done": lambda ctx: half_sorted(SortTheYearScene(ctx, ANNO, seed=3), 49),
}


def named(players: int) -> list[Seat]:
    """Two people at the screen and bots, with names as long as the setup allows."""
    return [Seat(name, SeatKind.HUMAN if i < 2 else SeatKind.BOT, None if i < 2 else "easy")
            for i, name in enumerate(LONG_NAMES[:players])]


def full_setup(scene, error: bool = False):
    """A setup screen at its fullest: most players, a per-seat switch on, each option at its
    longest choice, maybe an error."""
    scene.players = scene.entry.max_players
    scene.kinds = [SeatKind.HUMAN, SeatKind.HUMAN] + [SeatKind.BOT] * 4
    for spec in scene.entry.options:
        if not (spec.hidden or spec.per_seat):
            scene.options[spec.key] = max(spec.choices, key=lambda c: len(spec.label_of(c)))
    if "younger" in scene.options:
        scene.options["younger"] = "1"
    if error:
        scene.error = ("anomia/my-categories.txt, line 4: an answer before any '== category' "
                       "(the file is /home/someone/.local/share/tabletop/anomia/"
                       "my-categories.txt)")
    return scene


def with_records(ctx, entry):
    """The statistics screen after games of every size (and chapter) were finished, beside
    bots of each level (and, in a cooperative game, a table of people only and one of
    mixed levels)."""
    for players in range(entry.min_players, entry.max_players + 1):
        for seed in range(3):
            options = ({"chapter": seed + 1} if entry is LOVE else {"rounds": 1}
                       if entry is ANNO else {"hands": 1} if entry is EA else {})
            seats = solo(players, ("easy", "normal", "hard")[seed])
            ctx.storage.record_game(finished(entry, seats, seed=seed, **options))
    if entry.cooperative:
        people = [Seat(name, SeatKind.HUMAN) for name in LONG_NAMES[:2]]
        ctx.storage.record_game(finished(entry, people, seed=7))
        mixed = solo(2, "hard")
        if entry.max_players > 2:
            mixed = solo(3, "hard")[:2] + [Seat("Bot 3", SeatKind.BOT, "normal")]
        ctx.storage.record_game(finished(entry, mixed, seed=8))
    return StatisticsScene(ctx, entry)


def with_every(ctx, entry, key: str):
    """The statistics screen after a finished game at each choice of the option ``key``
    (every chapter, every level), one of them won."""
    spec = next(spec for spec in entry.options if spec.key == key)
    for seed, choice in enumerate(spec.choices):
        ctx.storage.record_game(finished(entry, solo(2), seed=seed, **{key: choice}))
    return StatisticsScene(ctx, entry)


def half_sorted(scene, count: int = 25):
    """The tutorial with ``count`` cards in place and, if any remain, a wrong try explained."""
    game = scene.game
    for _ in range(count):
        card = game.current
        scene.place(next(m for m in game.months_for(card) if game.check(card, m) is None))
    if not game.done:
        scene.place(next(m for m in range(12) if game.check(game.current, m) is not None))
    return scene


def with_saves_and_a_notice(ctx) -> None:
    """The main menu at its fullest: three games in progress and a notice."""
    for entry, players in ((EA, 6), (LOVE, 2)):
        match = Match(entry, [Seat(f"Player {i + 1}", SeatKind.HUMAN) for i in range(players)], 5)
        match.settle()
        ctx.storage.save_match(match)
    ctx.notices.append("settings.json could not be used because it is not valid JSON. It was "
                       "kept as settings.broken-20261122-101500.json.")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SCENES))
def test_the_screen_fits_the_window(driver, name, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    driver.frames(1)
    ctx = driver.ctx
    if name == "menu":
        with_saves_and_a_notice(ctx)
    scene = SCENES[name](ctx)
    driver.scenes.push(scene)
    driver.frames(2)
    assert driver.top is scene
    ctx.text.cut.clear()
    screen = drawn(scene, size)
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(screen, str(SHOTS / f"{name}-{size[0]}x{size[1]}.png"))
    window = pygame.Rect(0, 0, *size)
    words = [(rect, owner) for rect, source, owner in screen.placed
             if source.get_size() != size and source.get_bitsize() == 32 and owner is None
             and _is_text(ctx, source)]
    for rect, source, owner in screen.placed:
        assert window.contains(rect), f"{name}: something drawn at {rect} leaves the window"
    widgets = [w for w in scene.widgets if w.visible]
    for widget in widgets:
        assert window.contains(widget.rect), f"{name}: {widget} leaves the window"
    for a, b in itertools.combinations(widgets, 2):
        assert not a.rect.colliderect(b.rect), f"{name}: {a.rect} overlaps {b.rect}"
    for rect, source, owner in screen.placed:
        if owner is not None and _is_text(ctx, source):
            assert owner.rect.inflate(2, 2).contains(rect), (
                f"{name}: words at {rect} spill out of their widget {owner.rect}")
    for (ra, _), (rb, _) in itertools.combinations(words, 2):
        assert not ra.colliderect(rb), f"{name}: words at {ra} and {rb} overlap"
    for rect, _ in words:
        for widget in widgets:
            assert not rect.colliderect(widget.rect), (
                f"{name}: words at {rect} lie on a widget at {widget.rect}")
    assert list(ctx.text.cut) == [], f"{name}: words cut short: {list(ctx.text.cut)}"
    for source, area in screen.cropped:
        if _is_text(ctx, source):
            assert pygame.Rect(area).contains(source.get_rect()), (
                f"{name}: a paragraph of {source.get_size()} is shown only in {area}")


def drawn(scene, size: tuple[int, int]) -> Recorder:
    """The whole scene drawn afresh onto a recorder, each widget's images marked as its own."""
    screen = Recorder(size)
    for widget in scene.widgets:
        draw = widget.draw

        def owned(surface, widget=widget, draw=draw):
            screen.owner = widget
            draw(surface)
            screen.owner = None
        widget.draw = owned  # type: ignore[method-assign]
    scene.needs_full_redraw = True
    scene.dirty = True
    scene.draw(screen)
    return screen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("fullest", [False, True], ids=["bare", "saves-and-notice"])
def test_the_game_covers_keep_their_words_off_the_art_and_apart(driver, size, fullest):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    driver.frames(1)
    if fullest:
        with_saves_and_a_notice(driver.ctx)
    menu = MainMenu(driver.ctx)
    driver.scenes.push(menu)
    driver.frames(2)
    screen = drawn(menu, size)
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(screen, str(SHOTS / f"menu-covers-{size[0]}x{size[1]}.png"))
    assert len(menu.covers) == len(list(REGISTRY))
    for cover in menu.covers:
        placed = [(rect, source) for rect, source, owner in screen.placed if owner is cover]
        (art,) = [rect for rect, source in placed if source is cover.art]
        words = [rect for rect, source in placed if _is_text(driver.ctx, source)]
        assert len(words) >= 2, f"{cover.entry.title}: no title or no player count"
        assert art.w == cover.rect.w and art.h >= cover.rect.w  # the art whole, not a sliver
        for rect in words:
            assert cover.rect.contains(rect), f"{cover.entry.title}: words at {rect} spill out"
            assert not rect.colliderect(art), (
                f"{cover.entry.title}: words at {rect} lie on the art at {art}")
        for a, b in itertools.combinations(words, 2):
            assert not a.colliderect(b), f"{cover.entry.title}: words at {a} and {b} overlap"


def _is_text(ctx, surface: pygame.Surface) -> bool:
    return surface in ctx.text.made
