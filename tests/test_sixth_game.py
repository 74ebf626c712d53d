"""A sixth game costs what ``docs/architecture.md``'s checklist says: Pigpile
(``tests/sixth``) follows it in under 300 lines, and the engine, the lab's checks and
the table kit take it as they take the five (its table is played in
``tests/ui/test_sixth_table.py``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import NATURE, IllegalAction
from tabletop.engine.registry import Registry
from tabletop.play.catalogue import Catalogue
from tabletop.play.words import Teller
from tabletop.engine.rng import Rng
from tests.sixth import ENTRY
from tests.sixth.catalogue import LISTING
from tests.sixth.pigpile import Play, Take

SIXTH = Path(__file__).parent / "sixth"


def test_the_whole_game_is_under_300_lines_and_follows_the_checklist():
    lines = sum(len(path.read_text().splitlines()) for path in SIXTH.glob("*.py"))
    assert lines < 300, lines
    from tests.sixth import catalogue, pigpile, table

    # rules, content, bots / art, table spec / engine entry and catalogue listing
    assert {"PigState", "DECK", "PigView", "sample_deal", "violations", "PigGame",
            "make_bot"} <= set(vars(pigpile))
    assert {"card_art", "PigpileTableSpec"} <= set(vars(table))
    assert {"describe", "LISTING"} <= set(vars(catalogue)) and "describe" not in vars(pigpile)
    assert Catalogue([LISTING]).playable(Registry([ENTRY])).ids() == ["pigpile"]


def test_bots_play_whole_games_and_every_position_keeps_the_rules():
    for seed in range(40):
        players = 2 + seed % 3
        game = ENTRY.new_game(players)
        state = game.start(seed)
        bots = [ENTRY.make_bot("easy" if s % 2 else "random") for s in range(players)]
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            action = bots[seat].choose(state.observation(seat), state.legal_actions(seat),
                                       Rng(rng.randrange(2**31)))
            state.apply(action, seat)
            assert not state.invariant_violations()
            # What bots imagine agrees with what the seat sees, and hides nothing it knows.
            for viewer in range(players):
                dealt = game.sample_state(state.observation(viewer), rng)
                assert dealt.observation(viewer) == state.observation(viewer)
                assert not dealt.invariant_violations()
        assert sum(state.outcome()) == 1
        again = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert again.to_json() == state.to_json()


def test_the_rules_refuse_with_reasons_and_a_save_replays():
    state = ENTRY.new_game(2).start(3)
    seat = state.current_player
    low = min(state.hands[seat])
    assert state.check(Take(), seat) == "The pile is empty: play any card."
    state.apply(Play(low), seat)
    other = 1 - seat
    lower = [c for c in state.hands[other] if c // 2 <= low // 2]
    if lower:
        try:
            state.apply(Play(lower[0]), other)
        except IllegalAction as refused:
            assert "Play higher than the" in refused.reason
        else:
            raise AssertionError("a lower card went on the pile")
    assert state.check(Play(low), other) == "You do not hold that card."
    match = Match(ENTRY, [Seat("Ada", SeatKind.HUMAN), Seat("Bot", SeatKind.BOT, "easy")], 5, {})
    match.settle()
    while not match.is_over:
        seat = match.state.current_player
        match.apply(match.state.legal_actions(seat)[0], seat)
    lines = [LISTING.describe(event, Teller(("Ada", "Bot"), viewer=0, you=0))
             for logged in match.log for event in logged.events]
    assert lines[0] is None  # the deal: no line
    assert any(line and line.startswith("You play ") for line in lines)
    assert any(line and line.startswith("Bot takes the pile of ") for line in lines) or \
        any(line and line.startswith("You take the pile of ") for line in lines)
    assert lines[-1] in ("You win the game!", "Bot wins the game!",
                         "You and Bot share the win!")
    loaded = Match.from_json(Registry([ENTRY]), json.loads(match.dumps()))
    assert loaded.state.to_json() == match.state.to_json()
    assert loaded.state.current_player != NATURE
