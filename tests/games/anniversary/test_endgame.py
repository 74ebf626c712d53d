"""``hard``'s endgame check: late in a chapter it weighs its search's card with the
all-cards-visible solver on deals drawn from its own observation."""

from __future__ import annotations

import random

from tabletop.engine.protocol import NATURE
from tabletop.engine.rng import Rng
from tabletop.games.anniversary.bot import ENDGAME_DATE, PartnerBot, make_bot
from tabletop.games.anniversary.observation import Phase
from tabletop.games.anniversary.rules import AnniversaryGame
from tabletop.games.anniversary.solver import solve

from ...clocks import CountingClock


def late_positions(count: int, seed: int, *, all_known: bool):
    """Positions in a Date from Date ``ENDGAME_DATE`` on, reached by random play; with
    ``all_known``, only those after the last draw (nothing hidden from either partner)."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        state = AnniversaryGame(rng.randrange(1, 7)).new_state(rng.randrange(1 << 30))
        while not state.is_over:
            seat = state.current_player
            if seat == NATURE:
                state.apply(state.nature_action(), NATURE)
                continue
            legal = state.generate_legal(seat)
            if (state.phase is Phase.DATE and state.date >= ENDGAME_DATE and len(legal) > 1
                    and (state.aside == [] if all_known else bool(state.aside))
                    and rng.random() < 0.5):
                found += 1
                yield state.clone()
                break
            state.apply(rng.choice(legal), seat)


def hard() -> PartnerBot:
    bot = make_bot("hard")
    assert isinstance(bot, PartnerBot) and bot.endgame
    bot.clock = CountingClock()
    return bot


def judged_positions(count: int, seed: int):
    """Positions with every card known, each with whether the chapter can still be won
    after each legal card: (state, legal, verdicts)."""
    for state in late_positions(count, seed, all_known=True):
        legal = state.generate_legal(state.current_player)
        verdicts = {}
        for action in legal:
            child = state.clone()
            child.apply_unchecked(action, state.current_player)
            verdicts[action] = solve(child)
        yield state, legal, verdicts


def test_with_every_card_known_it_turns_from_a_losing_card_to_a_winning_one():
    bot = hard()
    turned = 0
    for state, legal, verdicts in judged_positions(60, 1):
        losing = [a for a in legal if verdicts[a] is False]
        if not losing or not any(verdicts.values()):
            continue
        obs = state.observation(state.current_player)
        assert verdicts[bot.endgame_choice(obs, legal, losing[0], Rng(0))] is True
        turned += 1
    assert turned >= 5


def test_it_keeps_the_searched_card_unless_another_does_better():
    bot = hard()
    kept = 0
    for state, legal, verdicts in judged_positions(20, 2):
        obs = state.observation(state.current_player)
        for searched in legal:
            if verdicts[searched] is True or all(v is False for v in verdicts.values()):
                assert bot.endgame_choice(obs, legal, searched, Rng(0)) == searched
                kept += 1
    assert kept >= 10


def test_it_decides_from_the_observation_alone(monkeypatch):
    """Shuffling the cards the seat cannot see leaves the endgame check's card unchanged."""
    from tabletop.games.anniversary import bot as partner

    monkeypatch.setattr(partner, "ENDGAME_DEALS", 6)  # (a smaller check, as quick to compare)
    monkeypatch.setattr(partner, "ENDGAME_NODES", 3000)
    bot = hard()
    compared = 0
    for state in late_positions(10, 3, all_known=False):
        seat = state.current_player
        legal = state.generate_legal(seat)
        shuffled = state.determinize(seat, random.Random(9))
        assert shuffled.to_json() != state.to_json()
        bot.clock = CountingClock()
        mine = bot.endgame_choice(state.observation(seat), legal, legal[0], Rng(4))
        bot.clock = CountingClock()
        assert bot.endgame_choice(shuffled.observation(seat), legal, legal[0], Rng(4)) == mine
        compared += 1
    assert compared == 10
