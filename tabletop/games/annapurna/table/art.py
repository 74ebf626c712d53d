"""Annapurna's card faces, back, meeples and tokens, composed from our SVGs (``art/annapurna/``).

A card has its climber's colour as a frame.  Yin cards are night: a deep indigo field
with pale crescent moons.  Yang cards are day: a snow-white field with golden suns.
So yin and yang differ by shape and by a dark or light field, in colour and in grey.
The symbols stand like pips (one; two in a column; three as a peak; four as a
diamond), with the card's own mandala faint behind them, tinted in the suit colour:
eighteen mandala shapes times four colours, a different one on every card.  The value
sits in the top-left corner (a numeral over a small symbol), the part of a card that
still shows when the rows of a mountainside overlap.  Effect cards show their icon
large, the icon again in the corner, and their name at the bottom.  Numerals and
names are set in the app's font (SVG text is not drawn by SDL).  A card known but
lying face down is its face dimmed, with a small back in its top-right corner: it
does not count towards balance until it turns up.  Everything is made at the size
asked and cached.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from tabletop.games.annapurna.cards import CARDS_PER_SUIT, TYPES, Effect
from tabletop.ui.assets import Assets
from tabletop.ui.cards import CardSprite, ImageCache, dimmed
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image

__all__ = ["AnnapurnaArt", "SUIT_COLOURS", "PIPS"]

RGB = tuple[int, int, int]

#: The climbers' colours in seat order (blue, red, amber, green), chosen to differ in
#: lightness as well as hue, so that they tell apart in greyscale: blue (darkest), red,
#: green, amber (lightest).
SUIT_COLOURS: tuple[RGB, ...] = ((36, 92, 196), (226, 82, 62), (250, 206, 78), (108, 196, 114))

#: Where the symbols of a card stand, as (x, y) shares of the card, and their size as a
#: share of its width.
PIPS: dict[int, tuple[tuple[tuple[float, float], ...], float]] = {
    1: (((0.5, 0.56),), 0.54),
    2: (((0.5, 0.38), (0.5, 0.73)), 0.40),
    3: (((0.5, 0.38), (0.30, 0.70), (0.70, 0.70)), 0.36),
    4: (((0.5, 0.32), (0.28, 0.56), (0.72, 0.56), (0.5, 0.80)), 0.32),
}

#: Per field: (numeral ink, mandala tint lightening, mandala opacity).
FIELD_STYLE: dict[str, tuple[RGB, float, int]] = {
    "yin": ((240, 238, 255), 0.55, 64),
    "yang": ((74, 44, 20), 0.0, 52),
    "effect": ((38, 46, 62), 0.0, 42),
}
EFFECT_INK: RGB = (38, 46, 62)
BACK_FRAME: RGB = (239, 232, 218)


class AnnapurnaArt:
    """Images for the Annapurna table (card keys: card ids, ``CardSprite.BACK``,
    ``("back", suit)`` for a back with a suit edge, ``("dim", card)`` for a card known
    but face down)."""

    def __init__(self, assets: Assets, text: Text) -> None:
        self.assets = assets
        self.text = text
        self.cards = ImageCache(self._make)

    # -- colours and symbols -----------------------------------------------------------
    @staticmethod
    def suit_colour(suit: int) -> RGB:
        return SUIT_COLOURS[suit % len(SUIT_COLOURS)]

    def symbol(self, name: str, size: int) -> pygame.Surface:
        """``art/annapurna/<name>.svg``, square."""
        return self.assets.svg(f"annapurna/{name}.svg", (size, size))

    def yin_icon(self, size: int) -> pygame.Surface:
        """A yin symbol for anywhere on the table: a night disc with a pale crescent."""
        return self.symbol("yin_icon", size)

    def yang_icon(self, size: int) -> pygame.Surface:
        """A yang symbol for anywhere on the table: a golden sun with rays."""
        return self.symbol("yang", size)

    def effect_icon(self, effect: Effect, size: int) -> pygame.Surface:
        return self.symbol(effect.value, size)

    def _tinted(self, name: str, colour: RGB, size: tuple[int, int], alpha: int = 255
                ) -> pygame.Surface:
        image = copy_image(self.assets.svg(f"annapurna/{name}.svg", size))
        image.fill((*colour, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        return image

    def mandala(self, card: int, size: int, alpha: int = 255,
                colour: RGB | None = None) -> pygame.Surface:
        """The card's own mandala in its suit colour (or ``colour``), ``alpha`` opaque."""
        tint = colour if colour is not None else self.suit_colour(card // CARDS_PER_SUIT)
        return self._tinted(f"mandala_{card % CARDS_PER_SUIT:02d}", tint, (size, size), alpha)

    def meeple(self, suit: int, shenpa: bool, size: int) -> pygame.Surface:
        """A climber in the suit colour: hiking, or lying down (shenpa)."""
        name = "meeple_shenpa" if shenpa else "meeple_hiking"
        return self._tinted(name, _lighter(self.suit_colour(suit), 0.12), (size, size))

    def emblem(self, suit: int, size: int) -> pygame.Surface:
        """A small mountain in the suit colour."""
        return self._tinted("emblem", self.suit_colour(suit), (size, size))

    def peak_token(self, number: int, size: int) -> pygame.Surface:
        """A round summit token with its number."""
        token = copy_image(self.symbol("peak_token", size))
        label = self.text.render(str(number), max(8, round(size * 0.44)), (36, 40, 78),
                                 bold=True, display=True)
        token.blit(label, label.get_rect(center=(size // 2, round(size * 0.40))))
        return token

    def flag(self, count: int, size: int) -> pygame.Surface:
        """One, two or three prayer-flag pennants on a pole."""
        return self.symbol(f"flag_{max(1, min(3, count))}", size)

    # -- cards -------------------------------------------------------------------------
    def _make(self, key: Hashable, size: tuple[int, int]) -> pygame.Surface:
        if key == CardSprite.BACK:
            return self.back(None, size)
        if isinstance(key, tuple) and key[0] == "back":
            return self.back(int(key[1]), size)
        if isinstance(key, tuple) and key[0] == "dim":
            return self.face_down(int(key[1]), size)
        assert isinstance(key, int)
        return self.face(key, size)

    def back(self, suit: int | None, size: tuple[int, int]) -> pygame.Surface:
        """The mountain at dawn; with ``suit``, the cream edge is in the suit colour."""
        image = copy_image(self.assets.svg("annapurna/back.svg", size))
        if suit is not None:
            edge = _edge(size)
            pygame.draw.rect(image, self.suit_colour(suit), image.get_rect(), edge,
                             border_radius=_radius(size))
        return image

    def face_down(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """A card known but lying face down: its face dimmed, with a small back in the
        top-right corner to say it lies face down (and so does not count yet)."""
        image = dimmed(self.cards.base(card, size), (14, 18, 34, 150), _radius(size))
        w, h = size
        tab_w = max(9, round(w * 0.26))
        back = self.back(None, (tab_w, round(tab_w * 1.4)))
        edge = _edge(size)
        image.blit(back, back.get_rect(topright=(w - edge - max(1, w // 28),
                                                 edge + max(1, h // 50))))
        return image

    def face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        kind = TYPES[card % CARDS_PER_SUIT]
        field = "effect" if kind.effect is not None else ("yin" if kind.value < 0 else "yang")
        image = self.frame(card, field, size)
        w, h = size
        if kind.effect is not None:
            self._centre(image, self.effect_icon(kind.effect, round(w * 0.6)), 0.47)
            self._corner(image, None, self.effect_icon(kind.effect, max(10, round(w * 0.25))))
            self._caption(image, kind.name)
            return image
        name = "yin" if kind.value < 0 else "yang"
        count = abs(kind.value)
        places, share = PIPS[count]
        pip = self.symbol(name, max(8, round(w * share)))
        for x, y in places:
            image.blit(pip, pip.get_rect(center=(round(w * x), round(h * y))))
        self._corner(image, str(count), self.symbol(name, max(8, round(w * 0.2))),
                     FIELD_STYLE[field][0])
        return image

    def frame(self, card: int, field: str, size: tuple[int, int]) -> pygame.Surface:
        """The suit-coloured edge, a thin pale line, the field and the faint mandala."""
        w, h = size
        colour = self.suit_colour(card // CARDS_PER_SUIT)
        image = pygame.Surface(size, pygame.SRCALPHA)
        radius = _radius(size)
        pygame.draw.rect(image, colour, image.get_rect(), border_radius=radius)
        edge = _edge(size)
        inner = image.get_rect().inflate(-2 * edge, -2 * edge)
        inner_radius = max(2, radius - edge // 2)
        ground = copy_image(self.assets.svg(f"annapurna/field_{field}.svg", inner.size))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=inner_radius)
        ground.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        _, lighten, alpha = FIELD_STYLE[field]
        art = self.mandala(card, round(inner.w * 0.94), alpha, _lighter(colour, lighten))
        ground.blit(art, art.get_rect(center=(inner.w // 2, round(h * 0.56) - edge)))
        image.blit(ground, inner)
        line = (255, 250, 236) if field != "yin" else (196, 202, 236)
        pygame.draw.rect(image, line, inner, 1, border_radius=inner_radius)
        pygame.draw.rect(image, _darker(colour, 0.45), image.get_rect(), 1, border_radius=radius)
        return image

    # -- the parts of a face -----------------------------------------------------------
    @staticmethod
    def _centre(image: pygame.Surface, picture: pygame.Surface, at: float) -> None:
        w, h = image.get_size()
        image.blit(picture, picture.get_rect(center=(w // 2, round(h * at))))

    def _corner(self, image: pygame.Surface, numeral: str | None, icon: pygame.Surface,
                ink: RGB = EFFECT_INK) -> None:
        """The index in the top-left corner: the numeral over a small symbol."""
        w, h = image.get_size()
        left = _edge((w, h)) + max(2, round(w * 0.045))
        top = _edge((w, h)) + max(1, round(h * 0.012))
        column = icon.get_width()
        y = top
        if numeral is not None:
            label = self.text.render(numeral, max(12, round(h * 0.175)), ink, bold=True,
                                     display=True)
            image.blit(label, label.get_rect(midtop=(left + column // 2, y - round(h * 0.02))))
            y += label.get_height() - round(h * 0.05)
        image.blit(icon, (left, y))

    def _caption(self, image: pygame.Surface, name: str) -> None:
        w, h = image.get_size()
        size = max(8, round(h * 0.082))
        width = round(w * 0.84)
        lines = self.text.wrap(name, size, width, bold=True)[:2]
        step = self.text.font(size, True).get_linesize() - max(1, size // 6)
        bottom = h - _edge((w, h)) - max(2, round(h * 0.035))
        for i, line in enumerate(lines):
            label = self.text.render(line, size, EFFECT_INK, bold=True, max_width=width)
            y = bottom - (len(lines) - i) * step
            image.blit(label, label.get_rect(midtop=(w // 2, y)))


def _radius(size: tuple[int, int]) -> int:
    return max(4, round(size[0] * 0.08))


def _edge(size: tuple[int, int]) -> int:
    return max(3, round(size[0] * 0.065))


def _lighter(colour: RGB, share: float) -> RGB:
    r, g, b = colour
    return (round(r + (255 - r) * share), round(g + (255 - g) * share),
            round(b + (255 - b) * share))


def _darker(colour: RGB, share: float) -> RGB:
    r, g, b = colour
    return (round(r * (1 - share)), round(g * (1 - share)), round(b * (1 - share)))
