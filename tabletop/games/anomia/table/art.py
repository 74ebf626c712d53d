"""Anomia's card faces and back, drawn from our own SVG symbols (``art/anomia/``).

A category card is a cream card edged in its symbol's colour: the symbol large at
the top, the category in bold in the middle (set in the app's font, wrapped to fit),
the symbol again small in the bottom corners.  A wild card is dark, with its two
symbols joined by a double arrow.  Symbols differ in shape first and carry a dark
outline, so they read in greyscale.  Everything is made at the size asked and cached.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from tabletop.games.anomia.cards import Box, Symbol
from tabletop.ui.assets import Assets
from tabletop.ui.cards import ImageCache, dimmed
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image

__all__ = ["AnomiaArt", "SYMBOL_COLORS", "halo_image"]

#: Each symbol's colour (as in its SVG), for edges and glows.
SYMBOL_COLORS: dict[Symbol, tuple[int, int, int]] = {
    Symbol.CIRCLE: (224, 72, 60), Symbol.TRIANGLE: (240, 149, 42),
    Symbol.SQUARE: (232, 197, 58), Symbol.STAR: (67, 166, 79), Symbol.CROSS: (39, 163, 173),
    Symbol.WAVE: (52, 120, 219), Symbol.MOON: (138, 90, 214), Symbol.BOLT: (217, 70, 140),
}
CREAM = (251, 246, 234)
INK = (40, 30, 48)
WILD_FILL = (36, 24, 64)
GOLD = (242, 201, 76)


class AnomiaArt:
    """Images for the Anomia table (keys: card ids, ``"back"``, ``("dim", card)``,
    ``("glow", card)``)."""

    def __init__(self, assets: Assets, text: Text, box: Box) -> None:
        self.assets = assets
        self.text = text
        self.box = box
        self.cards = ImageCache(self._make)

    def symbol(self, symbol: Symbol, size: int) -> pygame.Surface:
        return self.assets.svg(f"anomia/{symbol.name.lower()}.svg", (size, size))

    def _make(self, key: Hashable, size: tuple[int, int]) -> pygame.Surface:
        if key == "back":
            return self.assets.svg("anomia/back.svg", size)
        if isinstance(key, tuple) and key[0] == "dim":
            return dimmed(self.cards.base(key[1], size), (20, 14, 30, 150), max(4, size[0] // 12))
        if isinstance(key, tuple) and key[0] == "glow":
            return self._glow(key[1], size)
        assert isinstance(key, int), key
        card = self.box[key]
        if card.category is None:
            return self._wild(card.symbols, size)
        return self._category(card.category, card.symbol, size)

    def _card(self, size: tuple[int, int], fill: tuple[int, int, int],
              edge: tuple[int, int, int]) -> pygame.Surface:
        w, h = size
        image = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(4, w // 12)
        pygame.draw.rect(image, edge, image.get_rect(), border_radius=radius)
        border = max(3, w // 24)
        pygame.draw.rect(image, fill, image.get_rect().inflate(-2 * border, -2 * border),
                         border_radius=max(2, radius - border))
        return image

    def _category(self, category: str, symbol: Symbol, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        image = self._card(size, CREAM, SYMBOL_COLORS[symbol])
        big = round(w * 0.42)
        image.blit(self.symbol(symbol, big), ((w - big) // 2, round(h * 0.07)))
        small = max(8, round(w * 0.15))
        pad = max(4, w // 14)
        mark = self.symbol(symbol, small)
        image.blit(mark, (pad, h - pad - small))
        image.blit(mark, (w - pad - small, h - pad - small))
        # The category, as large as fits in the middle band, no word cut (a card too
        # small for that shows its symbols only).
        band = pygame.Rect(pad, round(h * 0.07) + big + round(h * 0.03), w - 2 * pad,
                           h - (round(h * 0.07) + big) - small - 2 * pad)
        for points in range(max(9, round(w * 0.16)), 6, -1):
            font = self.text.font(points, bold=True)
            lines = self.text.wrap(category, points, band.w, bold=True)
            if font.get_linesize() * len(lines) <= band.h and len(lines) <= 3 and all(
                    font.size(word)[0] <= band.w for word in category.split()):
                break
        else:
            return image
        block = self.text.block(category, points, INK, band.w, bold=True, align="center")
        image.blit(block, block.get_rect(center=band.center))
        return image

    def _wild(self, symbols: Sequence[Symbol], size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        image = self._card(size, WILD_FILL, GOLD)
        mark = round(w * 0.4)
        gap = round(h * 0.08)
        top = (h - 2 * mark - gap) // 2
        first, second = symbols[0], symbols[1]
        image.blit(self.symbol(first, mark), ((w - mark) // 2, top))
        image.blit(self.symbol(second, mark), ((w - mark) // 2, top + mark + gap))
        # A double arrow between them: each matches the other.
        cx, cy = w // 2, top + mark + gap // 2
        line = max(2, w // 30)
        reach = round(w * 0.3)
        pygame.draw.line(image, GOLD, (cx - reach, cy), (cx + reach, cy), line)
        head = max(4, w // 14)
        for sign in (-1, 1):
            tip = cx + sign * reach
            pygame.draw.polygon(image, GOLD, [(tip + sign * head // 2, cy),
                                              (tip - sign * head, cy - head),
                                              (tip - sign * head, cy + head)])
        return image

    def _glow(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """A face lit with a white frame: a card in a face-off (white reads against every
        symbol's colour, gold and yellow included; the table adds a halo round it)."""
        image = copy_image(self.cards.base(card, size))
        width = max(4, size[0] // 14)
        radius = max(4, size[0] // 12)
        rect = image.get_rect()
        pygame.draw.rect(image, (255, 255, 255), rect, width, border_radius=radius)
        pygame.draw.rect(image, INK, rect.inflate(-2 * width, -2 * width), max(1, width // 3),
                         border_radius=max(2, radius - width))
        return image


def halo_image(color: tuple[int, int, int], size: tuple[int, int], pad: int) -> pygame.Surface:
    """A soft glow in ``color`` round a card of ``size`` (fainter outward, ``pad`` wide)
    with a white frame hugging the card: a play pile in a face-off."""
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, size[0] // 12)
    for step in range(pad, 0, -2):
        alpha = round(200 * (1 - step / pad) ** 1.5) + 30
        rect = pygame.Rect(pad - step, pad - step, size[0] + 2 * step, size[1] + 2 * step)
        pygame.draw.rect(image, (*color, alpha), rect, 2, border_radius=radius + step)
    pygame.draw.rect(image, (255, 255, 255, 255), (pad - 3, pad - 3, size[0] + 6, size[1] + 6), 3,
                     border_radius=radius + 3)
    return image
