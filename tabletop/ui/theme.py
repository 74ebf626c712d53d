"""Colours, type sizes and spacing shared by every scene."""

from __future__ import annotations

from typing import Final

Color = tuple[int, int, int] | tuple[int, int, int, int]

# The table and panels.
FELT: Final = (17, 84, 78)
FELT_DARK: Final = (10, 52, 50)
PANEL: Final = (12, 38, 44, 224)
PANEL_SOLID: Final = (14, 42, 48)
PANEL_EDGE: Final = (92, 160, 150)
SHADOW: Final = (0, 0, 0, 90)

# Text.
INK: Final = (246, 240, 224)  # cream text on dark
INK_SOFT: Final = (190, 206, 198)
INK_DIM: Final = (128, 156, 150)
INK_DARK: Final = (32, 40, 46)  # text on light

# Accents.
GOLD: Final = (244, 196, 82)
CORAL: Final = (240, 120, 108)
GOOD: Final = (120, 214, 150)
BAD: Final = (238, 104, 96)
HIGHLIGHT: Final = (255, 226, 120)
TARGET: Final = (126, 232, 208)

BUTTON: Final = (32, 104, 100)
BUTTON_HOVER: Final = (44, 132, 124)
BUTTON_PRESSED: Final = (24, 80, 78)
BUTTON_PRIMARY: Final = (226, 150, 62)
BUTTON_PRIMARY_HOVER: Final = (242, 170, 84)
BUTTON_DISABLED: Final = (48, 70, 72)


def scale_for(height: int) -> float:
    """A layout scale: 1.0 at 1080 pixels of window height."""
    return max(0.45, height / 1080.0)

