"""Anomia's bots race from the lexicon: their reaction times by level (game clock,
measured over real seeded games), their answers, and what they may not read."""

from __future__ import annotations

import pytest

from tabletop.engine.protocol import NATURE, Deal
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY
from tabletop.games.anomia.actions import Answer, Draw
from tabletop.games.anomia.bot import AnomiaBot, make_bot
from tabletop.games.anomia.game import AnomiaGame
from tabletop.lab.simulate import simulate

from .test_rules_golden import faceoff_state

ENTRY = REGISTRY.get("anomia")


@pytest.fixture(scope="module")
def race():
    return simulate(ENTRY, 4, 30, ["easy", "normal", "hard", "person"], seed=5, jobs=1)


def test_bots_answer_at_a_persons_pace(race):
    """Against a simulated person (4.8 s to recall an example, as people take, plus
    noticing the match and typing): ``easy`` is slower than three people in four,
    ``normal`` answers when a typical person does, ``hard`` like a quick one."""
    easy, normal, hard, person = race["reaction_ms"]
    assert min(r["count"] for r in race["reaction_ms"]) > 100
    assert easy["p50"] > person["p75"]
    assert abs(normal["p50"] / person["p50"] - 1) < 0.1
    assert abs(normal["p75"] / normal["p25"] - person["p75"] / person["p25"]) < 0.15
    assert hard["p50"] <= person["p25"] * 1.05
    assert person["p50"] > 5000  # nobody answers before a person could read the card


def faceoff_share(seats: list[str], **options: str) -> float:
    """The first seat's share of the face-offs won, seat 0 counted as a person."""
    result = simulate(ENTRY, 2, 24, seats, seed=11, jobs=1, options={"humans": "0", **options})
    return result["score_share"][0]


def test_a_person_wins_about_half_their_face_offs_against_normal_bots():
    assert 0.4 <= faceoff_share(["person", "normal"]) <= 0.6


@pytest.mark.parametrize("person", ["easy", "hard"])
def test_bots_that_match_your_pace_make_face_offs_even(person):
    """A slow person (played by the easy profile) or a quick one: under "match my
    pace" the normal bot answers at their pace, and the face-offs come out even."""
    unmatched = faceoff_share([person, "normal"])
    assert unmatched < 0.4 if person == "easy" else unmatched > 0.6
    assert 0.4 <= faceoff_share([person, "normal"], pace="yours") <= 0.6


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
