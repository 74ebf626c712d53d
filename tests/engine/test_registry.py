"""The registry: options (shown, hidden, open-ended), players, and each game once."""

from __future__ import annotations

import pytest

from tabletop.engine.registry import GameEntry, OptionSpec, Registry


def _entry(**changes) -> GameEntry:
    base = dict(id="demo", title="Demo", min_players=2, max_players=4,
                default_players=2, make_game=lambda n, o: None, make_bot=lambda level: None,
                bot_levels=("easy",), default_bot_level="easy")
    base.update(changes)
    return GameEntry(**base)  # type: ignore[arg-type]


def test_options_are_checked_against_their_choices_or_their_test():
    entry = _entry(options=(
        OptionSpec("fast", "Fast", (True, False), False, labels=("Yes", "No")),
        OptionSpec("level", "Level", (1, 2), 1, hidden=True),
        OptionSpec("note", "Note", ("",), "", hidden=True, accepts=lambda v: isinstance(v, str)),
    ))
    assert entry.check_options(2, {"fast": True, "note": "anything"}) == {
        "fast": True, "level": 1, "note": "anything"}
    with pytest.raises(ValueError, match=r"Fast must be one of Yes \(True\), No \(False\)"):
        entry.check_options(2, {"fast": 1})  # 1 == True, but it is not a choice
    with pytest.raises(ValueError, match="Note cannot be"):
        entry.check_options(2, {"note": 5})
    with pytest.raises(ValueError, match="no option"):
        entry.check_options(2, {"speed": 3})
    with pytest.raises(ValueError, match="for 2–4 players"):
        entry.check_options(5, {})
    assert entry.options[0].label_of(False) == "No"


def test_an_option_default_must_be_allowed():
    with pytest.raises(ValueError):
        OptionSpec("x", "X", (1, 2), 3)
    with pytest.raises(ValueError):
        OptionSpec("x", "X", (1, 2), 1, labels=("one",))


def test_players_text():
    assert _entry(min_players=2, max_players=2).players_text == "2 players"
    assert _entry().players_text == "2–4 players"


def test_a_game_registered_twice_is_refused():
    with pytest.raises(ValueError):
        Registry([_entry(), _entry()])
