"""The lobby of a table offered on the network: its join code and address, who has
taken which seat, and the host's Start once everyone is here."""

from __future__ import annotations

import pygame

from tabletop.engine.match import Match
from tabletop.net.hosting import Hosting
from tabletop.ui import theme
from tabletop.ui.audio import Sound
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow, Swap, Route
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.button import Button
from tabletop.ui.widgets.toggle import Toggle
from tabletop.ui.widgets.seat_list import ROW, draw_seats, seat_line

__all__ = ["LobbyScene"]


class LobbyScene(MenuScene):
    """A table offered on the network, before it begins (or while its players come
    back to a game reopened)."""

    def __init__(self, ctx: Context, match: Match) -> None:
        super().__init__(ctx)
        self.match = match
        self.resumed = bool(match.history)
        self.problem = ""
        self._seen: object = None

    def enter(self) -> Flow:
        ctx = self.ctx
        if ctx.hosting is None or ctx.hosting.match is not self.match:
            ctx.stop_hosting()
            people = [self.match.seats[s].name for s in self.match.humans()]
            name = f"{people[0]}'s {self.match.entry.title}" if people else self.match.entry.title
            game = self.match.entry.id
            # A game reopened keeps its code and seats: its players take them back.
            kept = ctx.storage.kept_table(game) if self.match.history else None
            try:
                ctx.hosting = Hosting(self.match, ctx.worker, name=name, table=kept,
                                      listing=ctx.listing(self.match.entry),
                                      keep=lambda table: ctx.storage.keep_table(game, table))
            except OSError as error:
                self.problem = f"The table cannot be offered on the network: {error}"
        return super().enter()

    @property
    def hosting(self) -> Hosting | None:
        return self.ctx.hosting

    def build(self) -> None:
        w, h = self.size
        px = self.px
        seats = len(self.match.seats)
        self.box = pygame.Rect(0, 0, min(w - px(80), px(1000)), px(250 + ROW * seats + 160))
        self.box.center = (w // 2, h // 2 + px(30))
        y = self.box.bottom + px(24)
        self.start_button = Button((self.box.right - px(300), y, px(300), px(64)),
                                   "Go on" if self.resumed else "Start game",
                                   self.ctx.text, self.start, primary=True, font_size=px(26))
        self.start_button.enabled = self.ready
        hosting = self.hosting
        self.stand_in_at = (self.box.x + px(50), self.box.bottom - px(110))
        self.set_widgets([
            Toggle((self.stand_in_at[0], self.stand_in_at[1], px(64), px(32)),
                   hosting is not None and hosting.host.stand_in is not None, self.set_stand_in),
            Button((self.box.x, y, px(240), px(64)), "Back", self.ctx.text, self.back,
                   font_size=px(24)),
            self.start_button,
        ])

    @property
    def ready(self) -> bool:
        return self.hosting is not None and self.hosting.everyone_here

    def update(self, dt: float) -> Flow:
        super().update(dt)
        hosting = self.hosting
        seen = (hosting.lobby(), hosting.everyone_here, tuple(hosting.lines[-1:])) \
            if hosting is not None else None
        if seen != self._seen:
            if self._seen is not None and hosting is not None:
                self.ctx.audio.play(Sound.TURN, 0.5)  # someone came or went
            self._seen = seen
            if self.start_button.enabled != self.ready:
                self.start_button.enabled = self.ready
            self.dirty = True
        return None

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        text = self.ctx.text
        box = self.box
        title = ("Hosting again: " if self.resumed else "Hosting ") + self.match.entry.title
        self.heading(surface, title, (self.size[0] // 2, px(90)),
                     56, max_width=box.w)
        self.panel(surface, box)
        x = box.x + px(50)
        hosting = self.hosting
        if hosting is None:
            image = text.block(self.problem or "The table is not offered.", px(24), theme.BAD,
                               box.w - px(100), bold=True)
            surface.blit(image, (x, box.y + px(50)))
            return
        # The code and the address, large enough to read out across a room.
        label = text.render("Join code", px(22), theme.INK_SOFT, bold=True)
        surface.blit(label, (x, box.y + px(40)))
        code = text.render(" ".join(hosting.code), px(64), theme.GOLD, bold=True, display=True)
        surface.blit(code, (x, box.y + px(72)))
        right = box.x + box.w // 2 + px(20)
        label = text.render("Address", px(22), theme.INK_SOFT, bold=True)
        surface.blit(label, (right, box.y + px(40)))
        where = text.render(f"{hosting.address}:{hosting.port}", px(40), theme.INK, bold=True)
        surface.blit(where, (right, box.y + px(84)))
        how = ("Players on this network choose Join a table and find this one listed. From "
               "elsewhere they type the address and the code (the port must be open to them, "
               "or play over a VPN).")
        image = text.block(how, px(18), theme.INK_DIM, box.w - px(100), line_gap=1.15)
        surface.blit(image, (x, box.y + px(170)))
        y = box.y + px(250)
        lobby = hosting.lobby()
        taken = {p.seat for p in hosting.host.places.values() if p.token}
        draw_seats(surface, text, px, (x, y), [seat_line(dict(seat, taken=number in taken))
                                               for number, seat in enumerate(lobby["seats"])])
        words = text.render("If a player leaves, a bot plays for them until they come back "
                            "(else their seat waits)", px(18), theme.INK_SOFT,
                            max_width=box.w - px(190))
        sx, sy = self.stand_in_at
        surface.blit(words, (sx + px(80), sy + px(16) - words.get_height() // 2))
        waiting = sum(1 for s in lobby["seats"] if s["kind"] == "remote" and not s["here"])
        stood_in = any(s["kind"] == "stand-in" for s in lobby["seats"])
        go = "go on" if self.resumed else "start"
        status = (f"Waiting for {waiting} more player{'s' if waiting != 1 else ''} to join."
                  if waiting else f"Bots play for whoever is away: {go} when you are ready."
                  if stood_in else f"Everyone is here: {go} when you are ready.")
        image = text.render(status, px(21), theme.GOOD if not waiting else theme.INK_SOFT,
                            bold=True)
        surface.blit(image, (x, box.bottom - px(56)))

    # -- actions ------------------------------------------------------------------
    def set_stand_in(self, on: bool) -> None:
        """A bot of the game's usual level plays for a player who leaves (or the seat
        waits for them)."""
        if self.hosting is not None:
            self.hosting.host.stand_in = self.match.entry.default_bot_level if on else None

    def start(self) -> Flow:
        if not self.ready:
            self.ctx.audio.play(Sound.ERROR)
            return None
        return Swap(Route.TABLE, match=self.match, resumed=self.resumed)

    def confirm(self) -> Flow:
        return self.start()

    def back(self) -> Flow:
        """Close the table (whoever joined is told it closed) and go back to the setup;
        a game not yet begun is not kept."""
        self.ctx.stop_hosting()
        if self.resumed:
            return Back()
        self.ctx.storage.delete_match(self.match.entry.id)
        return Swap(Route.SETUP, entry=self.match.entry)
