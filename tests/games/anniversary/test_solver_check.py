"""``hard``'s solver check: in the draft and late in a chapter it weighs its search's
move with the all-cards-visible solver on deals drawn from its own observation."""

from __future__ import annotations

import random

from tabletop.engine.protocol import NATURE
from tabletop.engine.rng import Rng
from tabletop.games.anniversary.actions import Pass, Take
from tabletop.games.anniversary.bot import DRAFT_MARGIN, ENDGAME_DATE, PartnerBot, make_bot
from tabletop.games.anniversary.content import GESTURE_BY_TITLE
from tabletop.games.anniversary.observation import Phase
from tabletop.games.anniversary.game import AnniversaryGame
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
    assert isinstance(bot, PartnerBot) and bot.solver_check
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
        assert verdicts[bot.checked_choice(obs, legal, losing[0], Rng(0))] is True
        turned += 1
    assert turned >= 5


def test_it_keeps_the_searched_card_unless_another_does_better():
    bot = hard()
    kept = 0
    for state, legal, verdicts in judged_positions(20, 2):
        obs = state.observation(state.current_player)
        for searched in legal:
            if verdicts[searched] is True or all(v is False for v in verdicts.values()):
                assert bot.checked_choice(obs, legal, searched, Rng(0)) == searched
                kept += 1
    assert kept >= 10


def test_it_decides_from_the_observation_alone(monkeypatch):
    """Shuffling the cards the seat cannot see leaves the solver check's card unchanged."""
    from tabletop.games.anniversary import bot as partner

    monkeypatch.setattr(partner, "CHECK_DEALS", 6)  # (a smaller check, as quick to compare)
    monkeypatch.setattr(partner, "CHECK_NODES", 3000)
    bot = hard()
    compared = 0
    for state in late_positions(10, 3, all_known=False):
        seat = state.current_player
        legal = state.generate_legal(seat)
        shuffled = state.determinize(seat, random.Random(9))
        assert shuffled.to_json() != state.to_json()
        bot.clock = CountingClock()
        mine = bot.checked_choice(state.observation(seat), legal, legal[0], Rng(4))
        bot.clock = CountingClock()
        assert bot.checked_choice(shuffled.observation(seat), legal, legal[0], Rng(4)) == mine
        compared += 1
    assert compared == 10


def lone_gesture_drafts(title: str, seeds: range):
    """The top's first decision of chapters whose only gesture is ``title``: (state,
    legal, whether the top holds the card the gesture names)."""
    gesture = GESTURE_BY_TITLE[title]
    for seed in seeds:
        state = AnniversaryGame(5, gestures=(gesture.id,)).new_state(seed)
        state.apply(state.nature_action(), NATURE)
        seat = state.current_player
        assert state.phase is Phase.DRAFT and seat == state.top
        yield state, state.generate_legal(seat), gesture.card in state.hands[seat]


def test_in_the_draft_it_leaves_a_card_to_win_with_to_the_partner_who_may_hold_it(
        monkeypatch):
    """Alone on offer, "win a Date with the Pink 1": the top takes it when it holds the
    card (its partner never could win with it) and passes it otherwise (the card is then
    likelier in the partner's hand than drawn later by the top), whichever the search
    preferred."""
    from tabletop.games.anniversary import bot as partner

    monkeypatch.setattr(partner, "CHECK_DEALS", 12)  # (a smaller check, as quick)
    monkeypatch.setattr(partner, "CHECK_NODES", 3000)
    bot = hard()
    held = not_held = 0
    for state, legal, holds in lone_gesture_drafts("The Smallest Sweet", range(10)):
        assert set(legal) == {Take(GESTURE_BY_TITLE["The Smallest Sweet"].id), Pass()}
        right = next(a for a in legal if isinstance(a, Take) == holds)
        wrong = next(a for a in legal if a != right)
        obs = state.observation(state.current_player)
        for searched in (wrong, right):
            bot.clock = CountingClock()
            assert bot.checked_choice(obs, legal, searched, Rng(5), margin=DRAFT_MARGIN) == right
        held += holds
        not_held += not holds
    assert held >= 2 and not_held >= 2


def test_the_hard_partner_drafts_by_the_check():
    """The whole decision, search and check: the top passes a card it does not hold."""
    decided = 0
    for state, legal, holds in lone_gesture_drafts("A Single Wing", range(6)):
        if holds:
            continue
        bot = hard()
        assert bot.choose(state.observation(state.current_player), legal, Rng(3)) == Pass()
        decided += 1
    assert decided >= 2
