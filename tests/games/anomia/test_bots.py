"""Anomia's bots race from the lexicon: their reaction times by level (game clock,
measured over real seeded games), their answers, and what they may not read."""

from __future__ import annotations

import pytest

from tabletop.engine.protocol import NATURE, Deal
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY
from tabletop.games.anomia.actions import Answer, Draw
from tabletop.games.anomia.bot import AnomiaBot, make_bot
from tabletop.games.anomia.rules import AnomiaGame
from tabletop.simulate import simulate

from .test_rules_golden import faceoff_state

ENTRY = REGISTRY.get("anomia")


@pytest.fixture(scope="module")
def race():
    return simulate(ENTRY, 4, 30, ["easy", "normal", "hard", "normal"], seed=5, jobs=1)


def test_easy_bots_are_slow_and_hard_bots_quick(race):
    easy, normal, hard, _ = race["reaction_ms"]
    assert easy["p50"] >= 4000 and hard["p50"] <= 1500
    assert easy["p50"] > normal["p50"] > hard["p50"]
    assert min(r["count"] for r in race["reaction_ms"]) > 100


def test_the_quicker_bot_wins_more_cards(race):
    easy, normal, hard, _ = race["win_share"]
    assert hard > normal and hard > easy


def test_a_bot_answers_rightly_and_keeps_its_plan_while_asked_again():
    state, _ = faceoff_state()
    bot = make_bot("normal")
    first = bot.choose(state.observation(0), state.legal_actions(0), Rng(1))
    again = bot.choose(state.observation(0), state.legal_actions(0), Rng(99))
    assert isinstance(first, Answer) and first == again
    assert state.judge_text(state.asked(0), first.text).accepted


def test_a_bot_never_gives_an_answer_said_already():
    state, _ = faceoff_state(no_repeat=True)
    category = state.asked(0)
    for names in state.game.lexicon.answers(category)[:-1]:
        state.said.add((category, names[0]))
    last = state.game.lexicon.answers(category)[-1]
    for seed in range(5):
        answer = AnomiaBot("hard").choose(state.observation(0), [], Rng(seed))
        assert answer.text in last


def test_blanks_come_more_often_on_hard_categories_and_to_slower_bots():
    def blanks(level: str, category_level: str) -> int:
        bot = AnomiaBot(level)
        return sum(bot.reaction_ms(category_level, 40, Rng(seed))[1] for seed in range(2000))

    assert blanks("easy", "hard") > blanks("easy", "easy")
    assert blanks("easy", "hard") > blanks("hard", "hard") > 0


def test_a_blank_is_an_answer_that_would_come_after_time_is_up():
    state, _ = faceoff_state()
    bot = AnomiaBot("easy")
    for seed in range(400):
        bot.plans.clear()
        action = bot.choose(state.observation(0), [], Rng(seed))
        if action.at > state.faceoff.ends:
            assert state.check(action, 0) == "Time was up by then."
            return
    pytest.fail("no blank in 400 tries")


def test_bots_decide_from_what_is_open_not_from_the_order_of_the_draw_piles():
    game = AnomiaGame(4)
    one = game.new_state(3)
    one.apply(Deal(), NATURE)
    two = one.clone()
    two.draw[0].reverse()
    assert one.observation(0) == two.observation(0)
    action = make_bot("hard").choose(one.observation(0), one.legal_actions(0), Rng(2))
    assert isinstance(action, Draw)
