"""A hand of cards fanned in a gentle arc: where each card goes, and which card is under the mouse.

Shared by every game's table; it only does geometry (the table owns the sprites).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from tabletop.ui import theme
from tabletop.ui.cards import ImageCache
from tabletop.ui.text import Text

__all__ = ["HandFan", "Pose", "hidden_hand_image"]

#: Centre x, centre y, angle in degrees (counter-clockwise).
Pose = tuple[float, float, float]


@dataclass
class HandFan:
    center_x: float
    center_y: float
    card_w: int
    card_h: int
    max_width: float
    max_step_degrees: float = 3.0
    total_degrees: float = 26.0
    lift: float = 0.22  # how far a hovered or selected card rises, in card heights

    def spacing(self, count: int) -> float:
        if count <= 1:
            return 0.0
        return min(self.card_w * 0.74, (self.max_width - self.card_w) / (count - 1))

    def poses(self, count: int, raised: frozenset[int] = frozenset()) -> list[Pose]:
        spacing = self.spacing(count)
        step = min(self.max_step_degrees, self.total_degrees / max(1, count))
        middle = (count - 1) / 2
        drop = self.card_h * 0.007
        poses = []
        for i in range(count):
            offset = i - middle
            x = self.center_x + offset * spacing
            y = self.center_y + drop * offset * offset
            if i in raised:
                y -= self.card_h * self.lift
            poses.append((x, y, -offset * step))
        return poses

    def index_at(self, pos: tuple[int, int], count: int,
                 raised: frozenset[int] = frozenset()) -> int | None:
        """The topmost card under ``pos`` (cards further right lie on top)."""
        x, y = pos
        half_w, half_h = self.card_w / 2, self.card_h / 2
        for i, (cx, cy, _) in reversed(list(enumerate(self.poses(count, raised)))):
            if abs(x - cx) <= half_w and abs(y - cy) <= half_h + (self.card_h * self.lift
                                                                  if i in raised else 0):
                return i
        return None

    def bounds(self, count: int) -> tuple[float, float, float, float]:
        """Left, top, right, bottom around the whole fan (raised cards included)."""
        if count == 0:
            return (self.center_x, self.center_y, self.center_x, self.center_y)
        poses = self.poses(count)
        left = poses[0][0] - self.card_w * 0.7
        right = poses[-1][0] + self.card_w * 0.7
        top = min(p[1] for p in poses) - self.card_h * (0.5 + self.lift)
        bottom = max(p[1] for p in poses) + self.card_h * 0.6
        return left, top, right, bottom


def hidden_hand_image(images: ImageCache, back: Hashable, size: tuple[int, int], count: int,
                      text: Text, scale: float) -> pygame.Surface:
    """Another seat's hand as the table sees it: ``count`` small backs fanned, with a badge."""
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
