"""The frame of every table: one scale for every element, and the places the kit
keeps for itself (the buttons, the information panel, the log).

Sizes are given in design units of a 1600×900 window; ``px`` turns them into
pixels at the window's size.  The right-hand column holds the menu and rules
buttons, the game's information panel and the log, so they never cover the play
area, which is everything to their left.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

__all__ = ["Frame", "DESIGN"]

#: The window size the design units are measured in.
DESIGN = (1600, 900)
#: Below this, pictures would be too small to read: the frame keeps this scale and
#: the game fits its zones into the room there is.
MIN_SCALE = 0.5


@dataclass
class Frame:
    size: tuple[int, int]
    scale: float = 1.0
    margin: int = 0
    side: pygame.Rect = field(default_factory=pygame.Rect)
    play: pygame.Rect = field(default_factory=pygame.Rect)
    menu_button: pygame.Rect = field(default_factory=pygame.Rect)
    rules_button: pygame.Rect = field(default_factory=pygame.Rect)
    hint_button: pygame.Rect = field(default_factory=pygame.Rect)
    info: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)

    def __post_init__(self) -> None:
        w, h = self.size
        self.scale = max(MIN_SCALE, min(w / DESIGN[0], h / DESIGN[1]))
        px = self.px
        self.margin = m = px(14)
        side_w = min(px(330), round(w * 0.27))
        self.side = pygame.Rect(w - side_w - m, m, side_w, h - 2 * m)
        self.play = pygame.Rect(m, m, self.side.x - 2 * m, h - 2 * m)
        button = px(46)
        third = (self.side.w - px(16)) // 3
        self.menu_button = pygame.Rect(self.side.x, self.side.y, third, button)
        self.hint_button = pygame.Rect(self.side.x + third + px(8), self.side.y, third, button)
        self.rules_button = pygame.Rect(self.side.right - third, self.side.y, third, button)
        self.info = pygame.Rect(self.side.x, self.menu_button.bottom + px(10), self.side.w,
                                round((h - 2 * m) * 0.34))
        self.log = pygame.Rect(self.side.x, self.info.bottom + px(10), self.side.w,
                               self.side.bottom - self.info.bottom - px(10))

    def px(self, value: float) -> int:
        """Design units to pixels."""
        return round(value * self.scale)

    def font(self, value: float) -> int:
        """A type size in pixels (never below what can be read)."""
        return max(11, round(value * self.scale))

    def card(self, design: tuple[float, float]) -> tuple[int, int]:
        """A card's size in pixels for its design size (in the 1600×900 window's units)."""
        return self.px(design[0]), self.px(design[1])
