"""The one tagged codec for every game's actions (``tabletop.engine.codec``).

``tests/fixtures/saved_moves.json`` holds moves of every kind of every game as the
hand-written writers of earlier versions saved them (collected from random games
and a few made by hand, for the moves random play does not reach): each must read
back and be written again exactly so, or older saves would stop loading.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop.engine.protocol import NATURE, SnapshotError
from tabletop.games import REGISTRY

SAVED = json.loads((Path(__file__).parents[1] / "fixtures" / "saved_moves.json").read_text())


def _game(gid: str, players: int, options: dict[str, object]):
    entry = REGISTRY.get(gid)
    return entry.make_game(players, {**{o.key: o.default for o in entry.options}, **options})


def test_every_kind_of_saved_move_reads_back_and_is_written_as_before():
    kinds = set()
    for case in SAVED:
        game = _game(case["game"], case["players"], case["options"])
        action = game.action_from_json(case["move"])
        assert game.action_to_json(action) == case["move"], case
        kinds.add((case["game"], type(action).__name__))
    # Every action class of every game is among them.
    from tabletop.games.annapurna.actions import ACTIONS as annapurna
    from tabletop.games.anniversary.actions import ACTIONS as anniversary
    from tabletop.games.anno.actions import ACTIONS as anno
    from tabletop.games.anomia.actions import ACTIONS as anomia
    from tabletop.games.enemy_anemone.actions import ACTIONS as enemy_anemone
    for gid, codec in [("annapurna", annapurna), ("anniversary", anniversary), ("anno", anno),
                       ("anomia", anomia), ("enemy-anemone", enemy_anemone)]:
        for form in codec._forms.values():
            assert (gid, form.cls.__name__) in kinds, (gid, form.cls.__name__)


@pytest.mark.parametrize("gid,players", [("enemy-anemone", 3), ("anno", 2), ("annapurna", 3),
                                         ("anniversary", 2), ("anomia", 3)])
def test_every_legal_move_of_random_games_survives_the_round_trip(gid, players):
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        game = _game(gid, players, {})
        state = game.start(seed)
        for _ in range(150):
            if state.is_over:
                break
            seat = state.current_player
            if seat < 0 and seat != NATURE:
                seat = min(state.acting_seats())
            if seat == NATURE:
                action = state.nature_action()
                assert action is not None
            else:
                legal = list(state.legal_actions(seat))
                for move in legal:
                    again = game.action_from_json(json.loads(json.dumps(game.action_to_json(move))))
                    assert again == move and type(again) is type(move)
                    checked += 1
                action = rng.choice(legal)
            state.apply(action, seat)
    assert checked > 50


@pytest.mark.parametrize("gid,move,reason", [
    ("anno", {"burn": 999}, "burn"),
    ("anno", {"burn": True}, "burn"),
    ("anno", {"exchange": [0, 8]}, "out of range"),
    ("anno", {"exchange": [0]}, "expected 2 values"),
    ("anno", {"burn": 3, "commit": True}, "malformed"),
    ("anno", {"fly": 1}, "malformed"),
    ("anno", ["burn", 3], "malformed"),
    ("anno", {"commit": 1}, "should be true"),
    ("enemy-anemone", {"arm": [1, 10]}, "out of range"),
    ("enemy-anemone", {"arm": [True, 0]}, "not a whole number"),
    ("anomia", {"draw": 0}, "malformed"),  # a timed move without its clock
    ("anomia", {"draw": 2, "at": 5}, "out of range"),
    ("anomia", {"answer": 7, "at": 5}, "not allowed"),
    ("anomia", {"judge": True, "at": -1}, "not a time"),
    ("anomia", {"judge": True, "at": 5, "by": 1}, "malformed"),
    ("anniversary", {"gem": "sideways"}, "not allowed"),
    ("anniversary", {"take": -1}, "out of range"),
    ("annapurna", {"hide": [1, 2]}, "expected 3 values"),
])
def test_a_malformed_move_is_refused_with_the_game_and_the_reason(gid, move, reason):
    game = _game(gid, 2 if gid in ("anno", "anniversary", "annapurna", "enemy-anemone") else 3, {})
    with pytest.raises(SnapshotError) as refused:
        game.action_from_json(move)
    message = str(refused.value)
    assert f"a saved {REGISTRY.get(gid).title} move is malformed" in message
    assert reason in message
