"""The round-robin of bot levels: pairings, duplicate deals, intervals, the command."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.games import REGISTRY
from tabletop.lab.tournament import (
    _deal, _seats, mean_interval, paired_interval, plan, tournament, wilson_interval,
)


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


def test_a_recorded_tournament_resumes_where_it_stopped(tmp_path, capsys):
    """With a record, every finished game is kept as it ends; a run stopped part-way
    and started again plays only the games still missing, and reports the same table
    as an unbroken run."""
    entries = [REGISTRY.get("anno")]
    options = {"anno": {"rounds": 1}}
    whole = tournament(entries, 6, seed=4, levels=["random", "easy"], options=options, jobs=1)
    record = tmp_path / "games.jsonl"
    first = tournament(entries, 2, seed=4, levels=["random", "easy"], options=options, jobs=1,
                       record=record)
    assert first["rows"][0]["games"] == 2 and len(record.read_text().splitlines()) == 2
    # A run stopped while writing leaves half a line; another tournament's lines stay.
    with record.open("a") as out:
        out.write('{"seed": 9, "game": "anno", "levels": ["easy", "random"], "players": 2, '
                  '"options": {"rounds": 1}, "index": 0, "result": {"seed": 1}}\n')
        out.write('{"seed": 4, "game": "an')
    played: list[int] = []
    resumed = tournament(entries, 6, seed=4, levels=["random", "easy"], options=options,
                         jobs=1, record=record, progress=lambda done, total: played.append(done))
    assert played == [3, 4, 5, 6]  # the two recorded games were not played again
    assert "line 4 could not be read" in capsys.readouterr().err
    strip = [{k: v for k, v in row.items() if k != "decision_ms"} for row in whole["rows"]]
    assert strip == [{k: v for k, v in row.items() if k != "decision_ms"}
                     for row in resumed["rows"]]
    again = tournament(entries, 6, seed=4, levels=["random", "easy"], options=options, jobs=1,
                       record=record, progress=lambda done, total: played.append(done))
    assert played == [3, 4, 5, 6] and again["rows"] == resumed["rows"]


def test_the_command_says_when_it_cannot_keep_the_record(tmp_path, capsys):
    missing = tmp_path / "no such folder" / "games.jsonl"
    assert main(["tournament", "--only", "anno", "--levels", "random,easy", "--games", "2",
                 "--option", "anno:rounds=1", "--jobs", "1", "--record", str(missing)]) == 2
    assert "cannot keep the record" in capsys.readouterr().err


def test_the_paired_interval_is_agresti_and_mins():
    # 10 deals: the first level alone won 3, the second alone 1, both or neither 6.
    first = [True, True, True, False, True, False, True, False, False, True]
    second = [False, False, False, True, True, False, True, False, False, True]
    difference, low, high = paired_interval(first, second)
    assert difference == pytest.approx(0.2)
    # Cells plus a half: 3.5 and 1.5 of 12; centre 1/6, variance (5/12 - 1/36) / 12.
    assert low == pytest.approx(1 / 6 - 1.959964 * (((5 / 12) - 1 / 36) / 12) ** 0.5)
    assert high == pytest.approx(1 / 6 + 1.959964 * (((5 / 12) - 1 / 36) / 12) ** 0.5)
    same = [True, False] * 200
    difference, low, high = paired_interval(same, same)
    assert difference == 0.0 and low < 0.0 < high and high - low < 0.02
    with pytest.raises(ValueError):
        paired_interval([True], [True, False])


def test_cross_play_seats_one_partner_in_every_chair_on_the_same_deals():
    entry = REGISTRY.get("annapurna")
    pairings = plan([entry], ["normal", "hard"], partners=["easy", "scripted", "wizard"],
                    players=3)
    assert [(p.levels, p.partner) for p in pairings] == [
        (("normal",), "easy"), (("hard",), "easy"),
        (("normal",), "scripted"), (("hard",), "scripted")]
    hard = pairings[3]
    assert hard.players == 3
    assert [_seats(hard, i) for i in range(4)] == [
        ("scripted", "hard", "hard"), ("hard", "scripted", "hard"),
        ("hard", "hard", "scripted"), ("scripted", "hard", "hard")]
    # A partner of the level itself is that level's team.
    twin = plan([entry], ["hard"], partners=["hard"])[0]
    assert twin.partner == "" and _seats(twin, 1) == ("hard", "hard")


def test_cross_play_compares_levels_beside_each_partner_deal_by_deal():
    entries = [REGISTRY.get("annapurna")]
    report = tournament(entries, 6, seed=5, levels=["random", "easy"],
                        options={"annapurna": {"level": "easy"}}, jobs=1,
                        partners=["easy", "scripted"])
    rows = {(r["levels"][0], r.get("partner", r["levels"][0])): r for r in report["rows"]}
    assert set(rows) == {("random", "easy"), ("easy", "easy"), ("random", "scripted"),
                         ("easy", "scripted")}
    assert rows[("easy", "easy")].get("partner") is None  # the easy team itself
    for line in report["paired"]:
        assert line["levels"] == ["easy", "random"] and line["games"] == 6
        a = rows[("easy", line["partner"])]["success"]
        b = rows[("random", line["partner"])]["success"]
        assert line["difference"] == pytest.approx(a - b, abs=1e-4)
        assert line["low"] <= line["difference"] <= line["high"]
    assert {line["partner"] for line in report["paired"]} == {"easy", "scripted"}


def test_the_command_takes_partners_and_seats(capsys):
    assert main(["tournament", "--only", "annapurna", "--levels", "random", "--partners",
                 "all", "--players", "3", "--games", "1", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [r.get("partner", "random") for r in report["rows"]] == [
        "random", "easy", "normal", "hard", "erratic", "scripted"]
    assert {r["players"] for r in report["rows"]} == {3}
    assert main(["tournament", "--only", "annapurna", "--partners", "wizard"]) == 2
    assert "no chosen cooperative game has a partner 'wizard'" in capsys.readouterr().err
    assert main(["tournament", "--only", "anniversary", "--players", "5"]) == 2
    assert "no chosen game is for 5 players" in capsys.readouterr().err
