"""Why a hinted move is good: every game explains, from the seat's own observation,
each move its rule-of-thumb bot makes in real play, naming the move itself."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop.engine.protocol import NATURE, Action, Observation
from tabletop.engine.rng import Rng
from tabletop.games import CATALOGUE, REGISTRY

# The turn-based games, and the bot whose moves a hint shows (fast levels keep this quick:
# what is explained is the move, whichever bot chose it).
LEVELS = {"enemy-anemone": "easy", "anniversary": "normal", "anno": "normal",
          "annapurna": "normal"}


def explained(game: str, players: int, seeds: range,
              ) -> list[tuple[Observation, Action, str]]:
    entry = REGISTRY.get(game)
    bot = entry.make_bot(LEVELS[game])
    out = []
    for seed in seeds:
        state = entry.make_game(players, {}).new_state(seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.current_player
            if seat == NATURE:
                step = state.nature_action()
                assert step is not None
                state.apply(step, NATURE)
                continue
            obs = state.observation(seat)
            action = bot.choose(obs, state.generate_legal(seat), rng)
            out.append((obs, action, CATALOGUE.get(entry.id).presenter.explain(obs, action)))
            state.apply(action, seat)
    return out


def names(game: str) -> Callable[[Action], list[str]]:
    """What a reason must name for an action of ``game``."""
    def of(action: Action) -> list[str]:
        card = getattr(action, "card", None)
        words = [str(card)] if card is not None and game != "annapurna" else []
        month = getattr(action, "month", None)
        if month is not None:
            words.append(str(month))
        return words
    return of


@pytest.mark.parametrize("game,players", [("enemy-anemone", 3), ("anniversary", 2),
                                          ("anno", 2), ("annapurna", 2)])
def test_each_bot_move_is_explained_in_words_that_name_it(game, players):
    moves = explained(game, players, range(2))
    assert len(moves) > 20
    must_name = names(game)
    for obs, action, why in moves:
        if type(action).__name__ == "Withdraw":  # bots never leave a match half-built
            continue
        assert why, f"no reason for {action}"
        assert why[0].isupper() and why.endswith((".", ":")), why
        for word in must_name(action):
            assert word in why, (action, why)
    # The reasons are about the moment, not one sentence for everything.
    assert len({why for _, _, why in moves}) > len(moves) // 4


def test_enemy_anemone_says_whether_the_card_takes_the_trick():
    from tabletop.games.enemy_anemone.actions import Play

    seen = {True: 0, False: 0}
    for obs, action, why in explained("enemy-anemone", 3, range(2)):
        if not isinstance(action, Play) or not obs.trick:
            continue
        value = action.card.rank + obs.armed[0] + 2 * obs.armed[1]
        takes = value >= max(p.value for p in obs.trick)
        assert ("takes the trick" in why) is takes, (obs.trick, action, why)
        seen[takes] += 1
    assert seen[True] and seen[False]


def test_anniversary_names_the_gesture_a_date_is_played_for():
    from tabletop.games.anniversary.actions import Play, Take
    from tabletop.games.anniversary.content import GESTURE_BY_ID

    wanted = 0
    for obs, action, why in explained("anniversary", 2, range(4)):
        if isinstance(action, Take):
            assert GESTURE_BY_ID[action.gesture].title in why
        if isinstance(action, Play) and "want to foot this Date (" in why:
            titles = [GESTURE_BY_ID[g].title for g in obs.gestures]
            assert any(t in why for t in titles), why
            wanted += 1
    assert wanted


def test_anno_says_a_match_that_empties_the_hand_ends_the_round():
    from tabletop.games.anno.actions import Match

    for obs, action, why in explained("anno", 2, range(3)):
        if isinstance(action, Match):
            leaving = sum(1 for c in action.cards if c in obs.hand) + (action.month in obs.hand)
            assert ("ends the round" in why) is (leaving == len(obs.hand)), why


def test_anno_counts_only_the_cards_a_fetched_month_could_really_take():
    """Impar Ventis turns June's Summer into Autumn, but without an Autumn card it cannot
    be matched: only the Quarter II and the 30 Days fit June."""
    import dataclasses

    from tabletop.games.anno.actions import Exchange
    from tabletop.games.anno.cards import IMPAR_VENTIS, MONTHS, Kind, card_of

    entry = REGISTRY.get("anno")
    state = entry.make_game(2, {}).new_state(1)
    while state.nature_action() is not None:
        state.apply(state.nature_action(), NATURE)
    moon, june = card_of(Kind.BLUE_MOON), MONTHS[5]
    hand = (moon, card_of(Kind.QUARTER, 2), card_of(Kind.DAYS, 30),
            card_of(Kind.WEATHER, IMPAR_VENTIS))
    obs = dataclasses.replace(state.observation(0), hand=hand,
                              community=(june, *state.observation(0).community[1:]))
    why = CATALOGUE.get(entry.id).presenter.explain(obs, Exchange(moon, 0))
    assert "and 2 of your cards fit it" in why, why
    alone = dataclasses.replace(obs, hand=(moon, card_of(Kind.WEATHER, IMPAR_VENTIS)))
    assert "of your cards" not in CATALOGUE.get(entry.id).presenter.explain(alone, Exchange(moon, 0))


def test_anomia_explains_a_draw_and_an_answer():
    from tabletop.games.anomia.actions import Answer, Draw

    entry = REGISTRY.get("anomia")
    state = entry.make_game(3, {}).new_state(1)
    while state.nature_action() is not None:
        state.apply(state.nature_action(), NATURE)
    obs = state.observation(0)
    assert "turn up a card" in CATALOGUE.get(entry.id).presenter.explain(obs, Draw(0))
    assert "\u201cotter\u201d" in CATALOGUE.get(entry.id).presenter.explain(obs, Answer("otter"))
