"""A seat's name plate: who sits there (human or bot and its level), a few figures,
and a glow when it is that seat's turn.  Rendered to one image per change."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.ui import theme
from tabletop.ui.assets import Assets
from tabletop.ui.text import Text
from tabletop.ui.widgets.base import copy_image, panel_surface

__all__ = ["SeatInfo", "seat_panel_image", "PLAYER_COLORS"]

#: One colour per seat, for name plates and charts (distinct in lightness too).
PLAYER_COLORS = (
    (244, 196, 82),
    (126, 214, 236),
    (240, 128, 116),
    (160, 226, 140),
    (206, 160, 246),
    (250, 250, 246),
)


@dataclass(frozen=True)
class SeatInfo:
    name: str
    is_bot: bool
    level: str | None
    seat: int
    active: bool = False
    lines: tuple[tuple[str, str], ...] = ()  # (label, value) shown under the name
    note: str = ""  # a short status, e.g. "thinking…"
    remote: str = ""  # played from another computer: "here", or "away" while its player is gone


_CACHE: dict[tuple[SeatInfo, tuple[int, int], float], pygame.Surface] = {}
_CACHE_LIMIT = 256


def seat_panel_image(info: SeatInfo, size: tuple[int, int], text: Text, assets: Assets,
                     scale: float) -> pygame.Surface:
    """The name plate for ``info`` (cached: plates change rarely and repeat often)."""
    key = (info, size, scale)
    image = _CACHE.get(key)
    if image is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        image = _CACHE[key] = _render(info, size, text, assets, scale)
    return image


def _render(info: SeatInfo, size: tuple[int, int], text: Text, assets: Assets,
            scale: float) -> pygame.Surface:
    w, h = size
    # Everything inside scales so that the name, the status and the lines always fit.
    scale = min(scale, h / (64 + 28 * max(1, len(info.lines))), w / 236)
    surface = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
    inner = pygame.Rect(6, 6, w, h)
    radius = round(16 * scale)
    if info.active:
        glow = panel_surface((w + 12, h + 12), (*theme.HIGHLIGHT, 70), radius + 6)
        surface.blit(glow, (0, 0))
    edge = theme.HIGHLIGHT if info.active else theme.PANEL_EDGE
    surface.blit(panel_surface(inner.size, theme.PANEL, radius, edge, 3 if info.active else 2),
                 inner)
    color = PLAYER_COLORS[info.seat % len(PLAYER_COLORS)]
    pad = round(12 * scale)
    icon_size = round(26 * scale)
    icon = copy_image(assets.svg("ui/bot.svg" if info.is_bot else "ui/person.svg", (icon_size, icon_size)))
    icon.fill((*color, 255), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(icon, (inner.x + pad, inner.y + pad))
    name_x = inner.x + pad + icon_size + round(8 * scale)
    name = text.render(info.name, round(23 * scale), color, bold=True,
                       max_width=inner.right - name_x - pad)
    surface.blit(name, (name_x, inner.y + pad + icon_size // 2 - name.get_height() // 2))
    y = inner.y + pad + icon_size + round(6 * scale)
    subtitle = f"{info.level.title()} bot" if info.is_bot and info.level else (
        "Bot" if info.is_bot else "Away: the seat waits" if info.remote == "away"
        else "At another computer" if info.remote else "Human")
    if info.note:
        subtitle = info.note
    sub = text.render(subtitle, round(16 * scale), theme.GOLD if info.note else theme.INK_DIM,
                      max_width=inner.w - 2 * pad)
    surface.blit(sub, (inner.x + pad, y))
    y += sub.get_height() + round(4 * scale)
    _lines(surface, info.lines, inner, pad, y, text, scale)
    return surface


def _lines(surface: pygame.Surface, lines: Sequence[tuple[str, str]], inner: pygame.Rect,
           pad: int, y: int, text: Text, scale: float) -> None:
    for label, value in lines:
        left = text.render(label, round(17 * scale), theme.INK_SOFT)
        right = text.render(value, round(18 * scale), theme.INK, bold=True)
        surface.blit(left, (inner.x + pad, y))
        surface.blit(right, (inner.right - pad - right.get_width(), y))
        y += max(left.get_height(), right.get_height()) + round(2 * scale)
