"""The round-robin of bot levels: pairings, duplicate deals, intervals, the command."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.games import REGISTRY
from tabletop.tournament import _deal, _seats, mean_interval, plan, tournament, wilson_interval


def test_intervals_match_their_textbook_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    shares = [1.0] * 60 + [0.0] * 30 + [0.5] * 10
    low, high = mean_interval(shares)
    mean = sum(shares) / len(shares)
    assert low < mean < high and high - low == pytest.approx(2 * 1.96 * 0.04523, abs=1e-3)  # sd 0.4523 over 100


def test_the_plan_pits_every_pair_heads_up_and_every_level_as_a_team():
    entries = [REGISTRY.get("enemy-anemone"), REGISTRY.get("anniversary")]
    pairings = plan(entries, ["easy", "normal", "hard"])
    ea = [p.levels for p in pairings if p.game == "enemy-anemone"]
    assert ea == [("hard", "normal"), ("hard", "easy"), ("normal", "easy")]
    assert [p.levels for p in pairings if p.game == "anniversary"] == [
        ("easy",), ("normal",), ("hard",)]
    assert all(p.players == 2 for p in pairings)


def test_a_heads_up_deal_is_played_from_both_seats():
    pairing = plan([REGISTRY.get("anno")], ["easy", "random"])[0]
    assert _seats(pairing, 0) == ("easy", "random") and _seats(pairing, 1) == ("random", "easy")
    assert _deal(7, 0, True) == _deal(7, 1, True) != _deal(7, 2, True)


def test_the_result_is_the_same_on_one_worker_or_two():
    entries = [REGISTRY.get("anno"), REGISTRY.get("annapurna")]
    options = {"anno": {"rounds": 1}}
    one = tournament(entries, 4, seed=3, levels=["random", "easy"], options=options, jobs=1)
    two = tournament(entries, 4, seed=3, levels=["random", "easy"], options=options, jobs=2)
    strip = [{k: v for k, v in row.items() if k != "decision_ms"} for row in one["rows"]]
    assert strip == [{k: v for k, v in row.items() if k != "decision_ms"}
                     for row in two["rows"]]
    anno = next(row for row in one["rows"] if row["game"] == "anno")
    assert anno["levels"] == ["easy", "random"] and anno["games"] == 4
    assert anno["low"] <= anno["share"] <= anno["high"]
    assert anno["options"] == {"rounds": 1}


def test_the_command_prints_a_table_and_refuses_bad_arguments(capsys):
    assert main(["tournament", "--only", "anno", "--levels", "random,easy", "--games", "2",
                 "--option", "anno:rounds=1", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [row["levels"] for row in report["rows"]] == [["easy", "random"]]
    assert main(["tournament", "--only", "anno", "--option", "rounds=1"]) == 2
    assert "GAME:KEY=VALUE" in capsys.readouterr().err
    assert main(["tournament", "--only", "anno", "--levels", "wizard"]) == 2
    assert "no chosen game has a bot level 'wizard'" in capsys.readouterr().err
