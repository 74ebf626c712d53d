"""The results chart: an axis that goes below zero when points were lost, bars up and
down from the zero line, every bar with its value, and no label covered."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from tabletop.ui import theme
from tabletop.ui.text import Text
from tabletop.ui.widgets.score_chart import ChartLayout, chart_layout, score_chart_image
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS

#: The chart's room on the results screen at 1024×640, 1920×1080 and the smallest window.
SIZES = [((463, 414), 640 / 1080), ((780, 620), 1.0), ((406, 322), 560 / 1080)]


@pytest.fixture
def text(driver) -> Text:
    return driver.ctx.text


def random_rounds(players: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.choice([-30, -25, -10, -5, 0, 5, 10, 15, 40, 60]) for _ in range(players)]
            for _ in range(count)]


def close(colour: pygame.Color, wanted: tuple[int, ...], by: int = 24) -> bool:
    return colour.a > 200 and all(abs(a - b) <= by for a, b in zip(colour[:3], wanted[:3]))


def test_a_lost_round_is_a_bar_below_the_zero_line_with_its_value(text):
    names = ["Ada", "Bot 1", "Bot 2"]
    rounds = [[35, -25, 0], [-10, 20, 5]]
    size, scale = (780, 620), 1.0
    layout = chart_layout(names, rounds, size, text, scale, "Round")
    (row,) = layout.rows
    assert min(value for value, _, _ in row.ticks) < 0 < max(value for value, _, _ in row.ticks)
    zero = row.zero_y
    assert row.plot.top < zero < row.plot.bottom
    image = score_chart_image(names, rounds, size, text, scale, "Round")
    for bar in layout.bars:
        colour = PLAYER_COLORS[bar.seat]
        if bar.value < 0:
            assert bar.rect.top == zero and bar.rect.bottom > zero + 10
        elif bar.value > 0:
            assert bar.rect.bottom == zero and bar.rect.top < zero - 10
        else:
            assert bar.rect.h == 0 and bar.label.bottom <= zero
        if bar.value:
            assert close(image.get_at((bar.rect.centerx, bar.rect.centery)), colour)
            # Nothing of the bar on the other side of the zero line.
            other = zero - 4 if bar.value < 0 else zero + 4
            assert not close(image.get_at((bar.rect.centerx, other)), colour)
        # Its value is written: ink of the label's colour inside its place.
        ink = theme.INK_DARK if bar.inside else theme.INK
        inked = [image.get_at((x, y)) for x in range(bar.label.left, bar.label.right)
                 for y in range(bar.label.top, bar.label.bottom)]
        assert sum(close(c, ink, 40) for c in inked) >= 4, f"no value written for {bar}"
    lost = next(bar for bar in layout.bars if bar.value == -25)
    assert lost.label.top >= zero  # below the zero line: on the bar or beneath it
    assert all(lost.label.bottom <= label.top for _, label in layout.round_labels)


def test_an_axis_that_never_goes_below_zero_when_no_points_were_lost(text):
    layout = chart_layout(["Ada", "Bot 1"], [[3, 7], [0, 12]], (600, 400), text, 1.0)
    (row,) = layout.rows
    assert min(value for value, _, _ in row.ticks) == 0
    assert max(value for value, _, _ in row.ticks) >= 12


def check(layout: ChartLayout) -> None:
    """Nothing leaves the chart, no label covers another, a bar, or is covered by one."""
    area = pygame.Rect((0, 0), layout.size)
    labels = ([spot for _, spot in layout.legend] + [swatch for swatch, _ in layout.legend]
              + [spot for row in layout.rows for _, _, spot in row.ticks if spot is not None]
              + [spot for _, spot in layout.round_labels]
              + ([layout.caption[1]] if layout.caption else [])
              + [bar.label for bar in layout.bars if not bar.inside])
    for spot in labels + [bar.rect for bar in layout.bars]:
        assert area.contains(spot), f"{spot} leaves the chart {area}"
    for a, b in itertools.combinations(labels, 2):
        assert not a.colliderect(b), f"labels at {a} and {b} overlap"
    for bar in layout.bars:
        if bar.inside:
            assert bar.rect.contains(bar.label), f"{bar}: its value spills off the bar"
        else:
            assert not bar.label.colliderect(bar.rect), f"{bar}: its value half on the bar"
        for other in layout.bars:
            if other is not bar:
                assert not bar.label.colliderect(other.rect), f"{bar} is written on {other}"
                assert not bar.label.colliderect(other.label), f"{bar} and {other} overlap"
                assert not bar.rect.colliderect(other.rect), f"{bar} touches {other}"
        for spot in labels:
            if spot is not bar.label:
                assert not bar.rect.colliderect(spot), f"{bar} covers a label at {spot}"


@pytest.mark.parametrize(("size", "scale"), SIZES, ids=lambda v: str(v))
@pytest.mark.parametrize(("players", "count"), [(2, 1), (2, 12), (4, 12), (6, 4), (3, 7)])
def test_no_label_is_covered(text, size, scale, players, count):
    names = ["Maximiliana Rosalind", "Bot 1", "Bartholomew Fitzgerald", "Bot 3", "Pearl",
             "Kelp"][:players]
    text.cut.clear()
    for seed in range(3):
        rounds = random_rounds(players, count, seed)
        layout = chart_layout(names, rounds, size, text, scale, "Round")
        check(layout)
        score_chart_image(names, rounds, size, text, scale, "Round")
        assert len(layout.bars) == players * count
        assert list(text.cut) == [], f"names cut short: {list(text.cut)}"


def test_long_round_names_give_way_to_numbers(text):
    rounds = random_rounds(2, 12, 1)
    layout = chart_layout(["A", "B"], rounds, (560, 414), text, 640 / 1080, "Round")
    assert len(layout.rows) == 1 and layout.turned
    assert [words for words, _ in layout.round_labels] == [str(n) for n in range(1, 13)]
    assert layout.caption is not None and layout.caption[0] == "Round"
    check(layout)
    roomy = chart_layout(["A", "B"], rounds[:3], (780, 620), text, 1.0, "Round")
    assert [words for words, _ in roomy.round_labels] == ["Round 1", "Round 2", "Round 3"]
    assert roomy.caption is None


def test_only_zeros_and_one_player_still_make_a_chart(text):
    for rounds in ([[0, 0], [0, 0]], [[-5]], []):
        layout = chart_layout(["Ada", "Bot 1"][:len(rounds[0]) if rounds else 2], rounds,
                              (400, 300), text, 0.6)
        check(layout)
        score_chart_image(["Ada", "Bot 1"], rounds, (400, 300), text, 0.6)
