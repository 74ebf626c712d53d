"""The pause menu over the table: resume, rules, settings, or back to the main menu."""

from __future__ import annotations

from typing import Protocol

import pygame

from tabletop.engine.registry import GameEntry

from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow, Home, Open, Route
from tabletop.ui.scenes.base import OverlayScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button



class PausedTable(Protocol):
    """What the pause menu needs of the table below it."""

    entry: GameEntry


__all__ = ["PauseScene"]


class PauseScene(OverlayScene):
    def __init__(self, ctx: Context, table: PausedTable) -> None:
        super().__init__(ctx)
        self.table = table

    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.box = pygame.Rect(0, 0, px(520), px(540))
        self.box.center = (w // 2, h // 2)
        x = self.box.centerx - px(180)
        y = self.box.y + px(130)
        step = px(86)
        buttons: list[Widget] = [
            Button((x, y, px(360), px(66)), "Resume", self.ctx.text, self.back, primary=True,
                   font_size=px(26)),
            Button((x, y + step, px(360), px(66)), "Rules", self.ctx.text, self.rules,
                   font_size=px(24)),
            Button((x, y + 2 * step, px(360), px(66)), "Settings", self.ctx.text, self.settings,
                   font_size=px(24)),
            Button((x, y + 3 * step, px(360), px(66)), "Save and leave to menu", self.ctx.text,
                   self.leave, font_size=px(24)),
        ]
        self.set_widgets(buttons)
        self.focus.focus(buttons[0])

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        self.panel(surface, self.box, theme.PANEL_SOLID)
        self.heading(surface, "Paused", (self.box.centerx, self.box.y + px(64)), 52)
        hint = self.ctx.text.render("The game is saved after every move.", px(18), theme.INK_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(self.box.centerx, self.box.bottom - px(24))))

    def rules(self) -> Flow:
        return Open(Route.RULES, entry=self.table.entry)

    def settings(self) -> Flow:
        return Open(Route.SETTINGS)

    def leave(self) -> Flow:
        return Home()

    def back(self) -> Flow:
        return Back()

    def handle_event(self, event: pygame.event.Event) -> Flow:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_p, pygame.K_PAUSE):
            return self.back()
        return super().handle_event(event)
