"""Card sprites: face or back, at any size, tilted and flipped — from a cache.

Rotating or scaling an image costs a third of a millisecond; a card flying across
the table would pay that every frame.  Instead angles are rounded to whole steps
and flips/zooms to a few stages, and every variant is made once and kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from tabletop.ui.compositor import Sprite
from tabletop.ui.widgets.base import copy_image

__all__ = ["CardSprite", "ImageCache", "dimmed", "draw_indices"]

ANGLE_STEP = 2.0
SCALE_STAGES = 16
#: Zoom is rounded to this step (a card growing in flight reuses a few images).
ZOOM_STEP = 0.05


class ImageCache:
    """Base images by key, and their tilted/squeezed variants, least recently used out."""

    def __init__(self, make: Callable[[Hashable, tuple[int, int]], pygame.Surface],
                 capacity: int = 700, passing: int = 240) -> None:
        self._make = make
        #: Images that stay on the table: faces at their sizes and tilts.
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        #: Frames of a flip or a zoom, seen for a moment and by other cards' flights
        #: after; kept apart so that they never push the lasting images out.
        self._passing: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._capacity = capacity
        self._passing_capacity = passing

    def _get(self, key: tuple[object, ...], build: Callable[[], pygame.Surface],
             passing: bool = False) -> pygame.Surface:
        cache = self._passing if passing else self._cache
        image = cache.get(key)
        if image is None:
            image = build()
            cache[key] = image
            if len(cache) > (self._passing_capacity if passing else self._capacity):
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        return image

    def base(self, key: Hashable, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("base", key, size), lambda: self._make(key, size))

    def variant(self, key: Hashable, size: tuple[int, int], angle: float = 0.0,
                squeeze: float = 1.0, zoom: float = 1.0) -> pygame.Surface:
        """``key`` at ``size`` times ``zoom``, squeezed horizontally, rotated by ``angle``.

        Zoom, squeeze and angle are rounded to a few steps so that animations reuse
        images; the base image at ``size`` is drawn once from the art.
        """
        angle = round(angle / ANGLE_STEP) * ANGLE_STEP
        stage = max(0, min(SCALE_STAGES, round(squeeze * SCALE_STAGES)))
        zoom = max(ZOOM_STEP, round(zoom / ZOOM_STEP) * ZOOM_STEP)
        if angle == 0 and stage == SCALE_STAGES and abs(zoom - 1.0) < 1e-9:
            return self.base(key, size)

        def build() -> pygame.Surface:
            image = self.base(key, size)
            width = max(1, round(size[0] * zoom * stage / SCALE_STAGES))
            height = max(1, round(size[1] * zoom))
            if (width, height) != image.get_size():
                image = pygame.transform.smoothscale(image, (width, height))
            if angle:
                image = pygame.transform.rotozoom(image, angle, 1.0)
            return image

        return self._get(("var", key, size, angle, stage, round(zoom, 3)), build,
                         passing=stage != SCALE_STAGES or abs(zoom - 1.0) > 1e-9)

    def clear(self) -> None:
        self._cache.clear()
        self._passing.clear()


class CardSprite(Sprite):
    """A card on the table.  ``face`` is the key of its face (``None``: unknown card)."""

    __slots__ = ("images", "face", "face_up", "size", "angle", "flip", "zoom")

    BACK = "back"

    def __init__(self, images: ImageCache, face: Hashable | None, size: tuple[int, int],
                 face_up: bool = True, layer: int = 10) -> None:
        self.images = images
        self.face = face
        self.face_up = face_up and face is not None
        self.size = size
        self.angle = 0.0
        self.flip = 1.0  # 1: fully shown; towards 0 the card turns edge-on
        self.zoom = 1.0
        super().__init__(self._render(), 0, 0, layer, tag=face)

    def _render(self) -> pygame.Surface:
        key = self.face if self.face_up and self.face is not None else self.BACK
        return self.images.variant(key, self.size, self.angle, abs(self.flip), self.zoom)

    def refresh(self) -> None:
        """Re-pick the image after changing face, size, angle, flip or zoom (keeps the centre)."""
        self.set_image_centered(self._render())

    def set_pose(self, *, center: tuple[float, float] | None = None, angle: float | None = None,
                 size: tuple[int, int] | None = None, face_up: bool | None = None,
                 flip: float | None = None, zoom: float | None = None) -> None:
        changed = False
        if angle is not None and angle != self.angle:
            self.angle, changed = angle, True
        if size is not None and size != self.size:
            self.size, changed = size, True
        if face_up is not None and face_up != self.face_up:
            self.face_up, changed = face_up and self.face is not None, True
        if flip is not None and flip != self.flip:
            self.flip, changed = flip, True
        if zoom is not None and zoom != self.zoom:
            self.zoom, changed = zoom, True
        if changed:
            self.refresh()
        if center is not None:
            self.center_on(*center)


def draw_indices(face: pygame.Surface, numeral: pygame.Surface, emblem: pygame.Surface) -> None:
    """The corner indices of a card face: the rank over a small suit emblem at the top
    left, and the same turned round at the bottom right."""
    w, h = face.get_size()
    margin = max(3, round(w * 0.07))
    corner = pygame.Surface((max(numeral.get_width(), emblem.get_width()),
                             numeral.get_height() + emblem.get_height()), pygame.SRCALPHA)
    corner.blit(numeral, numeral.get_rect(midtop=(corner.get_width() // 2, 0)))
    corner.blit(emblem, emblem.get_rect(midtop=(corner.get_width() // 2,
                                                numeral.get_height() - round(h * 0.02))))
    face.blit(corner, (margin, margin - round(h * 0.01)))
    turned = pygame.transform.rotate(corner, 180)
    face.blit(turned, turned.get_rect(bottomright=(w - margin, h - margin + round(h * 0.01))))


def dimmed(face: pygame.Surface, shade: tuple[int, int, int, int],
           radius: int) -> pygame.Surface:
    """A copy of ``face`` under a translucent ``shade`` with rounded corners (a card
    that cannot be used now, or one known but lying face down)."""
    image = copy_image(face)
    veil = pygame.Surface(face.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(veil, shade, veil.get_rect(), border_radius=radius)
    image.blit(veil, (0, 0))
    return image
