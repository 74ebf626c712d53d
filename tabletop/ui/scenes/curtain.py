"""The hand-off curtain: covers the table until the next person is at the screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button

__all__ = ["Curtain"]


class Curtain(MenuScene):
    """Opaque: nothing of the table shows through.  Ready (click, Enter, Space) lifts it."""

    def __init__(self, ctx: Context, name: str, on_ready: Callable[[], None],
                 reason: str = "", on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        self.name = name
        self.on_ready = on_ready
        self.reason = reason
        self.on_menu = on_menu

    def build(self) -> None:
        w, h = self.size
        px = self.px
        widgets: list[Widget] = [Button((w // 2 - px(160), round(h * 0.62), px(320), px(76)),
                          f"I am {self.name} — show my cards", self.ctx.text, self.ready,
                          primary=True, font_size=px(24))]
        if self.on_menu is not None:
            widgets.append(Button((px(40), h - px(90), px(220), px(56)), "Menu", self.ctx.text,
                                  self.menu, font_size=px(22), subtle=True))
        self.set_widgets(widgets)
        self.focus.focus(widgets[0])

    def paint(self, surface: pygame.Surface) -> None:
        w, h = self.size
        px = self.px
        surface.fill(theme.FELT_DARK)
        back = self.ctx.assets.svg("card_back.svg", (px(150), px(210)))
        for i, angle in enumerate((-14, 0, 14)):
            image = pygame.transform.rotozoom(back, angle, 1.0)
            surface.blit(image, image.get_rect(center=(w // 2 + (i - 1) * px(70), round(h * 0.26))))
        self.heading(surface, f"Pass the screen to {self.name}", (w // 2, round(h * 0.45)), 60)
        line = self.reason or f"Everyone else, please look away while {self.name} plays."
        image = self.ctx.text.render(line, px(24), theme.INK_SOFT)
        surface.blit(image, image.get_rect(center=(w // 2, round(h * 0.53))))

    def ready(self) -> None:
        self.ctx.audio.play("flip")
        self.ctx.scenes.pop()
        self.on_ready()

    def menu(self) -> None:
        if self.on_menu is not None:
            self.on_menu()

    def back(self) -> None:
        if self.on_menu is not None:
            self.on_menu()

    def confirm(self) -> bool:
        self.ready()
        return True
