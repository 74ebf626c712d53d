"""A pile of face-down cards with its count: one image, redrawn when the count changes."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text

__all__ = ["pile_image"]


@lru_cache(maxsize=128)
def pile_image(back: pygame.Surface, count: int, text: Text, label: str = "",
               badge_size: int = 18) -> pygame.Surface:
    """``count`` cards stacked (a few visible layers), a count badge, and a label below
    (kept: piles alike look alike; treat it as read-only)."""
    w, h = back.get_size()
    layers = min(count, 4)
    step = max(1, w // 28)
    label_h = text.font(badge_size).get_linesize() if label else 0
    label_w = text.font(badge_size).size(label)[0] if label else 0
    width = max(w + step * 4 + badge_size, label_w + 4)
    surface = pygame.Surface((width, h + step * 4 + label_h + badge_size // 2), pygame.SRCALPHA)
    origin_y = badge_size // 2
    origin_x = (width - (w + step * 4 + badge_size)) // 2
    if count == 0:
        rect = pygame.Rect(origin_x, origin_y + step * 4, w, h)
        pygame.draw.rect(surface, (255, 255, 255, 50), rect, 2, border_radius=max(4, w // 12))
    for i in range(layers):
        surface.blit(back, (origin_x + i * step, origin_y + (3 - i) * step + step))
    if count:
        badge = text.render(str(count), badge_size, theme.INK_DARK, bold=True)
        radius = max(badge.get_width(), badge.get_height()) // 2 + 4
        center = (origin_x + w + step * 4 - radius // 2, origin_y + radius // 2 + 2)
        pygame.draw.circle(surface, theme.GOLD, center, radius)
        surface.blit(badge, badge.get_rect(center=center))
    if label:
        image = text.render(label, badge_size, theme.INK_SOFT, max_width=surface.get_width())
        surface.blit(image, image.get_rect(midbottom=(surface.get_width() // 2,
                                                      surface.get_height())))
    return surface
