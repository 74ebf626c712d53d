"""What stands on a mountainside besides its cards: the climber's meeple (lying down
in the shenpa pose while a card binds their next turn), their peak token, the
planted prayer flags; and each climber's yin/yang balance meter."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

import pygame

from tabletop.games.annapurna.mountain import PEAK
from tabletop.games.annapurna.observation import AnnapurnaObservation
from tabletop.games.annapurna.table.art import AnnapurnaArt
from tabletop.ui import theme
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.table.zones import Pyramid
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image, panel_surface

__all__ = ["flags", "meeple", "meter", "meter_image"]

BALANCED = (112, 210, 140)


def meeple(art: AnnapurnaArt, obs: AnnapurnaObservation, seat: int, zone: Pyramid
           ) -> Iterable[Decor]:
    """The climber on their place (lying down while shenpa binds them), or beside the
    mountain before base camp; at the peak, their token under them."""
    w, h = zone.size
    size = max(14, round(w * 0.42))
    shenpa = bool(obs.shenpa[seat])
    where, token = obs.locations[seat], obs.peaks[seat]
    if token:
        x, y = zone.place(PEAK)
        side = max(14, round(w * 0.46))
        yield Decor(("token", seat), (token, side), partial(art.peak_token, token, side),
                    (x + w * 0.55, y - h * 0.3), Layers.HUD - 2, anchor="center")
        pos = (x + w * 0.55, y - h * 0.3 - side * 0.6)
    elif where >= 0:
        # Beside the card's index, on its upper right, so the card stays readable.
        x, y = zone.place(where)
        pos = (x + w * 0.5 - size * 0.3, y - h * 0.5 + size * 0.35)
    else:
        x, y = zone.place(0)
        pos = (x - w * 0.85, y)
    yield Decor(("meeple", seat), (seat, shenpa, size), partial(art.meeple, seat, shenpa, size),
                pos, Layers.HUD - 1, anchor="center")


def flags(art: AnnapurnaArt, obs: AnnapurnaObservation, seat: int, zone: Pyramid
          ) -> Iterable[Decor]:
    """Each planted prayer flag on the card it covers: as many pennants as its symbols."""
    w, h = zone.size
    size = max(14, round(w * 0.6))
    for count, place in enumerate(obs.planted[seat], 1):
        if place >= 0:
            x, y = zone.place(place)
            yield Decor(("flag", seat, count), (count, size), partial(art.flag, count, size),
                        (x, y - h * 0.2), Layers.HUD - 1, anchor="center")


def meter(art: AnnapurnaArt, text: Text, seat: int, balance: int, rect: pygame.Rect) -> Decor:
    """The seat's balance meter filling ``rect``."""
    return Decor(("meter", seat), (balance, rect.size),
                 partial(meter_image, art, text, balance, rect.size), rect.topleft,
                 Layers.PANEL)


def meter_image(art: AnnapurnaArt, text: Text, balance: int, size: tuple[int, int]
                ) -> pygame.Surface:
    """Yin against yang: a bar with the zero in the middle, a marker at the balance."""
    w, h = size
    image = copy_image(panel_surface(size, theme.PANEL, h // 2, theme.PANEL_EDGE, 1))
    icon = max(10, h - 6)
    image.blit(art.yin_icon(icon), (3, (h - icon) // 2))
    image.blit(art.yang_icon(icon), (w - icon - 3, (h - icon) // 2))
    left, right = icon + 8, w - icon - 8
    mid = (left + right) // 2
    pygame.draw.line(image, theme.INK_DIM, (left, h // 2), (right, h // 2), 2)
    for tick in range(-8, 9, 2):
        tx = round(mid + tick / 8 * (right - left) / 2)
        pygame.draw.line(image, theme.INK_DIM, (tx, h // 2 - 3), (tx, h // 2 + 3), 1)
    pygame.draw.line(image, theme.INK, (mid, 3), (mid, h - 3), 2)
    span = (right - left) / 2 - h * 0.4
    x = round(mid + max(-1.0, min(1.0, balance / 8)) * span)
    chip = pygame.Rect(0, 0, round(h * 1.5), h - 4)
    chip.center = (x, h // 2)
    pygame.draw.rect(image, BALANCED if balance == 0 else theme.CORAL, chip,
                     border_radius=chip.h // 2)
    label = text.render("0" if balance == 0 else f"{balance:+d}", max(10, round(h * 0.6)),
                        theme.INK_DARK, bold=True)
    image.blit(label, label.get_rect(center=chip.center))
    return image
