"""Why a move is good, in a newcomer's words: what a hint and a first game's guided
turns say about the move they light."""

from __future__ import annotations

from tabletop.engine.protocol import Action, Observation
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.games.enemy_anemone.cards import card_points
from tabletop.games.enemy_anemone.observation import EnemyAnemoneObservation

__all__ = ["explain"]


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def explain(observation: Observation, action: Action) -> str:
    assert isinstance(observation, EnemyAnemoneObservation)
    obs = observation
    if isinstance(action, Discard):
        return (f"You hold no suit still missing from this trick, so you discard: the "
                f"{action.card} goes face down into your own score pile, worth "
                f"{_points(card_points(action.card))} to you.")
    values = [p.value for p in obs.trick]
    later = len(obs.turn_order) - obs.turn - 1
    if isinstance(action, Arm):
        boost = action.ones + 2 * action.twos
        best = max(values) if values else 0
        return (f"Ready +{boost} in anemones: with them your card can beat the trick's "
                f"{best} and take the cards in it.")
    if isinstance(action, Play):
        card = action.card
        value = card.rank + obs.armed[0] + 2 * obs.armed[1]
        if not values:
            if later and card.rank >= 7:
                return (f"You lead. A high card like the {card} is hard to beat: the others "
                        "may not follow your suit, so only their own high cards can take it.")
            return (f"You lead with the {card}, a low card you can spare; a trick's lowest "
                    "card earns an anemone.")
        best = max(values)
        worth = sum(card_points(p.card) for p in obs.trick) + card_points(card)
        if value >= best:  # a tie goes to the card played later
            keep = " for now: players after you may still go higher" if later else ""
            return (f"The {card} ({value}) takes the trick{keep}. It holds "
                    f"{_points(worth)} for its taker.")
        lowest = value <= min(values)
        anemone = " As the lowest card so far it would also earn you an anemone." if lowest else ""
        return (f"The {card} does not take this trick: let it go cheaply and keep your high "
                f"cards for tricks worth more.{anemone}")
    return ""
