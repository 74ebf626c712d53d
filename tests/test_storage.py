"""Settings and saves on disk: atomic writes, and every kind of bad file moved aside."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY
from tabletop.storage import MAX_FILE_BYTES, Settings, Storage

EA = REGISTRY.get("enemy-anemone")


def a_match(steps: int = 7) -> Match:
    match = Match(EA, [Seat("Ada", SeatKind.HUMAN), Seat("Bo", SeatKind.BOT, "easy"),
                       Seat("Cy", SeatKind.BOT, "hard")], seed=99)
    rng = random.Random(1)
    match.settle()
    for _ in range(steps):
        seat = match.state.current_player
        match.apply(rng.choice(match.state.legal_actions(seat)), seat)
        match.settle()
    return match


def test_match_round_trip(tmp_path):
    storage = Storage(tmp_path)
    match = a_match()
    storage.save_match(match)
    loaded, problem = storage.load_match(REGISTRY, "enemy-anemone")
    assert problem is None and loaded is not None
    assert loaded.state.to_json() == match.state.to_json()
    assert loaded.history == match.history
    assert [s.name for s in loaded.seats] == ["Ada", "Bo", "Cy"]
    assert len(loaded.log) == len(match.log)  # the log is rebuilt by replay


def test_each_game_keeps_its_own_save_and_continue_lists_them_newest_first(tmp_path):
    import os

    storage = Storage(tmp_path)
    love = Match(REGISTRY.get("anniversary"), [Seat("Ada", SeatKind.HUMAN),
                                                Seat("Sam", SeatKind.BOT, "easy")], seed=4)
    sea = a_match()
    storage.save_match(sea)
    storage.save_match(love)
    os.utime(storage.path(storage.save_name("enemy-anemone")), (1, 1))  # played longer ago
    saved, problems = storage.saved_matches(REGISTRY)
    assert problems == [] and [m.entry.id for m in saved] == ["anniversary", "enemy-anemone"]
    storage.delete_match("anniversary")
    assert storage.has_match("enemy-anemone") and not storage.has_match("anniversary")


def test_the_one_save_of_earlier_versions_moves_to_its_games_place(tmp_path):
    storage = Storage(tmp_path)
    match = a_match()
    storage.write_json(storage.LEGACY_SAVE, match.to_json())
    saved, problems = storage.saved_matches(REGISTRY)
    assert problems == [] and [m.state.to_json() for m in saved] == [match.state.to_json()]
    assert storage.has_match("enemy-anemone") and not storage.path(storage.LEGACY_SAVE).exists()


def test_write_is_atomic_and_leaves_no_temporary_files(tmp_path):
    storage = Storage(tmp_path)
    storage.write_json("x.json", {"a": 1})
    storage.write_json("x.json", {"a": 2})
    assert json.loads((tmp_path / "x.json").read_text()) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


BAD_SAVES = [
    pytest.param(b"", "it is empty", id="empty"),
    pytest.param(b'{"format": "tabletop-match", "version": 1, "ga', "not valid JSON", id="truncated"),
    pytest.param(bytes(range(256)) * 4, "not text", id="binary"),
    pytest.param(b'{"format": "tabletop-match", "version": 99}', "version 99", id="wrong-version"),
    pytest.param(b'{"format": "tabletop-match", "version": 2, "game": "chess"}',
                 "does not have", id="wrong-game"),
    pytest.param(b'{"hello": "world"}', "not a Tabletop save", id="foreign"),
    pytest.param(b"[" * 100_000 + b"]" * 100_000, "", id="hostile-nesting"),
    pytest.param(b"[1, 2, 3]", "not a JSON object", id="json-array"),
]


@pytest.mark.parametrize(("content", "phrase"), BAD_SAVES)
def test_bad_saves_are_moved_aside_with_a_message(tmp_path, content, phrase):
    storage = Storage(tmp_path)
    save = storage.path(storage.save_name("enemy-anemone"))
    save.parent.mkdir(parents=True)
    save.write_bytes(content)
    match, problem = storage.load_match(REGISTRY, "enemy-anemone")
    assert match is None
    assert problem and phrase in problem
    assert not save.exists()
    kept = list(save.parent.glob("enemy-anemone.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_huge_save_is_refused_without_reading_it(tmp_path):
    storage = Storage(tmp_path)
    save = storage.path(storage.save_name("enemy-anemone"))
    save.parent.mkdir(parents=True)
    save.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    match, problem = storage.load_match(REGISTRY, "enemy-anemone")
    assert match is None and "too large" in problem


def test_tampered_save_with_illegal_moves_is_refused_not_patched(tmp_path):
    storage = Storage(tmp_path)
    match = a_match(9)
    data = match.to_json()
    data["actions"][2][1] = {"play": 31}  # a card nobody holds
    storage.write_json(storage.save_name("enemy-anemone"), data)
    loaded, problem = storage.load_match(REGISTRY, "enemy-anemone")
    assert loaded is None
    assert problem.startswith("This save of Enemy Anemone does not replay: after 2 of its ")
    assert "the rules refuse move 3" in problem


def refused_autosave(tmp_path):
    """An autosave whose position hash was altered, as bytes on disk."""
    storage = Storage(tmp_path)
    data = json.loads(a_match(9).dumps())
    data["position"] = "0" * 64
    content = json.dumps(data).encode("utf-8")
    save = storage.path(storage.save_name("enemy-anemone"))
    save.parent.mkdir(parents=True)
    save.write_bytes(content)
    return storage, save, content


def test_a_save_that_does_not_replay_is_moved_aside_intact_and_explained(tmp_path):
    storage, save, content = refused_autosave(tmp_path)
    saved, problems = storage.saved_matches(REGISTRY)
    assert saved == [] and len(problems) == 1
    assert not save.exists() and not storage.has_match("enemy-anemone")
    kept = list(save.parent.glob("enemy-anemone.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    problem = problems[0]
    assert problem.startswith("This save of Enemy Anemone does not replay:")
    assert "does not agree" in problem and "different version of the game" in problem
    assert f"The file saves/enemy-anemone.json was kept, unchanged, as {kept[0].name}." \
        in problem
    # Nothing else is lost: the next look finds nothing new to move, the kept file stays.
    assert storage.saved_matches(REGISTRY) == ([], [])
    assert kept[0].read_bytes() == content


def test_an_old_save_that_does_not_replay_is_moved_aside_intact(tmp_path):
    from pathlib import Path

    storage = Storage(tmp_path)
    fixture = Path(__file__).parent / "fixtures" / "saves" / "anno-middle.json"
    data = json.loads(fixture.read_text(encoding="utf-8"))
    data["actions"][20] = data["actions"][19]
    content = json.dumps(data).encode("utf-8")
    save = storage.path(storage.save_name("anno"))
    save.parent.mkdir(parents=True)
    save.write_bytes(content)
    match, problem = storage.load_match(REGISTRY, "anno")
    assert match is None
    assert problem.startswith("This save of Anno does not replay: after 20 of its 40 moves, "
                              "the rules refuse move 21")
    kept = list(save.parent.glob("anno.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content and not save.exists()


def test_a_version_2_save_with_a_damaged_position_is_refused(tmp_path):
    from pathlib import Path

    storage = Storage(tmp_path)
    fixture = Path(__file__).parent / "fixtures" / "saves" / "enemy-anemone-middle.json"
    data = json.loads(fixture.read_text(encoding="utf-8"))
    data["snapshot"]["state"]["hands"][0] = [1, 1, 1]
    storage.write_json(storage.save_name("enemy-anemone"), data)
    loaded, problem = storage.load_match(REGISTRY, "enemy-anemone")
    assert loaded is None and "damaged" in problem
    assert problem.startswith("A saved game could not be restored:")


def test_a_save_without_its_moves_is_refused(tmp_path):
    storage = Storage(tmp_path)
    data = a_match(9).to_json()
    data["actions"] = "nonsense"
    storage.write_json(storage.save_name("enemy-anemone"), data)
    loaded, problem = storage.load_match(REGISTRY, "enemy-anemone")
    assert loaded is None and "no list of moves" in problem


@pytest.mark.parametrize("name", ["", "x" * 10_000, "שלום עולם", "🦀🐙", "a\x00b\x1b[31mc\n"])
def test_hostile_names_are_cleaned(tmp_path, name):
    storage = Storage(tmp_path)
    data = a_match(2).to_json()
    data["seats"][0]["name"] = name
    storage.write_json(storage.save_name("enemy-anemone"), data)
    loaded, problem = storage.load_match(REGISTRY, "enemy-anemone")
    assert problem is None and loaded is not None
    cleaned = loaded.seats[0].name
    assert 1 <= len(cleaned) <= 24
    assert cleaned.isprintable()


def test_settings_round_trip_and_garbage_values_fall_back(tmp_path):
    storage = Storage(tmp_path)
    settings = Settings(volume=0.3, animation_speed="slow", fullscreen=True, last_game="anno")
    storage.save_settings(settings)
    loaded, problem = storage.load_settings()
    assert problem is None and loaded == settings
    storage.write_json(storage.SETTINGS, {"volume": "loud", "animation_speed": "warp",
                                          "window_width": 10**9, "fullscreen": "yes",
                                          "last_game": ["anno"]})
    loaded, problem = storage.load_settings()
    assert problem is None
    assert loaded.volume == Settings().volume
    assert loaded.animation_speed == "normal"
    assert loaded.window_width == 7680
    assert loaded.fullscreen is False
    assert loaded.last_game == ""


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe", b"[]", b"42"])
def test_bad_settings_files_are_moved_aside(tmp_path, content):
    storage = Storage(tmp_path)
    (tmp_path / storage.SETTINGS).write_bytes(content)
    settings, problem = storage.load_settings()
    assert settings == Settings()
    assert problem and "settings.json" in problem
    assert list(tmp_path.glob("settings.broken-*.json"))


def test_a_new_save_without_its_position_is_refused(tmp_path):
    storage = Storage(tmp_path)
    data = a_match(9).to_json()
    del data["position"]
    storage.write_json(storage.save_name("enemy-anemone"), data)
    loaded, problem = storage.load_match(REGISTRY, "enemy-anemone")
    assert loaded is None and "does not say which position it holds" in problem
    assert list(storage.path("saves").glob("enemy-anemone.broken-*.json"))
