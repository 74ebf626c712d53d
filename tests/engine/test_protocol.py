"""The protocol's own machinery: the legal-action container and its oracle, nature's
steps, real-time stamps and timeouts, and search refusing simultaneous positions."""

from __future__ import annotations

import doctest
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.engine.cards
import tabletop.engine.codec
import tabletop.engine.events
import tabletop.engine.rng
import tabletop.engine.schema
import tabletop.engine.snapshot
from tabletop.bots.ismcts import Budget, ISMCTSBot, SearchRefused
from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import (
    NATURE,
    SIMULTANEOUS,
    Deal,
    IllegalAction,
    LegalActions,
    stamp,
)
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY
from tabletop.games.anniversary.actions import Gem, Pass, Pick, Place, Play, Ready, Take, Unpick
from tabletop.games.anniversary.cards import DECK as LOVE_DECK
from tabletop.games.anniversary.content import GESTURES
from tabletop.games.anno.actions import (
    Burn, Commit, Declare, Exchange, Stage, Unstage, Withdraw,
)
from tabletop.games.anno.actions import Match as AnnoMatch
from tabletop.games.anno.cards import DECK as ANNO_DECK
from tabletop.games.anno.cards import Kind as AnnoKind
from tabletop.games.annapurna import actions as climb
from tabletop.games.anomia import actions as loud
from tabletop.games.enemy_anemone.actions import Arm, Discard
from tabletop.games.enemy_anemone.actions import Play as AnemonePlay
from tabletop.games.enemy_anemone.cards import deck_for
from tabletop.games.enemy_anemone.game import EnemyAnemoneGame

from .toys import Claim, Lapse, Reflex, SnapGame, SnapState


@pytest.mark.parametrize("module", [tabletop.engine.rng, tabletop.engine.events,
                                    tabletop.engine.cards, tabletop.engine.schema,
                                    tabletop.engine.codec, tabletop.engine.snapshot],
                         ids=lambda m: m.__name__)
def test_engine_docstring_examples_run(module):
    failures, _ = doctest.testmod(module)
    assert failures == 0


# -- the container and its one oracle -------------------------------------------------
def test_membership_asks_the_oracle_without_listing(monkeypatch):
    state = EnemyAnemoneGame(4).start(seed=2)
    seat = state.current_player
    calls = []
    real = state.generate_legal
    listing = type(state).generate_legal
    monkeypatch.setattr(type(state), "generate_legal",
                        lambda self, s: calls.append(s) or listing(self, s))
    legal = state.legal_actions(seat)
    assert isinstance(legal, LegalActions)
    card = state.hands[seat][0]
    assert AnemonePlay(card) in legal and calls == []
    assert Discard(card) not in legal and calls == []
    assert len(legal) == len(real(seat)) and calls == [seat]  # built once, then kept
    assert legal[0] in legal and list(legal) == real(seat) and calls == [seat]
    assert legal == real(seat) and "x" not in legal


def universe(game_id, state):
    """Every action a player could try in the game, legal or not (for Anno, a sample of
    one-step matches besides every other kind of step)."""
    if game_id == "anno":
        cards = ANNO_DECK
        moons = [c for c in cards if c.kind is AnnoKind.BLUE_MOON]
        months = cards[:12]
        return ([Deal(), Commit(), Withdraw()] + [Exchange(m, p) for m in moons for p in range(8)]
                + [step(c) for step in (Declare, Stage, Unstage, Burn) for c in cards]
                + [AnnoMatch(m, (c,)) for m in months for c in cards[12::5]]
                + [AnnoMatch(m, tuple(sorted(cards[12 + i::17][:3]))) for i, m in enumerate(months)])
    if game_id == "annapurna":
        places = range(15)
        cards = range(0, 18 * state.n, 5)
        return ([Deal(), climb.Pass(), climb.Sweep(), climb.Leave(), climb.Decline()]
                + [climb.Explore(p) for p in places] + [climb.Take(p) for p in places]
                + [climb.Plant(p) for p in places]
                + [climb.Swap(a, b) for a in places for b in places if a < b]
                + [climb.Look(m, p) for m in range(state.n) for p in places]
                + [climb.Trade(c, p) for c in cards for p in places]
                + [climb.Hide(c, m, p) for c in cards for m in range(state.n) for p in places])
    if game_id == "anomia":
        texts = ["apple", "Paris", "no idea", "polarbears", "", "x" * 61]
        return ([Deal(), loud.Buzz(), loud.Judge(True), loud.Judge(False), loud.Vote(True),
                 loud.Vote(False), loud.Draw(0), loud.Draw(1)]
                + [loud.Answer(t) for t in texts])
    if game_id == "enemy-anemone":
        cards = deck_for(state.n)
        return ([Deal()] + [AnemonePlay(c) for c in cards] + [Discard(c) for c in cards]
                + [Arm(o, t) for o in range(4) for t in range(4)])
    return ([Deal(), Ready(), Pass(), Unpick()] + [Play(c) for c in LOVE_DECK]
            + [Pick(c) for c in LOVE_DECK] + [Place(g) for g in Gem]
            + [Take(g.id) for g in GESTURES])


GAMES = [pytest.param(entry, players, id=f"{entry.id}-{players}p")
         for entry in REGISTRY for players in (entry.min_players, entry.max_players)]


@pytest.mark.parametrize(("entry", "players"), GAMES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**40), chooser=st.integers(0, 2**32))
def test_check_agrees_with_the_listed_actions_for_every_seat(entry, players, seed, chooser):
    defaults = entry.default_options()
    options = ({"hands": 1} if "hands" in defaults else {"rounds": 1} if "rounds" in defaults
               else {"level": ("easy", "trace", "still")[seed % 3]} if "level" in defaults
               else {"humans": ("", "0", "0,1")[seed % 3]} if "humans" in defaults
               else {"hc0": 2, "hc1": 2})
    game = entry.new_game(players, options)
    state = game.new_state(seed)
    rng = random.Random(chooser)
    tries = universe(entry.id, state)
    for _ in range(400):
        if state.is_over:
            break
        for seat in [NATURE, *range(players)]:
            listed = set(state.legal_actions(seat))
            assert all(state.check(action, seat) is None for action in listed)
            for action in tries:
                reason = state.check(action, seat)
                if isinstance(action, game.open_actions) and reason is None:
                    # free input: any well-formed text may be tried when one is listed
                    assert any(type(a) is type(action) for a in listed), (seat, action)
                    continue
                assert (reason is None) == (action in listed), (seat, action, reason)
                if reason is not None:
                    assert reason.endswith((".", "!")) and reason[0].isupper()
        seats = sorted(state.acting_seats())
        seat = NATURE if state.nature_action() or not seats else rng.choice(seats)
        due = state.deadline()
        if seat == NATURE and not state.nature_action():
            assert due is not None
            state.apply(due.action, NATURE)
            continue
        state.apply(rng.choice(list(state.legal_actions(seat))), seat)


# -- nature's steps -----------------------------------------------------------------------
@pytest.mark.parametrize("entry", list(REGISTRY), ids=lambda e: e.id)
def test_the_deal_is_an_applied_step_that_a_save_keeps(entry):
    seats = [Seat(f"P{i}", SeatKind.HUMAN) for i in range(entry.default_players)]
    match = Match(entry, seats, seed=12)
    assert match.state.current_player == NATURE and not match.state.acting_seats()
    with pytest.raises(IllegalAction):
        match.apply(Deal(), 0)
    events = match.settle()
    assert events and match.history == [(NATURE, Deal())]
    assert match.log[0].seat == NATURE and match.log[0].events == tuple(events)
    restored = Match.from_json(REGISTRY, json.loads(match.dumps()))
    assert restored.history == match.history
    assert restored.state.to_json() == match.state.to_json()
    assert [e.events for e in restored.log] == [e.events for e in match.log]


def test_a_step_that_is_not_due_is_refused():
    state = EnemyAnemoneGame(3).start(seed=1)
    assert state.check(Deal(), NATURE) == "That step is not due."


# -- real time ---------------------------------------------------------------------------
def race(seed, reactions):
    """Drive Snap like a real-time table: bots answer with stamped claims, the
    earliest lands first, and a due timeout is applied by nature."""
    game = SnapGame(len(reactions))
    state = game.new_state(seed)
    bots = [Reflex(ms) for ms in reactions]
    applied = []
    while not state.is_over:
        step = state.nature_action()
        if step is not None:
            state.apply(step, NATURE)
            applied.append((NATURE, step))
            continue
        offers = sorted(((bots[s].choose(state.observation(s), state.legal_actions(s), Rng(s)), s)
                         for s in sorted(state.acting_seats())), key=lambda o: o[0].at)
        due = state.deadline()
        assert due is not None
        claim, seat = offers[0]
        if claim.at <= due.at:
            state.apply(claim, seat)
            applied.append((seat, claim))
        else:
            state.apply(due.action, NATURE)
            applied.append((NATURE, due.action))
    return game, state, applied


def test_real_time_claims_replay_exactly_from_the_seed_and_the_stamped_actions():
    game, state, applied = race(5, [350, 300, 900])
    assert state.taken == [0, 6, 0]
    replay = game.new_state(5)
    for seat, action in applied:
        replay.apply(game.action_from_json(json.loads(json.dumps(action.to_json()))), seat)
    assert replay.log == state.log


def test_a_timeout_is_natures_action_when_nobody_is_quick_enough():
    _, state, applied = race(1, [2500, 3000])
    assert state.taken == [0, 0]
    assert [type(a) for s, a in applied if s == NATURE].count(Lapse) == 6


def test_stamps_and_the_clock_only_go_forward():
    state = SnapGame(2).new_state(3)
    state.apply(state.nature_action(), NATURE)
    assert stamp(Claim(), 640) == Claim(640) and stamp(Deal(), 640) == Deal()
    state.apply(Claim(640), 1)
    state.apply(state.nature_action(), NATURE)
    assert state.check(Claim(100), 0) == "That claim came too late."
    assert state.check(Lapse(0), 0) == "Only a claim can be made now."
    assert state.check(Lapse(640 + 2000), NATURE) is None  # the due timeout


def test_search_refuses_a_position_where_several_seats_act_at_once():
    class Hints:
        def sample(self, observation, rng):
            state = SnapState(SnapGame(2))
            state.up, state.deck = 0, [1]
            return state

        def candidates(self, state):
            return state.generate_legal(0)

        def rollout(self, state, rng):
            return state.generate_legal(0)[0]

        def horizon(self, root):
            return None

        def stop(self, state, marker):
            return False

        def evaluate(self, state):
            return state.outcome()

    state = SnapGame(2).new_state(3)
    state.apply(state.nature_action(), NATURE)
    assert state.current_player == SIMULTANEOUS
    bot = ISMCTSBot("test", Hints(), Budget(10, 5.0))
    with pytest.raises(SearchRefused, match="one player at a time"):
        bot.choose(state.observation(0), [Claim(0), Claim(5)], Rng(1))
