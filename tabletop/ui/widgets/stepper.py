"""A value chosen from a list with ‹ and › arrows (or Left/Right while focused)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import Widget, draw_focus, panel_surface

__all__ = ["Stepper"]

T = TypeVar("T")


class Stepper(Widget, Generic[T]):
    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], choices: Sequence[T],
                 value: T, text: Text, on_change: Callable[[T], None] | None = None,
                 *, label: Callable[[T], str] = str, font_size: int = 20,
                 wrap: bool = False) -> None:
        super().__init__(rect)
        self.choices = list(choices)
        self.index = self.choices.index(value) if value in self.choices else 0
        self.text = text
        self.on_change = on_change
        self.label = label
        self.font_size = font_size
        self.wrap = wrap

    @property
    def value(self) -> T:
        """The choice shown."""
        return self.choices[self.index]

    def set_value(self, value: T) -> None:
        """Show ``value``, if it is one of the choices."""
        if value in self.choices:
            self.index = self.choices.index(value)

    def _arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        size = self.rect.h
        left = pygame.Rect(self.rect.x, self.rect.y, size, size)
        right = pygame.Rect(self.rect.right - size, self.rect.y, size, size)
        return left, right

    def nudge(self, step: int) -> bool:
        if not self.enabled:
            return False
        new = self.index + step
        if self.wrap:
            new %= len(self.choices)
        new = max(0, min(len(self.choices) - 1, new))
        if new == self.index:
            return False
        self.index = new
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def activate(self) -> bool:
        return self.nudge(1) or (self.wrap is False and self.nudge(-self.index))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            left, right = self._arrow_rects()
            if left.collidepoint(event.pos):
                self.nudge(-1)
                return True
            if right.collidepoint(event.pos) or self.rect.collidepoint(event.pos):
                self.nudge(1)
                return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            return self.nudge(1 if event.y > 0 else -1)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        fill = theme.BUTTON_HOVER if self.hovered and self.enabled else (
            theme.BUTTON if self.enabled else theme.BUTTON_DISABLED)
        radius = min(12, self.rect.h // 2)
        surface.blit(panel_surface(self.rect.size, fill, radius), self.rect)
        left, right = self._arrow_rects()
        for rect, direction, live in ((left, -1, self.index > 0 or self.wrap),
                                      (right, 1, self.index < len(self.choices) - 1 or self.wrap)):
            color = theme.INK if live and self.enabled else theme.INK_DIM
            size = max(4, rect.h // 6)
            cx, cy = rect.center
            tip = (cx + direction * size, cy)
            pygame.draw.polygon(surface, color, [tip, (cx - direction * size, cy - size * 1.3),
                                                 (cx - direction * size, cy + size * 1.3)])
        value = self.text.render(self.label(self.value), self.font_size,
                                 theme.INK if self.enabled else theme.INK_DIM, bold=True,
                                 max_width=self.rect.w - 2 * self.rect.h)
        surface.blit(value, value.get_rect(center=self.rect.center))
        if self.focused:
            draw_focus(surface, self.rect, radius)
