"""The short game log: the latest lines, older ones fading."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image, panel_surface

__all__ = ["log_image"]

PANEL = (8, 30, 34)


def log_image(lines: list[str], size: tuple[int, int], text: Text, scale: float,
              title: str = "Log") -> pygame.Surface:
    """The log panel.  Each line is rendered once in one colour (so the text cache keeps
    it however the log scrolls); older lines fade by being laid on more faintly, over a
    backing whose veil is drawn once for the panel's size."""
    w, h = size
    pad = round(12 * scale)
    head = text.render(title, round(17 * scale), theme.GOLD, bold=True)
    font_size = round(17 * scale)
    line_h = text.font(font_size).get_linesize()
    top = pad + head.get_height()
    backing = _backing(w, h, round(14 * scale), top)
    # Drawn on one of two surfaces kept for the size (the other may be on screen): a new
    # surface of this size each time costs more in fresh memory than the drawing.
    pair = _surfaces(w, h)
    pair.reverse()
    surface = pair[0]
    surface.fill((0, 0, 0, 0))
    surface.blit(backing, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # an exact copy
    room = max(1, (h - pad - top) // line_h)
    wrapped: list[pygame.Surface] = []
    for line in lines[-room * 2:]:
        wrapped.extend(_rendered(text, line, font_size, w - 2 * pad))
    shown = wrapped[-room:]
    y = h - pad - line_h * len(shown)
    for image in shown:
        image.set_alpha(255 - _veil_alpha(y + line_h / 2 - top, h - top))
        surface.blit(image, (pad, y))
        image.set_alpha(255)  # the text cache's copy is shared
        y += line_h
    surface.blit(head, (pad, pad - 2))
    return surface


def _veil_alpha(y: float, h: int) -> int:
    """How much of the panel lies over the log at ``y`` (most at the top, none over the
    newest lines at the bottom)."""
    t = 1.0 - y / max(1, h)  # 1 at the top, 0 at the bottom
    return round(150 * max(0.0, t - 0.15) / 0.85)


@lru_cache(maxsize=160)
def _rendered(text: Text, line: str, size: int, width: int) -> tuple[pygame.Surface, ...]:
    """A log line wrapped and rendered, once (the log draws the same lines again and
    again as it scrolls)."""
    return tuple(text.render(part, size, theme.INK) for part in text.wrap(line, size, width))


@lru_cache(maxsize=2)
def _surfaces(w: int, h: int) -> list[pygame.Surface]:
    return [pygame.Surface((w, h), pygame.SRCALPHA) for _ in range(2)]


@lru_cache(maxsize=4)
def _backing(w: int, h: int, radius: int, top: int) -> pygame.Surface:
    """The panel with its veil, as it looks with no lines."""
    surface = copy_image(panel_surface((w, h), (*PANEL, 200), radius))
    surface.blit(_veil(w, h - top, top), (0, top))
    return surface


@lru_cache(maxsize=8)
def _veil(w: int, h: int, top: int) -> pygame.Surface:
    """Panel colour, most opaque at the top, clear over the newest lines at the bottom."""
    veil = pygame.Surface((w, max(1, h)), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(veil, (*PANEL, _veil_alpha(y, h)), (0, y), (w, y))
    return veil
