"""What the kit draws around every game: the menu and rules buttons, the information
panel, the prompt, the focus ring, toasts and the log."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.engine.protocol import Event
from tabletop.play.words import Teller
from tabletop.ui import theme
from tabletop.ui.compositor import Sprite
from tabletop.ui.table.host import TableHost
from tabletop.ui.table.interaction import Press
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.table.spec import InfoLine, View
from tabletop.ui.widgets.base import copy_image, panel_surface
from tabletop.ui.widgets.log_panel import log_image
from tabletop.ui.widgets.toast import toast_image

__all__ = ["Chrome"]

TOAST_SECONDS = 3.2
LOG_LINES = 400  # kept to scroll back to with the wheel


def sentence(lead: str, phrases: Sequence[str], notes: Sequence[str] = ()) -> str:
    """``lead`` and the phrases as one sentence: "Your turn: play a card, or discard
    one." and then each note ("Confirm: …")."""
    text = lead
    if phrases:
        listed = phrases[0] if len(phrases) == 1 else \
            ", ".join(phrases[:-1]) + ", or " + phrases[-1]
        text = f"{lead} {listed}" if lead else listed[0].upper() + listed[1:]
    if text and text[-1] not in ".!?…":
        text += "."
    for note in notes:
        text += f" {note}" + ("" if note[-1] in ".!?…" else ".")
    return text


class Chrome:
    """The frame's furniture for one table."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.log_lines: list[str] = []
        self._log_sprite: Sprite | None = None
        self.log_back = 0  # lines scrolled back with the wheel (0: the newest shown)
        self._toast: Sprite | None = None
        self._toast_until = 0.0
        self.showing = ""  # the toast's message while it is on screen
        self.showing_kind = ""  # and its kind ("info", "error")
        self._toast_position: int | None = None  # a toast about this position only

    def reset(self) -> None:
        """The picture was cleared: the log and toast sprites are gone with it."""
        self._log_sprite = None
        self._toast = None
        self.showing = self.showing_kind = ""

    def update(self) -> None:
        """Each frame: a toast leaves when its time is up or the position has changed."""
        if self._toast is not None and (
                self.table.clock >= self._toast_until or
                self._toast_position not in (None, self.table.session.position)):
            self.table.compositor.remove(self._toast)
            self._toast = None
            self.showing = self.showing_kind = ""

    def prompt(self) -> tuple[str, bool]:
        """The line above the hand: on the viewer's turn what they may do, from the
        legal moves (and why a button shown is dimmed); else who acts."""
        table = self.table
        state = table.match.state
        if state.is_over:
            return "", False
        if table.session.viewer_acts():
            moves = table.moves()
            return sentence(table.spec.lead(table.session.obs), moves.phrases(), moves.blocked()), True
        acting = sorted(state.acting_seats())
        return (table.spec.waiting(table.session.obs, acting[0]), False) if acting else ("", False)

    def kit_decor(self, view: View) -> list[Decor]:
        """What the kit draws on every table: buttons, information, prompt, focus ring."""
        frame = self.table.frame
        items = [
            Decor(("hud", "pause"), frame.menu_button.size,
                  lambda: self.hud_button(frame.menu_button, "pause", "Menu"),
                  frame.menu_button.topleft, Layers.HUD),
            Decor(("hud", "bulb"), (frame.hint_button.size, self.table.offers_hints),
                  lambda: self.hud_button(frame.hint_button, "bulb", "Hint",
                                          self.table.offers_hints),
                  frame.hint_button.topleft, Layers.HUD),
            Decor(("hud", "book"), frame.rules_button.size,
                  lambda: self.hud_button(frame.rules_button, "book", "Rules"),
                  frame.rules_button.topleft, Layers.HUD),
        ]
        info = tuple(self.info_lines(view))
        items.append(Decor("info", (info, frame.info.size), lambda: self.info_panel(info),
                           frame.info.topleft, Layers.PANEL))
        if view.prompt:
            urgent = view.urgent and self.table.my_turn()
            items.append(Decor("prompt", (view.prompt, urgent, frame.scale),
                               lambda: self.prompt_image(view.prompt, urgent),
                               self.prompt_at(), Layers.HUD, anchor="midbottom"))
        ring = self.focus_ring()
        if ring is not None:
            items.append(ring)
        items += self.buttons()
        return items

    def buttons(self) -> list[Decor]:
        """The game's buttons for what the viewer may do now (dimmed when shown while not
        legal), each with its key."""
        table = self.table
        if not table.session.viewer_acts():
            return []
        frame = table.frame
        items = []
        for press in table.moves().buttons():
            rect = table.spec.slots.get(press.control.slot)
            if rect is None:
                continue
            control = press.control
            keys = table.controls.key_words(control)
            label = f"{control.label} ({keys})" if keys != "click it" else control.label
            memo = (label, rect.size, control.primary, press.live, frame.scale)

            def build(press: Press = press, rect: pygame.Rect = rect, label: str = label) -> pygame.Surface:
                own = table.spec.button_image(press, rect)
                return own if own is not None else self.button_image(
                    rect.size, label, press.control.primary, press.live)
            items.append(Decor(("button", control.slot), memo, build, rect.topleft, Layers.HUD,
                               action=press.steps[0]))
        return items

    def button_image(self, size: tuple[int, int], text: str, primary: bool,
                     live: bool) -> pygame.Surface:
        """A table button of ``size`` with ``text`` (``primary`` lit gold; dimmed
        unless ``live``)."""
        frame = self.table.frame
        w, h = size
        fill = theme.BUTTON_PRIMARY if primary and live else theme.PANEL
        image = copy_image(panel_surface(size, fill, h // 2, theme.PANEL_EDGE, 2))
        ink = theme.INK_DARK if primary and live else (theme.INK if live else theme.INK_DIM)
        font = frame.font(18)
        while font > 11 and self.table.ctx.text.font(font, True).size(text)[0] > w - 16:
            font -= 1
        label = self.table.ctx.text.render(text, font, ink, bold=True, max_width=w - 12)
        image.blit(label, label.get_rect(center=(w // 2, h // 2)))
        return image

    def info_lines(self, view: View) -> list[InfoLine]:
        """The panel's lines: the view's, with what the pointed (or chosen) piece is in
        place of its tips."""
        table = self.table
        pointed = None
        for spot in (table.controls.hovered, table.controls.focus):
            zone = table.picture.zones.get(spot[0]) if spot is not None else None
            if spot is not None and zone is not None and spot[1] < len(zone.pieces):
                pointed = table.spec.pointed(table.session.obs, spot[0], zone.pieces[spot[1]])
                if pointed is not None:
                    break
        return [*view.info, *(pointed if pointed is not None else view.tips), *view.more]

    def hud_button(self, rect: pygame.Rect, icon: str, label: str,
                   live: bool = True) -> pygame.Surface:
        """One of the round Menu, Hint and Rules buttons, with its icon."""
        image = copy_image(panel_surface(rect.size, theme.PANEL, rect.h // 2, theme.PANEL_EDGE, 2))
        glyph_size = rect.h * 6 // 10
        glyph = self.table.ctx.assets.svg(f"ui/{icon}.svg", (glyph_size, glyph_size))
        if not live:
            glyph = copy_image(glyph)
            glyph.set_alpha(90)
        text = self.table.ctx.text.render(label, self.table.frame.font(18),
                                          theme.INK if live else theme.INK_DIM, bold=True)
        width = glyph.get_width() + self.table.frame.px(8) + text.get_width()
        x = (rect.w - width) // 2
        image.blit(glyph, glyph.get_rect(midleft=(x, rect.h // 2)))
        image.blit(text, text.get_rect(midleft=(x + glyph.get_width() + self.table.frame.px(8),
                                                rect.h // 2)))
        return image

    def info_panel(self, lines: Sequence[InfoLine]) -> pygame.Surface:
        """The information panel with ``lines`` (title, soft, accent and chip lines)."""
        frame = self.table.frame
        rect = frame.info
        image = copy_image(panel_surface(rect.size, theme.PANEL, frame.px(14), theme.PANEL_EDGE, 2))
        pad = frame.px(14)
        y = frame.px(10)
        styles = {"title": (21, theme.INK, True), "": (16, theme.INK, False),
                  "soft": (15, theme.INK_SOFT, False), "accent": (15, theme.GOLD, False)}
        clip = rect.h - frame.px(8)
        for line in lines:
            size, color, bold = styles.get(line.style, styles[""])
            if line.chips:
                block = self.chips_image(line.chips, rect.w - 2 * pad)
            else:
                block = self.table.ctx.text.block(line.text, frame.font(size), color,
                                                  rect.w - 2 * pad, bold=bold)
            if y + block.get_height() > clip:
                continue  # too tall for what room is left: a shorter line after may fit
            image.blit(block, (pad, y))
            y += block.get_height() + frame.px(5)
        return image

    def chips_image(self, chips: Sequence[tuple[str, str]], width: int) -> pygame.Surface:
        """Each (name, figure) in a chip of its own, as many to a row as fit."""
        frame, text = self.table.frame, self.table.ctx.text
        gap, pad, size = frame.px(6), frame.px(8), frame.font(15)
        pictures = []
        for name, figure in chips:
            label = text.render(name, size, theme.INK, max_width=width - 2 * pad - frame.px(40))
            number = text.render(figure, size, theme.GOLD, bold=True)
            w = label.get_width() + number.get_width() + 3 * pad
            h = max(label.get_height(), number.get_height()) + frame.px(6)
            chip = copy_image(panel_surface((w, h), (20, 52, 58, 255), h // 2, theme.PANEL_EDGE, 1))
            chip.blit(label, label.get_rect(midleft=(pad, h // 2)))
            chip.blit(number, number.get_rect(midright=(w - pad, h // 2)))
            pictures.append(chip)
        rows: list[list[pygame.Surface]] = [[]]
        used = 0
        for chip in pictures:
            if rows[-1] and used + gap + chip.get_width() > width:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + chip.get_width()
            rows[-1].append(chip)
        row_h = max((c.get_height() for c in pictures), default=0)
        image = pygame.Surface((width, max(1, len(rows) * (row_h + gap) - gap)), pygame.SRCALPHA)
        for r, row in enumerate(rows):
            x = 0
            for chip in row:
                image.blit(chip, (x, r * (row_h + gap)))
                x += chip.get_width() + gap
        return image

    def prompt_at(self) -> tuple[float, float]:
        """Where the prompt's bottom edge sits (it grows upwards when it wraps): just
        above the viewer's hand, else low in the play area."""
        frame = self.table.frame
        hand = self.table.picture.zones.get("hand")
        if hand is not None:
            return hand.center[0], hand.bounds().top - frame.px(8)
        return frame.play.centerx, frame.play.bottom - frame.px(22)

    def prompt_image(self, message: str, urgent: bool) -> pygame.Surface:
        """The prompt, wrapped (never cut) to the play area's width."""
        frame = self.table.frame
        text = self.table.ctx.text
        size = frame.font(20)
        widest = round(frame.play.w * 0.8)
        width = min(widest, text.font(size, True).size(message)[0] + 4)
        label = text.block(message, size, theme.INK_DARK if urgent else theme.INK, width,
                           bold=True, line_gap=1.15, align="center")
        pad_x, pad_y = frame.px(20), frame.px(8)
        fill = (*theme.GOLD, 240) if urgent else (8, 30, 34, 210)
        image = copy_image(panel_surface((label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y),
                                         fill, frame.px(18)))
        image.blit(label, (pad_x, pad_y))
        return image

    def focus_ring(self) -> Decor | None:
        """A gold ring around the piece chosen with a click or the keys."""
        if self.table.controls.focus is None:
            return None
        zone_id, index = self.table.controls.focus
        zone = self.table.picture.zones.get(zone_id)
        if zone is None or index >= len(zone.pieces):
            return None
        x, y, angle = zone.piece_poses(self.table.picture.raised.get(zone_id, frozenset()))[index]
        angle = round(angle / 2) * 2
        w, h = zone.size
        pad = self.table.frame.px(7)
        radius = self.table.frame.px(14)
        width = max(2, self.table.frame.px(4))

        def build() -> pygame.Surface:
            ring = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(ring, (*theme.HIGHLIGHT, 90), ring.get_rect(), border_radius=radius)
            pygame.draw.rect(ring, theme.HIGHLIGHT, ring.get_rect(), width, border_radius=radius)
            return pygame.transform.rotozoom(ring, angle, 1.0) if angle else ring
        return Decor("focus", (angle, w, h, pad), build, (x, y), zone.layer + 2 * index - 1,
                     anchor="center")

    def toast(self, message: str, kind: str = "info", seconds: float = TOAST_SECONDS,
              this_move: bool = False) -> None:
        """Say ``message`` for ``seconds`` (with ``this_move``, only until a move is made:
        a hint is stale once its move, or any other, is played)."""
        self._toast_position = self.table.session.position if this_move else None
        if self._toast is not None:
            self.table.compositor.remove(self._toast)
        frame = self.table.frame
        area = self.table.spec.toast_area()
        widest = min(round(frame.play.w * 0.55), frame.px(640))
        image = toast_image(message, self.table.ctx.text, frame.scale, kind,
                            max_width=min(widest, area.w) if area is not None else widest)
        x: float
        y: float
        if area is not None:  # at the foot of the free room (a long one grows upwards)
            x, y = area.centerx, area.bottom
        else:
            x, y = self.prompt_at()
            prompt = self.table.picture.decor.get("prompt")
            top = prompt.rect.top if prompt is not None and prompt.visible else y - frame.px(36)
            y = min(top - frame.px(6), frame.play.bottom - image.get_height())
        x, y = self._least_hiding(image.get_size(), x, y)
        x = min(max(x, frame.play.x + image.get_width() / 2),
                frame.play.right - image.get_width() / 2)
        self._toast = Sprite(image, x - image.get_width() / 2, y - image.get_height(), Layers.TOAST)
        self.showing, self.showing_kind = message, kind
        self.table.compositor.add(self._toast)
        self._toast_until = self.table.clock + seconds

    def step_aside(self) -> None:
        """Move the message off the places just lit for a lifted piece, if it covers one:
        a tip shown as a turn begins must not hide where the piece may go."""
        toast = self._toast
        if toast is None or not toast.visible:
            return
        lit = [s.rect for s in self.table.compositor.sprites
               if s.visible and Layers.TARGET <= s.layer < Layers.CARD]
        if not any(toast.rect.colliderect(rect) for rect in lit):
            return
        play, (w, h) = self.table.frame.play, toast.image.get_size()
        x, y = self._least_hiding((w, h), toast.rect.centerx, toast.rect.bottom)
        x = min(max(x, play.x + w / 2), play.right - w / 2)
        toast.move_to(x - w / 2, y - h)

    def _least_hiding(self, size: tuple[int, int], x: float, bottom: float) -> tuple[float, float]:
        """Where a message of ``size`` hides least of the cards, piles, plates and lit
        places: above the prompt (centred over the hand when that hides nothing), to
        its left or right, else at the top of the play area.  Returns its midbottom."""
        play, margin = self.table.frame.play, self.table.frame.px(16)
        w, h = size
        shown = [(s.rect, 4 if Layers.TARGET <= s.layer < Layers.CARD else 1)
                 for s in self.table.compositor.sprites
                 if s.visible and Layers.PANEL <= s.layer < Layers.DRAG and s is not self._toast]
        best: tuple[int, float, float] | None = None
        for y in (bottom, play.top + margin + h):
            for cx in (x, play.x + margin + w / 2, play.right - margin - w / 2):
                cx = min(max(cx, play.x + w / 2), play.right - w / 2)
                spot = pygame.Rect(round(cx - w / 2), round(y - h), w, h)
                hidden = 0
                for rect, weight in shown:
                    clip = rect.clip(spot)
                    hidden += weight * clip.w * clip.h
                if best is None or hidden < best[0]:
                    best = (hidden, cx, y)
        assert best is not None
        return best[1], best[2]

    def log_event(self, event: Event) -> None:
        """Add an event's line to the log (as its animation begins)."""
        if self.table.session.told() is None:  # (else the log's lines are told to it)
            self.log_line(self.describe(event))

    def log_line(self, line: str | None) -> None:
        """Add a line to the log."""
        if line:
            self.log_lines.append(line)
            del self.log_lines[:-LOG_LINES]
            if self.log_back:  # what the player scrolled back to stays in view
                self.log_back = min(self.log_back + 1, len(self.log_lines) - 1)
            self.table.jobs.defer("log", self.refresh_log)

    def scroll_log(self, steps: int) -> None:
        """The wheel over the log: up shows older lines, down newer ones."""
        back = min(max(0, self.log_back + steps), max(0, len(self.log_lines) - 1))
        if back != self.log_back:
            self.log_back = back
            self.refresh_log()

    def teller(self) -> Teller:
        """How the log speaks here: every seat's name, the secrets the viewer may see,
        and "you" when one person plays."""
        names = tuple(seat.name for seat in self.table.match.seats)
        you = self.table.session.viewer if len(self.table.session.humans) == 1 else None
        return Teller(names, self.table.session.viewer if self.table.session.private else None, you)

    def describe(self, event: Event) -> str | None:
        """The log line for ``event``, in the game's words, as this table tells it."""
        return self.table.listing.describe(event, self.teller())

    def rebuild_log(self) -> None:
        """Re-tell the log for the current viewer (private details change with the viewer)."""
        self.log_lines, self.log_back = [], 0
        told = self.table.session.told()
        if told is not None:
            self.log_lines = told
        for entry in self.table.match.log if told is None else ():
            for event in entry.events:
                line = self.describe(event)
                if line:
                    self.log_lines.append(line)
        del self.log_lines[:-LOG_LINES]
        self.refresh_log()

    def refresh_log(self) -> None:
        """Draw the log again (the newest lines, or older ones while scrolled back)."""
        rect = self.table.frame.log
        lines = self.log_lines[:len(self.log_lines) - self.log_back]
        title = f"Log · {self.log_back} newer below" if self.log_back else "Log"
        image = log_image(lines, rect.size, self.table.ctx.text, self.table.frame.scale, title)
        if self._log_sprite is None or self._log_sprite not in self.table.compositor.sprites:
            self._log_sprite = Sprite(image, rect.x, rect.y, Layers.PANEL)
            self.table.compositor.add(self._log_sprite)
        else:
            self._log_sprite.image = image
            self._log_sprite.move_to(rect.x, rect.y)
