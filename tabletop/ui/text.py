"""Rendered text, cached: labels are drawn every frame but rendered once.

Any text that reaches the screen goes through :func:`printable` first, so names
with control characters, or 10,000 characters of nonsense, are shown safely and
clipped instead of breaking a layout.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict, deque
from collections.abc import Callable

import pygame

from tabletop.ui.assets import Assets
from tabletop.ui.theme import Color

__all__ = ["Text", "printable"]

MAX_RENDER_CHARS = 400


def printable(text: str, limit: int = MAX_RENDER_CHARS) -> str:
    """``text`` without control characters, cut to ``limit`` characters."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in str(text)[: limit * 2])
    return cleaned[:limit]


class Text:
    """Renders strings with the bundled fonts and keeps the surfaces."""

    def __init__(self, assets: Assets, cache_size: int = 1500) -> None:
        self.assets = assets
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._cache_size = cache_size
        self._wraps: OrderedDict[tuple[object, ...], list[str]] = OrderedDict()
        self._widths: dict[tuple[int, bool, bool], dict[str, int]] = {}
        #: Lines that had to be cut short with an ellipsis (the last 50; layout checks
        #: read this).
        self.cut: deque[str] = deque(maxlen=50)
        self._shortened: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()
        #: The pictures of words handed out (layout checks tell text from other images).
        self.made: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()

    def font(self, size: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
        return self.assets.font(size, bold, display)

    def render(self, text: str, size: int, color: Color, *, bold: bool = False,
               display: bool = False, max_width: int | None = None,
               shadow: Color | None = None) -> pygame.Surface:
        """One line of text (cut with an ellipsis to ``max_width`` if given)."""
        key = (text, size, color, bold, display, max_width, shadow)
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            if surface in self._shortened:  # told each time it is drawn, not only the first
                self.cut.append(printable(text))
            return surface
        font = self.font(size, bold, display)
        line = printable(text)
        shortened = False
        if max_width is not None:
            fitted = self.fit(line, font, max_width)
            if fitted != line:
                self.cut.append(line)
                shortened = True
            line = fitted
        surface = self._render_line(font, line, color, shadow, size)
        self.made.add(surface)
        if shortened:
            self._shortened.add(surface)
        self._cache[key] = surface
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return surface

    @staticmethod
    def _render_line(font: pygame.font.Font, line: str, color: Color, shadow: Color | None,
                     size: int) -> pygame.Surface:
        face = font.render(line or " ", True, color)
        if shadow is None:
            return face.convert_alpha() if pygame.display.get_surface() else face
        offset = max(1, size // 14)
        back = font.render(line or " ", True, shadow)
        out = pygame.Surface((face.get_width() + offset, face.get_height() + offset),
                             pygame.SRCALPHA)
        out.blit(back, (offset, offset))
        out.blit(face, (0, 0))
        return out

    def _measure(self, size: int, bold: bool, display: bool) -> Callable[[str], int]:
        """The width of a word at a type size, each word measured once."""
        key = (size, bold, display)
        known = self._widths.get(key)
        if known is None or len(known) > 4000:
            known = self._widths[key] = {}
        font = self.font(size, bold, display)

        def width(word: str) -> int:
            wide = known.get(word)
            if wide is None:
                wide = known[word] = font.size(word)[0]
            return wide
        return width

    def size_to_fit(self, text: str, size: int, max_width: int, *, bold: bool = False,
                    display: bool = False, smallest: int = 9) -> int:
        """The largest point size up to ``size`` at which ``text`` fits ``max_width``
        (``smallest`` if none does: then the line is cut when rendered)."""
        while size > smallest and self.font(size, bold, display).size(text)[0] > max_width:
            size -= 1
        return size

    @staticmethod
    def fit(line: str, font: pygame.font.Font, max_width: int) -> str:
        """``line`` cut with an ellipsis so that it renders within ``max_width`` pixels."""
        if font.size(line)[0] <= max_width:
            return line
        low, high = 0, len(line)
        while low < high:  # the longest prefix that fits with the ellipsis
            mid = (low + high + 1) // 2
            if font.size(line[:mid].rstrip() + "…")[0] <= max_width:
                low = mid
            else:
                high = mid - 1
        return line[:low].rstrip() + "…"

    def wrap(self, text: str, size: int, max_width: int, *, bold: bool = False,
             display: bool = False) -> list[str]:
        """Break ``text`` into lines no wider than ``max_width`` (long words are cut)."""
        key = (text, size, max_width, bold, display)
        cached = self._wraps.get(key)
        if cached is not None:
            return cached
        lines = self._wrap(text, size, max_width, bold, display)
        self._wraps[key] = lines
        if len(self._wraps) > self._cache_size:
            self._wraps.popitem(last=False)
        return lines

    def _wrap(self, text: str, size: int, max_width: int, bold: bool,
              display: bool) -> list[str]:
        font = self.font(size, bold, display)
        width = self._measure(size, bold, display)
        space = width(" ")
        lines: list[str] = []
        for paragraph in printable(text, 20_000).split("\n"):
            words = paragraph.split(" ")
            current, used = "", 0
            for word in words:
                wide = width(word)
                if not current and wide <= max_width:
                    current, used = word, wide
                    continue
                # Words are measured once each and a line is their sum; near the edge
                # (kerning may add a pixel or two) the line itself is measured.
                grown = used + space + wide
                if current and (grown <= max_width - 2 or grown <= max_width + 2 and
                                font.size(f"{current} {word}")[0] <= max_width):
                    current, used = f"{current} {word}", grown
                    continue
                if current:
                    lines.append(current)
                while font.size(word)[0] > max_width and len(word) > 1:
                    cut = len(word)
                    while cut > 1 and font.size(word[:cut])[0] > max_width:
                        cut = max(1, cut * 3 // 4)
                    lines.append(word[:cut])
                    word = word[cut:]
                current, used = word, width(word)
            lines.append(current)
        return lines

    def block(self, text: str, size: int, color: Color, max_width: int, *,
              bold: bool = False, line_gap: float = 1.3, align: str = "left") -> pygame.Surface:
        """A wrapped paragraph rendered onto one transparent surface (kept, like a line:
        treat it as read-only)."""
        key = ("block", text, size, color, max_width, bold, line_gap, align)
        kept = self._cache.get(key)
        if kept is not None:
            self._cache.move_to_end(key)
            return kept
        lines = self.wrap(text, size, max_width, bold=bold)
        font = self.font(size, bold)
        step = round(font.get_linesize() * line_gap)
        surface = pygame.Surface((max_width, max(step * len(lines), 1)), pygame.SRCALPHA)
        for i, line in enumerate(lines):
            image = self.render(line, size, color, bold=bold)
            x = {"left": 0, "center": (max_width - image.get_width()) // 2,
                 "right": max_width - image.get_width()}[align]
            surface.blit(image, (x, i * step))
        self.made.add(surface)
        self._cache[key] = surface
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return surface
