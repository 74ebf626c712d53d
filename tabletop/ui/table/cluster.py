"""A seat's corner of the table, for the seats that are not at the bottom: its hidden
hand and a pile side by side above its name plate, and a strip below the plate for
tokens.  Every game with players around the table uses the same corner."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.ui.table.frame import Frame
from tabletop.ui.table.zones import Hidden, Pile

__all__ = ["SeatCluster", "seat_cluster"]

#: A name plate's glow reaches this many pixels beyond it.
GLOW = 6


@dataclass
class SeatCluster:
    seat: int
    plate: pygame.Rect
    hand: Hidden
    pile: Pile | None
    tray: pygame.Rect
    box: pygame.Rect


def seat_cluster(frame: Frame, seat: int, center: tuple[float, float], *,
                 card: tuple[float, float], plate: tuple[float, float],
                 tray: float = 0.0, pile: str | None = "pile",
                 keep_clear: pygame.Rect | None = None) -> SeatCluster:
    """The corner for ``seat`` around ``center`` (sizes in design units), inside the play
    area and, if given, clear of ``keep_clear`` (moved above or below it)."""
    px = frame.px
    small = frame.card(card)
    pw, ph = px(plate[0]), px(plate[1])
    top_h = small[1] + px(22)
    tray_h = px(tray)
    box = pygame.Rect(0, 0, pw, top_h + ph + (tray_h + px(4) + GLOW if tray_h else 0))
    box.center = (round(center[0]), round(center[1]))
    box.clamp_ip(frame.play)
    if keep_clear is not None and box.colliderect(keep_clear.inflate(px(16), px(16))):
        if box.centery < keep_clear.centery:
            box.bottom = keep_clear.top - px(8)
        else:
            box.top = keep_clear.bottom + px(8)
        box.clamp_ip(frame.play)
    plate_rect = pygame.Rect(box.x, box.y + top_h, pw, ph)
    fan_w = round(small[0] * 2.6)
    hand = Hidden(f"hidden{seat}", small, (box.x + fan_w / 2, box.y + small[1] / 2 + px(4)))
    heap = None if pile is None else Pile(
        f"pile{seat}", small, (box.right - small[0] / 2 - px(8), box.y + small[1] / 2 + px(2)),
        label=pile)
    strip = pygame.Rect(plate_rect.x, plate_rect.bottom + GLOW + px(2), pw, tray_h)
    return SeatCluster(seat, plate_rect, hand, heap, strip, box)
