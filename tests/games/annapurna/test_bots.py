"""Annapurna's climbers: legal, honest, and sensible where the choice is clear."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY
from tabletop.games.annapurna.actions import Explore, Leave, Sweep, Trade
from tabletop.games.annapurna.bot import BOT_LEVELS, make_bot
from tabletop.games.annapurna.mountain import PEAK
from tabletop.games.annapurna.observation import SWEEP
from tabletop.games.annapurna.game import AnnapurnaGame
from tabletop.lab.simulate import play_bot_game

from .test_rules_golden import CHOC, SPY, YANG2, YANG3, YIN1, YIN2, YIN3, YIN3B, ascent, c, layout


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_finishes_ascents_with_legal_steps(level):
    for seed, (players, climb) in enumerate([(2, "easy"), (3, "trace"), (4, "still")]):
        result = play_bot_game(REGISTRY.get("annapurna"), players, [level] * players, seed,
                               {"level": climb})
        assert result.moves > 10 and len(set(result.shares)) == 1


def test_bots_decide_from_their_own_observation_only():
    """Two positions that look the same from a seat get the same decision, whatever
    the hidden cards are."""
    game = AnnapurnaGame(3, "still")
    rnd = random.Random(4)
    checked = 0
    for seed in range(6):
        state = game.start(seed)
        for _ in range(rnd.randrange(2, 25)):
            if state.is_over:
                break
            seat = state.current_player
            state.apply(rnd.choice(list(state.legal_actions(seat))), seat)
        if state.is_over:
            continue
        seat = state.current_player
        obs = state.observation(seat)
        twin = game.sample_state(obs, Rng(seed + 100))   # other hidden cards, same view
        assert twin.observation(seat) == obs
        for level in ("normal", "hard"):
            a = make_bot(level).choose(obs, list(state.legal_actions(seat)), Rng(9))
            b = make_bot(level).choose(twin.observation(seat), list(twin.legal_actions(seat)),
                                       Rng(9))
            assert a == b
        checked += 1
    assert checked >= 3


def _peak_door(*, pack: tuple[int, ...], standing: int, peak: int, level: str = "trace"):
    """Climber 1 on the card below its peak (``standing``, face up), the peak unknown,
    ``pack`` in the backpack; everything else face down."""
    rest = [i for i in range(18) if i not in (*pack, standing, peak)]
    state = ascent({0: rest + [standing, peak]}, level=level)
    assert sorted(state.backpack[0]) == sorted(c(0, i) for i in pack)
    state.location[0] = 13
    state.up[0][13] = True
    return state


def test_a_climber_at_the_peak_door_trades_in_the_card_that_balances_it_then_climbs():
    state = _peak_door(pack=(YIN2, CHOC, SPY), standing=YANG2, peak=YIN1)
    assert state.balance(0) == 2
    bot = make_bot("normal")
    action = bot.choose(state.observation(0), list(state.legal_actions(0)), Rng(1))
    assert action == Trade(c(0, YIN2), PEAK)
    state.apply(action, 0)
    state.player, state.phase = 0, "act"
    assert bot.choose(state.observation(0), list(state.legal_actions(0)), Rng(1)) == Explore(PEAK)


def test_the_helping_hand_is_offered_only_when_a_taken_card_mends_someone():
    # Climber 1 just balanced yin 2 with yang 2; nobody needs either: sweep.
    state = ascent({0: layout(YIN2, YANG2)}, players=2)
    state.up[0][1] = True
    state.location[0] = 1
    state.apply(Explore(0), 0)
    assert state.phase == SWEEP
    bot = make_bot("normal")
    assert bot.choose(state.observation(0), list(state.legal_actions(0)), Rng(1)) == Sweep()
    # With a second yin 3 face up, climber 1 is three under: a friend taking the yin 3
    # of the balanced set leaves climber 1 balanced, so the set is left on offer.
    mended = ascent({0: layout(YIN3, YANG3, YIN3B)}, players=2)
    mended.up[0][1] = mended.up[0][2] = True
    mended.location[0] = 1
    mended.apply(Explore(0), 0)              # face up: yin 3, yang 3, yin 3 → -3
    assert mended.phase == SWEEP and mended.balance(0) == -3
    assert mended.sweepable(0) == (0, 1)
    assert bot.choose(mended.observation(0), list(mended.legal_actions(0)), Rng(1)) == Leave()


def test_normal_climbs_better_than_random():
    entry = REGISTRY.get("annapurna")
    won = {level: sum(play_bot_game(entry, 2, [level, level], seed, {"level": "easy"}).shares[0]
                      for seed in range(24)) for level in ("random", "normal")}
    assert won["normal"] >= 5 and won["normal"] > won["random"] + 4
