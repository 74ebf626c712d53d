"""“Sort the year”: a tutorial that teaches which cards match which month.

The twelve Months lie in two columns of six.  One primary card at a time waits in
the side panel: drag it beside a month it matches (or choose a month with the
arrow keys and press Enter, or click the month).  Quarter, Days and Season cards go
to the right of the month, a Zodiac to its left, between the two months it spans.
A wrong place is explained and the card glides back.  When all 49 are placed the
whole year's matching table is on show.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from tabletop.engine.registry import GameEntry
from tabletop.games.anno.cards import MONTHS, Kind
from tabletop.games.anno.sorting import SortTheYear
from tabletop.games.anno.table.art import AnnoArt
from tabletop.ui import theme
from tabletop.ui.audio import Sound
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget, panel_surface
from tabletop.ui.widgets.button import Button

__all__ = ["SortTheYearScene"]

#: Places to the right of a month: Quarter, Days, Season (February's second Days overlaps).
RIGHT = (Kind.QUARTER, Kind.DAYS, Kind.SEASON)
GLIDE = 0.22


@dataclass
class Glide:
    start: tuple[float, float]
    left: float = GLIDE


class SortTheYearScene(MenuScene):
    vertical_focus = False

    def __init__(self, ctx: Context, entry: GameEntry, seed: int | None = None) -> None:
        super().__init__(ctx)
        self.entry = entry
        self.game = SortTheYear(seed=random.randrange(1 << 30) if seed is None else seed)
        self.art = AnnoArt(ctx.assets, ctx.text)
        self.selected = 0
        self.message = ""
        self.bad = False
        self.drag: tuple[int, int] | None = None  # grab offset while dragging
        self.drag_pos = (0, 0)
        self.glide: Glide | None = None
        self.hover_month: int | None = None

    # -- layout ----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        px = self.px
        top = px(100)
        side_w = max(px(300), round(w * 0.24))
        self.side = pygame.Rect(w - side_w - px(30), top, side_w, h - top - px(120))
        board = pygame.Rect(px(30), top, self.side.x - px(60), h - top - px(120))
        self.board = board
        row_h = board.h / 6.5
        # A column: zodiac, month, then Quarter, Days (February: two), Season.
        card_h = min(row_h * 0.86, (board.w / 2 - px(30)) / 6.9 / 0.714)
        self.card = (round(card_h * 0.714), round(card_h))
        cw, ch = self.card
        gap = max(4, round(cw * 0.12))
        content = cw + gap * 3 + cw + gap * 3 + 3 * cw + 2 * gap + round(cw * 0.45)
        col_w = (board.w - px(30)) / 2
        self.rows: list[pygame.Rect] = []
        self.places: list[dict[object, pygame.Rect]] = []
        for m in range(12):
            column, line = divmod(m, 6)
            x0 = round(board.x + column * (col_w + px(30)) + (col_w - content) / 2)
            cy = round(board.y + row_h * (line + 1))
            places: dict[object, pygame.Rect] = {}
            places["zodiac"] = pygame.Rect(x0, round(cy - row_h / 2 - ch / 2), cw, ch)
            places["month"] = pygame.Rect(x0 + cw + gap * 3, cy - ch // 2, cw, ch)
            x = places["month"].right + gap * 3
            for kind in RIGHT:
                places[kind] = pygame.Rect(x, cy - ch // 2, cw, ch)
                x += cw + gap + (round(cw * 0.45) if kind is Kind.DAYS and m == 1 else 0)
            pad = max(4, round(gap * 1.5))
            right = x0 + content + pad
            row = pygame.Rect(places["month"].x - pad, round(cy - row_h / 2 + px(3)),
                              right - places["month"].x + pad, round(row_h - px(6)))
            self.rows.append(row)
            self.places.append(places)
        big_w = min(self.side.w - px(60), px(220))
        self.big = (big_w, round(big_w / 0.714))
        self.card_home = pygame.Rect(0, 0, *self.big)
        self.card_home.midtop = (self.side.centerx, self.side.y + px(70))
        widgets: list[Widget] = [Button((px(30), h - px(84), px(200), px(60)), "Back",
                                        self.ctx.text, self.back, font_size=px(24))]
        if self.game.done:
            widgets.append(Button((self.side.x, h - px(84), self.side.w, px(60)), "Play Anno",
                                  self.ctx.text, self.play, primary=True, font_size=px(24)))
        self.set_widgets(widgets)
        self.dirty = True

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Flow:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.game.done:
            if self.current_rect().collidepoint(event.pos):
                x, y = self.current_rect().topleft
                self.drag = (event.pos[0] - x, event.pos[1] - y)
                self.drag_pos = event.pos
                self.glide = None
                self.ctx.audio.play(Sound.FLIP, 0.5)
                self.dirty = True
                return None
            month = self.month_at(event.pos)
            if month is not None:
                self.selected = month
                self.place(month)
                return None
        if event.type == pygame.MOUSEMOTION:
            month = self.month_at(event.pos)
            if month != self.hover_month:
                self.hover_month = month
                self.dirty = True
            if self.drag is not None:
                self.drag_pos = event.pos
                self.dirty = True
                return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            start = self.current_rect().topleft
            self.drag = None
            month = self.month_at(event.pos)
            if month is None:
                self.say("Drop the card on a month's row.", bad=True)
                self.glide = Glide((float(start[0]), float(start[1])))
            elif not self.place(month):
                self.glide = Glide((float(start[0]), float(start[1])))
            self.dirty = True
            return None
        if event.type == pygame.KEYDOWN and not self.game.done:
            key = event.key
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_LEFT: -6, pygame.K_RIGHT: 6}
            if key in moves:
                self.selected = (self.selected + moves[key]) % 12
                self.dirty = True
                return None
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.place(self.selected)
                return None
        return super().handle_event(event)

    def month_at(self, pos: tuple[int, int]) -> int | None:
        for m, row in enumerate(self.rows):
            if row.collidepoint(pos) or self.places[m]["zodiac"].collidepoint(pos):
                return m
        return None

    def place(self, month: int) -> bool:
        card = self.game.current
        if card is None:
            return False
        reason = self.game.place(month)
        if reason is not None:
            self.ctx.audio.play(Sound.ERROR)
            self.say(reason, bad=True)
            return False
        self.ctx.audio.play(Sound.PLAY)
        name = MONTHS[month]
        where = "between the months it spans" if card.kind is Kind.ZODIAC else f"beside {name}"
        self.say(f"Yes: the {card} goes {where}.")
        if self.game.done:
            self.ctx.audio.play(Sound.FANFARE)
            self.say("The whole year, sorted! Every plain match is on the table: each month "
                     "with its Quarter, Days, Season and the zodiacs it spans.")
            self.build()
        return True

    def say(self, text: str, bad: bool = False) -> None:
        self.message = text
        self.bad = bad
        self.dirty = True

    def play(self) -> Flow:
        """Back to the setup screen it was opened from, to start a game."""
        return Back()

    # -- frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.glide is not None:
            self.glide.left -= dt
            if self.glide.left <= 0:
                self.glide = None
            self.dirty = True

    def current_rect(self) -> pygame.Rect:
        rect = self.card_home.copy()
        if self.drag is not None:
            rect.topleft = (self.drag_pos[0] - self.drag[0], self.drag_pos[1] - self.drag[1])
        elif self.glide is not None:
            t = 1 - max(0.0, self.glide.left) / GLIDE
            ease = 1 - (1 - t) ** 3
            sx, sy = self.glide.start
            rect.topleft = (round(sx + (rect.x - sx) * ease), round(sy + (rect.y - sy) * ease))
        return rect

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        w, _ = self.size
        self.heading(surface, "Sort the year", (w // 2, px(52)), 54)
        for m in range(12):
            self.paint_row(surface, m)
        self.paint_side(surface)

    def paint_row(self, surface: pygame.Surface, m: int) -> None:
        row = self.rows[m]
        lit = m == self.selected and not self.game.done
        target = self.drag is not None and m == self.hover_month
        fill = (*theme.PANEL[:3], 150) if not (lit or target) else (*theme.PANEL[:3], 220)
        edge = theme.GOLD if target or lit else theme.PANEL_EDGE
        surface.blit(panel_surface(row.size, fill, self.px(14), edge, 3 if target or lit else 1),
                     row)
        places = self.places[m]
        cw, ch = self.card
        surface.blit(self.art.cards.base(MONTHS[m], self.card), places["month"])
        cards = self.game.rows[m]
        for kind in RIGHT:
            rect = places[kind]
            here = [c for c in cards if c.kind is kind]
            if not here:
                self.slot(surface, rect, kind.name.title() if kind is not Kind.DAYS else "Days")
            for i, card in enumerate(here):
                surface.blit(self.art.cards.base(card, self.card),
                             (rect.x + i * round(cw * 0.45), rect.y))
        zodiac = self.game.gaps.get(m)
        rect = places["zodiac"]
        if zodiac is None:
            self.slot(surface, rect, "Zodiac")
        else:
            surface.blit(self.art.cards.base(zodiac, self.card), rect)

    def slot(self, surface: pygame.Surface, rect: pygame.Rect, label: str) -> None:
        outline = pygame.Surface(rect.size, pygame.SRCALPHA)
        radius = max(4, rect.w // 10)
        pygame.draw.rect(outline, (255, 255, 255, 16), outline.get_rect(), border_radius=radius)
        pygame.draw.rect(outline, (255, 255, 255, 70), outline.get_rect(), 2, border_radius=radius)
        text = self.ctx.text.render(label, max(11, rect.w // 6), theme.INK_DIM,
                                    max_width=rect.w - 4)
        outline.blit(text, text.get_rect(center=(rect.w // 2, rect.h // 2)))
        surface.blit(outline, rect)

    def paint_side(self, surface: pygame.Surface) -> None:
        px = self.px
        side = self.side
        self.panel(surface, side)
        text = self.ctx.text
        done = self.game.done
        tries = self.game.mistakes
        title = "All 49 sorted!" if done else f"{self.game.placed} of 49 placed"
        if done:
            title += f"  ·  {tries} wrong {'try' if tries == 1 else 'tries'}"
        image = text.render(title, px(26), theme.INK, bold=True, display=True)
        surface.blit(image, image.get_rect(midtop=(side.centerx, side.y + px(18))))
        y = self.card_home.bottom + px(18)
        if not done:
            hint = ("Drag the card beside a month it matches — or choose a month with the "
                    "arrow keys and press Enter.")
            block = text.block(hint, px(17), theme.INK_SOFT, side.w - px(40), align="center")
            surface.blit(block, block.get_rect(midtop=(side.centerx, y)))
            y += block.get_height() + px(14)
        if self.message:
            color = theme.CORAL if self.bad else theme.GOLD
            block = text.block(self.message, px(18), color, side.w - px(40), bold=True,
                               align="center")
            surface.blit(block, block.get_rect(midtop=(side.centerx, y)))
        if not done:
            card = self.game.current
            assert card is not None
            rect = self.current_rect()
            if self.drag is None and self.glide is None:
                shadow = panel_surface(rect.inflate(px(10), px(10)).size, (0, 0, 0, 60), px(16))
                surface.blit(shadow, rect.inflate(px(10), px(10)).move(0, px(6)))
            big = self.big if self.drag is None else self.card
            image = self.art.cards.base(card, big)
            if self.drag is not None:
                rect = pygame.Rect(rect.topleft, big)
                rect.center = self.drag_pos
            surface.blit(image, rect)

    def back(self) -> Flow:
        return Back()

