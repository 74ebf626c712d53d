"""Anomia made from its options: the box of cards, the lexicon, and who plays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.protocol import Game
from tabletop.games.anomia.actions import Answer, action_from_json
from tabletop.games.anomia.audit import violations
from tabletop.games.anomia.cards import Box, build_box
from tabletop.games.anomia.info import DECKS, GAME_ID, INFO, PACES
from tabletop.games.anomia.lexicon import builtin_categories, parse_lexicon, table_lexicon
from tabletop.games.anomia.rules import AnomiaState, pile_count
from tabletop.games.anomia.sampling import sample_deal

__all__ = ["AnomiaGame", "parse_seats"]


def parse_seats(text: str, players: int) -> frozenset[int]:
    """Seats written "0,2" (an option's value); ``ValueError`` if one is out of range."""
    seats = frozenset(int(part) for part in text.split(",") if part.strip())
    if any(not 0 <= s < players for s in seats):
        raise ValueError(f"seats must be 0–{players - 1}")
    return seats


class AnomiaGame(Game[AnomiaState]):
    """Anomia for 2–6 players with the chosen deck, categories and pace."""

    id = GAME_ID
    info = INFO
    SNAPSHOT_VERSION = 1
    open_actions = (Answer,)
    State = AnomiaState
    decode_action = staticmethod(action_from_json)
    sample = staticmethod(sample_deal)
    audit = staticmethod(violations)

    def __init__(self, players: int, deck: str = "1", no_repeat: bool = False,
                 younger: str = "", young_category: str = "Animal", humans: str = "",
                 remote: str = "", custom: str = "", learned: str = "", pace: str = "level") -> None:
        if not 2 <= players <= 6:
            raise ValueError("Anomia is for 2–6 players")
        if deck not in DECKS:
            raise ValueError(f"deck is one of {', '.join(DECKS)}")
        self.players = players
        self.deck = deck
        self.no_repeat = no_repeat
        self.younger = parse_seats(younger, players)
        self.humans = parse_seats(humans, players)
        #: People who play from other computers (they type their answers).
        self.remote = parse_seats(remote, players)
        if pace not in PACES:
            raise ValueError(f"pace is one of {', '.join(PACES)}")
        #: "yours": the bots answer at the pace the people at the table have shown.
        self.pace = pace
        self.custom_text = custom
        self.learned_text = learned
        self.lexicon = table_lexicon(custom, learned)
        known = {c.name for c in builtin_categories()}
        customs = ([c for c in parse_lexicon(custom, "your categories", empty_ok=True)
                    if c.name not in known] if custom.strip() else [])
        # Once made, the lexicon is not changed: answers voted in this game live in the state.
        if young_category not in self.lexicon:
            raise ValueError(f"no category {young_category!r}")
        self.young_category = young_category
        self.box: Box = build_box(builtin_categories(), DECKS[deck], customs)
        self.piles = pile_count(players)
        #: Every seat is a person at this one screen: answers are said aloud, buzzed and
        #: judged.
        self.buzzers = len(self.humans) == players and not self.remote

    @property
    def options(self) -> Mapping[str, Any]:
        return {"deck": self.deck, "no_repeat": self.no_repeat,
                "younger": ",".join(map(str, sorted(self.younger))),
                "young_category": self.young_category,
                "humans": ",".join(map(str, sorted(self.humans))),
                # (written only when someone plays from afar: saves from before stay as
                # they were)
                **({"remote": ",".join(map(str, sorted(self.remote)))} if self.remote else {}),
                "custom": self.custom_text,
                "learned": self.learned_text, "pace": self.pace}

    def owner(self, pile: int) -> int:
        """The seat that defends play pile ``pile``."""
        return pile % self.players

    def seat_piles(self, seat: int) -> tuple[int, ...]:
        """The play piles ``seat`` defends, in turn order."""
        return tuple(range(seat, self.piles, self.players))
