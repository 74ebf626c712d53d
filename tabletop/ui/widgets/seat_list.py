"""Who sits where at a table on the network, one row a seat: a dot (green when the
seat is ready), its number, the player's name and what they are.  The host's lobby
and a joiner's wait show the same list."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from tabletop.ui import theme
from tabletop.ui.text import Text

__all__ = ["ROW", "draw_seats", "seat_line"]

#: A row's height, in layout units (scaled by the caller's ``px``).
ROW = 52


def seat_line(seat: Mapping[str, Any], me: bool = False) -> tuple[str, str, bool]:
    """A lobby's seat as its row says it: the name, what it is, and whether it is
    ready.  ``seat`` is as the host's lobby tells it (``name``, ``kind``, ``level``,
    ``here``, and ``taken`` when someone has the seat)."""
    kind = seat.get("kind")
    name = str(seat.get("name") or "")
    if me:
        return name, "You", True
    if kind == "bot":
        level = str(seat.get("level") or "").title()
        return name, f"{level or 'A'} bot", True
    if kind == "stand-in":
        level = str(seat.get("level") or "")
        return name, f"Away: a {level}{' ' if level else ''}bot plays for them", True
    if kind == "host":
        return name, "At the host's screen", True
    if seat.get("here"):
        return name, "Here", True
    if seat.get("taken"):
        return name, "Away: waiting for them to come back", False
    return "Open seat", "Waiting for someone to join", False


def draw_seats(surface: pygame.Surface, text: Text, px: Callable[[float], int],
               at: tuple[int, int], rows: Sequence[tuple[str, str, bool]]) -> int:
    """Draw ``rows`` (from :func:`seat_line`, seat 1 first) from ``at``; returns the
    y below the last."""
    x, y = at
    for number, (name, what, ok) in enumerate(rows, 1):
        middle = y + px(20)
        pygame.draw.circle(surface, theme.GOOD if ok else theme.INK_DIM, (x + px(10), middle),
                           px(9))
        words = text.render(f"Seat {number}", px(20), theme.INK_SOFT, bold=True)
        surface.blit(words, (x + px(34), middle - words.get_height() // 2))
        words = text.render(name, px(26), theme.INK if ok else theme.INK_SOFT, bold=True,
                            max_width=px(330))
        surface.blit(words, (x + px(150), middle - words.get_height() // 2))
        colour = theme.GOOD if what in ("Here", "You") else theme.INK_SOFT
        words = text.render(what, px(20), colour, max_width=px(380))
        surface.blit(words, (x + px(510), middle - words.get_height() // 2))
        y += px(ROW)
    return y
