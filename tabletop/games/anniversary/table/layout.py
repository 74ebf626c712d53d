"""Where everything sits on the Anniversary table, for a window size.

The viewer sits at the bottom: their hand fanned along the bottom edge, their
gestures in a row above it, the share spot and the Ready button to the right.
The partner sits at the top: name plate, hidden hand and shown cards, and their
gestures beside them.  The Date lies in the middle between the draw pile and the
most recent Date; during the draft the gestures on offer take its place.  The
information panel and the log fill the column on the right.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.ui.widgets.card_row import CardRow
from tabletop.ui.widgets.hand_fan import HandFan

__all__ = ["LoveLayout"]

REF_W, REF_H = 1920, 1080


@dataclass
class LoveLayout:
    size: tuple[int, int]
    scale: float = 1.0
    card: tuple[int, int] = (0, 0)
    small: tuple[int, int] = (0, 0)
    mini: tuple[int, int] = (0, 0)
    gesture: tuple[int, int] = (0, 0)
    offer_card: tuple[int, int] = (0, 0)
    play_rect: pygame.Rect = field(default_factory=pygame.Rect)
    fan: HandFan | None = None
    date: CardRow | None = None
    pile_center: tuple[float, float] = (0, 0)
    last_rect: pygame.Rect = field(default_factory=pygame.Rect)
    partner_plate: pygame.Rect = field(default_factory=pygame.Rect)
    partner_fan_center: tuple[float, float] = (0, 0)
    partner_shown_x: float = 0
    partner_gestures: pygame.Rect = field(default_factory=pygame.Rect)
    my_gestures: pygame.Rect = field(default_factory=pygame.Rect)
    my_plate: pygame.Rect = field(default_factory=pygame.Rect)
    share_rect: pygame.Rect = field(default_factory=pygame.Rect)
    ready_rect: pygame.Rect = field(default_factory=pygame.Rect)
    offer_row: CardRow | None = None
    pass_rect: pygame.Rect = field(default_factory=pygame.Rect)
    info: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    menu_button: pygame.Rect = field(default_factory=pygame.Rect)
    rules_button: pygame.Rect = field(default_factory=pygame.Rect)
    prompt_center: tuple[float, float] = (0, 0)
    offer_prompt_center: tuple[float, float] = (0, 0)

    def __post_init__(self) -> None:
        w, h = self.size
        s = self.scale = max(0.4, min(h / REF_H, w / REF_W))

        def px(v: float) -> int:
            return round(v * s)

        self.card = (px(124), px(174))
        self.small = (px(70), px(98))
        self.mini = (px(40), px(56))
        self.gesture = (px(150), px(210))
        self.offer_card = (px(180), px(252))
        side = px(400)
        self.play_rect = pygame.Rect(px(20), px(16), w - side - px(40), h - px(32))
        cx = self.play_rect.centerx
        # The right column: information, then the log.
        self.info = pygame.Rect(w - side, px(84), side - px(20), px(300))
        self.log = pygame.Rect(w - side, self.info.bottom + px(14), side - px(20),
                               h - self.info.bottom - px(34))
        self.menu_button = pygame.Rect(w - side, px(18), px(160), px(52))
        self.rules_button = pygame.Rect(w - side + px(176), px(18), px(160), px(52))
        # The partner at the top.
        self.partner_plate = pygame.Rect(self.play_rect.x, px(22), px(280), px(128))
        self.partner_fan_center = (self.partner_plate.right + px(110), px(86))
        self.partner_shown_x = self.partner_plate.right + px(20)
        self.partner_gestures = pygame.Rect(self.play_rect.x + px(700), px(22),
                                            self.play_rect.right - self.play_rect.x - px(700),
                                            self.gesture[1] + px(40))
        # The Date in the middle.
        mid_y = px(440)
        self.date = CardRow(cx, mid_y, self.card[0], self.card[1], 4, px(22))
        left = self.date.rect().left
        self.pile_center = (left - px(150), mid_y)
        right = self.date.rect().right
        self.last_rect = pygame.Rect(right + px(50), mid_y - px(110), px(330), px(220))
        self.offer_row = CardRow(cx, mid_y, self.offer_card[0], self.offer_card[1], 5, px(24))
        self.pass_rect = pygame.Rect(0, 0, px(280), px(58))
        self.pass_rect.midleft = (round(cx + self.offer_card[0] / 2 + px(40)), mid_y)
        self.prompt_center = (cx, mid_y - self.card[1] / 2 - px(42))
        self.offer_prompt_center = (cx, mid_y - self.offer_card[1] / 2 - px(30))
        # The viewer at the bottom.
        fan_y = h - px(112)
        self.fan = HandFan(cx, fan_y, self.card[0], self.card[1], max_width=px(860))
        gy = px(596)
        self.my_plate = pygame.Rect(self.play_rect.x, h - px(150), px(280), px(128))
        self.my_gestures = pygame.Rect(self.play_rect.x, gy, px(900), self.gesture[1])
        self.share_rect = pygame.Rect(0, 0, px(250), px(176))
        self.share_rect.topright = (self.play_rect.right, gy)
        self.ready_rect = pygame.Rect(0, 0, px(250), px(60))
        self.ready_rect.midtop = (self.share_rect.centerx, self.share_rect.bottom + px(16))

    def gesture_slot(self, area: pygame.Rect, index: int, count: int) -> pygame.Rect:
        """The rect of the ``index``-th gesture card in a row area."""
        gap = round(14 * self.scale)
        step = min(self.gesture[0] + gap, (area.w - self.gesture[0]) / max(1, count - 1))
        rect = pygame.Rect(0, 0, *self.gesture)
        rect.topleft = (round(area.x + index * step), area.bottom - self.gesture[1])
        return rect

    def partner_shown(self, index: int) -> tuple[float, float]:
        gap = round(8 * self.scale)
        return (self.partner_shown_x + self.small[0] / 2 + index * (self.small[0] + gap),
                self.partner_plate.bottom + round(16 * self.scale) + self.small[1] / 2)

    def last_card(self, index: int) -> tuple[float, float]:
        gap = round(8 * self.scale)
        x0 = self.last_rect.x + round(16 * self.scale) + self.small[0] / 2
        return (x0 + index * (self.small[0] + gap), self.last_rect.y + round(130 * self.scale))
