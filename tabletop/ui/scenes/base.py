"""Base classes for menu-like scenes: widgets, keyboard focus, redraw when changed.

Menus are quiet screens: they repaint the whole window only when something
changed (a hover, a keypress, a caret blink), and otherwise cost nothing.
Overlays (pause, dialogs) draw over a dimmed picture of the screen beneath.
"""

from __future__ import annotations

import pygame

from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow, then
from tabletop.ui.scene import Scene
from tabletop.ui.widgets.base import FocusRing, Widget, panel_surface
from tabletop.ui.widgets.text_input import TextInput

__all__ = ["MenuScene", "OverlayScene", "felt_background"]

def felt_background(ctx: Context, size: tuple[int, int]) -> pygame.Surface:
    """The table felt at ``size`` (cached by the assets; do not draw on it)."""
    return ctx.assets.backdrop("felt.svg", size)


class MenuScene(Scene):
    """Widgets on a background; Tab/arrows/Enter/Esc work everywhere."""

    vertical_focus = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.widgets: list[Widget] = []
        self.focus = FocusRing()
        self.dirty = True
        self._blink = 0.0
        self.size = ctx.screen_size
        self._asked: Flow = None

    # -- building -------------------------------------------------------------
    def enter(self) -> Flow:
        self.size = self.ctx.screen_size
        self.build()
        return None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.size = size
        self.build()

    def resume(self) -> None:
        super().resume()
        self.build()

    def build(self) -> None:
        """Create the widgets for the current window size (override)."""
        self.dirty = True

    def set_widgets(self, widgets: list[Widget]) -> None:
        self.widgets = widgets
        self.focus.set(widgets)
        self.dirty = True

    # -- input ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Flow:
        """Input for the widgets, keyboard focus, Esc (:meth:`back`) and Enter
        (:meth:`confirm`); returns what a widget's action, or Esc or Enter, asked to open."""
        used = self._widget_takes(event)
        if not used and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return then(self.taken(), self.back())
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return then(self.taken(), self.confirm())
        return self.taken()

    def _widget_takes(self, event: pygame.event.Event) -> bool:
        """Hand ``event`` to the widgets and the focus ring; True if one of them used it."""
        for widget in self.widgets:
            if widget.hover_changed(event):
                self.dirty = True
                if widget.hovered and widget.enabled:
                    self.ctx.audio.play(Sound.HOVER, 0.5)
        if event.type == pygame.MOUSEBUTTONDOWN:
            for widget in self.widgets:
                if isinstance(widget, TextInput):
                    if widget.rect.collidepoint(event.pos) and widget.enabled:
                        self.focus.focus(widget)
                        self.dirty = True
                        return True
            if isinstance(self.focus.current, TextInput):
                self.focus.focus(None)
        current = self.focus.current
        typing = isinstance(current, TextInput)
        if isinstance(current, TextInput) and current.handle_event(event):
            self.dirty = True
            return True
        for widget in self.widgets:
            # A focused text field has had its turn above; every other widget, focused
            # or not, takes clicks.
            if (widget is not current or not typing) and widget.handle_event(event):
                self._asked = then(self._asked, widget.take_request())
                self.dirty = True
                if event.type == pygame.MOUSEBUTTONUP:
                    self.ctx.audio.play(Sound.CLICK)
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return False
            if self.focus.handle_key(event, self.vertical_focus):
                if current is not None:  # Enter or Space on it
                    self._asked = then(self._asked, current.take_request())
                self.dirty = True
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self.ctx.audio.play(Sound.CLICK)
                return True
        if event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWEXPOSED):
            self.dirty = True
        return False

    def taken(self) -> Flow:
        """What the widgets' actions asked to open since last asked (taken from each
        widget as it acts: its action may have built the widgets anew)."""
        flow, self._asked = self._asked, None
        for widget in self.widgets:
            flow = then(flow, widget.take_request())
        return flow

    def back(self) -> Flow:
        """Esc: leave this screen (override)."""
        return Back()

    def confirm(self) -> Flow:
        """Enter with nothing focused (override)."""
        return None

    # -- frame ----------------------------------------------------------------
    def update(self, dt: float) -> Flow:
        if isinstance(self.focus.current, TextInput):
            self._blink += dt
            if self._blink >= 0.265:
                self._blink = 0.0
                self.dirty = True
        return None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if not (self.dirty or self.needs_full_redraw):
            return []
        self.paint(surface)
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)
        self.dirty = False
        self.needs_full_redraw = False
        return [surface.get_rect()]

    def paint(self, surface: pygame.Surface) -> None:
        """The background and static decoration (override; widgets come after)."""
        surface.blit(felt_background(self.ctx, surface.get_size()), (0, 0))

    # -- helpers ----------------------------------------------------------------
    @property
    def scale(self) -> float:
        return theme.scale_for(self.size[1])

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def heading(self, surface: pygame.Surface, text: str, center: tuple[int, int],
                size: int = 64, max_width: int | None = None) -> pygame.Rect:
        """A title centred on ``center``; within ``max_width``, it is set smaller (down to
        two thirds of ``size``) before it would be cut."""
        points = self.px(size)
        if max_width is not None:
            points = self.heading_size(text, size, max_width)
        image = self.ctx.text.render(text, points, theme.INK, display=True, bold=True,
                                     shadow=(0, 0, 0), max_width=max_width)
        rect = image.get_rect(center=center)
        surface.blit(image, rect)
        return rect

    def heading_size(self, text: str, size: int, max_width: int) -> int:
        """The point size a heading of ``size`` takes to fit ``max_width`` (at least two
        thirds of it: then it does not fit)."""
        points = self.px(size)
        return self.ctx.text.size_to_fit(text, points, max_width, bold=True, display=True,
                                         smallest=points * 2 // 3)

    def heading_fits(self, text: str, size: int, max_width: int) -> bool:
        points = self.heading_size(text, size, max_width)
        return self.ctx.text.font(points, bold=True, display=True).size(text)[0] <= max_width

    def fit_block(self, text: str, size: int, color: theme.Color, width: int,
                  height: int) -> pygame.Surface | None:
        """``text`` wrapped to ``width`` at the largest type size (down to a readable
        minimum) whose lines fit in ``height``; ``None`` if even that does not fit."""
        words = self.ctx.text

        def fits(step: int) -> bool:
            lines = len(words.wrap(text, step, width))
            return round(words.font(step).get_linesize() * 1.3) * lines <= height

        low, high = max(11, size * 2 // 3), size
        if not fits(low):
            return None
        while low < high:  # the largest size that fits (a smaller one always does)
            mid = (low + high + 1) // 2
            if fits(mid):
                low = mid
            else:
                high = mid - 1
        return words.block(text, low, color, width)

    def panel(self, surface: pygame.Surface, rect: pygame.Rect,
              color: theme.Color = theme.PANEL) -> None:
        surface.blit(panel_surface(rect.size, color, self.px(18), theme.PANEL_EDGE, 2), rect)


class OverlayScene(MenuScene):
    """A menu drawn over a dimmed picture of the scene below."""

    opaque = False
    dim = 150

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._below: pygame.Surface | None = None

    def enter(self) -> Flow:
        screen = pygame.display.get_surface()
        if screen is not None:
            self._below = self._dimmed(screen.copy())
        return super().enter()

    def _dimmed(self, picture: pygame.Surface) -> pygame.Surface:
        shade = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
        shade.fill((4, 14, 16, self.dim))
        picture.blit(shade, (0, 0))
        return picture

    def resize(self, size: tuple[int, int]) -> None:
        if self._below is not None:
            self._below = pygame.transform.smoothscale(self._below, size)
        super().resize(size)

    def paint(self, surface: pygame.Surface) -> None:
        if self._below is not None and self._below.get_size() == surface.get_size():
            surface.blit(self._below, (0, 0))
        else:
            surface.blit(felt_background(self.ctx, surface.get_size()), (0, 0))
