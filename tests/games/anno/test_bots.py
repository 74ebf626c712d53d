"""Anno's bots: legal moves only, from the observation only, and sensible choices."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.protocol import settle
from tabletop.engine.rng import Rng
from tabletop.games.anno.actions import (
    Burn, Commit, Declare, Exchange, Match, Stage, Unstage, Withdraw,
)
from tabletop.games.anno.bot import make_bot
from tabletop.games.anno.thumb import policy
from tabletop.games.anno.cards import SPRING, Kind
from tabletop.games.anno.matching import conflict, legal_matches
from tabletop.games.anno.game import AnnoGame
from tabletop.games.anno.search import SearchBot, quick_move

from .test_rules_golden import APR, D, JUN, MOON, NIVIS, Q, S, W, Z, table


def positions(count: int, seed: int = 1):
    """Mid-round positions of 2–4 player games reached by random complete moves."""
    rng = random.Random(seed)
    bot = make_bot("random")
    found = []
    while len(found) < count:
        game = AnnoGame(rng.choice((2, 3, 4)), 2)
        state = game.start(rng.randrange(10**6))
        for _ in range(rng.randrange(1, 40)):
            settle(state)
            if state.is_over:
                break
            seat = state.current_player
            state.apply(bot.choose(state.observation(seat), list(state.legal_actions(seat)),
                                   Rng(rng.randrange(99))), seat)
        settle(state)
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_every_level_plays_legal_moves(level):
    bot = make_bot(level)
    for i, state in enumerate(positions(40)):
        seat = state.current_player
        legal = state.legal_actions(seat)
        assert bot.choose(state.observation(seat), list(legal), Rng(i)) in legal


def test_the_search_plays_legal_moves_quickly():
    bot = SearchBot("hard", samples=16, seconds=5)
    for i, state in enumerate(positions(6, seed=2)):
        seat = state.current_player
        legal = state.legal_actions(seat)
        assert bot.choose(state.observation(seat), list(legal), Rng(i)) in legal


def test_a_sampled_deal_looks_the_same_from_the_bots_seat():
    """Bots decide from observations; a deal sampled from one agrees with it exactly,
    so nothing hidden can reach a decision."""
    rng = random.Random(5)
    for state in positions(30, seed=3):
        seat = state.current_player
        obs = state.observation(seat)
        sample = state.game.sample_state(obs, rng)
        assert sample.observation(seat) == obs
        assert sample.invariant_violations() == []


def test_one_sampler_deals_afresh_every_time():
    """The search deals thousands of times from one observation through one sampler:
    each deal agrees with the observation, is the deal ``sample_state`` makes from the
    same randomness, and owes nothing to the deals before it (a play-out uses its deal
    up)."""
    from tabletop.games.anno.sampling import sampler

    for i, state in enumerate(positions(20, seed=6)):
        seat = state.current_player
        obs = state.observation(seat)
        deal = sampler(state.game, obs)
        first = deal(random.Random(i))
        for hand in first.hands:
            hand.clear()
        for board in first.boards:
            board.clear()
        first.deck.clear()
        first.community[:] = []
        again = deal(random.Random(i))
        plain = state.game.sample_state(obs, random.Random(i))
        assert again.observation(seat) == obs
        assert again.hands == plain.hands and again.deck == plain.deck
        assert again.burned == plain.burned and again.rng.getstate() == plain.rng.getstate()
        other = deal(random.Random(1000 + i))
        assert other.observation(seat) == obs
        assert other.invariant_violations() == []
        hidden = len(other.deck) + sum(len(h) for s, h in enumerate(other.hands) if s != seat)
        if hidden >= 10:  # (two shuffles of ten or more cards do not agree by chance)
            assert (other.hands, other.deck) != (again.hands, again.deck)


def test_the_search_thinks_with_the_cycle_collector_paused(monkeypatch):
    import gc

    import tabletop.games.anno.search as search

    seen = []
    play_out = search._play_out

    def watched(*args):
        seen.append(gc.isenabled())
        return play_out(*args)

    monkeypatch.setattr(search, "_play_out", watched)
    state = positions(1, seed=2)[0]
    seat = state.current_player
    SearchBot("hard", samples=8, seconds=5).choose(
        state.observation(seat), list(state.legal_actions(seat)), Rng(1))
    assert seen and not any(seen)
    assert gc.isenabled()


def test_the_play_outs_play_exactly_as_the_normal_bot():
    """The search plays rounds out with the rule of thumb read from the state; it must
    choose what the ``normal`` bot chooses from its observation, and legally."""
    normal = make_bot("normal")
    for i, state in enumerate(positions(80, seed=4)):
        seat = state.current_player
        legal = state.legal_actions(seat)
        move = quick_move(state, seat)
        assert move in legal
        assert move == normal.choose(state.observation(seat), list(legal), Rng(i))


def test_never_burns_a_blue_moon_while_another_card_can_go():
    state = table([MOON[0], Q(4), Q(4, 1)])
    state.exchanged = True  # no exchange left this turn
    action = policy(state.observation(0), list(state.legal_actions(0)), Rng(1))
    assert isinstance(action, Burn) and action.card != MOON[0]


def test_takes_the_biggest_match_and_fetches_a_usable_month():
    state = table([APR, Q(2), D(30), S(SPRING), Q(4)])
    action = policy(state.observation(0), list(state.legal_actions(0)), Rng(1))
    assert isinstance(action, Match) and action.month == APR and len(action.cards) == 3
    state = table([MOON[0], Q(2), D(30), Q(4)], community=[JUN])
    action = policy(state.observation(0), list(state.legal_actions(0)), Rng(1))
    assert action == Exchange(MOON[0], 0)


def test_keeps_the_umbrella_burns_a_duplicate():
    state = table([Q(1), Q(2), Q(3), Q(3, 1), D(31)])
    state.exchanged = True
    action = policy(state.observation(0), list(state.legal_actions(0)), Rng(1))
    assert isinstance(action, Burn)
    assert action.card.kind is Kind.QUARTER and action.card.value == 3


def test_the_search_decides_the_same_whatever_the_hidden_cards_are():
    """Dealing the cards a seat cannot see differently changes none of its choices."""
    bot = SearchBot("hard", samples=8, seconds=60)
    rng = random.Random(9)
    for state in positions(5, seed=6):
        seat = state.current_player
        shuffled = state.determinize(seat, rng)
        assert shuffled.to_json() != state.to_json()
        for k in range(3):
            mine = bot.choose(state.observation(seat), list(state.legal_actions(seat)), Rng(k))
            theirs = bot.choose(shuffled.observation(seat), list(shuffled.legal_actions(seat)),
                                Rng(k))
            assert mine == theirs


def test_the_race_reads_paired_differences():
    from tabletop.games.anno.search import _ahead

    base = [((i * 37) % 11) / 5 - 1 for i in range(200)]
    assert _ahead(base, base) == 0.0
    # A steady small edge shows, however noisy the scores themselves are...
    better = [x + 0.05 + ((i * 13) % 7 - 3) / 100 for i, x in enumerate(base)]
    assert _ahead(better, base) > 5
    assert _ahead(base, better) < -5
    # ...and a swing that comes and goes does not.
    mixed = [x + (0.3 if i % 2 else -0.3) for i, x in enumerate(base)]
    assert abs(_ahead(mixed, base)) < 1
    # A move that left the race early is compared on the deals it was played on.
    assert _ahead(better, base[:50]) == _ahead(better[:50], base[:50])


def test_the_search_strays_from_the_rule_of_thumb_only_for_a_better_move():
    """Where the search plays something other than the rule of thumb, fresh deals
    (not the ones it decided on) score its move higher, on the whole."""
    from tabletop.games.anno.search import _play_out

    bot = SearchBot("hard", samples=240, seconds=600)
    rng = random.Random(4)
    gains, strays = 0.0, 0
    for i, state in enumerate(positions(80, seed=11)):
        if strays >= 4:
            break
        seat = state.current_player
        obs = state.observation(seat)
        legal = list(state.legal_actions(seat))
        chosen = bot.choose(obs, legal, Rng(i))
        thumb = policy(obs, legal, Rng(i))
        if chosen == thumb:
            continue
        strays += 1
        for _ in range(300):
            sample = state.game.sample_state(obs, rng)
            gains += _play_out(sample.clone(), chosen, seat) - _play_out(sample.clone(), thumb, seat)
    assert strays >= 3
    assert gains > 0


def going_out_positions(count: int, rounds: int = 4):
    """Positions before the game's last round where the seat to move can match every
    card left in its hand (reached by the ``normal`` bot playing every seat)."""
    bot = make_bot("normal")
    found = []
    for seed in range(200):
        state = AnnoGame(2, rounds).start(seed)
        while not state.is_over and len(found) < count:
            settle(state)
            if state.is_over:
                break
            seat = state.current_player
            legal = list(state.legal_actions(seat))
            held = len(state.hands[seat])
            if state.round_no + 1 < rounds and any(
                    isinstance(a, Match) and held == sum(1 for c in (a.month, *a.cards)
                                                         if c in state.hands[seat])
                    for a in legal):
                found.append(state.clone())
            state.apply(bot.choose(state.observation(seat), legal, Rng(seed)), seat)
        if len(found) >= count:
            return found
    raise AssertionError("no position to go out from")


def test_the_search_weighs_going_out_before_the_last_round():
    """A move that ends a round early in the game is scored by that round's points (it
    used to be played on into the next, undealt round, and the search failed)."""
    from tabletop.games.anno.search import _play_out

    bot = SearchBot("hard", samples=48, seconds=60)
    for i, state in enumerate(going_out_positions(4)):
        seat = state.current_player
        obs = state.observation(seat)
        legal = list(state.legal_actions(seat))
        out = next(a for a in legal if isinstance(a, Match)
                   and len(state.hands[seat]) == sum(1 for c in (a.month, *a.cards)
                                                     if c in state.hands[seat]))
        ended = state.clone()
        ended.apply_unchecked(out, seat)
        assert ended.round_no == state.round_no + 1
        plus, minus = ended.round_plus[-1], ended.round_minus[-1]
        points = [p - m for p, m in zip(plus, minus)]
        assert _play_out(state.clone(), out, seat) == (points[seat] - points[1 - seat]) / 50
        chosen = bot.choose(obs, legal, Rng(i))
        assert chosen in legal


def test_the_search_plays_whole_games_of_several_rounds():
    """Every decision of a few whole six-round games is legal, rounds that a player
    ends by going out among them, and the games end with every round scored."""
    for seed in range(3):
        game = AnnoGame(2, 6)
        state = game.start(seed)
        bots = [SearchBot("hard", samples=6, seconds=60), make_bot("normal")]
        moves = 0
        while not state.is_over:
            if settle(state):
                continue
            seat = state.current_player
            legal = list(state.legal_actions(seat))
            action = bots[seat].choose(state.observation(seat), legal, Rng(seed * 1000 + moves))
            assert action in legal
            state.apply(action, seat)
            moves += 1
        assert len(state.round_plus) == 6
        assert state.invariant_violations() == []


def test_the_search_with_no_time_left_plays_the_rule_of_thumb():
    """A decision whose time is up before a single deal (the process was held up, the
    machine slept) plays the rule of thumb's move instead of failing."""
    bot = SearchBot("hard", samples=100, seconds=0.0)
    for i, state in enumerate(positions(6, seed=2)):
        seat = state.current_player
        obs, legal = state.observation(seat), list(state.legal_actions(seat))
        assert bot.choose(obs, legal, Rng(i)) == policy(obs, legal, Rng(i))


# -- a declaration under way ------------------------------------------------------------------
def declared_positions(count: int, seed: int, withdrawn: bool = False, loose: bool = False):
    """Positions of random play where the seat to move has declared a month (a random
    legal Declare) and staged random legal cards, as a person at the table might have
    before asking for a hint; with ``withdrawn``, the declaration is then taken back.
    With ``loose``, the cards are staged as saves made before staging was checked could
    hold them: any that fit the month beside the others, from hand or from the Eight."""
    rng = random.Random(seed)
    found = []
    for state in positions(4 * count, seed):
        seat = state.current_player
        declares = [a for a in state.legal_actions(seat) if isinstance(a, Declare)]
        if not declares:
            continue
        state.apply(rng.choice(declares), seat)
        month = state.declared
        board = [] if state.declared_new else state.boards[seat][month]
        source = rng.choice([[c for c in state.hands[seat] if c != month], state.open_community()])
        for _ in range(rng.randrange(0, 5)):
            if loose:
                stages = [Stage(c) for c in source if c not in state.staged
                          and conflict(month, board, [*state.staged, c]) is None]
            else:
                stages = [a for a in state.legal_actions(seat) if isinstance(a, (Stage, Unstage))]
            if not stages:
                break
            if loose:
                state.apply_unchecked(rng.choice(stages), seat)
            else:
                state.apply(rng.choice(stages), seat)
        if withdrawn:
            state.apply(Withdraw(), seat)
        found.append(state)
        if len(found) == count:
            break
    assert len(found) == count
    return found


def reachable_matches(state):
    """The legal matches to the declared month that the seat could still reach, taking
    staged cards back if need be (read from the full state, as a referee would)."""
    seat = state.current_player
    month = state.declared
    board = [] if state.declared_new else state.boards[seat][month]
    staged = list(state.staged)
    hand = [c for c in state.hands[seat] if c != month]
    common = state.open_community()
    if staged and state.staged_from_community:
        common = common + staged
    else:
        hand = hand + staged
    return legal_matches(month, board, hand) + legal_matches(month, board, common)


def follow(bot, state, rng_seed: int, limit: int = 20):
    """Apply ``bot``'s choices for the seat to move until its declaration is over; the
    steps it took."""
    seat = state.current_player
    steps = []
    while state.declared is not None:
        assert len(steps) < limit, f"no end to the declaration after {steps}"
        legal = list(state.legal_actions(seat))
        action = bot.choose(state.observation(seat), legal, Rng(rng_seed + len(steps)))
        assert action in legal, (action, legal)
        steps.append(action)
        state.apply(action, seat)
    return steps


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_declaration_under_way_is_carried_on_to_a_commit(level):
    """From a half-built declaration the bot never gives the match up while a match to
    that month can be reached (keeping its staged cards or taking some back), and its
    steps confirm one within a few moves."""
    bot = SearchBot("hard", samples=4, seconds=5) if level == "hard" else make_bot(level)
    staged = 0
    for i, state in enumerate(declared_positions(60 if level == "normal" else 20, seed=7)):
        staged += bool(state.staged)
        assert reachable_matches(state)  # a month is declared only with a match in reach
        month, seat = state.declared, state.current_player
        before = state.board_count(seat)
        steps = follow(bot, state, i)
        assert Withdraw() not in steps
        assert steps[-1] == Commit()
        assert state.board_count(seat) > before and month in state.boards[seat] \
            or state.round_no > 0 or state.is_over
    assert staged >= 5


def test_staged_cards_of_an_old_save_are_taken_back_as_far_as_needed():
    """From cards staged as a save made before staging was checked may hold them, the
    ``normal`` bot gives the declaration up only when no match to the month is in reach,
    and otherwise confirms one within a few steps."""
    bot = make_bot("normal")
    unstaged = 0
    for i, state in enumerate(declared_positions(60, seed=10, loose=True)):
        reachable = reachable_matches(state)
        steps = follow(bot, state, i)
        unstaged += any(isinstance(a, Unstage) for a in steps)
        assert (Withdraw() in steps) == (not reachable), steps
        assert steps[-1] == (Commit() if reachable else Withdraw())
    assert unstaged


def test_the_normal_bot_takes_back_staged_cards_when_that_is_needed():
    """Staged cards that no longer make a match (a save from before staging was checked)
    are taken back, one by one, towards the best match in reach, whatever its source;
    the declaration is given up only when no match to the month can be made at all."""
    state = table([APR, Q(2), D(30), Q(4)], community=[S(SPRING), Z("Aries"), Z("Taurus")])
    state.apply(Declare(APR), 0)
    for card in (Q(2), D(30)):  # no third card in hand: as an old save might hold them
        state.apply_unchecked(Stage(card), 0)
    # The fewest cards taken back: one, for a one-card match from hand.
    assert follow(make_bot("normal"), state, 0) == [Unstage(D(30)), Commit()]
    assert state.boards[0] == {APR: [Q(2)]}
    # A lone Nivis from hand can go nowhere: it goes back, and the Community Eight's
    # match is built instead.
    state = table([APR, W(NIVIS), Q(4)], community=[S(SPRING), Z("Aries"), Q(2, 1)])
    state.apply(Declare(APR), 0)
    state.apply_unchecked(Stage(W(NIVIS)), 0)
    community = set(state.open_community())
    steps = follow(make_bot("normal"), state, 0)
    assert steps[0] == Unstage(W(NIVIS)) and steps[-1] == Commit()
    staged = [a.card for a in steps[1:-1]]
    assert all(isinstance(a, Stage) for a in steps[1:-1]) and len(staged) == 3
    assert set(staged) <= community and {S(SPRING), Z("Aries")} <= set(staged)
    assert sorted(state.boards[0][APR]) == sorted(staged) and W(NIVIS) in state.hands[0]
    # With nothing in reach for April at all (declared in a save from before a
    # declaration was checked), the declaration is taken back.
    state = table([APR, Q(4)], community=[Q(1), Q(1, 1), Q(1, 2), Q(3), Q(3, 1), Q(3, 2),
                                         D(28), D(29)])
    state.hands[0].remove(APR)
    state.declared, state.declared_new = APR, True
    assert state.invariant_violations() == []
    assert make_bot("normal").choose(state.observation(0), list(state.legal_actions(0)),
                                     Rng(0)) == Withdraw()


def test_the_bots_continue_the_declaration_as_the_play_outs_do():
    """The search's quick rule of thumb and the ``normal`` bot agree mid-declaration too."""
    normal = make_bot("normal")
    for i, state in enumerate(declared_positions(40, seed=8)):
        seat = state.current_player
        legal = list(state.legal_actions(seat))
        assert quick_move(state, seat) == normal.choose(state.observation(seat), legal, Rng(i))


def test_after_a_declaration_is_taken_back_the_bots_burn():
    for level in ("easy", "normal"):
        bot = make_bot(level)
        for i, state in enumerate(declared_positions(15, seed=9, withdrawn=True)):
            seat = state.current_player
            legal = list(state.legal_actions(seat))
            assert all(isinstance(a, Burn) for a in legal)
            assert bot.choose(state.observation(seat), legal, Rng(i)) in legal
            assert isinstance(quick_move(state, seat), Burn)


def test_a_sampled_deal_agrees_with_every_seat_mid_declaration():
    """Deals sampled from any seat's view of a declaration under way, or taken back,
    agree with that view and keep the game's invariants (a month laid and taken back
    stays in its player's hand)."""
    rng = random.Random(12)
    states = declared_positions(15, seed=13) + declared_positions(15, seed=14, withdrawn=True)
    for state in states:
        for seat in range(state.n):
            obs = state.observation(seat)
            sample = state.game.sample_state(obs, rng)
            assert sample.observation(seat) == obs
            assert sample.invariant_violations() == []
            assert list(sample.legal_actions(state.current_player)) or state.is_over


def test_a_hint_mid_declaration_is_explained_in_words_that_name_it():
    """A hint asked while a match is half built lights the next step, and the coach
    says why in words that name its card and the month (or, after a declaration was
    taken back, why the turn ends with a burn)."""
    from tabletop.games.anno.coach import explain

    normal = make_bot("normal")
    kinds = set()
    states = declared_positions(30, seed=15) + declared_positions(10, seed=16, withdrawn=True)
    for i, state in enumerate(states):
        seat = state.current_player
        obs = state.observation(seat)
        action = normal.choose(obs, list(state.legal_actions(seat)), Rng(i))
        why = explain(obs, action)
        kinds.add(type(action))
        assert why and why[0].isupper() and why.endswith("."), (action, why)
        if isinstance(action, (Stage, Unstage, Burn)):
            assert str(action.card) in why
        if obs.declared is not None:
            assert str(obs.declared) in why
        if obs.withdrawn is not None:
            assert f"You took back your declaration of {obs.withdrawn}" in why
    assert {Stage, Commit, Burn} <= kinds
