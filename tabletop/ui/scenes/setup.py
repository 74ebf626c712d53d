"""Setting up a new game: players, who sits where (human or bot and its level),
names, the game's options and an optional seed."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame

from tabletop.engine.match import MAX_NAME_LENGTH, Match, Seat, SeatKind, clean_name
from tabletop.engine.protocol import Secrets, TurnStyle
from tabletop.engine.registry import GameEntry
from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Answer, Flow, Open, Route, Swap
from tabletop.ui.scenes.base import MenuScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button
from tabletop.ui.widgets.stepper import Stepper
from tabletop.ui.widgets.text_input import TextInput
from tabletop.ui.widgets.toggle import Toggle

__all__ = ["SetupScene", "BOT_NAMES"]

BOT_NAMES = ("Coral", "Marlin", "Pearl", "Kelp", "Reef", "Tide")
LEVEL_LABELS = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}
KIND_LABELS = {SeatKind.HUMAN: "Human", SeatKind.BOT: "Bot", SeatKind.REMOTE: "Remote"}
MAX_SEED_DIGITS = 18


class SetupScene(MenuScene):
    def __init__(self, ctx: Context, entry: GameEntry) -> None:
        super().__init__(ctx)
        self.entry = entry
        #: The game as the shell shows it (its bot names, tutorial, prelude, files).
        self.listing = ctx.listing(entry)
        saved = ctx.settings.last_setup.get(entry.id, {})
        self.players = _int_in(saved.get("players"), entry.min_players, entry.max_players,
                               entry.default_players)
        self.kinds: list[SeatKind] = []
        self.levels: list[str] = []
        self.names: list[str] = []
        saved_seats = saved.get("seats") if isinstance(saved.get("seats"), list) else []
        for i in range(entry.max_players):
            raw = saved_seats[i] if i < len(saved_seats) and isinstance(saved_seats[i], dict) else {}
            default_kind = SeatKind.HUMAN if i == 0 else SeatKind.BOT
            try:
                kind = SeatKind(raw.get("kind", default_kind.value))
            except ValueError:
                kind = default_kind
            saved_level = raw.get("level")
            level = saved_level if isinstance(saved_level, str) and saved_level in entry.bot_levels \
                else entry.default_bot_level
            self.kinds.append(kind)
            self.levels.append(level)
            self.names.append(clean_name(raw.get("name"), self.default_name(i, kind)))
        self.options: dict[str, Any] = entry.default_options()
        saved_options = saved.get("options") if isinstance(saved.get("options"), dict) else {}
        for spec in entry.options:
            if not spec.hidden and spec.allows(saved_options.get(spec.key)):
                self.options[spec.key] = saved_options[spec.key]
        self.seed_text = ""
        self.error: str | None = None
        self.undo_allowed = False
        #: The bot seat whose level the setup describes (the one last changed).
        self.note_seat = -1

    def default_name(self, seat: int, kind: SeatKind) -> str:
        if kind is SeatKind.BOT:
            names = self.listing.bot_names or BOT_NAMES
            return names[seat % len(names)]
        return f"Player {seat + 1}"

    # -- layout -----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        px = self.px
        text = self.ctx.text
        fs = px(21)
        # Rows close up when a game has many seats and options (so the form fits a
        # 1080-line screen, in the units everything is scaled from).
        options = sum(1 for spec in self.entry.options if not (spec.hidden or spec.per_seat))
        notes = bool(self.listing.level_notes)
        rows = self.players + options + (1 if self.human_count() > 1 else 0) + notes
        tall = 170 + 30 + 78 + rows * 64 + 20 + 52 + 66 + 24 + 64 + 36 > 1080
        row_h, gap = (px(46), px(6)) if tall else (px(52), px(12))
        self.form = pygame.Rect(0, 0, min(w - px(80), px(1100)), 0)
        self.form.centerx = w // 2
        self.form.y = px(145) if tall else px(170)
        x0 = self.form.x + px(40)
        widgets: list[Widget] = []
        self.label_positions: list[tuple[str, tuple[int, int]]] = []
        y = self.form.y + px(30)
        flags = [spec for spec in self.entry.options if spec.per_seat and not spec.hidden]
        # With a switch per seat (e.g. "younger player"), the seat rows make room for it.
        name_w, kind_x, kind_w, level_x, level_w = ((330, 570, 190, 780, 200) if not flags
                                                    else (230, 465, 190, 670, 180))
        self.label_positions.append(("Players", (x0, y + row_h // 2)))
        widgets.append(Stepper((x0 + px(220), y, px(220), row_h),
                               list(range(self.entry.min_players, self.entry.max_players + 1)),
                               self.players, text, self.set_players, font_size=fs))
        y += row_h + px(26)
        for seat in range(self.players):
            self.label_positions.append((f"Seat {seat + 1}", (x0, y + row_h // 2)))
            name = TextInput((x0 + px(220), y, px(name_w), row_h), self.names[seat], text,
                             on_change=partial(self.set_name, seat),
                             max_length=MAX_NAME_LENGTH, placeholder="Name", font_size=fs)
            kind = Stepper((x0 + px(kind_x), y, px(kind_w), row_h),
                           [SeatKind.HUMAN, SeatKind.BOT, SeatKind.REMOTE], self.kinds[seat], text,
                           partial(self.set_kind, seat), label=lambda k: KIND_LABELS[k],
                           font_size=fs, wrap=True)
            level = Stepper((x0 + px(level_x), y, px(level_w), row_h),
                            list(self.entry.bot_levels), self.levels[seat], text,
                            partial(self.set_level, seat),
                            label=lambda lv: LEVEL_LABELS.get(lv, lv.title()), font_size=fs)
            level.visible = self.kinds[seat] is SeatKind.BOT
            widgets += [name, kind, level]
            for k, spec in enumerate(flags):
                at = x0 + px(level_x + level_w + 30 + 110 * k)
                if seat == 0:  # the column's heading, over the first row's switch
                    self.label_positions.append((spec.label, (at, y - px(16))))
                widgets.append(Toggle((at, y + (row_h - px(32)) // 2, px(64), px(32)),
                                      seat in self.flag_seats(spec.key),
                                      partial(self.set_flag, spec.key, seat)))
            y += row_h + gap
        # What the chosen bot level is, under the seats (a game that says so).
        self.note_at: tuple[int, int] | None = None
        if notes:
            self.note_at = (x0, y + px(4))
            y += row_h + gap
        y += px(20)
        self.option_helps: list[tuple[str, tuple[int, int]]] = []
        shown = [spec for spec in self.entry.options if not (spec.hidden or spec.per_seat)]
        # The option steppers are as wide as their longest choice needs (arrows and all),
        # the help beside them.
        widest = max([text.font(fs, bold=True).size(spec.label_of(choice))[0]
                      for spec in shown for choice in spec.choices] or [0])
        option_w = max(px(220), widest + 2 * row_h + px(16))
        help_x = x0 + px(240) + option_w
        for spec in shown:
            self.label_positions.append((spec.label, (x0, y + row_h // 2)))
            widgets.append(Stepper((x0 + px(220), y, option_w, row_h), list(spec.choices),
                                   self.options[spec.key], text,
                                   partial(self.set_option, spec.key), font_size=fs,
                                   label=spec.label_of))
            self.option_helps.append((spec.help, (help_x, y + row_h // 2)))
            y += row_h + gap
        if self.human_count() > 1 and self.entry.info.turns is not TurnStyle.REAL_TIME:
            # Take-backs at a shared screen only if everyone agrees.
            self.label_positions.append(("Take-backs", (x0, y + row_h // 2)))
            widgets.append(Stepper((x0 + px(220), y, option_w, row_h), [False, True],
                                   self.undo_allowed, text, self.set_undo, font_size=fs,
                                   label=lambda on: "Allowed" if on else "Off"))
            self.option_helps.append(("Switch on only if all of you agree: a player may take "
                                      "back a move while nothing new has been seen.",
                                      (help_x, y + row_h // 2)))
            y += row_h + gap
        self.label_positions.append(("Seed", (x0, y + row_h // 2)))
        widgets.append(TextInput((x0 + px(220), y, px(330), row_h), self.seed_text, text,
                                 on_change=self.set_seed, max_length=MAX_SEED_DIGITS,
                                 placeholder="random", allowed=str.isdigit, font_size=fs))
        y += row_h + px(66)
        self.form.h = y - self.form.y
        buttons_y = min(h - px(100), self.form.bottom + px(24))
        widgets.append(Button((self.form.x, buttons_y, px(200), px(64)), "Back", text,
                              self.back, font_size=px(24)))
        widgets.append(Button((self.form.x + px(220), buttons_y, px(200), px(64)), "Rules", text,
                              self.open_rules, font_size=px(24)))
        if self.listing.tutorial is not None:
            label, _ = self.listing.tutorial
            left = self.form.x + px(440)
            widgets.append(Button((left, buttons_y, self.form.right - px(280) - left, px(64)),
                                  label, text, self.open_tutorial, font_size=px(24)))
        # Last, as it lies last from left to right: Tab reaches the buttons in their order.
        widgets.append(Button((self.form.right - px(260), buttons_y, px(260), px(64)),
                              "Host this table" if self.remote_count() else "Start game", text,
                              self.start, primary=True, font_size=px(26)))
        self.set_widgets(widgets)

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        text = self.ctx.text
        self.heading(surface, f"New game of {self.entry.title}",
                     (self.size[0] // 2, px(80) if self.form.y < px(170) else px(90)), 56)
        self.panel(surface, self.form)
        for label, (x, cy) in self.label_positions:
            image = text.render(label, px(22), theme.INK_SOFT, bold=True)
            surface.blit(image, (x, cy - image.get_height() // 2))
        for help_text, (x, cy) in self.option_helps:
            folder = str(self.ctx.storage.root)
            image = text.block(help_text.replace("{data}", folder), px(16), theme.INK_DIM,
                               self.form.right - px(30) - x, line_gap=1.15)
            surface.blit(image, (x, cy - image.get_height() // 2))
        note = self.level_note()
        if self.note_at is not None and note:
            image = text.block(note, px(17), theme.INK_DIM, self.form.right - px(40)
                               - self.note_at[0], line_gap=1.15)
            surface.blit(image, self.note_at)
        humans = self.human_count()
        remote = self.remote_count()
        hint = (f"{remote} seat{'s are' if remote > 1 else ' is'} for players at other "
                "computers: hosting shows them the code to join." if remote else
                "Only bots: you will watch them play." if humans == 0 else
                ("One human: a bot partner plays with you." if self.entry.cooperative
                 else "One human: the bots play around you.") if humans == 1 else
                f"{humans} humans share this screen: a curtain hides each hand from the others."
                if self.entry.info.secrets is Secrets.PER_SEAT else
                f"{humans} humans share this screen and keyboard: nothing is hidden.")
        if self.error:  # in the hint's place, wrapped to the form's width
            image = text.block(self.error, px(18), theme.BAD, self.form.w - px(80), bold=True,
                               line_gap=1.1)
            surface.blit(image, (self.form.x + px(40), self.form.bottom - px(58)))
        else:
            image = text.render(hint, px(19), theme.INK_SOFT)
            surface.blit(image, (self.form.x + px(40), self.form.bottom - px(40)))

    # -- changes ----------------------------------------------------------------
    def set_players(self, players: int) -> None:
        self.players = players
        self.build()

    def set_name(self, seat: int, value: str) -> None:
        self.names[seat] = value

    def set_kind(self, seat: int, kind: SeatKind) -> None:
        old_default = self.default_name(seat, self.kinds[seat])
        self.kinds[seat] = kind
        if self.names[seat].strip() in ("", old_default):
            self.names[seat] = self.default_name(seat, kind)
        self.build()
        self.focus_widget_kind(seat)

    def focus_widget_kind(self, seat: int) -> None:
        # Keep the keyboard focus on the seat's kind switch after rebuilding.
        flags = sum(1 for spec in self.entry.options if spec.per_seat and not spec.hidden)
        target = 1 + seat * (3 + flags) + 1
        if target < len(self.widgets):
            self.focus.focus(self.widgets[target])

    def set_level(self, seat: int, level: str) -> None:
        self.levels[seat] = level
        self.note_seat = seat

    def level_note(self) -> str:
        """What the level of the bot seat last changed (else the first bot seat) is."""
        bots = [s for s in range(self.players) if self.kinds[s] is SeatKind.BOT]
        if not bots:
            return ""
        seat = self.note_seat if self.note_seat in bots else bots[0]
        level = self.levels[seat]
        note = self.listing.level_note(level)
        return f"{LEVEL_LABELS.get(level, level.title())}: {note}" if note else ""

    def human_count(self) -> int:
        return sum(1 for k in self.kinds[: self.players] if k is SeatKind.HUMAN)

    def remote_count(self) -> int:
        """Seats for players at other computers."""
        return sum(1 for k in self.kinds[: self.players] if k is SeatKind.REMOTE)

    def set_undo(self, on: bool) -> None:
        self.undo_allowed = on

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value

    def flag_seats(self, key: str) -> set[int]:
        """The seats a per-seat option is on for (among those playing)."""
        raw = str(self.options.get(key, ""))
        return {int(p) for p in raw.split(",") if p.strip().isdigit() and int(p) < self.players}

    def set_flag(self, key: str, seat: int, on: bool) -> None:
        seats = self.flag_seats(key) - {seat} | ({seat} if on else set())
        self.options[key] = ",".join(map(str, sorted(seats)))

    def set_seed(self, value: str) -> None:
        self.seed_text = value

    # -- actions ----------------------------------------------------------------
    def seats(self) -> list[Seat]:
        seats = []
        for i in range(self.players):
            kind = self.kinds[i]
            name = clean_name(self.names[i], self.default_name(i, kind))
            seats.append(Seat(name, kind, self.levels[i] if kind is SeatKind.BOT else None))
        return seats

    def game_options(self) -> dict[str, Any]:
        """The options as chosen, per-seat ones kept to the seats that play."""
        options = dict(self.options)
        for spec in self.entry.options:
            if spec.per_seat:
                options[spec.key] = ",".join(map(str, sorted(self.flag_seats(spec.key))))
        return options

    def start(self, replace: bool = False) -> Flow:
        """The game as set up, in place of this screen (its prelude first, if it has one)."""
        if not replace and self.ctx.storage.has_match(self.entry.id):
            return self.ask_to_replace()
        hosted = self.remote_count() > 0
        if self.listing.load_prelude is not None and not hosted:
            self.remember()
            seed_given = int(self.seed_text) if self.seed_text else None
            return Swap(Route.PRELUDE, entry=self.entry, seats=self.seats(),
                        options=self.game_options(), seed=seed_given)
        seed = int(self.seed_text) if self.seed_text else random.randrange(1, 2**53)
        try:
            options, notices = self.ctx.storage.user_options(self.listing, self.game_options())
            self.ctx.notices.extend(notices)
            match = Match(self.entry, self.seats(), seed, options)
            match.undo_allowed = self.undo_allowed
        except ValueError as error:
            self.error = str(error)
            self.ctx.audio.play(Sound.ERROR)
            self.dirty = True
            return None
        self.remember()
        self.ctx.save_match(match)
        return Swap(Route.LOBBY if hosted else Route.TABLE, match=match)

    def ask_to_replace(self) -> Flow:
        """A game of this kind is in progress: replace it only if the player says so."""
        saved, problem = self.ctx.storage.load_match(self.ctx.registry, self.entry.id)
        if saved is None:  # unreadable after all (and now moved aside): nothing to lose
            if problem:
                self.ctx.notices.append(problem)
            return self.start(replace=True)
        names = ", ".join(seat.name for seat in saved.seats)
        progress = self.listing.presenter.progress_line(saved.state)
        where = f" ({progress})" if progress else ""
        message = (f"A game of {self.entry.title}{where} with {names} is in progress. "
                   "A new game replaces it.")

        return Open(Route.ASK, title="Replace the game in progress?", message=message, answers=(
            Answer("Replace it", lambda: self.start(replace=True)),
            Answer("Continue it", lambda: Swap(Route.TABLE, match=saved, resumed=True),
                   primary=True),
            Answer("Cancel", lambda: None),
        ))

    def remember(self) -> None:
        self.ctx.settings.last_setup[self.entry.id] = {
            "players": self.players,
            "seats": [{"kind": k.value, "level": lv, "name": n}
                      for k, lv, n in zip(self.kinds, self.levels, self.names)],
            "options": dict(self.options),
        }
        self.ctx.save_settings()

    def open_rules(self) -> Flow:
        return Open(Route.RULES, entry=self.entry)

    def open_tutorial(self) -> Flow:
        return Open(Route.TUTORIAL, entry=self.entry)

    def confirm(self) -> Flow:
        return self.start()


def _int_in(value: object, low: int, high: int, default: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return default

