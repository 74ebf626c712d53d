"""Game-independent rules machinery: cards, seeded randomness, the protocol, matches.

Nothing here imports pygame; the whole package runs headless.
"""

from tabletop.engine.cards import SuitedCard, suit_mask
from tabletop.engine.protocol import (
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Bot,
    Event,
    Game,
    GameState,
    IllegalAction,
    Observation,
    SnapshotError,
    Zone,
    ZoneKind,
)
from tabletop.engine.rng import Rng

__all__ = [
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Bot",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "Observation",
    "Rng",
    "SnapshotError",
    "SuitedCard",
    "Zone",
    "ZoneKind",
    "suit_mask",
]
