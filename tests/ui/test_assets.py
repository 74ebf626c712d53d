"""Art and sounds are found from a source checkout (editable install) and from a wheel."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pygame
import pytest

from tabletop.ui.assets import DISK_CACHE_FILES, Assets, asset_root
from tabletop.ui.audio import Sound

ROOT = Path(__file__).resolve().parents[2]
ART = ["card_back.svg", "card_face.svg", "felt.svg", "icon.svg", "anemone_1.svg",
       "anemone_2.svg", "covers/enemy-anemone.svg", "fonts/Lato-Regular.ttf",
       "fonts/Quicksand-Bold.ttf"] + [f"suits/{s}.svg" for s in
                                       ("crab", "fish", "starfish", "octopus", "turtle", "jellyfish")]


def test_checkout_finds_the_top_level_folders():
    root = asset_root()
    assert (root / "art").is_dir() and (root / "sounds").is_dir()
    for name in ART:
        assert (root / "art" / name).is_file(), name
    for name in Sound:
        assert (root / "sounds" / f"{name}.wav").is_file(), name


def test_every_svg_renders_at_a_small_and_a_large_size():
    pygame.display.init()
    assets = Assets()
    for path in sorted((asset_root() / "art").rglob("*.svg")):
        name = str(path.relative_to(asset_root() / "art"))
        for size in ((24, 24), (300, 420)):
            image = assets.svg(name, size)
            assert image.get_size() == size
            assert image.get_bounding_rect().w > 0, f"{name} rendered empty"


@pytest.mark.slow
def test_wheel_carries_art_and_sounds_and_finds_them(tmp_path):
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                            "-w", str(tmp_path), "-q"], capture_output=True, text=True,
                           timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next(tmp_path.glob("tabletop-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "tabletop/_data/art/card_back.svg" in names
    assert "tabletop/_data/sounds/deal.wav" in names
    assert "tabletop/_data/art/fonts/Lato-Regular.ttf" in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("from tabletop.ui.assets import asset_root; import sys; r = asset_root(); "
            "print(r); assert (r / 'art' / 'felt.svg').is_file(); "
            "assert (r / 'sounds' / 'chime.wav').is_file()")
    env = {**os.environ, "PYTHONPATH": str(site)}
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=120)
    assert found.returncode == 0, found.stderr
    assert Path(found.stdout.strip()) == site / "tabletop" / "_data"


def test_large_renders_are_kept_on_disk_for_the_next_start(tmp_path, monkeypatch):
    pygame.display.init()
    first = Assets(disk_cache=tmp_path)
    felt = first.backdrop("felt.svg", (1600, 900))
    assert list(tmp_path.glob("*.rgba"))  # kept on disk (the small render under it too)

    def no_rendering(*args, **kwargs):
        raise AssertionError("rendered again instead of reading the disk cache")

    monkeypatch.setattr(pygame.image, "load_sized_svg", no_rendering)
    again = Assets(disk_cache=tmp_path).backdrop("felt.svg", (1600, 900))
    assert again.get_at((800, 450)) == felt.get_at((800, 450))


def test_a_damaged_cache_file_is_ignored_and_the_cache_stays_small(tmp_path):
    pygame.display.init()
    Assets(disk_cache=tmp_path).backdrop("felt.svg", (1000, 600))
    for cached in tmp_path.glob("*.rgba"):
        cached.write_bytes(b"junk")
    image = Assets(disk_cache=tmp_path).backdrop("felt.svg", (1000, 600))
    assert image.get_size() == (1000, 600)
    for width in range(800, 1800, 100):
        Assets(disk_cache=tmp_path).backdrop("felt.svg", (width, 600))
    assert len(list(tmp_path.glob("*.rgba"))) <= DISK_CACHE_FILES


def test_the_first_pictures_small_art_is_kept_on_disk_and_read_back(tmp_path, monkeypatch):
    """A menu cover is small, but the first picture shows it: it is kept between runs."""
    pygame.display.init()
    first = Assets(disk_cache=tmp_path).svg("covers/anno.svg", (100, 140), keep=True)
    assert len(list(tmp_path.glob("*.rgba"))) == 1
    Assets(disk_cache=tmp_path).svg("card_back.svg", (100, 140))  # not kept: small
    assert len(list(tmp_path.glob("*.rgba"))) == 1

    def no_rendering(*args, **kwargs):
        raise AssertionError("rendered again instead of read from disk")

    monkeypatch.setattr(pygame.image, "load_sized_svg", no_rendering)
    again = Assets(disk_cache=tmp_path).svg("covers/anno.svg", (100, 140), keep=True)
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(first, "RGBA")


def test_a_sound_that_does_not_exist_is_refused_loudly():
    from tabletop.ui.audio import Audio

    pygame.display.init()
    audio = Audio(Assets())
    audio.play(Sound.FANFARE)
    with pytest.raises(ValueError):
        audio.play("win")  # type: ignore[arg-type]


def test_every_sound_played_is_named_from_the_set():
    """No call site passes a bare string (the chapter-won sound once named one that did not
    exist, and played nothing)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "tabletop"
    loose = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "play" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                loose.append(f"{path.name}:{node.lineno}")
    assert loose == []


@pytest.mark.parametrize("flags, alpha", [(pygame.SRCALPHA, None), (pygame.SRCALPHA, 120), (0, None)])
def test_a_copied_image_has_every_pixel_of_the_original_and_is_its_own(flags, alpha):
    from tabletop.ui.widgets.base import copy_image

    image = pygame.Surface((37, 23), flags)
    for x in range(37):
        for y in range(23):  # every channel at many levels, translucent pixels included
            image.set_at((x, y), ((x * 7) % 256, (y * 11) % 256, (x * y) % 256, (x * 13 + y) % 256))
    if alpha is not None:
        image.set_alpha(alpha)
    copy = copy_image(image)
    assert copy is not image and copy.get_size() == image.get_size()
    assert copy.get_alpha() == image.get_alpha()
    assert pygame.image.tobytes(copy, "RGBA") == pygame.image.tobytes(image, "RGBA")
    copy.fill((1, 2, 3, 4))
    assert image.get_at((5, 5)) != copy.get_at((5, 5))
