"""The written content: sweetness measures difficulty, the storybook rises in sweetness."""

from __future__ import annotations

from collections import defaultdict

from tabletop.games.anniversary import ENTRY
from tabletop.games.anniversary.content import CHAPTERS, GESTURES, chapter
from tabletop.lab.simulate import play_bot_game

DEALS = 40


def test_sweeter_gestures_are_harder_to_perform():
    """Each gesture alone, two easy partners, the same deals: mean success falls with
    every candy."""
    rates: dict[int, list[float]] = defaultdict(list)
    for g in GESTURES:
        wins = sum(play_bot_game(ENTRY, 2, ("easy", "easy"), 7000 + i,
                                 {"gestures": str(g.id), "bounty": False}).shares[0] > 0
                   for i in range(DEALS))
        rates[g.sweetness].append(wins / DEALS)
    means = [sum(rates[s]) / len(rates[s]) for s in sorted(rates)]
    assert sorted(rates) == [1, 2, 3, 4, 5]
    assert all(a > b for a, b in zip(means, means[1:])), means


def test_the_storybook_rises_in_sweetness_and_has_special_rules():
    assert len(CHAPTERS) >= 12
    sweetness = [c.sweetness for c in CHAPTERS]
    assert sweetness[0] == 1 and sweetness == sorted(sweetness)
    assert sum(1 for c in CHAPTERS if c.special_rules) >= 4
    assert all(len(c.story) > 80 for c in CHAPTERS)


def _settle(state):
    from tabletop.engine.protocol import NATURE

    while state.current_player == NATURE:
        state.apply(state.nature_action(), NATURE)
    return state


def test_in_the_first_chapter_the_first_player_is_the_top_and_offered_the_last_word():
    from tabletop.games.anniversary.cards import TOP
    from tabletop.games.anniversary.content import GESTURE_BY_TITLE
    from tabletop.games.anniversary.game import AnniversaryGame

    last_word = GESTURE_BY_TITLE["The Last Word"].id
    for seed in range(1, 41):
        state = _settle(AnniversaryGame(1).new_state(seed))
        assert state.top == 0 and TOP in state.hands[0]
        assert [len(h) for h in state.hands] == [9, 9]
        assert state.offer == [last_word]
        assert state.bounty != last_word
    # Later chapters deal the Top card to either partner.
    tops = {_settle(AnniversaryGame(2).new_state(seed)).top for seed in range(1, 41)}
    assert tops == {0, 1}
    assert "The first player holds the Top card." in chapter(1).special_rules


def test_the_first_chapter_turns_on_the_tops_own_choices():
    """The top holds the gesture and the card that performs it: on many deals there is a
    turn where spending the Top card early makes the chapter impossible to win, while
    keeping it back wins (the rest played by the rule of thumb, on several draws)."""
    from tabletop.engine.rng import Rng
    from tabletop.games.anniversary.actions import Play, Take
    from tabletop.games.anniversary.thumb import policy
    from tabletop.games.anniversary.cards import TOP
    from tabletop.games.anniversary.game import AnniversaryGame

    def play_out(state, seed):
        rng = Rng(seed)
        while not state.is_over:
            _settle(state)
            if state.is_over:
                break
            seat = state.current_player
            state.apply(policy(state.observation(seat), state.generate_legal(seat), rng), seat)
        return bool(state.result)

    def after(state, action):
        twin = state.clone()
        twin.apply(action, 0)
        return twin

    decisive = 0
    for seed in range(1, 13):
        state = _settle(AnniversaryGame(1, bounty=False).new_state(seed))
        state.apply(Take(state.offer[0]), 0)
        rng = Rng(seed)
        found = False
        while not state.is_over and not found:
            _settle(state)
            seat = state.current_player
            legal = state.generate_legal(seat)
            chosen = policy(state.observation(seat), legal, rng)
            if seat == 0 and Play(TOP) in legal and chosen != Play(TOP) \
                    and state.date < state.total_dates:
                early = [play_out(after(state, Play(TOP)), k) for k in range(3)]
                kept = [play_out(after(state, chosen), k) for k in range(3)]
                found = not any(early) and all(kept)
            state.apply(chosen, seat)
        decisive += found
    assert decisive >= 4, decisive
