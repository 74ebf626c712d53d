"""A one-line text field: typed text (any script), Backspace, Home/End, a length limit.

When the field gains the focus its whole text is selected, so typing replaces a
default name at once; Ctrl+A selects everything again; the arrows and Home/End put
the caret back."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text, printable
from tabletop.ui.widgets.base import Widget, draw_focus, panel_surface

__all__ = ["TextInput"]


class TextInput(Widget):
    """Edits ``value``; ``allowed`` filters characters (e.g. digits for a seed)."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: str, text: Text,
                 on_change: Callable[[str], None] | None = None, *, max_length: int = 24,
                 placeholder: str = "", allowed: Callable[[str], bool] | None = None,
                 font_size: int = 20) -> None:
        super().__init__(rect)
        self.text = text
        self.max_length = max_length
        self.allowed = allowed
        self.value = self._clean(value)
        self.caret = len(self.value)
        #: The whole text is selected (typing or Backspace replaces it).
        self.selected = False
        self.on_change = on_change
        self.placeholder = placeholder
        self.font_size = font_size

    def _clean(self, raw: str) -> str:
        kept = "".join(ch for ch in printable(raw, self.max_length * 4)
                       if self.allowed is None or self.allowed(ch))
        return kept[: self.max_length]

    def set_value(self, value: str) -> None:
        """Put ``value`` in the box (cleaned), the caret at its end."""
        self.value = self._clean(value)
        self.caret = len(self.value)

    def set_focus(self, focused: bool) -> None:
        if focused and not self.focused:
            self.select_all()
        elif not focused:
            self.selected = False
        super().set_focus(focused)

    def select_all(self) -> None:
        """Select the whole text (typing replaces it)."""
        self.selected = bool(self.value)
        self.caret = len(self.value)

    def _take_selection(self) -> None:
        """Typing over a selection replaces it."""
        if self.selected:
            self.value, self.caret, self.selected = "", 0, False

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    def activate(self) -> bool:
        return False  # Enter moves on (handled by the focus ring's owner)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            addition = self._clean(event.text)
            if addition and self.selected:
                self._take_selection()
            room = self.max_length - len(self.value)
            addition = addition[: max(0, room)]
            if addition:
                self.value = self.value[: self.caret] + addition + self.value[self.caret:]
                self.caret += len(addition)
                self._changed()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.select_all()
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.selected:
                self._take_selection()
                self._changed()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False
            if event.key == pygame.K_BACKSPACE:
                if self.caret > 0:
                    self.value = self.value[: self.caret - 1] + self.value[self.caret:]
                    self.caret -= 1
                    self._changed()
                return True
            if event.key == pygame.K_DELETE:
                if self.caret < len(self.value):
                    self.value = self.value[: self.caret] + self.value[self.caret + 1:]
                    self._changed()
                return True
            if event.key == pygame.K_LEFT:
                self.caret = max(0, self.caret - 1)
                return True
            if event.key == pygame.K_RIGHT:
                self.caret = min(len(self.value), self.caret + 1)
                return True
            if event.key == pygame.K_HOME:
                self.caret = 0
                return True
            if event.key == pygame.K_END:
                self.caret = len(self.value)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        radius = min(10, self.rect.h // 2)
        fill = (8, 28, 32, 235) if self.focused else (8, 28, 32, 190)
        edge = theme.HIGHLIGHT if self.focused else theme.PANEL_EDGE
        surface.blit(panel_surface(self.rect.size, fill, radius, edge, 2), self.rect)
        inner = self.rect.inflate(-20, 0)
        font = self.text.font(self.font_size)
        shown = self.value
        color = theme.INK
        if not shown and not self.focused:
            shown, color = self.placeholder, theme.INK_DIM
        # Keep the caret in view: drop characters from the left while too wide.
        start = 0
        while font.size(shown[start: self.caret if self.value else len(shown)])[0] > inner.w - 4 \
                and start < len(shown):
            start += 1
        visible = shown[start:]
        image = self.text.render(visible, self.font_size, color, max_width=inner.w)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        y = self.rect.centery - image.get_height() // 2
        if self.focused and self.selected:
            mark = pygame.Rect(inner.x - 2, y, image.get_width() + 4, image.get_height())
            pygame.draw.rect(surface, (*theme.HIGHLIGHT[:3], 110), mark, border_radius=4)
        surface.blit(image, (inner.x, y))
        if self.focused and not self.selected and (pygame.time.get_ticks() // 530) % 2 == 0:
            caret_x = inner.x + font.size(self.value[start: self.caret])[0]
            pygame.draw.line(surface, theme.HIGHLIGHT, (caret_x, y + 3),
                             (caret_x, y + image.get_height() - 3), 2)
        surface.set_clip(clip)
        if self.focused:
            draw_focus(surface, self.rect, radius)
