"""The Anniversary table and storybook (pygame)."""

from tabletop.games.anniversary.table.scene import LoveTable

__all__ = ["LoveTable"]
