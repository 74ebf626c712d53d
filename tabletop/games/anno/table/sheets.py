"""The rulebook's score sheets: one round's, shown over the table as the round ends,
and the whole game's, round by round, on the results screen."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.games.anno.events import RoundEnded
from tabletop.ui import theme
from tabletop.ui.table.frame import Frame
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image, panel_surface
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS

__all__ = ["full_score_sheet", "score_sheet"]


def score_sheet(text: Text, frame: Frame, names: Sequence[str], event: RoundEnded) -> pygame.Surface:
    """The rulebook's score sheet for one round: +, −, the round and the running total."""
    rows = range(len(names))
    w = min(frame.px(660), frame.play.w - frame.px(40))
    h = frame.px(124 + 44 * len(names))
    image = copy_image(panel_surface((w, h), theme.PANEL_SOLID + (248,), frame.px(18), theme.GOLD, 3))
    why = "cleared a hand" if event.cleared_by >= 0 else "the deck ran out"
    title = text.render(f"Round {event.number} is over: {why}", frame.font(26), theme.INK,
                        display=True, bold=True, max_width=w - frame.px(30))
    image.blit(title, title.get_rect(midtop=(w // 2, frame.px(16))))
    y = frame.px(28) + title.get_height()
    columns = (("Player", 0.06), ("Board", 0.50), ("Hand", 0.64), ("Round", 0.78), ("Total", 0.92))
    for label, fx in columns:
        img = text.render(label, frame.font(15), theme.INK_DIM, bold=True)
        image.blit(img, (round(w * fx) - (img.get_width() // 2 if fx > 0.1 else 0), y))
    y += frame.px(26)
    for seat in rows:
        color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        points = event.plus[seat] - event.minus[seat]
        cells = ((names[seat], 0.06, color), (f"+{event.plus[seat]}", 0.50, theme.GOLD),
                 (f"−{event.minus[seat]}", 0.64, theme.CORAL),
                 (f"{points:+d}", 0.78, theme.INK), (str(event.totals[seat]), 0.92, theme.INK))
        for value, fx, ink in cells:
            img = text.render(value, frame.font(20), ink, bold=True, max_width=round(w * 0.4))
            image.blit(img, (round(w * fx) - (img.get_width() // 2 if fx > 0.1 else 0), y))
        y += frame.px(44)
    return image


def full_score_sheet(text: Text, size: tuple[int, int], names: Sequence[str],
                     plus: Sequence[Sequence[int]], minus: Sequence[Sequence[int]],
                     scale: float) -> pygame.Surface:
    """Every round's line: per player "+board −hand = round" and the running total."""
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    rows = len(plus)
    head = max(22, round(34 * scale))
    row_h = max(16, min(round(52 * scale), (h - head) // max(1, rows)))
    big = max(11, min(round(20 * scale), round(row_h * 0.5)))
    small = max(11, round(big * 0.72))
    first = max(40, round(w * 0.1))
    col_w = (w - first) / max(1, len(names))
    for seat, name in enumerate(names):
        color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        label = text.render(name, big, color, bold=True, max_width=round(col_w - 8))
        image.blit(label, label.get_rect(midtop=(round(first + col_w * (seat + 0.5)), 0)))
    running = [0] * len(names)
    for r in range(rows):
        y = head + r * row_h
        if r % 2 == 0:
            pygame.draw.rect(image, (255, 255, 255, 14), (0, y, w, row_h))
        number = text.render(str(r + 1), small, theme.INK_DIM, bold=True)
        image.blit(number, number.get_rect(midleft=(6, y + row_h // 2)))
        for seat in range(len(names)):
            points = plus[r][seat] - minus[r][seat]
            running[seat] += points
            cx = round(first + col_w * (seat + 0.5))
            sums = text.render(f"{plus[r][seat]} − {minus[r][seat]} = {points}", small,
                               theme.INK_SOFT, max_width=round(col_w * 0.62))
            total = text.render(str(running[seat]), big, theme.INK, bold=True)
            image.blit(sums, sums.get_rect(midright=(cx + round(col_w * 0.2), y + row_h // 2)))
            image.blit(total, total.get_rect(midleft=(cx + round(col_w * 0.27), y + row_h // 2)))
    return image
