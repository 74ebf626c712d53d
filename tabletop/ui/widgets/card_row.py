"""Cards in a straight row of slots (a trick, a community row): geometry only."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

__all__ = ["CardRow"]


@dataclass
class CardRow:
    center_x: float
    center_y: float
    card_w: int
    card_h: int
    slots: int
    gap: float

    @property
    def width(self) -> float:
        return self.slots * self.card_w + (self.slots - 1) * self.gap

    def center(self, index: int) -> tuple[float, float]:
        left = self.center_x - self.width / 2 + self.card_w / 2
        return (left + index * (self.card_w + self.gap), self.center_y)

    def slot_rect(self, index: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.card_w, self.card_h)
        rect.center = (round(self.center(index)[0]), round(self.center(index)[1]))
        return rect

    def rect(self, margin: int = 0) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(self.width) + 2 * margin, self.card_h + 2 * margin)
        rect.center = (round(self.center_x), round(self.center_y))
        return rect
