"""First-game guidance: each game's terms explained the first time they come up, in a
callout pointing at the part of the table they concern.

A game lists its notes (:meth:`TableSpec.guide`); a note shows once per player of this
installation (remembered in the settings), when its event is first played at the
table, or on the viewer's first turn if it names no event.  Settings can show them all
again.  Replays and tables without a person at the screen show none.

A first game's guided turns add a note of their own: why the move they light is good
(the game's :meth:`Presenter.explain`), gone once a move is made.
"""

from __future__ import annotations

import pygame

from tabletop.engine.protocol import Event
from tabletop.ui import theme
from tabletop.ui.compositor import Sprite
from tabletop.ui.table.host import TableHost
from tabletop.ui.table.notes import GuideNote
from tabletop.ui.table.picture import Layers
from tabletop.ui.widgets.base import copy_image, panel_surface

__all__ = ["GuideNote", "Guide"]

#: Seconds a note stays (a click or a key on it sends it away sooner).
NOTE_SECONDS = 9.0
#: The key of a guided turn's note on why its lit move is good.
COACH = "why"


class Guide:
    """Shows a table's notes, one at a time, each once."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.notes = tuple(table.spec.guide())
        self.sprite: Sprite | None = None
        self.until = 0.0
        self.waiting: list[GuideNote] = []
        self.shown: GuideNote | None = None

    @property
    def active(self) -> bool:
        """Whether the guide speaks at this table: notes to give, the setting on, a
        person watching."""
        table = self.table
        return (bool(self.notes) and table.ctx.settings.guide and table.session.viewer is not None
                and bool(table.session.humans))

    def seen(self, note: GuideNote) -> bool:
        """Whether the player has read ``note`` at this game before."""
        return f"{self.table.entry.id}:{note.key}" in self.table.ctx.settings.guide_seen

    def first_turn(self) -> None:
        """The viewer's first turn: offer the notes that wait for no event."""
        self.offer([n for n in self.notes if n.event is None])

    def played(self, event: Event) -> None:
        # A move was made: what any note said about the move to make is past.
        """``event`` happened: offer the notes it brings up (and drop the coach's word
        on a move now made)."""
        self.waiting = [n for n in self.waiting if n.key != COACH]
        if self.shown is not None and self.shown.key == COACH:
            self.hide()  # a move was made: what the note said about it is past
            self.next()
        self.offer([n for n in self.notes if n.event is not None and isinstance(event, n.event)])

    def coach(self, why: str) -> None:
        """Say why the move lit on a guided turn is good (shown now, or after the note
        on screen; never remembered as seen)."""
        if not self.active:
            return
        self.waiting = [n for n in self.waiting if n.key != COACH]
        note = GuideNote(COACH, "Why this move", why)
        if self.shown is not None and self.shown.key == COACH:
            self.show(note)
            return
        self.waiting.insert(0, note)
        if self.sprite is None:
            self.next()

    def offer(self, notes: list[GuideNote]) -> None:
        """Queue the ``notes`` not read before, and show the first if none is showing."""
        if not self.active:
            return
        for note in notes:
            if not self.seen(note) and note not in self.waiting and note is not self.shown:
                self.waiting.append(note)
        if self.sprite is None:
            self.next()

    def next(self) -> None:
        """Show the next note waiting, if any."""
        if not self.waiting:
            return
        note = self.waiting.pop(0)
        if note.key != COACH:
            settings = self.table.ctx.settings
            settings.guide_seen = [*settings.guide_seen, f"{self.table.entry.id}:{note.key}"]
            self.table.ctx.save_settings()
        self.show(note)

    def show(self, note: GuideNote) -> None:
        """Show ``note`` beside what it speaks of, where it hides least."""
        table = self.table
        frame = table.frame
        self.hide()
        zone = table.picture.zones.get(note.zone.format(me=table.session.bottom)) if note.zone else None
        play = frame.play
        overlays = [sp.rect for sp in table.compositor.sprites if sp.layer > Layers.DRAG
                    and sp.visible and sp.layer < Layers.TOAST - 2]
        choice: tuple[int, pygame.Surface, float, float] | None = None
        # The usual width, or a narrow one where that would cover a panel (a face-off's).
        for width in (min(frame.px(460), round(play.w * 0.5)), frame.px(300)):
            image = self.image(note, width)
            if zone is not None:  # beside the zone, never over it nor what lies around it
                x, y = self.beside(zone.bounds(), image.get_size())
            else:
                x, y = self.free_spot(image.get_size())
            x = min(max(x, play.x), play.right - image.get_width())
            y = min(max(y, play.y), play.bottom - image.get_height())
            spot = pygame.Rect(round(x), round(y), *image.get_size())
            hidden = sum(area_of(spot.clip(r)) for r in overlays)
            if choice is None or hidden < choice[0]:
                choice = (hidden, image, x, y)
            if not hidden:
                break
        assert choice is not None
        _, image, x, y = choice
        self.sprite = Sprite(image, x, y, Layers.TOAST - 2)
        table.compositor.add(self.sprite)
        self.shown = note
        self.until = table.clock + (3600.0 if note.key == COACH else NOTE_SECONDS)

    def beside(self, area: pygame.Rect, size: tuple[int, int]) -> tuple[float, float]:
        """Where a note about ``area`` goes: beside it (above, below, left or right) or in
        the open — the place that hides nothing of the area itself and least of the rest
        (cards, labels, plates, messages), beside it on a tie."""
        play = self.table.frame.play
        gap = self.table.frame.px(10)
        w, h = size
        sides = [(area.centerx - w / 2, area.top - h - gap), (area.centerx - w / 2, area.bottom + gap),
                 (area.left - w - gap, area.centery - h / 2), (area.right + gap, area.centery - h / 2),
                 *self.open_spots(size)]
        covered = self.covered()
        best: tuple[int, float, float] | None = None
        for x, y in sides:
            x = min(max(x, play.x), play.right - w)
            y = min(max(y, play.y), play.bottom - h)
            spot = pygame.Rect(round(x), round(y), w, h)
            hidden = 20 * area_of(spot.clip(area)) + sum(area_of(spot.clip(r)) for r in covered)
            if best is None or hidden < best[0]:
                best = (hidden, x, y)
        assert best is not None
        return best[1], best[2]

    def covered(self) -> list[pygame.Rect]:
        """What a note should not hide: cards, plates, panels, labels, messages and the
        places lit for the viewer's move."""
        return [s.rect for s in self.table.compositor.sprites
                if Layers.PANEL <= s.layer <= Layers.TOAST and s is not self.sprite
                and s.visible]

    def free_spot(self, size: tuple[int, int]) -> tuple[float, float]:
        """Where a note of ``size`` covers least of what is on the table, trying the top
        of the play area first."""
        w, h = size
        covered = self.covered()
        best: tuple[int, float, float] | None = None
        for x, y in self.open_spots(size):
            spot = pygame.Rect(round(x), round(y), w, h)
            hidden = sum(area_of(spot.clip(rect)) for rect in covered)
            if best is None or hidden < best[0]:
                best = (hidden, x, y)
        assert best is not None
        return best[1], best[2]

    def open_spots(self, size: tuple[int, int]) -> list[tuple[float, float]]:
        """Places in the open play area a note of ``size`` may take."""
        play = self.table.frame.play
        margin = self.table.frame.px(16)
        w, h = size
        xs = (play.centerx - w / 2, play.x + margin, play.right - w - margin)
        ys = (play.top + margin, play.top + (play.h - h) / 3, play.centery - h / 2)
        return [(x, y) for y in ys for x in xs]

    def make_room(self) -> None:
        """A message or a panel came up: move the note if they overlap."""
        sprite, note = self.sprite, self.shown
        if sprite is None or note is None:
            return
        if any(s is not sprite and s.layer > Layers.DRAG and s.visible
               and sprite.rect.colliderect(s.rect)
               for s in self.table.compositor.sprites):
            until = self.until
            self.show(note)
            self.until = until

    def image(self, note: GuideNote, width: int) -> pygame.Surface:
        """The note's card, ``width`` pixels wide."""
        frame = self.table.frame
        text = self.table.ctx.text
        pad = frame.px(16)
        head = text.render(note.term, frame.font(21), theme.GOLD, bold=True,
                           max_width=width - 2 * pad)
        body = text.block(note.text, frame.font(17), theme.INK, width - 2 * pad, line_gap=1.25)
        foot = text.render("First game tip · a click sends it away", frame.font(13),
                           theme.INK_DIM, max_width=width - 2 * pad)
        h = pad + head.get_height() + frame.px(6) + body.get_height() + frame.px(8) \
            + foot.get_height() + pad
        image = copy_image(panel_surface((width, h), (20, 34, 52, 246), frame.px(16), theme.GOLD, 3))
        y = pad
        for part in (head, body, foot):
            image.blit(part, (pad, y))
            y += part.get_height() + frame.px(6 if part is head else 8)
        return image

    def update(self) -> None:
        """Each frame: a note leaves when its time is up."""
        if self.sprite is not None and self.table.clock >= self.until:
            self.dismiss()
        elif self.sprite is not None:
            self.make_room()  # a panel that came up since (a face-off's) takes its place

    def dismiss(self) -> bool:
        """Send the note away (the next waiting one follows); ``True`` if one was shown."""
        if self.sprite is None:
            return False
        self.hide()
        self.next()
        return True

    def hide(self) -> None:
        """Take the note off the table (it stays unread)."""
        if self.sprite is not None:
            self.table.compositor.remove(self.sprite)
            self.sprite = None
            self.shown = None

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the note showing."""
        return self.sprite is not None and self.sprite.rect.collidepoint(pos)


def area_of(rect: pygame.Rect) -> int:
    """The area of ``rect`` in square pixels."""
    return rect.w * rect.h
