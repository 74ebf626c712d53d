"""One chapter of Anniversary made from its options: the rules' state, its actions and
its sampler."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.protocol import Game
from tabletop.games.anniversary.actions import action_from_json
from tabletop.games.anniversary.audit import violations
from tabletop.games.anniversary.cards import DECK
from tabletop.games.anniversary.content import GESTURE_BY_ID, Chapter, chapter
from tabletop.games.anniversary.info import GAME_ID, INFO, parse_gesture_list
from tabletop.games.anniversary.rules import AnniversaryState
from tabletop.games.anniversary.sampling import sample_state

__all__ = ["AnniversaryGame", "make_game"]


class AnniversaryGame(Game[AnniversaryState]):
    """One chapter of Anniversary for two partners."""

    id = GAME_ID
    info = INFO
    SNAPSHOT_VERSION = 2
    players = 2
    State = AnniversaryState
    decode_action = staticmethod(action_from_json)
    sample = staticmethod(sample_state)
    audit = staticmethod(violations)

    def __init__(self, chapter_number: int = 1, bounty: bool = True,
                 hc: tuple[int, int] = (0, 0), gestures: Sequence[int] = ()) -> None:
        self.chapter: Chapter = chapter(chapter_number)
        self.bounty = bounty
        if any(n < 0 for n in hc):
            raise ValueError("Healthy Communication counts cannot be negative")
        self.hc = (int(hc[0]), int(hc[1]))
        for g in gestures:
            if g not in GESTURE_BY_ID:
                raise ValueError(f"there is no gesture {g}")
        self.preset = tuple(gestures)

    @property
    def options(self) -> Mapping[str, Any]:
        return {"chapter": self.chapter.number, "bounty": self.bounty,
                "hc0": self.hc[0], "hc1": self.hc[1],
                "gestures": ",".join(str(g) for g in self.preset)}

    def new_state(self, seed: int) -> AnniversaryState:
        state = super().new_state(seed)
        state.aside = list(DECK)  # every card waits in the pile for nature's deal
        return state

    def __repr__(self) -> str:
        return f"AnniversaryGame(chapter={self.chapter.number})"


def make_game(options: Mapping[str, Any]) -> AnniversaryGame:
    """The chapter the options name (as the setup screen and saves write them)."""
    return AnniversaryGame(int(options.get("chapter", 1)), bool(options.get("bounty", True)),
                           (int(options.get("hc0", 0)), int(options.get("hc1", 0))),
                           parse_gesture_list(str(options.get("gestures", ""))))
