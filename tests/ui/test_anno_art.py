"""Anno's card art: every card draws at every size, each type looks its own."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games.anno.cards import CARDS, DECK, Kind
from tabletop.games.anno.table.art import AnnoArt
from tabletop.ui.cards import CardSprite


@pytest.fixture
def art(driver):
    return AnnoArt(driver.ctx.assets, driver.ctx.text)


@pytest.mark.parametrize("size", [(46, 64), (92, 129), (300, 420)])
def test_every_card_draws_at_every_size(art, size):
    for card in (*DECK, CardSprite.BACK):
        image = art.cards.base(card, size)
        assert image.get_size() == size


def test_each_type_has_its_own_face_and_copies_share_one(art):
    size = (92, 129)
    faces: dict[bytes, object] = {}
    for card in DECK:
        raw = pygame.image.tobytes(art.face(card, size), "RGBA")
        kind = CARDS[card]
        assert faces.setdefault(raw, kind) == kind, f"{kind.name} looks like {faces[raw]}"
    assert len(set(faces.values())) == 42


BORDERS = {Kind.MONTH: "band", Kind.QUARTER: "dashed", Kind.WEATHER: "dashed",
           Kind.DAYS: "double", Kind.ZODIAC: "double", Kind.CUSP: "double",
           Kind.SEASON: "solid", Kind.BLUE_MOON: "solid"}


def test_kinds_differ_in_greyscale(art):
    """Without colour, two kinds are told apart by their border (solid, double, dashed,
    a month's band) or, with the same border, by a clearly different shade."""
    size = (92, 129)
    shades = {kind: pygame.transform.average_color(
        pygame.transform.grayscale(art.frame(kind, size)))[0] for kind in Kind}
    for a in Kind:
        for b in Kind:
            if a < b and BORDERS[a] == BORDERS[b]:
                assert abs(shades[a] - shades[b]) >= 12, (a.name, b.name, shades[a], shades[b])
