"""Golden tests: one or more per ruling of RULINGS.md (Enemy Anemone) and per choice
the rules page documents."""

from __future__ import annotations

import pytest

from tabletop.engine.events import Dealt, GameOver, HandEnded, HandStarted, Scored, TrickWon
from tabletop.engine.protocol import NATURE, Deal, IllegalAction
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.games.enemy_anemone.anemones import AnemoneAwarded, AwardKind
from tabletop.games.enemy_anemone.cards import EnemyAnemoneCard, card_points, deck_for
from tabletop.games.enemy_anemone.events import (
    AnemonesArmed,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    LeadChosen,
)
from tabletop.games.enemy_anemone.game import EnemyAnemoneGame

from .helpers import c, cards, play, table


# -- the deck ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "suits", "ranks", "hand", "deck_left"),
    [
        pytest.param(2, 4, range(2, 10), 8, 16, id="2p-variant"),
        pytest.param(3, 3, range(1, 11), 10, 0, id="3p"),
        pytest.param(4, 4, range(1, 11), 10, 0, id="4p"),
        pytest.param(5, 5, range(1, 11), 10, 0, id="5p"),
        pytest.param(6, 6, range(2, 10), 8, 0, id="6p-no-1s-or-10s"),
    ],
)
def test_deck_and_deal_per_player_count(players, suits, ranks, hand, deck_left):
    expected = {EnemyAnemoneCard.of(s, r) for s in range(suits) for r in ranks}
    assert set(deck_for(players)) == expected
    state = EnemyAnemoneGame(players).start(seed=11)
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.deck) == deck_left
    dealt = [x for h in state.hands for x in h] + state.deck
    assert sorted(dealt) == sorted(expected)


def test_the_deal_is_natures_step_and_its_events_describe_it():
    state = EnemyAnemoneGame(3).new_state(seed=5)
    assert state.current_player == NATURE and state.acting_seats() == frozenset()
    assert list(state.legal_actions(NATURE)) == [Deal()]
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(Deal(), 0)
    events = state.apply(Deal(), NATURE)
    assert isinstance(events[0], HandStarted) and events[0].leader == state.leader
    deals = [e for e in events if isinstance(e, Dealt)]
    assert [d.seat for d in deals] == [0, 1, 2]
    assert all(list(d.cards) == state.hands[d.seat] for d in deals)
    assert deals[1].visible_to() == frozenset({1})


def test_first_leader_comes_from_the_seed():
    leaders = {EnemyAnemoneGame(4).start(seed=s).leader for s in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert EnemyAnemoneGame(4).start(seed=8).leader == EnemyAnemoneGame(4).start(seed=8).leader


# -- playing a trick ---------------------------------------------------------------------
def test_leader_may_play_any_card_others_a_new_suit():
    state = table(3, {0: "Crab 5, Fish 2", 1: "Crab 9, Fish 7", 2: "Crab 1, Starfish 4"})
    assert {a.card for a in state.legal_actions(state.current_player)} == set(cards("Crab 5, Fish 2"))
    play(state, Play(c("Crab 5")))
    assert state.legal_actions(state.current_player) == [Play(c("Fish 7"))]


def test_following_suit_is_illegal_with_a_reason():
    state = table(3, {0: "Crab 5", 1: "Crab 9, Fish 7", 2: "Crab 1"})
    play(state, Play(c("Crab 5")))
    with pytest.raises(IllegalAction, match="Crab is already in this trick"):
        state.apply(Play(c("Crab 9")), state.current_player)
    assert c("Crab 9") in state.hands[1]  # nothing changed


def test_discard_only_when_no_new_suit_and_it_goes_face_down_to_own_pile():
    state = table(3, {0: "Crab 5, Fish 4", 1: "Crab 9, Fish 7", 2: "Crab 1, Crab 2"})
    play(state, Play(c("Crab 5")), Play(c("Fish 7")))
    assert set(state.legal_actions(state.current_player)) == {Discard(c("Crab 1")), Discard(c("Crab 2"))}
    events = play(state, Discard(c("Crab 2")))
    discard = next(e for e in events if isinstance(e, CardDiscarded))
    assert discard.visible_to() == frozenset({2})
    assert state.discards[2] == [c("Crab 2")]
    # The discard is not part of the trick: Fish 7 wins only the two played cards.
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.seat == 1 and sorted(won.cards) == sorted(cards("Crab 5, Fish 7"))
    assert c("Crab 2") not in state.won[1]


def test_discarding_while_a_new_suit_is_held_is_illegal():
    state = table(3, {0: "Crab 5", 1: "Crab 9, Fish 7", 2: "Crab 1"})
    play(state, Play(c("Crab 5")))
    with pytest.raises(IllegalAction, match="only discard when you cannot"):
        state.apply(Discard(c("Crab 9")), state.current_player)


def test_a_card_you_do_not_hold_is_refused():
    state = table(3, {0: "Crab 5", 1: "Fish 7", 2: "Crab 1"})
    with pytest.raises(IllegalAction, match="You do not hold the Fish 7"):
        state.apply(Play(c("Fish 7")), state.current_player)


def test_discards_score_like_taken_cards():
    state = table(3, {0: "Crab 5", 1: "Crab 3", 2: "Fish 8"}, leader=0, game_hands=2)
    events = play(state, Play(c("Crab 5")), Discard(c("Crab 3")), Play(c("Fish 8")))
    scored = {e.seat: e.points for e in events if isinstance(e, Scored)}
    assert scored == {0: 0, 1: 2, 2: 4}  # Crab 3 discarded = 2; Crab 5 + Fish 8 taken = 4


def test_highest_value_wins_and_takes_all_played_cards_and_leads():
    state = table(3, {0: "Crab 5, Crab 1", 1: "Fish 9, Fish 1", 2: "Starfish 7, Starfish 1"})
    events = play(state, Play(c("Crab 5")), Play(c("Fish 9")), Play(c("Starfish 7")))
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.seat == 1
    assert sorted(state.won[1]) == sorted(cards("Crab 5, Fish 9, Starfish 7"))
    assert state.current_player == 1 and state.leader == 1


def test_lowest_value_takes_an_anemone():
    state = table(3, {0: "Crab 5, Crab 1", 1: "Fish 9, Fish 1", 2: "Starfish 7, Starfish 1"})
    events = play(state, Play(c("Crab 5")), Play(c("Fish 9")), Play(c("Starfish 7")))
    award = next(e for e in events if isinstance(e, AnemoneAwarded))
    assert (award.seat, award.side, award.kind) == (0, 1, AwardKind.FROM_SUPPLY)
    assert state.pool.ones[0] == 1 and state.pool.supply == 8


def test_ties_go_to_the_later_card_for_highest_and_lowest():
    state = table(4, {0: "Crab 6, Crab 1", 1: "Fish 6, Fish 1", 2: "Starfish 2, Starfish 1",
                      3: "Octopus 2, Octopus 1"})
    events = play(state, Play(c("Crab 6")), Play(c("Fish 6")), Play(c("Starfish 2")),
                  Play(c("Octopus 2")))
    assert next(e for e in events if isinstance(e, TrickWon)).seat == 1
    assert next(e for e in events if isinstance(e, AnemoneAwarded)).seat == 3


def test_a_trick_with_one_played_card_awards_no_anemone():
    state = table(3, {0: "Crab 2, Fish 1", 1: "Crab 9, Crab 1", 2: "Crab 8, Crab 3"})
    events = play(state, Play(c("Crab 2")), Discard(c("Crab 9")), Discard(c("Crab 8")))
    assert next(e for e in events if isinstance(e, TrickWon)).seat == 0
    assert not any(isinstance(e, AnemoneAwarded) for e in events)
    assert state.pool.supply == 9


# -- anemones ---------------------------------------------------------------------------
def test_attached_anemones_raise_the_value_and_return_to_the_supply():
    state = table(3, {0: "Crab 9, Crab 1", 1: "Fish 4, Fish 2", 2: "Starfish 5, Starfish 1"},
                  anemones={1: (1, 2)})
    assert not any(isinstance(a, Arm) for a in state.legal_actions(0))  # seat 0 holds none
    play(state, Play(c("Crab 9")))
    assert Arm(1, 2) in state.legal_actions(1)
    events = play(state, Arm(1, 2))
    assert events == [AnemonesArmed(1, 1, 2)] and state.current_player == 1  # still seat 1's turn
    assert state.observation(0).armed == (1, 2)  # readied anemones are on the table for all
    events = play(state, Play(c("Fish 4")), Play(c("Starfish 5")))
    # Fish 4 + 1 + 2 + 2 = 9 ties the Crab 9 and, played later, wins.
    assert next(e for e in events if isinstance(e, CardPlayed)) == CardPlayed(1, c("Fish 4"), 1, 2)
    assert next(e for e in events if isinstance(e, TrickWon)).seat == 1
    assert state.pool.value(1) == 0
    assert state.pool.supply == 9 - 1  # all three came back; one went to the lowest (Starfish 5)
    assert state.pool.ones[2] == 1


def test_readied_anemones_can_be_changed_or_taken_back_before_the_card_is_played():
    state = table(3, {0: "Crab 9", 1: "Fish 4", 2: "Starfish 5"}, anemones={1: (2, 1)})
    play(state, Play(c("Crab 9")), Arm(2, 1), Arm(1, 0))
    assert state.armed == (1, 0)
    with pytest.raises(IllegalAction, match="already readied"):
        state.apply(Arm(1, 0), 1)
    play(state, Arm(0, 0), Play(c("Fish 4")))
    assert state.trick[-1].value == 4 and state.pool.value(1) == 4


def test_cannot_attach_more_anemones_than_held():
    state = table(3, {0: "Crab 9", 1: "Fish 4", 2: "Starfish 5"}, anemones={1: (1, 0)})
    play(state, Play(c("Crab 9")))
    with pytest.raises(IllegalAction, match="You hold only 1 \\+1 anemone and 0 \\+2 anemones"):
        state.apply(Arm(2, 0), state.current_player)


def test_anemones_cannot_be_attached_to_a_discard():
    state = table(3, {0: "Crab 9", 1: "Crab 4", 2: "Fish 5"}, anemones={1: (2, 0)})
    play(state, Play(c("Crab 9")))
    assert state.legal_actions(state.current_player) == [Discard(c("Crab 4"))]
    assert "no card can take anemones" in state.check(Arm(1, 0), 1)


def test_taking_an_anemone_while_holding_a_plus_one_flips_it():
    state = table(3, {0: "Crab 9, Crab 1", 1: "Fish 2, Fish 1", 2: "Starfish 5, Starfish 1"},
                  anemones={1: (1, 0)})
    events = play(state, Play(c("Crab 9")), Play(c("Fish 2")), Play(c("Starfish 5")))
    award = next(e for e in events if isinstance(e, AnemoneAwarded))
    assert award.kind is AwardKind.FLIPPED
    assert (state.pool.ones[1], state.pool.twos[1]) == (0, 1)
    assert state.pool.supply == 8


def test_holding_only_plus_twos_takes_a_new_plus_one():
    state = table(3, {0: "Crab 9, Crab 1", 1: "Fish 2, Fish 1", 2: "Starfish 5, Starfish 1"},
                  anemones={1: (0, 1)})
    play(state, Play(c("Crab 9")), Play(c("Fish 2")), Play(c("Starfish 5")))
    assert (state.pool.ones[1], state.pool.twos[1]) == (1, 1)


def test_empty_supply_the_richest_other_player_gives_one():
    state = table(4, {0: "Crab 9, Crab 1", 1: "Fish 2, Fish 1", 2: "Starfish 5, Starfish 1",
                      3: "Octopus 6, Octopus 1"},
                  anemones={0: (1, 1), 2: (0, 3), 3: (3, 0)}, supply=0)
    events = play(state, Play(c("Crab 9")), Play(c("Fish 2")), Play(c("Starfish 5")),
                  Play(c("Octopus 6")))
    award = next(e for e in events if isinstance(e, AnemoneAwarded))
    # Seat 2 (value 6) is richest; seat 3 holds 3 and seat 0 holds 3.
    assert (award.seat, award.kind, award.giver) == (1, AwardKind.GIVEN, 2)
    assert (state.pool.ones[1], state.pool.twos[1]) == (1, 0)
    assert (state.pool.ones[2], state.pool.twos[2]) == (0, 2)


def test_empty_supply_tie_for_richest_goes_to_nearest_clockwise_giving_a_plus_one():
    state = table(4, {0: "Crab 9, Crab 1", 1: "Fish 2, Fish 1", 2: "Starfish 5, Starfish 1",
                      3: "Octopus 6, Octopus 1"},
                  anemones={0: (1, 1), 2: (1, 1), 3: (3, 0)}, supply=0)
    events = play(state, Play(c("Crab 9")), Play(c("Fish 2")), Play(c("Starfish 5")),
                  Play(c("Octopus 6")))
    award = next(e for e in events if isinstance(e, AnemoneAwarded))
    assert award.giver == 2  # 2, 3 and 0 all hold 3: seat 2 is first clockwise from seat 1
    assert (state.pool.ones[2], state.pool.twos[2]) == (0, 1)


def test_empty_supply_and_nobody_else_holds_any_gives_nothing():
    state = table(3, {0: "Crab 9, Crab 1", 1: "Fish 2, Fish 1", 2: "Starfish 5, Starfish 1"},
                  anemones={1: (0, 9)}, supply=0)
    events = play(state, Play(c("Crab 9")), Play(c("Fish 2")), Play(c("Starfish 5")))
    award = next(e for e in events if isinstance(e, AnemoneAwarded))
    assert award.kind is AwardKind.NONE_LEFT
    assert state.pool.twos[1] == 9


def test_attached_anemones_return_before_the_lowest_takes_one():
    # Every token is attached to the winning card, the supply is empty meanwhile.
    state = table(3, {0: "Crab 2, Crab 1", 1: "Fish 3, Fish 1", 2: "Starfish 4, Starfish 1"},
                  anemones={2: (0, 9)}, supply=0)
    events = play(state, Play(c("Crab 2")), Play(c("Fish 3")), Arm(0, 9), Play(c("Starfish 4")))
    award = next(e for e in events if isinstance(e, AnemoneAwarded))
    assert (award.seat, award.kind) == (0, AwardKind.FROM_SUPPLY)
    assert state.pool.supply == 8


# -- the end of a hand ------------------------------------------------------------------
def test_hand_scoring_one_per_card_plus_one_for_3_5_8():
    assert [card_points(c(f"Crab {r}")) for r in range(1, 11)] == [1, 1, 2, 1, 2, 1, 1, 2, 1, 1]
    state = table(3, {0: "Crab 3", 1: "Fish 5", 2: "Starfish 10"}, game_hands=2)
    events = play(state, Play(c("Crab 3")), Play(c("Fish 5")), Play(c("Starfish 10")))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.points == (0, 0, 5)  # 3 cards + the 3 and the 5
    assert state.totals == [0, 0, 5]


def test_lowest_scorers_each_take_a_plus_one_clockwise_from_the_leader():
    state = table(3, {0: "Crab 3", 1: "Fish 5", 2: "Starfish 10"}, leader=1, game_hands=2)
    events = play(state, Play(c("Fish 5")), Play(c("Starfish 10")), Play(c("Crab 3")))
    awards = [e for e in events if isinstance(e, AnemoneAwarded)]
    # Trick: Crab 3 lowest takes one.  Hand: seats 0 and 1 tied on 0 take one each,
    # seat 1 first (clockwise from the hand's leader); seat 0 flips its +1.
    assert [(a.seat, a.reason) for a in awards] == [
        (0, "lowest card"), (1, "lowest score of the hand"), (0, "lowest score of the hand")]
    assert awards[2].kind is AwardKind.FLIPPED


def test_six_players_lowest_take_plus_two_next_lowest_plus_one():
    # Crab 9 wins five played cards; seat 1 banks a discard (2 points); the rest score 0.
    state = table(6, {0: "Crab 9", 1: "Crab 8", 2: "Starfish 2", 3: "Octopus 4",
                      4: "Turtle 6", 5: "Jellyfish 3"}, game_hands=2)
    events = play(state, Play(c("Crab 9")), Discard(c("Crab 8")), Play(c("Starfish 2")),
                  Play(c("Octopus 4")), Play(c("Turtle 6")), Play(c("Jellyfish 3")))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.points == (6, 2, 0, 0, 0, 0)
    hand_awards = [e for e in events if isinstance(e, AnemoneAwarded)
                   and e.reason != "lowest card"]
    assert {(a.seat, a.side) for a in hand_awards} == {(2, 2), (3, 2), (4, 2), (5, 2), (1, 1)}
    assert state.pool.twos[2] == 1 and state.pool.ones[2] == 1  # trick +1, hand +2


def test_no_anemones_after_the_final_hand():
    state = table(3, {0: "Crab 3", 1: "Fish 5", 2: "Starfish 10"}, game_hands=1)
    events = play(state, Play(c("Crab 3")), Play(c("Fish 5")), Play(c("Starfish 10")))
    assert [e.reason for e in events if isinstance(e, AnemoneAwarded)] == ["lowest card"]
    assert state.is_over


def test_highest_scorer_leads_the_next_hand_and_cards_are_redealt():
    state = table(3, {0: "Crab 3", 1: "Fish 5", 2: "Starfish 10"}, leader=0, game_hands=2)
    events = play(state, Play(c("Crab 3")), Play(c("Fish 5")), Play(c("Starfish 10")))
    lead = next(e for e in events if isinstance(e, LeadChosen))
    assert lead.seat == 2
    # The hand is over; the next one waits for nature's deal.
    assert state.current_player == NATURE and all(not h for h in state.hands)
    assert any(state.won) and state.observation(0).next_leader == 2
    started = next(e for e in state.apply(Deal(), NATURE) if isinstance(e, HandStarted))
    assert (started.number, started.leader) == (2, 2)
    assert state.current_player == 2 and state.hand_no == 1
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert all(not w for w in state.won)


def test_tie_for_highest_hand_score_goes_first_clockwise_from_the_hand_leader():
    # Seats 1 and 2 tie on 2 points; the hand was led by seat 2 -> seat 2 leads next.
    state = table(3, {0: "Crab 1, Crab 2", 1: "Fish 4, Fish 6", 2: "Starfish 2, Starfish 9"},
                  leader=2, game_hands=2)
    events = play(state,
                  Play(c("Starfish 9")), Play(c("Crab 1")), Play(c("Fish 4")),   # seat 2 takes 3
                  Play(c("Starfish 2")), Play(c("Crab 2")), Play(c("Fish 6")))  # seat 1 takes 3
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.points[1] == ended.points[2] == 3
    assert next(e for e in events if isinstance(e, LeadChosen)).seat == 2


# -- the end of the game ----------------------------------------------------------------
def test_game_lasts_four_hands_by_default():
    state = EnemyAnemoneGame(3).start(seed=3)
    hands_started = 1
    while not state.is_over:
        seat = state.current_player
        for event in state.apply(state.legal_actions(seat)[0], seat):
            hands_started += isinstance(event, HandStarted)
    assert hands_started == 4 and len(state.hand_points) == 4


def test_tie_on_points_goes_to_more_anemone_value_then_shared():
    state = table(3, {}, game_hands=1)
    state.totals = [20, 20, 5]
    state.pool.ones = [1, 0, 0]
    state.pool.twos = [0, 1, 0]
    assert state.outcome() == [0.0, 1.0, 0.0]
    state.pool.twos = [0, 0, 0]
    state.pool.ones = [1, 1, 0]
    assert state.outcome() == [0.5, 0.5, 0.0]


def test_game_over_event_names_the_winner():
    state = table(3, {0: "Crab 3", 1: "Fish 5", 2: "Starfish 10"}, game_hands=1)
    events = play(state, Play(c("Crab 3")), Play(c("Fish 5")), Play(c("Starfish 10")))
    over = events[-1]
    assert isinstance(over, GameOver) and over.winners == (2,)
    assert state.legal_actions(state.current_player) == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Play(c("Crab 3")), state.current_player)


# -- two players ------------------------------------------------------------------------
def test_two_player_trick_is_four_turns_alternating_from_the_leader():
    state = table(2, {0: "Crab 5, Fish 4, Crab 2, Fish 2", 1: "Starfish 6, Octopus 3, Crab 9, Fish 9"},
                  leader=1, deck="Crab 3, Crab 4, Fish 5, Fish 6")
    assert state.order == [1, 0, 1, 0]
    play(state, Play(c("Starfish 6")), Play(c("Crab 5")), Play(c("Octopus 3")))
    # Crab, Starfish, Octopus are in: seat 0 must play a Fish.
    assert {a.card for a in state.legal_actions(state.current_player)} == set(cards("Fish 4, Fish 2"))


def test_two_player_draws_two_each_winner_first_while_the_deck_lasts():
    state = table(2, {0: "Crab 5, Fish 4, Crab 2, Fish 2", 1: "Starfish 6, Octopus 3, Crab 9, Fish 9"},
                  leader=1, deck="Crab 3, Crab 4, Fish 5, Fish 6")
    events = play(state, Play(c("Starfish 6")), Play(c("Crab 5")), Play(c("Octopus 3")),
                  Play(c("Fish 4")))
    # Values: Starfish 6, Crab 5, Octopus 3, Fish 4 -> seat 1 wins with the 6.
    draws = [e for e in events if isinstance(e, CardsDrawn)]
    assert [(d.seat, d.cards) for d in draws] == [(1, tuple(cards("Crab 3, Crab 4"))),
                                                 (0, tuple(cards("Fish 5, Fish 6")))]
    assert state.deck == [] and len(state.hands[0]) == 4 and len(state.hands[1]) == 4
    assert draws[1].visible_to() == frozenset({0})


def test_two_player_no_draw_when_the_deck_is_empty():
    state = table(2, {0: "Crab 5, Fish 4, Crab 2, Fish 2", 1: "Starfish 6, Octopus 3, Crab 9, Fish 9"},
                  leader=1)
    events = play(state, Play(c("Starfish 6")), Play(c("Crab 5")), Play(c("Octopus 3")),
                  Play(c("Fish 4")))
    assert not any(isinstance(e, CardsDrawn) for e in events)
    assert len(state.hands[0]) == 2


def test_two_player_full_game_plays_eight_tricks_per_hand():
    state = EnemyAnemoneGame(2, hands=1).start(seed=21)
    tricks = 0
    while not state.is_over:
        seat = state.current_player
        move = [a for a in state.legal_actions(seat) if not isinstance(a, Arm)][-1]
        tricks += sum(isinstance(e, TrickWon) for e in state.apply(move, seat))
    assert tricks == 8


# -- public inferences used by bots -----------------------------------------------------
def test_a_discard_proves_a_void_in_every_suit_missing_from_the_trick():
    state = table(4, {0: "Crab 5, Fish 1", 1: "Fish 7, Fish 2", 2: "Crab 2, Fish 3",
                      3: "Octopus 1, Octopus 2"})
    play(state, Play(c("Crab 5")), Play(c("Fish 7")), Discard(c("Crab 2")))
    obs = state.observation(3)
    crab, fish, starfish, octopus = 1, 2, 4, 8
    assert obs.voids[2] == starfish | octopus
    assert obs.discard_masks[2] == (crab | fish,)
