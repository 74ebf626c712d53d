"""Build Enemy Anemone positions by hand for golden tests."""

from __future__ import annotations

from tabletop.engine.rng import Rng
from tabletop.games.enemy_anemone.cards import SUIT_NAMES, EnemyAnemoneCard
from tabletop.games.enemy_anemone.rules import EnemyAnemoneState
from tabletop.games.enemy_anemone.game import EnemyAnemoneGame


def c(text: str) -> EnemyAnemoneCard:
    """``c("Crab 7")`` is the Crab 7."""
    name, rank = text.rsplit(" ", 1)
    return EnemyAnemoneCard.of(SUIT_NAMES.index(name), int(rank))


def cards(text: str) -> list[EnemyAnemoneCard]:
    """``cards("Crab 7, Fish 2")``."""
    return [c(part.strip()) for part in text.split(",") if part.strip()]


def table(players: int, hands: dict[int, str], leader: int = 0, *, deck: str = "",
          anemones: dict[int, tuple[int, int]] | None = None, supply: int | None = None,
          hand_no: int = 0, game_hands: int = 4) -> EnemyAnemoneState:
    """A position at the start of a trick led by ``leader`` with the given hands."""
    game = EnemyAnemoneGame(players, game_hands)
    state = EnemyAnemoneState(game, Rng(1))
    state.dealt = True
    for seat in range(players):
        state.hands[seat] = sorted(cards(hands.get(seat, "")))
    state.deck = cards(deck)
    state.hand_no = hand_no
    state.hand_leader = leader
    if anemones:
        for seat, (ones, twos) in anemones.items():
            state.pool.ones[seat], state.pool.twos[seat] = ones, twos
    held = sum(state.pool.ones) + sum(state.pool.twos)
    state.pool.supply = 9 - held if supply is None else supply
    state._begin_trick(leader)
    return state


def play(state: EnemyAnemoneState, *moves):
    """Apply moves (checked) and return all events."""
    events = []
    for move in moves:
        events.extend(state.apply(move, state.current_player))
    return events
