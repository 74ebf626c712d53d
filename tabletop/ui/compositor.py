"""Dirty-rectangle drawing: redraw only what changed since the last frame.

The table keeps a pre-drawn background (felt and everything static) and a list
of sprites in layers.  When a sprite moves or changes its image, the compositor
repaints the area it left and the area it now covers — background first, then
every sprite overlapping that area in layer order — and reports those rectangles
so that only they are sent to the screen.  A quiet frame costs almost nothing.
"""

from __future__ import annotations

import pygame

__all__ = ["Compositor", "Sprite"]

#: Above this share of the screen, one full repaint is cheaper than many patches.
FULL_REPAINT_SHARE = 0.45


class Sprite:
    """An image at a position, in a layer.  Setting any attribute marks it dirty."""

    __slots__ = ("_image", "_x", "_y", "_layer", "_visible", "_drawn", "_owner", "_order", "tag")

    def __init__(self, image: pygame.Surface, x: float = 0.0, y: float = 0.0,
                 layer: int = 0, tag: object = None) -> None:
        self._image = image
        self._x = float(x)
        self._y = float(y)
        self._layer = layer
        self._visible = True
        self._drawn: pygame.Rect | None = None
        self._owner: Compositor | None = None
        self._order = 0
        self.tag = tag

    # -- geometry -----------------------------------------------------------------
    @property
    def rect(self) -> pygame.Rect:
        w, h = self._image.get_size()
        return pygame.Rect(round(self._x), round(self._y), w, h)

    @property
    def pos(self) -> tuple[float, float]:
        return self._x, self._y

    @property
    def center(self) -> tuple[float, float]:
        w, h = self._image.get_size()
        return self._x + w / 2, self._y + h / 2

    def move_to(self, x: float, y: float) -> None:
        if round(x) != round(self._x) or round(y) != round(self._y):
            self._touch()
        self._x, self._y = x, y

    def center_on(self, cx: float, cy: float) -> None:
        w, h = self._image.get_size()
        self.move_to(cx - w / 2, cy - h / 2)

    # -- appearance ---------------------------------------------------------------
    @property
    def image(self) -> pygame.Surface:
        return self._image

    @image.setter
    def image(self, image: pygame.Surface) -> None:
        if image is not self._image:
            self._touch()
            self._image = image

    def set_image_centered(self, image: pygame.Surface) -> None:
        """Swap the image keeping the same centre (for rotated or scaled images)."""
        cx, cy = self.center
        self.image = image
        self.center_on(cx, cy)

    @property
    def layer(self) -> int:
        return self._layer

    @layer.setter
    def layer(self, layer: int) -> None:
        if layer != self._layer:
            self._layer = layer
            self._touch()
            if self._owner is not None:
                self._owner._needs_sort = True

    @property
    def visible(self) -> bool:
        return self._visible

    @visible.setter
    def visible(self, visible: bool) -> None:
        if visible != self._visible:
            self._visible = visible
            self._touch()

    def _touch(self) -> None:
        if self._owner is not None:
            self._owner._changed.add(self)


class Compositor:
    """Owns the background and the sprites, and repaints only what changed."""

    def __init__(self, background: pygame.Surface) -> None:
        self.background = background
        self._sprites: list[Sprite] = []
        self._changed: set[Sprite] = set()
        self._invalid: list[pygame.Rect] = []
        self._needs_sort = False
        self._full = True
        self._counter = 0

    @property
    def size(self) -> tuple[int, int]:
        return self.background.get_size()

    @property
    def sprites(self) -> list[Sprite]:
        return list(self._sprites)

    def set_background(self, background: pygame.Surface) -> None:
        self.background = background
        self._full = True

    def add(self, sprite: Sprite) -> Sprite:
        if sprite._owner is self:
            return sprite
        if sprite._owner is not None:
            sprite._owner.remove(sprite)
        sprite._owner = self
        self._counter += 1
        sprite._order = self._counter
        sprite._drawn = None
        self._sprites.append(sprite)
        self._needs_sort = True
        self._changed.add(sprite)
        return sprite

    def remove(self, sprite: Sprite) -> None:
        if sprite._owner is not self:
            return
        self._sprites.remove(sprite)
        if sprite._drawn is not None:
            self._invalid.append(sprite._drawn)
        self._changed.discard(sprite)
        sprite._owner = None
        sprite._drawn = None

    def clear(self) -> None:
        for sprite in list(self._sprites):
            self.remove(sprite)
        self._full = True

    def raise_to_top(self, sprite: Sprite) -> None:
        """Draw ``sprite`` above others of its layer."""
        self._counter += 1
        sprite._order = self._counter
        self._needs_sort = True
        sprite._touch()

    def invalidate(self, rect: pygame.Rect | None = None) -> None:
        """Repaint an area (or everything) on the next frame."""
        if rect is None:
            self._full = True
        else:
            self._invalid.append(pygame.Rect(rect))

    def sprite_at(self, pos: tuple[int, int], accept: type | None = None) -> Sprite | None:
        """The topmost visible sprite under ``pos`` (optionally with a given tag type)."""
        self._sort()
        for sprite in reversed(self._sprites):
            if sprite._visible and sprite.rect.collidepoint(pos):
                if accept is None or isinstance(sprite.tag, accept):
                    return sprite
        return None

    # -- drawing ------------------------------------------------------------------
    def _sort(self) -> None:
        if self._needs_sort:
            self._sprites.sort(key=lambda s: (s._layer, s._order))
            self._needs_sort = False

    def render(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Repaint what changed onto ``surface``; return the rectangles to update."""
        self._sort()
        screen = surface.get_rect()
        if self._full:
            return self._render_full(surface)
        dirty = self._invalid
        for sprite in self._changed:
            if sprite._drawn is not None:
                dirty.append(sprite._drawn)
            if sprite._visible:
                dirty.append(sprite.rect)
        self._invalid = []
        self._changed = set()
        if not dirty:
            return []
        patches = _merge([r.clip(screen) for r in dirty if r.colliderect(screen)])
        if sum(r.w * r.h for r in patches) > FULL_REPAINT_SHARE * screen.w * screen.h:
            return self._render_full(surface)
        visible = [s for s in self._sprites if s._visible]
        rects = [s.rect for s in visible]
        background = self.background
        blit = surface.blit
        for patch in patches:
            blit(background, patch, patch)
            for index in patch.collidelistall(rects):
                rect = rects[index]
                area = patch.clip(rect)
                blit(visible[index]._image, area.topleft, area.move(-rect.x, -rect.y))
        for sprite, rect in zip(visible, rects):
            sprite._drawn = rect
        for sprite in self._sprites:
            if not sprite._visible:
                sprite._drawn = None
        return patches

    def _render_full(self, surface: pygame.Surface) -> list[pygame.Rect]:
        surface.blit(self.background, (0, 0))
        for sprite in self._sprites:
            if sprite._visible:
                rect = sprite.rect
                surface.blit(sprite._image, rect)
                sprite._drawn = rect
            else:
                sprite._drawn = None
        self._full = False
        self._invalid = []
        self._changed = set()
        return [surface.get_rect()]


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Union overlapping rectangles until none overlap (few rectangles: simple is fine)."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        if rect.w <= 0 or rect.h <= 0:
            continue
        current = pygame.Rect(rect)
        changed = True
        while changed:
            changed = False
            index = current.collidelist(merged)
            if index != -1:
                current.union_ip(merged.pop(index))
                changed = True
        merged.append(current)
    return merged
