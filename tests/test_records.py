"""The statistics: a record per finished game (counted once), figures per game and table
size, a campaign's chapters, and a damaged file moved aside."""

from __future__ import annotations

from tabletop.engine.match import Match
from tabletop.games import REGISTRY
from tabletop.records import GameRecord, Records, record_of, summarize
from tabletop.storage import Storage

from .play import finished, solo

EA = REGISTRY.get("enemy-anemone")
LOVE = REGISTRY.get("anniversary")


def record(won: bool, score: int, players: int = 4, at: float = 0.0) -> GameRecord:
    return GameRecord("enemy-anemone", players, 1, won, score, 0, at, f"k{at}")


def test_streaks_and_scores_are_read_in_order():
    figures = summarize([record(w, s, at=i) for i, (w, s) in enumerate(
        [(True, 10), (True, 30), (False, -5), (True, 20), (True, 12), (True, 7)])])
    assert (figures.games, figures.wins, figures.current_streak, figures.best_streak) == (6, 5, 3, 3)
    assert figures.best_score == 30 and abs(figures.average_score - 74 / 6) < 1e-9
    assert abs(figures.win_rate - 5 / 6) < 1e-9


def test_a_finished_match_is_counted_once_and_survives_a_restart(tmp_path):
    storage = Storage(tmp_path)
    match = finished(EA, solo(4), hands=1)
    match.hints = 2
    assert storage.record_game(match) is None
    assert storage.record_game(match) is None  # shown twice (resumed results): counted once
    records, problem = Storage(tmp_path).load_records()
    assert problem is None and len(records.records) == 1
    mine = records.records[0]
    human_won = match.state.outcome()[0] > 0
    assert mine.won == human_won and mine.score == match.state.scores()[0] and mine.hints == 2
    assert records.summary("enemy-anemone", 4).games == 1
    assert records.summary("enemy-anemone", 3).games == 0
    # An unfinished match is not a record.
    assert record_of(Match(EA, solo(4), 9)) is None


def test_a_campaign_is_broken_down_by_chapter(tmp_path):
    storage = Storage(tmp_path)
    for chapter, seed in ((1, 3), (1, 4), (2, 5)):
        storage.record_game(finished(LOVE, solo(2), seed=seed, chapter=chapter))
    records, _ = storage.load_records()
    chapters = records.by_option("anniversary", "chapter")
    assert chapters[1].games == 2 and chapters[2].games == 1


def test_a_damaged_statistics_file_is_moved_aside_and_counting_starts_again(tmp_path):
    storage = Storage(tmp_path)
    storage.path(Records.NAME).write_text('{"version": 1, "records": [{"game": 3}]', "utf-8")
    records, problem = storage.load_records()
    assert records.records == [] and problem is not None and "kept as" in problem
    assert list(tmp_path.glob("statistics.broken-*.json"))
    assert storage.record_game(finished(EA, solo(3), hands=1)) is None
    assert len(storage.load_records()[0].records) == 1


def test_each_result_keeps_the_bots_level_beside_it(tmp_path):
    """A cooperative result is remembered with its partner's level, and the figures are
    kept apart by it: mixed tables by their levels (the stronger first), people alone
    apart; an older file without levels reads as people only."""
    storage = Storage(tmp_path)
    for seed, seats in enumerate([solo(2, "hard"), solo(2, "hard"), solo(2, "normal"),
                                  [solo(2)[0], solo(2)[0]]]):
        storage.record_game(finished(LOVE, seats, seed=seed, chapter=1))
    peak = REGISTRY.get("annapurna")
    mixed = solo(3, "normal")[:2] + solo(3, "hard")[2:]
    storage.record_game(finished(peak, mixed, seed=9))
    records, problem = Storage(tmp_path).load_records()
    assert problem is None
    assert [r.bots for r in records.of(LOVE.id)] == [("hard",), ("hard",), ("normal",), ()]
    groups = records.by_partner(LOVE.id)
    assert list(groups) == ["hard", "normal", ""]
    assert [g.games for g in groups.values()] == [2, 1, 1]
    assert list(records.by_partner("annapurna")) == ["hard + normal"]
    old = records.records[0].to_json()
    del old["bots"]
    assert GameRecord.from_json(old).partner == ""
