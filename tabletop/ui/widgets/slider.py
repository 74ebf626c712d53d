"""A horizontal slider for a value between 0 and 1."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui import theme
from tabletop.ui.widgets.base import Widget, draw_focus

__all__ = ["Slider"]


class Slider(Widget):
    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: float,
                 on_change: Callable[[float], None], step: float = 0.05) -> None:
        super().__init__(rect)
        self.value = max(0.0, min(1.0, value))
        self.on_change = on_change
        self.step = step
        self._dragging = False

    def _set_from_x(self, x: int) -> None:
        track = self.rect.inflate(-self.rect.h, 0)
        value = (x - track.x) / max(1, track.w)
        self._set(value)

    def _set(self, value: float) -> None:
        value = round(max(0.0, min(1.0, value)), 3)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def nudge(self, step: int) -> bool:
        before = self.value
        self._set(self.value + step * self.step)
        return self.value != before

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.inflate(0, 16).collidepoint(event.pos):
                self._dragging = True
                self._set_from_x(event.pos[0])
                return True
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self._set_from_x(event.pos[0])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        track = self.rect.inflate(-self.rect.h, -self.rect.h + 8)
        track.centery = self.rect.centery
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, track, border_radius=4)
        filled = track.copy()
        filled.w = round(track.w * self.value)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=4)
        knob = (track.x + filled.w, track.centery)
        radius = self.rect.h // 2 - 2
        pygame.draw.circle(surface, (0, 0, 0, 80), (knob[0], knob[1] + 2), radius)
        pygame.draw.circle(surface, theme.INK if not self.hovered else theme.HIGHLIGHT, knob, radius)
        if self.focused:
            draw_focus(surface, self.rect, self.rect.h // 2)
