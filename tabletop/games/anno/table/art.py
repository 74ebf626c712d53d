"""Anno's card faces and back, composed from our own SVG symbols (``art/anno/``).

Every kind of card has its own frame colour and border, so kinds tell apart at a
glance and in greyscale; its identity sits in the top-left corner, the part a
tucked or fanned card still shows: a Month's short name and its moon, a Quarter's
numeral, a Days number, a season, a zodiac glyph, a weather sign.  A Month is a
calendar page: a band in its season's colour with the moon of its quarter, the
name, its season and days, its two zodiac glyphs, and the first and last day of the
year in the bottom corners.  Weather cards show their two conversions as season
signs, so no word is needed to play.  Numerals and names are set in the app's font
(SVG text is not drawn by SDL).  Everything is made at the size asked and cached.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from tabletop.games.anno.cards import (
    CARDS, CONVERSIONS, MONTH_TABLE, ROMAN, ZODIAC_NAMES, Kind,
)
from tabletop.ui import theme
from tabletop.ui.assets import Assets
from tabletop.ui.cards import CardSprite, ImageCache, dimmed
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image

__all__ = ["AnnoArt", "KIND_STYLE"]

SEASON_FILES = ("winter", "spring", "summer", "autumn")
#: Per kind: (frame colour, border colour, ink).
KIND_STYLE: dict[Kind, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    Kind.MONTH: ((246, 238, 216), (196, 164, 96), (52, 44, 40)),
    Kind.QUARTER: ((112, 118, 134), (206, 210, 220), (244, 244, 248)),
    Kind.DAYS: ((30, 84, 56), (216, 180, 86), (240, 206, 110)),
    Kind.SEASON: ((150, 200, 236), (250, 252, 255), (30, 58, 96)),
    Kind.ZODIAC: ((40, 38, 96), (214, 184, 98), (242, 212, 121)),
    Kind.WEATHER: ((70, 80, 102), (168, 182, 206), (236, 240, 248)),
    Kind.CUSP: ((132, 96, 172), (236, 208, 128), (250, 226, 150)),
    Kind.BLUE_MOON: ((22, 42, 96), (120, 170, 236), (216, 232, 255)),
}
#: The band of a Month card, in its season's colour.
SEASON_BAND = ((120, 160, 210), (110, 176, 92), (224, 168, 52), (196, 96, 48))
SHORT = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


class AnnoArt:
    """Card images for the Anno table and tutorial (keys: card ids, ``"back"``,
    ``("dim", card)``, and ``("staged", card)``: the face with a lit edge)."""

    def __init__(self, assets: Assets, text: Text) -> None:
        self.assets = assets
        self.text = text
        self.cards = ImageCache(self._make)

    # -- symbols ---------------------------------------------------------------------
    def symbol(self, name: str, size: int) -> pygame.Surface:
        return self.assets.svg(f"anno/{name}.svg", (size, size))

    def moon(self, quarter: int, size: int) -> pygame.Surface:
        return self.symbol(f"moon_{quarter}", size)

    def season_icon(self, season: int, size: int) -> pygame.Surface:
        return self.symbol(f"season_{SEASON_FILES[season]}", size)

    def zodiac_glyph(self, zodiac: int, size: int) -> pygame.Surface:
        return self.symbol(f"zodiac_{ZODIAC_NAMES[zodiac].lower()}", size)

    def season_token(self, season: int, size: int) -> pygame.Surface:
        """A season as a disc of its colour with its branch: readable when small."""
        token = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(token, SEASON_BAND[season], (size // 2, size // 2), size // 2)
        pygame.draw.circle(token, (255, 250, 236), (size // 2, size // 2), size // 2,
                           max(1, size // 12))
        icon = self.season_icon(season, round(size * 0.86))
        token.blit(icon, icon.get_rect(center=(size // 2, size // 2)))
        return token

    def weather_icon(self, kind: int, size: int) -> pygame.Surface:
        return self.symbol(f"weather_{kind}", size)

    # -- faces -----------------------------------------------------------------------
    def _make(self, key: Hashable, size: tuple[int, int]) -> pygame.Surface:
        if key == CardSprite.BACK:
            return self.assets.svg("anno/back.svg", size)
        if isinstance(key, tuple) and key[0] == "dim":
            return dimmed(self.cards.base(key[1], size), (16, 22, 36, 140), _radius(size))
        if isinstance(key, tuple) and key[0] == "staged":
            image = copy_image(self.cards.base(key[1], size))
            pygame.draw.rect(image, theme.GOLD, image.get_rect(), max(2, size[0] // 22),
                             border_radius=max(4, size[0] // 11))
            return image
        assert isinstance(key, int)
        return self.face(key, size)

    def face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        info = CARDS[card]
        kind, value = info.kind, info.value
        image = self.frame(kind, size)
        if kind is Kind.MONTH:
            self.month_face(image, value)
        elif kind is Kind.QUARTER:
            self.centre(image, self.moon(value, _big(size)), 0.46)
            self.big_label(image, ROMAN[value], 0.80)
            self.corner_text(image, ROMAN[value], kind)
        elif kind is Kind.DAYS:
            self.days_face(image, value)
        elif kind is Kind.SEASON:
            self.centre(image, self.season_icon(value, _big(size, 0.8)), 0.56)
            self.corner_icon(image, self.season_token(value, _small(size, 0.3)))
        elif kind is Kind.ZODIAC:
            self.centre(image, self.zodiac_glyph(value, _big(size, 0.62)), 0.50)
            self.caption(image, ZODIAC_NAMES[value], kind)
            self.corner_icon(image, self.zodiac_glyph(value, _small(size)))
        elif kind is Kind.WEATHER:
            self.weather_face(image, value)
        elif kind is Kind.CUSP:
            self.centre(image, self.symbol("cusp", _big(size, 0.58)), 0.46)
            self.name_plate(image, "Cusp", kind)
            self.corner_icon(image, self.symbol("cusp", _small(size)))
        else:
            self.centre(image, self.symbol("blue_moon", _big(size, 0.72)), 0.52)
            self.corner_icon(image, self.symbol("blue_moon", _small(size)))
        return image

    def frame(self, kind: Kind, size: tuple[int, int]) -> pygame.Surface:
        """The card's shape in its kind's colours: a cream edge, a coloured field, and a
        border drawn differently per kind (solid, double, dashed), for greyscale too."""
        w, h = size
        fill, border, _ = KIND_STYLE[kind]
        image = pygame.Surface(size, pygame.SRCALPHA)
        radius = _radius(size)
        pygame.draw.rect(image, (244, 236, 214), image.get_rect(), border_radius=radius)
        edge = max(2, round(w * 0.035))
        field = image.get_rect().inflate(-2 * edge, -2 * edge)
        pygame.draw.rect(image, fill, field, border_radius=max(2, radius - edge))
        line = max(1, round(w * 0.014))
        inner = field.inflate(-2 * max(2, round(w * 0.04)), -2 * max(2, round(w * 0.04)))
        if kind in (Kind.DAYS, Kind.ZODIAC, Kind.CUSP):  # double line
            pygame.draw.rect(image, border, inner, line, border_radius=max(2, radius - 2 * edge))
            pygame.draw.rect(image, border, inner.inflate(-3 * line - 2, -3 * line - 2), line,
                             border_radius=max(2, radius - 3 * edge))
        elif kind in (Kind.WEATHER, Kind.QUARTER):  # dashed
            _dashed(image, border, inner, line, max(4, w // 14))
        elif kind is not Kind.MONTH:
            pygame.draw.rect(image, border, inner, line, border_radius=max(2, radius - 2 * edge))
        pygame.draw.rect(image, (150, 128, 84), image.get_rect(), 1, border_radius=radius)
        return image

    # -- the parts of a face -----------------------------------------------------------
    def centre(self, image: pygame.Surface, symbol: pygame.Surface, at: float) -> None:
        w, h = image.get_size()
        image.blit(symbol, symbol.get_rect(center=(w // 2, round(h * at))))

    def corner_text(self, image: pygame.Surface, text: str, kind: Kind,
                    colour: tuple[int, int, int] | None = None) -> None:
        w, h = image.get_size()
        ink = colour or KIND_STYLE[kind][2]
        size = self.text.size_to_fit(text, max(10, round(h * 0.13)), round(w * 0.6),
                                     bold=True, smallest=7)
        label = self.text.render(text, size, ink, bold=True, max_width=round(w * 0.6))
        at = label.get_rect(topleft=(max(3, round(w * 0.09)), max(2, round(h * 0.035))))
        # The border stops short of the index, so no line runs through it on a small card.
        pygame.draw.rect(image, KIND_STYLE[kind][0], at.inflate(2, 0))
        image.blit(label, at)

    def corner_icon(self, image: pygame.Surface, icon: pygame.Surface) -> None:
        w, _ = image.get_size()
        pad = max(3, round(w * 0.07))
        image.blit(icon, (pad, pad))

    def big_label(self, image: pygame.Surface, text: str, at: float) -> None:
        w, h = image.get_size()
        label = self.text.render(text, max(11, round(h * 0.15)), (244, 244, 248), bold=True,
                                 display=True)
        image.blit(label, label.get_rect(center=(w // 2, round(h * at))))

    def caption(self, image: pygame.Surface, text: str, kind: Kind) -> None:
        w, h = image.get_size()
        size = self.text.size_to_fit(text, max(9, round(h * 0.085)), round(w * 0.86),
                                     bold=True, smallest=7)  # smaller rather than cut
        label = self.text.render(text, size, KIND_STYLE[kind][2], bold=True,
                                 max_width=round(w * 0.86))
        image.blit(label, label.get_rect(center=(w // 2, round(h * 0.85))))

    def name_plate(self, image: pygame.Surface, text: str, kind: Kind) -> None:
        """A card's name large and bold on a dark strip low on the face, legible even on a
        small board card."""
        w, h = image.get_size()
        ink = KIND_STYLE[kind][2]
        size = self.text.size_to_fit(text, max(10, round(h * 0.12)), round(w * 0.8),
                                     bold=True, display=True, smallest=7)
        label = self.text.render(text, size, ink, bold=True, display=True,
                                 max_width=round(w * 0.8))
        strip = pygame.Rect(0, 0, round(w * 0.76), label.get_height() + max(2, h // 40))
        strip.center = (w // 2, round(h * 0.82))
        plate = pygame.Surface(strip.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (40, 24, 64, 190), plate.get_rect(), border_radius=strip.h // 2)
        image.blit(plate, strip)
        image.blit(label, label.get_rect(center=strip.center))

    def days_face(self, image: pygame.Surface, days: int) -> None:
        w, h = image.get_size()
        gold = KIND_STYLE[Kind.DAYS][2]
        radius = round(w * 0.3)
        centre = (w // 2, round(h * 0.54))
        pygame.draw.circle(image, gold, centre, radius, max(2, round(w * 0.03)))
        label = self.text.render(str(days), max(12, round(h * 0.2)), gold, bold=True,
                                 display=True)
        image.blit(label, label.get_rect(center=centre))
        self.corner_text(image, str(days), Kind.DAYS)

    def weather_face(self, image: pygame.Surface, kind: int) -> None:
        w, h = image.get_size()
        self.centre(image, self.weather_icon(kind, _big(size=(w, h), share=0.5)), 0.38)
        self.corner_icon(image, self.weather_icon(kind, _small((w, h))))
        # Its two conversions: season → season, one row each.
        icon = max(8, round(w * 0.26))
        ink = KIND_STYLE[Kind.WEATHER][2]
        for row, (before, after) in enumerate(sorted(CONVERSIONS[kind].items())):
            y = round(h * (0.68 + row * 0.17))
            left = self.season_token(before, icon)
            right = self.season_token(after, icon)
            image.blit(left, left.get_rect(center=(round(w * 0.28), y)))
            image.blit(right, right.get_rect(center=(round(w * 0.72), y)))
            x0, x1 = round(w * 0.42), round(w * 0.58)
            width = max(1, round(w * 0.025))
            pygame.draw.line(image, ink, (x0, y), (x1, y), width)
            pygame.draw.polygon(image, ink, [(x1 + width * 2, y), (x1 - width, y - width * 2),
                                             (x1 - width, y + width * 2)])

    def month_face(self, image: pygame.Surface, month: int) -> None:
        m = MONTH_TABLE[month]
        w, h = image.get_size()
        ink = KIND_STYLE[Kind.MONTH][2]
        edge = max(2, round(w * 0.035))
        short = self.text.render(SHORT[month], max(10, round(h * 0.14)), (255, 252, 240),
                                 bold=True, display=True)
        # The band holds the short name whole, however small the card (a tucked month
        # shows only its band).
        band = pygame.Rect(edge, edge, w - 2 * edge, max(round(h * 0.24), short.get_height()))
        pygame.draw.rect(image, SEASON_BAND[m.season], band,
                         border_top_left_radius=max(2, _radius((w, h)) - edge),
                         border_top_right_radius=max(2, _radius((w, h)) - edge))
        pad = max(3, round(w * 0.08))
        image.blit(short, (pad, band.y + max(1, (band.h - short.get_height()) // 2)))
        moon = self.moon(m.quarter, max(8, round(band.h * 0.74)))
        if pad + short.get_width() + moon.get_width() <= w - pad:  # (a tiny card: the name)
            image.blit(moon, moon.get_rect(midright=(w - pad, band.centery)))
        # The middle: the name, the season, the days, the zodiacs.
        size = max(9, round(h * 0.09))
        if self.text.font(size, True).size(m.name)[0] <= w * 0.9 and h >= 56:
            name = self.text.render(m.name, size, ink, bold=True)
            image.blit(name, name.get_rect(center=(w // 2, round(h * 0.33))))
        # (else the band's short name says it: a long name would be cut)
        season = self.season_icon(m.season, max(10, round(w * 0.42)))
        image.blit(season, season.get_rect(center=(round(w * 0.32), round(h * 0.52))))
        days = "28/29" if month == 1 else str(m.days[0])
        label = self.text.render(days, max(9, round(h * 0.1)), (150, 110, 30), bold=True)
        at = label.get_rect(center=(round(w * 0.72), round(h * 0.52)))
        image.blit(label, at.move(min(0, w - 2 * edge - at.right), 0))
        glyph = max(10, round(w * 0.26))
        for i, zodiac in enumerate(m.zodiacs):
            symbol = self.zodiac_glyph(zodiac, glyph)
            disc = pygame.Surface((glyph + 6, glyph + 6), pygame.SRCALPHA)
            pygame.draw.circle(disc, (40, 38, 96), (disc.get_width() // 2,) * 2,
                               disc.get_width() // 2)
            disc.blit(symbol, symbol.get_rect(center=disc.get_rect().center))
            image.blit(disc, disc.get_rect(center=(round(w * (0.33 + 0.34 * i)), round(h * 0.72))))
        if h < 90:  # too small for the first and last day: they would touch the zodiacs
            return
        small = max(8, round(h * 0.065))
        first = self.text.render(str(m.first_day), small, ink)
        last = self.text.render(str(m.last_day), small, ink)
        y = h - pad - first.get_height() // 2
        image.blit(first, first.get_rect(midleft=(pad, y)))
        image.blit(last, last.get_rect(midright=(w - pad, y)))


def _radius(size: tuple[int, int]) -> int:
    return max(4, round(size[0] * 0.075))


def _big(size: tuple[int, int], share: float = 0.56) -> int:
    return max(12, round(size[0] * share))


def _small(size: tuple[int, int], share: float = 0.22) -> int:
    return max(9, round(size[0] * share))


def _dashed(image: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect, width: int,
            dash: int) -> None:
    for x in range(rect.left + dash, rect.right - dash, 2 * dash):
        pygame.draw.line(image, colour, (x, rect.top), (min(x + dash, rect.right - dash), rect.top), width)
        pygame.draw.line(image, colour, (x, rect.bottom - 1),
                         (min(x + dash, rect.right - dash), rect.bottom - 1), width)
    for y in range(rect.top + dash, rect.bottom - dash, 2 * dash):
        pygame.draw.line(image, colour, (rect.left, y), (rect.left, min(y + dash, rect.bottom - dash)), width)
        pygame.draw.line(image, colour, (rect.right - 1, y),
                         (rect.right - 1, min(y + dash, rect.bottom - dash)), width)
