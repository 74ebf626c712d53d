"""Annapurna's rules, one test (or a few) per line of RULINGS.md's Annapurna section,
and one per card effect."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine.protocol import IllegalAction, Secrets
from tabletop.engine.rng import Rng
from tabletop.games.annapurna.actions import (
    Decline, Explore, Hide, Leave, Look, Pass, Plant, Swap, Sweep, Take, Trade,
    action_from_json,
)
from tabletop.games.annapurna.cards import CARDS_PER_SUIT, TYPES, Effect, card_of, value
from tabletop.games.annapurna.events import Peaked, Skipped, Swept, YetiStruck
from tabletop.games.annapurna.mountain import PEAK, neighbours, row_of
from tabletop.games.annapurna.observation import EMPTY, UNKNOWN
from tabletop.games.annapurna.rules import TURN_LIMIT, AnnapurnaState
from tabletop.games.annapurna.observation import OFFER, SWEEP
from tabletop.games.annapurna.game import AnnapurnaGame

# The eighteen cards of a suit by index.
YIN1, YIN2, YIN3, YIN3B, YIN4, YIN4B = range(6)
YANG1, YANG2, YANG3, YANG3B, YANG4, YANG4B = range(6, 12)
CHOC, ALT, SPY, ROCK, ROPE, YETI = range(12, 18)


def ascent(mountains: dict[int, list[int]] | None = None, players: int = 2,
           level: str = "easy") -> AnnapurnaState:
    """A dealt ascent with climber 0 to act.  ``mountains[seat]`` lists the card
    indexes of that suit for places 0–14 (the rest go to the backpack); a seat not
    given gets its suit in order."""
    state = AnnapurnaGame(players, level).new_state(7)
    state.dealt = True
    for seat in range(players):
        order = (mountains or {}).get(seat, list(range(15)))
        assert len(order) == 15
        state.cards[seat] = [int(card_of(seat, i)) for i in order]
        state.backpack[seat] = sorted(int(card_of(seat, i)) for i in range(CARDS_PER_SUIT)
                                      if i not in order)
    state.player = 0
    assert not state.invariant_violations()
    return state


def top(*last: int) -> list[int]:
    """Fifteen card indexes ending with ``last`` (the peak last of all)."""
    rest = [i for i in range(CARDS_PER_SUIT) if i not in last]
    return rest[:15 - len(last)] + list(last)


def c(seat: int, index: int) -> int:
    return int(card_of(seat, index))


def layout(*bottom_up: int) -> list[int]:
    """Fifteen card indexes: the given ones first, then the unused in order."""
    rest = [i for i in range(CARDS_PER_SUIT) if i not in bottom_up]
    return list(bottom_up) + rest[:15 - len(bottom_up)]


def play(state: AnnapurnaState, *actions: object) -> None:
    for action in actions:
        state.apply(action, state.current_player)  # type: ignore[arg-type]


# -- the cards ------------------------------------------------------------------------------
def test_each_suit_has_eighteen_cards_that_balance():
    assert len(TYPES) == CARDS_PER_SUIT == 18
    yin = sorted(-t.value for t in TYPES if t.value < 0)
    yang = sorted(t.value for t in TYPES if t.value > 0)
    assert yin == yang == [1, 2, 3, 3, 4, 4]
    effects = [t.effect for t in TYPES if t.effect is not None]
    assert set(effects) == set(Effect) and len(effects) == 6
    assert all(t.value == 0 for t in TYPES if t.effect is not None)
    assert sum(t.value for t in TYPES) == 0


def test_the_deal_lays_fifteen_face_down_and_packs_three():
    state = AnnapurnaGame(4, "easy").start(3)
    for seat in range(4):
        assert all(c >= 0 for c in state.cards[seat]) and not any(state.up[seat])
        assert len(state.backpack[seat]) == 3
        suit = sorted(state.cards[seat] + state.backpack[seat])
        assert suit == list(range(seat * 18, seat * 18 + 18))
    assert state.current_player == 0
    other = AnnapurnaGame(4, "easy").start(4)
    assert other.cards != state.cards


# -- moving on the mountainside ----------------------------------------------------------------
def test_adjacency_is_sideways_and_up_never_down():
    assert neighbours(2) == (1, 3, 6, 7)      # bottom row: sideways, and the two above
    assert neighbours(0) == (1, 5)
    assert neighbours(8) == (7, 11)           # right end of row two: left and up-left only
    assert neighbours(12) == (13, 14)
    assert neighbours(PEAK) == ()
    for p in range(15):
        for n in neighbours(p):
            assert row_of(n) > row_of(p) or (row_of(n) == row_of(p) and abs(n - p) == 1)


def test_first_turn_hikes_to_a_bottom_row_card():
    state = ascent()
    legal = set(state.legal_actions(0))
    assert legal == {Explore(p) for p in range(5)}
    assert state.check(Explore(5), 0) == ("Your first turn hikes to base camp: explore a card "
                                          "in the bottom row.")
    assert "hikes to base camp" in (state.check(Trade(state.backpack[0][0], 3), 0) or "")


def test_explore_reaches_neighbours_and_walks_across_face_up_and_emptied_places():
    state = ascent({0: layout(YIN1, YANG1, YIN2, YANG2, YIN3)})
    play(state, Explore(0))            # stand on place 0 (yin 1)
    state.player = 0
    assert state.reachable(0) == {1, 5}
    state.up[0][1] = True               # a face-up card beside: walk across it
    state.cards[0][5] = EMPTY           # an emptied place above: walk across it too
    assert state.reachable(0) == {2, 6, 9}
    assert state.check(Explore(3), 0) == ("That card is out of reach: step sideways or up "
                                          "from where you stand, never down.")


def test_no_going_down():
    state = ascent()
    state.location[0] = 6               # in row two, with the bottom row still face down
    state.up[0][6] = True
    assert state.reachable(0) == {5, 7, 9, 10}
    assert Explore(1) not in state.legal_actions(0)


# -- the climbing turn -----------------------------------------------------------------------------
def test_explore_flips_follows_and_stands_on_the_card():
    state = ascent({0: layout(YANG2)})
    play(state, Explore(0))
    assert state.up[0][0] and state.location[0] == 0 and state.balance(0) == 2
    assert state.current_player == 1    # nothing to sweep: the turn ended


def test_trade_swaps_backpack_card_for_face_down_card_into_cache():
    state = ascent({0: layout(YIN1)})
    play(state, Explore(0), Explore(0))   # both climbers hike
    card = state.backpack[0][0]
    old = state.cards[0][7]
    play(state, Trade(card, 7))
    assert state.cards[0][7] == card and not state.up[0][7]
    assert card not in state.backpack[0] and state.cache[0] == [old]
    assert state.know[0][7] == 0b11     # the climbers talk: everyone knows it


def test_hide_puts_the_card_on_a_friends_mountainside():
    state = ascent()
    state.location[0] = 0
    state.up[0][0] = True
    card = state.backpack[0][0]
    old = state.cards[1][14]
    play(state, Hide(card, 1, 14))
    assert state.cards[1][14] == card and state.cache[0][-1] == old
    state.player = 0
    state.phase = "act"
    assert state.check(Hide(state.backpack[0][0], 0, 3), 0) == \
        "A card put on your own mountainside is a Trade."


def test_pass_only_when_nothing_is_possible():
    state = ascent()
    assert state.check(Pass(), 0) == "You can still act: Explore, Trade or Hide."
    state.peak[0] = 1                   # at the peak with an empty backpack
    state.backpack[1] += state.backpack[0]
    state.backpack[0] = []
    assert list(state.legal_actions(0)) == [Pass()]


# -- the sweep and the Helping Hand ----------------------------------------------------------------
def test_sweep_takes_the_largest_balanced_set():
    state = ascent({0: layout(YIN3, YANG1, YANG2, YANG4)})
    for p in (1, 2, 3):
        state.up[0][p] = True           # yang 1, yang 2, yang 4 face up already
    state.location[0] = 1
    play(state, Explore(0))              # yin 3: {yin 3, yang 1, yang 2} balances
    assert state.phase == SWEEP and state.sweepable(0) == (0, 1, 2)
    events = state.apply(Sweep(), 0)
    swept = next(e for e in events if isinstance(e, Swept))
    assert swept.places == (0, 1, 2)
    assert state.cards[0][:3] == [EMPTY] * 3 and state.balance(0) == 4
    assert sorted(state.cache[0]) == sorted(c(0, i) for i in (YIN3, YANG1, YANG2))


def test_effect_card_is_swept_only_once_its_effect_is_done():
    state = ascent({0: layout(ALT)})
    play(state, Explore(0))               # Altitude Sickness binds the next turn
    assert state.phase != SWEEP and state.current_player == 1
    play(state, Explore(0))               # climber 2 hikes (yin 1: nothing to sweep)
    assert state.current_player == 0 and state.phase == SWEEP   # skipped, and now sweepable
    events = state.apply(Sweep(), 0)
    assert state.cards[0][0] == EMPTY and any(isinstance(e, Swept) for e in events)


def test_helping_hand_lets_one_friend_take_one_card_before_the_next_turn():
    state = ascent({0: layout(YIN2, YANG2)}, players=3)
    state.up[0][1] = True
    state.location[0] = 1
    play(state, Explore(0))
    assert state.phase == SWEEP
    play(state, Leave())
    assert state.phase == OFFER and state.current_player == 1
    assert set(state.legal_actions(1)) == {Take(0), Take(1), Decline()}
    play(state, Decline())               # climber 2 lets it pass to climber 3
    assert state.current_player == 2
    play(state, Take(1))
    assert c(0, YANG2) in state.backpack[2] and state.cards[0][1] == EMPTY
    assert state.balance(0) == -2         # the giver's balance changed
    assert state.current_player == 1 and state.phase == "act"   # climber 2's turn now


def test_helping_hand_nobody_takes_and_the_cards_stay():
    state = ascent({0: layout(YIN2, YANG2)})
    state.up[0][1] = True
    state.location[0] = 1
    play(state, Explore(0), Leave(), Decline())
    assert state.up[0][0] and state.up[0][1] and state.current_player == 1


# -- peaking and protecting -------------------------------------------------------------------------
def test_peaking_joins_cache_to_backpack_and_takes_the_next_token():
    state = ascent({0: top(ALT, CHOC, SPY)}, players=3)
    state.location[0] = 13
    state.up[0][13] = True                # Chocolate bar, done: balanced alone
    state.cards[0][13] = c(0, CHOC)
    state.cache[0] = [state.cards[0][12]]
    state.cards[0][12] = EMPTY
    state.peak[2] = 1                     # climber 3 arrived first
    state.backpack[2] += state.cache[2]
    state.cache[2] = []
    pack = list(state.backpack[0])
    events = state.apply(Explore(PEAK), 0)
    while state.current_player == 0 and state.phase in ("look", "sweep"):
        legal = list(state.legal_actions(0))
        events += state.apply(Sweep() if Sweep() in legal else legal[0], 0)
    peaked = next(e for e in events if isinstance(e, Peaked))
    assert peaked.token == 2 and state.peak[0] == 2
    assert state.cache[0] == [] and len(state.backpack[0]) > len(pack)


def test_protecting_climber_trades_or_hides_then_buries():
    state = ascent({0: layout(YIN2, YANG2)})
    state.peak[0] = 1
    state.up[0][0] = True
    state.location[0] = PEAK
    state.up[0][PEAK] = False
    assert not any(isinstance(a, Explore) for a in state.legal_actions(0))
    assert state.check(Explore(1), 0) == ("You stand on your peak: now you Trade or Hide to "
                                          "help the others.")
    card = state.backpack[0][0]
    taken = state.cards[0][5]
    play(state, Trade(card, 5))
    assert taken in state.backpack[0]      # after the peak, straight into the backpack
    state.player = 0
    state.up[0][1] = True                  # yin 2 and yang 2 face up: bury them
    state.phase = "act"
    play(state, Trade(state.backpack[0][0], 6))
    assert state.phase == SWEEP
    play(state, Sweep())
    assert state.cards[0][0] == c(0, YIN2) and not state.up[0][0] and not state.up[0][1]


def test_the_ascent_ends_when_the_last_climber_peaks_easy_trail_won():
    state = ascent({0: top(CHOC, YETI)})
    state.peak[1] = 1                      # climber 2 is up, all face down: balanced
    state.location[0] = 13
    state.up[0][13] = True
    state.apply(Explore(PEAK), 0)          # the Yeti, with nothing beside it
    while not state.is_over:
        state.apply(Sweep(), 0)
    assert state.won and state.outcome() == [1.0, 1.0]
    assert "balanced" in state.reason


def test_easy_trail_lost_if_any_mountainside_is_out_of_balance():
    state = ascent({0: top(YANG3, YIN3)})
    state.peak[1] = 1
    state.location[0] = 13
    state.up[0][13] = True
    state.up[1][0] = True                  # climber 2 holds yin 1 face up: out of balance
    assert state.cards[1][0] == c(1, YIN1)
    state.apply(Explore(PEAK), 0)          # climber 1: yang 3 + yin 3, balanced
    while not state.is_over:
        state.apply(Sweep(), 0)
    assert not state.won and state.outcome() == [0.0, 0.0]
    assert state.points == (3, 1)


def test_leave_no_trace_loses_at_once_when_a_climber_peaks_out_of_balance():
    state = ascent({0: top(YANG3, YANG1)}, players=3, level="trace")
    state.location[0] = 13
    state.up[0][13] = True                 # yang 3 face up; peak is yang 1: +4
    events = state.apply(Explore(PEAK), 0)
    assert state.is_over and not state.won
    assert "out of balance" in state.reason
    assert any(isinstance(e, Peaked) and not e.balanced for e in events)


def test_easy_trail_goes_on_after_an_unbalanced_peak():
    state = ascent({0: top(YANG3, YANG1)}, players=3, level="easy")
    state.location[0] = 13
    state.up[0][13] = True
    state.apply(Explore(PEAK), 0)
    assert not state.is_over and state.peak[0] == 1 and not state.peak_balanced[0]


def test_still_too_easy_keeps_backpacks_and_trades_private():
    game = AnnapurnaGame(3, "still")
    assert game.info.secrets is Secrets.PER_SEAT
    assert AnnapurnaGame(3, "easy").info.secrets is Secrets.SHARED
    state = ascent(players=3, level="still")
    obs = state.observation(1)
    assert obs.backpacks[0] is None and obs.backpacks[1] is not None
    assert obs.backpack_sizes == (3, 3, 3)
    state.location[0] = 0
    state.up[0][0] = True
    card = state.backpack[0][0]
    play(state, Hide(card, 1, PEAK))
    assert state.observation(0).cards[1][PEAK] == card
    assert state.observation(1).cards[1][PEAK] == UNKNOWN
    open_state = ascent(players=3, level="trace")
    open_state.location[0] = 0
    open_state.up[0][0] = True
    card = open_state.backpack[0][0]
    play(open_state, Hide(card, 1, PEAK))
    assert open_state.observation(1).cards[1][PEAK] == card


def test_face_down_cards_are_unknown_to_everyone():
    state = AnnapurnaGame(2, "easy").start(5)
    for seat in (0, 1):
        obs = state.observation(seat)
        assert all(x == UNKNOWN for row in obs.cards for x in row)


# -- effects -------------------------------------------------------------------------------------
def test_chocolate_bar_gives_another_turn():
    state = ascent({0: layout(CHOC)})
    play(state, Explore(0))
    if state.phase == SWEEP:
        play(state, Sweep())
    assert state.current_player == 0 and state.location[0] == 0
    assert Explore(1) in state.legal_actions(0)     # a climbing turn now


def test_altitude_sickness_skips_the_next_turn_in_the_shenpa_pose():
    state = ascent({0: layout(ALT)})
    play(state, Explore(0))
    assert state.shenpa[0] == "altitude"
    obs = state.observation(1)
    assert obs.shenpa[0] == "altitude"
    events = state.apply(Explore(0), 1)    # climber 2 hikes; climber 1's turn is skipped
    assert any(isinstance(e, Skipped) and e.seat == 0 for e in events)
    assert state.shenpa[0] == "" and state.location[0] == 0
    assert state.current_player == 0 and state.phase == SWEEP   # only the sweep is left
    play(state, Sweep())
    assert state.current_player == 1


def test_spyglass_looks_at_one_face_down_card_and_the_climbers_share_it():
    state = ascent({0: layout(SPY)})
    play(state, Explore(0))
    assert state.phase == "look"
    assert state.check(Explore(1), 0) == "First look at a face-down card with the Spyglass."
    play(state, Look(1, PEAK))
    assert state.observation(0).cards[1][PEAK] == state.cards[1][PEAK]
    assert state.observation(1).cards[1][PEAK] == state.cards[1][PEAK]


def test_spyglass_is_private_on_still_too_easy():
    state = ascent({0: layout(SPY)}, level="still")
    play(state, Explore(0), Look(0, PEAK))
    assert state.observation(0).cards[0][PEAK] == state.cards[0][PEAK]
    assert state.observation(1).cards[0][PEAK] == UNKNOWN


def test_rockslide_swaps_two_face_down_cards():
    state = ascent({0: layout(ROCK, YIN4, YANG4)})
    play(state, Explore(0))
    assert state.phase == "swap"
    assert state.check(Swap(0, 1), 0) == ("A rockslide swaps two face-down cards of your own "
                                          "mountainside.")
    play(state, Swap(1, 2))
    assert state.cards[0][1] == c(0, YANG4) and state.cards[0][2] == c(0, YIN4)


def test_fixed_rope_reaches_the_row_and_the_row_above_next_turn():
    state = ascent({0: layout(ROPE)})
    play(state, Explore(0))
    assert state.shenpa[0] == "rope"
    play(state, Explore(0))                # climber 2
    if state.phase == SWEEP:
        play(state, Sweep())
    assert state.current_player == 0 and state.rope
    assert state.reachable(0) == {1, 2, 3, 4, 5, 6, 7, 8}
    play(state, Explore(4))
    assert state.pending[0] == -1          # the rope is used: its card can be swept



@pytest.mark.parametrize("then", ["sweep", "offer"])
def test_a_fixed_rope_spent_on_a_prayer_flag_is_done_and_can_be_swept_or_offered(then):
    # The rope binds one turn: whatever that turn's action is, a flag planted here, the
    # rope has had its turn and its card is settled like any other done effect card.
    state = ascent({0: layout(YANG1, ROPE)})
    play(state, Explore(0))                # base camp: the yang 1
    climber_two_hikes(state)
    play(state, Explore(1))                # the Fixed Rope, beside it: shenpa
    assert state.shenpa[0] == "rope" and state.pending[0] == 1
    climber_two_hikes(state)
    assert state.current_player == 0 and state.rope
    play(state, Plant(0))                  # the single flag on the yang 1, not a far explore
    assert state.planted[0] == [0, -1] and not state.rope and state.pending[0] == -1
    assert state.phase == SWEEP and state.sweepable(0) == (1,)
    if then == "sweep":
        play(state, Sweep())
        assert state.cards[0][1] == EMPTY and c(0, ROPE) in state.cache[0]
    else:
        play(state, Leave())
        assert state.phase == OFFER and state.offer == (1,)
        play(state, Take(1))
        assert c(0, ROPE) in state.backpack[1] and state.cards[0][1] == EMPTY
    assert not state.invariant_violations()


def test_no_effect_card_is_left_waiting_for_a_turn_that_never_comes():
    import random

    from tabletop.games.annapurna.events import TurnStarted

    rope_turns_without_explore = 0
    for seed in range(60):
        game = AnnapurnaGame(2 + seed % 3, ("easy", "trace", "still")[seed % 3])
        state = game.start(seed)
        rnd = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            legal = list(state.legal_actions(seat))
            # Plant a flag or pass on a rope's turn whenever the rules allow it.
            odd = [a for a in legal if isinstance(a, (Plant, Pass))]
            action = rnd.choice(odd if odd and state.rope else legal)
            rope_turns_without_explore += state.rope and isinstance(action, (Plant, Pass))
            events = state.apply(action, seat)
            if any(isinstance(e, TurnStarted) for e in events) or state.is_over:
                for m in range(state.n):
                    assert state.pending[m] < 0 or state.waits_for_its_turn(m), (seed, m)
    assert rope_turns_without_explore >= 3


def test_a_saved_rope_card_left_waiting_after_its_turn_loads_settled():
    state = ascent({0: layout(ROPE)})
    state.up[0][0], state.location[0], state.pending[0] = True, 0, 0   # no shenpa, no rope
    assert state.invariant_violations()
    loaded = state.game.state_from_json(state.to_json())
    assert loaded.pending[0] == -1 and not loaded.invariant_violations()

def test_yeti_turns_up_a_neighbour_and_its_effect_is_lost():
    state = ascent({0: layout(YETI, CHOC, YIN1, YIN2, YIN3)})
    state.up[0][5] = True                  # leave only place 1 face down beside place 0
    events = state.apply(Explore(0), 0)
    struck = next(e for e in events if isinstance(e, YetiStruck))
    assert struck.place == 1 and state.up[0][1]
    if state.phase == SWEEP:
        state.apply(Sweep(), 0)
    assert state.current_player == 1       # the Chocolate Bar's effect was lost


def test_the_yeti_never_turns_up_the_peak():
    state = ascent({0: top(YETI, YIN1)})
    state.location[0] = 12
    state.up[0][12] = True                 # standing beside the Yeti, below the peak
    events = state.apply(Explore(13), 0)
    assert not any(isinstance(e, YetiStruck) for e in events)
    assert not state.up[0][PEAK]
    state.player, state.phase = 0, "act"
    assert Explore(PEAK) in state.legal_actions(0)


# -- prayer flags ----------------------------------------------------------------------------------
def test_prayer_flags_mend_a_climber_out_of_balance_on_the_easy_trail():
    state = ascent({0: top(YANG2, YANG1)}, players=2, level="easy")
    state.location[0] = 13
    state.up[0][13] = True                 # +2 on the way up
    assert state.plantable(0) == [13]
    state.apply(Plant(13), 0)              # the double flag on the yang 2
    assert state.planted[0] == [-1, 13] and state.balance(0) == 0
    assert not state.up[0][13] and not state.face_down(0)[13]   # face down, out of play
    climber_two_hikes(state)
    assert state.check(Explore(13), 0) == "A prayer flag stands on that card: it stays as it is."
    assert state.check(Trade(state.backpack[0][0], 13), 0) == (
        "A prayer flag stands on that card: it stays as it is.")
    assert PEAK in state.reachable(0)      # walked across like an emptied place
    state.apply(Explore(PEAK), 0)          # yang 1: peaked one out
    assert state.peak[0] and state.balance(0) == 1 and not state.is_over
    climber_two_hikes(state)
    state.apply(Plant(PEAK), 0)            # the single flag on the yang 1: balanced
    assert state.planted[0] == [PEAK, 13] and state.balance(0) == 0
    climber_two_hikes(state)
    state.up[0][0] = True                  # another one-symbol card shows…
    assert state.cards[0][0] == c(0, YIN1)
    assert state.check(Plant(0), 0) == "Your single flag is planted already."  # …too late
    assert not state.invariant_violations()


def test_a_flag_covers_a_face_up_card_of_its_own_size():
    state = ascent({0: top(YIN3, SPY, YIN2, CHOC)}, players=2)
    state.location[0] = 13
    for p in (11, 12, 13):
        state.up[0][p] = True
    assert state.check(Plant(11), 0) == "A flag covers a card of one or two symbols."
    assert state.check(Plant(12), 0) == "A flag covers a card of one or two symbols."
    assert state.check(Plant(3), 0) == "A flag is planted on a face-up card of your own mountainside."
    assert state.plantable(0) == [13]      # only the yin 2, for the double flag
    state.apply(Plant(13), 0)
    assert state.planted[0] == [-1, 13]
    state.up[0][13] = True                 # a flag on a face-up card…
    assert state.invariant_violations()    # …is no position the rules can reach


@pytest.mark.parametrize("level", ["trace", "still"])
def test_no_flags_are_planted_on_a_trail_that_leaves_no_trace(level):
    state = ascent({0: top(YANG1, CHOC)}, players=2, level=level)
    state.peak[0] = 1
    state.location[0] = PEAK
    state.up[0][13] = True
    assert state.plantable(0) == []
    assert not any(isinstance(a, Plant) for a in state.legal_actions(0))
    assert state.check(Plant(13), 0) == ("Prayer flags are planted on the Easy Trail only: "
                                         "this trail leaves no trace.")


def climber_two_hikes(state: AnnapurnaState) -> None:
    """Let climber 2 take a plain turn (trade or explore), back to climber 1."""
    while state.current_player != 0 and not state.is_over:
        seat = state.current_player
        legal = list(state.legal_actions(seat))
        state.apply(next((a for a in legal if isinstance(a, (Sweep, Decline))), legal[0]), seat)


# -- the season ------------------------------------------------------------------------------------
def test_an_endless_ascent_is_lost_when_the_season_turns():
    state = ascent()
    state.turns = TURN_LIMIT * 2 - 1
    play(state, Explore(0))
    if state.phase == SWEEP:
        play(state, Sweep())
    assert state.is_over and not state.won and "season" in state.reason


# -- saving and sampling ---------------------------------------------------------------------------
def test_actions_round_trip_through_json():
    for action in (Explore(3), Plant(2), Trade(5, 7), Hide(20, 1, 14), Pass(), Look(1, 2), Swap(1, 4),
                   Sweep(), Leave(), Take(3), Decline()):
        assert action_from_json(action.to_json()) == action


def test_random_ascents_keep_every_card_and_replay_from_json():
    import json
    import random

    for seed in range(40):
        game = AnnapurnaGame(2 + seed % 3, ("easy", "trace", "still")[seed % 3])
        state = game.start(seed)
        rnd = random.Random(seed)
        steps = 0
        while not state.is_over:
            seat = state.current_player
            action = rnd.choice(list(state.legal_actions(seat)))
            state.apply(action, seat)
            steps += 1
            assert not state.invariant_violations()
            if steps % 9 == 0:
                data = json.loads(json.dumps(state.to_json()))
                assert game.state_from_json(data).to_json() == state.to_json()
                obs = state.observation(seat)
                sample = game.sample_state(obs, Rng(steps))
                assert not sample.invariant_violations()
                assert sample.observation(seat) == obs
        counts = Counter(state.points)
        assert sum(counts.values()) == game.num_players


def test_values_are_symbols():
    assert value(c(0, YIN4)) == -4 and value(c(2, YANG3)) == 3 and value(c(3, SPY)) == 0


def test_illegal_steps_explain_themselves():
    state = ascent()
    with pytest.raises(IllegalAction, match="bottom row"):
        state.apply(Explore(9), 0)
    assert state.check(Sweep(), 0) == "First Explore, Trade or Hide."


# -- the log ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["easy", "still"])
def test_every_change_of_a_cache_is_told_in_the_log(level):
    """Trades, hides, sweeps and the peak move cards into and out of caches: the log
    says so, whoever reads it, and names a card taken out only to those who saw it."""
    import random

    from tabletop.games.annapurna.catalogue import LISTING
    from tabletop.play.words import Teller

    names = ("Ada", "Bo", "Cy")
    for seed in range(4):
        state = AnnapurnaGame(3, level).start(seed)
        rnd = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            before = [len(c) for c in state.cache]
            events = state.apply(rnd.choice(list(state.legal_actions(seat))), seat)
            for m in range(3):
                if len(state.cache[m]) == before[m]:
                    continue
                for viewer in (None, 0, 1, 2):
                    tell = Teller(names, viewer=viewer, you=viewer)
                    lines = " ".join(LISTING.describe(e, tell) or "" for e in events).lower()
                    assert ("your cache" if m == viewer else f"{names[m].lower()}'s cache") in lines, \
                        (viewer, events)


def test_a_trade_says_where_the_card_taken_out_goes():
    from tabletop.games.annapurna.catalogue import LISTING
    from tabletop.play.words import Teller

    state = ascent({0: layout(YIN2, YANG2, YIN3)}, level="still")
    state.location[0] = 0
    state.up[0][0] = True
    card, taken = state.backpack[0][0], state.cards[0][5]
    events = state.apply(Trade(card, 5), 0)
    mine = LISTING.describe(events[0], Teller(("Ada", "Bo"), viewer=0, you=0))
    theirs = LISTING.describe(events[0], Teller(("Ada", "Bo"), viewer=1, you=1))
    assert mine == (f"You trade {TYPES[card % CARDS_PER_SUIT].name} into the second row; "
                    f"{TYPES[taken % CARDS_PER_SUIT].name} goes to your cache.")
    assert theirs == "Ada trades a card into the second row; the card it replaces goes to Ada's cache."
