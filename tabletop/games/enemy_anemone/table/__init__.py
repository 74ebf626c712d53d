"""The Enemy Anemone table: its spec for the table kit, and its art."""

from __future__ import annotations

from tabletop.games.enemy_anemone.table.spec import EnemyAnemoneTableSpec

__all__ = ["EnemyAnemoneTableSpec"]
