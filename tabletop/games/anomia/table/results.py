"""The Anomia results picture: how the round went — each player's face-offs won and
lost and quickest right answer, the round's figures and the answers that won."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tabletop.games.anomia.presenter import RoundAccount
from tabletop.ui import theme
from tabletop.ui.text import Text
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS

__all__ = ["round_picture"]


def round_picture(size: tuple[int, int], account: RoundAccount, won: Sequence[int],
                  names: Sequence[str], text: Text, px: Callable[[float], int]) -> pygame.Surface:
    """The picture for a round told by ``account`` that left each seat ``won[seat]``
    cards."""
    players = len(names)
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    head = text.render("How the round went", px(26), theme.INK, bold=True, display=True)
    image.blit(head, (0, 0))
    y = head.get_height() + px(16)
    for heading, fx in (("Face-offs", 0.34), ("Quickest right answer", 0.62)):
        img = text.render(heading, px(17), theme.INK_DIM, bold=True)
        image.blit(img, (round(w * fx), y))
    y += px(30)
    for seat in sorted(range(players), key=lambda s: (-won[s], s)):
        mine = account.seats[seat]
        color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        cells = [(names[seat], 0.0, color, round(w * 0.32)),
                 (f"{mine.faceoffs_won} won, {mine.faceoffs_lost} lost", 0.34, theme.INK,
                  round(w * 0.26)),
                 (f"{mine.fastest[0] / 1000:.1f} s “{mine.fastest[1]}”" if mine.fastest
                  else "—", 0.62, theme.INK_SOFT, round(w * 0.38))]
        for words, fx, ink, room in cells:
            img = text.render(words, px(19), ink, bold=fx == 0.0, max_width=room)
            image.blit(img, (round(w * fx), y))
        y += px(34)
    y += px(14)
    cascade = (f"; the longest cascade had {account.longest_cascade} face-offs in a row"
               if account.longest_cascade > 1 else "")
    ties = (f", {account.tiebreaks} tie-breaker{'s' if account.tiebreaks != 1 else ''}"
            if account.tiebreaks else "")
    summary = text.block(f"{account.faceoffs} face-offs{ties}{cascade}.", px(19),
                         theme.INK_SOFT, w)
    image.blit(summary, (0, y))
    y += summary.get_height() + px(18)
    if account.winning_answers and y + px(60) < h:
        title = text.render("Answers that won", px(17), theme.INK_DIM, bold=True)
        image.blit(title, (0, y))
        y += title.get_height() + px(6)
        flow(image, account.winning_answers[::-1], y, text, px(18))  # the latest first
    return image


def flow(image: pygame.Surface, words: Sequence[str], y: int, text: Text, size: int) -> None:
    """``words`` left to right from ``y``, a dot between two on a line, none split
    across lines: as many as fit."""
    w, h = image.get_size()
    dot = text.render("  ·  ", size, theme.HIGHLIGHT)
    line = text.font(size).get_linesize()
    x = 0
    for word in words:
        picture = text.render(word, size, theme.HIGHLIGHT, max_width=w)
        if x and x + dot.get_width() + picture.get_width() > w:
            x, y = 0, y + round(line * 1.3)  # the next line
        if y + line > h:
            return
        if x:
            image.blit(dot, (x, y))
            x += dot.get_width()
        image.blit(picture, (x, y))
        x += picture.get_width()
