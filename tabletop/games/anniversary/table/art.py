"""Anniversary's pictures: card faces and back, Sweet Gesture cards, gems and candies.

Faces are the shared cream card with the colour's emblem in the middle and the
rank in two corners; the two position cards have faces of their own.  A gesture
card is drawn from its frame, with the title and challenge set in the app's font
and its sweetness as candies.  Everything is rendered at the size asked and cached.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from tabletop.engine.cards import rank_of, suit_of
from tabletop.games.anniversary.actions import Gem
from tabletop.games.anniversary.cards import BOTTOM, POSITION, TOP
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.gestures import Status
from tabletop.ui import theme
from tabletop.ui.assets import Assets
from tabletop.ui.cards import CardSprite, ImageCache, draw_indices
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image

__all__ = ["COLOUR_INK", "EMBLEMS", "AnniversaryArt"]

EMBLEMS = ("butterfly", "lollipop", "strawberry", "skull")
#: Index colours for numerals on cream.
COLOUR_INK = ((18, 120, 118), (196, 48, 118), (184, 40, 34), (104, 62, 160))
GEM_TEXT = {Gem.TOP: "highest", Gem.MIDDLE: "only", Gem.BOTTOM: "lowest"}
INK = (72, 40, 56)
DONE = (46, 150, 92)
FAILED = (190, 60, 60)


class AnniversaryArt:
    """Card and gesture images for the Anniversary table."""

    def __init__(self, assets: Assets, text: Text) -> None:
        self.assets = assets
        self.text = text
        self.cards = ImageCache(self._make)
        self._cache: dict[Hashable, pygame.Surface] = {}

    def emblem(self, colour: int, size: int) -> pygame.Surface:
        return self.assets.svg(f"anniversary/suits/{EMBLEMS[colour]}.svg", (size, size))

    def _make(self, key: Hashable, size: tuple[int, int]) -> pygame.Surface:
        if key == CardSprite.BACK:
            return self.assets.svg("anniversary/heart_back.svg", size)
        if isinstance(key, tuple) and key[0] == "dim":
            image = copy_image(self.cards.base(key[1], size))
            shade = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (40, 20, 36, 120), shade.get_rect(),
                             border_radius=max(4, size[0] // 12))
            image.blit(shade, (0, 0))
            return image
        if isinstance(key, tuple) and key[0] == "gem":
            image = copy_image(self.cards.base(key[1], size))
            self.put_gem(image, key[2])
            return image
        if isinstance(key, tuple) and key[0] == "gesture":
            return self.gesture(key[1], size, key[2] if len(key) > 2 else Status.PENDING)
        assert isinstance(key, int)
        return self.face(key, size)

    def face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        if card == TOP:
            return self.assets.svg("anniversary/position_top.svg", size)
        if card == BOTTOM:
            return self.assets.svg("anniversary/position_bottom.svg", size)
        colour, rank = suit_of(card), rank_of(card)
        surface = copy_image(self.assets.svg("card_face.svg", size))
        ink = COLOUR_INK[colour]
        big = self.emblem(colour, round(w * 0.6))
        surface.blit(big, big.get_rect(center=(w // 2, round(h * 0.53))))
        numeral = self.text.render(str(rank), max(10, round(h * 0.18)), ink, display=True,
                                   bold=True)
        draw_indices(surface, numeral, self.emblem(colour, max(8, round(w * 0.17))))
        return surface

    def put_gem(self, surface: pygame.Surface, gem: Gem) -> None:
        """The Healthy Communication gem on a shown card: at its top, middle or bottom."""
        w, h = surface.get_size()
        size = max(12, round(w * 0.42))
        image = self.assets.svg("anniversary/gem.svg", (size, size))
        y = {Gem.TOP: h * 0.12, Gem.MIDDLE: h * 0.5, Gem.BOTTOM: h * 0.88}[gem]
        halo = pygame.Surface((size + 8, size + 8), pygame.SRCALPHA)
        pygame.draw.circle(halo, (255, 255, 255, 170), (halo.get_width() // 2,) * 2, size // 2 + 4)
        surface.blit(halo, halo.get_rect(center=(w // 2, round(y))))
        surface.blit(image, image.get_rect(center=(w // 2, round(y))))

    def candies(self, count: int, height: int) -> pygame.Surface:
        key = ("candies", count, height)
        image = self._cache.get(key)
        if image is None:
            one = self.assets.svg("anniversary/candy.svg", (round(height * 5 / 3), height))
            step = round(one.get_width() * 0.8)
            image = pygame.Surface((step * (count - 1) + one.get_width(), height), pygame.SRCALPHA)
            for i in range(count):
                image.blit(one, (i * step, 0))
            self._cache[key] = image
        return image

    def gesture(self, gid: int, size: tuple[int, int], mark: Status = Status.PENDING,
                owner: str = "", glow: bool = False) -> pygame.Surface:
        """A Sweet Gesture card: title, challenge, candies; a stamp once settled."""
        key = ("gesture", gid, size, mark, owner, glow)
        image = self._cache.get(key)
        if image is not None:
            return image
        g = GESTURE_BY_ID[gid]
        w, h = size
        image = copy_image(self.assets.svg("anniversary/gesture_card.svg", size))
        pad = round(w * 0.09)
        title = self.text.block(g.title, max(10, round(h * 0.074)), INK, w - 2 * pad, bold=True,
                                line_gap=1.05, align="center")
        top = round(h * 0.19)
        image.blit(title, title.get_rect(midtop=(w // 2, top)))
        # The challenge, centred below the title and above the candies: on a small card
        # a title in two lines pushes it down, and its lines close up to fit.
        room = (top + title.get_height() + max(2, h // 60), round(h * 0.79))
        for gap in (1.15, 1.0):
            body = self.text.block(g.text, max(9, round(h * 0.068)), INK, w - 2 * pad,
                                   align="center", line_gap=gap)
            place = body.get_rect(center=(w // 2, round(h * 0.58)))
            place.top = max(place.top, room[0])
            if place.bottom <= room[1]:
                break
        image.blit(body, place)
        sweets = self.candies(g.sweetness, max(8, round(h * 0.08)))
        if sweets.get_width() > w - 2 * pad:
            sweets = pygame.transform.smoothscale_by(sweets, (w - 2 * pad) / sweets.get_width())
        image.blit(sweets, sweets.get_rect(center=(w // 2, round(h * 0.86))))
        if owner:
            label = self.text.render(owner, max(9, round(h * 0.058)), theme.INK_DIM)
            image.blit(label, label.get_rect(midbottom=(w // 2, round(h * 0.16))))
        if mark is not Status.PENDING:
            self._stamp(image, mark)
        if glow:
            pygame.draw.rect(image, theme.GOLD, image.get_rect(), max(2, w // 40),
                             border_radius=max(4, w // 12))
        self._cache[key] = image
        return image

    def _stamp(self, image: pygame.Surface, mark: Status) -> None:
        w, h = image.get_size()
        color = DONE if mark is Status.DONE else FAILED
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (*color, 46), veil.get_rect(), border_radius=max(4, w // 12))
        image.blit(veil, (0, 0))
        # In the top corner, over the frame: the title and challenge stay readable.
        r = round(w * 0.1)
        center = (w - r - round(w * 0.03), r + round(h * 0.015))
        pygame.draw.circle(image, (255, 255, 255), center, r + 3)
        pygame.draw.circle(image, color, center, r)
        t = max(3, r // 4)
        cx, cy = center
        if mark is Status.DONE:
            pygame.draw.lines(image, (255, 255, 255), False,
                              [(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.42),
                               (cx + r * 0.55, cy - r * 0.45)], t)
        else:
            d = r * 0.45
            pygame.draw.line(image, (255, 255, 255), (cx - d, cy - d), (cx + d, cy + d), t)
            pygame.draw.line(image, (255, 255, 255), (cx - d, cy + d), (cx + d, cy - d), t)

    def gem_button(self, gem: Gem, size: tuple[int, int], number: int | None = None) -> pygame.Surface:
        """A choice in the gem picker: the gem at its position on a mini card, its meaning,
        and the number key that picks it."""
        key = ("gem-button", gem, size, number)
        image = self._cache.get(key)
        if image is None:
            w, h = size
            image = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(image, (252, 240, 246), image.get_rect(), border_radius=h // 5)
            pygame.draw.rect(image, (200, 120, 160), image.get_rect(), 2, border_radius=h // 5)
            mini = pygame.Rect(0, 0, round(h * 0.55), round(h * 0.77))
            mini.midleft = (round(h * 0.2), h // 2)
            pygame.draw.rect(image, (255, 255, 255), mini, border_radius=4)
            pygame.draw.rect(image, (180, 150, 160), mini, 1, border_radius=4)
            gy = {Gem.TOP: mini.top + mini.h * 0.18, Gem.MIDDLE: mini.centery,
                  Gem.BOTTOM: mini.bottom - mini.h * 0.18}[gem]
            dot = self.assets.svg("anniversary/gem.svg", (round(h * 0.32),) * 2)
            image.blit(dot, dot.get_rect(center=(mini.centerx, round(gy))))
            label = self.text.render(f"{gem.value.title()}: my {GEM_TEXT[gem]}",
                                     max(10, round(h * 0.3)), INK, bold=True)
            image.blit(label, label.get_rect(midleft=(mini.right + round(h * 0.2), h // 2)))
            if number is not None:
                badge = pygame.Rect(0, 0, round(h * 0.5), round(h * 0.5))
                badge.midright = (w - round(h * 0.2), h // 2)
                pygame.draw.rect(image, (200, 120, 160), badge, 2, border_radius=badge.h // 4)
                digit = self.text.render(str(number), max(10, round(h * 0.3)), (150, 70, 110),
                                         bold=True)
                image.blit(digit, digit.get_rect(center=badge.center))
            self._cache[key] = image
        return image

    def is_colour(self, card: int) -> bool:
        return suit_of(card) != POSITION
