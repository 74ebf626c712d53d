"""The main menu: the game shelf, Continue, Settings, Rules and Quit."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from tabletop.engine.match import Match
from tabletop.engine.registry import GameEntry
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Flow, Open, Route
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget, copy_image, draw_focus, panel_surface
from tabletop.ui.widgets.button import Button

__all__ = ["MainMenu"]

#: At most this many games in progress get a Continue button (the newest first).
MAX_CONTINUES = 3


class GameCover(Widget):
    """One game on the shelf: its cover art, and under it, on a plate of its own, the
    title and player count (no words over the art)."""

    #: The art's shape: width to height.
    ASPECT = 5 / 7

    def __init__(self, rect: pygame.Rect, entry: GameEntry, ctx: Context,
                 on_click: Callable[[GameEntry], Flow]) -> None:
        super().__init__(rect)
        self.entry = entry
        self.ctx = ctx
        self.on_click = on_click
        #: The rounded art as last drawn.
        self.art: pygame.Surface | None = None

    # -- measures (the shelf asks them before placing the covers) ------------------
    @staticmethod
    def type_sizes(width: int) -> tuple[int, int]:
        """Point sizes of the title and of the player count on a cover ``width`` wide."""
        scale = width / 360
        return max(14, round(34 * scale)), max(11, round(22 * scale))

    @staticmethod
    def padding(width: int) -> int:
        return max(5, round(width * 0.045))

    def info_lines(self, width: int) -> list[str]:
        """The player count, and "cooperative" beside it or, on a narrow cover, under it."""
        players = self.entry.players_text
        if not self.entry.cooperative:
            return [players]
        together = f"{players} · cooperative"
        room = width - 2 * self.padding(width)
        if self.ctx.text.font(self.type_sizes(width)[1]).size(together)[0] <= room:
            return [together]
        return [players, "cooperative"]

    @classmethod
    def line_heights(cls, ctx: Context, width: int) -> tuple[int, int]:
        """How tall a line of the title and of the player count are, as drawn."""
        title, info = cls.type_sizes(width)
        text = ctx.text
        return (text.render("Ag", title, theme.INK, display=True, bold=True,
                            shadow=(0, 0, 0)).get_height(),
                text.render("Ag", info, theme.INK_SOFT).get_height())

    @classmethod
    def caption_height(cls, ctx: Context, width: int, lines: int) -> int:
        """The plate under the art: the title and ``lines`` lines of player count."""
        title_h, info_h = cls.line_heights(ctx, width)
        pad = cls.padding(width)
        return pad + title_h + pad // 2 + lines * info_h + pad

    @classmethod
    def art_height(cls, width: int) -> int:
        return round(width / cls.ASPECT)

    # -- input ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.requested = self.on_click(self.entry)
                return True
        return False

    def activate(self) -> bool:
        self.requested = self.on_click(self.entry)
        return True

    # -- drawing --------------------------------------------------------------------
    def rounded_art(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """The cover art with its top corners rounded like a card's."""
        cached = self.art
        if cached is not None and cached.get_size() == size:
            return cached
        art = copy_image(self.ctx.assets.svg(f"covers/{self.entry.id}.svg", size, keep=True))
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                         border_top_left_radius=radius, border_top_right_radius=radius)
        art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        self.art = art
        return art

    def draw(self, surface: pygame.Surface) -> None:
        lift = 10 if self.hovered or self.focused else 0
        rect = self.rect.move(0, -lift)
        radius = max(8, rect.w // 18)
        surface.blit(panel_surface(rect.size, (0, 0, 0, 90), radius), rect.move(6, 10 + lift))
        surface.blit(panel_surface(rect.size, theme.PANEL_SOLID + (255,), radius), rect)
        art_rect = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, self.art_height(rect.w)))
        surface.blit(self.rounded_art(art_rect.size, radius), art_rect)
        text = self.ctx.text
        title_pt, info_pt = self.type_sizes(rect.w)
        pad = self.padding(rect.w)
        room = rect.w - 2 * pad
        points = text.size_to_fit(self.entry.title, title_pt, room, bold=True, display=True)
        title = text.render(self.entry.title, points, theme.INK, display=True, bold=True,
                            shadow=(0, 0, 0), max_width=room)
        title_h, info_h = self.line_heights(self.ctx, rect.w)
        y = art_rect.bottom + pad
        surface.blit(title, title.get_rect(midtop=(rect.centerx, y)))
        y += title_h + pad // 2
        for line in self.info_lines(rect.w):
            info = text.render(line, info_pt, theme.INK_SOFT, max_width=room)
            surface.blit(info, info.get_rect(midtop=(rect.centerx, y)))
            y += info_h
        edge = theme.HIGHLIGHT if (self.hovered or self.focused) else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, rect, 3 if lift else 2, border_radius=radius)
        if self.focused:
            draw_focus(surface, rect, radius)


class MainMenu(MenuScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: Every game in progress, the most recently played first.
        self.saved: list[Match] = []
        self.notice: str | None = None
        self.chosen: GameEntry | None = None
        self._drawn = False
        self._worker_started = False

    def enter(self) -> None:
        self.refresh_saved()
        super().enter()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._drawn and not self._worker_started:
            # After the first picture: get the bots' process going while the player
            # looks at the shelf, so that a table opens without waiting for it.
            self._worker_started = True
            self.ctx.worker.start()

    def resume(self) -> None:
        self.refresh_saved()
        super().resume()

    def refresh_saved(self) -> None:
        self.saved, problems = self.ctx.storage.saved_matches(self.ctx.registry)
        self.ctx.notices.extend(problems)  # (each says which save and why)
        if self.ctx.notices and self.notice is None:
            self.notice = self.ctx.notices.pop(0)

    # -- layout -----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        px = self.px
        text = self.ctx.text
        left = px(110)
        button_w, button_h = px(340), px(64)
        y = round(h * 0.44)
        widgets: list[Widget] = []
        self.continues: list[tuple[Button, Match]] = []
        shown = self.saved[:MAX_CONTINUES]
        if len(shown) > 1:  # a heading, then one button per game
            y = round(h * 0.36) - (len(shown) - 2) * px(60)
        items = (("Join a table", "network", self.open_join),
                 ("Settings", "settings", self.open_settings),
                 ("Statistics", "chart", self.open_statistics),
                 ("Rules", "book", self.open_rules),
                 ("Quit", "close", self.ctx.quit))
        # The column rises (no higher than under the tagline, room left for the heading
        # of the games in progress) when it would reach the notice or the window's foot.
        notes = [text.block(self.about(match), px(15), theme.INK_SOFT, button_w - px(8),
                            line_gap=1.05) for match in shown]
        foot = h - px(40) - (self.banner_height() + px(28) if self.notice else 0)
        top = round(h * 0.08) + px(230)
        continues = sum(button_h + note.get_height() + px(18) for note in notes)
        item_h, item_gap = button_h, px(14)
        if continues + len(items) * (item_h + item_gap) - item_gap > foot - top:
            item_h, item_gap = px(56), px(8)  # a full column closes up
        column = continues + len(items) * (item_h + item_gap) - item_gap
        y = max(top, min(y, foot - column))
        for match, detail in zip(shown, notes):
            label = "Continue" if len(shown) == 1 else match.entry.title
            button = Button((left, y, button_w, button_h), label, text,
                            partial(self.resume_game, match), primary=True,
                            font_size=px(24 if len(shown) == 1 else 22),
                            icon=self.icon("play", px(24), theme.INK_DARK))
            widgets.append(button)
            self.continues.append((button, match))
            y += button_h + detail.get_height() + px(18)
        for label, icon, action in items:
            widgets.append(Button((left, y, button_w, item_h), label, text, action,
                                  font_size=px(24), icon=self.icon(icon, px(24), theme.INK)))
            y += item_h + item_gap
        games = list(self.ctx.registry)
        if self.chosen not in games:
            self.chosen = self.first_choice(games)
        self.shelf = pygame.Rect(left + button_w + px(120), round(h * 0.30), 0, 0)
        self.shelf.w = w - self.shelf.x - px(80)
        gap = px(36)
        detail_w = px(460) if len(games) <= 2 else 0
        room = self.shelf.w - (detail_w + gap if detail_w else 0)
        floor = h - px(50)  # the lowest the shelf may reach: above the notice, if any
        if self.notice:
            tall = self.banner_height()
            self.banner = pygame.Rect(px(60), h - tall - px(28), w - px(120), tall)
            floor = self.banner.top - px(20)
        self.covers: list[GameCover] = [
            GameCover(pygame.Rect(0, 0, 0, 0), entry, self.ctx, self.new_game) for entry in games]
        cover_w = round(min(round(h * 0.52), px(560)) * GameCover.ASPECT)
        if len(games) * (cover_w + gap) - gap > room:
            cover_w = max(px(140), (room - gap * (len(games) - 1)) // max(1, len(games)))
        # The detail panel goes below the covers (keep its room) or beside them.
        tallest = (floor - self.shelf.y - px(30) - px(230) if not detail_w
                   else floor - self.shelf.y)
        while cover_w > px(60) and self.cover_height(cover_w) > tallest:
            cover_w -= 1
        cover_h = self.cover_height(cover_w)
        self.shelf.h = cover_h
        for i, cover in enumerate(self.covers):
            cover.rect = pygame.Rect(self.shelf.x + i * (cover_w + gap), self.shelf.y,
                                     cover_w, cover_h)
            widgets.append(cover)
        covers_right = self.shelf.x + len(games) * (cover_w + gap)
        if detail_w:
            self.detail = pygame.Rect(covers_right + px(10), self.shelf.y + px(10),
                                      min(detail_w, w - covers_right - px(90)), cover_h - px(20))
        else:
            self.detail = pygame.Rect(self.shelf.x, self.shelf.bottom + px(30), self.shelf.w,
                                      min(px(230), floor - self.shelf.bottom - px(30)))
        bottom = self.detail.bottom - px(30)
        pad = px(28)
        half = (self.detail.w - 3 * pad) // 2
        widgets.append(Button((self.detail.x + pad, bottom - px(60), half, px(60)),
                              "New game", text, lambda: self.new_game(self.chosen), primary=True,
                              font_size=px(24)))
        widgets.append(Button((self.detail.x + 2 * pad + half, bottom - px(60), half, px(60)),
                              "How to play", text, lambda: self.open_rules(self.chosen),
                              font_size=px(22)))
        if self.notice:
            widgets.append(Button((self.banner.right - px(150), self.banner.centery - px(26),
                                   px(120), px(52)), "OK", text, self.dismiss_notice,
                                  font_size=px(20)))
        self.set_widgets(widgets)

    def banner_height(self) -> int:
        """How tall the notice's banner is, across the window."""
        px = self.px
        message = self.ctx.text.block(self.notice or "", px(19), theme.INK,
                                      self.size[0] - px(120) - px(210), line_gap=1.2)
        return max(px(104), message.get_height() + px(28))

    def cover_height(self, width: int) -> int:
        """A cover ``width`` wide: its art and the plate under it, as tall as the plate of
        the cover with most lines."""
        lines = max([len(cover.info_lines(width)) for cover in self.covers] or [1])
        return GameCover.art_height(width) + GameCover.caption_height(self.ctx, width, lines)

    def first_choice(self, games: list[GameEntry]) -> GameEntry | None:
        """The game the detail panel opens on: the one last chosen or played (else the
        game in progress played last, else the first on the shelf)."""
        for entry in games:
            if entry.id == self.ctx.settings.last_game:
                return entry
        if self.saved and self.saved[0].entry in games:
            return self.saved[0].entry
        return games[0] if games else None

    def about(self, match: Match) -> str:
        """Where a saved game stands, and with whom, under its Continue button."""
        names = ", ".join(seat.name for seat in match.seats)
        progress = self.ctx.listing(match.entry).presenter.progress_line(match.state)
        where = f" · {progress}" if progress else ""
        return (f"{match.entry.title}{where} · {names}" if len(self.saved) == 1
                else f"{progress} · {names}")

    def icon(self, name: str, size: int, color: theme.Color) -> pygame.Surface:
        image = copy_image(self.ctx.assets.svg(f"ui/{name}.svg", (size, size)))
        image.fill((*color[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
        return image

    def handle_event(self, event: pygame.event.Event) -> Flow:
        flow = super().handle_event(event)
        pointed = next((c for c in self.covers if c.hovered or c.focused), None)
        if pointed is not None and pointed.entry is not self.chosen:
            self.chosen = pointed.entry
            self.dirty = True
        return flow

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        self._drawn = True
        w, h = self.size
        px = self.px
        text = self.ctx.text
        title = text.render("Tabletop", px(108), theme.INK, display=True, bold=True,
                            shadow=(0, 40, 36))
        surface.blit(title, (px(100), round(h * 0.08)))
        tagline = text.render("Card games against bots or with friends, at one screen or "
                              "across the network",
                              px(24), theme.INK_SOFT)
        surface.blit(tagline, (px(110), round(h * 0.08) + title.get_height() + px(4)))
        label = text.render("Choose a game", px(26), theme.GOLD, bold=True)
        surface.blit(label, (self.shelf.x, self.shelf.y - label.get_height() - px(18)))
        if len(self.continues) > 1:
            first = self.continues[0][0].rect
            head = text.render("Continue", px(22), theme.GOLD, bold=True)
            surface.blit(head, (first.x + px(4), first.y - head.get_height() - px(8)))
        for button, match in self.continues:
            detail = text.block(self.about(match), px(15), theme.INK_SOFT,
                                button.rect.w - px(8), line_gap=1.05)
            surface.blit(detail, (button.rect.x + px(4), button.rect.bottom + px(5)))
        self.paint_detail(surface)
        if self.notice:
            banner = self.banner
            self.panel(surface, banner, (60, 30, 26, 235))
            message = text.block(self.notice, px(19), theme.INK, banner.w - px(210), line_gap=1.2)
            surface.blit(message, (banner.x + px(24), banner.centery - message.get_height() // 2))

    def paint_detail(self, surface: pygame.Surface) -> None:
        entry = self.chosen
        if entry is None or self.detail.w < self.px(200):
            return
        px = self.px
        text = self.ctx.text
        box = self.detail
        self.panel(surface, box)
        x, y = box.x + px(32), box.y + px(28)
        inner = box.w - px(64)
        title = text.render(entry.title, px(40), theme.INK, display=True, bold=True,
                            max_width=inner)
        surface.blit(title, (x, y))
        y += title.get_height() + px(4)
        listing = self.ctx.listing(entry)
        facts = [entry.players_text]
        if listing.duration:
            facts.append(listing.duration)
        facts.append("cooperative" if entry.cooperative else "bots or hot-seat")
        line = text.block("  ·  ".join(facts), px(18), theme.GOLD, inner)
        surface.blit(line, (x, y))
        y += line.get_height() + px(18)
        room = box.bottom - px(120) - y
        body = self.fit_block(listing.summary, px(21), theme.INK, inner, room)
        if body is None:  # too little room for the summary: the one-line tagline instead
            body = self.fit_block(listing.tagline, px(19), theme.INK, inner, room)
        if body is not None:
            surface.blit(body, (x, y))

    # -- actions ----------------------------------------------------------------
    def new_game(self, entry: GameEntry | None) -> Flow:
        if entry is None:
            return None
        self.remember(entry)
        return Open(Route.SETUP, entry=entry)

    def resume_game(self, match: Match) -> Flow:
        self.remember(match.entry)
        return Open(Route.TABLE, match=match, resumed=True)

    def remember(self, entry: GameEntry) -> None:
        """The game chosen: the menu opens on it from now on (next time Tabletop starts too)."""
        self.chosen = entry
        if self.ctx.settings.last_game != entry.id:
            self.ctx.settings.last_game = entry.id
            self.ctx.save_settings()

    def open_settings(self) -> Flow:
        return Open(Route.SETTINGS)

    def open_join(self) -> Flow:
        """A table hosted on another computer: find it, take a seat."""
        return Open(Route.JOIN)

    def open_statistics(self) -> Flow:
        return Open(Route.STATISTICS)

    def open_rules(self, entry: GameEntry | None = None) -> Flow:
        return Open(Route.RULES, entry=entry or self.chosen or list(self.ctx.registry)[0])

    def dismiss_notice(self) -> None:
        self.notice = self.ctx.notices.pop(0) if self.ctx.notices else None
        self.build()

    def back(self) -> Flow:
        if self.notice:
            self.dismiss_notice()
        return None

    def confirm(self) -> Flow:
        if self.saved:
            return self.resume_game(self.saved[0])
        return None
