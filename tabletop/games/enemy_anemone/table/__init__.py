"""The Enemy Anemone table: the scene that shows a match and turns input into moves."""

from __future__ import annotations

from tabletop.games.enemy_anemone.table.scene import SeaTable

__all__ = ["SeaTable"]
