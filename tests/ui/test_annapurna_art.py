"""Annapurna's art: every card draws at a small and a large size, every card looks its
own, yin and yang tell apart without colour, and the pieces and tokens draw."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games.annapurna.cards import CARDS_PER_SUIT, SUIT_NAMES, Effect, card_of, value
from tabletop.games.annapurna.table.art import SUIT_COLOURS, AnnapurnaArt
from tabletop.ui.assets import Assets, asset_root
from tabletop.ui.cards import CardSprite

SIZES = [(64, 90), (140, 196)]
ALL = range(len(SUIT_NAMES) * CARDS_PER_SUIT)


@pytest.fixture
def art(driver):
    return AnnapurnaArt(driver.ctx.assets, driver.ctx.text)


def grey_level(surface: pygame.Surface, area: pygame.Rect | None = None) -> float:
    part = surface.subsurface(area) if area is not None else surface
    return pygame.transform.average_color(pygame.transform.grayscale(part))[0]


@pytest.mark.parametrize("size", SIZES)
def test_every_card_draws_at_both_sizes(art, size):
    keys = [*ALL, CardSprite.BACK, *(("back", s) for s in range(4)), ("dim", 0), ("dim", 71)]
    for key in keys:
        image = art.cards.base(key, size)
        assert image.get_size() == size
        assert image.get_bounding_rect().size == size, key


@pytest.mark.parametrize("size", SIZES)
def test_every_card_looks_its_own(art, size):
    """Seventy-two faces, seventy-two pictures: the mandala differs even between the two
    copies of a value in a suit, and the frame differs between suits."""
    faces = {pygame.image.tobytes(art.face(card, size), "RGBA") for card in ALL}
    assert len(faces) == len(ALL)


def test_dim_is_darker_than_the_face(art):
    size = SIZES[0]
    for card in (0, 6, 12):
        assert grey_level(art.cards.base(("dim", card), size)) < grey_level(
            art.face(card, size)) - 20


@pytest.mark.parametrize("size", SIZES)
def test_yin_and_yang_corners_differ_in_greyscale(art, size):
    """The top-left corner (what shows in an overlapped row) of a yin card is dark and of
    a yang card light, whatever the suit."""
    w, h = size
    corner = pygame.Rect(0, 0, round(w * 0.4), round(h * 0.4))
    for suit in range(4):
        yin = [grey_level(art.face(card_of(suit, i), size), corner) for i in range(6)]
        yang = [grey_level(art.face(card_of(suit, i), size), corner) for i in range(6, 12)]
        assert max(yin) + 80 < min(yang), (suit, yin, yang)


def test_yin_and_yang_icons_differ_in_greyscale(art):
    for size in (16, 32):
        yin, yang = art.yin_icon(size), art.yang_icon(size)
        assert abs(grey_level(yin) - grey_level(yang)) > 40
        # different shapes, too: the sun's rays leave its corners emptier than the disc
        assert (pygame.mask.from_surface(yin).count()
                != pygame.mask.from_surface(yang).count())


def test_suit_colours_differ_in_greyscale():
    levels = sorted(0.299 * r + 0.587 * g + 0.114 * b for r, g, b in SUIT_COLOURS)
    assert all(b - a >= 30 for a, b in zip(levels, levels[1:])), levels


def test_symbol_counts_show_as_pips(art):
    """More symbols cover more of the field: a four is busier than a one."""
    size = SIZES[1]

    def inked(card: int, field: str) -> int:
        face, bare = art.face(card, size), art.frame(card, field, size)
        return sum(face.get_at((x, y)) != bare.get_at((x, y))
                   for x in range(0, size[0], 2) for y in range(0, size[1], 2))

    for one, four, field in ((0, 5, "yin"), (6, 11, "yang")):
        assert abs(value(four)) == 4 and abs(value(one)) == 1
        assert inked(four, field) > 1.2 * inked(one, field)


def test_every_annapurna_svg_renders():
    pygame.display.init()
    assets = Assets()
    folder = asset_root() / "art" / "annapurna"
    names = sorted(p.name for p in folder.glob("*.svg"))
    expected = {"back.svg", "yin.svg", "yang.svg", "yin_icon.svg", "meeple_hiking.svg",
                "meeple_shenpa.svg", "peak_token.svg", "flag_1.svg", "flag_2.svg", "flag_3.svg",
                *(f"{e.value}.svg" for e in Effect),
                *(f"mandala_{i:02d}.svg" for i in range(CARDS_PER_SUIT))}
    assert expected <= set(names)
    for name in names:
        text = (folder / name).read_text(encoding="utf-8")
        assert "<text" not in text, name  # SDL does not draw SVG text
        for size in ((16, 16), (140, 196)):
            image = assets.svg(f"annapurna/{name}", size)
            assert image.get_size() == size
            assert image.get_bounding_rect().w > 0, f"{name} rendered empty"


def test_meeples_tokens_and_flags_draw(art):
    meeples = set()
    for suit in range(4):
        for shenpa in (False, True):
            image = art.meeple(suit, shenpa, 48)
            assert image.get_size() == (48, 48) and image.get_bounding_rect().w > 10
            meeples.add(pygame.image.tobytes(image, "RGBA"))
        assert art.suit_colour(suit) == SUIT_COLOURS[suit]
        assert art.emblem(suit, 24).get_bounding_rect().w > 0
        assert art.mandala(card_of(suit, 3), 64).get_bounding_rect().w > 0
    assert len(meeples) == 8
    tokens = {pygame.image.tobytes(art.peak_token(n, 40), "RGBA") for n in range(1, 5)}
    assert len(tokens) == 4
    flags = [art.flag(n, 48) for n in (1, 2, 3)]
    widths = [f.get_bounding_rect().w for f in flags]
    assert widths == sorted(widths) and len(set(widths)) == 3
    for effect in Effect:
        assert art.effect_icon(effect, 32).get_bounding_rect().w > 0
