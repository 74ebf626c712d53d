"""Every event of every game reads in the log as it did when the lines were recorded
(``tests/fixtures/log_lines.json``, made by ``python -m tests.games.log_lines``): the
same seeded games are played again and each event is told to a shared screen and to
each seat as "you"."""

from __future__ import annotations

import importlib
import inspect
import json
from functools import cache
from typing import Any

import pytest

from tabletop.engine.protocol import Event
from tabletop.games import CATALOGUE, REGISTRY
from tests.games.log_lines import FIXTURE, extras, games, lines, told_by

#: Where each game's events are declared.
EVENT_MODULES = {"enemy-anemone": ("events", "anemones")}


@cache
def recorded() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return found


def event_types(game_id: str) -> set[str]:
    package = REGISTRY.get(game_id).make_game.__module__
    names = set()
    for name in EVENT_MODULES.get(game_id, ("events",)):
        module = importlib.import_module(f"{package}.{name}")
        names |= {cls.__name__ for cls in vars(module).values()
                  if inspect.isclass(cls) and issubclass(cls, Event) and cls.__module__ == module.__name__}
    return names


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_every_event_reads_as_it_did(game_id):
    kept = recorded()[game_id]
    entry = REGISTRY.get(game_id)
    describe = told_by(CATALOGUE.get(game_id))
    met: set[tuple[str, str]] = set()
    for setup, match in games(entry):
        assert setup["seed"] in {game["seed"] for game in kept["games"]}
        assert len(match.history) == next(game["moves"] for game in kept["games"]
                                          if game["seed"] == setup["seed"])
        players = setup["players"]
        told = kept["lines"][str(players)]
        for logged in match.log:
            for event in logged.events:
                key = repr(event)
                if key in told:
                    assert lines([event], players, describe)[key] == told[key], key
                    met.add((str(players), key))
    assert met == {(players, key) for players, told in kept["lines"].items() for key in told}
    assert lines(extras(game_id), 3, describe) == kept["extras"]
    seen = {key.split("(")[0] for told in kept["lines"].values() for key in told}
    seen |= {key.split("(")[0] for key in kept["extras"]}
    assert event_types(game_id) <= seen, event_types(game_id) - seen
    assert any(line for told in kept["lines"].values() for told_lines in told.values()
               for line in told_lines)
