"""The short game log: the latest lines, older ones fading."""

from __future__ import annotations

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import panel_surface

__all__ = ["log_image"]


def log_image(lines: list[str], size: tuple[int, int], text: Text, scale: float,
              title: str = "Log") -> pygame.Surface:
    w, h = size
    surface = panel_surface((w, h), (8, 30, 34, 200), round(14 * scale)).copy()
    pad = round(12 * scale)
    head = text.render(title, round(17 * scale), theme.GOLD, bold=True)
    surface.blit(head, (pad, pad - 2))
    font_size = round(17 * scale)
    line_h = text.font(font_size).get_linesize()
    room = max(1, (h - pad * 2 - head.get_height()) // line_h)
    wrapped: list[str] = []
    for line in lines[-room * 2:]:
        wrapped.extend(text.wrap(line, font_size, w - 2 * pad))
    shown = wrapped[-room:]
    y = h - pad - line_h * len(shown)
    for i, line in enumerate(shown):
        fade = 0.45 + 0.55 * (i + 1) / len(shown)
        red, green, blue = theme.INK
        color = (round(red * fade), round(green * fade), round(blue * fade))
        image = text.render(line, font_size, color)
        surface.blit(image, (pad, y))
        y += line_h
    return surface
