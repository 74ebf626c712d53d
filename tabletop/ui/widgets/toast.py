"""A short message bubble (an illegal move's reason, whose turn it is)."""

from __future__ import annotations

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image, panel_surface

__all__ = ["toast_image"]


def toast_image(message: str, text: Text, scale: float, kind: str = "info",
                max_width: int = 900) -> pygame.Surface:
    """A message in its rounded box: ``kind`` "info", "error" or "good" colours it."""
    colors = {"info": (14, 44, 50, 235), "error": (96, 30, 30, 240), "good": (24, 70, 44, 240)}
    edge = {"info": theme.PANEL_EDGE, "error": theme.BAD, "good": theme.GOOD}[kind]
    size = round(22 * scale)
    pad_x, pad_y = round(26 * scale), round(14 * scale)
    body = text.block(message, size, theme.INK, max_width - 2 * pad_x, align="center")
    lines = text.wrap(message, size, max_width - 2 * pad_x)
    widest = max(text.font(size).size(line)[0] for line in lines) if lines else 0
    w = min(max_width, widest + 2 * pad_x)
    h = body.get_height() + 2 * pad_y
    surface = copy_image(panel_surface((w, h), colors[kind], round(16 * scale), edge, 2))
    surface.blit(body, ((w - body.get_width()) // 2, pad_y))
    return surface
