"""The widget base class, keyboard focus, and panel drawing shared by all widgets."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from tabletop.ui import theme
from tabletop.ui.flow import Flow
from tabletop.ui.theme import Color

__all__ = ["FocusRing", "Widget", "panel_surface", "draw_focus"]


class Widget:
    """Something on screen with a rectangle that may react to input."""

    focusable = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = True
        self.visible = True
        self.focused = False
        self.hovered = False
        #: What the widget's action asked to open, until its scene takes it.
        self.requested: Flow = None

    def take_request(self) -> Flow:
        """What the widget's last action asked to open (once)."""
        flow, self.requested = self.requested, None
        return flow

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the mouse (and keys while focused); True if used."""
        return False

    def set_focus(self, focused: bool) -> None:
        """The keyboard focus arrives or leaves (a text field selects its text)."""
        self.focused = focused

    def activate(self) -> bool:
        """Enter or Space while focused; True if something happened."""
        return False

    def nudge(self, step: int) -> bool:
        """Left/Right while focused (steppers, sliders); True if used."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto ``surface``."""

    def hover_changed(self, event: pygame.event.Event) -> bool:
        """Track the hover state; True if it changed (so the scene redraws)."""
        if event.type != pygame.MOUSEMOTION:
            return False
        inside = self.visible and self.rect.collidepoint(event.pos)
        if inside != self.hovered:
            self.hovered = inside
            return True
        return False


class FocusRing:
    """Keyboard navigation between widgets: Tab/arrows move, Enter activates."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.index = -1

    def set(self, widgets: Sequence[Widget], keep: bool = True) -> None:
        """The widgets keys move through, in order (``keep``: the focused one stays focused)."""
        current = self.current
        self.widgets = list(widgets)
        if keep and current in self.widgets:
            self.index = self.widgets.index(current)
        else:
            self.index = -1
        for widget in self.widgets:
            widget.set_focus(widget is self.current)

    @property
    def current(self) -> Widget | None:
        """The focused widget (``None``: none)."""
        if 0 <= self.index < len(self.widgets):
            return self.widgets[self.index]
        return None

    def focus(self, widget: Widget | None) -> None:
        """Focus ``widget`` (``None``: none)."""
        for w in self.widgets:
            w.set_focus(w is widget)
        self.index = self.widgets.index(widget) if widget in self.widgets else -1

    def move(self, step: int) -> None:
        """Focus the next usable widget ``step`` places on, round the ring."""
        candidates = [i for i, w in enumerate(self.widgets)
                      if w.focusable and w.enabled and w.visible]
        if not candidates:
            return
        if self.index not in candidates:
            self.index = candidates[0] if step > 0 else candidates[-1]
        else:
            at = candidates.index(self.index)
            self.index = candidates[(at + step) % len(candidates)]
        self.focus(self.widgets[self.index])

    def handle_key(self, event: pygame.event.Event, vertical: bool = True) -> bool:
        """Navigation keys; True if used."""
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        forward = (pygame.K_DOWN,) if vertical else (pygame.K_RIGHT,)
        backward = (pygame.K_UP,) if vertical else (pygame.K_LEFT,)
        if key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if key in forward:
            self.move(1)
            return True
        if key in backward:
            self.move(-1)
            return True
        current = self.current
        if current is None:
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return current.activate()
        if vertical and key in (pygame.K_LEFT, pygame.K_RIGHT):
            return current.nudge(-1 if key == pygame.K_LEFT else 1)
        return False


def copy_image(image: pygame.Surface) -> pygame.Surface:
    """A copy of ``image`` to draw on.  ``Surface.copy`` converts pixel by pixel; a
    translucent image is copied several times faster by taking, channel by channel, the
    larger of its pixels and a blank surface's (which are its own, exactly)."""
    if (image.get_flags() & pygame.SRCALPHA and image.get_alpha() in (None, 255)
            and image.get_colorkey() is None):
        copy = pygame.Surface(image.get_size(), pygame.SRCALPHA, image)
        copy.blit(image, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
        return copy
    return image.copy()


@lru_cache(maxsize=256)
def panel_surface(size: tuple[int, int], color: Color = theme.PANEL, radius: int = 14,
                  border: Color | None = None, border_width: int = 2) -> pygame.Surface:
    """A rounded, possibly translucent panel (cached per size and style)."""
    w, h = max(1, size[0]), max(1, size[1])
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surface, color, surface.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, surface.get_rect(), border_width, border_radius=radius)
    return surface


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, radius: int = 12) -> None:
    """The keyboard focus ring."""
    pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(8, 8), 3, border_radius=radius + 4)
