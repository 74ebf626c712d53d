"""The Anniversary table's pictures besides its cards: an empty place of the Date,
the panel behind the most recent Date, the gem spot, and the chapter's gestures as
they ended, for the results screen.  Each is drawn at the size asked."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.games.anniversary.gestures import Status
from tabletop.games.anniversary.table.art import AnniversaryArt
from tabletop.ui import theme
from tabletop.ui.assets import Assets
from tabletop.ui.table.frame import Frame
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image, panel_surface

__all__ = ["date_place", "gem_spot", "gestures_sheet", "last_date_panel"]


def date_place(frame: Frame, size: tuple[int, int]) -> pygame.Surface:
    """Where a card of the Date will lie."""
    return panel_surface(size, (255, 255, 255, 22), frame.px(11), (255, 255, 255, 70), 2)


def last_date_panel(text: Text, frame: Frame, size: tuple[int, int],
                    caption: str) -> pygame.Surface:
    """The panel the most recent Date's cards lie on, its caption at the top."""
    panel = copy_image(panel_surface(size, theme.PANEL, frame.px(14), theme.PANEL_EDGE, 2))
    title = text.render(caption, frame.font(16), theme.INK_SOFT, bold=True,
                        max_width=size[0] - frame.px(24))
    panel.blit(title, (frame.px(12), frame.px(10)))
    return panel


def gem_spot(assets: Assets, text: Text, frame: Frame, size: tuple[int, int], left: int,
             words: bool = True) -> pygame.Surface:
    """The place a card is dropped to be shown: a gem, and what it costs."""
    w, h = size
    spot = copy_image(panel_surface((w, h), (255, 190, 220, 40), frame.px(16), (255, 190, 220), 2))
    gem = assets.svg("anniversary/gem.svg", (frame.px(44),) * 2)
    spot.blit(gem, gem.get_rect(center=(w // 2, frame.px(36))))
    if not words:
        return spot
    cards = "card" if left == 1 else "cards"
    block = text.block(f"Drop a card here to share it ({left} HC {cards} left)",
                       frame.font(15), theme.INK, w - frame.px(20), align="center")
    spot.blit(block, block.get_rect(midtop=(w // 2, frame.px(66))))
    return spot


def gestures_sheet(art: AnniversaryArt, text: Text, frame: Frame,
                   cards: Sequence[tuple[int, Status, str]],
                   size: tuple[int, int]) -> pygame.Surface | None:
    """The gestures (gesture, how it ended, whose) side by side, each with its stamp and
    its owner's name below, as large as ``size`` allows (``None``: too small to read)."""
    if not cards:
        return None
    gap = frame.px(20)
    caption = frame.px(30)
    h = min(size[1] - caption, frame.px(220))
    w = round(h * 150 / 210)
    if len(cards) * (w + gap) - gap > size[0]:
        w = (size[0] + gap) // len(cards) - gap
        h = round(w * 210 / 150)
    if h < frame.px(60):
        return None
    picture = pygame.Surface((len(cards) * (w + gap) - gap, h + caption), pygame.SRCALPHA)
    for n, (gid, mark, owner) in enumerate(cards):
        x = n * (w + gap)
        picture.blit(art.gesture(gid, (w, h), mark), (x, 0))
        label = text.render(owner, frame.font(18), theme.INK_SOFT, bold=True, max_width=w + gap)
        picture.blit(label, label.get_rect(midtop=(x + w // 2, h + frame.px(6))))
    return picture
