"""An on/off switch."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui import theme
from tabletop.ui.widgets.base import Widget, draw_focus

__all__ = ["Toggle"]


class Toggle(Widget):
    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: bool,
                 on_change: Callable[[bool], None]) -> None:
        super().__init__(rect)
        self.value = value
        self.on_change = on_change

    def activate(self) -> bool:
        self.value = not self.value
        self.on_change(self.value)
        return True

    def nudge(self, step: int) -> bool:
        want = step > 0
        if want != self.value:
            return self.activate()
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                return self.activate()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        radius = self.rect.h // 2
        fill = theme.GOOD if self.value else theme.BUTTON_DISABLED
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        x = self.rect.right - radius if self.value else self.rect.x + radius
        pygame.draw.circle(surface, theme.INK, (x, self.rect.centery), radius - 4)
        if self.focused:
            draw_focus(surface, self.rect, radius)
