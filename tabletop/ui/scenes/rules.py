"""The rules page of a game: headings, paragraphs and bullets, scrolled by wheel or keys."""

from __future__ import annotations

import pygame

from tabletop.engine.registry import GameEntry
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Flow
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button
from tabletop.ui.widgets.stepper import Stepper

__all__ = ["RulesScene", "render_rules"]


def render_rules(text: Text, markup: str, width: int, scale: float) -> pygame.Surface:
    """The whole rules page as one tall transparent surface ``width`` pixels wide."""
    body = max(12, round(22 * scale))
    head = max(16, round(34 * scale))
    gap = round(14 * scale)
    bullet_indent = round(30 * scale)
    pieces: list[tuple[int, pygame.Surface]] = []
    y = 0
    for raw in markup.strip().splitlines():
        line = raw.rstrip()
        if not line:
            y += gap // 2
            continue
        if line.startswith("# "):
            y += gap if pieces else 0
            image = text.render(line[2:], head, theme.GOLD, display=True, bold=True)
            pieces.append((y, image))
            y += image.get_height() + gap // 2
            continue
        if line.startswith("- "):
            block = text.block(line[2:], body, theme.INK, width - bullet_indent)
            dot = pygame.Surface((width, block.get_height()), pygame.SRCALPHA)
            radius = max(3, body // 6)
            pygame.draw.circle(dot, theme.CORAL, (bullet_indent // 2, body // 2 + radius + 2), radius)
            dot.blit(block, (bullet_indent, 0))
            pieces.append((y, dot))
            y += block.get_height() + gap // 3
            continue
        block = text.block(line, body, theme.INK, width)
        pieces.append((y, block))
        y += block.get_height() + gap // 2
    page = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
    for top, image in pieces:
        page.blit(image, (0, top))
    return page


class RulesScene(MenuScene):
    def __init__(self, ctx: Context, entry: GameEntry) -> None:
        super().__init__(ctx)
        self.entry = entry
        self.scroll = 0
        self.page: pygame.Surface | None = None

    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.view = pygame.Rect(0, 0, min(w - px(120), px(1000)), h - px(260))
        self.view.midtop = (w // 2, px(150))
        self.page = render_rules(self.ctx.text, self.ctx.listing(self.entry).rules_page(),
                                 self.view.w - px(60),
                                 self.scale)
        self.scroll = min(self.scroll, self.max_scroll)
        widgets: list[Widget] = [Button((w // 2 - px(110), h - px(90), px(220), px(60)), "Back", self.ctx.text,
                          self.back, primary=True, font_size=px(24))]
        games = list(self.ctx.registry)
        if len(games) > 1:
            widgets.append(Stepper((px(40), px(50), px(360), px(52)), games, self.entry,
                                   self.ctx.text, self.switch, label=lambda e: e.title,
                                   font_size=px(20), wrap=True))
        self.set_widgets(widgets)

    @property
    def max_scroll(self) -> int:
        if self.page is None:
            return 0
        return max(0, self.page.get_height() - (self.view.h - self.px(60)))

    def switch(self, entry: GameEntry) -> None:
        self.entry = entry
        self.scroll = 0
        self.build()

    def scroll_by(self, amount: int) -> None:
        new = max(0, min(self.max_scroll, self.scroll + amount))
        if new != self.scroll:
            self.scroll = new
            self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> Flow:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.px(60))
            return None
        if event.type == pygame.KEYDOWN:
            page = self.view.h - self.px(120)
            steps = {pygame.K_DOWN: self.px(50), pygame.K_UP: -self.px(50),
                     pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                     pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return None
        return super().handle_event(event)

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        self.heading(surface, f"How to play {self.entry.title}", (self.size[0] // 2, px(84)), 52)
        self.panel(surface, self.view)
        if self.page is None:
            return
        inner = self.view.inflate(-px(60), -px(60))
        clip = surface.get_clip()
        surface.set_clip(inner)
        surface.blit(self.page, (inner.x, inner.y - self.scroll))
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(self.view.right - px(18), inner.y, px(6), inner.h)
            pygame.draw.rect(surface, (40, 74, 78), track, border_radius=3)
            visible = inner.h / self.page.get_height()
            thumb = pygame.Rect(track.x, 0, track.w, max(px(30), round(track.h * visible)))
            thumb.y = track.y + round((track.h - thumb.h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.INK_SOFT, thumb, border_radius=3)
            hint = self.ctx.text.render("Scroll with the wheel, arrows or Page Up/Down",
                                        px(17), theme.INK_DIM)
            surface.blit(hint, (self.view.x, self.view.bottom + px(8)))
