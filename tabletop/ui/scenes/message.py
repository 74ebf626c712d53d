"""A dialog with a title, a message and an OK button."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow, then
from tabletop.ui.scenes.base import OverlayScene
from tabletop.ui.widgets.button import Button

__all__ = ["MessageScene"]


class MessageScene(OverlayScene):
    def __init__(self, ctx: Context, title: str, message: str,
                 on_close: Callable[[], Flow] | None = None) -> None:
        super().__init__(ctx)
        self.title = title
        self.message = message
        self.on_close = on_close

    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.box = pygame.Rect(0, 0, min(w - px(80), px(820)), px(360))
        self.box.center = (w // 2, h // 2)
        button = Button((self.box.centerx - px(100), self.box.bottom - px(90), px(200), px(60)),
                        "OK", self.ctx.text, self.back, primary=True, font_size=px(24))
        self.set_widgets([button])
        self.focus.focus(button)

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        self.panel(surface, self.box, theme.PANEL_SOLID)
        self.heading(surface, self.title, (self.box.centerx, self.box.y + px(56)), 40)
        body = self.ctx.text.block(self.message, px(22), theme.INK, self.box.w - px(80),
                                   align="center")
        surface.blit(body, (self.box.x + px(40), self.box.y + px(104)))

    def back(self) -> Flow:
        return then(Back(), self.on_close() if self.on_close is not None else None)

    def confirm(self) -> Flow:
        return self.back()
