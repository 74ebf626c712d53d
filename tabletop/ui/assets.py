"""Finding and loading art, fonts and sounds, with caches.

The top-level ``art/`` and ``sounds/`` folders travel inside the wheel as
``tabletop/_data/art`` and ``tabletop/_data/sounds`` (hatchling force-include).
An editable install or a source checkout has no ``_data``: the folders are then
found beside the package, at the root of the checkout.
"""

from __future__ import annotations

import os
import tempfile
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame

__all__ = ["AssetError", "Assets", "asset_root"]

_PACKAGE = Path(__file__).resolve().parents[1]


class AssetError(RuntimeError):
    """A bundled file is missing: the installation is incomplete."""


@lru_cache(maxsize=1)
def asset_root() -> Path:
    """The folder that holds ``art/`` and ``sounds/``: inside the package, else the checkout."""
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent):
        if (candidate / "art").is_dir() and (candidate / "sounds").is_dir():
            return candidate
    raise AssetError(
        "Tabletop's art and sounds were not found next to the program; please reinstall it.")


#: Renders at least this many pixels are also kept on disk between runs (and the
#: art the first picture shows, asked for with ``keep``).
DISK_CACHE_PIXELS = 40_000
#: How many such renders to keep.
DISK_CACHE_FILES = 16


class Assets:
    """Loads SVG art at any size and fonts at any size, each cached.

    Large renders (the felt, game covers) are also kept in ``disk_cache`` so that
    the next start shows the menu without rendering them again.
    """

    def __init__(self, root: Path | None = None, svg_cache_size: int = 600,
                 disk_cache: Path | None = None) -> None:
        self.root = root if root is not None else asset_root()
        self.disk_cache = disk_cache
        self._svg: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()
        self._svg_cache_size = svg_cache_size
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    # -- paths ------------------------------------------------------------------
    def art_path(self, name: str) -> Path:
        path = self.root / "art" / name
        if not path.is_file():
            raise AssetError(f"missing art file: art/{name}")
        return path

    def sound_path(self, name: str) -> Path:
        return self.root / "sounds" / name

    def font_path(self, name: str) -> Path:
        return self.art_path(f"fonts/{name}")

    # -- images -----------------------------------------------------------------
    def svg(self, name: str, size: tuple[int, int], keep: bool = False) -> pygame.Surface:
        """``art/name`` rendered at ``size`` (cached; treat the result as read-only).

        ``keep`` also keeps a small render on disk between runs: for the art of the
        first picture, so that the program opens quickly."""
        width, height = max(1, int(size[0])), max(1, int(size[1]))
        key = (name, width, height)
        surface = self._svg.get(key)
        if surface is not None:
            self._svg.move_to_end(key)
            return surface
        def render() -> pygame.Surface:
            loaded = pygame.image.load_sized_svg(str(self.art_path(name)), (width, height))
            if loaded.get_size() != (width, height):
                loaded = pygame.transform.smoothscale(loaded, (width, height))
            return loaded

        loaded = self._from_disk(f"svg:{name}", (width, height), render, keep)
        surface = loaded.convert_alpha() if pygame.display.get_surface() else loaded
        self._svg[key] = surface
        if len(self._svg) > self._svg_cache_size:
            self._svg.popitem(last=False)
        return surface

    def backdrop(self, name: str, size: tuple[int, int], detail: float = 0.25) -> pygame.Surface:
        """A large, soft SVG (the felt) rendered at ``detail`` of the size and scaled up.

        Rendering a full-screen SVG takes a quarter of a second; a soft gradient
        rendered small and smoothed up looks the same and costs a tenth of that.
        """
        width, height = max(1, int(size[0])), max(1, int(size[1]))
        key = (f"backdrop:{name}", width, height)
        surface = self._svg.get(key)
        if surface is None:
            def render() -> pygame.Surface:
                small = self.svg(name, (max(8, round(width * detail)),
                                        max(8, round(height * detail))))
                return pygame.transform.smoothscale(small, (width, height))

            surface = self._from_disk(f"backdrop:{name}:{detail}", (width, height), render)
            if pygame.display.get_surface():
                surface = surface.convert()
            self._svg[key] = surface
        return surface

    def _from_disk(self, what: str, size: tuple[int, int],
                   render: Callable[[], pygame.Surface], keep: bool = False) -> pygame.Surface:
        """``render()``, or the copy kept on disk from an earlier run of the same art."""
        if self.disk_cache is None or (size[0] * size[1] < DISK_CACHE_PIXELS and not keep):
            return render()
        source = self.root / "art" / what.split(":")[1]
        try:
            stamp = source.stat()
        except OSError:
            return render()
        label = "".join(ch if ch.isalnum() else "-" for ch in what)
        path = self.disk_cache / (f"{label}-{size[0]}x{size[1]}-{stamp.st_size}"
                                  f"-{stamp.st_mtime_ns}.rgba")
        try:
            raw = path.read_bytes()
            if len(raw) == size[0] * size[1] * 4:
                return pygame.image.frombytes(raw, size, "RGBA")
        except OSError:
            pass
        surface = render()
        try:
            self.disk_cache.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.disk_cache, suffix=".tmp")
            with os.fdopen(fd, "wb") as handle:
                handle.write(pygame.image.tobytes(surface, "RGBA"))
            os.replace(tmp, path)
            self._prune_disk_cache()
        except OSError:
            pass  # a cache that cannot be written just means rendering next time too
        return surface

    def _prune_disk_cache(self, keep: int = DISK_CACHE_FILES) -> None:
        """Keep the newest few renders (window sizes change; old ones are dead weight)."""
        assert self.disk_cache is not None
        files = sorted(self.disk_cache.glob("*.rgba"), key=lambda p: p.stat().st_mtime,
                       reverse=True)
        for old in files[keep:]:
            old.unlink(missing_ok=True)

    # -- fonts ------------------------------------------------------------------
    def font(self, size: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
        """Lato for reading (``bold`` for emphasis), Quicksand for display type."""
        if display:
            name = "Quicksand-Bold.ttf" if bold else "Quicksand-Medium.ttf"
        else:
            name = "Lato-Bold.ttf" if bold else "Lato-Regular.ttf"
        key = (name, max(6, int(size)))
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(self.font_path(name)), key[1])
            self._fonts[key] = font
        return font
