"""Joining a table hosted on another computer: the tables this network announces, or
an address and join code typed in; a name and a seat; then the wait for the host to
begin, with who is here."""

from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.match import MAX_NAME_LENGTH, clean_name
from tabletop.ui import theme
from tabletop.ui.audio import Sound
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow, Route, Swap
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button
from tabletop.ui.widgets.seat_list import draw_seats, seat_line
from tabletop.ui.widgets.stepper import Stepper
from tabletop.ui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from tabletop.net.lan import Found

__all__ = ["JoinScene", "table_uri"]

#: Seconds between two looks for the tables on the network, and how long each listens.
LOOK_EVERY = 4.0
LISTEN = 1.5
MAX_LISTED = 4


def table_uri(address: str) -> str | None:
    """``ws://host:port`` for an address typed as ``host``, ``host:port`` or a
    ``ws://`` address; ``None`` if it cannot be one."""
    text = address.strip()
    if text.startswith("ws://"):
        text = text[5:]
    text = text.rstrip("/")
    if not text or any(ch.isspace() or ch in "/@?#" for ch in text):
        return None
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not host:
        host, port = text, ""
    if port and not (port.isdigit() and 0 < int(port) < 65536):
        return None
    from tabletop.net.hosting import PORT

    return f"ws://{host}:{port or PORT}"


class Looker:
    """Looks for the tables announced on the network, again and again, on a thread of
    its own (a look listens for a moment), until :meth:`stop`."""

    def __init__(self) -> None:
        self.found: list[Found] = []
        self.looked = 0
        self.problem = ""
        self._stop = threading.Event()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        try:
            from tabletop.net.lan import browse
        except ImportError as error:  # pragma: no cover - a broken install
            self.problem = f"The local network cannot be searched ({error})."
            return
        while not self._stop.is_set():
            try:
                self.found = browse(LISTEN)
            except OSError as error:
                self.problem = f"The local network cannot be searched ({error.strerror or error})."
            self.looked += 1
            self._stop.wait(LOOK_EVERY)

    def stop(self) -> None:
        self._stop.set()


class JoinScene(MenuScene):
    """Find a table, take a seat, wait for the host to begin."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.address = ""
        self.code = ""
        self.name = ctx.settings.player_name or "Player"
        self.seat = 0  # 0: any free seat, else its number
        self.problem = ""
        self.looker: Looker | None = None
        self._shown: object = None
        self._tables: list[Found] = []
        #: The game began: its table was asked for.
        self.seated = False
        self.code_input: TextInput | None = None
        #: The table joined ("address code") and the seat's token as noted on disk.
        self.table_key = ""
        self.kept_token = ""

    def enter(self) -> Flow:
        self.looker = Looker()
        return super().enter()

    def exit(self) -> None:
        if self.looker is not None:
            self.looker.stop()

    # -- layout -----------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        px = self.px
        text = self.ctx.text
        fs = px(21)
        self.box = pygame.Rect(0, 0, min(w - px(80), px(1100)), px(700))
        self.box.center = (w // 2, h // 2 + px(30))
        x = self.box.x + px(40)
        row_h = px(52)
        widgets: list[Widget] = []
        joining = self.ctx.joining
        self.waiting = joining is not None
        self.list_top = self.box.y + px(80)
        self.table_buttons: list[Button] = []
        if not self.waiting:
            for k, table in enumerate(self._tables[:MAX_LISTED]):
                # (a full table stays listed: a player coming back to their seat joins it)
                free = (f"{table.free} seat{'s' if table.free != 1 else ''} free" if table.free
                        else "no seat free")
                button = Button((x, self.list_top + k * (row_h + px(8)), self.box.w - px(80),
                                 row_h), f"{table.name}  ·  {free}  ·  {table.address}:"
                                 f"{table.port}", text, partial(self.choose, table),
                                 font_size=px(20))
                widgets.append(button)
                self.table_buttons.append(button)
            y = self.box.y + px(350)
            step = row_h + px(12)
            self.labels = [(label, (x, y + k * step + row_h // 2)) for k, label in
                           enumerate(("Address", "Join code", "Your name", "Seat"))]
            field_x = x + px(190)
            widgets.append(TextInput((field_x, y, px(420), row_h), self.address, text,
                                     on_change=self.set_address, max_length=60,
                                     placeholder="192.168.1.20:47470", font_size=fs))
            self.code_input = TextInput((field_x, y + step, px(240), row_h), self.code,
                                        text, on_change=self.set_code, max_length=12,
                                        placeholder="ABC234", allowed=str.isalnum,
                                        font_size=fs)
            widgets.append(self.code_input)
            widgets.append(TextInput((field_x, y + 2 * step, px(330), row_h),
                                     self.name, text, on_change=self.set_name,
                                     max_length=MAX_NAME_LENGTH, placeholder="Name",
                                     font_size=fs))
            widgets.append(Stepper((field_x, y + 3 * step, px(300), row_h),
                                   list(range(0, 7)), self.seat, text, self.set_seat,
                                   label=lambda s: "Any free seat" if s == 0 else f"Seat {s}",
                                   font_size=fs))
        bottom = self.box.bottom + px(24)
        widgets.append(Button((self.box.x, bottom, px(240), px(64)), "Back", text, self.back,
                              font_size=px(24)))
        if not self.waiting:
            widgets.append(Button((self.box.right - px(260), bottom, px(260), px(64)),
                                  "Join", text, self.join, primary=True, font_size=px(26)))
        self.set_widgets(widgets)

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        text = self.ctx.text
        box = self.box
        self.heading(surface, "Join a table", (self.size[0] // 2, px(90)), 56)
        self.panel(surface, box)
        x = box.x + px(40)
        if self.waiting:
            self.paint_waiting(surface)
            return
        label = text.render("Tables on this network", px(22), theme.INK_SOFT, bold=True)
        surface.blit(label, (x, box.y + px(34)))
        if not self._tables:
            looker = self.looker
            words = (looker.problem if looker is not None and looker.problem else
                     "Looking for tables…" if looker is None or not looker.looked else
                     "None found yet. A table elsewhere (or on a network that hides "
                     "announcements) is joined by its address and code.")
            image = text.block(words, px(19), theme.INK_DIM, box.w - px(80), line_gap=1.15)
            surface.blit(image, (x, self.list_top + px(8)))
        for label_text, (lx, cy) in self.labels:
            image = text.render(label_text, px(22), theme.INK_SOFT, bold=True)
            surface.blit(image, (lx, cy - image.get_height() // 2))
        if self.problem:
            image = text.block(self.problem, px(19), theme.BAD, box.w - px(80), bold=True,
                               line_gap=1.1)
            surface.blit(image, (x, box.bottom - px(24) - image.get_height()))
        else:
            hint = "Ask the host for the join code: it is on their screen."
            image = text.render(hint, px(19), theme.INK_SOFT)
            surface.blit(image, (x, box.bottom - px(48)))

    def paint_waiting(self, surface: pygame.Surface) -> None:
        px = self.px
        text = self.ctx.text
        box = self.box
        x = box.x + px(40)
        joining = self.ctx.joining
        assert joining is not None
        me = joining.me
        if not joining.welcomed:
            image = text.render(f"Joining the table at {joining.uri}…", px(26), theme.INK,
                                bold=True)
            surface.blit(image, (x, box.y + px(50)))
            return
        assert me.entry is not None
        image = text.render(f"{me.entry.title}: you have seat {me.seat + 1}", px(30),
                            theme.GOLD, bold=True)
        surface.blit(image, (x, box.y + px(44)))
        seats = me.lobby.get("seats", []) if isinstance(me.lobby, dict) else []
        draw_seats(surface, text, px, (x, box.y + px(130)),
                   [seat_line(seat, me=number == me.seat) for number, seat in enumerate(seats)
                    if isinstance(seat, dict)])
        status = ("The connection was lost: trying again…" if not joining.connected
                  else "Waiting for the host to begin…")
        image = text.render(status, px(21), theme.INK_SOFT, bold=True)
        surface.blit(image, (x, box.bottom - px(56)))

    # -- changes ------------------------------------------------------------------------
    def set_address(self, value: str) -> None:
        self.address = value

    def set_code(self, value: str) -> None:
        self.code = value.upper()
        if self.code_input is not None and self.code_input.value != self.code:
            self.code_input.value = self.code  # codes are read in capitals

    def set_name(self, value: str) -> None:
        self.name = value

    def set_seat(self, seat: int) -> None:
        self.seat = seat

    def choose(self, table: Found) -> Flow:
        """A table from the list: its address goes in; the code is asked of the host."""
        self.address = f"{table.address}:{table.port}"
        self.problem = ""
        self.build()
        self.focus.focus(self.code_input)
        return None

    def join(self) -> Flow:
        uri = table_uri(self.address)
        code = self.code.strip().upper()
        problem = ("Type the table's address (such as 192.168.1.20:47470), or choose it "
                   "from the list." if uri is None else
                   "Type the join code the host's screen shows." if not code else "")
        if problem or uri is None:
            self.problem = problem
            self.ctx.audio.play(Sound.ERROR)
            self.dirty = True
            return None
        from tabletop.net.joining import Joining

        name = clean_name(self.name, "Player")
        self.ctx.settings.player_name = name
        self.ctx.save_settings()
        self.ctx.stop_joining()
        # A seat taken here before at this table (the window closed, say) is taken back.
        self.table_key = f"{uri} {code}"
        self.ctx.joining = Joining(uri, code, name, self.ctx.registry,
                                   seat=self.seat - 1 if self.seat else None,
                                   token=self.ctx.storage.seat_token(self.table_key))
        self.problem = ""
        self.build()
        return None

    def confirm(self) -> Flow:
        """Enter: join with what is typed (while no table is joined yet)."""
        return self.join() if self.ctx.joining is None else None

    def update(self, dt: float) -> Flow:
        super().update(dt)
        joining = self.ctx.joining
        if joining is not None:
            if joining.problem:
                self.problem = joining.problem
                self.ctx.audio.play(Sound.ERROR)
                self.ctx.stop_joining()
                self.build()
                return None
            if joining.welcomed and joining.me.token != self.kept_token:
                self.kept_token = joining.me.token
                try:
                    self.ctx.storage.keep_seat_token(self.table_key, joining.me.token)
                except OSError as error:
                    self.ctx.notices.append(f"The seat could not be noted ({error.strerror}).")
            if joining.started and joining.welcomed and not self.seated:
                from tabletop.net.mirror import mirror_match

                self.seated = True  # (asked once: the table takes the seat from here)
                self.ctx.audio.play(Sound.TURN, 0.6)
                return Swap(Route.TABLE, match=mirror_match(joining), joining=joining)
            shown: object = (joining.welcomed, joining.connected, repr(joining.me.lobby))
        else:
            looker = self.looker
            tables = list(looker.found) if looker is not None else []
            shown = (tuple((t.name, t.address, t.port, t.free) for t in tables),
                     looker.looked if looker is not None else 0)
            if tables != self._tables:
                self._tables = tables
                self.build()
        if shown != self._shown:
            self._shown = shown
            self.dirty = True
        return None

    def back(self) -> Flow:
        """Leave: a table joined is left (its seat waits), the list is no longer kept."""
        if self.ctx.joining is not None:
            self.ctx.stop_joining()
            self.build()
            return None
        return Back()
