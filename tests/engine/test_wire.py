"""Observations travel as JSON and come back equal; malformed JSON is refused, naming
where it is wrong."""

from __future__ import annotations

import dataclasses
import doctest
import json
from dataclasses import dataclass
from enum import Enum

import pytest

import tabletop.engine.wire
from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng
from tabletop.engine.wire import WireError, from_wire, to_wire, with_local
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.games.anniversary.cards import AnniversaryCard
from tabletop.lab.simulate import play_bot_game

GAMES = [entry.id for entry in CATALOGUE.playable(REGISTRY)]


class Recording(Bot):
    """A bot that keeps every observation it is shown."""

    def __init__(self, inner: Bot, seen: list[Observation]) -> None:
        self.inner, self.seen = inner, seen

    def choose(self, observation: Observation, legal, rng: Rng) -> Action:  # type: ignore[no-untyped-def]
        self.seen.append(observation)
        return self.inner.choose(observation, legal, rng)


@pytest.mark.parametrize("game", GAMES)
def test_every_observation_of_a_whole_game_comes_back_equal(game):
    entry = REGISTRY.get(game)
    seen: list[Observation] = []
    make = entry.make_bot
    recorded = dataclasses.replace(entry, make_bot=lambda level: Recording(make(level), seen))
    level = "easy" if "easy" in entry.bot_levels else entry.default_bot_level
    players = min(entry.max_players, 3)
    result = play_bot_game(recorded, players, [level] * players, seed=11)
    assert result.moves > 10 and len(seen) > 10
    home = entry.new_game(players, {}).new_state(0)
    for obs in seen:
        text = json.dumps(to_wire(obs))
        back = from_wire(type(obs), json.loads(text))
        assert back == obs
        # What is not sent (shared data such as word lists) comes from a local record.
        full = with_local(back, home.observation(0))
        for f in dataclasses.fields(obs):
            assert getattr(full, f.name) == getattr(obs, f.name) or not f.compare


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    card: AnniversaryCard
    colour: Colour


@dataclass(frozen=True)
class Outer:
    seat: int
    pairs: tuple[tuple[int, str], ...]
    inner: Inner | None
    share: float
    flag: bool


GOOD = {"seat": 1, "pairs": [[2, "a"]], "inner": {"card": 33, "colour": "red"},
        "share": 0.5, "flag": False}


def test_a_good_record_reads_back():
    record = from_wire(Outer, GOOD)
    assert record == Outer(1, ((2, "a"),), Inner(AnniversaryCard(33), Colour.RED), 0.5, False)
    assert isinstance(record.inner.card, AnniversaryCard)
    assert to_wire(record) == GOOD


@pytest.mark.parametrize(("change", "says"), [
    ({"seat": "1"}, "seat: '1' is not a whole number"),
    ({"seat": True}, "seat: True is not a whole number"),
    ({"flag": 0}, "flag: 0 is not true or false"),
    ({"pairs": [[2]]}, "pairs[0]: 1 items where 2 belong"),
    ({"pairs": [[2, 3]]}, "pairs[0][1]: 3 is not text"),
    ({"pairs": {"a": 1}}, "is not a list"),
    ({"inner": {"card": 9999, "colour": "red"}}, "inner.card: 9999 is not a AnniversaryCard"),
    ({"inner": {"card": 33, "colour": "green"}}, "inner.colour: 'green' is not a Colour"),
    ({"inner": {"card": 33}}, "inner.colour: missing"),
    ({"inner": {"card": 33, "colour": "red", "spy": 1}}, "inner: unknown field 'spy'"),
    ({"share": "half"}, "share: 'half' is not a number"),
])
def test_a_malformed_record_is_refused_with_where_it_is_wrong(change, says):
    with pytest.raises(WireError) as refused:
        from_wire(Outer, {**GOOD, **change})
    assert says in str(refused.value)


@dataclass(frozen=True)
class Chain:
    next: Chain | None


def test_a_record_nested_without_end_is_refused():
    deep: object = None
    for _ in range(40):
        deep = {"next": deep}
    with pytest.raises(WireError, match="nested too deep"):
        from_wire(Chain, deep)


def test_the_modules_examples_run():
    failures, tried = doctest.testmod(tabletop.engine.wire)
    assert failures == 0 and tried >= 3
