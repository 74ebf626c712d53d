"""The end of a game: who won, a per-round score chart, and the final table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.match import Match
from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow, Home, Open, Route, Swap
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button
from tabletop.ui.widgets.score_chart import score_chart_image
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS

if TYPE_CHECKING:
    from tabletop.net.client import RemoteSeat

__all__ = ["ResultsScene"]


Picture = Callable[[tuple[int, int]], "pygame.Surface | None"]


class ResultsScene(MenuScene):
    def __init__(self, ctx: Context, match: Match, picture: Picture | None = None, *,
                 joined: RemoteSeat | None = None) -> None:
        super().__init__(ctx)
        self.match = match
        #: A seat at a table hosted elsewhere: its host plays again or not, and this
        #: computer keeps no save of it; its replay is of the positions it was told.
        self.joined = joined
        #: The game as the shell shows it (its presenter, its screens).
        self.listing = ctx.listing(match.entry)
        #: The table's own picture of the ending: a cooperative game's account, or a
        #: score sheet shown in place of the chart at the press of a button.
        self.picture = picture
        self._picture: tuple[tuple[int, int], pygame.Surface | None] | None = None
        self.played_fanfare = False
        self.show_sheet = False

    def enter(self) -> None:
        super().enter()
        if not self.played_fanfare:
            self.played_fanfare = True
            self.ctx.audio.play(Sound.FANFARE)

    def name(self, seat: int) -> str:
        """As the table said it: "You" for the one human of a solo game."""
        humans = self.match.humans()
        return "You" if len(humans) == 1 and seat == humans[0] else self.match.name(seat)

    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.box = pygame.Rect(0, 0, min(w - px(80), px(1400)), min(h - px(60), px(900)))
        self.box.center = (w // 2, h // 2)
        y = self.box.bottom - px(94)
        buttons: list[Widget] = [
            Button((self.box.x + px(40), y, px(260), px(64)), "Main menu", self.ctx.text,
                   self.menu, font_size=px(24)),
        ]
        if not self.joined:
            buttons.insert(0, Button((self.box.right - px(300), y, px(260), px(64)),
                                     "Storybook" if self.listing.load_prelude else "Play again",
                                     self.ctx.text, self.again, primary=True, font_size=px(26)))
        replayable = len(self.joined.seen) > 1 if self.joined else bool(self.match.history)
        if replayable and self.listing.load_table is not None:
            # (at a joined seat, where nothing is played again, in the place of Play again)
            right = self.box.right - (px(240) if self.joined else px(520))
            buttons.append(Button((right, y, px(200), px(64)), "Replay",
                                  self.ctx.text, self.replay, font_size=px(24)))
        history = self.listing.presenter.score_history(self.match.state)
        if (history and not self.match.entry.cooperative
                and self.sheet(self.chart_rect().size) is not None):
            label = "Show the chart" if self.show_sheet else "Show the score sheet"
            buttons.append(Button((self.box.x + px(320), y, px(300), px(64)), label, self.ctx.text,
                                  self.toggle_sheet, font_size=px(22)))
        self.set_widgets(buttons)
        # No button has the focus at first: the Enter that played the last card (or a key
        # still held) must not start a new game.  Tab or the arrows choose one.
        self.focus.focus(None)

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        text = self.ctx.text
        match = self.match
        state = match.state
        self.panel(surface, self.box, theme.PANEL_SOLID + (240,))
        shares = state.outcome()
        winners = [s for s, share in enumerate(shares) if share > 0]
        humans = match.humans()
        if match.entry.cooperative:
            title = "Together, you did it!" if winners else "Not this time"
        elif len(winners) == 1:
            who = winners[0]
            title = ("You win!" if len(humans) == 1 and who == humans[0]
                     else f"{self.name(who)} wins!")
        else:
            title = "A shared win: " + " and ".join(self.name(s) for s in winners)
            if len(humans) == 1 and humans[0] in winners:
                title = "A shared win: you and " + " and ".join(
                    self.name(s) for s in winners if s != humans[0])
        room = self.box.w - px(100)
        if not self.heading_fits(title, 56, room):
            title = "A shared win!" if len(winners) > 1 else "The winner!"  # the list says who
        self.heading(surface, title, (self.box.centerx, self.box.y + px(66)), 56, max_width=room)
        words = self.listing.presenter
        lines = words.results_lines(state, [self.name(s) for s in range(len(match.seats))])
        if match.entry.cooperative and lines:
            self.paint_lines(surface, lines)
            return
        # Final standings, best first.
        totals = state.scores()
        order = sorted(range(len(totals)), key=lambda s: (-shares[s], -totals[s], s))
        y = self.box.y + px(140)
        left = self.box.x + px(50)
        for place, seat in enumerate(order):
            color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            rank = text.render(f"{place + 1}.", px(26), theme.INK_SOFT, bold=True)
            points = text.size_to_fit(self.name(seat), px(26), px(300), bold=True,
                                      smallest=px(18))
            name = text.render(self.name(seat), points, color, bold=True, max_width=px(300))
            score = text.render(str(totals[seat]), px(30), theme.INK, bold=True, display=True)
            surface.blit(rank, (left, y))
            surface.blit(name, (left + px(44), y))
            surface.blit(score, (left + px(380), y - px(2)))
            if seat in winners:
                crown = text.render("winner", px(16), theme.GOLD, bold=True)
                surface.blit(crown, (left + px(44), y + name.get_height()))
            y += px(62)
        note = words.tie_break_note(state)
        if note:
            image = text.render(note, px(18), theme.INK_DIM, max_width=px(460))
            surface.blit(image, (left, y + px(10)))
        history = words.score_history(state)
        chart_rect = self.chart_rect()
        # The table's own picture (a score sheet, a round's account): at a button's press
        # beside a chart, or in the chart's place for a game without one.
        if self.show_sheet or not history:
            sheet = self.sheet(chart_rect.size)
            if sheet is not None:
                surface.blit(sheet, sheet.get_rect(midtop=chart_rect.midtop))
                return
        if history:
            chart = score_chart_image([self.name(s) for s in range(len(totals))], history,
                                      chart_rect.size, text, self.scale, words.round_name)
            surface.blit(chart, chart_rect)

    def chart_rect(self) -> pygame.Rect:
        px = self.px
        return pygame.Rect(self.box.x + px(560), self.box.y + px(140),
                           self.box.w - px(620), self.box.h - px(280))

    def sheet(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The table's picture of the ending at ``size`` (made once per size)."""
        if self.picture is None:
            return None
        if self._picture is None or self._picture[0] != size:
            self._picture = (size, self.picture(size))
        return self._picture[1]

    def paint_lines(self, surface: pygame.Surface, lines: list[tuple[str, str]]) -> None:
        """A cooperative game's account of how it went, line by line."""
        px = self.px
        tones = {"good": theme.GOOD, "bad": theme.BAD, "": theme.INK_SOFT}
        x = self.box.x + px(70)
        y = self.box.y + px(140)
        width = self.box.w - px(140)
        for n, (line, tone) in enumerate(lines):
            image = self.ctx.text.block(line, px(26 if n == 0 else 22), tones.get(tone, theme.INK),
                                        width, bold=n == 0)
            surface.blit(image, (x, y))
            y += image.get_height() + px(14 if n == 0 else 8)
        if self.picture is None:
            return
        room = (width, self.box.bottom - px(124) - y - px(24))
        if room[1] < px(80):
            return
        picture = self.sheet(room)
        if picture is not None:
            surface.blit(picture, picture.get_rect(midtop=(self.box.centerx, y + px(24))))

    def replay(self) -> Flow:
        """Watch the game again, from the first human's seat (or the first seat)."""
        if self.joined is not None:
            return Open(Route.REPLAY, match=self.match, seat=self.joined.seat,
                        seen=list(self.joined.seen), lines=list(self.joined.lines))
        humans = self.match.humans()
        return Open(Route.REPLAY, match=self.match, seat=humans[0] if humans else 0)

    def toggle_sheet(self) -> None:
        self.show_sheet = not self.show_sheet
        self.build()

    def again(self) -> Flow:
        """The same game again, with the same people: in place of the table below."""
        entry = self.match.entry
        if self.listing.load_prelude is not None:
            self.ctx.storage.delete_match(self.match.entry.id)
            return (Back(), Swap(Route.PRELUDE, entry=entry, seats=self.match.seats,
                                 options=self.match.options))
        options = dict(self.match.options)
        try:  # the player's own files as they are now (answers voted in this game, say)
            options, notices = self.ctx.storage.user_options(self.listing, options)
            self.ctx.notices.extend(notices)
        except ValueError:
            pass  # a file broken since: play again with what this game had
        match = Match(entry, self.match.seats, random.randrange(1, 2**53), options)
        match.undo_allowed = self.match.undo_allowed
        self.ctx.save_match(match)
        return (Back(), Swap(Route.TABLE, match=match))

    def menu(self) -> Flow:
        if not self.joined:  # (a game joined is kept on its host's computer, not here)
            self.ctx.storage.delete_match(self.match.entry.id)
        return Home()

    def back(self) -> Flow:
        return self.menu()

    def confirm(self) -> Flow:
        return None  # Enter alone does nothing here: choose a button first
