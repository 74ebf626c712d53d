"""The storybook: the chapter list with locks and stars, and the chosen chapter's
story, sweetness and special rules.  Starting a chapter makes the match.

Reached from the setup screen (after choosing who plays) and after each chapter.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import pygame

from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import GameEntry
from tabletop.games.anniversary.campaign import load_campaign
from tabletop.games.anniversary.content import CHAPTERS, GESTURE_BY_ID
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Flow, Route, Swap
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button

__all__ = ["StorybookScene"]

HOW_IT_GOES = (
    "1. Take the Sweet Gestures on offer in turn: each is a promise only its taker can keep.",
    "2. Before each Date you may show one card with a gem (Healthy Communication): drop it "
    "on the gem spot. Otherwise press Ready.",
    "3. Play the Dates: follow the colour led if you can. The Top card beats all, the "
    "Bottom card every colour; the winner foots the bill and takes the cards.",
    "4. The chapter is won the moment every gesture is performed. No talking about your cards!",
)


class StorybookScene(MenuScene):
    def __init__(self, ctx: Context, entry: GameEntry, seats: Sequence[Seat],
                 options: Mapping[str, Any], seed: int | None = None) -> None:
        super().__init__(ctx)
        self.entry = entry
        self.seats = list(seats)
        self.options = {k: v for k, v in options.items()
                        if k in {s.key for s in entry.options if not s.hidden}}
        self.campaign, problem = load_campaign(ctx.storage)
        if problem:
            ctx.notices.append(problem)
        self.chosen = min(self.campaign.unlocked, len(CHAPTERS))
        self.error = ""
        self.seed = seed  # for the first chapter begun here (then random)

    # -- layout -------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.list_rect = pygame.Rect(px(60), px(150), min(px(560), w // 3), h - px(270))
        self.page = pygame.Rect(self.list_rect.right + px(40), px(150),
                                w - self.list_rect.right - px(100), h - px(270))
        row_h = min(px(58), (self.list_rect.h - px(20)) // len(CHAPTERS) - px(4))
        widgets: list[Widget] = []
        self.rows: list[tuple[pygame.Rect, int]] = []
        for i, chapter in enumerate(CHAPTERS):
            rect = pygame.Rect(self.list_rect.x + px(12), self.list_rect.y + px(10)
                               + i * (row_h + px(4)), self.list_rect.w - px(24), row_h)
            open_ = self.campaign.is_open(chapter.number)
            button = ChapterRow(rect, self, chapter.number)
            button.enabled = open_
            widgets.append(button)
            self.rows.append((rect, chapter.number))
        y = h - px(100)
        begin = Button((self.page.right - px(320), y, px(320), px(64)), "Begin the chapter",
                       self.ctx.text, self.begin, primary=True, font_size=px(26))
        widgets.append(begin)
        log = self.campaign.chapters.get(self.chosen)
        if log is not None and log.last_gestures:
            widgets.append(Button((self.page.right - px(680), y, px(340), px(64)),
                                  "Same gestures again", self.ctx.text,
                                  partial(self.begin, True), font_size=px(24)))
        widgets.append(Button((self.list_rect.x, y, px(200), px(64)), "Back", self.ctx.text,
                              self.back, font_size=px(24)))
        self.set_widgets(widgets)
        self.focus.focus(begin)

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        self.heading(surface, "The Storybook", (self.size[0] // 2, px(76)), 56)
        self.panel(surface, self.list_rect)
        self.panel(surface, self.page, theme.PANEL_SOLID + (235,))

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects = super().draw(surface)
        if rects:
            self.paint_page(surface)
        return rects

    def paint_page(self, surface: pygame.Surface) -> None:
        px = self.px
        text = self.ctx.text
        chapter = CHAPTERS[self.chosen - 1]
        page = self.page
        x = page.x + px(40)
        width = page.w - px(80)
        art = self.ctx.assets.svg("anniversary/storybook.svg", (px(240), px(180)))
        surface.blit(art, art.get_rect(topright=(page.right - px(30), page.y + px(24))))
        y = page.y + px(34)
        title = text.render(f"Chapter {chapter.number}", px(22), theme.INK_SOFT, bold=True)
        surface.blit(title, (x, y))
        y += title.get_height() + px(4)
        name = text.render(chapter.title, px(44), theme.INK, display=True, bold=True,
                           max_width=width - px(260))
        surface.blit(name, (x, y))
        y += name.get_height() + px(10)
        candy_h = px(30)
        candy = self.ctx.assets.svg("anniversary/candy.svg", (candy_h * 5 // 3, candy_h))
        for k in range(chapter.sweetness):
            surface.blit(candy, (x + (k % 12) * (candy.get_width() - px(6)),
                                 y + (k // 12) * (candy_h + px(4))))
        y += candy_h * ((chapter.sweetness - 1) // 12 + 1) + px(8)
        candies = "candy" if chapter.sweetness == 1 else "candies"
        sweet = text.render(f"Sweetness {chapter.sweetness}: gestures worth "
                            f"{chapter.sweetness} {candies} in all", px(18), theme.INK_DIM)
        surface.blit(sweet, (x, y))
        y = max(y + sweet.get_height() + px(26), page.y + px(230))
        story = text.block(chapter.story, px(24), theme.INK, width, line_gap=1.4)
        surface.blit(story, (x, y))
        y += story.get_height() + px(24)
        for rule in chapter.special_rules:
            image = text.render(f"Special rule: {rule}", px(21), theme.GOLD, bold=True,
                                max_width=width)
            surface.blit(image, (x, y))
            y += image.get_height() + px(8)
        y += px(12)
        log = self.campaign.chapters.get(chapter.number)
        facts = []
        if log is not None and log.attempts:
            facts.append(f"Tried {log.attempts} time{'s' if log.attempts != 1 else ''}, "
                         f"succeeded {log.successes}.")
            if log.last_gestures:
                titles = ", ".join(GESTURE_BY_ID[g].title for g in log.last_gestures)
                facts.append(f"Last time: {titles}.")
        hc = self.campaign.hc
        facts.append(f"Healthy Communication: {self.seats[0].name} {hc[0]}, "
                     f"{self.seats[1].name} {hc[1]}.")
        for line in facts:
            image = text.block(line, px(19), theme.INK_SOFT, width)
            surface.blit(image, (x, y))
            y += image.get_height() + px(6)
        if chapter.number == 1 and not (log and log.attempts):
            y += px(18)
            head = text.render("How a chapter goes", px(22), theme.GOLD, bold=True)
            surface.blit(head, (x, y))
            y += head.get_height() + px(8)
            for step in HOW_IT_GOES:
                image = text.block(step, px(19), theme.INK_SOFT, width)
                surface.blit(image, (x, y))
                y += image.get_height() + px(6)
        if self.error:
            image = text.render(self.error, px(20), theme.BAD, bold=True, max_width=width)
            surface.blit(image, (x, page.bottom - px(44)))

    # -- choices ------------------------------------------------------------------
    def choose(self, number: int) -> None:
        if self.campaign.is_open(number):
            self.chosen = number
            self.build()

    def handle_event(self, event: pygame.event.Event) -> Flow:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) \
                and event.mod & pygame.KMOD_CTRL:
            step = -1 if event.key == pygame.K_UP else 1
            self.choose(max(1, min(self.campaign.unlocked, self.chosen + step)))
            return None
        return super().handle_event(event)

    def begin(self, same_gestures: bool = False) -> Flow:
        """The chosen chapter's table, in place of the storybook (the match saved first)."""
        log = self.campaign.chapters.get(self.chosen)
        gestures = log.last_gestures if (same_gestures and log is not None) else ()
        options = dict(self.options)
        options.update(chapter=self.chosen, hc0=self.campaign.hc[0], hc1=self.campaign.hc[1],
                       gestures=",".join(str(g) for g in gestures))
        try:
            seed = self.seed if self.seed is not None else random.randrange(1, 2**53)
            self.seed = None
            match = Match(self.entry, self.seats, seed, options)
        except ValueError as error:
            self.error = str(error)
            self.dirty = True
            return None
        self.ctx.save_match(match)
        return Swap(Route.TABLE, match=match)

    def confirm(self) -> Flow:
        return self.begin()


class ChapterRow(Button):
    """One chapter in the list: its number and title, and its stars or its lock."""

    def __init__(self, rect: pygame.Rect, book: StorybookScene, number: int) -> None:
        super().__init__(rect, "", book.ctx.text, partial(book.choose, number), subtle=True)
        self.book = book
        self.number = number

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        book, rect, number = self.book, self.rect, self.number
        px = book.px
        chapter = CHAPTERS[number - 1]
        open_ = book.campaign.is_open(number)
        if number == book.chosen:
            pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=px(10))
        icon = min(px(26), rect.h - 4)
        label = book.ctx.text.render(f"{number}. {chapter.title}", max(12, rect.h * 4 // 10),
                                     theme.INK if open_ else theme.INK_DIM,
                                     bold=number == book.chosen,
                                     max_width=rect.w - px(24) - 3 * (icon + px(2)))
        surface.blit(label, (rect.x + px(12), rect.centery - label.get_height() // 2))
        if not open_:
            lock = book.ctx.assets.svg("anniversary/lock.svg", (icon, icon))
            surface.blit(lock, lock.get_rect(midright=(rect.right - px(12), rect.centery)))
            return
        star = book.ctx.assets.svg("anniversary/star.svg", (icon, icon))
        for k in range(min(3, book.campaign.stars(number))):
            surface.blit(star, star.get_rect(midright=(rect.right - px(12) - k * (icon + px(2)),
                                                       rect.centery)))
