"""The faces a mountainside's pieces show at the table, and the keys its pieces go by.

A piece's face is one of the art's (a card, a suit's back, a known face-down card
dimmed), or one of these wrapped round it: ``(LIT, face)`` a gold edge, a card the
climber may use now; ``(OFFER, face)`` a glowing edge, on offer for a Helping Hand;
``(FLAGGABLE, face)`` a prayer flag in its corner, a flag may go on it.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from tabletop.games.annapurna.cards import value
from tabletop.games.annapurna.observation import UNKNOWN, AnnapurnaObservation
from tabletop.games.annapurna.table.art import AnnapurnaArt
from tabletop.ui import theme
from tabletop.ui.cards import ImageCache
from tabletop.ui.widgets.base import copy_image

__all__ = ["FLAGGABLE", "LIT", "OFFER", "face_key", "place_key", "table_faces"]

LIT = "lit"
OFFER = "offer"
FLAGGABLE = "flaggable"
EDGES = {LIT: theme.GOLD, OFFER: (120, 220, 255)}


def place_key(obs: AnnapurnaObservation, seat: int, place: int) -> Hashable:
    """The key of the piece at a place: its card when this seat knows it (face up or
    down), else the place itself (a face-down card becomes its card when it turns up)."""
    card = obs.cards[seat][place]
    return ("down", seat, place) if card == UNKNOWN else card


def face_key(obs: AnnapurnaObservation, seat: int, place: int) -> Hashable:
    """The art's face for a place: the card face up, a known face-down card dimmed, an
    unknown one as its climber's back."""
    card = obs.cards[seat][place]
    if card == UNKNOWN:
        return ("back", seat)
    return card if obs.up[seat][place] else ("dim", card)


def table_faces(art: AnnapurnaArt) -> ImageCache:
    """Every face the table shows, at any size: the art's, lit, offered or flaggable."""
    def make(key: Hashable, size: tuple[int, int]) -> pygame.Surface:
        if not (isinstance(key, tuple) and key and key[0] in (LIT, OFFER, FLAGGABLE)):
            return art.cards.base(key, size)
        image = copy_image(faces.base(key[1], size))
        radius = max(4, size[0] // 10)
        if key[0] == FLAGGABLE:
            inner = key[1][1] if isinstance(key[1], tuple) else key[1]
            pygame.draw.rect(image, theme.INK, image.get_rect(), max(2, size[0] // 24),
                             border_radius=radius)
            flag = art.flag(abs(value(int(inner))), max(12, size[0] // 2))
            image.blit(flag, flag.get_rect(topright=(size[0] - size[0] // 14, size[0] // 14)))
        else:
            pygame.draw.rect(image, EDGES[key[0]], image.get_rect(), max(3, size[0] // 16),
                             border_radius=radius)
        return image

    faces = ImageCache(make)
    return faces
