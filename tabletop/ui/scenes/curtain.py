"""The hand-off curtain: covers the table until the next person is at the screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Answer, Back, Flow, Open, Route, then
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button

__all__ = ["Curtain"]


class Curtain(MenuScene):
    """Opaque: nothing of the table shows through.  Ready (click, Enter, Space) lifts it."""

    def __init__(self, ctx: Context, name: str, on_ready: Callable[[], Flow],
                 reason: str = "", on_menu: Callable[[], Flow] | None = None,
                 card_back: str = "card_back.svg") -> None:
        super().__init__(ctx)
        self.name = name
        self.on_ready = on_ready
        self.reason = reason
        self.on_menu = on_menu
        self.card_back = card_back  # the game's own card back, under art/
        self._fan: list[pygame.Surface] = []

    def build(self) -> None:
        w, h = self.size
        px = self.px
        label = f"I am {self.name} — show my cards"
        width = max(px(320), self.ctx.text.font(px(24), bold=True).size(label)[0] + px(64))
        width = min(width, w - px(80))
        widgets: list[Widget] = [Button((w // 2 - width // 2, round(h * 0.62), width, px(76)),
                                        label, self.ctx.text, self.ready, primary=True,
                                        font_size=px(24))]
        back = self.ctx.assets.svg(self.card_back, (px(150), px(210)))
        self._fan = [pygame.transform.rotozoom(back, angle, 1.0) for angle in (-14, 0, 14)]
        if self.on_menu is not None:
            widgets.append(Button((px(40), h - px(90), px(220), px(56)), "Menu", self.ctx.text,
                                  self.menu, font_size=px(22), subtle=True))
        self.set_widgets(widgets)
        self.focus.focus(widgets[0])

    def paint(self, surface: pygame.Surface) -> None:
        w, h = self.size
        px = self.px
        surface.fill(theme.FELT_DARK)
        for i, image in enumerate(self._fan):
            surface.blit(image, image.get_rect(center=(w // 2 + (i - 1) * px(70), round(h * 0.26))))
        self.heading(surface, f"Pass the screen to {self.name}", (w // 2, round(h * 0.45)), 60)
        line = self.reason or f"Everyone else, please look away while {self.name} plays."
        image = self.ctx.text.render(line, px(24), theme.INK_SOFT)
        surface.blit(image, image.get_rect(center=(w // 2, round(h * 0.53))))

    def ready(self) -> Flow:
        self.ctx.audio.play(Sound.FLIP)
        return then(Back(), self.on_ready())

    def menu(self) -> Flow:
        return self.on_menu() if self.on_menu is not None else None

    def back(self) -> Flow:
        """Esc: ask first — the person at the screen may only have meant to wait."""
        if self.on_menu is None:
            return None
        return Open(Route.ASK, title="Leave for the main menu?",
                    message="The game is saved: Continue on the main menu picks it up "
                            "where you are.",
                    answers=(Answer("Leave", self.menu), Answer("Stay", lambda: None, primary=True)))

    def confirm(self) -> Flow:
        return self.ready()
