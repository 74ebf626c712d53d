"""The games Tabletop hosts.  Adding a game = one package here and one line below."""

from __future__ import annotations

from tabletop.engine.registry import Registry
from tabletop.games import anniversary, anno, annapurna, anomia, enemy_anemone

__all__ = ["REGISTRY", "ALL_GAME_IDS"]

#: Every game id Tabletop knows of, registered or still to come.
ALL_GAME_IDS = ("anniversary", "anno", "anomia", "enemy-anemone", "annapurna")

REGISTRY = Registry([
    anniversary.ENTRY,
    anno.ENTRY,
    annapurna.ENTRY,
    anomia.ENTRY,
    enemy_anemone.ENTRY,
])
