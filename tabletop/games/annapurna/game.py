"""An ascent made from its options: the rules' state, its actions and its sampler."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.protocol import Game
from tabletop.games.annapurna.actions import action_from_json
from tabletop.games.annapurna.audit import violations
from tabletop.games.annapurna.info import GAME_ID, INFO, LEVELS, PRIVATE_INFO
from tabletop.games.annapurna.rules import AnnapurnaState
from tabletop.games.annapurna.sampling import sample_deal

__all__ = ["AnnapurnaGame"]


class AnnapurnaGame(Game[AnnapurnaState]):
    """An ascent for 2–4 climbers at one of three levels."""

    id = GAME_ID
    info = INFO
    SNAPSHOT_VERSION = 2
    State = AnnapurnaState
    decode_action = staticmethod(action_from_json)
    sample = staticmethod(sample_deal)
    audit = staticmethod(violations)

    def __init__(self, players: int, level: str = "easy") -> None:
        if not 2 <= players <= 4:
            raise ValueError("Annapurna is for 2–4 climbers")
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.players = players
        self.level = level
        if level == "still":
            self.info = PRIVATE_INFO  # type: ignore[misc]

    @property
    def options(self) -> Mapping[str, Any]:
        return {"level": self.level}

    @property
    def public(self) -> bool:
        """Whether the climbers may talk: backpacks, trades and looks open to all."""
        return self.level != "still"
