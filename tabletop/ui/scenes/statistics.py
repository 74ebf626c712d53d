"""Statistics: for each game, how many were played and won, streaks and scores, the win
rate at each table size as bars, and a campaign's chapters or a game's levels."""

from __future__ import annotations

from functools import partial

import pygame

from tabletop.engine.registry import GameEntry
from tabletop.records import Summary
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button

__all__ = ["StatisticsScene"]

#: How many of the latest games the strip at the bottom shows.
RECENT = 30


class StatisticsScene(MenuScene):
    def __init__(self, ctx: Context, entry: GameEntry | None = None) -> None:
        super().__init__(ctx)
        self.records, problem = ctx.storage.load_records()
        if problem:
            ctx.notices.append(problem)
        games = list(ctx.registry)
        played = [e for e in games if self.records.of(e.id)]
        self.entry = entry or (max(played, key=self.last_played) if played else games[0])

    def last_played(self, entry: GameEntry) -> float:
        return max((r.finished_at for r in self.records.of(entry.id)), default=0.0)

    # -- layout ---------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        px = self.px
        text = self.ctx.text
        games = list(self.ctx.registry)
        self.box = pygame.Rect(0, 0, min(w - px(80), px(1500)), min(h - px(290), px(740)))
        self.box.midtop = (w // 2, px(180))
        widgets: list[Widget] = []
        gap = px(12)
        tab_w = (self.box.w - gap * (len(games) - 1)) // max(1, len(games))
        for i, entry in enumerate(games):
            rect = (self.box.x + i * (tab_w + gap), self.box.y - px(62), tab_w, px(50))
            widgets.append(Button(rect, entry.title, text, partial(self.choose, entry),
                                  primary=entry is self.entry, font_size=px(20)))
        widgets.append(Button((self.box.centerx - px(120), self.box.bottom + px(18), px(240),
                               px(60)), "Back", text, self.back, font_size=px(24)))
        self.set_widgets(widgets)

    def choose(self, entry: GameEntry) -> None:
        self.entry = entry
        self.build()
        self.dirty = True

    # -- drawing --------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        text = self.ctx.text
        self.heading(surface, "Statistics", (self.size[0] // 2, px(62)), 52)
        self.panel(surface, self.box, theme.PANEL_SOLID)
        entry = self.entry
        inner = self.box.inflate(-px(60), -px(50))
        summary = self.records.summary(entry.id)
        if not summary.games:
            words = (f"No finished game of {entry.title} yet. Finish one, against bots or "
                     "with friends, and its figures appear here.")
            block = text.block(words, px(24), theme.INK_SOFT, inner.w, align="center")
            surface.blit(block, block.get_rect(center=inner.center))
            return
        won = "successes" if entry.cooperative else "wins"
        tiles = [(str(summary.games), "games"), (str(summary.wins), won),
                 (f"{summary.win_rate:.0%}", "success rate" if entry.cooperative else "win rate"),
                 (str(summary.current_streak), "current streak"),
                 (str(summary.best_streak), "best streak")]
        if summary.best_score is not None and not entry.cooperative:
            tiles += [(str(summary.best_score), "best score"),
                      (f"{summary.average_score:.1f}", "average score")]
        tiles.append((str(summary.hints), "hints asked"))
        self.paint_tiles(surface, tiles, pygame.Rect(inner.x, inner.y, inner.w, px(110)))
        recent = pygame.Rect(inner.x, inner.bottom - px(170), inner.w, px(170))
        below = pygame.Rect(inner.x, inner.y + px(140), inner.w, recent.y - px(20) - inner.y
                            - px(140))
        self.paint_recent(surface, recent)
        left = below.copy()
        extra = self.ctx.listing(entry).stats_by
        if extra is not None:
            left.w = below.w // 2 - px(20)
            right = pygame.Rect(left.right + px(40), below.y, below.w - left.w - px(40), below.h)
            self.paint_breakdown(surface, right, extra)
        if entry.cooperative:
            # Beside which bots the people played: the left column's lower part (or all
            # of it, when every game had the same number of players).
            counts = len(self.records.player_counts(entry.id))
            bars_h = 0 if counts < 2 else min(left.h // 2, px(50) + counts * px(44))
            if bars_h:
                self.paint_bars(surface, pygame.Rect(left.x, left.y, left.w, bars_h))
                bars_h += px(8)
            self.paint_partners(surface, pygame.Rect(left.x, left.y + bars_h, left.w,
                                                     left.h - bars_h))
            return
        self.paint_bars(surface, left)

    def paint_tiles(self, surface: pygame.Surface, tiles: list[tuple[str, str]],
                    rect: pygame.Rect) -> None:
        px = self.px
        text = self.ctx.text
        gap = px(14)
        tile_w = (rect.w - gap * (len(tiles) - 1)) // len(tiles)
        for i, (value, label) in enumerate(tiles):
            tile = pygame.Rect(rect.x + i * (tile_w + gap), rect.y, tile_w, rect.h)
            self.panel(surface, tile)
            number = text.render(value, px(40), theme.GOLD, bold=True, display=True,
                                 max_width=tile.w - px(12))
            surface.blit(number, number.get_rect(midtop=(tile.centerx, tile.y + px(12))))
            words = text.render(label, px(17), theme.INK_SOFT, max_width=tile.w - px(12))
            surface.blit(words, words.get_rect(midbottom=(tile.centerx, tile.bottom - px(12))))

    def paint_bars(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The win rate at each table size, as bars that fill to 100 %."""
        px = self.px
        text = self.ctx.text
        title = text.render("By number of players", px(22), theme.INK, bold=True)
        surface.blit(title, rect.topleft)
        counts = self.records.player_counts(self.entry.id)
        row_h = min(px(64), (rect.h - px(50)) // max(1, len(counts)))
        bar_x = rect.x + px(130)
        bar_w = rect.w - px(130) - px(190)
        for i, players in enumerate(counts):
            figures = self.records.summary(self.entry.id, players)
            y = rect.y + px(48) + i * row_h
            label = text.render(f"{players} players", px(19), theme.INK_SOFT, bold=True)
            surface.blit(label, (rect.x, y + (row_h - px(12) - label.get_height()) // 2))
            self.paint_bar(surface, pygame.Rect(bar_x, y, bar_w, row_h - px(12)), figures)

    def paint_bar(self, surface: pygame.Surface, rect: pygame.Rect, figures: Summary) -> None:
        px = self.px
        pygame.draw.rect(surface, (40, 54, 70), rect, border_radius=rect.h // 3)
        if figures.wins:
            fill = rect.copy()
            fill.w = max(rect.h, round(rect.w * figures.win_rate))
            pygame.draw.rect(surface, theme.GOOD, fill, border_radius=rect.h // 3)
        words = f"{figures.win_rate:.0%} of {figures.games}"
        label = self.ctx.text.render(words, px(18), theme.INK, bold=True, max_width=px(180))
        surface.blit(label, label.get_rect(midleft=(rect.right + px(12), rect.centery)))

    def paint_recent(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The last games, oldest on the left: a column each, green for a win, its height
        the score (or full height, in a cooperative game)."""
        px = self.px
        text = self.ctx.text
        records = self.records.of(self.entry.id)[-RECENT:]
        title = text.render(f"The last {len(records)} game{'s' if len(records) != 1 else ''}",
                            px(22), theme.INK, bold=True)
        surface.blit(title, rect.topleft)
        plot = pygame.Rect(rect.x, rect.y + px(40), rect.w, rect.h - px(40))
        scores = [r.score for r in records if r.score is not None]
        cooperative = self.entry.cooperative or not scores
        high = max([1, *scores]) if not cooperative else 1
        low = min([0, *scores]) if not cooperative else 0
        # Scores below zero hang under the zero line; the rest stand on it.
        zero = plot.y + round((plot.h - px(4)) * high / (high - low)) + px(2)
        pygame.draw.line(surface, theme.INK_DIM, (plot.x, zero), (plot.right, zero))
        unit = (plot.h - px(4)) / (high - low)
        step = plot.w / RECENT
        for i, record in enumerate(records):
            value = high if cooperative or record.score is None else record.score
            size = max(px(6), round(abs(value) * unit))
            top = zero - size if value >= 0 else zero
            bar = pygame.Rect(round(plot.x + i * step + step * 0.15), top,
                              max(2, round(step * 0.7)), size)
            color = theme.GOOD if record.won else (96, 110, 128)
            pygame.draw.rect(surface, color, bar, border_radius=max(2, bar.w // 4))

    def paint_breakdown(self, surface: pygame.Surface, rect: pygame.Rect,
                        extra: tuple[str, str]) -> None:
        """A campaign's chapters or a game's levels: tries and successes of each."""
        key, name = extra
        spec = next((o for o in self.entry.options if o.key == key), None)
        groups = self.records.by_option(self.entry.id, key)
        order = list(spec.choices) if spec is not None else sorted(groups, key=str)
        rows = []
        for value in order:
            if value in groups:
                label = spec.label_of(value) if spec is not None else str(value)
                rows.append((f"Chapter {value}" if key == "chapter" else label, groups[value]))
        self.paint_groups(surface, rect, f"By {name.lower()}", rows)

    def paint_partners(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A cooperative game's results by the bots' level the people played beside."""
        rows = [(f"Beside {partner.title()}" if partner else "People only", figures)
                for partner, figures in self.records.by_partner(self.entry.id).items()]
        self.paint_groups(surface, rect, "By partner", rows)

    def paint_groups(self, surface: pygame.Surface, rect: pygame.Rect, title: str,
                     rows: list[tuple[str, Summary]]) -> None:
        """A heading and a line per group: its name, and how many were played and won."""
        px = self.px
        text = self.ctx.text
        heading = text.render(title, px(22), theme.INK, bold=True)
        surface.blit(heading, rect.topleft)
        row_h = min(px(44), (rect.h - px(50)) // max(1, len(rows)))
        for i, (label, figures) in enumerate(rows):
            y = rect.y + px(48) + i * row_h
            words = text.render(label, px(19), theme.INK_SOFT, bold=True,
                                max_width=rect.w // 2 - px(10))
            surface.blit(words, (rect.x, y))
            won = (("success" if figures.wins == 1 else "successes") if self.entry.cooperative
                   else "win" if figures.wins == 1 else "wins")
            tally = text.render(f"{figures.games} played, {figures.wins} {won}", px(19),
                                theme.INK, max_width=rect.w // 2 - px(10))
            surface.blit(tally, (rect.x + rect.w // 2, y))
