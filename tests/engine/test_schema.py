"""A state's fields declared once: slots, clone and the snapshot come from the schema."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.protocol import GameState, SnapshotError
from tabletop.engine.rng import Rng
from tabletop.engine.schema import (
    Bool,
    Card,
    Cards,
    Clone,
    Declared,
    Derived,
    Frozen,
    Int,
    Ints,
    ListOf,
    MapOf,
    Maybe,
    PerSeat,
    RngField,
    Schema,
    SetOf,
    Shared,
    Value,
    field,
)
from tabletop.games import REGISTRY


class Tally:
    """A nested value with its own clone and codec (as Enemy Anemone's anemone pool)."""

    def __init__(self, n: int) -> None:
        self.counts = [0] * n

    def clone(self) -> Tally:
        twin = Tally(0)
        twin.counts = self.counts[:]
        return twin

    def to_json(self) -> list[int]:
        return self.counts[:]

    @classmethod
    def from_json(cls, data: list[int], n: int) -> Tally:
        if len(data) != n:
            raise ValueError("one count per seat")
        tally = cls(n)
        tally.counts = list(data)
        return tally


SCHEMA = Schema(
    n=Shared(fresh=lambda n: n), rng=RngField(), hands=PerSeat(Cards(int)), top=Maybe(Card(int)),
    turn=Int(0, 9), over=Bool(), marks=Ints(fresh=lambda n: [1] * n), log=ListOf(Ints()),
    board=MapOf(Cards(int)), last=Frozen(list, tuple, fresh=()), tally=Clone(Tally),
    note=Int(optional=True, default=None, sparse=True), mask=Derived(fresh=0),
    said=SetOf(Value()), held=Maybe(Clone(Tally)),
)


class Toy:
    __slots__ = SCHEMA.slots
    clone = SCHEMA.clone


def toy() -> Toy:
    state = Toy()
    SCHEMA.fill(state, 3)
    return state


def test_a_fresh_state_takes_each_kinds_empty_value():
    state = toy()
    assert (state.n, state.hands, state.top, state.turn, state.over) == (3, [[], [], []], None, 0, False)
    assert (state.marks, state.log, state.board, state.last, state.tally.counts) == \
        ([1, 1, 1], [], {}, (), [0, 0, 0])
    assert not hasattr(state, "__dict__")


def test_a_clone_shares_nothing_that_changes_in_place():
    state = toy()
    state.hands[1].append(5)
    state.log.append([1])
    state.board["may"] = [3]
    state.rng = Rng(4)
    twin = state.clone()
    twin.hands[1].append(6)
    twin.log[0].append(2)
    twin.board["may"].append(4)
    twin.tally.counts[0] = 9
    twin.marks[2] = 0
    twin.rng.next_u64()
    state.said.add("x")
    state.held = Tally(3)
    other = state.clone()
    other.said.add("y")
    other.held.counts[1] = 5
    assert state.said == {"x"} and state.held.counts == [0, 0, 0]
    assert (state.hands[1], state.log, state.board, state.tally.counts, state.marks) == \
        ([5], [[1]], {"may": [3]}, [0, 0, 0], [1, 1, 1])
    assert state.rng.getstate() != twin.rng.getstate()
    assert SCHEMA.dump(state.clone()) == SCHEMA.dump(state)


def test_the_snapshot_round_trips_through_json_without_its_unsaved_fields():
    state = toy()
    state.hands, state.top, state.turn, state.last = [[1, 2], [], [3]], 7, 4, (1, 2)
    state.mask = 99
    body = json.loads(json.dumps(SCHEMA.dump(state)))
    assert "mask" not in body and "n" not in body
    again = SCHEMA.load(Toy, body, 3)
    assert SCHEMA.dump(again) == body and again.last == (1, 2) and again.mask == 0


@pytest.mark.parametrize(("key", "value", "said"), [
    ("turn", 12, "turn: 12 is out of range"),
    ("turn", True, "turn: True is not a whole number"),
    ("hands", [[1], [2]], "hands: expected one entry per seat"),
    ("over", "no", "over: 'no' is not true or false"),
    ("tally", [1, 2], "tally: one count per seat"),
    ("board", [], "board: expected a mapping"),
    ("hands", [[1], [None], []], "hands: a card is missing"),
])
def test_a_malformed_snapshot_names_the_field(key, value, said):
    body = SCHEMA.dump(toy())
    body[key] = value
    with pytest.raises(ValueError, match=said.replace("[", r"\[")):
        SCHEMA.load(Toy, body, 3)


def test_an_older_snapshot_may_lack_a_field_with_a_default_only():
    state = toy()
    body = SCHEMA.dump(state)
    assert "note" not in body  # a sparse field is written only when set
    state.note = 3
    assert SCHEMA.dump(state)["note"] == 3
    assert SCHEMA.load(Toy, body, 3).note is None
    del body["turn"]
    with pytest.raises(ValueError, match="turn: it is missing"):
        SCHEMA.load(Toy, body, 3)


@pytest.mark.parametrize("entry", [e for e in REGISTRY if e.make_game(e.default_players, {})
                                   .new_state(1).SCHEMA is not None], ids=lambda e: e.id)
def test_a_game_state_with_a_schema_has_slots_only_and_refuses_a_bad_snapshot(entry):
    game = entry.make_game(entry.default_players, {})
    state = game.start(5)
    assert isinstance(state, GameState) and not hasattr(state, "__dict__")
    snapshot = state.to_json()
    assert game.state_from_json(snapshot).to_json() == snapshot
    broken = json.loads(json.dumps(snapshot))
    broken["state"]["rng"] = "seven"
    with pytest.raises(SnapshotError, match="rng"):
        game.state_from_json(broken)


def test_a_state_declares_each_field_once_with_its_type_and_kind():
    class Counter(metaclass=Declared):  # as every GameState
        count: int = field(Int(0, 5))
        seen: list[list[int]] = field(PerSeat(Ints()))

    assert Counter.__slots__ == ("count", "seen") and list(Counter.SCHEMA.fields) == ["count", "seen"]
    state = object.__new__(Counter)
    Counter.SCHEMA.fill(state, 2)
    state.seen[0].append(1)
    twin = state.clone()
    twin.seen[0].append(2)
    assert state.seen == [[1], []] and not hasattr(state, "__dict__")
