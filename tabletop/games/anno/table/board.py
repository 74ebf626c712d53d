"""A board as the table shows it: its month columns (the match under way included),
the pips above each column that tell which of its four places are filled, and the
share of the board a column takes drops on."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.games.anno.cards import AnnoCard, Kind
from tabletop.games.anno.observation import AnnoObservation
from tabletop.ui import theme
from tabletop.ui.table.zones import Grid

__all__ = ["Column", "board_columns", "column_area", "pips_image", "slot_state"]

#: A month column: the month, its cards, and whether its last cards are staged.
Column = tuple[AnnoCard, tuple[AnnoCard, ...], bool]

#: The colours of the four places of a month (the frames of their cards).
PLACE_COLOURS = ((176, 178, 186), (64, 148, 96), (128, 186, 232), (122, 112, 214))


def board_columns(obs: AnnoObservation, seat: int) -> list[Column]:
    """``seat``'s month columns in order: (month, cards, staged?) — the declared month
    last if it is new, its staged cards at the end of its column."""
    columns: list[Column] = [(m, cards, False) for m, cards in obs.boards[seat]]
    if obs.current_player == seat and obs.declared is not None:
        if obs.declared_new:
            columns.append((obs.declared, obs.staged, True))
        else:
            columns = [(m, cards + obs.staged if m == obs.declared else cards, m == obs.declared)
                       for m, cards, _ in columns]
    return columns


def column_area(grid: Grid, column: int) -> tuple[int, int, int, int]:
    """A month column's share of the board: as wide as the step to the next column,
    as tall as the board."""
    x, _ = grid.column_center(column)
    step = grid.column_center(1)[0] - grid.column_center(0)[0]
    rect = grid.rect
    return (round(x - step / 2), rect.y, round(step), rect.h)


def slot_state(month: AnnoCard, cards: Sequence[AnnoCard]) -> tuple[int, ...]:
    """Per place (Quarter, Days, Season, Zodiac): 0 open, 1 filled, 2 filled with its
    secondary (a Weather card on the Season, both zodiacs and a Cusp); February's Days
    and a cusped Zodiac with one zodiac count as 1 until both are in."""
    kinds = [c.kind for c in cards]
    quarter = 1 if Kind.QUARTER in kinds else 0
    days = min(kinds.count(Kind.DAYS), 1)
    season = (2 if Kind.WEATHER in kinds else 1) if Kind.SEASON in kinds else 0
    zodiacs = kinds.count(Kind.ZODIAC)
    zodiac = 2 if zodiacs == 2 else min(zodiacs, 1)
    return (quarter, days, season, zodiac)


def pips_image(filled: tuple[int, ...], size: tuple[int, int]) -> pygame.Surface:
    """Four pips, one per place: solid when filled (a gold ring: with its secondary),
    a ring when open."""
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    r = max(2, h // 2 - 1)
    step = w / len(filled)
    for i, (state, colour) in enumerate(zip(filled, PLACE_COLOURS)):
        center = (round(step * (i + 0.5)), h // 2)
        if state:
            pygame.draw.circle(image, colour, center, r)
            if state == 2:
                pygame.draw.circle(image, theme.GOLD, center, r, max(1, r // 3))
        else:
            pygame.draw.circle(image, (*colour, 200), center, r, max(1, r // 3))
    return image
