"""Anno made from its options: the rules' state, its actions and its sampler."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.protocol import Game
from tabletop.games.anno.actions import action_from_json
from tabletop.games.anno.audit import violations
from tabletop.games.anno.info import DEFAULT_ROUNDS, GAME_ID, INFO
from tabletop.games.anno.rules import AnnoState
from tabletop.games.anno.sampling import sample_deal

__all__ = ["AnnoGame"]


class AnnoGame(Game[AnnoState]):
    """Anno for 2–4 players over ``rounds`` rounds (12 by the rules)."""

    id = GAME_ID
    info = INFO
    State = AnnoState
    decode_action = staticmethod(action_from_json)
    sample = staticmethod(sample_deal)
    audit = staticmethod(violations)

    def __init__(self, players: int, rounds: int = DEFAULT_ROUNDS) -> None:
        if not 2 <= players <= 4:
            raise ValueError("Anno is for 2–4 players")
        if not 1 <= rounds <= 12:
            raise ValueError("a game of Anno has 1–12 rounds")
        self.players = players
        self.rounds = rounds

    @property
    def options(self) -> Mapping[str, Any]:
        return {"rounds": self.rounds}
