"""Tweens that move sprites: cards flying, tokens sliding, highlights popping in.

Shared by every game's table.  Card flights zoom and flip through a few cached
images instead of scaling every frame (see :mod:`tabletop.ui.cards`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Sprite
from tabletop.ui.tween import Ease, Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic

__all__ = ["fly", "move_center", "pop_in", "turn_over"]


def fly(sprite: CardSprite, to: tuple[float, float], seconds: float, *, delay: float = 0.0,
        angle: float | None = None, size: tuple[int, int] | None = None,
        face_up: bool | None = None, done: Any = None, begin: Any = None) -> Tween:
    """A tween that moves a card's centre to ``to``, turning, resizing and (if ``face_up``
    differs from how it lies now) flipping it over on the way.

    Resizing zooms the card's current image in steps and switches to a crisp image
    at the new size on arrival, so a flight renders only a handful of images.
    """
    start: dict[str, Any] = {}

    def on_begin() -> None:
        start["center"] = sprite.center
        start["zoom"] = sprite.zoom
        start["end_zoom"] = size[0] / sprite.size[0] if size is not None else sprite.zoom
        start["flip"] = face_up is not None and face_up != sprite.face_up
        if begin is not None:
            begin()

    def step(t: float) -> None:
        (x0, y0), (x1, y1) = start["center"], to
        pose: dict[str, Any] = {}
        if angle is not None and t >= 1.0:
            pose["angle"] = angle  # turning in flight would render many images: turn on arrival
        if size is not None:
            pose["zoom"] = start["zoom"] + (start["end_zoom"] - start["zoom"]) * t
        if start["flip"]:
            # Edge-on at the middle of the flight; the other side shows after.
            if t < 0.5:
                pose["flip"] = 1.0 - t * 2
            else:
                pose["face_up"] = face_up
                pose["flip"] = (t - 0.5) * 2
        if t >= 1.0 and size is not None:
            pose["size"], pose["zoom"] = size, 1.0
        sprite.set_pose(**pose)
        sprite.center_on(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)

    return Tween(seconds, step, ease=ease_in_out_cubic, delay=delay, begin=on_begin, done=done)


def move_center(sprite: Sprite, to: tuple[float, float], seconds: float, *, delay: float = 0.0,
                ease: Ease = ease_out_cubic, done: Callable[[], None] | None = None) -> Tween:
    """Slide a sprite's centre to ``to``."""
    start: dict[str, tuple[float, float]] = {}

    def begin() -> None:
        start["c"] = sprite.center

    def step(t: float) -> None:
        (x0, y0), (x1, y1) = start["c"], to
        sprite.center_on(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)

    return Tween(seconds, step, ease=ease, delay=delay, begin=begin, done=done)


def pop_in(sprite: Sprite, rise: float = 8.0, seconds: float = 0.25) -> Tween:
    """Bring a highlight in with a little upward bounce (no per-frame alpha)."""
    start: dict[str, tuple[float, float]] = {}

    def begin() -> None:
        start["p"] = sprite.pos
        sprite.move_to(start["p"][0], start["p"][1] + rise)

    def step(t: float) -> None:
        x, y = start["p"]
        sprite.move_to(x, y + rise * (1 - t))

    return Tween(seconds, step, ease=ease_out_back, begin=begin)


def turn_over(sprite: CardSprite, face: Hashable, seconds: float = 0.3) -> Tween:
    """Turn a card over where it lies: edge-on halfway, then showing ``face``."""
    def step(t: float) -> None:
        if t >= 0.5 and (sprite.face != face or not sprite.face_up):
            sprite.face, sprite.face_up = face, True
            sprite.refresh()
        sprite.set_pose(flip=max(0.05, abs(1.0 - 2.0 * t)))

    return Tween(seconds, step, ease=ease_in_out_cubic)
