"""Enemy Anemone made from its options: the rules' state, its actions and its sampler."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.protocol import Game
from tabletop.games.enemy_anemone.actions import action_from_json
from tabletop.games.enemy_anemone.audit import violations
from tabletop.games.enemy_anemone.cards import deck_for, hand_size_for, suits_for
from tabletop.games.enemy_anemone.info import DEFAULT_HANDS, GAME_ID, INFO
from tabletop.games.enemy_anemone.rules import EnemyAnemoneState
from tabletop.games.enemy_anemone.sampling import sample_deal

__all__ = ["EnemyAnemoneGame"]


class EnemyAnemoneGame(Game[EnemyAnemoneState]):
    """Enemy Anemone for 2–6 players over ``hands`` hands (4 by the rules)."""

    id = GAME_ID
    info = INFO
    SNAPSHOT_VERSION = 2
    State = EnemyAnemoneState
    decode_action = staticmethod(action_from_json)
    sample = staticmethod(sample_deal)
    audit = staticmethod(violations)

    def __init__(self, players: int, hands: int = DEFAULT_HANDS) -> None:
        if not 2 <= players <= 6:
            raise ValueError("Enemy Anemone is for 2–6 players")
        if not 1 <= hands <= 10:
            raise ValueError("a game has 1–10 hands")
        self.players = players
        self.hands = hands
        self.suits = suits_for(players)
        self.all_suits = (1 << self.suits) - 1
        self.hand_size = hand_size_for(players)
        self.deck = tuple(deck_for(players))
        self.two_player = players == 2

    @property
    def options(self) -> Mapping[str, Any]:
        return {"hands": self.hands}
