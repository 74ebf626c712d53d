"""A per-round score chart: grouped bars, one colour per player, with totals."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS

__all__ = ["score_chart_image"]


def score_chart_image(names: Sequence[str], rounds: Sequence[Sequence[int]],
                      size: tuple[int, int], text: Text, scale: float,
                      round_label: str = "Hand") -> pygame.Surface:
    """Bars for each player's points in each round; a legend on top."""
    w, h = size
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    players = len(names)
    small = round(16 * scale)
    legend_h = round(34 * scale)
    x = 0
    for seat, name in enumerate(names):
        color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        pygame.draw.rect(surface, color, (x, round(8 * scale), round(16 * scale), round(16 * scale)),
                         border_radius=3)
        label = text.render(name, small, theme.INK, max_width=round(160 * scale))
        surface.blit(label, (x + round(22 * scale), round(6 * scale)))
        x += label.get_width() + round(44 * scale)
    axis_left = round(44 * scale)
    plot = pygame.Rect(axis_left, legend_h + round(10 * scale), w - axis_left,
                       h - legend_h - round(44 * scale))
    top_value = max([1] + [v for r in rounds for v in r])
    nice = _nice_ceiling(top_value)
    for tick in range(0, nice + 1, max(1, nice // 4)):
        y = plot.bottom - round(plot.h * tick / nice)
        pygame.draw.line(surface, (255, 255, 255, 40), (plot.x, y), (plot.right, y))
        label = text.render(str(tick), small, theme.INK_DIM)
        surface.blit(label, (plot.x - label.get_width() - round(8 * scale), y - label.get_height() // 2))
    if not rounds:
        return surface
    group_w = plot.w / len(rounds)
    bar_w = max(3, min(round(40 * scale), int(group_w * 0.8 / players)))
    for r, values in enumerate(rounds):
        group_left = plot.x + r * group_w + (group_w - bar_w * players) / 2
        for seat, value in enumerate(values):
            bar_h = round(plot.h * value / nice)
            rect = pygame.Rect(round(group_left + seat * bar_w), plot.bottom - bar_h, bar_w - 2, bar_h)
            pygame.draw.rect(surface, PLAYER_COLORS[seat % len(PLAYER_COLORS)], rect,
                             border_top_left_radius=3, border_top_right_radius=3)
            if bar_h > small + 4 and bar_w >= small * 1.4:
                number = text.render(str(value), round(14 * scale), theme.INK_DARK, bold=True)
                surface.blit(number, number.get_rect(midtop=(rect.centerx, rect.y + 3)))
        label = text.render(f"{round_label} {r + 1}", small, theme.INK_SOFT)
        surface.blit(label, label.get_rect(midtop=(plot.x + r * group_w + group_w / 2,
                                                   plot.bottom + round(8 * scale))))
    return surface


def _nice_ceiling(value: int) -> int:
    for step in (4, 8, 12, 16, 20, 24, 32, 40, 60, 80, 100, 120, 160, 200, 400):
        if value <= step:
            return step
    return ((value + 99) // 100) * 100
