"""Enemy Anemone's card faces, backs and anemone tokens, drawn from the SVG art.

A face is the blank card, the suit's creature in the middle, and the rank in the
suit's colour in two corners; 3s, 5s and 8s carry a small gold "+1" pearl under
the corner index, visible in a fanned hand (they score an extra point).  Everything is rendered at the size asked for and cached.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from tabletop.engine.cards import rank_of, suit_of
from tabletop.games.enemy_anemone.cards import BONUS_RANKS
from tabletop.ui import theme
from tabletop.ui.assets import Assets
from tabletop.ui.cards import CardSprite, ImageCache, draw_indices
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image

__all__ = ["DISCARDED", "SUIT_FILES", "SUIT_INK", "EnemyAnemoneArt"]

#: The face of a turn in the trick where its player discarded instead.
DISCARDED = ("discarded",)

SUIT_FILES = ("crab", "fish", "starfish", "octopus", "turtle", "jellyfish")
#: Index colours, darker than the creatures so numerals read well on cream.
SUIT_INK = (
    (184, 48, 38),
    (30, 96, 178),
    (190, 114, 8),
    (98, 58, 168),
    (36, 124, 66),
    (196, 56, 120),
)


class EnemyAnemoneArt:
    """Card images for the Enemy Anemone table (keys: card ints, ``"back"``)."""

    def __init__(self, assets: Assets, text: Text) -> None:
        self.assets = assets
        self.text = text
        self.cards = ImageCache(self._make)
        self._tokens: dict[tuple[int, int], pygame.Surface] = {}

    def emblem(self, suit: int, size: int) -> pygame.Surface:
        return self.assets.svg(f"suits/{SUIT_FILES[suit]}.svg", (size, size))

    def _make(self, key: Hashable, size: tuple[int, int]) -> pygame.Surface:
        if key == CardSprite.BACK:
            return self.assets.svg("card_back.svg", size)
        if isinstance(key, tuple) and key[0] == "dim":
            return self.dimmed(key[1], size)
        if isinstance(key, tuple) and key[0] == "token":
            return self.token(key[1], size[0])
        if key == DISCARDED:
            return self.discard_marker(size)
        assert isinstance(key, int)
        return self.face(key, size)

    def discard_marker(self, size: tuple[int, int]) -> pygame.Surface:
        """The place of a turn in the trick where the player discarded instead (their
        name is its caption); solid, so nothing laid there before shows through."""
        w, h = size
        image = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(4, w // 9)
        pygame.draw.rect(image, theme.PANEL_SOLID, image.get_rect(), border_radius=radius)
        pygame.draw.rect(image, theme.PANEL_EDGE, image.get_rect(), 2, border_radius=radius)
        block = self.text.block("No new creature: discarded", max(11, round(h * 0.11)),
                                theme.INK_SOFT, w - max(8, w // 7), align="center")
        image.blit(block, block.get_rect(center=(w // 2, h // 2)))
        return image

    def dimmed(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """A face shown greyed: the card cannot be played now."""
        image = copy_image(self.cards.base(card, size))
        shade = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (20, 36, 40, 120), shade.get_rect(), border_radius=max(4, size[0] // 12))
        image.blit(shade, (0, 0))
        return image

    def face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        suit, rank = suit_of(card), rank_of(card)
        surface = self.assets.svg("card_face.svg", size).copy()
        ink = SUIT_INK[suit]
        big = self.emblem(suit, round(w * 0.58))
        surface.blit(big, big.get_rect(center=(w // 2, round(h * 0.53))))
        numeral = self.text.render(str(rank), max(10, round(h * 0.17)), ink, display=True, bold=True)
        draw_indices(surface, numeral, self.emblem(suit, max(8, round(w * 0.17))))
        margin = max(3, round(w * 0.07))
        if rank in BONUS_RANKS:  # under the corner index, where a fanned hand shows it
            self._pearl(surface, (margin + round(w * 0.1), margin + round(h * 0.42)), w)
        return surface

    def _pearl(self, surface: pygame.Surface, center: tuple[int, int], w: int) -> None:
        radius = max(5, round(w * 0.1))
        pygame.draw.circle(surface, (150, 104, 20), (center[0], center[1] + 1), radius + 1)
        pygame.draw.circle(surface, theme.GOLD, center, radius)
        label = self.text.render("+1", max(8, round(radius * 1.05)), theme.INK_DARK, bold=True)
        surface.blit(label, label.get_rect(center=(center[0], center[1] + 1)))

    def token(self, side: int, size: int) -> pygame.Surface:
        """An anemone token showing its +1 or +2 side."""
        key = (side, size)
        image = self._tokens.get(key)
        if image is None:
            image = self.assets.svg(f"anemone_{side}.svg", (size, size)).copy()
            radius = max(5, round(size * 0.2))
            center = (size - radius - 1, size - radius - 1)
            pygame.draw.circle(image, (20, 30, 34), center, radius + 1)
            pygame.draw.circle(image, theme.INK, center, radius)
            label = self.text.render(f"+{side}", max(8, round(radius * 1.1)), theme.INK_DARK,
                                     bold=True)
            image.blit(label, label.get_rect(center=center))
            self._tokens[key] = image
        return image
