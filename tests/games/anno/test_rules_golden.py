"""Anno's rules, one test (or a few) per line of RULINGS.md's Anno section."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.games.anno.catalogue import LISTING
from tabletop.play.words import Teller
from tabletop.engine.protocol import NATURE, Deal, IllegalAction, settle
from tabletop.games.anno.actions import (
    Burn, Commit, Declare, Exchange, Match, Stage, Unstage, Withdraw, action_from_json,
)
from tabletop.games.anno.cards import (
    AUTUMN, DECK, MONTH_TABLE, MONTHS, SPRING, SUMMER, WINTER, AnnoCard, Kind, converts,
)
from tabletop.games.anno.events import DealerFound, Matched, RoundEnded, RoundStarted
from tabletop.games.anno.rules import AnnoState
from tabletop.games.anno.observation import EMPTY
from tabletop.games.anno.game import AnnoGame

JAN, FEB, MAR, APR, MAY, JUN, JUL, AUG, SEP, OCT, NOV, DEC = MONTHS


def cards(kind: Kind, value: int = 0) -> list[AnnoCard]:
    """Every card of ``kind`` with ``value`` (the copies of one type)."""
    return [c for c in DECK if c.kind is kind and c.value == value]


def one(kind: Kind, value: int = 0, copy: int = 0) -> AnnoCard:
    return cards(kind, value)[copy]


Q = lambda q, i=0: one(Kind.QUARTER, q, i)  # noqa: E731
D = lambda d, i=0: one(Kind.DAYS, d, i)  # noqa: E731
S = lambda s, i=0: one(Kind.SEASON, s, i)  # noqa: E731
Z = lambda name: next(c for c in DECK if c.kind is Kind.ZODIAC and str(c) == name)  # noqa: E731
W = lambda w, i=0: one(Kind.WEATHER, w, i)  # noqa: E731
CUSP = cards(Kind.CUSP)
MOON = cards(Kind.BLUE_MOON)
CALIDUM, GRAVIS, IMPAR, NIVIS = range(4)


def table(hand: list[AnnoCard], community: list[AnnoCard | None] | None = None,
          board: dict[AnnoCard, list[AnnoCard]] | None = None, players: int = 2,
          other_hand: list[AnnoCard] | None = None, deck_size: int | None = None) -> AnnoState:
    """A dealt round with seat 0 to act, holding ``hand``; every other card where it fits."""
    state = AnnoGame(players, 12).new_state(1)
    state.dealt = True
    state.dealer = players - 1
    state.player = 0
    community = list(community or [])
    used = set(hand) | {c for c in community if c is not None}
    for month, matched in (board or {}).items():
        used.add(month)
        used.update(matched)
    used.update(other_hand or [])
    rest = [c for c in DECK if c not in used]
    # Fill the Community Eight with harmless cards, then other hands, then the deck.
    fill = [c for c in rest if c.kind in (Kind.QUARTER, Kind.DAYS)][::-1]
    while len(community) < 8:
        community.append(fill.pop())
    rest = [c for c in rest if c not in community]
    state.community = [EMPTY if c is None else int(c) for c in community]
    state.hands[0] = sorted(hand)
    state.boards[0] = {m: list(v) for m, v in (board or {}).items()}
    for seat in range(1, players):
        state.hands[seat] = sorted(other_hand or [rest.pop() for _ in range(6)]) if seat == 1 \
            else sorted(rest.pop() for _ in range(6))
    state.deck = rest if deck_size is None else rest[:deck_size]
    if deck_size is not None:
        state.burn = rest[deck_size:]
        state.burned[1] = list(state.burn)
    assert state.invariant_violations() == []
    return state


def reason(state: AnnoState, action) -> str | None:
    return state.check(action, state.current_player)


# -- the cards -------------------------------------------------------------------------------
def test_the_deck_has_73_cards_of_the_kinds_and_counts_the_rulings_list():
    assert len(DECK) == 73
    kinds = Counter(c.kind for c in DECK)
    assert kinds == {Kind.MONTH: 12, Kind.QUARTER: 12, Kind.DAYS: 13, Kind.SEASON: 12,
                     Kind.ZODIAC: 12, Kind.WEATHER: 8, Kind.CUSP: 2, Kind.BLUE_MOON: 2}
    assert Counter(c.value for c in DECK if c.kind is Kind.QUARTER) == {1: 3, 2: 3, 3: 3, 4: 3}
    assert Counter(c.value for c in DECK if c.kind is Kind.DAYS) == {31: 7, 30: 4, 29: 1, 28: 1}
    assert Counter(c.value for c in DECK if c.kind is Kind.SEASON) == {0: 3, 1: 3, 2: 3, 3: 3}
    assert Counter(c.value for c in DECK if c.kind is Kind.WEATHER) == {0: 2, 1: 2, 2: 2, 3: 2}
    assert len({c.value for c in DECK if c.kind is Kind.ZODIAC}) == 12


def test_months_carry_their_day_of_year_span():
    assert (MONTH_TABLE[0].first_day, MONTH_TABLE[0].last_day) == (1, 31)
    assert (MONTH_TABLE[1].first_day, MONTH_TABLE[1].last_day) == (32, 59)
    assert (MONTH_TABLE[11].first_day, MONTH_TABLE[11].last_day) == (335, 365)
    assert all(a.last_day + 1 == b.first_day for a, b in zip(MONTH_TABLE, MONTH_TABLE[1:]))


def test_quarters_by_calendar_seasons_northern_zodiacs_as_the_rulebook_table():
    assert [m.quarter for m in MONTH_TABLE] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert [m.season for m in MONTH_TABLE] == [WINTER, WINTER, SPRING, SPRING, SPRING, SUMMER,
                                               SUMMER, SUMMER, AUTUMN, AUTUMN, AUTUMN, WINTER]
    names = ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio",
             "Sagittarius", "Capricorn", "Aquarius", "Pisces"]
    pairs = [tuple(names[z] for z in m.zodiacs) for m in MONTH_TABLE]
    assert pairs[0] == ("Capricorn", "Aquarius")
    assert pairs[4] == ("Taurus", "Gemini")
    assert pairs[11] == ("Sagittarius", "Capricorn")
    assert [m.days for m in MONTH_TABLE] == [(31,), (28, 29), (31,), (30,), (31,), (30,), (31,),
                                             (31,), (30,), (31,), (30,), (31,)]


# -- what a month holds ------------------------------------------------------------------------
def test_one_quarter_per_month():
    state = table([Q(2), D(31), S(SPRING), Z("Taurus")], board={MAY: [Q(2, 1)]})
    assert reason(state, Match(MAY, (Q(2),))) == "May already has a Quarter card."
    assert reason(state, Match(MAY, (Q(1, 0),))) is not None


def test_one_days_card_but_february_takes_28_and_29_together():
    state = table([D(31), D(31, 1), D(28), D(29), Q(1), S(WINTER)], board={JAN: [D(31, 2)]})
    assert reason(state, Match(JAN, (D(31),))) == "January already has a Days card."
    state = table([FEB, D(28), D(29), Q(1)])
    assert reason(state, Match(FEB, (D(28), D(29), Q(1)))) is None
    state = table([D(29), Q(1, 1), S(WINTER)], board={FEB: [D(28), Q(1), Z("Pisces")]})
    assert reason(state, Match(FEB, (D(29),))) is None


def test_one_season_its_own_or_a_weather_card_with_the_season_it_brings():
    state = table([S(SPRING), W(NIVIS), S(WINTER), Q(1)], board={MAR: [S(SPRING, 1)]})
    assert reason(state, Match(MAR, (S(SPRING),))) == "March already has a Season card."
    # March is Spring: Nivis turns Spring into Winter, so Nivis + Winter + a third card is a match.
    state = table([MAR, W(NIVIS), S(WINTER), Q(1)])
    assert reason(state, Match(MAR, (Q(1), S(WINTER), W(NIVIS)))) is None
    # The Winter card alone does not fit March; Nivis alone cannot be matched.
    assert "only with Nivis" in reason(state, Match(MAR, (S(WINTER),)))
    assert "must be matched together with the Winter card" in reason(
        state, Match(MAR, (W(NIVIS),)))
    # A weather card cannot come later, once the month has its Season.
    state = table([W(NIVIS), S(WINTER), Q(1)], board={MAR: [S(SPRING)]})
    assert "already has" in reason(state, Match(MAR, (Q(1), S(WINTER), W(NIVIS))))


def test_the_weather_conversions_table_rules_over_the_january_example():
    assert converts(CALIDUM, SPRING) == SUMMER and converts(CALIDUM, WINTER) == AUTUMN
    assert converts(GRAVIS, WINTER) == SPRING and converts(GRAVIS, SUMMER) == SPRING
    assert converts(IMPAR, SUMMER) == AUTUMN and converts(IMPAR, AUTUMN) == SPRING
    assert converts(NIVIS, SPRING) == WINTER and converts(NIVIS, AUTUMN) == WINTER
    assert all(converts(w, s) is None for w, s in
               [(CALIDUM, SUMMER), (CALIDUM, AUTUMN), (GRAVIS, SPRING), (GRAVIS, AUTUMN),
                (IMPAR, WINTER), (IMPAR, SPRING), (NIVIS, WINTER), (NIVIS, SUMMER)])
    # The rulebook's example says Calidum Ante makes January a Spring month; the table says Autumn.
    state = table([JAN, W(CALIDUM), S(SPRING), S(AUTUMN), Q(1)])
    assert reason(state, Match(JAN, (Q(1), S(AUTUMN), W(CALIDUM)))) is None
    assert "turns January into Autumn" in reason(state, Match(JAN, (Q(1), S(SPRING), W(CALIDUM))))


def test_one_zodiac_both_only_with_a_cusp():
    state = table([Z("Gemini"), Q(2), D(31)], board={MAY: [Z("Taurus")]})
    assert reason(state, Match(MAY, (Z("Gemini"),))) == \
        "May can take both Taurus and Gemini only with a Cusp card."
    state = table([Z("Gemini"), CUSP[0], D(31)], board={MAY: [Z("Taurus")]})
    assert reason(state, Match(MAY, (D(31), Z("Gemini"), CUSP[0]))) is None


def test_a_cusp_needs_a_zodiac_already_there_or_both_in_the_same_match():
    state = table([MAY, Z("Taurus"), Z("Gemini"), CUSP[0], Q(2)])
    assert reason(state, Match(MAY, tuple(sorted((Z("Taurus"), Z("Gemini"), CUSP[0]))))) is None
    assert "A Cusp needs one of May's zodiacs" in reason(
        state, Match(MAY, tuple(sorted((Z("Taurus"), CUSP[0], Q(2))))))
    state = table([CUSP[0], Q(2), D(31)], board={MAY: [Z("Taurus")]})
    assert reason(state, Match(MAY, tuple(sorted((CUSP[0], Q(2), D(31)))))) is None
    assert "on its own" in reason(state, Match(MAY, (CUSP[0],)))


# -- a turn --------------------------------------------------------------------------------------
def test_blue_moon_exchange_first_at_most_once_and_the_moon_stays_dead():
    state = table([MOON[0], MOON[1], Q(2), D(31)], community=[JUN, Q(3)])
    assert reason(state, Exchange(MOON[0], 0)) is None
    state.apply(Exchange(MOON[0], 0), 0)
    assert JUN in state.hands[0] and state.community[0] == MOON[0]
    assert reason(state, Exchange(MOON[1], 1)) == \
        "You have already made your Blue Moon exchange this turn."
    # The Month taken can be laid down and matched at once.
    assert reason(state, Match(JUN, (Q(2),))) is None
    state.apply(Declare(JUN), 0)
    assert reason(state, Exchange(MOON[1], 1)) == ("The Blue Moon exchange must come first in "
                                                   "your turn, and you have declared June this turn.")
    state.apply(Withdraw(), 0)
    state.apply(Burn(D(31)), 0)
    # Later turns: nobody can take the dead Blue Moon.
    state.player = 0
    state.exchanged = False
    state.matched = False
    assert reason(state, Exchange(MOON[1], 0)) == \
        "A Blue Moon in the Community Eight stays there for the rest of the round."


def test_declare_a_new_month_from_hand_or_one_on_the_board():
    state = table([APR, Q(2), D(30), S(SPRING)], board={MAY: [Q(2, 1)]}, community=[JUN])
    assert reason(state, Declare(APR)) is None and reason(state, Declare(MAY)) is None
    assert reason(state, Declare(JUN)) == \
        "Months in the Community Eight can only be taken with a Blue Moon exchange."
    assert reason(state, Declare(JUL)).startswith("You hold no July")
    assert reason(state, Declare(Q(2))) == "Only a Month card can be declared."


def test_match_one_or_three_or_more_never_two():
    state = table([APR, Q(2), D(30), S(SPRING), Z("Aries")])
    assert reason(state, Match(APR, (Q(2),))) is None
    assert reason(state, Match(APR, tuple(sorted((Q(2), D(30)))))) == \
        "Two cards cannot be matched alone: add a third or take one back."
    assert reason(state, Match(APR, tuple(sorted((Q(2), D(30), S(SPRING)))))) is None
    assert reason(state, Match(APR, tuple(sorted((Q(2), D(30), S(SPRING), Z("Aries")))))) is None


def test_all_from_hand_or_all_from_the_community_eight_never_both():
    state = table([APR, Q(2), D(30)], community=[S(SPRING), Z("Aries"), Z("Taurus")])
    mixed = tuple(sorted((Q(2), D(30), S(SPRING))))
    assert reason(state, Match(APR, mixed)).startswith("A match takes its cards all from your hand")
    # The laid month comes from the hand, its cards all from the Community Eight: allowed.
    assert reason(state, Match(APR, (S(SPRING),))) is None
    state.apply(Declare(APR), 0)
    state.apply(Stage(S(SPRING)), 0)
    assert reason(state, Stage(Q(2))) == ("This match takes its cards from the Community Eight: "
                                          "it cannot take cards from your hand too.")


def test_a_laid_month_must_get_a_card_and_can_be_taken_back_before_commit():
    state = table([APR, Q(2), D(30)])
    state.apply(Declare(APR), 0)
    assert reason(state, Commit()) == "Add at least one card to April."
    assert reason(state, Burn(Q(2))) == ("Confirm your match before you burn a card, or take the "
                                         "declaration back to give up matching this turn.")
    state.apply(Withdraw(), 0)
    assert APR in state.hands[0] and APR not in state.boards[0]


def test_months_in_the_community_eight_cannot_be_matched_or_declared():
    state = table([JUN, Q(2)], community=[JUL, Q(2, 1)])
    assert reason(state, Match(JUN, (JUL,))) is not None
    state.apply(Declare(JUN), 0)
    assert reason(state, Stage(JUL)) == \
        "Months in the Community Eight can only be taken with a Blue Moon exchange."


def test_staging_builds_the_same_match_as_one_step_and_each_card_can_be_taken_back():
    one_step = table([APR, Q(2), D(30), S(SPRING), Z("Aries")])
    steps = one_step.clone()
    events = one_step.apply(Match(APR, tuple(sorted((Q(2), D(30), S(SPRING))))), 0)
    steps.apply(Declare(APR), 0)
    for card in (S(SPRING), Z("Aries"), Q(2)):
        steps.apply(Stage(card), 0)
    assert reason(steps, Commit()) is None
    steps.apply(Unstage(Z("Aries")), 0)
    assert Z("Aries") in steps.hands[0]
    steps.apply(Stage(D(30)), 0)
    assert "March already" not in (reason(steps, Stage(Q(2, 1))) or "")
    commit = steps.apply(Commit(), 0)
    assert one_step.boards == steps.boards and one_step.hands == steps.hands
    assert isinstance(events[0], Matched) and events[0].moves()
    assert isinstance(commit[0], Matched) and commit[0].moves() == ()


def test_staged_cards_say_at_once_what_cannot_fit():
    state = table([MAR, S(SPRING), S(SPRING, 1), Q(2)])
    state.apply(Declare(MAR), 0)
    state.apply(Stage(S(SPRING)), 0)
    assert reason(state, Stage(S(SPRING, 1))) == "March already has a Season card."
    assert reason(state, Stage(Q(2))) == "March is in quarter I, not quarter II."


def test_the_community_eight_is_refilled_in_position_order_before_the_burn():
    state = table([APR, Q(1)], community=[Q(3), S(SPRING), Q(4), Q(2), Z("Leo"), D(30)])
    top = state.deck[-3:]
    state.apply(Match(APR, tuple(sorted((S(SPRING), Q(2), D(30))))), 0)
    assert [state.community[p] for p in (1, 3, 5)] == [top[2], top[1], top[0]]
    assert state.current_player == 0 and reason(state, Burn(Q(1))) is None


def test_burn_and_turn_every_turn_even_with_one_card_left():
    state = table([Q(3)])
    drawn = state.deck[-1]
    state.apply(Burn(Q(3)), 0)
    assert state.hands[0] == [drawn] and state.burn == [Q(3)] and state.current_player == 1


def test_a_match_that_empties_the_hand_ends_the_round_at_once():
    state = table([APR, Q(2)])
    events = state.apply(Match(APR, (Q(2),)), 0)
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert ended and ended[0].cleared_by == 0
    assert ended[0].plus[0] == 10 and ended[0].minus[0] == 0
    assert state.current_player == NATURE  # the next round waits for its deal


def test_the_round_ends_when_the_deck_cannot_serve_a_draw():
    state = table([Q(3), Q(4)], deck_size=0)
    events = state.apply(Burn(Q(3)), 0)
    assert any(isinstance(e, RoundEnded) and e.cleared_by == -1 for e in events)
    assert state.round_minus[0][0] == 5  # the burn was made: one card left in hand


def test_the_round_ends_when_the_deck_cannot_serve_a_refill():
    state = table([APR, Q(1)], community=[Q(3), S(SPRING), Q(4), Q(2), Z("Leo"), D(30)],
                  deck_size=1)
    events = state.apply(Match(APR, tuple(sorted((S(SPRING), Q(2), D(30))))), 0)
    assert any(isinstance(e, RoundEnded) and e.cleared_by == -1 for e in events)
    assert state.community[1] != EMPTY and state.community[3] == EMPTY


def test_scoring_five_per_board_card_minus_five_per_card_in_hand():
    state = table([JUN, Q(2, 1)], board={APR: [Q(2), D(30), S(SPRING)]},
                  other_hand=[Q(4), Q(4, 1), Q(4, 2)])
    events = state.apply(Match(JUN, (Q(2, 1),)), 0)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.plus == (30, 0) and ended.minus == (0, 15) and ended.totals == (30, -15)


def test_twelve_rounds_by_default_one_to_twelve_selectable():
    from tabletop.games import REGISTRY

    entry = REGISTRY.get("anno")
    assert entry.default_options() == {"rounds": 12}
    assert entry.new_game(3, {"rounds": 1}).rounds == 1
    with pytest.raises(ValueError):
        entry.new_game(3, {"rounds": 13})


def test_highest_total_wins_and_ties_share():
    state = table([Q(1)])
    state.totals = [40, 40]
    assert state.outcome() == [0.5, 0.5]
    state.totals = [40, 45]
    assert state.outcome() == [0.0, 1.0]


@pytest.mark.parametrize("seed", range(40))
def test_the_first_dealer_holds_the_latest_month_of_the_first_round_with_a_month(seed):
    players = 2 + seed % 3
    state = AnnoGame(players, 12).new_state(seed)
    events = state.apply(Deal(), NATURE)
    found = next(e for e in events if isinstance(e, DealerFound))
    rounds = len(found.draws[0])
    assert all(len(d) == rounds for d in found.draws)
    assert not any(c.kind is Kind.MONTH for d in found.draws for c in d[:-1])
    last = [d[-1] for d in found.draws]
    months = [(c, s) for s, c in enumerate(last) if c.kind is Kind.MONTH]
    assert months and found.dealer == max(months)[1] and found.month == max(months)[0]
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.dealer == found.dealer and started.first == (found.dealer + 1) % players
    assert state.current_player == started.first
    assert all(len(h) == 6 for h in state.hands)
    assert sum(c != EMPTY for c in state.community) == 8
    assert len(state.deck) == 73 - 6 * players - 8


def test_the_deal_passes_clockwise():
    state = AnnoGame(3, 3).new_state(5)
    settle(state)
    dealers = [state.dealer]
    for _ in range(2):
        state._end_round(cleared_by=-1)
        settle(state)
        dealers.append(state.dealer)
    assert dealers == [dealers[0], (dealers[0] + 1) % 3, (dealers[0] + 2) % 3]


def test_a_half_built_match_survives_a_save():
    state = table([APR, Q(2), D(30), S(SPRING)])
    state.apply(Declare(APR), 0)
    state.apply(Stage(Q(2)), 0)
    twin = state.game.state_from_json(state.to_json())
    assert twin.declared == APR and twin.staged == [Q(2)]
    assert twin.to_json() == state.to_json()
    for action in (Withdraw(), Commit(), Stage(D(30)), Match(APR, (Q(2),)), Burn(Q(2)),
                   Exchange(MOON[0], 3), Unstage(Q(2)), Declare(APR)):
        assert action_from_json(action.to_json()) == action


def test_illegal_moves_raise_with_the_reason():
    state = table([APR, Q(2), D(30)])
    with pytest.raises(IllegalAction, match="Two cards cannot be matched alone"):
        state.apply(Match(APR, tuple(sorted((Q(2), D(30))))), 0)
    assert state.hands[0] == sorted([APR, Q(2), D(30)])


# -- a declaration is final ------------------------------------------------------------------------
# The rulebook: "After a player has declared a Month card to match to that turn, they may
# not change their mind and change their declare", and "The Blue Moon Exchange must be the
# first thing that a player does in their turn."
def burns_only(state: AnnoState) -> bool:
    return all(isinstance(a, Burn) for a in state.legal_actions(0)) and \
        {a.card for a in state.legal_actions(0)} == set(state.hands[0])


def test_declare_may_take_it_back_then_declare_june_is_refused():
    state = table([MAY, JUN, Q(2), D(31), D(30), S(SPRING)])
    state.apply(Declare(MAY), 0)
    state.apply(Stage(Q(2)), 0)
    state.apply(Withdraw(), 0)
    assert MAY in state.hands[0] and Q(2) in state.hands[0]  # the laid month goes back to hand
    expected = ("You declared May this turn and took it back: a declaration can't be changed, "
                "so burn a card to end your turn.")
    assert reason(state, Declare(JUN)) == expected
    assert reason(state, Declare(MAY)) == expected
    assert reason(state, Match(JUN, (D(30),))) == expected
    assert reason(state, Match(MAY, (Q(2),))) == expected
    with pytest.raises(IllegalAction, match="a declaration can't be changed"):
        state.apply(Declare(JUN), 0)
    assert burns_only(state)


@pytest.mark.parametrize("action", [
    pytest.param(Declare(JUN), id="declare-another-month"),
    pytest.param(Match(JUN, (D(30),)), id="match-another-month-in-one-step"),
])
def test_while_may_is_declared_another_month_is_refused(action):
    state = table([MAY, JUN, Q(2), D(31), D(30)])
    state.apply(Declare(MAY), 0)
    assert reason(state, action) == "You declared May this turn: a declaration can't be changed."
    assert Declare(JUN) not in state.legal_actions(0)
    assert reason(state, Declare(MAY)) == \
        "You have declared May already: add cards to it, then confirm."


def test_a_month_on_the_board_declared_and_taken_back_leaves_only_the_burn():
    state = table([JUN, Q(2, 1), D(30)], board={MAY: [Q(2), D(31)]}, community=[S(SPRING)])
    state.apply(Declare(MAY), 0)
    state.apply(Stage(S(SPRING)), 0)
    events = state.apply(Withdraw(), 0)
    assert state.community[0] == S(SPRING) and state.boards[0] == {MAY: [Q(2), D(31)]}
    assert LISTING.describe(events[0], Teller(("Ada", "Bo"))) == \
        "Ada takes back the declaration of May: no match this turn."
    assert state.withdrawn == MAY
    assert reason(state, Declare(JUN)) == (
        "You declared May this turn and took it back: a declaration can't be changed, "
        "so burn a card to end your turn.")
    assert reason(state, Stage(D(30))) == (
        "You took back your declaration of May: there is no match this turn, so burn a card "
        "to end it.")
    assert burns_only(state)
    # The turn ends with the burn as ever, and the next player's turn is a fresh one.
    state.apply(Burn(D(30)), 0)
    assert state.withdrawn is None and state.current_player == 1


@pytest.mark.parametrize("withdraw", [
    pytest.param(False, id="while-declared"),
    pytest.param(True, id="after-taking-the-declaration-back"),
])
def test_no_blue_moon_exchange_after_a_declaration(withdraw):
    state = table([MAY, MOON[0], Q(2), D(31)], community=[JUN])
    assert reason(state, Exchange(MOON[0], 0)) is None
    state.apply(Declare(MAY), 0)
    if withdraw:
        state.apply(Withdraw(), 0)
        expected = ("The Blue Moon exchange must come first in your turn, and you declared May "
                    "this turn.")
    else:
        expected = ("The Blue Moon exchange must come first in your turn, and you have declared "
                    "May this turn.")
    assert reason(state, Exchange(MOON[0], 0)) == expected
    assert not any(isinstance(a, Exchange) for a in state.legal_actions(0))


def test_staged_cards_can_still_be_taken_back_and_others_added():
    state = table([MAY, Q(2), D(31), S(SPRING), Z("Taurus")])
    state.apply(Declare(MAY), 0)
    for card in (Q(2), D(31), S(SPRING)):
        state.apply(Stage(card), 0)
    state.apply(Unstage(D(31)), 0)
    assert D(31) in state.hands[0]
    state.apply(Stage(Z("Taurus")), 0)
    assert reason(state, Withdraw()) is None
    state.apply(Commit(), 0)
    assert state.boards[0] == {MAY: sorted([Q(2), S(SPRING), Z("Taurus")])}


def test_a_month_nothing_fits_cannot_be_declared():
    stale = [Q(1), Q(1, 1), Q(1, 2), Q(3), Q(3, 1), Q(3, 2), D(28), D(29)]  # none fits
    state = table([OCT, MAY, Q(2), S(SPRING, 1)], board={APR: [Q(2, 1), D(30), S(SPRING)]},
                  community=stale)
    assert reason(state, Declare(OCT)) == (
        "Nothing in your hand or the Community Eight can be matched to October now: a month "
        "is laid down only to match cards to it.")
    assert reason(state, Declare(APR)) == (
        "Nothing in your hand or the Community Eight can be added to April now, so it cannot "
        "be declared.")
    assert reason(state, Declare(MAY)) is None
    assert [a for a in state.legal_actions(0) if isinstance(a, Declare)] == [Declare(MAY)]


def test_a_declaration_taken_back_survives_a_save_a_clone_and_a_sampled_deal():
    import random

    state = table([MAY, Q(2), D(31)])
    state.apply(Declare(MAY), 0)
    state.apply(Withdraw(), 0)
    data = state.to_json()
    assert data["state"]["withdrawn"] == MAY
    twin = state.game.state_from_json(data)
    assert twin.withdrawn == MAY and twin.to_json() == data
    assert state.clone().withdrawn == MAY
    assert state.observation(1).withdrawn == MAY
    # Everyone saw May laid and taken back: a deal sampled for another seat puts it in
    # the hand of the player who took it back.
    for k in range(5):
        sample = state.game.sample_state(state.observation(1), random.Random(k))
        assert MAY in sample.hands[0] and sample.withdrawn == MAY
        assert sample.invariant_violations() == []
        assert sample.observation(1) == state.observation(1)
        assert burns_only(sample)
    # A save made before the field was kept loads with no declaration taken back, and
    # positions without one are saved as they always were.
    fresh = table([MAY, Q(2), D(31)])
    assert "withdrawn" not in fresh.to_json()["state"]
    del data["state"]["withdrawn"]
    assert state.game.state_from_json(data).withdrawn is None


# -- staging only what can still be matched ---------------------------------------------------------
STAGING_REFUSED = [
    pytest.param([MAR, W(NIVIS), Q(1), D(31)], [], W(NIVIS),
                 "Nivis must be matched together with the Winter card it turns March into, and "
                 "there is no Winter card in your hand.", id="weather-without-its-season"),
    pytest.param([MAR, W(NIVIS), S(WINTER)], [], W(NIVIS),
                 "The Nivis needs a Winter card with it, and two cards cannot be matched alone: "
                 "there is no third card in your hand that fits March with them.",
                 id="weather-and-season-but-no-third-card"),
    pytest.param([MAR, S(WINTER), Q(1), D(31)], [], S(WINTER),
                 "A Winter card fits March only with Nivis, which turns Spring into Winter, and "
                 "there is no Nivis card in your hand.", id="season-without-its-weather"),
    pytest.param([JAN, S(AUTUMN), Q(1)], [], S(AUTUMN),
                 "An Autumn card fits January only with Calidum Ante, which turns Winter into "
                 "Autumn, and there is no Calidum Ante card in your hand.",
                 id="autumn-without-calidum-ante"),
    pytest.param([MAR, S(WINTER), W(NIVIS)], [], S(WINTER),
                 "The Winter card needs Nivis with it, and two cards cannot be matched alone: "
                 "there is no third card in your hand that fits March with them.",
                 id="season-and-weather-but-no-third-card"),
    pytest.param([MAY, CUSP[0], Z("Taurus"), Q(2)], [], CUSP[0],
                 "A Cusp needs one of May's zodiacs already on the month, or both Taurus and "
                 "Gemini in the same match, and Gemini is not in your hand.", id="lone-cusp"),
    pytest.param([MAY, CUSP[0], Q(2), D(31)], [], CUSP[0],
                 "A Cusp needs one of May's zodiacs already on the month, or both Taurus and "
                 "Gemini in the same match, and Taurus and Gemini are not in your hand.",
                 id="lone-cusp-no-zodiac"),
    pytest.param([MAY, Z("Taurus"), Z("Gemini"), Q(2)], [Z("Taurus")], Z("Gemini"),
                 "May can take both Taurus and Gemini only with a Cusp card, and there is no "
                 "Cusp in your hand.", id="both-zodiacs-without-a-cusp"),
    pytest.param([APR, Q(2), D(30), Q(4)], [Q(2)], D(30),
                 "Two cards cannot be matched alone, and there is no third card in your hand "
                 "that fits April with them.", id="second-card-without-a-third"),
]


@pytest.mark.parametrize(("hand", "first", "card", "expected"), STAGING_REFUSED)
def test_a_card_is_staged_only_if_a_match_can_still_be_made(hand, first, card, expected):
    state = table(hand)
    state.apply(Declare(hand[0]), 0)
    for staged in first:
        state.apply(Stage(staged), 0)
    assert reason(state, Stage(card)) == expected
    assert Stage(card) not in state.legal_actions(0)


def test_a_cusp_on_a_month_with_a_zodiac_needs_two_more_cards():
    state = table([CUSP[0], D(31)], board={MAY: [Z("Taurus"), Q(2)]})
    state.apply(Declare(MAY), 0)
    assert reason(state, Stage(CUSP[0])) == (
        "A Cusp cannot be matched on its own, and there are not two more cards in your hand "
        "that fit May with it.")
    state = table([CUSP[0], Z("Gemini"), D(31)], board={MAY: [Z("Taurus"), Q(2)]})
    state.apply(Declare(MAY), 0)
    assert reason(state, Stage(CUSP[0])) is None


def test_staging_from_the_community_eight_looks_there_for_the_rest():
    state = table([JAN], community=[W(GRAVIS), Q(1), S(SPRING)])
    state.apply(Declare(JAN), 0)
    assert reason(state, Stage(W(GRAVIS))) is None  # Gravis turns Winter into Spring
    state = table([JAN, S(SPRING)], community=[W(GRAVIS), Q(1), D(31)])
    state.apply(Declare(JAN), 0)
    assert reason(state, Stage(W(GRAVIS))) == (
        "Gravis Tempestatis must be matched together with the Spring card it turns January "
        "into, and there is no Spring card in the Community Eight.")


@pytest.mark.parametrize("order", [
    pytest.param((0, 1, 2), id="season-weather-quarter"),
    pytest.param((1, 0, 2), id="weather-first"),
    pytest.param((2, 1, 0), id="quarter-weather-season"),
])
def test_the_cards_of_a_match_can_be_staged_in_any_order(order):
    cards = [S(WINTER), W(NIVIS), Q(1)]
    state = table([MAR, *cards])
    state.apply(Declare(MAR), 0)
    for i in order:
        assert reason(state, Stage(cards[i])) is None
        state.apply(Stage(cards[i]), 0)
    state.apply(Commit(), 0)
    assert state.boards[0] == {MAR: sorted(cards)}


def test_whatever_is_staged_can_always_be_confirmed():
    """From positions reached by random legal steps (declarations and stagings among
    them), a declared month can always be completed: some card can be staged or the
    staged cards confirmed, and the refusal of a confirmation names what is missing."""
    import random

    rng = random.Random(3)
    declared = 0
    for game_no in range(60):
        state = AnnoGame(rng.choice((2, 3, 4)), 1).start(rng.randrange(10**6))
        for _ in range(rng.randrange(1, 60)):
            settle(state)
            if state.is_over:
                break
            seat = state.current_player
            state.apply(rng.choice(list(state.legal_actions(seat))), seat)
            settle(state)
            if state.is_over or state.declared is None:
                continue
            declared += 1
            legal = state.legal_actions(state.current_player)
            assert Commit() in legal or any(isinstance(a, Stage) for a in legal)
    assert declared > 50


def test_what_a_month_still_takes_and_who_cleared_a_hand_read_as_english():
    from tabletop.games.anno.matching import open_slots

    september = 9  # an Autumn month
    assert any(slot.startswith("an Autumn card") for slot in open_slots(september, []))
    assert any(slot.startswith("a Winter card") for slot in open_slots(1, []))
    over = RoundEnded(1, (0, 0), (0, 0), (0, 0), cleared_by=1)
    assert LISTING.describe(over, Teller(("Ada", "Marlin"), viewer=0, you=0)) == \
        "Round 1 is over: Marlin has cleared their hand."
    assert LISTING.describe(over, Teller(("Ada", "Marlin"), viewer=1, you=1)) == \
        "Round 1 is over: You have cleared your hand."
