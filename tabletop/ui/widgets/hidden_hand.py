"""Another seat's hand as the table shows it: small backs fanned, with a count badge.

The viewer's own hand is the table kit's ``Fan`` zone (``tabletop.ui.table.zones``).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache

import pygame

from tabletop.ui import theme
from tabletop.ui.cards import ImageCache
from tabletop.ui.text import Text

__all__ = ["hidden_hand_image"]


def hidden_hand_image(images: ImageCache, back: Hashable, size: tuple[int, int], count: int,
                      text: Text, scale: float) -> pygame.Surface:
    """Another seat's hand as the table sees it: ``count`` small backs fanned, with a badge.
    Kept: every seat's hand of that many cards looks the same (treat it as read-only)."""
    return _hidden_hand(images, back, size, count, text, scale)


@lru_cache(maxsize=96)
def _hidden_hand(images: ImageCache, back: Hashable, size: tuple[int, int], count: int,
                 text: Text, scale: float) -> pygame.Surface:
    w, h = size
    width = round(w * 2.6)
    image = pygame.Surface((width, round(h * 1.25)), pygame.SRCALPHA)
    for i in range(count):
        offset = i - (count - 1) / 2
        angle = -offset * min(5.0, 40 / max(count, 1))
        card = images.variant(back, size, angle)
        x = width / 2 + offset * min(w * 0.22, (width - w) / max(1, count - 1))
        image.blit(card, card.get_rect(center=(round(x), round(h * 0.6 + abs(offset) * 1.5))))
    if count:
        badge = text.render(str(count), round(17 * scale), theme.INK_DARK, bold=True)
        radius = max(badge.get_width(), badge.get_height()) // 2 + 3
        center = (width - radius - 2, radius + 2)
        pygame.draw.circle(image, theme.INK, center, radius)
        image.blit(badge, badge.get_rect(center=center))
    return image
