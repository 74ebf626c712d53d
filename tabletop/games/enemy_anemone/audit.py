"""What must hold in every position of Enemy Anemone (the fuzzer and loaded saves are
checked against it)."""

from __future__ import annotations

from tabletop.games.enemy_anemone.cards import card_points
from tabletop.games.enemy_anemone.rules import EnemyAnemoneState

__all__ = ["violations"]


def violations(state: EnemyAnemoneState) -> list[str]:
    """What is wrong with ``state`` (cards conserved, scores recount, the turn is
    someone's): empty when all is well."""
    problems = []
    cards = [c for h in state.hands for c in h] + [c for w in state.won for c in w]
    cards += [c for d in state.discards for c in d] + state.deck + [p.card for p in state.trick]
    if sorted(cards) != sorted(state.game.deck):
        problems.append("the cards are not exactly one of each")
    attached = sum(p.ones + p.twos for p in state.trick)
    if state.pool.total_tokens() + attached != 9:
        problems.append("there are not exactly nine anemones")
    if min(state.pool.ones + state.pool.twos + [state.pool.supply]) < 0:
        problems.append("a negative number of anemones")
    if len(state.voids) != state.n or len(state.totals) != state.n:
        problems.append("the wrong number of seats")
    if [sum(p[s] for p in state.hand_points) for s in range(state.n)] != state.totals:
        problems.append("the totals are not the sum of the hands")
    if state.hand_points and state.last_piles and state.hand_points[-1] != [
            sum(card_points(c) for c in pile) for pile in state.last_piles]:
        problems.append("the last hand's points are not a recount of its score piles")
    if not state.over and state.dealt:
        if not state.order or not 0 <= state.turn < len(state.order):
            problems.append("no player to act")
        elif any(not 0 <= s < state.n for s in state.order):
            problems.append("a seat that does not exist")
    if not 0 <= state.hand_no < state.game.hands:
        problems.append("a hand that does not exist")
    if not state.dealt and (any(state.hands) or state.trick):
        problems.append("cards in play while the next hand waits for its deal")
    ones, twos = state.armed
    if state.dealt and not state.over and (
            ones > state.pool.ones[state.current_player] or twos > state.pool.twos[state.current_player]):
        problems.append("more anemones readied than the player holds")
    if not state.over and (len(state.trick_flow) != state.turn
                          or sum(state.trick_flow) != len(state.trick)):
        problems.append("the record of this trick's turns does not match the trick")
    for seat, hand in enumerate(state.hands):
        if any((state.voids[seat] >> c.suit) & 1 for c in hand):
            problems.append(f"seat {seat} holds a suit it is known to lack")
    return problems
