"""A push button with an optional icon."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui import theme
from tabletop.ui.flow import Flow
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import Widget, draw_focus, panel_surface

__all__ = ["Button"]


class Button(Widget):
    """Clicks (or Enter while focused) call ``on_click``; what it returns (a screen to
    open) waits in :attr:`requested` for the scene."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: str, text: Text,
                 on_click: Callable[[], Flow], *, primary: bool = False,
                 icon: pygame.Surface | None = None, font_size: int = 22,
                 subtle: bool = False) -> None:
        super().__init__(rect)
        self.label = label
        self.text = text
        self.on_click = on_click
        self.primary = primary
        self.subtle = subtle
        self.icon = icon
        self.font_size = font_size
        self._pressed = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self._pressed = self._pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.requested = self.on_click()
                return True
            return was_pressed
        return False

    def activate(self) -> bool:
        if self.enabled and self.visible:
            self.requested = self.on_click()
            return True
        return False

    def _fill(self) -> theme.Color:
        if not self.enabled:
            return theme.BUTTON_DISABLED
        if self.primary:
            return theme.BUTTON_PRIMARY_HOVER if self.hovered else theme.BUTTON_PRIMARY
        if self._pressed:
            return theme.BUTTON_PRESSED
        if self.subtle:
            return (255, 255, 255, 40) if self.hovered else (255, 255, 255, 18)
        return theme.BUTTON_HOVER if self.hovered else theme.BUTTON

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = min(14, self.rect.h // 2)
        if not self.subtle:
            shadow = panel_surface(self.rect.size, (0, 0, 0, 70), radius)
            surface.blit(shadow, self.rect.move(0, 3))
        surface.blit(panel_surface(self.rect.size, self._fill(), radius), self.rect)
        ink = theme.INK_DARK if self.primary and self.enabled else (
            theme.INK if self.enabled else theme.INK_DIM)
        label = self.text.render(self.label, self.font_size, ink, bold=True,
                                 max_width=self.rect.w - 24 - (self.rect.h if self.icon else 0))
        x = self.rect.centerx - label.get_width() // 2
        if self.icon is not None:
            icon_w = self.icon.get_width()
            total = icon_w + 10 + (label.get_width() if self.label else -10)
            x = self.rect.centerx - total // 2
            surface.blit(self.icon, (x, self.rect.centery - self.icon.get_height() // 2))
            x += icon_w + 10
        if self.label:
            surface.blit(label, (x, self.rect.centery - label.get_height() // 2))
        if self.focused:
            draw_focus(surface, self.rect, radius)
