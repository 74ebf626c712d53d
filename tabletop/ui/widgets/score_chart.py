"""A per-round score chart: grouped bars, one colour per player, each with its points.

Bars stand on a zero line: up for points won, down for points lost.  Every bar's value
is written on the bar when it has room, or just beyond its end; each bar has a column
of its own, so no value covers another or a bar.  When the bars would be too narrow
for their values even written sideways, the rounds go on two rows (or more).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS

__all__ = ["Bar", "ChartLayout", "chart_layout", "score_chart_image"]

#: Spaces between gridlines aimed for over the whole range of points (one more at most).
TICKS = 4


@dataclass(frozen=True)
class Bar:
    """One player's points in one round, and where its value is written."""

    seat: int
    round: int
    value: int
    #: The bar: its top (points won) or its bottom (points lost) on the zero line;
    #: no height for no points.
    rect: pygame.Rect
    #: Where the value is written.
    label: pygame.Rect
    #: Written on the bar itself (dark ink) rather than beyond its end.
    inside: bool


@dataclass
class Row:
    """One line of rounds: its plot area, the zero line, the gridlines and their values."""

    plot: pygame.Rect
    zero_y: int
    ticks: list[tuple[int, int, pygame.Rect | None]] = field(default_factory=list)


@dataclass
class ChartLayout:
    size: tuple[int, int]
    #: Point size of the axis, legend and round labels, and of the values.
    small: int
    value_size: int
    #: Values written sideways (narrow bars) instead of upright.
    turned: bool
    #: The width of one round's bars side by side.
    group_w: int
    #: Per player: the colour swatch and the name.
    legend: list[tuple[pygame.Rect, pygame.Rect]]
    rows: list[Row]
    bars: list[Bar]
    round_labels: list[tuple[str, pygame.Rect]]
    #: The round's name beside the round numbers, when each round has only its number.
    caption: tuple[str, pygame.Rect] | None


def score_chart_image(names: Sequence[str], rounds: Sequence[Sequence[int]],
                      size: tuple[int, int], text: Text, scale: float,
                      round_label: str = "Hand") -> pygame.Surface:
    """Bars for each player's points in each round; a legend on top."""
    layout = chart_layout(names, rounds, size, text, scale, round_label)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    for seat, (swatch, spot) in enumerate(layout.legend):
        pygame.draw.rect(surface, PLAYER_COLORS[seat % len(PLAYER_COLORS)], swatch,
                         border_radius=3)
        name = text.render(names[seat], layout.small, theme.INK, max_width=spot.w)
        surface.blit(name, name.get_rect(midleft=spot.midleft))
    for row in layout.rows:
        for _, y, _ in row.ticks:
            pygame.draw.line(surface, (255, 255, 255, 40), (row.plot.x, y), (row.plot.right, y))
        pygame.draw.line(surface, (255, 255, 255, 150), (row.plot.x, row.zero_y),
                         (row.plot.right, row.zero_y), 2)
        for value, _, place in row.ticks:
            if place is not None:
                label = text.render(str(value), layout.small, theme.INK_DIM)
                surface.blit(label, label.get_rect(midright=place.midright))
    for bar in layout.bars:
        color = PLAYER_COLORS[bar.seat % len(PLAYER_COLORS)]
        if bar.rect.h:
            up = bar.value > 0
            pygame.draw.rect(surface, color, bar.rect,
                             border_top_left_radius=3 if up else 0,
                             border_top_right_radius=3 if up else 0,
                             border_bottom_left_radius=0 if up else 3,
                             border_bottom_right_radius=0 if up else 3)
    for bar in layout.bars:
        ink = theme.INK_DARK if bar.inside else theme.INK
        number = text.render(str(bar.value), layout.value_size, ink, bold=True)
        if layout.turned:
            number = pygame.transform.rotate(number, 90)
        surface.blit(number, number.get_rect(center=bar.label.center))
    for words, spot in layout.round_labels:
        label = text.render(words, layout.small, theme.INK_SOFT)
        surface.blit(label, label.get_rect(center=spot.center))
    if layout.caption is not None:
        words, spot = layout.caption
        label = text.render(words, layout.small, theme.INK_SOFT, bold=True)
        surface.blit(label, label.get_rect(midright=spot.midright))
    return surface


def chart_layout(names: Sequence[str], rounds: Sequence[Sequence[int]],
                 size: tuple[int, int], text: Text, scale: float,
                 round_label: str = "Hand") -> ChartLayout:
    """Where everything of the chart goes (the picture is drawn from this)."""
    layout = _layout(names, rounds, size, text, scale, round_label, numbers_only=False)
    if any(spot.w > layout.group_w for _, spot in layout.round_labels):
        # "Round 10" is wider than a round's bars: the numbers alone, the name once.
        layout = _layout(names, rounds, size, text, scale, round_label, numbers_only=True)
    return layout


def _layout(names: Sequence[str], rounds: Sequence[Sequence[int]], size: tuple[int, int],
            text: Text, scale: float, round_label: str, numbers_only: bool) -> ChartLayout:
    w, h = size
    players = len(names)
    small = max(11, round(16 * scale))
    value_size = max(10, round(14 * scale))
    gap = max(4, round(8 * scale))
    font = text.font(small)
    line = font.get_linesize()

    # The legend, wrapped onto as many lines as the names need.
    legend: list[tuple[pygame.Rect, pygame.Rect]] = []
    swatch = max(10, round(16 * scale))
    row_h = max(swatch, line)
    x = y = 0
    for name in names:
        name_w = min(font.size(name)[0] + 2, max(1, w - swatch - gap))
        item = swatch + gap + name_w
        if x and x + item > w:
            x, y = 0, y + row_h + gap // 2
        legend.append((pygame.Rect(x, y + (row_h - swatch) // 2, swatch, swatch),
                       pygame.Rect(x + swatch + gap, y, name_w, row_h)))
        x += item + 3 * gap
    top = y + row_h + gap * 2

    # The range of points, with the zero line always in it.
    values = [v for r in rounds for v in r]
    low, high = min([0, *values]), max([0, *values])
    if low == high:
        high = 1
    step, axis_low, axis_high = _axis(low, high)
    ticks = list(range(axis_low, axis_high + 1, step))
    caption = round_label if numbers_only else ""
    axis_w = max([font.size(str(t))[0] for t in ticks]
                 + ([text.font(small, bold=True).size(caption)[0]] if caption else []))
    axis_left = axis_w + gap
    plot_w = max(1, w - axis_left)

    # How wide a bar may be, and on how many rows the rounds go, for every value to fit.
    value_font = text.font(value_size, bold=True)
    widest = max([value_font.size(str(v))[0] for v in values] or [0])
    value_line = value_font.get_linesize()
    label_h = line + gap // 2
    count = max(1, len(rounds))
    per_row, bar_w, turned = count, 1, True
    for row_count in range(1, count + 1):
        if row_count > 1 and math.ceil(count / row_count) == per_row:
            continue
        row_room = (h - top - (row_count - 1) * gap) // row_count - label_h
        if row_count > 1 and row_room < 4 * max(widest, value_line):
            break  # rows too low for their bars: the narrow bars of the last try
        per_row = math.ceil(count / row_count)
        bar_w = max(1, min(round(40 * scale), plot_w // (per_row * (players + 1) or 1)))
        if widest + 2 <= bar_w or value_line + 1 <= bar_w:
            turned = widest + 2 > bar_w
            break
    row_count = math.ceil(count / per_row)
    row_total = (h - top - (row_count - 1) * gap) // row_count
    beyond = (widest if turned else value_line) + 3  # room for a value beyond a bar's end

    rows: list[Row] = []
    bars: list[Bar] = []
    round_labels: list[tuple[str, pygame.Rect]] = []
    caption_spot: tuple[str, pygame.Rect] | None = None
    used = per_row * (players + 1) * bar_w
    for index in range(row_count):
        row_top = top + index * (row_total + gap)
        plot = pygame.Rect(axis_left, row_top, plot_w, max(1, row_total - label_h))
        y_high, y_low = plot.top + beyond, plot.bottom - beyond
        per_point = max(0.0, (y_low - y_high) / (axis_high - axis_low))

        def y_of(value: float, y_low: int = y_low, per_point: float = per_point) -> int:
            return round(y_low - (value - axis_low) * per_point)

        zero_y = y_of(0)
        row = Row(plot, zero_y)
        shown = 1
        while shown < len(ticks) and per_point * step * shown < line * 1.3:
            shown *= 2  # gridlines too close for their values: every other one
        zero_at = ticks.index(0)
        for i, tick in enumerate(ticks):
            y = y_of(tick)
            spot = (pygame.Rect(0, y - line // 2, axis_w, line)
                    if (i - zero_at) % shown == 0 else None)
            row.ticks.append((tick, y, spot))
        rows.append(row)
        first = index * per_row
        left = plot.x + (plot_w - used) // 2 + bar_w // 2
        for j, values_of_round in enumerate(rounds[first:first + per_row]):
            number = first + j
            group_x = left + j * (players + 1) * bar_w
            for seat, value in enumerate(values_of_round):
                bx = group_x + seat * bar_w
                width = max(1, bar_w - 2)
                end = y_of(value)
                if value > 0:
                    length = max(2, zero_y - end)
                    rect = pygame.Rect(bx, zero_y - length, width, length)
                elif value < 0:
                    rect = pygame.Rect(bx, zero_y, width, max(2, end - zero_y))
                else:
                    rect = pygame.Rect(bx, zero_y, width, 0)
                tw, th = value_font.size(str(value))
                lw, lh = (th, tw) if turned else (tw, th)
                spot = pygame.Rect(0, 0, lw, lh)
                inside = rect.h >= lh + 6 and rect.w >= lw + 4
                if inside and value > 0:
                    spot.midtop = (rect.centerx, rect.top + 3)
                elif inside:
                    spot.midbottom = (rect.centerx, rect.bottom - 3)
                elif value < 0:
                    spot.midtop = (rect.centerx, rect.bottom + 2)
                else:
                    spot.midbottom = (rect.centerx, rect.top - 2)
                bars.append(Bar(seat, number, value, rect, spot, inside))
            words = f"{number + 1}" if numbers_only else f"{round_label} {number + 1}"
            lw = font.size(words)[0]
            centre = group_x + (players * bar_w) // 2
            round_labels.append((words, pygame.Rect(centre - lw // 2, plot.bottom + gap // 2,
                                                    lw, line)))
        if numbers_only and index == 0:
            cw = text.font(small, bold=True).size(caption)[0]
            caption_spot = (caption, pygame.Rect(axis_w - cw, plot.bottom + gap // 2, cw, line))
    return ChartLayout(size, small, value_size, turned, players * bar_w, legend, rows, bars,
                       round_labels, caption_spot)


def _axis(low: int, high: int) -> tuple[int, int, int]:
    """The gridlines' step and the axis' ends: round numbers (1, 2, 5, 10, 20, 50, …)
    spanning ``low`` to ``high`` as closely as a few gridlines allow."""
    best: tuple[int, int, int] | None = None
    scale = 1
    while best is None:
        for factor in (1, 2, 5):
            step = scale * factor
            bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
            if (top - bottom) // step <= TICKS + 1:
                best = (step, bottom, top)
                break
        scale *= 10
    return best
