"""Where everything sits on the Enemy Anemone table, for a window size and a seating.

The seat at the bottom is the viewer (or seat 0 for a spectator); the others sit
on an arc from left, over the top, to the right.  Each other seat has a cluster:
its face-down hand above a name plate, its score pile beside it and its anemones
below.  The trick lies in a row in the middle, in play order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from tabletop.ui.widgets.card_row import CardRow
from tabletop.ui.widgets.hand_fan import HandFan

__all__ = ["SeaLayout", "SeatSpot"]

#: Angles (degrees, 0 = right, 90 = top) of the other seats, by how many there are.
OTHER_ANGLES = {
    1: (90.0,),
    2: (150.0, 30.0),
    3: (174.0, 90.0, 6.0),
    4: (174.0, 118.0, 62.0, 6.0),
    5: (175.0, 134.0, 90.0, 46.0, 5.0),
}


@dataclass
class SeatSpot:
    """Where one seat's pieces go."""

    seat: int
    panel: pygame.Rect
    fan_center: tuple[float, float]
    pile_center: tuple[float, float]
    tokens_rect: pygame.Rect
    is_bottom: bool = False


@dataclass
class SeaLayout:
    size: tuple[int, int]
    players: int
    bottom: int
    has_viewer: bool
    turns_per_trick: int
    scale: float = 1.0
    card: tuple[int, int] = (0, 0)
    small: tuple[int, int] = (0, 0)
    token: int = 0
    small_token: int = 0
    spots: dict[int, SeatSpot] = field(default_factory=dict)
    fan: HandFan | None = None
    trick: CardRow | None = None
    supply_center: tuple[float, float] = (0, 0)
    deck_center: tuple[float, float] = (0, 0)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    info: pygame.Rect = field(default_factory=pygame.Rect)
    prompt_center: tuple[float, float] = (0, 0)
    menu_button: pygame.Rect = field(default_factory=pygame.Rect)
    rules_button: pygame.Rect = field(default_factory=pygame.Rect)
    summary: pygame.Rect = field(default_factory=pygame.Rect)

    def __post_init__(self) -> None:
        w, h = self.size
        s = self.scale = max(0.4, min(h / 1080, w / 1760))
        ch = round(176 * s)
        self.card = (round(ch * 5 / 7), ch)
        sh = round(70 * s)
        self.small = (round(sh * 5 / 7), sh)
        self.token = round(44 * s)
        self.small_token = round(28 * s)
        cx = w / 2
        table_cy = h * 0.44
        # The trick row in the middle.
        self.trick = CardRow(cx, table_cy, self.card[0], self.card[1], self.turns_per_trick,
                             round(18 * s))
        below = table_cy + self.card[1] / 2 + round(92 * s)
        self.supply_center = (cx + max(self.trick.width / 2, self.card[0] * 1.6), below)
        self.deck_center = (cx - max(self.trick.width / 2, self.card[0] * 1.6), below)
        # The bottom seat: the viewer's hand fan and own cluster, or a plain cluster.
        hand_cy = h - self.card[1] * 0.5 - round(44 * s)
        self.fan = HandFan(cx, hand_cy, self.card[0], self.card[1],
                           max_width=min(w * 0.5, round(980 * s)))
        self.prompt_center = (cx, hand_cy - self.card[1] * 0.5 - round(64 * s))
        self.log = pygame.Rect(0, 0, round(400 * s), round(196 * s))
        self.log.bottomright = (w - round(24 * s), h - round(20 * s))
        self.info = pygame.Rect(round(24 * s), round(20 * s), round(470 * s), round(92 * s))
        button = round(54 * s)
        self.menu_button = pygame.Rect(w - round(24 * s) - button, round(20 * s), button, button)
        self.rules_button = self.menu_button.move(-button - round(12 * s), 0)
        self.summary = pygame.Rect(0, 0, round(760 * s), round(120 * s + 56 * s * self.players))
        self.summary.center = (round(cx), round(h * 0.45))
        self.spots[self.bottom] = self._bottom_spot()
        others = [(self.bottom + i) % self.players for i in range(1, self.players)]
        angles = OTHER_ANGLES[len(others)] if others else ()
        rx, ry = w * 0.41, h * 0.335
        for seat, angle in zip(others, angles):
            x = cx + rx * math.cos(math.radians(angle))
            y = table_cy + round(20 * s) - ry * math.sin(math.radians(angle))
            self.spots[seat] = self._cluster(seat, x, y)

    def _panel_size(self) -> tuple[int, int]:
        return round(250 * self.scale), round(112 * self.scale)

    def _cluster(self, seat: int, x: float, y: float, bottom: bool = False) -> SeatSpot:
        """A seat's cluster centred on (x, y): hand above, panel, anemones below, pile beside."""
        s = self.scale
        pw, ph = self._panel_size()
        w, h = self.size
        fan_h = self.small[1] + round(8 * s)
        total_h = fan_h + ph + self.small_token + round(10 * s)
        top = min(max(round(8 * s), y - total_h / 2), h - total_h - round(8 * s))
        left = min(max(round(16 * s), x - pw / 2), w - pw - self.small[0] - round(40 * s))
        panel = pygame.Rect(round(left), round(top + fan_h), pw, ph)
        fan_center = (panel.centerx, top + self.small[1] / 2)
        pile_center = (panel.right + round(14 * s) + self.small[0] / 2, panel.centery)
        if panel.centerx > w * 0.6:  # right-hand seats keep their pile on the inner side
            pile_center = (panel.x - round(14 * s) - self.small[0] / 2, panel.centery)
        tokens = pygame.Rect(panel.x, panel.bottom + round(4 * s), pw, self.small_token)
        return SeatSpot(seat, panel, fan_center, pile_center, tokens, bottom)

    def _bottom_spot(self) -> SeatSpot:
        s = self.scale
        w, h = self.size
        if not self.has_viewer:
            return self._cluster(self.bottom, w / 2, h - round(150 * s), bottom=True)
        pw, ph = round(300 * s), round(128 * s)
        panel = pygame.Rect(round(24 * s), h - ph - round(78 * s), pw, ph)
        pile_center = (panel.right + round(20 * s) + self.card[0] * 0.35, panel.centery)
        tokens = pygame.Rect(panel.x, panel.bottom + round(8 * s), round(430 * s), self.token)
        fan_center = (self.fan.center_x, self.fan.center_y) if self.fan else (w / 2, h)
        return SeatSpot(self.bottom, panel, fan_center, pile_center, tokens, True)

    # -- queries ------------------------------------------------------------------
    def pile_size(self, seat: int) -> tuple[int, int]:
        if seat == self.bottom and self.has_viewer:
            return round(self.card[0] * 0.7), round(self.card[1] * 0.7)
        return self.small

    def token_size(self, seat: int) -> int:
        return self.token if seat == self.bottom and self.has_viewer else self.small_token

    def token_positions(self, seat: int, count: int) -> list[tuple[float, float]]:
        """Centres of a seat's tokens, left to right (they overlap when many)."""
        rect = self.spots[seat].tokens_rect
        size = self.token_size(seat)
        step = min(size * 1.08, (rect.w - size) / max(1, count - 1)) if count > 1 else 0
        return [(rect.x + size / 2 + i * step, rect.centery) for i in range(count)]

    def trick_rect(self) -> pygame.Rect:
        assert self.trick is not None
        return self.trick.rect(round(16 * self.scale))

    def pile_rect(self, seat: int) -> pygame.Rect:
        w, h = self.pile_size(seat)
        rect = pygame.Rect(0, 0, w + round(20 * self.scale), h + round(20 * self.scale))
        rect.center = (round(self.spots[seat].pile_center[0]), round(self.spots[seat].pile_center[1]))
        return rect
