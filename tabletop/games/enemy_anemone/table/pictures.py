"""The pictures the Enemy Anemone table draws beside its cards: anemone trays and the
supply, the outlines of the turns still to come in a trick, the captions under the
trick's cards, the verdict's glow and the hand's summary.

Each is a plain function of what it shows and the frame's scale, so the spec's decor
can keep it until what it shows changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.games.enemy_anemone.table.art import EnemyAnemoneArt
from tabletop.ui import theme
from tabletop.ui.table.frame import Frame
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image, panel_surface
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS

__all__ = ["caption_image", "glow_image", "pending_image", "summary_image", "supply_image",
           "tag_image", "tray_image"]


def seat_color(seat: int) -> theme.Color:
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def stacked(lines: Sequence[pygame.Surface]) -> pygame.Surface:
    """Lines of text one under the other, each centred."""
    image = pygame.Surface((max(i.get_width() for i in lines), sum(i.get_height() for i in lines)),
                           pygame.SRCALPHA)
    y = 0
    for line in lines:
        image.blit(line, ((image.get_width() - line.get_width()) // 2, y))
        y += line.get_height()
    return image


def tray_image(art: EnemyAnemoneArt, held: tuple[int, int],
               size: tuple[int, int]) -> pygame.Surface:
    """Someone's anemones in a row (+2s first), overlapping when the row is full."""
    ones, twos = held
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    sides = [2] * twos + [1] * ones
    step = min(h * 1.08, (w - h) / (len(sides) - 1)) if len(sides) > 1 else 0
    for i, side in enumerate(sides):
        image.blit(art.token(side, h), (round(i * step), 0))
    return image


def supply_image(art: EnemyAnemoneArt, text: Text, frame: Frame, count: int,
                 token: int) -> pygame.Surface:
    """The anemones nobody holds yet: a little stack with its count under it."""
    size = frame.px(token)
    label = text.render(f"Supply: {count}", frame.font(15), theme.INK_SOFT)
    image = pygame.Surface((max(size + 12, label.get_width()), size + 12 + label.get_height()),
                           pygame.SRCALPHA)
    for i in range(min(count, 4)):
        image.blit(art.token(1, size), (i * 3, (3 - i) * 3))
    image.blit(label, label.get_rect(midbottom=(image.get_width() // 2, image.get_height())))
    return image


def pending_image(text: Text, frame: Frame, name: str, seat: int, next_up: bool,
                  size: tuple[int, int]) -> pygame.Surface:
    """The outline of a turn still to come in the trick, named; lit for the next one."""
    w, h = size
    color = seat_color(seat)
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = frame.px(11)
    edge = (*color, 200) if next_up else (255, 255, 255, 60)
    pygame.draw.rect(image, (255, 255, 255, 18 if next_up else 10), image.get_rect(),
                     border_radius=radius)
    pygame.draw.rect(image, edge, image.get_rect(), 3 if next_up else 2, border_radius=radius)
    label = text.block(name, frame.font(16), (*color, 255) if next_up else theme.INK_DIM,
                       w - frame.px(10), bold=next_up, align="center")
    image.blit(label, label.get_rect(center=(w // 2, h // 2 - frame.px(9))))
    note = text.render("to play" if next_up else "later", frame.font(13),
                       theme.INK_SOFT if next_up else theme.INK_DIM)
    image.blit(note, note.get_rect(midtop=(w // 2, h // 2 + frame.px(8))))
    return image


def caption_image(text: Text, frame: Frame, name: str, seat: int, bonus: int,
                  width: int) -> pygame.Surface:
    """Under a card in the trick: who played it, and what anemones add."""
    lines = [text.render(name, frame.font(16), seat_color(seat), bold=True, shadow=(0, 0, 0),
                         max_width=width)]
    if bonus:
        lines.append(text.render(f"+{bonus} in anemones", frame.font(15), theme.GOLD, bold=True,
                                 shadow=(0, 0, 0)))
    return stacked(lines)


def tag_image(text: Text, frame: Frame, color: theme.Color, words: Sequence[str],
              room: int) -> pygame.Surface:
    """A coloured tag: its words on one line, or one part a line when that is wider
    than ``room``."""
    pad_x, pad_y = frame.px(7), frame.px(2)
    lines = [text.render(" ".join(words), frame.font(15), theme.INK_DARK, bold=True)]
    if lines[0].get_width() + 2 * pad_x > room:
        lines = [text.render(part, frame.font(15), theme.INK_DARK, bold=True) for part in words]
    label = stacked(lines)
    image = copy_image(panel_surface((label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y),
                                     (*color[:3], 255), frame.px(9)))
    image.blit(label, (pad_x, pad_y))
    return image


def glow_image(text: Text, frame: Frame, card: tuple[int, int],
               tags: Sequence[tuple[theme.Color, Sequence[str]]],
               room: int) -> tuple[pygame.Surface, int]:
    """A ring round a card in the first tag's colour, with the tags above it (never over
    the name below it, nor wider than ``room``), and how far under the picture's top
    the card's top lies."""
    w, h = card
    pad, low, gap = frame.px(6), frame.px(2), frame.px(3)  # ``low``: under the card
    pills = [tag_image(text, frame, color, words, room) for color, words in tags]
    top = sum(pill.get_height() + gap for pill in pills) + frame.px(1)
    width = max(w + 2 * pad, *(pill.get_width() for pill in pills))
    image = pygame.Surface((width, h + pad + low + top), pygame.SRCALPHA)
    color = tags[0][0]
    ring = panel_surface((w + 2 * pad, h + pad + low), (*color[:3], 90), frame.px(12), color, 4)
    image.blit(ring, ((width - ring.get_width()) // 2, top))
    y = 0
    for pill in pills:
        image.blit(pill, pill.get_rect(midtop=(width // 2, y)))
        y += pill.get_height() + gap
    return image, top + pad


def summary_image(text: Text, frame: Frame, number: int, names: Sequence[str],
                  points: Sequence[int], totals: Sequence[int]) -> pygame.Surface:
    """The hand's points and totals, best first, on a gold-edged panel."""
    rows = sorted(range(len(points)), key=lambda s: (-points[s], s))
    w = min(frame.px(640), frame.play.w - frame.px(40))
    h = frame.px(110 + 46 * len(rows))
    image = copy_image(panel_surface((w, h), theme.PANEL_SOLID + (246,), frame.px(18), theme.GOLD, 3))
    title = text.render(f"Hand {number} is over", frame.font(30), theme.INK, display=True,
                        bold=True)
    image.blit(title, title.get_rect(midtop=(w // 2, frame.px(16))))

    def put(img: pygame.Surface, fx: float, y: int) -> None:
        """The first column starts at ``fx``; the others are centred on it."""
        image.blit(img, (round(w * fx) - (img.get_width() // 2 if fx > 0.1 else 0), y))

    y = frame.px(30) + title.get_height()
    for label, fx in (("Player", 0.08), ("This hand", 0.62), ("Total", 0.86)):
        put(text.render(label, frame.font(15), theme.INK_DIM, bold=True), fx, y)
    y += frame.px(26)
    for seat in rows:
        for value, fx, ink in ((names[seat], 0.08, seat_color(seat)),
                               (f"+{points[seat]}", 0.62, theme.GOLD),
                               (str(totals[seat]), 0.86, theme.INK)):
            put(text.render(value, frame.font(21), ink, bold=True, max_width=round(w * 0.5)),
                fx, y)
        y += frame.px(46)
    return image
