"""The games Tabletop hosts.  Adding a game = one package here and a line in each list
below: its engine entry in the registry, its listing in the catalogue."""

from __future__ import annotations

from tabletop.engine.registry import Registry
from tabletop.games import anniversary, anno, annapurna, anomia, enemy_anemone
from tabletop.games.anniversary.catalogue import LISTING as ANNIVERSARY
from tabletop.games.anno.catalogue import LISTING as ANNO
from tabletop.games.annapurna.catalogue import LISTING as ANNAPURNA
from tabletop.games.anomia.catalogue import LISTING as ANOMIA
from tabletop.games.enemy_anemone.catalogue import LISTING as ENEMY_ANEMONE
from tabletop.play.catalogue import Catalogue

__all__ = ["ALL_GAME_IDS", "CATALOGUE", "REGISTRY"]

#: Every game id Tabletop knows of, registered or still to come.
ALL_GAME_IDS = ("anniversary", "anno", "anomia", "enemy-anemone", "annapurna")

#: What the engine, the bots and the tools know of each game.
REGISTRY = Registry([
    anniversary.ENTRY,
    anno.ENTRY,
    annapurna.ENTRY,
    anomia.ENTRY,
    enemy_anemone.ENTRY,
])

#: What the shell shows of each game, in shelf order.
CATALOGUE = Catalogue([
    ANNIVERSARY,
    ANNO,
    ANNAPURNA,
    ANOMIA,
    ENEMY_ANEMONE,
])
